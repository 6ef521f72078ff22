"""loopwright.mcp_tools.guard: what an MCP client may override, by the server's flags (no server started)."""

from __future__ import annotations

import pytest

from loopwright.mcp_tools.composing import check_overrides
from loopwright.mcp_tools.paths import Refused, Roots


def roots(tmp_path, launch=False, code=False):
    return Roots.make(tmp_path, None, allow_launch=launch, allow_code_execution=code)


@pytest.mark.parametrize("override, named", [
    ("reward.base_url=http://x/v1", "reward.base_url"), ("provider.graphql_url=http://x", "provider.graphql_url"),
    ("provider.s3_endpoint=http://x", "provider.s3_endpoint"), ("reward.api_key_env=HOME", "reward.api_key_env"),
    ("reward.calibration=a.jsonl", "reward.calibration"), ("reward.cache_dir=c", "reward.cache_dir"),
    ("+reward.params={base_url:http://x}", "reward.params.base_url"),
])
def test_a_read_only_server_refuses_keys_that_call_out(tmp_path, override, named):
    with pytest.raises(Refused, match=f"^{named.replace('.', '[.]')}: this key .*--allow-launch"):
        check_overrides([override], roots(tmp_path))
    check_overrides([override], roots(tmp_path, launch=True))  # a launching server accepts them


@pytest.mark.parametrize("override, named", [
    ("reward._target_=m.f", "reward._target_"), ("+extra={_target_:os.getcwd}", "extra"),
    ("model.trust_remote_code=true", "model.trust_remote_code"), ("provider.setup_cmd=sh x", "provider.setup_cmd"),
    ("++hydra.sweeper.sampler_kwargs={a:1}", "hydra.sweeper.sampler_kwargs"),
    ("hydra.sweeper.plots=[history]", "hydra.sweeper.plots"),
])
def test_code_execution_keys_need_the_second_flag(tmp_path, override, named):
    for r in (roots(tmp_path), roots(tmp_path, launch=True)):
        with pytest.raises(Refused, match="--allow-code-execution") as err:
            check_overrides([override], r)
        assert str(err.value).startswith(named)
    check_overrides([override], roots(tmp_path, launch=True, code=True))


def test_scalars_sweeps_and_trust_remote_code_false_pass(tmp_path):
    check_overrides(["model.trust_remote_code=false", "hydra.sweeper.n_trials=3", "seed=1,2", "model=tiny"],
                    roots(tmp_path, launch=True))


def test_code_execution_without_launch_is_not_granted(tmp_path):
    assert not roots(tmp_path, code=True).allow_code_execution


def test_an_interpolation_is_refused_whatever_the_flags(tmp_path):
    for r in (roots(tmp_path), roots(tmp_path, launch=True, code=True)):
        with pytest.raises(Refused, match=r"notes: an interpolation"):
            check_overrides(["notes=${oc.env:HOME}"], r)


def test_inert_validation_imports_no_user_module_and_runs_no_calibration_gate(monkeypatch):
    from helpers import ROOT, compose
    from loopwright.config.checks import inert
    from loopwright.rewards import _calibration
    from loopwright.train.validate import problems_in

    gate = []
    monkeypatch.setattr(_calibration, "calibrate", lambda *a, **k: gate.append(1) or {"passed": True})
    target = compose(["model=tiny", "reward._target_=lw_no_such_module.fn"])
    judged = compose(["model=tiny", "reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=x",
                      f"reward.calibration={ROOT / 'tests' / 'data' / 'support_replies_other_shop.jsonl'}"])
    with inert():
        assert not any("_target_" in p for p in problems_in(target)) and problems_in(judged) == [] and gate == []
    assert any("reward._target_: cannot import 'lw_no_such_module.fn'" in p for p in problems_in(target))
    problems_in(judged)
    assert gate == [1]  # train.py's validation (not inert) runs the gate
