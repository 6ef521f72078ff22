"""The MCP attack corpus's sets blind8: played in a module of their own so that pytest-xdist's workers
share the corpus (test_mcp_corpus.py says how the corpus runs)."""

from __future__ import annotations

import pytest
from corpus_fixture import assert_attack_failed, attack_params, corpus_world_fixture

pytest.importorskip("mcp")
pytestmark = pytest.mark.timeout(3600)
OWN = ('blind8',)
world = corpus_world_fixture()


@pytest.mark.parametrize("key", list(attack_params(OWN)))
def test_attack_fails(world, key):
    assert_attack_failed(world, key)
