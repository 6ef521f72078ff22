"""An OpenEnv calculator for docs/EPISODES.md's OpenEnv learning check (SmolLM2-135M, SFT warm-up then GRPO).

``Calculator`` runs in the training process (an ``openenv.core.env_server.interfaces.Environment``). Its action
is one arithmetic expression; a step evaluates it (integers, + - * / ** and parentheses, nothing else) and ends
the episode, rewarded 1.0 when the value is the row's ``answer``. The requests (``openenv_calculator.jsonl``,
written by ``python examples/envs/openenv_calculator.py examples/envs/openenv_calculator.jsonl``) are products,
quotients, squares and small sums of 2-3 digit numbers that a 135M model cannot compute unaided, so the reward
comes from calling the tool with the right expression.

``demonstration()`` is what a good agent does next (``task.environment.demonstrations=true`` turns it into SFT
transcripts, src/loopwright/episodes/demonstrations.py): after ``reset`` the right call, after the step the
final reply stating the result. The two-stage recipe (``PYTHONPATH=examples/envs``):

    python train.py experiment=openenv_agent_sft     # SFT on the environment's demonstrations
    python train.py experiment=openenv_agent_grpo    # GRPO in episodes from the warm-up's model
"""

from __future__ import annotations

import ast
import json
import operator
import random
import sys

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.Pow: operator.pow}


def evaluate(expression: str) -> float:
    """The value of an integer arithmetic expression; ValueError for anything else (names, huge powers, ...)."""
    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = walk(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            left, right = walk(node.left), walk(node.right)
            if isinstance(node.op, ast.Pow) and abs(right) > 8:
                raise ValueError("exponent too large")
            return _OPS[type(node.op)](left, right)
        raise ValueError(f"not arithmetic: {ast.dump(node)[:60]}")

    if len(expression) > 200:
        raise ValueError("expression too long")
    return walk(ast.parse(expression, mode="eval"))


def show(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


class CalcAction(Action):
    """Evaluate an arithmetic expression."""

    expression: str = Field(description="The arithmetic expression to evaluate, e.g. 347 * 52.")


class CalcObservation(Observation):
    result: str = ""


class Calculator(Environment[CalcAction, CalcObservation, State]):
    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self) -> None:
        super().__init__()
        self.answer, self.expression, self.result, self._state = None, None, None, State()

    def reset(self, seed=None, episode_id=None, answer: str | None = None, expression: str | None = None,
              **kwargs) -> CalcObservation:
        self.answer, self.expression, self.result = answer, expression, None
        self._state = State(episode_id=episode_id)
        return CalcObservation(result="Call step with the expression to compute.")

    def step(self, action: CalcAction, timeout_s=None, **kwargs) -> CalcObservation:
        self._state.step_count += 1
        try:
            value = evaluate(action.expression)
            shown = show(value)  # an int past float's range cannot be shown or compared: an error, not a crash
        except (ValueError, SyntaxError, ZeroDivisionError, OverflowError) as err:
            return CalcObservation(result=f"error: {err}", reward=0.0, done=True)
        self.result = shown
        try:
            right = self.answer is not None and abs(value - float(self.answer)) < 1e-6
        except ValueError:  # an answer that is no number
            right = False
        return CalcObservation(result=self.result, reward=float(right), done=True)

    def demonstration(self) -> CalcAction | str | None:
        """The next move of a good agent: the row's expression, then the reply stating the tool's result."""
        if self.result is None:
            return CalcAction(expression=self.expression) if self.expression else None
        return f"The answer is {self.result}."

    @property
    def state(self) -> State:
        return self._state


_REQUESTS = [("What is {a} times {b}?", "{a} * {b}"), ("What's {p} divided by {b}?", "{p} / {b}"),
             ("Calculate ({a} + {b}) * {c}.", "({a} + {b}) * {c}"), ("What is {a} squared?", "{a} ** 2"),
             ("Multiply {a} by {b}.", "{a} * {b}"), ("Compute {a} + {b} - {c}.", "{a} + {b} - {c}")]


def requests(n: int = 160, seed: int = 7) -> list[dict]:
    """``n`` distinct requests: {prompt, expression, answer} (the answer computed, never written by hand)."""
    rng, out, seen = random.Random(seed), [], set()
    while len(out) < n:
        question, expression = rng.choice(_REQUESTS)
        a, b, c = rng.randint(12, 999), rng.randint(12, 99), rng.randint(3, 9)
        nums = {"a": a, "b": b, "c": c, "p": a * b}
        prompt = question.format(**nums)
        if prompt not in seen:
            seen.add(prompt)
            expr = expression.format(**nums)
            out.append({"prompt": prompt, "expression": expr, "answer": show(evaluate(expr))})
    return out


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in requests())
