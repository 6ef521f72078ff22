"""What an MCP client may put into an override, by the server's flags (docs/MCP.md has the table).

A client of this server may be a coding agent steered by text it read, so every override is judged
by its key (and every key nested in a dict value) before anything is composed:

- **from every client**: no interpolation (``${...}``): Hydra would resolve it in this server, and
  ``${oc.env:NAME}`` reads any environment variable;
- **without --allow-launch** (read-only): no key that names a host to send requests to (``*url``,
  ``*endpoint``, ``*address``), an environment variable to send as a key (``*api_key_env``), the
  calibration gate's labelled set (``*.calibration``: the gate calls the grader) or a cache dir
  (``*cache_dir``: the judge writes there and trusts what it reads back);
- **without --allow-code-execution**: no key that makes a run (or this server) execute code the client
  chose: Hydra's instantiate keys (``_target_`` and kin) anywhere in a key or a value, ``*trust_remote_code``,
  a dict or list under ``hydra.sweeper.*`` (Hydra builds the sweeper recursively, instantiating any nested
  ``_target_``), ``hydra.searchpath`` (a package Hydra imports, a directory it reads), and the cloud pod's
  command, image and environment (``provider.setup_cmd``, ...).
"""

from __future__ import annotations

from typing import Any, Iterator

from loopwright.mcp_tools.paths import Refused, Roots

INSTANTIATE_KEYS = ("_target_", "_args_", "_partial_", "_recursive_", "_convert_")
# (test on the key's last word, why it is refused) for a read-only server
_READ_ONLY = (
    (lambda leaf: leaf.endswith(("url", "endpoint")) or leaf == "address",
     "names a host this server or the job it plans would send requests (and API keys) to"),
    (lambda leaf: leaf.endswith("api_key_env"),
     "names an environment variable whose value would be sent as a bearer token"),
    (lambda leaf: leaf == "calibration", "turns on the calibration gate, which calls the grader (a judge: "
                                         "over the network) during validation"),
    (lambda leaf: leaf.endswith("cache_dir"), "points the grader's answer cache (written, then trusted) at "
                                              "another directory"),
)
# The cloud pod runs these (a shell command, a container image, its environment, Ray's packages and files).
_PROVIDER_CODE_KEYS = ("provider.setup_cmd", "provider.image", "provider.env", "provider.runtime_env")
_NEEDS_LAUNCH = ("restart the server with --allow-launch to let clients set it (docs/MCP.md), or set it in "
                 "a config file of the project")
_NEEDS_CODE = ("it can run code the client chose; only a server started with --allow-launch "
               "--allow-code-execution accepts it (docs/MCP.md), or set it in a config file of the project")


def _nested_keys(key: str, value: Any) -> Iterator[str]:
    """``key`` and, for a dict value, every key inside it as a full dotted key (lists by index)."""
    yield key
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nested_keys(f"{key}.{k}", v)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nested_keys(f"{key}.{i}", v)


def refuse_interpolation(text: str, what: str) -> None:
    if "${" in text:
        raise Refused(f"{what}: an interpolation (${{...}}) is not accepted from MCP clients: this server would "
                      f"resolve it (${{oc.env:NAME}} reads any environment variable); give the value itself")


def check(override: Any, roots: Roots) -> None:
    """Refuse one parsed Hydra override that the server's flags do not allow (the module docstring's rules)."""
    key = override.get_key_element().lstrip("+~")
    refuse_interpolation(override.input_line, key)
    value = None if override.is_sweep_override() else override.value()
    keys = list(_nested_keys(key, value))
    if not roots.allow_code_execution:
        _refuse_code(override, key, value, keys)
    if not roots.allow_launch:
        for full in keys:
            leaf = full.rsplit(".", 1)[-1].lower()
            for test, why in _READ_ONLY:
                if test(leaf):
                    raise Refused(f"{full}: this key {why}; a read-only server refuses it from clients: "
                                  f"{_NEEDS_LAUNCH}")


def _refuse_code(override: Any, key: str, value: Any, keys: list[str]) -> None:
    text = override.input_line.partition("=")[2]
    for full in keys:
        if any(k in full for k in INSTANTIATE_KEYS):
            raise Refused(f"{full}: Hydra and loopwright import and call what a _target_ names; {_NEEDS_CODE}")
    if any(k in text for k in INSTANTIATE_KEYS):
        raise Refused(f"{key}: its value holds a _target_ (or another instantiate key), which Hydra imports "
                      f"and calls; {_NEEDS_CODE}")
    for full in keys:
        if full.rsplit(".", 1)[-1] == "trust_remote_code" and not (full == key and value is False):
            raise Refused(f"{full}: true runs the Python files of a hub repository when the model loads; "
                          f"{_NEEDS_CODE}")
        if full == key and any(key == k or key.startswith(k + ".") for k in _PROVIDER_CODE_KEYS):
            raise Refused(f"{key}: the cloud pod runs it (its command, image or environment); {_NEEDS_CODE}")
    if key == "hydra.searchpath" or key.startswith("hydra.searchpath."):
        raise Refused(f"{key}: a config search path is a package Hydra imports (pkg://) or a directory it reads "
                      f"(file://), anywhere; {_NEEDS_CODE}")
    if key.startswith("hydra.sweeper.") and isinstance(value, (dict, list)):
        raise Refused(f"{key}: not a scalar; Hydra builds the sweeper from its config recursively (a nested "
                      f"_target_ is imported and called), so MCP clients may set hydra.sweeper.* to scalars and "
                      f"sweeps only (a search space: sweep=<name>); {_NEEDS_CODE}")
