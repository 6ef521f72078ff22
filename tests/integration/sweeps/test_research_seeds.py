"""Research across noise (hydra.sweeper.research.seeds): the lucky-seed case replayed, the intervals in
research.md, a kill while reseeding, and the key's bad values.

The sweep app (tests/helpers/sweep_app, minimised) with ``lucky=1.0``: on seed 0, z=bar is 1.0 better than
its mean and on seeds 1 and 2 1.0 worse, so seed 0 alone favours bar while the seed average favours foo by
0.83 (bar also carries its 0.5 penalty). That is the SmolLM2 research run of docs/SWEEPS.md in small: round 1
fixed beta=0 from seed 0, and the fresh seeds showed the default better.
"""

from __future__ import annotations

import json
import subprocess
import sys

from omegaconf import OmegaConf

from test_research import records, state
from test_sweeper import APP, ENV, sweep
from helpers import sigkill_when

LUCKY = ["hydra.sweeper.n_trials=20", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0", "lucky=1.0",
         "x=interval(0.0, 2.0)", "y=-2"]


def _z_decisions(st: dict) -> list[str]:
    return [d["action"] for e in st["rounds"] for d in e.get("decisions", []) if d["param"] == "z"]


def test_the_lucky_seed_case_research_does_not_fix_a_choice_from_one_seed(tmp_path):
    one = tmp_path / "one_seed"
    sweep(one, *LUCKY, "hydra.sweeper.research.seeds=1", "hydra.sweeper.research.confirm_seeds=0",
          "hydra.sweeper.report=false")
    # one seed per trial (the rules before research.seeds): round 1 fixes the lucky choice
    assert state(one)["rounds"][1]["fixed_values"] == {"z": "bar"}
    assert OmegaConf.load(one / "optimization_results.yaml").best_params.z == "bar"

    s = tmp_path / "seeds"
    sweep(s, *LUCKY, "hydra.sweeper.research.confirm_seeds=1")  # research.seeds=3, the default
    st = state(s)
    first = st["rounds"][0]
    assert "z" not in st["rounds"][1]["fixed_values"] and "fixed" not in _z_decisions(st)
    # the candidates reran on seeds 1 and 2; the noise is measured and every decision read the seed means
    assert first["seed_jobs"] == 2 * len(first["seed_candidates"]) and not st.get("noise_zero")
    assert {json.loads(p.read_text())["seed"] for p in s.glob("round_1/seed*/*/record.json")} == {1, 2}
    assert first["noise"]["df"] > 0 and first["noise"]["sd"] > 0.5
    assert all(j["n"] == 3 for j in first["judged"].values())
    # the recommendation is the best seed-averaged trial: foo, whose mean beats every bar trial's
    best = OmegaConf.load(s / "optimization_results.yaml")
    assert best.best_params.z == "foo"
    values = st["seed_values"]
    bar_means = [sum(v.values()) / 3 for k, v in values.items() if len(v) == 3 and _z_of(s, k) == "bar"]
    assert bar_means and best.best_value < min(bar_means)
    # the confirmation's seed comes after the three the trials used
    assert st["confirmation"]["seeds"] == [3]
    text = (s / "research.md").read_text()
    for part in ("noise: pooled SD", "| trial | params | own run | seeds | mean | 95% interval | top |",
                 "mean of 3 seeds, 95% interval ["):
        assert part in text, part
    assert "| z | choice(foo, bar) |" in text and "| z | choice(foo, bar) | " in text.split("## Round 2")[1]


def _z_of(sweep_dir, key: str) -> str:
    round_number, trial = key.split("/")
    return json.loads((sweep_dir / f"round_{round_number}" / trial / "record.json").read_text())["z"]


