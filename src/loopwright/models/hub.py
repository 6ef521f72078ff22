"""``model.name_or_path`` as a Hugging Face hub id: is it loadable here, before anything heavy?

A hub id loads when the model is in the local Hugging Face cache or the hub can be
reached. Offline (``HF_HUB_OFFLINE=1``, or the hub not answering a 3 s probe) and not
cached, the run would fail minutes later inside ``from_pretrained``; :func:`problems`
says so at validation instead, with the command that fetches the model. Nothing here
downloads, and nothing imports torch: only huggingface_hub's cache lookup and one
HEAD request (standard library) when not offline and not cached.
"""

from __future__ import annotations

import importlib.metadata
import os
import threading
from pathlib import Path
from typing import Any

PROBE_TIMEOUT_S = 3.0
_TRUE = {"1", "on", "yes", "true"}  # huggingface_hub's reading of a boolean environment variable


def is_hub_id(name_or_path: str) -> bool:
    """True when transformers would look ``name_or_path`` up on the hub (not an existing or explicit path)."""
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    text = str(name_or_path)
    if text.startswith(("/", "./", "../", "~")) or Path(text).expanduser().exists():
        return False
    try:
        validate_repo_id(text)
    except HFValidationError:  # not a valid id either: from_pretrained will say what it is
        return False
    return True


def offline_reason() -> str | None:
    """Why the hub is out of reach (a sentence part), or None when it answers."""
    for var in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        if os.environ.get(var, "").strip().lower() in _TRUE:
            return f"{var}={os.environ[var]}"
    from huggingface_hub import constants

    from loopwright.config.checks import is_inert

    if is_inert():
        return None  # no probe: whether the hub answers is left to the run, which probes it again
    endpoint = os.environ.get("HF_ENDPOINT", constants.ENDPOINT).rstrip("/")
    answer: list[BaseException | None] = []

    def probe() -> None:
        import urllib.error
        import urllib.request

        try:  # the standard library's client: it honours the proxy variables, and nothing is read
            urllib.request.urlopen(urllib.request.Request(endpoint, method="HEAD"), timeout=PROBE_TIMEOUT_S).close()
            answer.append(None)
        except urllib.error.HTTPError:
            answer.append(None)  # any answer at all means reachable, whatever its status
        except Exception as err:
            answer.append(err)

    # A thread, because a name lookup that hangs is outside the HTTP client's timeout.
    thread = threading.Thread(target=probe, name="loopwright-hub-probe", daemon=True)
    thread.start()
    thread.join(PROBE_TIMEOUT_S)
    if answer and answer[0] is None:
        return None
    why = type(answer[0]).__name__ if answer else "timed out"
    return f"{endpoint} did not answer within {PROBE_TIMEOUT_S:g} s: {why}"


def cache_dir() -> str:
    """The hub cache transformers reads, from the environment as it is now."""
    from huggingface_hub import constants

    home = os.environ.get("HF_HOME")
    return (os.environ.get("HF_HUB_CACHE") or os.environ.get("HUGGINGFACE_HUB_CACHE")
            or (str(Path(home).expanduser() / "hub") if home else constants.HF_HUB_CACHE))


def is_cached(repo_id: str) -> bool:
    """The model's config.json is in the local cache (what from_pretrained reads first)."""
    from huggingface_hub import try_to_load_from_cache

    found = try_to_load_from_cache(repo_id, "config.json", cache_dir=cache_dir())
    return isinstance(found, str)


def download_commands(repo_id: str) -> list[str]:
    """The installed huggingface_hub's CLI commands that fetch ``repo_id``
    (``hf`` since 0.34, the old name before 1.0)."""
    try:
        scripts = {e.name for e in importlib.metadata.distribution("huggingface_hub").entry_points
                   if e.group == "console_scripts"}
    except importlib.metadata.PackageNotFoundError:
        scripts = set()
    commands = [f"{cli} download {repo_id}" for cli in ("hf", "huggingface-cli") if cli in scripts]
    return commands or [f"hf download {repo_id}"]


def problems(model_cfg: Any) -> list[str]:
    """A validation problem when ``model.name_or_path`` is a hub id that cannot load here, else []."""
    name = model_cfg.name_or_path
    if not name or not is_hub_id(str(name)) or is_cached(str(name)):
        return []
    reason = offline_reason()
    if reason is None:
        return []
    fetch = " or ".join(f"`{c}`" for c in download_commands(str(name)))
    return [f"model.name_or_path={name} (model={model_cfg.name}) is a hub id that is not in the local Hugging Face "
            f"cache ({cache_dir()}), and the hub is out of reach ({reason}). Fetch it once while online: {fetch} "
            f"(gated models need HF_TOKEN in the environment); or point at a local copy: "
            f"model.name_or_path=/path/to/model"]
