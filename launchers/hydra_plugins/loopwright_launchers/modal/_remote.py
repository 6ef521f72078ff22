"""The body of the Modal function: runs train.py in the container, writes into the Volume.

Shipped with ``serialized=True`` (cloudpickle), so it refers only to the stdlib and
to ``modal`` (present in every Modal container). Tests call it through
``Function.local(...)`` with local directories in place of the container's paths.
"""

from __future__ import annotations

PROJECT_DIR = "/root/project"  # where the image holds the code (Image.add_local_dir)
OUTPUTS_DIR = "/outputs"  # where the function mounts the Volume


def train_in_container(job_key: str, overrides: list, volume_name: str = "",
                       project_dir: str = PROJECT_DIR, outputs_dir: str = OUTPUTS_DIR) -> int:
    import json
    import os
    import subprocess
    import sys

    job = os.path.join(outputs_dir, job_key)
    os.makedirs(job, exist_ok=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [f"{project_dir}/src", f"{project_dir}/launchers", f"{project_dir}/sweeps"]
        + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    with open(os.path.join(job, "job.log"), "w") as log:
        rc = subprocess.run([sys.executable, "train.py", *overrides, "provider=local", f"hydra.run.dir={job}/out"],
                            cwd=project_dir, env=env, stdout=log, stderr=subprocess.STDOUT).returncode
    with open(os.path.join(job, "status.json"), "w") as handle:
        json.dump({"returncode": rc}, handle)
    if volume_name:  # in the container: make the files durable before the function returns
        import modal

        modal.Volume.from_name(volume_name).commit()
    if rc != 0:
        # Raising (not returning) lets provider.retries retry the call; status.json keeps the code.
        raise RuntimeError(f"train.py exited {rc}; log: {job_key}/job.log in Volume {volume_name!r}")
    return rc
