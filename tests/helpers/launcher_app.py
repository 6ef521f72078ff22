"""The app of helpers.launcher_jobs: +x=<job>, +sleep=<s> (+slow=<x>: only that job sleeps), +fail=<x> raises,
+exit=<x> exits 7 without a return, +grandchild=true leaves a process of its own (like a dataloader worker)."""

import json
import os
import subprocess
import sys
import time

import hydra


@hydra.main(version_base="1.3", config_path=None, config_name=None)
def main(cfg):
    out = {"x": cfg.x, "slot": os.environ.get("LOOPWRIGHT_SLOT"), "cuda": os.environ.get("CUDA_VISIBLE_DEVICES"),
           "omp": os.environ.get("OMP_NUM_THREADS"), "pid": os.getpid(), "pgid": os.getpgid(0),
           "worker": os.getppid(), "cwd": os.getcwd(), "start": time.time()}
    if cfg.get("grandchild"):
        out["grandchild"] = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"]).pid
    with open("record.json", "w") as f:
        json.dump(out, f)
    if cfg.get("slow") in (None, cfg.x):
        time.sleep(float(cfg.get("sleep", 0)))
    if cfg.get("fail") == cfg.x:
        raise ValueError(f"job x={cfg.x} failed on purpose")
    if cfg.get("exit") == cfg.x:
        os._exit(7)
    out["end"] = time.time()
    with open("record.json", "w") as f:
        json.dump(out, f)
    return cfg.x


if __name__ == "__main__":
    main()
