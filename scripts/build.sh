#!/bin/sh
# Configures and builds RaceSift in ${RACESIFT_BUILD_DIR:-build} with
# clang-19, after installing whatever is missing, with warnings as errors
# (RACESIFT_WERROR). Extra arguments go to CMake (for example
# -DRACESIFT_SANITIZE=ON, or -DRACESIFT_WERROR=OFF).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${RACESIFT_BUILD_DIR:-$ROOT/build}
"$ROOT/scripts/setup.sh"
cmake -G Ninja -S "$ROOT" -B "$BUILD" \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DRACESIFT_WERROR=ON "$@" >/dev/null
ninja -C "$BUILD" ${RACESIFT_JOBS:+-j "$RACESIFT_JOBS"}
