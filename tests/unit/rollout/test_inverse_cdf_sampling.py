"""rollout.inverse_cdf_sampling: one sampled token per row drawn by inverse CDF has torch.multinomial's
distribution, never draws a masked token, leaves every other call and every invalid input to torch, and is in
place only while a wrapped rollout runs."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch

from helpers import compose
from loopwright import models
from loopwright.rollout import inverse_cdf_sampling as ics


def _chi_square(counts: torch.Tensor, probs: torch.Tensor) -> float:
    expected = probs * counts.sum()
    keep = expected > 0
    return float((((counts - expected) ** 2)[keep] / expected[keep]).sum())


def test_the_draws_follow_the_rows_distribution_as_torchs_do():
    torch.manual_seed(0)
    probs = torch.softmax(torch.randn(3, 12) * 2, -1)
    probs[1] = 0  # one row of weights not normalised, with zeros: drawn by p_j / sum(p)
    probs[1, [2, 5, 9]] = torch.tensor([0.5, 1.5, 2.0])
    n = 20_000
    ours = ics.multinomial(probs.repeat(n, 1), 1).view(n, 3)
    theirs = torch.multinomial(probs.repeat(n, 1), 1).view(n, 3)
    for row in range(3):
        p = probs[row] / probs[row].sum()
        counts = torch.bincount(ours[:, row], minlength=12).double()
        # 11 degrees of freedom (fewer on row 1): 40 is past the 99.99th percentile of chi-square(11)
        assert _chi_square(counts, p.double()) < 40, (row, counts)
        assert _chi_square(torch.bincount(theirs[:, row], minlength=12).double(), p.double()) < 40  # the control
    assert set(ours[:, 1].tolist()) == {2, 5, 9}  # a zero-probability token is never drawn


def test_a_wrong_sampler_fails_the_distribution_check():
    """The check above can fail: draws from the uniform distribution instead of the row's are caught."""
    torch.manual_seed(1)
    p = torch.softmax(torch.randn(12) * 2, -1)
    uniform = torch.randint(0, 12, (20_000,))
    assert _chi_square(torch.bincount(uniform, minlength=12).double(), p.double()) > 40


def test_top_k_masked_rows_draw_only_what_the_mask_left():
    torch.manual_seed(2)
    logits = torch.randn(64, 49_152)
    top = logits.topk(50, -1).indices
    masked = torch.full_like(logits, float("-inf")).scatter(1, top, logits.gather(1, top))
    drawn = ics.multinomial(torch.softmax(masked, -1), 1)
    assert drawn.shape == (64, 1) and drawn.dtype == torch.int64
    assert bool((drawn == top).any(-1).all())


def test_the_same_seed_draws_the_same_tokens():
    probs = torch.softmax(torch.randn(4, 100), -1)
    torch.manual_seed(5)
    first = ics.multinomial(probs, 1)
    torch.manual_seed(5)
    assert torch.equal(ics.multinomial(probs, 1), first)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.1])
def test_invalid_probabilities_raise_torchs_own_error(bad):
    probs = torch.full((2, 5), 0.2)
    probs[1, 3] = bad
    with pytest.raises(RuntimeError, match="probability tensor contains either"):
        ics.multinomial(probs, 1)


def test_a_row_of_zeros_raises_torchs_own_error():
    with pytest.raises(RuntimeError):
        ics.multinomial(torch.zeros(2, 5), 1)


@pytest.mark.parametrize("call", [
    lambda p: ics.multinomial(p, 3, replacement=True),  # several samples a row
    lambda p: ics.multinomial(p[0], 1),  # 1-D
    lambda p: ics.multinomial(p, 1, generator=torch.Generator().manual_seed(0)),  # its own generator
])
def test_every_other_call_is_torchs(monkeypatch, call):
    seen = []

    def recording(*args, **kwargs):
        seen.append(args)
        return torch.zeros(1, dtype=torch.int64)

    monkeypatch.setattr(ics, "_torch_multinomial", recording)
    call(torch.full((2, 5), 0.2))
    assert len(seen) == 1


def test_torchs_sampler_is_back_after_the_block_even_when_it_raises():
    original = torch.multinomial
    with ics.sampling_by_inverse_cdf():
        assert torch.multinomial is ics.multinomial
        with ics.sampling_by_inverse_cdf():  # nested: the outer block keeps it
            pass
        assert torch.multinomial is ics.multinomial
    assert torch.multinomial is original
    with pytest.raises(ValueError), ics.sampling_by_inverse_cdf():
        raise ValueError("a failed rollout")
    assert torch.multinomial is original


def _trainer(use_vllm: bool = False):
    model, _ = models.load(compose(["model=tiny"]).model)
    prompt = torch.randint(0, model.config.vocab_size, (4, 5))

    def generate():
        with torch.no_grad():
            return model.generate(input_ids=prompt, attention_mask=torch.ones_like(prompt), do_sample=True,
                                  top_k=0, max_new_tokens=4, min_new_tokens=4)

    trainer = SimpleNamespace(args=SimpleNamespace(use_vllm=use_vllm))
    setattr(trainer, ics.GENERATION_METHOD, generate)
    return trainer


def test_a_wrapped_rollout_samples_by_inverse_cdf_and_evaluation_does_not(monkeypatch):
    calls = []
    ours = ics.multinomial

    def counting(*args, **kwargs):
        calls.append(1)
        return ours(*args, **kwargs)

    monkeypatch.setattr(ics, "multinomial", counting)
    trainer = _trainer()
    assert ics.sample_by_inverse_cdf(trainer)
    tokens = getattr(trainer, ics.GENERATION_METHOD)()
    assert tokens.shape == (4, 9) and len(calls) == 4  # one draw per new token, all of them ours
    assert torch.multinomial is ics._torch_multinomial  # outside the rollout (held-out evaluation): torch's


def test_vllm_rollouts_are_left_alone():
    trainer = _trainer(use_vllm=True)
    before = getattr(trainer, ics.GENERATION_METHOD)
    assert not ics.sample_by_inverse_cdf(trainer)
    assert getattr(trainer, ics.GENERATION_METHOD) is before


def test_a_draw_rounded_up_to_the_rows_total_takes_its_last_token_with_probability(monkeypatch):
    probs = torch.tensor([[0.2, 0.3, 0.5, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]])
    monkeypatch.setattr(torch, "rand", lambda *shape, **kwargs: torch.ones(*shape, **kwargs))  # u * total == total
    assert ics.multinomial(probs, 1).view(-1).tolist() == [2, 4]
