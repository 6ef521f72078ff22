"""GSM8K-format word problems: a JSONL file of ``{"question": ..., "answer": "... #### N"}``.

``task.path`` names the file (the format of the GSM8K release, e.g. its
``test.jsonl``); without it the task uses the shipped set
``loopwright/data/gsm8k_word_problems.jsonl``: 300 short one- and two-step
word problems generated with a fixed seed by
``scripts/make_gsm8k_word_problems.py`` (offline, and easy enough for a small
model to be worth training on).

Each row: ``prompt`` = the question as a user message (after
``task.system_prompt`` as a system message, when set); ``answer`` = the final
number after ``####``, normalised (``"1,234"`` -> ``"1234"``); ``solution`` =
the full answer text. A line that is not a JSON object, lacks ``question`` or
``answer``, or whose answer has no ``#### N`` raises an error naming
``file:line``. Splits are those of task=jsonl: distinct questions, shuffled
with ``task.seed``, held out = the first ``task.n_eval``, train = the next
``task.n_train``; too few rows is an error naming both keys and the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopwright.rewards.gsm8k import normalise
from loopwright.tasks import register
from loopwright.tasks.jsonl import TaskFileError, load, problems, split, system_messages

SHIPPED = Path(__file__).resolve().parents[1] / "data" / "gsm8k_word_problems.jsonl"
FIELDS = {"prompt": "question", "answer": "answer"}


def final_answer(solution: str) -> str | None:
    """The normalised number after the last ``####`` of a GSM8K solution, or None."""
    if "####" not in solution:
        return None
    return normalise(solution.rsplit("####", 1)[1].strip().rstrip("."))


def _parse(obj: dict, field_map: dict[str, str], system: list[dict], where: str) -> dict:
    question, solution = obj.get("question"), obj.get("answer")
    for name, value in (("question", question), ("answer", solution)):
        if name not in obj:
            raise TaskFileError(f"{where}: missing field '{name}' (a GSM8K line has 'question' and 'answer')")
        if not isinstance(value, str) or not value.strip():
            raise TaskFileError(f"{where}: field '{name}' must be a non-empty string, got "
                                f"{type(value).__name__ if not isinstance(value, str) else 'an empty string'}")
    answer = final_answer(solution)
    if answer is None:
        raise TaskFileError(f"{where}: field 'answer' must end with '#### <number>' (GSM8K format), "
                            f"got ...{solution[-40:]!r}")
    return {"prompt": system + [{"role": "user", "content": question}], "answer": answer, "solution": solution}


@register("gsm8k", problems=problems,
          summary="GSM8K-format JSONL (task.path, or the shipped word problems), final-number answers")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows) from ``task.path`` or the shipped word problems."""
    path = str(Path(str(cfg.path)).expanduser()) if cfg.get("path") else str(SHIPPED)
    rows = load(path, FIELDS, system_messages(cfg), parse=_parse)
    return split(rows, cfg, path)
