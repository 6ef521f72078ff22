"""A run imports the options it chose: a lookup by name loads that option's module, a listing loads them all."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from loopwright import rewards, tasks
rewards.REGISTRY["arithmetic"], tasks.REGISTRY["arithmetic"]
loaded = sorted(m for m in sys.modules if m.startswith(("loopwright.rewards.", "loopwright.tasks.")))
print(" ".join(loaded))
print(len(rewards.REGISTRY) > 5, "customer_support" in rewards.REGISTRY, "loopwright.rewards.judge" in sys.modules)
"""


def test_a_lookup_by_name_imports_that_option_alone_and_a_listing_imports_every_one():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    chosen, listed = done.stdout.splitlines()
    assert chosen.split() == ["loopwright.rewards.arithmetic", "loopwright.tasks.arithmetic"]
    assert listed == "True True True"  # len() loaded every module: the judge too


def test_an_unknown_name_is_no_option_and_every_option_is_still_found():
    from loopwright import rewards

    assert "no_such_reward" not in rewards.REGISTRY
    assert "customer_support" in rewards.REGISTRY and "judge" in rewards.REGISTRY
