"""Compose a train.py command line the way train.py does, and run its validation; load nothing.

Composition uses the packaged config tree (``loopwright.config.app_entry.CONF_DIR``, the same one
``python -m loopwright.train`` uses) and Hydra's compose API; validation is
``loopwright.train.validate``, the rules ``train.py`` checks before it imports torch. Hydra's
compose API keeps global state, so one lock serialises every use of it in this process.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import threading
from pathlib import Path
from typing import Any, Iterator

from loopwright.mcp_tools import guard
from loopwright.mcp_tools.paths import Refused, Roots
from loopwright.mcp_tools.redaction import redact_text

_HYDRA_LOCK = threading.Lock()
MAX_VALIDATED_JOBS = 16  # a sweep's first N jobs are composed and validated one by one
MAX_JOBS = 10_000  # a bigger sweep is refused before it is expanded (range(0,200000) kept the server busy)
# A launch takes Hydra overrides only for the sweeper: the run dir is set by the launch tool (under the
# outputs dir) and the launcher comes from provider= (whose paid kinds are gated); hydra/launcher=,
# hydra.run.dir=, hydra.callbacks... would step around both.
LAUNCH_HYDRA_ALLOWED = ("hydra/sweeper", "hydra.sweeper.", "hydra.verbose")
# After composition every string value that names a path on this machine is root-checked (an experiment
# option can set one without an override naming it); these name paths on another machine (the pod's).
REMOTE_PATH_KEYS = ("provider.volume_mount_path",)


@contextlib.contextmanager
def hydra_session() -> Iterator[Any]:
    """Hydra initialised on the packaged conf/ (schemas registered); yields its config loader."""
    from hydra import initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    import loopwright.config  # noqa: F401  registers the typed schemas, as train.py does
    from loopwright.config.app_entry import CONF_DIR

    with _HYDRA_LOCK, initialize_config_dir(config_dir=CONF_DIR, version_base="1.3"):
        yield GlobalHydra.instance().config_loader()


def path_in(value: str, project: Path) -> str | None:
    """The filesystem path a value names, or None: a path (``/x``, ``~/x``, ``./x``, an existing ``a/b``
    under the project), a ``file:`` URL, or an Optuna storage (``journal:<path>``, ``sqlite:///<path>``)."""
    for scheme in ("sqlite:///", "journal:", "file://", "file:"):
        if value.startswith(scheme):
            return value[len(scheme):]
    if "://" in value or not value:
        return None  # a URL (a database, an S3 endpoint): nothing on this machine's disk
    if value[0] in "/~.":
        return value
    try:  # a name in the project (a file, a dir, a link: ``link_orders.csv`` may point anywhere) is a path
        named = os.path.lexists(project / value)
    except (OSError, ValueError):  # too long for a file name, a NUL byte: not a path on this disk
        return None
    return value if named else None  # a hub id (org/name) that is no file in the project is not a path


def _refuse_hydra_key(key: str, roots: Roots) -> None:
    if key.startswith("hydra") and not (key in LAUNCH_HYDRA_ALLOWED or key.startswith(LAUNCH_HYDRA_ALLOWED)):
        raise Refused(f"{key}: a launch takes Hydra overrides only for the sweeper (hydra/sweeper, "
                      f"hydra.sweeper.*); the run dir is set by this server (under {roots.outputs}) and the "
                      f"launcher by provider=<name>")


def check_overrides(overrides: list[str], roots: Roots, reserved: bool = False) -> list[Any]:
    """Parse ``overrides`` with Hydra's parser; refuse a flag, what :mod:`~loopwright.mcp_tools.guard` refuses
    (interpolations; by the server's flags, keys that call out or run code), a path value outside the roots,
    and (for a launch, ``reserved=True``) a Hydra override other than the sweeper's. Returns Hydra's Overrides."""
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.errors import OverrideParseException

    for number, text in enumerate(overrides, 1):
        key_text = text.partition("=")[0]
        if not key_text.isascii():  # a look-alike of a key (a Cyrillic 'о' in "tоken"): Hydra's parse error
            raise Refused(f"override {number}: its key {ascii(key_text)[:120]} has characters other than ASCII; "
                          "config keys are ASCII")  # would repeat the value, which no secret rule knows to scrub
        guard.refuse_interpolation(text, key_text or "override")  # before Hydra's parser sees it
        if text.startswith("-"):
            raise Refused(f"{text!r} is a command-line flag, not an override; give key=value or group=option "
                          f"items only (a sweep: launch with sweep=true)")
        _refuse_huge_ranges(text, number)  # before Hydra's parser, which expands them (shuffle() holds them whole)
    try:
        parsed = OverridesParser.create().parse_overrides(list(overrides))
    except OverrideParseException as err:
        raise Refused(f"override could not be parsed: {redact_text(str(err))}") from None
    _refuse_huge_sweeps(parsed)
    for override in parsed:
        key = override.get_key_element()
        if str(override.package or "").split(".")[0] == "hydra":  # +reward@hydra.callbacks.x: a config loaded
            raise Refused(f"{key}: a config group placed under hydra.* (@{override.package}) is refused; Hydra's "
                          "own settings are not set through another group's package")  # into Hydra's settings
        guard.check(override, roots)
        _refuse_option_path(override, key.lstrip("+~"))
        if reserved:
            _refuse_hydra_key(key.lstrip("+~"), roots)
        if key.lstrip("+~") in REMOTE_PATH_KEYS:
            continue
        for item in _values(override):
            path = path_in(item, roots.project) if isinstance(item, str) else None
            if path is not None:
                roots.readable(path, what=key)
    return parsed


_RANGE = re.compile(r"range\(\s*([-+\d.eE]+)\s*(?:,\s*([-+\d.eE]+)\s*)?(?:,\s*([-+\d.eE]+)\s*)?\)")


def _refuse_huge_ranges(text: str, number: int) -> None:
    """A ``range(...)`` of more than MAX_JOBS values is refused unexpanded: ``shuffle(range(0,50000000))`` held
    50 M values in the server and stalled it past a minute (blind set 5)."""
    for m in _RANGE.finditer(text):
        try:
            args = [float(x) for x in m.groups() if x is not None]
            start, stop = (0.0, args[0]) if len(args) == 1 else (args[0], args[1])
            step = args[2] if len(args) == 3 else 1.0
            count = (stop - start) / step if step else float("inf")
        except (ValueError, OverflowError, ZeroDivisionError):
            continue  # Hydra's parser reports what it cannot read
        if count > MAX_JOBS:
            raise Refused(f"override {number}: {m[0][:80]} has about {count:.3g} values, more than {MAX_JOBS}; "
                          f"narrow it (an Optuna search space samples a range instead of expanding it)")


def _refuse_huge_sweeps(parsed: list[Any]) -> None:
    """The basic sweeper's job count is the product of the sweeps' sizes: refused above MAX_JOBS, counted without
    expanding (each size is counted up to MAX_JOBS + 1)."""
    jobs = 1
    for o in parsed:
        if not o.is_sweep_override():
            continue
        try:
            size = sum(1 for _ in itertools.islice(o.sweep_string_iterator(), MAX_JOBS + 1))
        except Exception:  # noqa: BLE001 (interval / tagged sweeps: the Optuna sweeper samples them, n_trials bounds)
            continue
        jobs *= max(size, 1)
        if jobs > MAX_JOBS:
            raise Refused(f"{o.input_line[:200]}: the sweep would be more than {MAX_JOBS} jobs; narrow it (an Optuna "
                          f"search space, sweep=<name>, samples a range instead of expanding it)")


def _refuse_option_path(override: Any, key: str) -> None:
    """A group's option is a name under conf/<group>/ (``model=tiny``, ``hydra/launcher=slurm``): Hydra joins it to
    the group's dir, so ``model=tiny/../../../elsewhere/x`` would load a YAML file from anywhere."""
    from loopwright.config.app_entry import CONF_DIR

    if "/" not in key and not (key == "sweep" or (Path(CONF_DIR) / key).is_dir()):
        return  # a key (seed=, resume=, +extra=), not a config group
    for value in _values(override):
        if isinstance(value, str) and (value.startswith(("/", "~")) or ".." in value.replace("\\", "/").split("/")):
            raise Refused(f"{key}={value}: an option of the config group {key!r} is a name from list_options, not a "
                          f"path; '..' and absolute paths are refused")


def _values(override: Any) -> list[Any]:
    """Every value an override can take: a sweep's choices one by one, a list's or a dict's items (nested)."""
    if override.is_sweep_override():
        try:
            return list(override.sweep_string_iterator())
        except Exception:  # noqa: BLE001 (interval/range sweeps: numbers, no paths)
            return []
    return list(_leaves(override.value()))


def _leaves(value: Any) -> Any:
    """The scalar leaves of an override's value: a path hidden in a dict (``x={file:/etc/y}``) is one too."""
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _jobs_of(parsed: list[Any]) -> tuple[list[list[str]], list[str]]:
    """The basic sweeper's job list (cartesian product of choice/range sweeps) and the sweeps it cannot expand
    (interval, tag: the Optuna sweeper samples them), which are left out of composition."""
    from hydra._internal.core_plugins.basic_sweeper import BasicSweeper
    from hydra.core.override_parser.types import ValueType

    expandable, sampled = [], []
    for o in parsed:
        if o.is_sweep_override() and o.value_type == ValueType.INTERVAL_SWEEP:
            sampled.append(o.input_line)
        elif o.is_sweep_override() and getattr(o.value(), "tags", None):
            sampled.append(o.input_line)
        else:
            expandable.append(o)
    batches = BasicSweeper.split_arguments(expandable, None)
    return [job for batch in batches for job in batch], sampled


def _composition_error(err: BaseException) -> str:
    text = f"{type(err).__name__}: {err}"
    cause = err.__cause__ or err.__context__
    if cause is not None and str(cause) and str(cause) not in text:
        text += f" ({type(cause).__name__}: {cause})"
    return text


def compose_job(overrides: list[str]) -> tuple[Any, dict[str, str]]:
    """One job's config (the hydra node dropped) and its group choices; raises what Hydra raises."""
    from hydra import compose
    from omegaconf import open_dict

    with hydra_session():
        cfg = compose("train", list(overrides), return_hydra_config=True)
    choices = {k: v for k, v in cfg.hydra.runtime.choices.items() if not str(k).startswith("hydra/")}
    if cfg.hydra.runtime.choices.get("hydra/sweeper") == "loopwright":  # sweep=<name>: Optuna runs n_trials jobs
        choices["hydra/sweeper"], choices["n_trials"] = "loopwright", int(cfg.hydra.sweeper.n_trials)
    with open_dict(cfg):
        del cfg["hydra"]
    return cfg, choices


def problems_of(cfg: Any) -> list[str]:
    """train.py's validation, inert: no network call, no calibration gate, no user module imported
    (:func:`loopwright.config.checks.inert`; the launched run validates again, in full)."""
    from loopwright.config.checks import inert
    from loopwright.train.validate import problems_in

    with inert():
        return problems_in(cfg)


def _string_leaves(node: Any, prefix: str = "") -> Any:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _string_leaves(v, f"{prefix}{k}.")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _string_leaves(v, f"{prefix}{i}.")
    elif isinstance(node, str):
        yield prefix[:-1], node


def check_paths(cfg: Any, roots: Roots) -> None:
    """Refuse a composed job any of whose string values names a path outside the roots (``task.path``,
    ``reward.rubric_file``, ``eval.prompts``, a dict's item...), whichever option or override set it."""
    from omegaconf import OmegaConf

    for key, value in _string_leaves(OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)):
        path = path_in(value, roots.project) if value != "auto" and key not in REMOTE_PATH_KEYS else None
        if path is not None:
            roots.readable(path, what=key)


