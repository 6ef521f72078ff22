"""The modal launcher: real modal App/Image/Volume/Secret/Function objects built offline, and the
run path through ``python train.py -m provider=modal`` with the one client boundary
(hydra_plugins.loopwright_launchers.modal._job.ModalClient) replaced by a fake that runs the function body locally
(``Function.local``) against a directory standing in for the Volume.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sys
from pathlib import Path

import pytest

from helpers import ROOT, compose

modal = pytest.importorskip("modal")


class FakeModal:
    """Same three methods as ModalClient; records what happened, contacts nothing."""

    def __init__(self, volume_dir: Path, fail_with: BaseException | None = None):
        self.volume_dir = volume_dir
        self.fail_with = fail_with
        self.events: list[str] = []
        self.calls: list[dict] = []

    @contextlib.contextmanager
    def app_context(self, app):
        assert isinstance(app, modal.App)
        self.events.append("app started")
        try:
            yield
        finally:
            self.events.append("app stopped")

    def call(self, function, **kwargs):
        assert isinstance(function, modal.Function)
        self.calls.append(kwargs)
        if self.fail_with is not None:
            raise self.fail_with
        # The real body, run here: the project is ROOT, the Volume a local dir, and no commit to Modal.
        return function.local(**{**kwargs, "volume_name": ""}, project_dir=str(ROOT),
                              outputs_dir=str(self.volume_dir))

    def download(self, volume, prefix, dest):
        assert isinstance(volume, modal.Volume)
        src = self.volume_dir / prefix
        if src.is_dir():
            shutil.copytree(src, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".hydra"))
        return [p for p in dest.rglob("*") if p.is_file()]


def _provider(*overrides: str):
    return compose(["provider=modal", *overrides]).provider


def test_builds_real_modal_objects_offline():
    from hydra_plugins.loopwright_launchers.modal._job import build

    p = _provider("provider.gpu_type=H100", "provider.gpu_count=2", "provider.max_hours=0.5",
                  "provider.retries=2", "provider.secrets=[huggingface,wandb]", "provider.volume_name=lw-out")
    built = build(p, ROOT)
    assert isinstance(built.app, modal.App) and built.app.name == "loopwright"
    assert isinstance(built.image, modal.Image) and isinstance(built.volume, modal.Volume)
    assert all(isinstance(s, modal.Secret) for s in built.secrets) and len(built.secrets) == 2
    assert isinstance(built.function, modal.Function)
    spec = built.function._spec_  # what Modal will deploy
    assert spec.gpus == "H100:2"
    assert list(spec.volumes) == ["/outputs"]  # spec holds modal's internal (async) objects: compare reprs
    assert repr(spec.volumes["/outputs"]) == "modal.Volume.from_name('lw-out')"
    assert [repr(s) for s in spec.secrets] == ["modal.Secret.from_name('huggingface')",
                                               "modal.Secret.from_name('wandb')"]
    assert spec.image is not None
    assert built.function_kwargs["timeout"] == 1800 and built.function_kwargs["retries"] == 2
    assert built.function_kwargs["serialized"] is True


def test_image_carries_the_files_git_lists():
    from hydra_plugins.loopwright_launchers.modal._job import not_in_bundle

    ignore = not_in_bundle(ROOT)
    assert (not ignore(Path("train.py"))
            and not ignore(Path("launchers/hydra_plugins/loopwright_launchers/modal/_job.py")))
    assert not ignore(Path("conf/provider/modal.yaml"))
    assert ignore(Path("outputs/costs.jsonl")) and ignore(Path("src/loopwright/__pycache__/run.cpython-311.pyc"))


def test_max_hours_beyond_modal_limit_is_refused():
    from hydra_plugins.loopwright_launchers.modal._job import build

    with pytest.raises(ValueError, match="provider.max_hours=30"):
        build(_provider("provider.max_hours=30"), ROOT)


def _multirun(tmp_path, monkeypatch, fake, *extra):
    """python train.py -m provider=modal ..., in this process so the fake client is in place."""
    from hydra.core.global_hydra import GlobalHydra

    import hydra_plugins.loopwright_launchers.modal.launcher as plugin

    monkeypatch.setattr(plugin.ModalLauncher, "client", fake)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(ROOT / "train.py"), "-m", "provider=modal", "model=tiny", "profile=smoke",
                                      f"hydra.sweep.dir={tmp_path / 'sweep'}",
                                      f"provider.ledger={tmp_path / 'costs.jsonl'}", *extra])
    GlobalHydra.instance().clear()
    import runpy

    try:
        runpy.run_path(str(ROOT / "train.py"), run_name="__main__")  # as `python train.py`
    finally:
        GlobalHydra.instance().clear()


def _costs(tmp_path):
    return [json.loads(line) for line in (tmp_path / "costs.jsonl").read_text().splitlines()]


@pytest.mark.filterwarnings("ignore:The train function is executing locally")  # Function.local, on purpose
def test_train_py_multirun_runs_the_job_and_pulls_outputs_back(tmp_path, monkeypatch):
    fake = FakeModal(tmp_path / "volume")
    with pytest.raises(SystemExit):  # $1.10/hr x 1 h is over max_cost: refused, nothing run
        _multirun(tmp_path, monkeypatch, fake, "provider.max_cost=1", "provider.usd_per_hr=1.1")
    assert fake.events == [] and fake.calls == []  # refused: worst case above provider.max_cost, nothing run
    _multirun(tmp_path, monkeypatch, fake, "provider.max_cost=1", "provider.usd_per_hr=0.9")
    assert fake.events == ["app started", "app stopped"]
    (call,) = fake.calls
    assert call["overrides"] == ["model=tiny", "profile=smoke"] and call["volume_name"] == "loopwright-outputs"
    job = tmp_path / "sweep" / "0"
    assert json.loads((job / "manifest.json").read_text())["status"] == "completed"
    assert (job / "metrics.jsonl").is_file() and (job / "eval_results.json").is_file()
    assert json.loads((job / "modal" / "status.json").read_text()) == {"returncode": 0}
    (cost,) = _costs(tmp_path)
    assert cost["provider"] == "modal" and cost["status"] == "succeeded" and cost["seconds"] > 0
    assert cost["usd_per_hr"] is None  # Modal's SDK prices nothing: the ledger records time only; documented


def test_plan_only_builds_but_runs_nothing(tmp_path, monkeypatch, capsys):
    fake = FakeModal(tmp_path / "volume")
    _multirun(tmp_path, monkeypatch, fake, "provider.plan_only=true")
    assert fake.events == [] and fake.calls == []
    assert "1 x A10G" in capsys.readouterr().out
    assert not (tmp_path / "costs.jsonl").exists()


@pytest.mark.parametrize("failure, status", [(RuntimeError("container lost"), "failed"),
                                             (KeyboardInterrupt(), "interrupted")])
def test_ephemeral_app_ends_on_every_exit_path(tmp_path, failure, status):
    from hydra_plugins.loopwright_launchers.modal._job import ModalJob, RemoteJobFailed

    fake = FakeModal(tmp_path / "volume", fail_with=failure)
    job_dir = tmp_path / "job"
    job_dir.mkdir()
    job = ModalJob(_provider("provider.uncapped=true"), job_dir=job_dir, overrides=["model=tiny"], code_root=ROOT,
                   ledger_path=tmp_path / "costs.jsonl", client=fake, out=lambda _: None)
    with pytest.raises(type(failure) if isinstance(failure, KeyboardInterrupt) else RemoteJobFailed):
        job.run()
    assert fake.events == ["app started", "app stopped"]
    assert [c["status"] for c in _costs(tmp_path)] == [status]


def test_function_body_reports_a_crashing_job(tmp_path):
    """The container side: train.py's exit code lands in status.json and the call raises (so retries apply)."""
    from hydra_plugins.loopwright_launchers.modal._remote import train_in_container

    project = tmp_path / "project"
    project.mkdir()
    (project / "train.py").write_text("import sys; print('boom', sys.argv[1:]); sys.exit(3)\n")
    with pytest.raises(RuntimeError, match="train.py exited 3"):
        train_in_container("j1", ["seed=1"], project_dir=str(project), outputs_dir=str(tmp_path / "vol"))
    assert json.loads((tmp_path / "vol" / "j1" / "status.json").read_text()) == {"returncode": 3}
    assert "boom ['seed=1', 'provider=local'" in (tmp_path / "vol" / "j1" / "job.log").read_text()
