"""The pre-flight check behind ``python -m loopwright.doctor``: do the packages, the device and its memory fit?

    preflight.checks     every check of a config (OK / WARN / FAIL, the value, the expected, the fix); problems(cfg)
    preflight.versions   the version table: TRL's / vLLM's declared ranges, the pip fixes, the known-bad extras
    preflight.footprint  the memory estimate: the model's shape, then bytes per term
    preflight.device     the probes: the device (CUDA, bf16, free memory), vllm's import in a child interpreter

train/validate.py runs ``problems`` for rollout=vllm; objectives.py asks ``probe_device``
for profile.precision=auto. Nothing here imports torch at import time.
"""
