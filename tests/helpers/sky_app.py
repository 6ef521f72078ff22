"""``python tests/helpers/sky_app.py train <train.py args>`` / ``reap <reap args>``: the real train.py or
``python -m loopwright.reap`` in a process whose SkyPilot boundary is the local stand-in
(tests/helpers/sky_standin.py), its state in $LOOPWRIGHT_TEST_SKY_STATE. Nothing else is replaced."""

import os
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/ (for `helpers`)

from helpers.sky_standin import STATE_ENV, install  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

if __name__ == "__main__":
    install(Path(os.environ[STATE_ENV]))
    what, args = sys.argv[1], sys.argv[2:]
    if what == "train":
        sys.argv = [str(ROOT / "train.py"), *args]
        runpy.run_path(str(ROOT / "train.py"), run_name="__main__")
    else:
        from loopwright.reap import main

        sys.exit(main(args))
