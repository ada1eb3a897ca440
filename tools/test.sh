#!/usr/bin/env bash
# Installs what is missing, builds libzlua, the simulated runtime, the host
# and the tests, and runs every test (cmocka units, busted specs, tour).
#   tools/test.sh [BUILD_DIR] [extra cmake options...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
tools/deps.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZLUA_WERROR=ON "$@"
cmake --build "$build" -j"$(nproc)"
cd "$build" && ctest --output-on-failure
