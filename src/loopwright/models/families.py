"""The model families: what a first run needs, decided from the config before anything loads (no torch).

* **Thinking** (``model.thinking``: auto | on | off; null for a family without a thinking mode) becomes the
  chat-template kwargs that every place a prompt is rendered passes, the same everywhere: training (TRL's
  ``chat_template_kwargs``; SFT rows carry them), held-out evaluation (plain and in episodes), the token
  check, the rollout sync check, and, through ``model/chat_template_kwargs.json`` beside the saved
  weights, serve and chat. ``auto`` is on only when ``profile.max_completion_length`` reaches
  :data:`THINKING_FLOOR`.
* **Family x task mode**: which family works in which task mode (single-turn, multi-turn episodes, SFT
  transcripts); the rest is refused at validation with the reason and the way out (:func:`problems`),
  before the model loads: the cells that cannot work at all, and those whose token check cannot pass.

docs/MODELS.md has the table; tests/unit/models/test_families.py checks it against :data:`REFUSED`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopwright.runs import reader

# The smallest completion budget (tokens) at which model.thinking=auto lets Qwen3 think. Qwen3's reasoning
# block for even a one-line arithmetic or GSM8K question runs to hundreds of tokens before the answer (Qwen's
# model card suggests 32768 tokens of output for thinking mode); below ~1k tokens most completions are cut
# inside <think>, the answer is never written and every reward is 0 (profile=cpu: 12 tokens, profile=gpu: 256).
THINKING_FLOOR = 1024

# model option -> family (its chat template); random-init models by their model.random_init.chat_template
FAMILY_OF = {"smollm2": "smollm2", "smollm2_360m": "smollm2", "tiny": "smollm2", "qwen": "qwen3",
             "tiny_qwen3": "qwen3", "qwen2_5": "qwen2_5", "llama": "llama3_2", "tiny_llama": "llama3_2"}
_TEMPLATE_FAMILY = {"qwen3": "qwen3", "llama3_2": "llama3_2", "qwen2_5": "qwen2_5"}
FAMILIES = ("smollm2", "qwen3", "qwen2_5", "llama3_2")
THINKING_FAMILIES = ("qwen3",)  # templates that take enable_thinking
MODES = ("single-turn", "multi-turn episodes", "SFT transcripts")

# (family, mode) -> why it cannot work, and the way out. Every other cell works.
REFUSED: dict[tuple[str, str], str] = {
    ("llama3_2", "multi-turn episodes"): (
        "Llama 3.2's chat template is not prefix-preserving and TRL 1.16 has no training template for it, so "
        "TRL refuses environment_factory episodes (GRPO/RLOO with task.multi_turn=true) once the model is "
        "loaded. Way out: model=qwen2_5 (or model=smollm2) for episodes, or train the tool-use "
        "transcripts with objective=sft (experiment=tool_agent_sft task.token_check=false)"),
}


# (family, mode) -> why its token check cannot pass (task.multi_turn=true with task.token_check=true: the check
# runs after load, before any step). Refused at validation while the check is on, so the reason comes before
# the model loads; task.token_check=false is the knowing way through (the cell then trains with TRL's template).
REFUSED_WITH_TOKEN_CHECK: dict[tuple[str, str], str] = {
    ("qwen3", "multi-turn episodes"): (
        "Qwen3's published template drops the empty <think></think> block of an earlier assistant turn while TRL "
        "generates with its training template, which keeps it: what TRL trains on is not what serve re-renders, "
        "and the token check stops every such run (exit 8). Way out: task.token_check=false (train with TRL's "
        "template knowingly), or model=qwen2_5"),
    # task.multi_turn=true SFT runs the same check (the transcripts' agent is then run in episodes)
    ("qwen3", "SFT transcripts"): (
        "the token check of the transcripts' episodes fails as for qwen3 x multi-turn episodes (Qwen3's template "
        "drops the empty <think></think> block TRL keeps). Way out: task.token_check=false, or model=qwen2_5"),
    ("llama3_2", "SFT transcripts"): (
        "TRL has no training template for Llama 3.2, so the token check cannot build the episodes' generation. "
        "Way out: task.token_check=false (SFT itself needs no training template)"),
}


def cell(fam: str, mode: str) -> str:
    """The table's word for a family x task-mode cell (docs/MODELS.md)."""
    if (fam, mode) in REFUSED:
        return "refused at validation (exit 2)"
    if (fam, mode) in REFUSED_WITH_TOKEN_CHECK:
        return "refused at validation while task.token_check=true (exit 2)"
    return "trains"


def family(model_cfg: Any) -> str | None:
    """The chat-template family of a model option; None for an option this table does not know."""
    random_init = model_cfg.get("random_init")
    if str(model_cfg.source.value if hasattr(model_cfg.source, "value") else model_cfg.source) == "random_init":
        template = random_init.get("chat_template") if random_init is not None else None
        return _TEMPLATE_FAMILY.get(template, "smollm2") if template else "smollm2"
    return FAMILY_OF.get(str(model_cfg.name))


