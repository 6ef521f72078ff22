"""The MCP attack corpus's blind7, in a module of their own so that pytest-xdist's workers share the
corpus (test_mcp_corpus.py says how the corpus runs)."""

import pytest
from corpus_fixture import corpus_module

pytest.importorskip("mcp")
pytestmark = pytest.mark.timeout(3600)
OWN = ('blind7',)
world, test_attack_fails = corpus_module(OWN)
