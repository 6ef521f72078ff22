"""An OpenEnv environment for docs/EPISODES.md's SmolLM2 learning check: a tool that adds two integers.

``Adder`` runs in the training process (an ``openenv.core.env_server.interfaces.Environment``). Its action has two
integer fields; a step adds them and the episode ends, rewarded 1.0 when the sum is the row's ``answer`` (``reset``
names ``answer``, so loopwright passes that column). Trained with the default arithmetic task in episodes:

    PYTHONPATH=examples/envs python train.py task=arithmetic task.multi_turn=true reward=arithmetic \\
        task.environment._target_=openenv_adder.Adder profile.max_completion_length=128
"""

from __future__ import annotations

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field


class AddAction(Action):
    """Add two integers."""

    a: int = Field(description="The first integer.")
    b: int = Field(description="The second integer.")


class AddObservation(Observation):
    result: str = ""


class Adder(Environment[AddAction, AddObservation, State]):
    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self) -> None:
        super().__init__()
        self.answer, self._state = None, State()

    def reset(self, seed=None, episode_id=None, answer: str | None = None, **kwargs) -> AddObservation:
        self.answer, self._state = answer, State(episode_id=episode_id)
        return AddObservation(result="Call step with the two numbers to add.")

    def step(self, action: AddAction, timeout_s=None, **kwargs) -> AddObservation:
        self._state.step_count += 1
        total = action.a + action.b
        return AddObservation(result=str(total), reward=float(str(total) == str(self.answer)), done=True)

    @property
    def state(self) -> State:
        return self._state
