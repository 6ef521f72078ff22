"""The trainers every loss test file shares, built once per test session."""

from __future__ import annotations

import pytest

from helpers.loss_harness import Built, _build


@pytest.fixture(scope="session")
def build(tmp_path_factory):
    """build(option, *overrides): a real trainer for the option, built once per session."""
    cache: dict = {}

    def get(name: str, *extra: str) -> Built:
        key = (name, extra)
        if key not in cache:
            cache[key] = _build(name, list(extra), tmp_path_factory.mktemp(name))
        return cache[key]

    return get
