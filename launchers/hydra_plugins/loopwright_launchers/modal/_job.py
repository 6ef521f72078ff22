"""One Hydra job as one call of a Modal function, in an ephemeral app.

What gets built (all real ``modal`` objects, built offline; nothing contacts Modal
until :meth:`ModalClient.app_context` runs the app):

* ``modal.App(provider.app_name)``
* ``modal.Image``: ``provider.image`` from a registry (``add_python``) or
  ``debian_slim`` with this Python, + the project's dependencies from
  pyproject.toml, + the working tree as git lists it (uncommitted changes
  included) at /root/project
* ``modal.Volume.from_name(provider.volume_name, create_if_missing=True)`` at /outputs
* ``modal.Secret.from_name(name)`` for each of ``provider.secrets``
* the function: ``gpu``, ``timeout`` = max_hours, ``retries``, the volume and secrets

Everything that talks to Modal goes through :class:`ModalClient` (three methods);
tests replace it with a fake that runs the function body locally.
"""

from __future__ import annotations

import contextlib
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from hydra_plugins.loopwright_launchers.remote._common import RemoteJobFailed, cfg_get as _get, stops_interrupt
from loopwright.cloud.ledger import append_cost, cost_record
from loopwright.train.cost_plan import Plan, PlanRefused, SweepBudget
from loopwright.train.dispatch import trained_accuracy

MAX_TIMEOUT_S = 24 * 3600  # Modal's ceiling for a function's timeout


class ModalClient:
    """The narrow boundary to Modal's servers: run the app, call the function, read the Volume."""

    @contextlib.contextmanager
    def app_context(self, app: Any) -> Iterator[None]:
        import modal

        # An ephemeral app: it exists for this block only, and ends when the block is left
        # by any route (return, exception, KeyboardInterrupt), stopping its containers.
        with modal.enable_output(), app.run():
            yield

    def call(self, function: Any, **kwargs: Any) -> Any:
        return function.remote(**kwargs)

    def download(self, volume: Any, prefix: str, dest: Path) -> list[Path]:
        from modal.volume import FileEntryType

        written = []
        for entry in volume.listdir(prefix, recursive=True):
            if entry.type != FileEntryType.FILE:
                continue
            rel = entry.path[len(prefix):].lstrip("/")
            target = (dest / rel).resolve()
            if dest.resolve() not in target.parents or rel.startswith(".hydra/") or "/.hydra/" in rel:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "wb") as handle:
                for chunk in volume.read_file(entry.path):
                    handle.write(chunk)
            written.append(target)
        return written


@dataclass
class ModalBuild:
    app: Any
    image: Any
    volume: Any
    secrets: list
    function: Any
    function_kwargs: dict = field(default_factory=dict)  # exactly what app.function() was given


