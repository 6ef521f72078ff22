"""``python -m loopwright.flywheel output=outputs/flywheel/<name> [model=... task=... reward=...]``

Repeats harvest -> improve -> train -> gate for up to ``stop.max_generations``
generations (docs/FLYWHEEL.md). Generation g harvests best-of-N replies of the last
shipped model (generation 0: the base model) on the task's training prompts
(:mod:`loopwright.loop.harvest`), curates them with :func:`loopwright.curation.curate.improve`,
trains a child run on them from the shipped model's weights (``task=curated``,
``model.name_or_path=<shipped run>/model``, so its manifest names that run as its parent
and ``python -m loopwright.lineage`` prints the chain) and gates the child against its own
base, the shipped model, on the same held-out prompts: SHIP makes it the new base,
DON'T SHIP keeps the old one. Stops: a perfect held-out score, a plateau, ``stop.max_cost``
(the cost ledger) and ``stop.max_generations``. The state (:mod:`loopwright.loop.flywheel_state`)
is written after every step; the same command resumes a killed flywheel at the
generation and step it was in. Exit 0 when a stop rule ends it, 1 when a child run
fails, 2 for unusable arguments. ``--cfg job`` imports no torch. The inputs' checks and
the steps are :mod:`loopwright.loop.flywheel`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig

import loopwright.config.flywheel  # noqa: F401  registers flywheel_schema before composition
from loopwright.loop import flywheel_state as fs
from loopwright.config.app_entry import hydra_app
from loopwright.curation.curate import ImproveInputError
from loopwright.loop.flywheel import held_out_file, one_step, problems, report_lines


def run(cfg: DictConfig) -> int:
    from loopwright.runs.writer import redacted_config

    if problems(cfg):
        listed = "".join(f"\n  - {p}" for p in problems(cfg))
        print(f"loopwright.flywheel: invalid config:{listed}", file=sys.stderr)
        return 2
    out = Path(str(cfg.output)).expanduser().resolve()
    state = None
    try:
        state = fs.load(out)
        if state is None:
            state = fs.new_state(redacted_config(cfg))
            out.mkdir(parents=True, exist_ok=True)
            fs.save(out, state)
        elif state["step"] != "done":
            state["status"] = "running"
            print(f"[flywheel] resuming {out}: generation {state['generation']}, step {state['step']}", flush=True)
        held_out = held_out_file(cfg, out)
        ledger = Path(str(cfg.stop.ledger)).expanduser()
        while state["step"] != "done":
            rule = fs.stop_before(state, cfg.stop, fs.spent(ledger, out)) if state["step"] == "harvest" else None
            if rule:
                state.update(status="stopped", stop=rule, step="done")
            else:
                one_step(cfg, state, out, held_out)
            fs.save(out, state)
    except (fs.FlywheelError, ImproveInputError) as err:
        if state is not None:  # the step it failed in stays named: rerunning retries it
            fs.save(out, {**state, "status": "failed", "error": str(err)})
        print(f"loopwright.flywheel: {err}", file=sys.stderr)
        return 1
    print("\n".join(report_lines(state)))
    shipped = state["shipped"]
    print(f"[flywheel] stopped ({state['stop']['rule']}): {state['stop']['reason']}")
    print(f"[flywheel] shipped: {shipped['run_dir'] or 'the base model (no generation shipped)'}"
          + (f"; its chain: python -m loopwright.lineage {shipped['run_dir']}" if shipped["run_dir"] else ""))
    print(f"[flywheel] state: {out / fs.STATE}")
    return 0


main = hydra_app("flywheel", run)


if __name__ == "__main__":
    main()
