"""OmegaConf's YAML rules on PyYAML's C parser and emitter (libyaml), for every config Hydra loads or prints.

OmegaConf, and so Hydra, reads each config file with a loader built on PyYAML's pure-Python
scanner and parser, and prints (``--cfg job``, ``.hydra/config.yaml``) with the pure-Python
emitter. On the default job that is ~11 kB of YAML read on every start and ~250 keys printed.
PyYAML's wheels ship libyaml, which scans, parses and emits the same YAML in C.

The classes here keep OmegaConf's own rules: the loader *is* OmegaConf's loader class (its
duplicate-key refusal, its float and no-timestamp resolvers) with libyaml's parser in front;
the dumper *is* OmegaConf's dumper (its quoting of strings that would read back as another
type) with libyaml's emitter behind, for a document whose strings are printable ASCII (libyaml
writes some other characters otherwise than PyYAML does; such a document keeps OmegaConf's dumper).
Only tokenising and writing move to C. A YAML error is read again by OmegaConf's own loader, so
its message (file, line, column, the line itself) is word for word what it was.
tests/unit/config/test_yaml_c.py reads every YAML file of the project and prints every
shipped experiment's config both ways, and requires the same values and the same text.

Measured in bench/overhead.py (``--cfg job`` start-up against the bare Hydra app); docs/DESIGN.md.
Without libyaml (a PyYAML built from source without it) nothing changes.
"""

from __future__ import annotations

from typing import Any

import yaml
from omegaconf import _utils, basecontainer
from omegaconf import omegaconf as _omegaconf

# OmegaConf's own (pure-Python) classes, kept for tests/unit/config/test_yaml_c.py's side-by-side comparison
pure_loader, pure_dumper = _utils.get_yaml_loader, _utils.get_omega_conf_dumper


def _c_loader() -> type:
    from yaml.cyaml import CParser

    pure = pure_loader()  # OmegaConf's class: resolvers and construct_mapping

    class OmegaConfCLoader(CParser, pure):  # type: ignore[misc, valid-type]  # CParser's parsing first
        def __init__(self, stream: Any) -> None:
            self._source, self._source_at = stream, stream.tell() if hasattr(stream, "seek") else None
            CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

        def get_single_data(self) -> Any:
            try:
                return super().get_single_data()
            except yaml.YAMLError:
                # libyaml's error marks carry no excerpt of the line: read it again with OmegaConf's own loader,
                # whose error (file, line, column and the line itself) the user then sees, word for word.
                if self._source_at is not None:
                    self._source.seek(self._source_at)
                return yaml.load(self._source, Loader=pure)

    return OmegaConfCLoader


def _c_dumper() -> type:
    from yaml.cyaml import CEmitter

    pure = pure_dumper()  # OmegaConf's class, its str representer added

    class OmegaConfCDumper(CEmitter, pure):  # type: ignore[misc, valid-type]  # CEmitter's writing first
        def __init__(self, stream: Any, default_style: Any = None, default_flow_style: Any = False,
                     canonical: Any = None, indent: Any = None, width: Any = None, allow_unicode: Any = None,
                     line_break: Any = None, encoding: Any = None, explicit_start: Any = None,
                     explicit_end: Any = None, version: Any = None, tags: Any = None, sort_keys: bool = True) -> None:
            CEmitter.__init__(self, stream, canonical=canonical, indent=indent, width=width, encoding=encoding,
                              allow_unicode=allow_unicode, line_break=line_break, explicit_start=explicit_start,
                              explicit_end=explicit_end, version=version, tags=tags)
            yaml.representer.Representer.__init__(self, default_style=default_style,
                                                  default_flow_style=default_flow_style, sort_keys=sort_keys)
            yaml.resolver.Resolver.__init__(self)

    return OmegaConfCDumper


# Printable ASCII, newline and tab: what libyaml's emitter writes exactly as PyYAML's does, in keys and values.
_PLAIN = frozenset(map(chr, range(0x20, 0x7F))) | {"\n", "\t"}


def plain_text_only(data: Any) -> bool:
    """True when every string in ``data`` (keys too) is printable ASCII, newlines and tabs. libyaml's emitter then
    writes exactly what PyYAML's writes (tests/unit/config/test_yaml_c.py). Other characters it may write otherwise:
    an emoji escaped (``"\\U0001F600"``) where PyYAML writes it as it is, a key holding ``\\r`` as a complex key;
    a document holding any of them keeps OmegaConf's dumper."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not _PLAIN.issuperset(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return True


def _either_dumper(c_dumper: type, pure: type) -> type:
    class EitherDumper:
        """What ``yaml.dump`` builds for OmegaConf.to_yaml: the first document's strings pick the emitter (OmegaConf
        dumps one document per call), so ``open`` waits for it."""

        def __init__(self, stream: Any, **options: Any) -> None:
            self._stream, self._options, self._dumper = stream, options, None

        def _start(self, cls: type) -> None:
            self._dumper = cls(self._stream, **self._options)
            self._dumper.open()

        def open(self) -> None:
            pass

        def represent(self, data: Any) -> None:
            if self._dumper is None:
                self._start(c_dumper if plain_text_only(data) else pure)
            self._dumper.represent(data)

        def close(self) -> None:
            if self._dumper is None:
                self._start(pure)
            self._dumper.close()

        def dispose(self) -> None:
            if self._dumper is not None:
                self._dumper.dispose()

    return EitherDumper


def install() -> bool:
    """Route OmegaConf's YAML through libyaml, once per process. False when PyYAML has no libyaml."""
    if not getattr(yaml, "__with_libyaml__", False):
        return False
    if getattr(_utils.get_yaml_loader, "libyaml", False):
        return True
    loader, dumper = _c_loader(), _either_dumper(_c_dumper(), pure_dumper())

    def get_yaml_loader() -> type:
        return loader

    def get_omega_conf_dumper() -> type:
        return dumper

    get_yaml_loader.libyaml = get_omega_conf_dumper.libyaml = True  # type: ignore[attr-defined]
    _utils.get_yaml_loader = get_yaml_loader  # OmegaConf.load / create import it from _utils at each call
    basecontainer.get_yaml_loader = get_yaml_loader  # merge_with_dotlist's module-level import
    _omegaconf.get_omega_conf_dumper = get_omega_conf_dumper  # to_yaml reads its module-level import
    return True
