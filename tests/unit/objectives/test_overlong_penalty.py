"""DAPO's soft overlong punishment (arXiv:2503.14476 eq. 13) at the paper's lengths and any cache.

The harness (fixed batch, trainers, references) is tests/helpers/loss_harness.py."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from helpers import reference_losses as R


@pytest.mark.parametrize("length", [0, 1, 16384, 16385, 17408, 18432, 20479, 20480, 20481, 30000])
def test_overlong_penalty_is_eq13_at_the_papers_lengths(length):
    """loopwright's overlong_penalty with DAPO's L_max = 20480, L_cache = 4096 (buffer_fraction 0.2)
    is eq. 13 of 2503.14476: 0 up to 16384 tokens, linear to -1 at 20480, -1 beyond."""
    from loopwright.objectives import overlong_penalty

    reward = overlong_penalty(20480, 0.2, 1.0)
    assert reward(completion_ids=[[0] * length]) == [pytest.approx(R.overlong_reward(length, 20480, 4096), abs=1e-12)]


@settings(max_examples=60, deadline=None)
@given(limit=st.integers(2, 4096), cache_share=st.floats(0.01, 0.99), penalty=st.floats(0.0, 5.0),
       lengths=st.lists(st.integers(0, 5000), min_size=1, max_size=8))
def test_overlong_penalty_is_eq13_for_any_whole_token_cache(limit, cache_share, penalty, lengths):
    """For any L_max and any L_cache = buffer_fraction L_max that is a whole number of tokens, the
    reward is eq. 13 scaled by the penalty, for every completion length."""
    from loopwright.objectives import overlong_penalty

    cache = max(1, min(limit - 1, round(cache_share * limit)))
    fraction = cache / limit
    assume(round(fraction * limit) == cache)
    got = overlong_penalty(limit, fraction, penalty)(completion_ids=[[0] * n for n in lengths])
    want = [R.overlong_reward(n, limit, cache, penalty) for n in lengths]
    assert got == pytest.approx(want, abs=1e-12)