def task_mode(cfg: Any) -> str:
    if cfg.objective.trainer.value == "sft":
        return "SFT transcripts"
    return "multi-turn episodes" if cfg.task.multi_turn else "single-turn"


def _setting(model_cfg: Any) -> str | None:
    value = model_cfg.get("thinking")
    return getattr(value, "value", value)


def thinking(cfg: Any) -> dict[str, Any] | None:
    """What the run uses: setting, enabled, the budget and floor behind ``auto``; None: no thinking mode."""
    return _thinking(cfg.model, int(cfg.profile.max_completion_length))


def _thinking(model_cfg: Any, budget: int) -> dict[str, Any] | None:
    setting = _setting(model_cfg)
    if setting is None:
        return None
    enabled = budget >= THINKING_FLOOR if setting == "auto" else setting == "on"
    why = (f"auto: profile.max_completion_length={budget} {'>=' if enabled else '<'} the floor {THINKING_FLOOR}"
           if setting == "auto" else f"model.thinking={setting}")
    return {"setting": setting, "enabled": enabled, "budget": budget, "floor": THINKING_FLOOR, "why": why}


def chat_template_kwargs(cfg: Any) -> dict[str, Any]:
    """The kwargs every renderer of this run passes to ``apply_chat_template``: ``{}`` or ``enable_thinking``."""
    return kwargs_for(cfg.model, int(cfg.profile.max_completion_length))


def kwargs_for(model_cfg: Any, budget: int) -> dict[str, Any]:
    """:func:`chat_template_kwargs` for a model config and a completion budget (the flywheel's harvest)."""
    t = _thinking(model_cfg, budget)
    return {} if t is None else {"enable_thinking": bool(t["enabled"])}


KWARGS_FILE = "chat_template_kwargs.json"  # beside the saved weights: serve and chat render as training did


def save_kwargs(model_dir: Path, kwargs: dict[str, Any]) -> None:
    from loopwright.runs import writer

    writer.write_json_atomic(Path(model_dir) / KWARGS_FILE, kwargs)


def load_kwargs(model_dir: Path) -> dict[str, Any]:
    """A saved model's chat-template kwargs ({} when absent). The file is input from outside: only
    ``enable_thinking`` with a boolean is accepted, anything else is refused with the file named."""
    path = Path(model_dir) / KWARGS_FILE
    if not path.is_file():
        return {}
    try:
        data = reader.read_json(path)
    except (OSError, ValueError) as err:  # DamagedFile is a ValueError, NotRegularFile an OSError
        raise ValueError(f"{path}: not readable JSON ({err})") from None
    if not isinstance(data, dict) or set(data) - {"enable_thinking"} or not all(
            isinstance(v, bool) for v in data.values()):
        raise ValueError(f"{path}: only {{\"enable_thinking\": true|false}} is accepted, got {str(data)[:200]!r}")
    return data


def problems(cfg: Any) -> list[str]:
    """model.thinking against the family and the budget; the family x task-mode cells that cannot work."""
    out: list[str] = []
    m, fam, setting = cfg.model, family(cfg.model), _setting(cfg.model)
    if setting is not None and fam is not None and fam not in THINKING_FAMILIES:
        out.append(f"model.thinking={setting}: model={m.name}'s chat template ({fam}) has no thinking mode "
                   f"(only Qwen3 has one: model=qwen, tiny_qwen3); set model.thinking=null")
    budget = int(cfg.profile.max_completion_length)
    if setting == "on" and budget < THINKING_FLOOR and cfg.objective.trainer.value != "sft":
        out.append(f"model.thinking=on with profile.max_completion_length={budget}: completions would be cut "
                   f"inside the <think> block (the floor is {THINKING_FLOOR} tokens) and score nothing; use "
                   f"model.thinking=off (or auto), or profile.max_completion_length={THINKING_FLOOR}")
    mode = task_mode(cfg)
    if (fam, mode) in REFUSED:
        out.append(f"model={m.name} with {mode} ({_mode_override(mode)}): {REFUSED[(fam, mode)]}")
    if (fam, mode) in REFUSED_WITH_TOKEN_CHECK and cfg.task.multi_turn and cfg.task.get("token_check", True):
        out.append(f"model={m.name} with {mode} ({_mode_override(mode)}, task.multi_turn=true, "
                   f"task.token_check=true): {REFUSED_WITH_TOKEN_CHECK[(fam, mode)]}")
    return out


def _mode_override(mode: str) -> str:
    return {"single-turn": "task.multi_turn=false", "multi-turn episodes": "task.multi_turn=true",
            "SFT transcripts": "objective=sft"}[mode]
