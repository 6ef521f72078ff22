"""Attack: secrets lying in the project (untracked, not ignored) ride along in the code bundle that the
RunPod and Modal launchers ship (RunPod: a tarball on the network volume; Modal: the image's files)."""

from __future__ import annotations

import subprocess
import tarfile

SECRETS = [".env", ".env.local", "id_rsa", "id_rsa.pub", "id_ed25519", "deploy/server.pem", "tls.key",
           ".netrc", "credentials.json", "gcp/credentials-prod.json"]


def _project(tmp_path):
    def git(*a):
        subprocess.run(["git", *a], cwd=tmp_path, check=True, capture_output=True)

    tmp_path.mkdir()
    git("init", "-q")
    (tmp_path / "train.py").write_text("print('train')\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "keyed.py").write_text("API_KEY_ENV = 'X'\n")  # a name with "key" in it is code
    git("add", ".")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init")
    for name in SECRETS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("SECRET=hunter2\n")
    return tmp_path


def test_secret_files_stay_out_of_the_bundle_and_the_modal_image(tmp_path):
    from hydra_plugins.loopwright_launchers.modal._job import not_in_bundle
    from hydra_plugins.loopwright_launchers.remote._bundle import write_bundle

    root = _project(tmp_path / "p")
    write_bundle(root, tmp_path / "b.tar.gz")
    with tarfile.open(tmp_path / "b.tar.gz") as tar:
        names = set(tar.getnames())
    assert not names & set(SECRETS), sorted(names & set(SECRETS))
    assert {"train.py", "src/keyed.py"} <= names
    excluded = not_in_bundle(root)
    assert all(excluded(name) for name in SECRETS)
    assert not excluded("train.py") and not excluded("src/keyed.py")


def test_dot_env_is_git_ignored_in_this_project():
    from helpers import ROOT

    for name in (".env", ".env.local"):
        out = subprocess.run(["git", "check-ignore", "-q", name], cwd=ROOT)
        assert out.returncode == 0, f"{name} is not in .gitignore"


def test_the_pod_leaves_no_code_or_overrides_on_the_volume(tmp_path):
    """The start command alone (as the pod runs it): after the job, bundle.tar.gz and run.sh are gone."""
    import json
    import os

    from hydra_plugins.loopwright_launchers.runpod._pod_script import start_command

    job = tmp_path / "vol" / "loopwright" / "j"
    job.mkdir(parents=True)
    (job / "run.sh").write_text("exit 0\n")
    (job / "bundle.tar.gz").write_bytes(b"code and +x.hf_token=...")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "runpodctl").write_text("#!/bin/sh\nexit 0\n")
    (bindir / "runpodctl").chmod(0o755)
    (bindir / "sleep").write_text("#!/bin/sh\n[ \"$1\" = infinity ] && exit 0\nexec /bin/sleep \"$@\"\n")
    (bindir / "sleep").chmod(0o755)  # the pod would be gone by then
    env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}", RUNPOD_POD_ID="pod123",
               LOOPWRIGHT_VOLUME_ROOT=str(tmp_path / "vol"))
    subprocess.run(["bash", "-c", start_command("loopwright/j", "/workspace", 60)], env=env, timeout=60, check=True)
    assert json.loads((job / "status.json").read_text()) == {"returncode": 0}
    assert not (job / "bundle.tar.gz").exists() and not (job / "run.sh").exists()
