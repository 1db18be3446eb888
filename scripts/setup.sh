#!/bin/sh
# Installs what RaceSift needs on Debian bookworm, idempotently: packages
# already installed are not touched, and apt-get runs only if one is
# missing. Uses sudo unless run as root.
set -eu

PACKAGES="llvm-19-dev libclang-19-dev clang-19 lld-19 llvm-19-tools
libboost-graph-dev nlohmann-json3-dev catch2 cmake ninja-build python3 make
csmith libcsmith-dev libclang-rt-19-dev time libz3-dev clang-format-19"

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

if [ -z "$missing" ]; then
  echo "racesift setup: all packages present"
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
