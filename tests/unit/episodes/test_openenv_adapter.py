"""An OpenEnv environment as task.environment._target_ (tests/helpers/openenv_envs.py): the adapted class TRL
sees, in this process and against OpenEnv's own server on loopback, and each hostile environment bounded.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("openenv.core", reason="openenv-core==0.3.0 is not installed (pip install -e '.[openenv]')")

from helpers import compose, config_error  # noqa: E402

BASE = ["task=arithmetic", "task.multi_turn=true", "profile.max_completion_length=64"]


def _adapted(name: str, *extra: str):
    from loopwright.episodes import environment_class
    from loopwright.train.validate import validate

    cfg = compose(["model=tiny", *BASE, f"task.environment._target_=helpers.openenv_envs.{name}", *extra])
    validate(cfg)
    return environment_class(cfg)


def test_trl_sees_one_step_tool_built_from_the_action_model():
    from transformers.utils import get_json_schema

    from loopwright.episodes.sample_episodes import environment_tools

    cls = _adapted("Adder")
    env = cls()
    assert cls.__name__ == "Adder"  # TRL logs get_reward as rewards/Adder/mean
    (tool,) = environment_tools(env)
    assert get_json_schema(tool)["function"] == {
        "name": "step", "description": "Add two integers.",
        "parameters": {"type": "object", "required": ["a", "b"], "properties": {
            "a": {"type": "integer", "description": "The first integer."},
            "b": {"type": "integer", "description": "The second integer."}}}}


def test_an_episode_resets_with_the_rows_columns_steps_and_is_rewarded():
    env = _adapted("Adder", "+task.environment.kwargs.bonus=0.0")()
    assert env.reset(prompt=[{"role": "user", "content": "What is 3 + 4?"}], answer="7") == \
        "\n\nCall step with the two numbers to add."
    assert env.get_reward() == 0.0  # nothing stepped yet
    assert env.step(a=3, b=4) == "7\n(episode over)" and env.get_reward() == 1.0
    assert env.step(a=3, b=4).startswith("error: the episode is over")  # done is final
    env.reset(prompt=[], answer="9")
    assert env.step(a=3, b=4) == "7\n(episode over)" and env.get_reward() == 0.0


def test_the_held_out_evaluation_scores_an_openenv_episode_by_its_reward():
    # An OpenEnv environment grades no final reply (it has no _grade_answer): the held-out evaluation's task score
    # is its own reward. A plain-text reply once raised AttributeError in the base model's evaluation.
    from loopwright.episodes import answer_score

    env = _adapted("Adder")()
    env.reset(prompt=[], answer="7")
    env.step(a=3, b=4)
    assert answer_score(env, "The sum is 7.") == 1.0
    env.reset(prompt=[], answer="9")
    assert answer_score(env, "It is 9.") == 0.0  # the reply's words do not count; no step summed to 9


def test_a_bad_call_is_the_tools_answer_never_an_exception():
    env = _adapted("Adder")()
    env.reset(prompt=[], answer="7")
    assert env.step(a="three", b=4).startswith("error: ValidationError:")  # the Action model validates
    assert env.step(a=1, b=2, c=3) == "error: step takes ['a', 'b']; unknown: ['c']"
    assert env.step(a=1) == "error: step takes ['a', 'b']; missing: ['b']"


def test_hostile_environments_are_bounded():
    from loopwright.episodes.openenv import MAX_OBSERVATION

    flood = _adapted("Flood")()
    assert len(flood.reset(prompt=[])) <= MAX_OBSERVATION + 2  # 1 MB of observation, cut
    assert len(flood.step(a=1, b=2)) <= MAX_OBSERVATION and flood.get_reward() == 0.0  # NaN is no reward
    crashing = _adapted("Crashing")()
    crashing.reset(prompt=[])
    assert crashing.step(a=1, b=2) == "error: RuntimeError: the environment's server fell over"


def test_validation_names_the_key():
    err = config_error([*BASE, "task.environment._target_=helpers.openenv_envs.NoAction"])
    assert "task.environment._target_=helpers.openenv_envs.NoAction: NoAction: no Action model found" in err
    err = config_error([*BASE, "task.environment._target_=helpers.openenv_envs.Adder",
                        "+task.environment.kwargs.colour=red"])
    assert "Adder(**task.environment.kwargs) does not fit its constructor" in err


def test_a_version_other_than_the_tested_one_is_refused_with_the_fix(monkeypatch):
    from loopwright.episodes import packages

    monkeypatch.setattr(packages, "installed", lambda dist: None)
    err = config_error([*BASE, "task.environment._target_=helpers.openenv_envs.Adder"])
    assert "needs openenv-core==0.3.0" in err and "is not installed" in err
    assert "pip install 'openenv-core==0.3.0'" in err


def test_doctor_refuses_a_mismatched_install_with_the_command_that_fixes_it():
    from loopwright.preflight.checks import problems

    device = {"kind": "cpu", "name": "cpu", "bf16": False, "bf16_why": "test", "total": 8 << 30, "free": 8 << 30}
    cfg = compose(["model=tiny", *BASE, "task.environment._target_=helpers.openenv_envs.Adder", "profile.device=cpu"])
    found = problems(cfg, device=device, installed=lambda dist: "0.2.3")
    assert any(p.startswith("openenv-core: 0.2.3; expected ==0.3.0") and "fix: pip install 'openenv-core==0.3.0'" in p
               for p in found), found
    cfg = compose(["model=tiny", "task=verifiers", "task.env=helpers.vf_envs.addition", "profile.device=cpu"])
    found = problems(cfg, device=device, installed=lambda dist: None)
    assert any(p.startswith("verifiers: not installed") and "pip install 'verifiers==0.4.0'" in p for p in found)
    assert not [p for p in problems(cfg, device=device) if p.startswith("verifiers")]  # the real install: 0.4.0


@pytest.fixture(scope="module")
def adder_server():
    """OpenEnv's own WebSocket server for Adder, on a free loopback port, stopped after the module."""
    import uvicorn

    from helpers.openenv_envs import adder_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(adder_app(), log_level="error"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the OpenEnv server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def test_a_client_of_an_openenv_server_is_adapted_the_same_way(adder_server):
    from helpers import openenv_envs

    cls = _adapted("AdderClient", f"+task.environment.kwargs.base_url={adder_server}")
    env = cls()
    before = len(openenv_envs.CALLS)
    assert env.reset(prompt=[], answer="7") == "\n\nCall step with the two numbers to add."
    assert env.step(a=3, b=4) == "7\n(episode over)"
    assert openenv_envs.CALLS[before:] == [(3, 4, 7)]  # the server's environment did the step
    # the client's reset names no columns, so the server's Adder got no answer: nothing to reward
    assert env.get_reward() == 0.0
