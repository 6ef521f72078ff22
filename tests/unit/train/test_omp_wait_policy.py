"""profile.omp_wait_policy: exported as OMP_WAIT_POLICY (or, for brief, GOMP_SPINCOUNT) before torch loads,
unless the environment has a policy."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import ROOT

PROBE = """
import os, sys
sys.path.insert(0, {helpers!r})
from helpers import compose
from loopwright.train.job import set_omp_wait_policy
set_omp_wait_policy(compose(sys.argv[1:]))
print(os.environ.get("OMP_WAIT_POLICY"), os.environ.get("GOMP_SPINCOUNT"), "torch" in sys.modules)
"""


def _probe(overrides: list[str], env_policy: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    if env_policy:
        env["OMP_WAIT_POLICY"] = env_policy
    out = subprocess.run([sys.executable, "-c", PROBE.format(helpers=str(ROOT / "tests")), *overrides],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()


@pytest.mark.parametrize("overrides,expected", [
    ([], ["None", "2000"]),  # brief, the default: libgomp's policy with a short spin
    (["profile.omp_wait_policy=passive"], ["PASSIVE", "None"]),
    (["profile.omp_wait_policy=active"], ["ACTIVE", "None"]),
    (["profile.omp_wait_policy=null"], ["None", "None"]),
])
def test_the_profile_sets_the_policy_before_torch(overrides, expected):
    assert _probe(overrides) == [*expected, "False"]


def test_a_policy_in_the_environment_wins():
    assert _probe([], env_policy="ACTIVE") == ["ACTIVE", "None", "False"]