def test_killed_while_reseeding_resumes_without_rerunning_the_recorded_seeds(tmp_path):
    s = tmp_path / "sw"
    cmd = [sys.executable, str(APP), "-m", f"hydra.sweep.dir={s}", *LUCKY, "hydra.sweeper.report=false",
           "hydra.sweeper.research.confirm_seeds=0", "sleep=0.3"]
    # the probe (the two best trials on seed 1) is written; the second pass (every candidate, seeds 1 and 2) runs
    sigkill_when(cmd, lambda: any(s.glob("round_1/seed2/*/record.json")), cwd=tmp_path, env=ENV, within=120,
                 poll=0.05)
    probe = {p: json.loads(p.read_text())["pid"] for p in s.glob("round_1/seed1/*/record.json")}
    recorded = state(s)["seed_values"]
    assert sum(len(v) == 2 for v in recorded.values()) == 2  # the probe's values are in research.json
    done = subprocess.run(cmd, cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    st = state(s)
    assert [r["status"] for r in st["rounds"]] == ["done", "done"]
    probed = [k for k, v in recorded.items() if len(v) == 2]
    for key in probed:  # not rerun: the same process wrote them
        path = s / f"round_{key.split('/')[0]}" / "seed1" / key.split("/")[1] / "record.json"
        assert json.loads(path.read_text())["pid"] == probe[path]
        assert st["seed_values"][key]["1"] == recorded[key]["1"]
    assert all(len(st["seed_values"][f"1/{n}"]) == 3 for n in st["rounds"][0]["seed_candidates"])
    assert len(records(s)) == sum(r["ran"] for r in st["rounds"])


def test_research_seeds_below_one_is_refused_naming_the_key(tmp_path):
    proc = sweep(tmp_path / "sw", "hydra.sweeper.research.rounds=2", "hydra.sweeper.research.seeds=0", check=False)
    assert proc.returncode != 0 and "hydra.sweeper.research.seeds=0 must be >= 1" in proc.stderr


def test_the_lead_test_reads_the_pooled_noise():
    """Two trials of 3 seeds each, pooled SD 1 (df 4): a lead of 2 is inside t(0.975, 4) x sqrt(2/3) = 2.27,
    a lead of 3 outside it; without seed data (research.seeds=1) any lead counts, as the rules did before."""
    from types import SimpleNamespace

    from hydra_plugins.loopwright_sweeper.seeds import Judgement, pooled, t975

    a, b, c = (SimpleNamespace(number=n, values=[v]) for n, v in ((0, 5.0), (1, 3.0), (2, 2.0)))
    sd, df = pooled([[4.0, 5.0, 6.0], [2.0, 3.0, 4.0], [1.0, 2.0, 3.0]])
    assert (sd, df) == (1.0, 6) and t975(4) == 2.776 and t975(1000) == 1.96
    judged = Judgement("maximize", {0: [4.0, 5.0, 6.0], 1: [2.0, 3.0, 4.0], 2: [1.0, 2.0, 3.0]}, 1.0, 4)
    assert judged.noisy and not judged.clear_lead(a, b) and judged.clear_lead(a, c)
    assert judged.ranked([c, a, b]) == [a, b, c] and "[" in judged.describe(a)
    blind = Judgement("maximize")
    assert not blind.noisy and blind.clear_lead(a, b) and blind.halfwidth(1) == 0.0
    assert Judgement("minimize", zero=True).clear_lead(c, a)


def test_a_job_without_a_seed_is_not_reseeded(tmp_path):
    """No top-level `seed` in the job's config (bench/research_app.py has none): no seed override could change
    a trial, so research.seeds runs nothing and every decision reads the single values."""
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=8", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0", "~seed",
          "hydra.sweeper.research.confirm_seeds=0", "hydra.sweeper.report=false")
    st = state(s)
    assert "no top-level `seed`" in st["noise_zero"]["why"] and not list(s.glob("round_*/seed*"))
    assert all("seed_jobs" not in e for e in st["rounds"]) and len(records(s)) == 8


def test_cheap_proxies_promoted_to_full_fidelity_and_the_rank_correlation_reported(tmp_path):
    """research.proxy=[proxy=true]: every trial runs the app's cheap proxy (off by 0.5 |x - 0.5|); each round's
    candidates rerun without it; decisions and the recommendation read the full values, and research.md says
    how well the proxy ranked them."""
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=20", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.research.seeds=1", "hydra.sweeper.research.confirm_seeds=0",
          "hydra.sweeper.research.proxy=['proxy=true']")
    st = state(s)
    trials, promoted = records(s), [json.loads(p.read_text()) for p in s.glob("round_*/seed0/*/record.json")]
    assert trials and all(j["proxy"] for j in trials)  # every trial ran cheap
    assert promoted and not any(j["proxy"] for j in promoted)  # the promoted reran at full fidelity
    first = st["rounds"][0]
    assert first["seed_jobs"] == len(first["seed_candidates"]) == first["fidelity"]["n"] >= 3
    assert first["fidelity"]["spearman"] is not None and -1.0 <= first["fidelity"]["spearman"] <= 1.0
    for proxy_value, full in first["fidelity"]["pairs"]:
        assert proxy_value >= full  # the proxy adds 0.5 |x - 0.5| >= 0
    best = OmegaConf.load(s / "optimization_results.yaml")
    full_values = [(j["x"] - 1) ** 2 + (j["y"] + 2) ** 2 + (0.5 if j["z"] == "bar" else 0.0) for j in promoted]
    assert best.best_value == min(full_values)  # a full-fidelity value, never a proxy's
    recommended = (s / "experiment" / "recommended.yaml").read_text()
    assert "proxy" not in recommended.split("# Written by")[1].split("\n", 1)[1]
    text = (s / "research.md").read_text()
    assert "Spearman rank correlation" in text and "- fidelity: every trial cheap (proxy=true)" in text
    again = sweep(s, "hydra.sweeper.n_trials=20", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
                  "hydra.sweeper.research.seeds=1", "hydra.sweeper.research.confirm_seeds=0", check=False)
    assert again.returncode != 0 and "research.proxy=['proxy=true']" in again.stderr  # resumed without it: refused


def test_spearman_rank_correlation():
    from hydra_plugins.loopwright_sweeper.seeds import spearman

    assert spearman([1.0, 2.0, 3.0], [10.0, 20.0, 30.0]) == 1.0
    assert spearman([1.0, 2.0, 3.0], [3.0, 2.0, 1.0]) == -1.0
    assert abs(spearman([1.0, 2.0, 2.0, 4.0], [1.0, 3.0, 2.0, 4.0]) - 0.9487) < 1e-4  # ties share ranks
    assert spearman([1.0, 2.0], [1.0, 2.0]) is None and spearman([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]) is None