def command_line(overrides: list[str], multirun: bool) -> str:
    from loopwright.runs.writer import redact_override

    shown = [redact_override(o) for o in overrides]
    return " ".join(["python train.py", *(["-m"] if multirun else []), *shown])


def checked(overrides: list[str], roots: Roots, multirun: bool = False,
            reserved: bool = False) -> tuple[dict[str, Any], Any]:
    """({ok, problems, command, multirun, jobs, choices, config}, the first job's DictConfig or None).

    A sweep (comma lists, ``range(...)``) is expanded as Hydra's basic sweeper would and its first
    ``MAX_VALIDATED_JOBS`` jobs are each composed and validated; the config returned is the first job's,
    resolved, with secret-named values redacted."""
    from loopwright.runs.writer import redacted_config

    parsed = check_overrides(overrides, roots, reserved=reserved)
    jobs, sampled = _jobs_of(parsed)
    multirun = multirun or len(jobs) > 1 or bool(sampled)
    out: dict[str, Any] = {"ok": False, "problems": [], "command": command_line(overrides, multirun),
                           "multirun": multirun, "jobs": len(jobs)}
    if sampled:
        out["sampled_by_sweeper"] = sampled
    first = None
    for i, job in enumerate(jobs[:MAX_VALIDATED_JOBS]):
        prefix = redact_text(f"job {i} ({' '.join(job)}): ") if len(jobs) > 1 else ""
        try:
            cfg, choices = compose_job(job)
            check_paths(cfg, roots)  # resolves every value: an error there is a composition problem too
        except Refused:
            raise
        except Exception as err:  # noqa: BLE001 (every composition error is reported, not raised)
            # Hydra's message repeats the override, value included: a secret's value is redacted.
            out["problems"].append(prefix + redact_text(_composition_error(err)))
            continue
        out["problems"].extend(prefix + redact_text(p) for p in problems_of(cfg))
        if first is None:
            if "n_trials" in choices:  # the Optuna sweeper's budget (comma lists are its choices, not a product)
                out["multirun"], out["jobs"] = True, choices.pop("n_trials")
                out["command"] = command_line(overrides, True)
            first, out["choices"], out["config"] = cfg, choices, redacted_config(cfg)
    if len(jobs) > MAX_VALIDATED_JOBS:
        out["note"] = f"the first {MAX_VALIDATED_JOBS} of {len(jobs)} jobs were composed and validated"
    out["ok"] = not out["problems"]
    return out, first


def provider_kind(cfg: Any) -> str:
    kind = cfg.provider.kind
    return str(getattr(kind, "value", kind))
