"""What the pod runs: a start command (in the pod definition) and run.sh (on the volume).

Start command (``dockerEntrypoint=["bash", "-c"]``, ``dockerStartCmd=[START]``):

    timeout --kill-after=60 <max_hours>  bash <job>/run.sh  > <job>/pod.log   (SIGTERM passed on to it)
    write <job>/status.json with the exit code (124: timed out, 7: preempted)
    rm <job>/bundle.tar.gz <job>/run.sh           (the code and the overrides leave the volume)
    runpodctl remove pod $RUNPOD_POD_ID           (retried; the second line of defence)

``timeout`` and the self-removal are what bound the bill if the launcher dies: every
RunPod pod has ``runpodctl`` and a pod-scoped key for it (RUNPOD_POD_ID is set in the
container). A container that exits is restarted by RunPod, so a restarted container
that finds status.json skips the job and goes straight to removing itself.

run.sh unpacks the code bundle into a fresh temp dir, puts its src/ first on
PYTHONPATH (the bundle's code wins over any installed copy), runs the optional setup
command, then ``python train.py <overrides> provider=local hydra.run.dir=<job>/out``.
"""

from __future__ import annotations

import shlex


def volume_root_expr(mount_path: str) -> str:
    # LOOPWRIGHT_VOLUME_ROOT is unset on RunPod (the volume is mounted at mount_path);
    # the loopback stand-in sets it because it cannot mount anything at /workspace.
    return f'"${{LOOPWRIGHT_VOLUME_ROOT:-{mount_path}}}"'


def start_command(job_rel: str, mount_path: str, max_seconds: int) -> str:
    job = f'"$V/{job_rel}"'
    return "\n".join([
        f"V={volume_root_expr(mount_path)}",
        f"J={job}",
        'if [ ! -f "$J/status.json" ]; then',
        # A spot pod being taken back gets SIGTERM (docker stop) on this shell only: pass it on to the job,
        # which checkpoints at its next step boundary and exits 7, then wait for that real exit code.
        '  trap \'kill -TERM "$job" 2>/dev/null\' TERM',
        f'  timeout --kill-after=60 {int(max_seconds)} bash "$J/run.sh" > "$J/pod.log" 2>&1 &',
        "  job=$!",
        '  wait "$job"; rc=$?',
        '  while kill -0 "$job" 2>/dev/null; do wait "$job"; rc=$?; done',
        "  trap - TERM",
        '  printf \'{"returncode": %d}\\n\' "$rc" > "$J/status.json.tmp" && mv "$J/status.json.tmp" "$J/status.json"',
        "fi",
        # the code (and the overrides, secrets among them) are not left on the volume once the job ended
        'rm -f "$J/bundle.tar.gz" "$J/run.sh"',
        "sync",
        "for i in 1 2 3 4 5 6 7 8 9 10; do",
        '  runpodctl remove pod "$RUNPOD_POD_ID" && break',
        '  runpodctl pod delete "$RUNPOD_POD_ID" && break',
        "  sleep 10",
        "done",
        "sleep infinity  # removal failed 10 times: idle (no rerun) until the launcher terminates the pod",
    ])


def run_script(job_rel: str, mount_path: str, overrides: list[str], setup_cmd: str | None) -> str:
    args = " ".join(shlex.quote(o) for o in overrides)
    lines = [
        "set -eu",
        f"V={volume_root_expr(mount_path)}",
        f'J="$V/{job_rel}"',
        'W="$(mktemp -d)"',
        'tar -xzf "$J/bundle.tar.gz" -C "$W"',
        'cd "$W"',
        'export PYTHONPATH="$W/src:$W/launchers:$W/sweeps${PYTHONPATH:+:$PYTHONPATH}"',
        'printf \'{"started": "%s"}\\n\' "$(date -u +%FT%TZ)" > "$J/started.json"',
    ]
    if setup_cmd:
        lines.append(setup_cmd)
    lines.append(f'exec python train.py {args} provider=local "hydra.run.dir=$J/out"')
    return "\n".join(lines) + "\n"
