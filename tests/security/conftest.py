"""The run the serve attacks are played against: a real ``train.py model=tiny profile=smoke`` run (seconds)."""

from __future__ import annotations

import pytest

from helpers.serving import train_tiny


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("attacked-run") / "full"
    proc = train_tiny([], run)
    _, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-3000:]
    return run
