"""improve's next-step commands compose and validate through train.py --cfg job (moved from tests/unit)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest
from omegaconf import OmegaConf

from helpers import ROOT, compose
from helpers.loop_apps import HELD_OUT, improve_the_example_logs
from loopwright.train.validate import problems_in



@pytest.fixture(scope="module")
def improved(tmp_path_factory):
    return improve_the_example_logs(tmp_path_factory.mktemp("improve"))


def _commands(next_steps: str) -> list[list[str]]:
    blocks = re.findall(r"```bash\n(.*?)\n```", next_steps, flags=re.S)
    return [shlex.split(b) for b in blocks]


def test_next_steps_commands_compose_with_cfg_job_and_validate(improved):
    *commands, gate = _commands((improved["out"] / "next_steps.md").read_text())
    assert [c[:2] for c in commands] == [["python", "train.py"]] * 2
    # last: the ship gate for the new run, against its base model (these logs name no loopwright.chat run)
    assert shlex.join(gate) == shlex.join(shlex.split("python -m loopwright.gate <new run dir> --baseline base"))
    assert improved["summary"]["gate_command"] == "python -m loopwright.gate <new run dir> --baseline base"
    curated = str(improved["out"] / "curated.jsonl")
    for command, objective in zip(commands, ("sft", "grpo")):
        args = command[2:]
        proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "--cfg", "job", *args], cwd=improved["cwd"],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        cfg = OmegaConf.create(proc.stdout)
        assert (cfg.task.kind, cfg.task.path, cfg.reward.name, cfg.objective.name) == \
            ("curated", curated, "customer_support", objective)
        assert cfg.eval.prompts == str(HELD_OUT) and cfg.task.params.columns_from == "customer_support"
        assert cfg.eval.success_threshold == 0.7 and cfg.profile.max_completion_length == 64
        assert problems_in(compose(args)) == []
