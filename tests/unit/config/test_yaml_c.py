"""loopwright.config.yaml_c: OmegaConf's YAML rules on libyaml read and print exactly what OmegaConf's own classes do.

Side by side in one process: OmegaConf's pure-Python loader and dumper (``yaml_c.pure_loader`` /
``pure_dumper``) against the ones installed when loopwright.config is imported.
"""

from __future__ import annotations

import io
import subprocess

import pytest
import yaml
from omegaconf import OmegaConf, _utils

import loopwright.config  # noqa: F401  installs the libyaml classes
from helpers import ROOT, compose, options
from loopwright.config import yaml_c

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="this PyYAML has no libyaml: nothing installed")
YAML_FILES = subprocess.run(["git", "ls-files", "*.yaml", "*.yml"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
# Scalars whose type depends on the resolvers: OmegaConf reads 1e-3 as a float (YAML 1.1 would not), keeps dates as
# strings, and its dumper quotes a string that would read back as a bool, an int or a float.
TRICKY = ["1e-3", "1.0e-5", "-.inf", ".nan", "0x1F", "0o17", "1_000", "12:30:00", "2026-12-04", "2026-12-04 10:00:00",
          "yes", "No", "on", "OFF", "y", "~", "null", "", " padded ", "trailing  ", "a: b", "- item", "#not a comment",
          "'quoted'", '"double"', "multi\nline\n", "tab\there", "ünïcödé ✓", "${interp.key}", "x" * 200,
          " ".join(["long words"] * 30), "\\back\\slash", "%percent", "@at", "`tick`", "!tag", "&anchor", "*alias",
          "\t lead tab", "trail\n\n",
          # not printable ASCII: libyaml would write some of them otherwise, so these keep OmegaConf's dumper
          "\x07bell", "nul\x00byte", "\x1b[31mred", "a\rb", "emoji \U0001F600", "a\x85b", "a\u2028b", "\ufeffbom",
          "é" * 100, "ｆｕｌｌ", "a\u00a0b"]


def test_the_libyaml_classes_are_installed():
    loader = _utils.get_yaml_loader()
    assert loader.__name__ == "OmegaConfCLoader" and issubclass(loader, yaml.cyaml.CParser)
    assert loader.construct_mapping.__module__ == "omegaconf._utils"  # OmegaConf's rules, inherited
    dumper = OmegaConf.to_yaml.__globals__["get_omega_conf_dumper"]()
    for data, emitter in [({"k": "ascii\ttab\n", "l": [1, "x"]}, "OmegaConfCDumper"),
                          ({"k": ["emoji \U0001F600"]}, "OmegaConfDumper"), ({"a\rb": 1}, "OmegaConfDumper")]:
        chosen = dumper(io.StringIO())
        chosen.represent(data)
        assert type(chosen._dumper).__name__ == emitter


@pytest.mark.parametrize("path", YAML_FILES)
def test_every_yaml_file_of_the_project_reads_the_same(path):
    text = (ROOT / path).read_text()
    assert yaml.load(text, Loader=_utils.get_yaml_loader()) == yaml.load(text, Loader=yaml_c.pure_loader())


def _dump(data, dumper):
    return yaml.dump(data, default_flow_style=False, allow_unicode=True, sort_keys=False, Dumper=dumper)


@pytest.mark.parametrize("value", TRICKY, ids=range(len(TRICKY)))
def test_a_tricky_scalar_prints_and_reads_back_the_same(value):
    data = {"key": value, "list": [value, 1, 1.5, None, True], "nested": {value or "empty": value}}
    pure_text = _dump(data, yaml_c.pure_dumper())
    assert OmegaConf.to_yaml(OmegaConf.create(data)) == pure_text
    if yaml_c.plain_text_only(data):  # what the libyaml emitter is trusted with: it writes the same text
        assert _dump(data, yaml_c._c_dumper()) == pure_text
    assert yaml.load(pure_text, Loader=_utils.get_yaml_loader()) == yaml.load(pure_text, Loader=yaml_c.pure_loader())


@pytest.mark.parametrize("text", ["1e-3", "2026-12-04", "a: 1\nb: [1, 2.5, x]\nc: {d: null}", "k: '1'", "- a\n- b"])
def test_typed_scalars_read_with_omegaconfs_resolvers(text):
    assert yaml.load(text, Loader=_utils.get_yaml_loader()) == yaml.load(text, Loader=yaml_c.pure_loader())
    assert yaml.load("1e-3", Loader=_utils.get_yaml_loader()) == 0.001  # YAML 1.1's resolver would say '1e-3'


BAD_YAML = ["a: 1\na: 2\n", "a: [1\n", "a: b: c\n", "- a\nb: 1\n", "a: 'open\n", "a: !!python/name:os.system x\n"]


@pytest.mark.parametrize("text", BAD_YAML)
def test_bad_yaml_is_refused_with_omegaconfs_own_words(text, tmp_path):
    """The same exception and message (file, line, column, the line itself) as OmegaConf's loader gives."""
    path = tmp_path / "objective.yaml"
    path.write_text(text)
    with pytest.raises(yaml.YAMLError) as pure_err, path.open() as f:
        yaml.load(f, Loader=yaml_c.pure_loader())
    with pytest.raises(yaml.YAMLError) as c_err, path.open() as f:
        yaml.load(f, Loader=_utils.get_yaml_loader())
    assert type(c_err.value) is type(pure_err.value) and str(c_err.value) == str(pure_err.value)
    assert "objective.yaml" in str(c_err.value) and "line" in str(c_err.value)
    with pytest.raises(yaml.YAMLError) as as_text:
        yaml.load(text, Loader=_utils.get_yaml_loader())
    assert "line" in str(as_text.value)


@pytest.mark.parametrize("experiment", options("experiment"))
def test_every_shipped_experiment_prints_the_same_config(experiment):
    cfg = compose([f"experiment={experiment}"])
    container = OmegaConf.to_container(cfg, enum_to_str=True)
    assert yaml_c.plain_text_only(container)  # so the libyaml emitter writes it
    assert OmegaConf.to_yaml(cfg) == _dump(container, yaml_c.pure_dumper())
