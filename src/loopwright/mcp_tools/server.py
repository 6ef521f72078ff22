"""The MCP tools, registered on the SDK's ``MCPServer``: one schema and one docstring each.

The docstrings are what a coding agent reads (the tool's description), so each says what the
tool does, what it returns and which tool to call next. Argument schemas come from the type
hints and ``Field`` descriptions. A :class:`~loopwright.mcp_tools.paths.Refused` becomes an MCP
tool error (``isError``) whose text says what was refused and why; nothing was done. Every answer and every
error's text pass through one scrubber on their way out (:func:`~loopwright.mcp_tools.redaction.scrub_reply`).
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Callable, Optional

from pydantic import Field

from loopwright.mcp_tools import catalog, composing, launching, loop, planning, runs
from loopwright.mcp_tools.guard import refuse_interpolation
from loopwright.mcp_tools.paths import Refused, Roots
from loopwright.mcp_tools.redaction import client_secret_values, scrub_reply

Overrides = Annotated[list[str], Field(description=(
    "train.py overrides, one per item, exactly as on its command line: group=option (model=tiny), "
    "key=value (objective.learning_rate=1e-5), +key=value to add a key; a comma list or range(...) "
    "(seed=1,2,3) makes a sweep"))]
RunDir = Annotated[str, Field(description="a run dir as list_runs returns it "
                                          "(absolute, or relative to the project dir)")]


def _instructions(roots: Roots) -> str:
    gate = ("enabled (--allow-launch): launch starts real runs" if roots.allow_launch
            else "disabled: launch is refused (restart with --allow-launch to enable it)")
    if roots.allow_code_execution:
        gate += "; keys that run code (_target_, trust_remote_code, ...) are accepted (--allow-code-execution)"
    return (f"loopwright: RL post-training runs from composable Hydra configs. Project dir {roots.project}, "
            f"outputs dir {roots.outputs} (tools read only inside these two and write only into the outputs dir). "
            f"Launching is {gate}. Typical order: list_options -> compose_config (fix every problem it lists) -> "
            f"plan_job -> launch -> run_status until the process exits -> run_eval / run_metrics / lineage.")


# Bounds on what one call may carry: an 8 MB override kept the server busy past a minute, blocking every later
# call (tests/security/blind2). Real overrides are short; a real sweep has far fewer jobs (composing.MAX_JOBS).
MAX_STRING_CHARS = 20_000
MAX_LIST_ITEMS = 500
# ... and over all of one call's strings: 490 overrides of 19,900 characters each (9.75 M, inside both bounds above)
# held the server's CPU ~26 s in Hydra's override parser, every later call waiting (tests/security/blind7)
MAX_CALL_CHARS = 200_000


def _refuse_interpolations(arguments: dict[str, Any]) -> None:
    """No string argument (a path, an option name, an override) may carry ``${...}``: the loop's apps and
    Hydra would resolve it (``${oc.env:NAME}``), after the path checks have seen only the literal text.
    Nor may one exceed the size bounds above (refused before any parsing)."""
    total = 0
    for name, value in arguments.items():
        items = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
        if len(items) > MAX_LIST_ITEMS:
            raise Refused(f"{name}: {len(items)} items; at most {MAX_LIST_ITEMS} in one call")
        for i, item in items:
            if not isinstance(item, str):
                continue
            if len(item) > MAX_STRING_CHARS:
                raise Refused(f"{name}{'' if i is None else f'[{i}]'}: {len(item)} characters; at most "
                              f"{MAX_STRING_CHARS} in one argument")
            total += len(item)
            if total > MAX_CALL_CHARS:
                raise Refused(f"{name}: the call's arguments carry more than {MAX_CALL_CHARS} characters in all; "
                              f"real overrides and paths are far shorter")
            key = item.partition("=")[0] if "=" in item else ""
            refuse_interpolation(item, name + ("" if i is None else f"[{i}]") + (f" ({key})" if key else ""))


def _guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Every tool: arguments checked for interpolations, the answer (and any error's text) passed through the one
    reply scrubber (``redaction.scrub_reply``: secret-named keys, credential-shaped tokens, the values of this
    process's secret-looking environment variables and the client's own secrets), a refusal turned into a tool
    error."""
    from mcp.server.mcpserver.exceptions import ToolError

    from loopwright.runs.secrets import secret_values

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = secret_values(by_shape=True)
        try:
            _refuse_interpolations(kwargs)  # and the size bounds, before anything scans the arguments
            # the environment's secret values and those the client sent under secret-named keys, longest first
            values = sorted({*values, *client_secret_values(kwargs)}, key=len, reverse=True)
            reply = fn(*args, **kwargs)
        except Refused as err:
            raise ToolError(scrub_reply(f"refused: {err}", values)) from None
        except Exception as err:  # the SDK would send str(err) as it is: it may repeat a value
            raise ToolError(scrub_reply(f"{type(err).__name__}: {err}", values)) from None
        return scrub_reply(reply, values)

    return wrapper


