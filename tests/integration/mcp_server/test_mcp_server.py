"""``python -m loopwright.mcp`` driven by the real MCP client over stdio, as a coding agent drives it.

Every tool is called through ``mcp.ClientSession`` on real data: a tiny run trained first with
``python train.py model=tiny profile=smoke``, the shipped example logs ingested and improved through
the server, a tiny SFT run on the curated rows and a two-job sweep launched through it (both complete),
then their status, metrics, evaluation, sweep report and lineage read back. The refusals are checked
the same way: launch on a read-only server, a paid provider without max_cost, paths out of the roots.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import shlex

import pytest

from helpers import CONF, ROOT, options, run_train
from helpers.loop_apps import HELD_OUT, OPENAI
from helpers.mcp_client import call, calls, session, wait_until_exited

TINY = ["model=tiny", "profile=smoke"]
TOOLS = {"list_options", "compose_config", "plan_job", "launch", "list_runs", "run_status", "run_metrics",
         "run_eval", "sweep_report", "lineage", "ingest", "improve"}
SECRET = "sk-mcptest-" + secrets.token_hex(8)  # given as +extra.api_key=...: must come back in no reply


def _train_commands(next_steps: str) -> list[list[str]]:
    blocks = re.findall(r"```bash\n(.*?)\n```", next_steps, flags=re.S)
    return [shlex.split(b)[2:] for b in blocks if b.startswith("python train.py")]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The outputs dir after an agent's session: seed run, ingest, improve, two launches run to completion."""
    outputs = tmp_path_factory.mktemp("mcp") / "outputs"
    seed = outputs / "runs" / "seed"
    proc = run_train([*TINY, f"hydra.run.dir={seed}"], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]

    async def agent() -> dict:
        out: dict = {"outputs": outputs, "seed": seed}
        async with session(outputs, "--allow-launch") as client:
            out["tools"] = (await client.list_tools()).tools
            out["ingest"] = await call(client, "ingest", inputs=[str(p) for p in OPENAI],
                                       output=str(outputs / "transcripts"), format="openai")
            out["improve"] = await call(client, "improve", transcripts=str(outputs / "transcripts"),
                                        output=str(outputs / "improved"), reward="customer_support",
                                        eval_prompts=str(HELD_OUT),
                                        # issue 26 item 4: gameable until rebuilt (the pre-flight refuses it)
                                        overrides=["reward.audit=false"])
            sft = _train_commands(out["improve"].data["next_steps"])[0]
            out["launch_run"] = await call(client, "launch", overrides=[*sft, *TINY, f"+extra.api_key={SECRET}"])
            out["launch_sweep"] = await call(client, "launch", overrides=[*TINY, "seed=0,1"], sweep=True)
            run_dir, sweep_dir = out["launch_run"].data["run_dir"], out["launch_sweep"].data["run_dir"]
            out["status"] = await wait_until_exited(client, "run_status", "run_dir", run_dir)
            out["sweep"] = await wait_until_exited(client, "sweep_report", "sweep_dir", sweep_dir)
            out["sweep_status"] = await call(client, "run_status", run_dir=sweep_dir)
            out["list"] = await call(client, "list_runs")
            out["metrics"] = await call(client, "run_metrics", run_dir=str(seed), keys=["reward", "loss"], last=1)
            out["eval"] = await call(client, "run_eval", run_dir=run_dir, records=2)
            out["lineage"] = await call(client, "lineage", run_dir=run_dir)
        return out

    return asyncio.run(agent())


def test_the_server_lists_every_tool_with_a_schema_and_a_docstring(world):
    tools = {t.name: t for t in world["tools"]}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert len(tool.description) > 120, tool.name  # says what it does, returns and what to call next
        assert tool.input_schema["type"] == "object"
        for name, prop in tool.input_schema.get("properties", {}).items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"
    assert tools["launch"].input_schema["required"] == ["overrides"]
    assert "--allow-launch" in tools["launch"].description


def test_list_options_gives_every_group_and_option_of_the_conf_tree_with_summaries(tmp_path):
    (reply,) = calls(tmp_path / "outputs", ("list_options", {}))
    groups = reply.data
    for group in ("model", "objective", "reward", "task", "provider", "profile", "rollout", "logger", "experiment"):
        assert [o["name"] for o in groups[group]["options"]] == options(group), group
    assert [o["name"] for o in groups["sweep"]["options"]] == ["grpo_lr_kl", "objective_group"]
    assert groups["model"]["default"] == "smollm2" and groups["sweep"]["default"] is None
    tiny = next(o for o in groups["model"]["options"] if o["name"] == "tiny")
    assert tiny["summary"] == ("A seeded random-init 2-layer llama-family model with the SmolLM2 tokenizer "
                               "and chat template.")
    assert tiny["file"] == str((CONF / "model" / "tiny.yaml").resolve())
    assert all(o["summary"] for g in groups.values() for o in g["options"])


