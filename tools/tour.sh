#!/usr/bin/env bash
# Installs what is missing, builds, and runs the guided tour.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target zlua-run
build/zlua-run lua/examples/tour.lua
