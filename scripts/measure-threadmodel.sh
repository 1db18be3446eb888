#!/usr/bin/env bash
# Measures the thread model (print<racesift-threads>) on the SQLite
# amalgamation from the npm package better-sqlite3 (issue 3, item 7).
#
# usage: scripts/measure-threadmodel.sh [PLUGIN] [PASS]
#   PLUGIN  RaceSift.so (default: build-pta, build, then any build*/lib)
#   PASS    racesift-threads (default) or racesift-pta
# env: RACESIFT_CACHE  directory kept between runs (default: a temp dir)
#      TIMEOUT         seconds before the pass is stopped (default 600)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PLUGIN=${1:-}
PASS=${2:-racesift-threads}
TIMEOUT=${TIMEOUT:-600}
if [ -z "$PLUGIN" ]; then
  for d in "$ROOT"/build-pta "$ROOT"/build "$ROOT"/build*; do
    if [ -f "$d/lib/RaceSift.so" ]; then PLUGIN="$d/lib/RaceSift.so"; break; fi
  done
fi
[ -f "$PLUGIN" ] || { echo "error: RaceSift.so not found; build it first" >&2; exit 1; }

if [ -n "${RACESIFT_CACHE:-}" ]; then
  WORK=$RACESIFT_CACHE; mkdir -p "$WORK"
else
  WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
fi
step() { echo "[measure] $(date +%T) $*"; }

step "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(uname -srm)"
SRC=$(find "$WORK" -path '*deps/sqlite3/sqlite3.c' 2>/dev/null | head -1)
if [ -z "$SRC" ]; then
  step "downloading better-sqlite3 with npm pack into $WORK"
  (cd "$WORK" && npm pack better-sqlite3 --silent >/dev/null)
  step "extracting"
  tar -xzf "$WORK"/better-sqlite3-*.tgz -C "$WORK"
  SRC=$(find "$WORK" -path '*deps/sqlite3/sqlite3.c' | head -1)
  if [ -z "$SRC" ]; then
    # Older packages ship the amalgamation inside an archive.
    for A in $(find "$WORK" -path '*deps*' \( -name '*.tar.gz' -o -name '*.zip' \)); do
      case $A in *.zip) unzip -qo "$A" -d "$(dirname "$A")" ;; *) tar -xzf "$A" -C "$(dirname "$A")" ;; esac
    done
    SRC=$(find "$WORK" -name sqlite3.c | head -1)
  fi
fi
[ -n "$SRC" ] || { echo "error: sqlite3.c not found in the package" >&2; exit 1; }
step "source: $SRC ($(wc -l < "$SRC") lines)"

LL=$WORK/sqlite3.ll
if [ ! -f "$LL" ] || [ "$SRC" -nt "$LL" ]; then
  step "compiling to IR (clang-19 -O0 -g -DSQLITE_THREADSAFE=1)"
  START=$(date +%s.%N)
  clang-19 -O0 -g -S -emit-llvm -Xclang -disable-O0-optnone \
    -DSQLITE_THREADSAFE=1 "$SRC" -o "$LL"
  step "compiled in $(awk -v a="$START" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}') s"
fi

step "running print<$PASS> with $PLUGIN (timeout ${TIMEOUT}s)"
OUT=$WORK/$PASS.txt
STATUS=0
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v -o "$WORK/time.txt" timeout "$TIMEOUT" opt-19 \
    -load-pass-plugin="$PLUGIN" -passes="print<$PASS>" -disable-output \
    "$LL" >"$OUT" 2>&1 || STATUS=$?
  WALL=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/time.txt")
  RSS=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/time.txt")
else
  read -r WALL RSS STATUS < <(python3 - "$TIMEOUT" "$PLUGIN" "$PASS" "$LL" "$OUT" <<'PY'
import resource, subprocess, sys, time
t, plugin, p, ll, out = sys.argv[1:]
s = time.time()
with open(out, "w") as f:
    rc = subprocess.call(["timeout", t, "opt-19", "-load-pass-plugin=" + plugin,
                          "-passes=print<%s>" % p, "-disable-output", ll],
                         stdout=f, stderr=subprocess.STDOUT)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.2fs" % (time.time() - s), r.ru_maxrss, rc)
PY
)
fi
if [ "$STATUS" = 124 ]; then
  step "TIMEOUT after ${TIMEOUT}s (wall $WALL, peak RSS ${RSS} KiB)"
  exit 1
elif [ "$STATUS" != 0 ]; then
  step "FAILED with status $STATUS (wall $WALL); tail of the output:"
  tail -20 "$OUT"
  exit 1
fi
step "done: wall $WALL, peak RSS ${RSS} KiB, $(wc -l < "$OUT") output lines"
