"""Explicit reference implementations of the RL objectives, written from the papers.

Pure Python floats and per-token loops over nested lists: no tensors, no
vectorisation, nothing shared with TRL. Every loss returns ``(loss, grad)`` where
``grad[i][t]`` is the analytic derivative of the loss w.r.t. the current log-prob
of token t of completion i (zero on padding), derived by hand from the formula.

Shapes: ``logp``, ``old``, ``ref``, ``mask`` are lists of B rows of T values
(``mask`` holds 0/1); ``adv`` and ``rewards`` are lists of B values, completions
of one prompt adjacent (groups of G).

The one exception is :func:`gspo_token_loss_torch`, which needs autograd because
its whole point is where the stop-gradients sit (2507.18071 eq. 13).
"""

from __future__ import annotations

import math

# ------------------------------------------------------------------ helpers


def active_tokens(mask: list[list[int]], i: int) -> list[int]:
    """Indices t of completion i that are part of the loss."""
    return [t for t, m in enumerate(mask[i]) if m]


def zeros_like(rows: list[list[float]]) -> list[list[float]]:
    return [[0.0 for _ in row] for row in rows]


def k3(logp: float, ref: float) -> float:
    """Schulman's k3 estimator of KL(pi || pi_ref), 2402.03300 eq. 4:
    pi_ref/pi - log(pi_ref/pi) - 1."""
    x = ref - logp
    return math.exp(x) - x - 1.0


def dk3_dlogp(logp: float, ref: float) -> float:
    """d k3 / d logp = 1 - pi_ref/pi."""
    return 1.0 - math.exp(ref - logp)


def clip(x: float, low: float, high: float) -> float:
    return min(max(x, low), high)


def ppo_clip_term(ratio: float, adv: float, eps_low: float, eps_high: float) -> tuple[float, float]:
    """The negated clipped surrogate -min(r A, clip(r, 1-eps_low, 1+eps_high) A) and its
    derivative w.r.t. log r.

    From the formula: the clipped branch is the minimum (and has zero slope) exactly when
    r has left the trust region in the direction the advantage pushes it: r > 1+eps_high
    with A > 0, or r < 1-eps_low with A < 0. Everywhere else the term is -r A, slope -r A.
    """
    value = -min(ratio * adv, clip(ratio, 1.0 - eps_low, 1.0 + eps_high) * adv)
    clipped = (adv > 0 and ratio > 1.0 + eps_high) or (adv < 0 and ratio < 1.0 - eps_low)
    return value, (0.0 if clipped else -ratio * adv)


def kl_term(logp: float, old: float, ref: float, ratio_weighted: bool = False) -> tuple[float, float]:
    """The per-token KL penalty and its derivative w.r.t. logp.

    ratio_weighted=False: k3, as in GRPO (2402.03300 eq. 3-4).
    ratio_weighted=True: r k3 with r = pi/pi_old, DeepSeek-V3.2's unbiased KL estimate
    (arXiv:2512.02556, TRL's use_bias_correction_kl); d(r k3)/dlogp = r k3 + r dk3/dlogp."""
    value, grad = k3(logp, ref), dk3_dlogp(logp, ref)
    if not ratio_weighted:
        return value, grad
    ratio = math.exp(logp - old)
    return ratio * value, ratio * value + ratio * grad


def _token_terms(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted=False):
    """Per-token loss L_{i,t} = -min(r A, clip(r) A) + beta KL_{i,t} and dL/dlogp, on active tokens."""
    values, grads = zeros_like(logp), zeros_like(logp)
    for i in range(len(logp)):
        for t in active_tokens(mask, i):
            ratio = math.exp(logp[i][t] - old[i][t])
            value, grad = ppo_clip_term(ratio, adv[i], eps_low, eps_high)
            if beta:
                kl_value, kl_grad = kl_term(logp[i][t], old[i][t], ref[i][t], kl_ratio_weighted)
                value += beta * kl_value
                grad += beta * kl_grad
            values[i][t], grads[i][t] = value, grad
    return values, grads