def test_compose_config_returns_the_resolved_config_or_every_problem_by_key(tmp_path):
    good, bad, unknown, secret, misplaced = calls(
        tmp_path / "outputs",
        ("compose_config", {"overrides": [*TINY, "objective.learning_rate=3e-5"]}),
        ("compose_config", {"overrides": ["model=tiny", "profile.num_generations=1", "objective.beta=-1"]}),
        ("compose_config", {"overrides": ["model=nope"]}),
        ("compose_config", {"overrides": [*TINY, f"+extra.api_key={SECRET}"]}),
        ("compose_config", {"overrides": [*TINY, f"model.hf_token={SECRET}"]}))  # Hydra's error repeats it
    assert good.data["ok"] and good.data["problems"] == []
    assert good.data["config"]["objective"]["learning_rate"] == 3e-5 and good.data["choices"]["profile"] == "smoke"
    assert good.data["command"] == "python train.py model=tiny profile=smoke objective.learning_rate=3e-5"
    assert not bad.data["ok"]
    assert any(p.startswith("profile.num_generations=1 must be >= 2") for p in bad.data["problems"])
    assert any(p.startswith("objective.beta=-1") for p in bad.data["problems"])
    assert not unknown.data["ok"] and "Could not find 'model/nope'" in unknown.data["problems"][0]
    assert "tiny" in unknown.data["problems"][0]  # Hydra's list of the available options
    assert SECRET not in secret.text and secret.data["config"]["extra"]["api_key"] == "***REDACTED***"
    assert "Key 'hf_token' not in 'ModelConfig'" in misplaced.data["problems"][0] and SECRET not in misplaced.text


def test_a_sweep_is_expanded_and_each_job_validated(tmp_path):
    (reply,) = calls(tmp_path / "outputs",
                     ("compose_config", {"overrides": ["model=tiny", "profile.num_generations=1,2"]}))
    assert reply.data["multirun"] and reply.data["jobs"] == 2 and not reply.data["ok"]
    assert len(reply.data["problems"]) == 1 and reply.data["problems"][0].startswith(
        "job 0 (model=tiny profile.num_generations=1): profile.num_generations=1 must be >= 2")


def test_plan_job_prices_runpod_from_its_api_and_rents_nothing_and_launch_applies_the_same_check(tmp_path):
    from helpers.runpod_standin import RunpodStandin

    key = "rpa_MCPTEST_" + secrets.token_hex(12)
    standin = RunpodStandin(key, "http://127.0.0.1:9", tmp_path / "standin").start()
    try:
        api = [f"provider.api_url={standin.url}", f"provider.graphql_url={standin.url}/graphql"]
        over, within, optuna, local, modal = calls(
            tmp_path / "outputs",
            ("plan_job", {"overrides": ["provider=runpod", *api, "provider.max_hours=2", "provider.max_cost=0.5"]}),
            ("plan_job", {"overrides": ["provider=runpod", *api, "provider.max_cost=1", "provider.max_cost_total=1.2",
                                        "seed=1,2,3"]}),
            ("plan_job", {"overrides": ["provider=runpod", *api, "provider.max_cost=1", "sweep=grpo_lr_kl",
                                        "hydra.sweeper.n_trials=5"]}),
            ("plan_job", {"overrides": TINY}),
            ("plan_job", {"overrides": ["provider=modal", "provider.max_cost=2"]}),
            # a read-only server refuses provider.*_url from clients (tests/security/): the stand-in's URLs need this
            flags=("--allow-launch",), env={"RUNPOD_API_KEY": key})
        (refused,) = calls(tmp_path / "outputs", ("launch", {"overrides": [
            *TINY, "provider=runpod", *api, "provider.max_hours=2", "provider.max_cost=0.5"]}),
            flags=("--allow-launch",), env={"RUNPOD_API_KEY": key})
    finally:
        standin.stop()
    assert refused.is_error and "the runpod launcher would refuse this job: worst case $0.80" in refused.error
    assert not (tmp_path / "outputs" / "runs").exists()
    plan = over.data["plan"]
    assert plan["usd_per_hr"] == 0.40 and plan["worst_case_usd_per_job"] == pytest.approx(0.80)  # stand-in's A40
    assert plan["verdict"].startswith("the runpod launcher would refuse: worst case $0.80")
    plan = within.data["plan"]
    assert within.data["jobs"] == 3 and plan["worst_case_usd_total"] == pytest.approx(1.20)
    assert plan["verdict"] == "within provider.max_cost: the runpod launcher would rent"
    assert optuna.data["multirun"] and optuna.data["jobs"] == 5  # the Optuna sweeper's n_trials
    assert optuna.data["plan"]["worst_case_usd_total"] == pytest.approx(2.0)
    assert [c for c in standin.log if c[1].startswith("/pods")] == []  # priced only: no pod created, none listed
    assert local.data["plan"]["rents"] is False and local.data["plan"]["worst_case_usd_total"] == 0.0
    assert "Modal's SDK publishes no prices" in modal.data["plan"]["price_source"]
    assert "provider.usd_per_hr is not set" in modal.data["plan"]["verdict"]  # max_cost can't be checked: refused
    assert all(key not in r.text for r in (over, within, optuna, local, modal, refused))


