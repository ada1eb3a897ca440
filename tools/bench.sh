#!/usr/bin/env bash
# Builds (Release) and runs the benchmarks; prints the table of README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-release -j"$(nproc)" --target zlua-bench
build-release/zlua-bench "$@"