def build(roots: Roots) -> Any:
    """The server with every tool registered; ``.run("stdio")`` serves it."""
    from mcp.server import MCPServer

    server = MCPServer("loopwright", instructions=_instructions(roots), log_level="WARNING")

    def tool(fn: Callable[..., Any]) -> Callable[..., Any]:
        server.add_tool(_guarded(fn))
        return fn

    @tool
    def list_options(group: Annotated[Optional[str], Field(
            description="one group (model, objective, reward, task, provider, profile, rollout, logger, "
                        "experiment, sweep); omit for all")] = None) -> dict[str, Any]:
        """List the config groups of `python train.py` and their options, each with a one-line summary and
        its YAML file, plus the group's default option. Use the names as group=option overrides in
        compose_config, plan_job and launch; read the file for an option's keys and comments."""
        return catalog.list_options(group)

    @tool
    def compose_config(overrides: Overrides, multirun: Annotated[bool, Field(
            description="true: treat it as `train.py -m` (a sweep) "
                        "even without comma lists")] = False) -> dict[str, Any]:
        """Compose and validate a train.py command line without running it (no model loaded, no torch).
        Returns ok, the command, the number of jobs, the group choices, the fully resolved config (secret
        values redacted) and `problems`: every composition or validation error, one line each naming the full
        key (e.g. "profile.num_generations=1 must be >= 2 ..."). Fix every problem before plan_job or launch."""
        result, _ = composing.checked(overrides, roots, multirun)
        return result

    @tool
    def plan_job(overrides: Overrides, multirun: Annotated[bool, Field(
            description="true: plan it as a sweep (`-m`)")] = False) -> dict[str, Any]:
        """Plan a job before launching it; rents nothing. Returns where it would run and, for a paid provider
        (provider=runpod, provider=modal), the launcher's own plan: GPU type and count, the price per hour
        and where it came from, provider.max_hours, provider.max_cost, the worst case per job and in total,
        and the verdict the launcher would reach (e.g. refused: worst case above max_cost, or unpriced).
        Also returns the validation problems, as compose_config does."""
        return planning.plan_job(overrides, roots, multirun)

    @tool
    def launch(overrides: Overrides, sweep: Annotated[bool, Field(
            description="true: run as `train.py -m` (a sweep over the comma lists / sweep=<name>)")] = False
               ) -> dict[str, Any]:
        """Start a training run (or a sweep) in the background and return at once with its run dir (a sweep:
        its sweep dir), pid, command and log file. Gated: refused unless the server was started with
        --allow-launch; a paid provider (runpod, modal) is refused without provider.max_cost; a config that
        does not validate is refused with its problems and nothing starts. Runs go under <outputs>/runs
        (sweeps under <outputs>/multirun); do not pass hydra.run.dir. Then poll run_status (sweep_report)."""
        return launching.launch(overrides, roots, sweep)

    @tool
    def list_runs(limit: Annotated[int, Field(ge=1, le=500, description="newest N runs")] = 50) -> dict[str, Any]:
        """List the run dirs and sweep dirs under the outputs dir, newest first: each run's status
        (completed, failed, aborted, gate_failed, dont_ship, running, starting), start time, overrides, group
        choices, step and held-out accuracy (base and trained) when evaluated; runs launched by this server
        also show their process (running, exit code)."""
        return runs.list_runs(roots, limit)

    @tool
    def run_status(run_dir: RunDir, log_lines: Annotated[int, Field(
            ge=0, le=200, description="lines of the log's tail to return")] = 20) -> dict[str, Any]:
        """Read one run's state: manifest status, process (for launched runs), timings, error, the result
        (held-out accuracy and mean reward, base vs trained, gate verdicts), the files present and the log's
        last lines. A run is finished when its process has exited (or status is no longer running)."""
        return runs.run_status(roots, run_dir, log_lines)

    @tool
    def run_metrics(run_dir: RunDir, keys: Annotated[Optional[list[str]], Field(
            description="columns to keep (e.g. ['reward', 'kl', 'loss']); omit for all")] = None,
                    last: Annotated[int, Field(ge=0, description=(
                        "last N rows; 0: as many as a reply holds "
                        f"(at most {runs.MAX_ROWS})"))] = 20) -> dict[str, Any]:
        """Read a run's per-step training metrics (metrics.jsonl: step, loss, reward, reward_std, kl, entropy,
        rewards/<grader>/mean, eval/* when eval.every is set, ...). Returns the column names and the last rows:
        at most 1000 rows in one reply, read from the last 4 MB of the file (`note` says when it was cut;
        rows_total is null when the file is longer than that)."""
        return runs.run_metrics(roots, run_dir, keys, last)

    @tool
    def run_eval(run_dir: RunDir, records: Annotated[int, Field(
            ge=0, le=500, description="also return the first N per-prompt records")] = 0) -> dict[str, Any]:
        """Read a run's held-out evaluation (eval_results.json): the summary (base and trained accuracy and
        mean reward, fixed and broken prompt counts, assertion pass rates, gates) and optionally per-prompt
        records (prompt, answer, base and trained completion and score)."""
        return runs.run_eval(roots, run_dir, records)

    @tool
    def sweep_report(sweep_dir: Annotated[str, Field(description="a sweep dir from list_runs or launch")]
                     ) -> dict[str, Any]:
        """Read a sweep's results: every job's status and accuracy, the multirun summary (summary.md), and
        for the Optuna sweeper sweep_report.md (best trial, the command that reproduces it, every trial) and
        optimization_results.yaml (best params and value). Each .md file is returned up to its first 100,000
        bytes (a line says where it was cut)."""
        return runs.sweep_report(roots, sweep_dir)

    @tool
    def lineage(run_dir: RunDir) -> dict[str, Any]:
        """Where a run came from: the chain back through its parent model (an earlier run, followed
        recursively), its training data (curated rows -> improve -> transcripts -> ingest -> raw logs) and
        held-out prompts, each file marked [unchanged], [CHANGED since recorded] or [MISSING] by sha256.
        Returns the printed tree and the manifest's lineage record."""
        return runs.lineage(roots, run_dir)

    @tool
    def ingest(inputs: Annotated[list[str], Field(description="log files or directories to read")],
               output: Annotated[str, Field(description="transcript store dir to write (inside the outputs dir)")],
               format: Annotated[str, Field(description="auto | openai | langchain")] = "auto",
               strict: Annotated[bool, Field(description="true: one malformed record fails the call")] = False
               ) -> dict[str, Any]:
        """Ingest conversation logs (OpenAI chat-completions logs, LangChain/LangSmith runs) into
        <output>/transcripts.jsonl with `python -m loopwright.ingest`. Returns the exit code (0 ingested,
        1 nothing valid, 2 unusable argument), its output lines and ingest_report.json (per file: kept,
        malformed and why). Next: improve with transcripts=<output>."""
        return loop.ingest(roots, inputs, output, format, strict)

    @tool
    def improve(transcripts: Annotated[str, Field(description="an ingest output dir or a transcripts .jsonl")],
                output: Annotated[str, Field(description="dir to write curated.jsonl etc. (inside the outputs dir)")],
                reward: Annotated[str, Field(description="a reward option "
                                                         "(list_options group=reward)")] = "customer_support",
                task: Annotated[str, Field(description="a task option naming the logs' domain")] = "customer_support",
                threshold: Annotated[Optional[float], Field(
                    description="keep turns scoring >= this; omit: the reward's own threshold, else 0.7")] = None,
                eval_prompts: Annotated[Optional[str], Field(
                    description="held-out prompts .jsonl for the suggested train commands")] = None,
                overrides: Annotated[Optional[list[str]], Field(
                    description="extra reward.* / task.* overrides")] = None) -> dict[str, Any]:
        """Grade every assistant turn of ingested transcripts with a reward and curate the turns at or above
        the threshold into training rows, with `python -m loopwright.improve`. Returns the exit code (0 rows
        curated, 1 none, 2 unusable input), its output, improve_summary.json and next_steps.md: the exact
        train.py commands (task=curated task.path=<output>/curated.jsonl ...) to pass to launch."""
        return loop.improve(roots, transcripts, output, reward, task, threshold, eval_prompts, overrides)

    return server
