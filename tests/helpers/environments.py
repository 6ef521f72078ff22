"""A user's own episode environments, as a user would write them (not loopwright subclasses), for
``task.environment._target_=helpers.environments.<Name>`` (tests/ is on the path; see docs/EPISODES.md).

``Abacus`` fits TRL's environment_factory contract; the others each break one rule of it.
"""

from __future__ import annotations

# Every call any Abacus instance served in this process: (tool, arguments, result). The in-process
# training test reads it to prove TRL called the environment's tools.
CALLS: list[tuple[str, dict, str]] = []


class Abacus:
    """Adds and multiplies integers; rewards an episode that used a tool without an error."""

    def __init__(self, bonus: float = 0.0) -> None:
        self.bonus = bonus
        self.used: list[str] = []

    def reset(self, **row) -> None:
        self.used = []
        self.row = row

    def add(self, a: int, b: int) -> str:
        """Add two integers.

        Args:
            a: The first integer.
            b: The second integer.
        """
        return self._served("add", {"a": a, "b": b}, str(int(a) + int(b)))

    def multiply(self, a: int, b: int) -> str:
        """Multiply two integers.

        Args:
            a: The first integer.
            b: The second integer.
        """
        return self._served("multiply", {"a": a, "b": b}, str(int(a) * int(b)))

    def get_reward(self) -> float:
        return min(1.0, (1.0 if self.used else 0.0) + self.bonus)

    def _served(self, name: str, arguments: dict, result: str) -> str:
        self.used.append(name)
        CALLS.append((name, arguments, result))
        return result


class NoReset:
    def add(self, a: int, b: int) -> str:
        """Add two integers.

        Args:
            a: The first integer.
            b: The second integer.
        """
        return str(a + b)


class ResetWithoutRow(Abacus):
    def reset(self) -> None:  # TRL calls reset(**row): this raises TypeError at the first rollout
        self.used = []


class UndocumentedTool(Abacus):
    def subtract(self, a: int, b: int) -> str:
        return str(a - b)


class RewardWithArguments(Abacus):
    def get_reward(self, completion: str) -> float:
        return 0.0


class NoTools:
    def reset(self, **row) -> None:
        pass

    def get_reward(self) -> float:
        return 0.0


not_a_class = Abacus()
