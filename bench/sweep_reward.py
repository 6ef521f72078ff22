"""A reward a random-init ``model=tiny`` can learn within tens of steps (bench/sweep.py).

model=tiny is a 2-layer random model: it never solves arithmetic, so its held-out
accuracy is 0 under every hyperparameter and a sweep over it has nothing to find.
This grader asks for a reply at least ``3 * answer`` characters long (partial
credit below that). The untrained model's greedy reply is eight newlines, which
meets the target only for answers 0-2; sampled replies vary in length, so GRPO
gets a signal and pushes greedy replies towards longer tokens, at a speed that
depends on the learning rate. Held-out accuracy (reward 1.0) then moves between
0.1 and 1.0: enough to exercise the sweeper and its pruner on a real training
run. It measures the sweeper's mechanics, not RL on a real task.
"""

from loopwright.rewards import completion_text


def long_enough(completions, answer, **_):
    out = []
    for completion, target in zip(completions, answer):
        need = 3 * int(target)
        out.append(1.0 if need <= 0 else min(1.0, len(completion_text(completion)) / need))
    return out