def _weighted_sum(values, grads, mask, weight_of_row):
    """sum_i w_i sum_t L_{i,t}, and its gradient w_i dL_{i,t}."""
    loss = 0.0
    out = zeros_like(grads)
    for i in range(len(values)):
        w = weight_of_row(i)
        for t in active_tokens(mask, i):
            loss += w * values[i][t]
            out[i][t] = w * grads[i][t]
    return loss, out


def total_active(mask) -> int:
    return sum(len(active_tokens(mask, i)) for i in range(len(mask)))


# ------------------------------------------------------------------- losses


def grpo_loss(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted=False):
    """GRPO, 2402.03300 eq. 3: 1/G sum_i 1/|o_i| sum_t [clipped surrogate - beta KL_k3]
    (negated, as a loss to minimise). ``kl_ratio_weighted``: see :func:`kl_term`."""
    values, grads = _token_terms(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted)
    batch = len(logp)

    def weight(i):
        return 1.0 / (batch * max(1, len(active_tokens(mask, i))))

    return _weighted_sum(values, grads, mask, weight)


def dr_grpo_loss(logp, old, ref, mask, adv, eps_low, eps_high, beta, max_completion_length,
                 kl_ratio_weighted=False):
    """Dr. GRPO, 2503.20783 eq. 3 as implemented with a constant normaliser:
    sum_i sum_t L_{i,t} / (G * max_completion_length)."""
    values, grads = _token_terms(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted)
    constant = 1.0 / (len(logp) * max_completion_length)
    return _weighted_sum(values, grads, mask, lambda i: constant)


def bnpo_loss(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted=False):
    """TRL's 'bnpo': token mean over the local batch, sum_i sum_t L_{i,t} / sum_i |o_i|."""
    values, grads = _token_terms(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted)
    constant = 1.0 / max(1, total_active(mask))
    return _weighted_sum(values, grads, mask, lambda i: constant)


def dapo_loss(logp, old, ref, mask, adv, eps_low, eps_high, beta, num_items, kl_ratio_weighted=False):
    """DAPO, 2503.14476 eq. 8: 1/sum_i |o_i| sum_i sum_t L_{i,t}, the token count taken
    over the whole generation batch (``num_items``), clip-higher eps_low != eps_high."""
    values, grads = _token_terms(logp, old, ref, mask, adv, eps_low, eps_high, beta, kl_ratio_weighted)
    constant = 1.0 / max(1, num_items)
    return _weighted_sum(values, grads, mask, lambda i: constant)


def gspo_loss(logp, old, mask, adv, eps_low, eps_high):
    """GSPO, 2507.18071 eq. 5-7: s_i = (pi/pi_old)(y_i)^(1/|y_i|) = exp(mean_t log ratio);
    loss = 1/G sum_i -min(s_i A_i, clip(s_i) A_i).

    ds_i/dlogp_{i,t} = s_i / |y_i|, so the token gradient is the sequence slope / |y_i|."""
    batch = len(logp)
    loss, grad = 0.0, zeros_like(logp)
    for i in range(batch):
        tokens = active_tokens(mask, i)
        n = max(1, len(tokens))
        mean_log_ratio = sum(logp[i][t] - old[i][t] for t in tokens) / n
        s = math.exp(mean_log_ratio)
        value, slope = ppo_clip_term(s, adv[i], eps_low, eps_high)
        loss += value / batch
        for t in tokens:
            grad[i][t] = slope / (n * batch)
    return loss, grad