def test_ingest_and_improve_run_the_loop_commands_on_the_given_files(world):
    ingest, improve = world["ingest"], world["improve"]
    assert ingest.data["exit_code"] == 0 and ingest.data["report"]["transcripts"]["conversations"] > 0
    assert (world["outputs"] / "transcripts" / "transcripts.jsonl").is_file()
    assert improve.data["exit_code"] == 0 and improve.data["summary"]["curated"]["rows"] > 0
    assert f"task.path={world['outputs'] / 'improved' / 'curated.jsonl'}" in improve.data["next_steps"]


def test_a_launched_run_completes_and_its_status_metrics_eval_and_lineage_read_back(world):
    launched, status = world["launch_run"].data, world["status"].data
    assert launched["run_dir"].startswith(str(world["outputs"] / "runs")) and launched["pid"] > 0
    assert status["process"] == {"pid": launched["pid"], "running": False, "exit_code": 0}, status["log"]
    assert status["status"] == "completed" and status["global_step"] == 2
    assert {"manifest.json", "eval_results.json", "metrics.jsonl", "launch.log"} <= set(status["files"])
    evaluation = world["eval"].data
    assert evaluation["summary"]["n_prompts"] == evaluation["records_total"] > 0
    assert len(evaluation["records"]) == 2 and "trained_completion" in evaluation["records"][0]
    tree = world["lineage"].data["tree"]
    assert f"improve {world['outputs'] / 'improved'}" in tree
    assert all(f"raw log {p}" in tree for p in OPENAI) and "[CHANGED" not in tree and "[MISSING]" not in tree
    metrics = world["metrics"].data
    assert metrics["rows_total"] == 2 and set(metrics["rows"][0]) == {"step", "reward", "loss"}


def test_a_launched_sweep_completes_and_its_report_reads_back(world):
    sweep = world["sweep"].data
    assert sweep["process"]["exit_code"] == 0
    assert [j["status"] for j in sweep["jobs"]] == ["completed", "completed"]
    assert [j["choices"]["model"] for j in sweep["jobs"]] == ["tiny", "tiny"]
    assert "summary.md" in sweep and "seed=1" in sweep["summary.md"]
    assert world["sweep_status"].data["status"].startswith("sweep (its jobs are in numbered subdirs")


def test_list_runs_lists_the_seed_launched_and_sweep_runs(world):
    listing = world["list"].data
    dirs = {r["run_dir"] for r in listing["runs"]}
    assert str(world["seed"]) in dirs and world["launch_run"].data["run_dir"] in dirs
    assert listing["runs_total"] == 4  # seed, the SFT run, two sweep jobs
    assert [s["sweep_dir"] for s in listing["sweeps"]] == [world["launch_sweep"].data["run_dir"]]
    seed = next(r for r in listing["runs"] if r["run_dir"] == str(world["seed"]))
    assert seed["status"] == "completed" and seed["choices"]["model"] == "tiny" and "trained_accuracy" in seed


def test_no_reply_carries_the_secret_given_in_an_override(world):
    replies = [v for v in world.values() if hasattr(v, "text")]
    assert replies and all(SECRET not in r.text for r in replies)
    assert world["launch_run"].data["command"].endswith("+extra.api_key=***REDACTED***")
    manifest = (world["outputs"] / "runs").rglob("manifest.json")
    assert all(SECRET not in p.read_text() for p in manifest)


