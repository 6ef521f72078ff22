"""The job's code as a tarball: the working tree as git sees it, uncommitted changes included.

``git ls-files -co --exclude-standard`` lists tracked files (with their working-tree
contents, edited or not) and untracked files that .gitignore does not exclude; run
outputs, caches and virtualenvs stay behind. Files that hold secrets by their name
never ship, whatever git says (``loopwright.runs.secrets.SECRET_FILE_NAMES``): ``.env*``, keys and certificates,
``.netrc``, SSH keys and cloud credential files, at any depth. The same list filters
the Modal image's files (modal/_job.py), so both providers ship the same code.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

from loopwright.runs.secrets import is_secret_file_name


def project_root(start: Path) -> Path:
    """The git work tree holding ``start`` (the dir train.py lives in)."""
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=start, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{start} is not inside a git work tree; the cloud launchers ship the code "
                           f"that git lists (git ls-files -co --exclude-standard)")
    return Path(out.stdout.strip())


def code_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root,
                         capture_output=True, check=True)
    names = sorted({n for n in out.stdout.decode().split("\0") if n and not is_secret_file_name(n)})
    return [n for n in names if (root / n).is_file()]  # a tracked file deleted in the work tree is gone


def write_bundle(root: Path, dest: Path, extra: dict[str, bytes] | None = None) -> int:
    """Write ``dest`` (tar.gz) with the code plus ``extra`` files; return the number of files."""
    files = code_files(root)
    with tarfile.open(dest, "w:gz") as tar:
        for name in files:
            tar.add(root / name, arcname=name, recursive=False)
        for name, data in (extra or {}).items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return len(files) + len(extra or {})