def cispo_loss(logp, old, mask, adv, cap, num_items):
    """CISPO, 2506.13585 eq. 4-5: -1/sum|o_i| sum_i sum_t sg[min(r_{i,t}, cap)] A_i log pi_{i,t}
    (no lower bound on the weight; ``cap`` is the absolute upper bound on it)."""
    loss, grad = 0.0, zeros_like(logp)
    for i in range(len(logp)):
        for t in active_tokens(mask, i):
            weight = min(math.exp(logp[i][t] - old[i][t]), cap)  # a constant: stop-gradient
            loss += -weight * adv[i] * logp[i][t] / num_items
            grad[i][t] = -weight * adv[i] / num_items
    return loss, grad


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def sapo_loss(logp, old, mask, adv, tau_pos, tau_neg):
    """SAPO, 2511.20347 eq. 6-8: gate f(r) = 4/tau sigmoid(tau (r - 1)), tau_pos when A > 0
    else tau_neg; loss = -1/G sum_i 1/|y_i| sum_t f(r_{i,t}) A_i.

    d f(r)/d log r = 4 sigmoid(tau (r-1)) (1 - sigmoid(tau (r-1))) r."""
    batch = len(logp)
    loss, grad = 0.0, zeros_like(logp)
    for i in range(batch):
        tokens = active_tokens(mask, i)
        n = max(1, len(tokens))
        tau = tau_pos if adv[i] > 0 else tau_neg
        for t in tokens:
            r = math.exp(logp[i][t] - old[i][t])
            g = sigmoid(tau * (r - 1.0))
            loss += -(4.0 / tau) * g * adv[i] / (n * batch)
            grad[i][t] = -4.0 * g * (1.0 - g) * r * adv[i] / (n * batch)
    return loss, grad

def luspo_loss(logp, old, mask, adv, eps_low, eps_high):
    """LUSPO, 2602.05261: GSPO's clipped sequence term, each sequence's weighted by its length |y_i|:
    loss = 1/G sum_i |y_i| (-min(s_i A_i, clip(s_i) A_i)), s_i = exp(mean_t log ratio) as in GSPO.

    ds_i/dlogp_{i,t} = s_i / |y_i|: the length factor cancels it, each token's gradient is the slope / G."""
    batch = len(logp)
    loss, grad = 0.0, zeros_like(logp)
    for i in range(batch):
        tokens = active_tokens(mask, i)
        n = max(1, len(tokens))
        s = math.exp(sum(logp[i][t] - old[i][t] for t in tokens) / n)
        value, slope = ppo_clip_term(s, adv[i], eps_low, eps_high)
        loss += len(tokens) * value / batch
        for t in tokens:
            grad[i][t] = slope / batch
    return loss, grad


def vespo_loss(logp, old, mask, adv, k_pos, lambda_pos, k_neg, lambda_neg, num_items):
    """VESPO, 2602.10693: a detached Gamma weight of the *unnormalised* sequence ratio w_i = prod_t r_{i,t},
    phi(w) = e^lambda w^k e^(-lambda w) (phi(1) = 1), (k, lambda) by the sign of A_i (A >= 0: the positive pair);
    loss = -1/sum|o_i| sum_i sum_t phi(w_i) A_i log pi_{i,t}."""
    loss, grad = 0.0, zeros_like(logp)
    for i in range(len(logp)):
        tokens = active_tokens(mask, i)
        log_w = min(20.0, max(math.log(1e-8), sum(max(-20.0, min(20.0, logp[i][t] - old[i][t])) for t in tokens)))
        k, lam = (k_pos, lambda_pos) if adv[i] >= 0 else (k_neg, lambda_neg)
        phi = math.exp(lam + k * log_w - lam * math.exp(log_w))  # a constant: stop-gradient
        for t in tokens:
            loss += -phi * adv[i] * logp[i][t] / num_items
            grad[i][t] = -phi * adv[i] / num_items
    return loss, grad


def rloo_loss(logp, old_seq_logp, mask, adv, eps_low, eps_high):
    """RLOO, 2402.14740: REINFORCE on whole completions, one action per sequence, with the
    leave-one-out advantage. TRL wraps it in a PPO clip of the *sequence* ratio
    R_i = pi(y_i)/pi_old(y_i) = exp(sum_t logp - old_seq_logp) and averages over the batch:
    loss = 1/B sum_i -min(R_i A_i, clip(R_i) A_i). On-policy (R_i = 1) its gradient is the
    paper's estimator -1/B sum_i A_i grad log pi(y_i)."""
    batch = len(logp)
    loss, grad = 0.0, zeros_like(logp)
    for i in range(batch):
        tokens = active_tokens(mask, i)
        seq_logp = sum(logp[i][t] for t in tokens)
        ratio = math.exp(seq_logp - old_seq_logp[i])
        value, slope = ppo_clip_term(ratio, adv[i], eps_low, eps_high)
        loss += value / batch
        for t in tokens:
            grad[i][t] = slope / batch
    return loss, grad


