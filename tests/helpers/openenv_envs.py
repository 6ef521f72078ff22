"""OpenEnv environments written for the tests (``task.environment._target_=helpers.openenv_envs.<Name>``).

``Adder`` runs in this process (an ``openenv.core.env_server.interfaces.Environment``): its ``AddAction``
has two integer fields; a step adds them, rewards 1.0 when the sum is the row's ``answer`` (its ``reset``
names ``answer``, so loopwright passes that column) and ends the episode. ``AdderClient`` is the same
environment behind OpenEnv's WebSocket server (``serve_adder`` starts one on loopback). The ``Hostile*``
environments each misbehave in one way an environment could.
"""

from __future__ import annotations

import math

import sys

from openenv.core.client_types import StepResult
from openenv.core.env_client import EnvClient
from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Observation, State

from helpers import ROOT

sys.path.insert(0, str(ROOT / "examples" / "envs"))
import openenv_adder as example  # noqa: E402
from openenv_adder import AddAction, AddObservation  # noqa: E402

CALLS: list[tuple[int, int, int]] = []  # every step any Adder served in this process: (a, b, sum)


class Adder(example.Adder):
    """examples/envs/openenv_adder.py's Adder (docs/EPISODES.md's SmolLM2 check), recording its calls and with an
    optional bonus on every reward (a reward that is not 0/1)."""

    def __init__(self, bonus: float = 0.0) -> None:
        super().__init__()
        self.bonus = bonus

    def step(self, action: AddAction, timeout_s=None, **kwargs) -> AddObservation:
        obs = super().step(action, timeout_s, **kwargs)
        CALLS.append((action.a, action.b, action.a + action.b))
        return AddObservation(result=obs.result, reward=min(1.0, obs.reward + self.bonus), done=True)


class AdderClient(EnvClient[AddAction, AddObservation, State]):
    def _step_payload(self, action: AddAction) -> dict:
        return action.model_dump(exclude={"metadata"})

    def _parse_result(self, payload: dict) -> StepResult[AddObservation]:
        obs = AddObservation(**payload.get("observation", {}))
        return StepResult(observation=obs, reward=payload.get("reward"), done=bool(payload.get("done")))

    def _parse_state(self, payload: dict) -> State:
        return State(**payload)


def adder_app():
    from openenv.core.env_server.http_server import create_fastapi_app

    return create_fastapi_app(Adder, AddAction, AddObservation)


class HostileObservation(Observation):
    text: str = ""


class Flood(Environment[AddAction, HostileObservation, State]):
    """A step answers 1 MB of text, a NaN reward, and keeps the episode going."""

    def reset(self, seed=None, episode_id=None, **kwargs) -> HostileObservation:
        return HostileObservation(text="x" * 1_000_000)

    def step(self, action: AddAction, timeout_s=None, **kwargs) -> HostileObservation:
        return HostileObservation(text="y" * 1_000_000, reward=math.nan)

    @property
    def state(self) -> State:
        return State()


class Crashing(Environment[AddAction, HostileObservation, State]):
    """Every step raises; the reward is infinite once set."""

    def reset(self, seed=None, episode_id=None, **kwargs) -> HostileObservation:
        return HostileObservation(text="")

    def step(self, action: AddAction, timeout_s=None, **kwargs) -> HostileObservation:
        raise RuntimeError("the environment's server fell over")

    @property
    def state(self) -> State:
        return State()


class NoAction(Environment):
    """No Action model anywhere: step's action is untyped."""

    def reset(self, seed=None, episode_id=None, **kwargs):
        return HostileObservation()

    def step(self, action, timeout_s=None, **kwargs):
        return HostileObservation()

    @property
    def state(self) -> State:
        return State()
