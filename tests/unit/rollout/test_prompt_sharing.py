"""rollout.prompt_sharing: a group's shared prompt runs once in the rollout's prefill and in the log-probability
passes, and the tokens, log-probabilities, entropies and gradients are TRL's own."""

from __future__ import annotations

import types
from types import SimpleNamespace

import pytest
import torch
from accelerate import Accelerator
from trl import GRPOTrainer
from trl.trainer import utils as trl_utils

from helpers import compose
from loopwright import models
from loopwright.models import lm_head_rows
from loopwright.rollout import prompt_sharing

PROMPT, COMPLETION, COPIES = 7, 5, 3


def _trainer(model, **args):
    accelerator = Accelerator(cpu=True)
    trainer = SimpleNamespace(accelerator=accelerator, model=model, state=SimpleNamespace(global_step=0),
                              args=SimpleNamespace(
                                  use_vllm=False, gradient_checkpointing=False, report_to=[], **args))
    # TRL's own method, bound to this stand-in (what its profiling decorator wraps)
    trainer._get_per_token_logps_and_entropies = types.MethodType(
        GRPOTrainer._get_per_token_logps_and_entropies.__wrapped__, trainer)
    trainer._generate_single_turn = lambda: None
    return trainer


@pytest.fixture
def model():
    torch.manual_seed(0)
    m, _ = models.load(compose(["model=tiny"]).model)
    trl_utils.add_fused_lm_head(m, outputs=("log_probs", "entropy"))
    lm_head_rows.apply()
    return m


def _batch(vocab: int):
    """Two prompts (one left-padded), each COPIES times, each copy with its own completion (some end early)."""
    g = torch.Generator().manual_seed(1)
    prompts = torch.randint(1, vocab, (2, PROMPT), generator=g)
    prompt_mask = torch.ones_like(prompts)
    prompt_mask[1, :2] = 0
    ids = torch.cat([prompts.repeat_interleave(COPIES, 0), torch.randint(1, vocab, (2 * COPIES, COMPLETION),
                                                                          generator=g)], 1)
    mask = torch.cat([prompt_mask.repeat_interleave(COPIES, 0), torch.ones(2 * COPIES, COMPLETION, dtype=torch.long)],
                     1)
    mask[0, -2:] = 0  # a completion that ended before the longest
    return ids, mask


def _scored(trainer, model, ids, mask):
    model.zero_grad(set_to_none=True)
    logps, entropy, _ = trainer._get_per_token_logps_and_entropies(model, ids, mask, COMPLETION, compute_entropy=True)
    (logps * mask[:, -COMPLETION:]).sum().backward()
    return logps.detach(), entropy.detach(), {n: p.grad.clone() for n, p in model.named_parameters()
                                              if p.grad is not None}


def test_log_probs_entropies_and_gradients_are_trls_with_each_prompt_run_once(model, monkeypatch):
    ids, mask = _batch(model.config.vocab_size)
    trainer = _trainer(model)
    ref_logps, ref_entropy, ref_grads = _scored(trainer, model, ids, mask)

    seen = []
    forward = model.forward
    monkeypatch.setattr(model, "forward", lambda *a, **k: seen.append(k["input_ids"].shape) or forward(*a, **k))
    assert prompt_sharing.share_prompts(trainer)
    logps, entropy, grads = _scored(trainer, model, ids, mask)

    # one pass over the 2 distinct prompts (but their last token), one over every row from its prompt's last token
    assert seen == [torch.Size([2, PROMPT - 1]), torch.Size([2 * COPIES, COMPLETION + 1])]
    scored = mask[:, -COMPLETION:].bool()
    torch.testing.assert_close(logps[scored], ref_logps[scored], atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(entropy[scored], ref_entropy[scored], atol=1e-5, rtol=1e-5)
    assert grads.keys() == ref_grads.keys()
    for name in grads:
        torch.testing.assert_close(grads[name], ref_grads[name], atol=1e-5, rtol=1e-4, msg=name)


def test_a_batch_without_a_repeated_prompt_takes_trls_path(model, monkeypatch):
    ids, mask = _batch(model.config.vocab_size)
    ids, mask = ids[::COPIES], mask[::COPIES]  # one copy of each prompt
    trainer = _trainer(model)
    assert prompt_sharing.share_prompts(trainer)
    seen = []
    forward = model.forward
    monkeypatch.setattr(model, "forward", lambda *a, **k: seen.append(k["input_ids"].shape) or forward(*a, **k))
    trainer._get_per_token_logps_and_entropies(model, ids, mask, COMPLETION)
    assert seen == [ids.shape]


def test_a_greedy_rollout_decodes_the_tokens_of_the_unshared_prefill(model, monkeypatch):
    ids, mask = _batch(model.config.vocab_size)
    prompts, prompt_mask = ids[:, :PROMPT], mask[:, :PROMPT]
    model.eval()
    kwargs = {"do_sample": False, "max_new_tokens": 6, "min_new_tokens": 6, "pad_token_id": 0}
    with torch.no_grad():
        plain = model.generate(input_ids=prompts, attention_mask=prompt_mask, **kwargs)
        from transformers import GenerationConfig

        seen = []
        forward = model.forward
        monkeypatch.setattr(model, "forward", lambda *a, **k: seen.append(k["input_ids"].shape) or forward(*a, **k))
        shared = prompt_sharing.shared_generate(model)(input_ids=prompts, attention_mask=prompt_mask,
                                                       generation_config=GenerationConfig(**kwargs))
    assert torch.equal(plain, shared)
    # the 2 distinct prompts but their last token once, then every row from its prompt's last token: the cache used
    assert seen[:2] == [torch.Size([2, PROMPT - 1]), torch.Size([2 * COPIES, 1])]


@pytest.mark.parametrize("args", [{"gradient_checkpointing": True}, {"use_vllm": True}])
def test_where_the_cache_cannot_be_shared_trls_path_stays(model, args):
    trainer = _trainer(model)
    trainer.args.__dict__.update(args)
    before = trainer._get_per_token_logps_and_entropies
    assert not prompt_sharing.share_prompts(trainer)
    assert trainer._get_per_token_logps_and_entropies is before


def test_a_gpu_run_keeps_trls_path_until_it_is_measured_there(model):
    trainer = _trainer(model)
    trainer.accelerator = SimpleNamespace(device=torch.device("cuda", 0), num_processes=1)
    before = trainer._get_per_token_logps_and_entropies
    assert not prompt_sharing.share_prompts(trainer)
    assert trainer._get_per_token_logps_and_entropies is before


def test_the_rollout_wrapper_restores_the_models_own_generate_afterwards(model):
    trainer = _trainer(model)
    earlier = model.generate  # bound method of the class
    seen = []
    trainer._generate_single_turn = lambda: seen.append(model.generate) or "rollout"
    assert prompt_sharing.share_prompts(trainer)
    assert trainer._generate_single_turn() == "rollout"
    assert seen[0].__wrapped__ == earlier and "generate" not in vars(model)  # the sharing one, during the rollout
    assert model.generate == earlier
    model.generate = marker = lambda *a, **k: None  # someone else's wrapper on the instance survives the rollout
    trainer._generate_single_turn()
    assert model.generate is marker