# --------------------------------------------------------------- advantages


def mean(xs: list[float]) -> float:
    return math.fsum(xs) / len(xs)


def sample_std(xs: list[float]) -> float:
    """Standard deviation with Bessel's correction (n - 1), as TRL's nanstd."""
    m = mean(xs)
    return math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def group_advantages(rewards: list[float], group_size: int, scale: str) -> list[float]:
    """GRPO outcome advantage, 2402.03300 section 4.1.2: A_i = (r_i - mean(group)) / std(group),
    with TRL's +1e-4 in the denominator. ``scale``: 'group' (as in the paper), 'none'
    (Dr. GRPO, 2503.20783: no division) or 'batch' (group mean, std over the whole batch)."""
    out = []
    batch_std = sample_std(rewards)
    for start in range(0, len(rewards), group_size):
        group = rewards[start:start + group_size]
        m = mean(group)
        std = {"group": sample_std(group), "batch": batch_std, "none": None}[scale]
        for r in group:
            out.append(r - m if std is None else (r - m) / (std + 1e-4))
    return out


def rloo_advantages(rewards: list[float], group_size: int, seq_kl: list[float] | None = None,
                    beta: float = 0.0, normalize: bool = False) -> list[float]:
    """RLOO, 2402.14740 section 3.2: with R = r - beta * KL(y) (the KL penalty in the reward,
    here the sequence sum of log pi_old - log pi_ref), A_i = R_i - 1/(k-1) sum_{j != i} R_j.
    ``normalize``: then standardise over the batch (TRL's normalize_advantages, +1e-4)."""
    shaped = [r - beta * kl for r, kl in zip(rewards, seq_kl or [0.0] * len(rewards))]
    out = []
    for start in range(0, len(shaped), group_size):
        group = shaped[start:start + group_size]
        for j, r in enumerate(group):
            others = [x for k, x in enumerate(group) if k != j]
            out.append(r - mean(others))
    if normalize:
        m, s = mean(out), sample_std(out)
        out = [(a - m) / (s + 1e-4) for a in out]
    return out


def overlong_reward(length: int, max_length: int, cache: int, penalty: float = 1.0) -> float:
    """DAPO soft overlong punishment, 2503.14476 eq. 13 (scaled by ``penalty``)."""
    if length <= max_length - cache:
        return 0.0
    if length <= max_length:
        return ((max_length - cache) - length) / cache * penalty
    return -penalty


# -------------------------------------------------------------- GSPO-token


def gspo_token_loss_torch(logp, old, mask, adv, eps_low, eps_high):
    """GSPO-token, 2507.18071 eq. 13-14, with autograd (tensors of shape (B, T), adv (B,)).

    s_{i,t} = sg[s_i] * pi(y_t) / sg[pi(y_t)] = exp(sg(log s_i) + logp_t - sg(logp_t)),
    A_{i,t} = A_i; loss = -1/G sum_i 1/|y_i| sum_t min(s_{i,t} A_{i,t}, clip(s_{i,t}) A_{i,t}).
    Written token by token on purpose (loops over i and t)."""
    import torch

    batch = logp.shape[0]
    total = logp.new_zeros(())
    for i in range(batch):
        tokens = [t for t in range(logp.shape[1]) if mask[i][t]]
        n = max(1, len(tokens))
        log_s = sum((logp[i, t] - old[i, t] for t in tokens), logp.new_zeros(())) / n
        seq_total = logp.new_zeros(())
        for t in tokens:
            s_it = torch.exp(log_s.detach() + logp[i, t] - logp[i, t].detach())
            a = float(adv[i])
            clipped = torch.clamp(s_it, 1.0 - eps_low, 1.0 + eps_high)
            seq_total = seq_total - torch.minimum(s_it * a, clipped * a)
        total = total + seq_total / n
    return total / batch
