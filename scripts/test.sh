#!/bin/sh
# Installs what is missing, builds, and runs the whole test suite: lit,
# Catch2 unit tests, the format check, a bounded fuzzing run and the
# verdict corpus through ctest, then the lit
# and unit tests again against a build with AddressSanitizer and
# UndefinedBehaviorSanitizer (in ${RACESIFT_ASAN_BUILD_DIR:-build-asan};
# RACESIFT_SKIP_SANITIZED=1 skips that part).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${RACESIFT_BUILD_DIR:-$ROOT/build}
"$ROOT/scripts/build.sh" "$@"
(cd "$BUILD" && ctest --output-on-failure)
[ "${RACESIFT_SKIP_SANITIZED:-0}" = 1 ] && exit 0
ASAN_BUILD=${RACESIFT_ASAN_BUILD_DIR:-$ROOT/build-asan}
echo "racesift: sanitized build and tests in $ASAN_BUILD"
RACESIFT_BUILD_DIR=$ASAN_BUILD "$ROOT/scripts/build.sh" -DRACESIFT_SANITIZE=ON
(cd "$ASAN_BUILD" && ctest --output-on-failure -E 'fuzz|format|verdicts')