def project_dependencies(root: Path) -> list[str]:
    import tomllib

    return list(tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"])


def modal_gpu(gpu_type: Optional[str], count: int) -> Optional[str]:
    if not gpu_type:
        return None
    return gpu_type if count <= 1 else f"{gpu_type}:{count}"


def not_in_bundle(code_root: Path) -> Callable[[Path], bool]:
    """``Image.add_local_dir(ignore=...)``: Modal passes each file's path relative to the dir; True excludes.

    Keeps exactly what the RunPod bundle ships: the files git lists (uncommitted edits included).
    """
    from hydra_plugins.loopwright_launchers.remote._bundle import code_files

    keep = set(code_files(code_root))
    return lambda rel: Path(rel).as_posix() not in keep


def build(provider_cfg: Any, code_root: Path) -> ModalBuild:
    import modal

    from hydra_plugins.loopwright_launchers.modal._remote import OUTPUTS_DIR, PROJECT_DIR, train_in_container

    timeout = int(float(_get(provider_cfg, "max_hours")) * 3600)
    if not 0 < timeout <= MAX_TIMEOUT_S:
        raise ValueError(f"provider.max_hours={_get(provider_cfg, 'max_hours')}: Modal functions run 1 s to 24 h")
    py = f"{sys.version_info.major}.{sys.version_info.minor}"  # serialized functions need the same Python
    image_name = _get(provider_cfg, "image")
    image = (modal.Image.from_registry(image_name, add_python=py) if image_name
             else modal.Image.debian_slim(python_version=py))
    image = (image.pip_install(*project_dependencies(code_root))
             .env({str(k): str(v) for k, v in (_get(provider_cfg, "env", {}) or {}).items()})
             .add_local_dir(code_root, PROJECT_DIR, ignore=not_in_bundle(code_root)))
    volume = modal.Volume.from_name(_get(provider_cfg, "volume_name"), create_if_missing=True)
    secrets = [modal.Secret.from_name(name) for name in (_get(provider_cfg, "secrets", []) or [])]
    app = modal.App(_get(provider_cfg, "app_name"))
    kwargs = dict(image=image, gpu=modal_gpu(_get(provider_cfg, "gpu_type"), int(_get(provider_cfg, "gpu_count", 1))),
                  timeout=timeout, retries=int(_get(provider_cfg, "retries", 0)), volumes={OUTPUTS_DIR: volume},
                  secrets=secrets, serialized=True, name="train")
    function = app.function(**kwargs)(train_in_container)
    return ModalBuild(app, image, volume, secrets, function, kwargs)


class ModalJob:
    def __init__(self, provider_cfg: Any, *, job_dir: Path, overrides: list[str], code_root: Path,
                 ledger_path: Path, client: Optional[ModalClient] = None, out: Callable[[str], None] = print,
                 budget: Optional[SweepBudget] = None):
        self.p = provider_cfg
        self.job_dir = Path(job_dir)
        self.overrides = overrides
        self.code_root = code_root
        self.ledger_path = ledger_path
        self.client = client or ModalClient()
        self.out = out
        self.budget = budget or SweepBudget()
        self.job_key = f"{self.job_dir.parent.name}-{self.job_dir.name}-{int(time.time() * 1000)}"

    def plan(self, offline: bool = False) -> Plan:
        """Modal's SDK publishes no prices: the rate is provider.usd_per_hr, read by the user off
        modal.com/pricing (so ``offline`` changes nothing); the worst case counts every attempt (retries + 1)."""
        rate = _get(self.p, "usd_per_hr")
        source = ("provider.usd_per_hr (as given, from modal.com/pricing)" if rate is not None
                  else "provider.usd_per_hr is not set: Modal's SDK publishes no prices")
        return Plan("modal", _get(self.p, "gpu_type"), int(_get(self.p, "gpu_count", 1)),
                    None if rate is None else float(rate), float(_get(self.p, "max_hours")), _get(self.p, "max_cost"),
                    source, attempts=int(_get(self.p, "retries", 0)) + 1)

    def check(self, plan: Plan) -> None:
        """Refuse (PlanRefused, nothing run) unless the worst case is priced and within max_cost and the
        sweep's max_cost_total; ``provider.uncapped=true`` is the explicit way to run without a ceiling."""
        if _get(self.p, "uncapped", False):
            self.out("modal: WARNING: provider.uncapped=true: no cost ceiling is checked for this job")
            return
        if plan.usd_per_hr is None:
            raise PlanRefused(
                f"provider.usd_per_hr is not set: Modal's SDK gives no price for {plan.gpu_count} x {plan.gpu_type}, "
                f"so provider.max_cost cannot be checked. Set provider.usd_per_hr=<$/hr from modal.com/pricing>, "
                f"or provider.uncapped=true to run without a ceiling.")
        plan.check()
        self.budget.commit(plan, _get(self.p, "max_cost_total"))

    def run(self) -> Optional[float]:
        plan = self.plan()
        self.out(plan.render())
        (self.job_dir / "plan.txt").write_text(plan.render() + "\n")
        built = build(self.p, self.code_root)
        if _get(self.p, "plan_only", False):
            self.out("modal: plan_only=true, app built, nothing run")
            return None
        self.check(plan)
        outcome, t0, error = "failed", time.monotonic(), None
        try:
            with stops_interrupt(), self.client.app_context(built.app):
                self.client.call(built.function, job_key=self.job_key, overrides=self.overrides,
                                 volume_name=_get(self.p, "volume_name"))
            outcome = "succeeded"
        except KeyboardInterrupt:
            outcome = "interrupted"
            raise
        except Exception as err:  # noqa: BLE001  reported below, after the outputs are fetched
            error = err
        finally:
            seconds = time.monotonic() - t0
            append_cost(self.ledger_path, cost_record(
                provider="modal", gpu=plan.gpu_type, gpu_count=plan.gpu_count, pod_id=self.job_key,
                seconds=seconds, usd_per_hr=None, job_dir=str(self.job_dir), status=outcome))
            try:
                self.client.download(built.volume, self.job_key, self.job_dir / "modal")
            except Exception as err:  # noqa: BLE001  never hide the job's own error
                self.out(f"modal: could not download {self.job_key} from the Volume: {err}")
        self._adopt_run_dir()
        if error is not None:
            raise RemoteJobFailed(f"modal job failed: {error}; its log: {self.job_dir / 'modal' / 'job.log'}")
        return trained_accuracy(self.job_dir)

    def _adopt_run_dir(self) -> None:
        """Move the run dir's files (modal/out/*) up into the job dir, where train.py's would be."""
        out = self.job_dir / "modal" / "out"
        if out.is_dir():
            for path in sorted(out.iterdir()):
                target = self.job_dir / path.name
                if not target.exists():
                    path.rename(target)
