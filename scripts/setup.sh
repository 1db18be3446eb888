#!/bin/sh
# Installs what RaceSift needs on Debian bookworm, idempotently: packages
# already installed are not touched, and apt-get runs only if one is
# missing. Uses sudo unless run as root.
set -eu

PACKAGES="llvm-19-dev libclang-19-dev clang-19 lld-19 llvm-19-tools
libboost-graph-dev nlohmann-json3-dev catch2 cmake ninja-build python3 make
csmith libcsmith-dev libclang-rt-19-dev time libz3-dev clang-format-19
python3-psutil"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done

# npm installs the SARIF Multitool (validate-sarif.sh) and fetches the
# benchmark sources (bench.sh). Debian's npm only where there is no npm at
# all: a Node.js from elsewhere (NodeSource) brings its own and would
# conflict with it.
if ! command -v npm >/dev/null 2>&1; then
  missing="$missing npm"
fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# The SARIF Multitool (validate-sarif.sh) from npm, once: the test suite
# only looks for it. Offline it stays missing, and the SARIF validation
# test is unsupported (a failure under CI).
install_multitool() {
  "$ROOT/scripts/validate-sarif.sh" --check-installed 2>/dev/null ||
    "$ROOT/scripts/validate-sarif.sh" --install-only ||
    echo "racesift setup: no SARIF Multitool (npm unavailable?)" >&2
}

if [ -z "$missing" ]; then
  echo "racesift setup: all packages present"
  install_multitool
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  SUDO=""
else
  SUDO="sudo"
fi
echo "racesift setup: installing$missing"
$SUDO apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
install_multitool