def test_launch_is_refused_on_a_server_started_without_allow_launch(tmp_path):
    outputs = tmp_path / "outputs"
    (reply,) = calls(outputs, ("launch", {"overrides": TINY}))
    assert reply.is_error and "launching is disabled on this server" in reply.error and "--allow-launch" in reply.error
    assert not (outputs / "runs").exists()


def test_launch_refuses_a_paid_provider_without_max_cost_a_bad_config_and_its_own_keys(tmp_path):
    outputs = tmp_path / "outputs"
    runpod, modal, bad, run_dir, launcher, flag = calls(
        outputs,
        ("launch", {"overrides": [*TINY, "provider=runpod"]}),
        ("launch", {"overrides": [*TINY, "provider=modal"], "sweep": True}),
        ("launch", {"overrides": ["model=tiny", "profile.num_generations=1"]}),
        ("launch", {"overrides": [*TINY, f"hydra.run.dir={tmp_path / 'elsewhere'}"]}),
        ("launch", {"overrides": [*TINY, "hydra/launcher=runpod"]}),  # a paid launcher behind provider=local
        ("launch", {"overrides": ["-m", *TINY]}),
        flags=("--allow-launch",))
    assert runpod.is_error and "provider=runpod rents paid hardware: add provider.max_cost" in runpod.error
    assert modal.is_error and "provider=modal rents paid hardware" in modal.error
    assert bad.is_error and "profile.num_generations=1 must be >= 2" in bad.error
    assert run_dir.is_error and "hydra.run.dir: a launch takes Hydra overrides only for the sweeper" in run_dir.error
    assert launcher.is_error and "hydra/launcher: a launch takes Hydra overrides only" in launcher.error
    assert "the launcher by provider=<name>" in launcher.error
    assert flag.is_error and "is a command-line flag" in flag.error
    assert not (outputs / "runs").exists() and not (outputs / "multirun").exists()


def test_paths_outside_the_project_and_outputs_dirs_are_refused(tmp_path, world):
    outputs = world["outputs"]
    outside = tmp_path / "outside"
    (outside / "run").mkdir(parents=True)
    (outside / "run" / "manifest.json").write_text(json.dumps({"status": "completed"}))
    (outputs / "escape").symlink_to(outside / "run", target_is_directory=True)
    replies = calls(
        outputs,
        ("run_status", {"run_dir": str(outside / "run")}),
        ("run_status", {"run_dir": str(outputs / ".." / ".." / "outside" / "run")}),
        ("run_eval", {"run_dir": str(outputs / "escape")}),
        ("lineage", {"run_dir": "../../etc"}),
        ("sweep_report", {"sweep_dir": "/etc"}),
        ("ingest", {"inputs": ["/etc/hosts"], "output": str(outputs / "t2")}),
        ("ingest", {"inputs": [str(OPENAI[0])], "output": str(ROOT / "src")}),  # the code is never written
        ("improve", {"transcripts": str(outputs / "transcripts"), "output": str(outside)}),
        ("compose_config", {"overrides": ["model=tiny", "task=jsonl", f"task.path={outside / 'rows.jsonl'}"]}),
        ("compose_config", {"overrides": ["sweep=grpo_lr_kl", f"hydra.sweeper.storage=journal:{outside}/j.log"]}),
        ("compose_config", {"overrides": ["model=tiny", "task=jsonl",
                                          f"task.path={outputs}/a.jsonl,{outside}/b.jsonl"]}),
        # a path inside a dict value is checked too (interpolations are refused outright: tests/security/)
        ("plan_job", {"overrides": ["model=tiny", f"+extra={{rows:{outside}/rows.jsonl}}"]}))
    for reply in replies:
        assert reply.is_error and reply.error.startswith("Error executing tool") and "refused: " in reply.error, reply
        assert "outside the" in reply.error, reply.error
    assert "resolves to" in replies[2].error and str(outside / "run") in replies[2].error
    assert replies[-1].error.endswith(f"+extra={outside}/rows.jsonl resolves to {outside}/rows.jsonl, outside "
                                      f"the project dir ({ROOT}) and the outputs dir ({outputs}); this server "
                                      f"reads and writes only inside them")
    assert not (outputs / "t2").exists() and not (ROOT / "src" / "transcripts.jsonl").exists()
