"""`sweep=<name>`: the search spaces are a config group shipped with the sweeper plugin.

They live in sweeps/hydra_plugins/loopwright_sweeper/conf/sweep/ and reach every
app through the plugin's SearchPathPlugin (pkg://hydra_plugins.loopwright_sweeper.conf);
conf/train.yaml selects none by default (`sweep: null`), so no `+` is needed.
The wheel side of it is in tests/integration/test_packaging.py.
"""

from __future__ import annotations

from omegaconf import OmegaConf

from helpers import run_train


def test_help_lists_the_sweep_group():
    proc = run_train(["--help"], timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "sweep: grpo_lr_kl, objective_group" in proc.stdout


def test_sweep_option_selects_the_sweeper_and_its_settings_without_a_plus():
    proc = run_train(["sweep=grpo_lr_kl", "--cfg", "all"], timeout=120)
    assert proc.returncode == 0, proc.stderr
    cfg = OmegaConf.create(proc.stdout)
    assert cfg.hydra.sweeper._target_.endswith("LoopwrightSweeper")
    assert set(cfg.hydra.sweeper.params) == {"objective.learning_rate", "objective.beta"}
    assert cfg.eval.every == 5  # the search space's value wins over conf/train.yaml's `every: null`
    assert cfg.hydra.sweeper.pruner == "successive_halving"  # the pruner that met the goal (docs/SWEEPS.md)
    assert cfg.hydra.runtime.choices.sweep == "grpo_lr_kl"


def test_no_sweep_by_default():
    proc = run_train(["--cfg", "hydra"], timeout=120)
    assert proc.returncode == 0, proc.stderr
    cfg = OmegaConf.create(proc.stdout)
    assert cfg.hydra.runtime.choices.sweep is None
    assert "loopwright" not in cfg.hydra.sweeper._target_


def test_a_users_own_search_space_joins_the_group(tmp_path):
    (tmp_path / "sweep").mkdir()
    (tmp_path / "sweep" / "my_lr.yaml").write_text(
        "# @package _global_\ndefaults:\n  - override /hydra/sweeper: loopwright\n"
        "hydra:\n  sweeper:\n    n_trials: 3\n    params:\n      objective.learning_rate: interval(1e-6, 1e-5)\n")
    proc = run_train(["--config-dir", str(tmp_path), "sweep=my_lr", "--cfg", "hydra"], timeout=120)
    assert proc.returncode == 0, proc.stderr
    sweeper = OmegaConf.create(proc.stdout).hydra.sweeper
    assert sweeper.n_trials == 3 and list(sweeper.params) == ["objective.learning_rate"]
