"""Every model family x task mode through the real train.py, on the family's tiny twin: it trains one step, or it
is refused at validation (exit 2, the reason and the way out, nothing loaded; some cells only while
task.token_check=true), as src/loopwright/models/families.py and the table in docs/MODELS.md say."""

from __future__ import annotations

import json

import pytest

from helpers import run_train
from loopwright.models import families

TWINS = {"smollm2": ["model=tiny"], "qwen3": ["model=tiny_qwen3"], "llama3_2": ["model=tiny_llama"],
         "qwen2_5": ["model=tiny", "model.random_init.chat_template=qwen2_5"]}
SMALL = ["profile=smoke", "profile.max_steps=1", "task.n_eval=2", "profile.eval_batch_size=2", "save_model=false"]
MODES = {
    "single-turn": [],
    "multi-turn episodes": ["task=tool_use", "task.multi_turn=true", "reward=tool_calling", "task.n_train=4"],
    "SFT transcripts": ["experiment=tool_agent_sft", "task.n_train=4", "profile.max_completion_length=32"],
}
EXIT = {"trains": 0, "refused at validation (exit 2)": 2,
        "refused at validation while task.token_check=true (exit 2)": 2}


def test_the_twins_are_the_families_they_stand_for():
    from helpers import compose

    for fam, overrides in TWINS.items():
        assert families.family(compose(overrides).model) == fam


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("fam", families.FAMILIES)
def test_each_family_and_task_mode_trains_or_stops_as_the_table_says(tmp_path, fam, mode):
    run_dir = tmp_path / "run"
    proc = run_train([*MODES[mode], *TWINS[fam], *SMALL, f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    expected = families.cell(fam, mode)
    assert proc.returncode == EXIT[expected], f"{fam} x {mode}: " + proc.stdout[-2000:] + proc.stderr[-3000:]
    if expected == "trains":
        manifest = json.loads((run_dir / "manifest.json").read_text())
        assert manifest["status"] == "completed" and manifest["global_step"] == 1
    elif expected.startswith("refused"):
        assert "task.multi_turn=true" in proc.stderr and "Way out" in proc.stderr and not run_dir.exists()


def test_qwen3_episodes_with_the_token_check_off_trains_with_trls_template(tmp_path):
    """The refusal's way out works: the cell trains when the user turns the check off knowingly."""
    run_dir = tmp_path / "run"
    proc = run_train([*MODES["multi-turn episodes"], *TWINS["qwen3"], *SMALL, "task.token_check=false",
                      f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["global_step"] == 1
