#!/usr/bin/env bash
# bench:model on a GPU machine that has no node, no npm and no registry (the lent H200: see
# bench/model/RESULTS.md). Run from the project root there, with these carried from here:
#   .gpu         filled by the GPU notes' prepare.sh (node, node-llama-cpp's closure and its llama.cpp
#                source), then by `bash bench/model/on-gpu.sh pack` here (the other modules the benches load)
#   dist/backend, dist/shared, dist/test   npm run build
# Usage: bash bench/model/on-gpu.sh pack    here, before the run
#        bash bench/model/on-gpu.sh build   the CUDA binding as Trellis's native build (minutes), then
#                                          llama-bench linked against it (seconds) and a quick check
#        bash bench/model/on-gpu.sh bench   bench:model on the 1b and small shapes, and per-token.mjs
# Figures and logs go to $OUT (or /tmp/trellis-gpu). The native build is kept in $TRELLIS_HOME
# (default /tmp/trellis-gpu-home), which outlives the call while the machine is held.
set -uo pipefail
if [ "${1:-}" = pack ]; then
  # What dist/backend loads beyond node-llama-cpp for these benches (the backend itself, with its
  # database, is not started there: bench:model leaves its event-stream figure out, saying why).
  tar -cJf .gpu/extra.tar.xz node_modules/zod && du -sh .gpu/*
  exit
fi
out=${OUT:-/tmp/trellis-gpu}
mkdir -p "$out" /tmp/gpu-bin
export TRELLIS_HOME=${TRELLIS_HOME:-/tmp/trellis-gpu-home}
root=$(pwd)
[ -x /tmp/gpu-bin/node ] || { xz -dc .gpu/node.xz > /tmp/gpu-bin/node && chmod +x /tmp/gpu-bin/node; }
# node-llama-cpp runs `npm run -s cmake-js-llama -- ARGS`: with no npm there, a shim runs cmake-js itself.
printf '#!/bin/bash\nshift 4\ncd %s/node_modules/node-llama-cpp/llama && exec node %s/node_modules/cmake-js/bin/cmake-js "$@"\n' "$root" "$root" > /tmp/gpu-bin/npm
chmod +x /tmp/gpu-bin/npm
export PATH=/tmp/gpu-bin:$PATH
[ -f node_modules/node-llama-cpp/llama/llama.cpp/CMakeLists.txt ] || tar -xJf .gpu/llama.tar.xz
[ -d node_modules/zod ] || tar -xJf .gpu/extra.tar.xz
mkdir -p node_modules/node-llama-cpp/llama/llama.cpp/.git
export NODE_LLAMA_CPP_CMAKE_OPTION_CMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES:-90}
export NODE_LLAMA_CPP_CMAKE_OPTION_LLAMA_CURL=OFF
gpu=${GPU:-cuda} # GPU=off: the same steps on the CPU, to try this script anywhere

step() { # step NAME SECONDS COMMAND…: timed, its output kept in $out/NAME.log
  local name=$1 limit=$2 started=$SECONDS
  shift 2
  echo "== $name: $*"
  timeout -k 5 "$limit" "$@" > "$out/$name.log" 2>&1
  local rc=$?
  grep -h '^{"bench"' "$out/$name.log" >> "$out/lines.jsonl"
  tail -n 25 "$out/$name.log"
  echo "== $name: exit $rc after $((SECONDS - started)) s"
}

case "${1:-}" in
  build)
    [ "$gpu" = off ] || nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    # bench:model --native builds the binding first when none is recorded, then runs the tiny model.
    step build-binding 520 node bench/model/run.mjs --gpu "$gpu" --native --quick
    step link-llama-bench 60 node scripts/build-llama-tools.mjs --against-native
    ;;
  bench)
    step model-1b 200 node bench/model/run.mjs --gpu "$gpu" --native --shape 1b --repetitions 5 --skip-loops
    step per-token-1b 150 node bench/model/per-token.mjs --native --gpu "$gpu" --shape 1b --rounds 5 \
      --modes llama-bench,decode,+greedy,evaluate@.8,pool@.8
    step model-small 120 node bench/model/run.mjs --gpu "$gpu" --native --shape small --repetitions 5 --skip-loops
    ;;
  *)
    echo "usage: bash bench/model/on-gpu.sh build|bench" >&2
    exit 2
    ;;
esac
