#!/bin/sh
# Installs what is missing, builds, and runs the whole test suite (lit and
# Catch2 unit tests) through ctest.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${RACESIFT_BUILD_DIR:-$ROOT/build}
"$ROOT/scripts/build.sh" "$@"
cd "$BUILD"
ctest --output-on-failure
