#!/usr/bin/env bash
# ===- idioms.sh - RaceSift's verdicts on the bench/idioms programs ------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Compiles each program of bench/idioms (35 pthreads idioms, each as a racy
# and a race-free program; bench/idioms/README.md) once with the clang
# plugin and its default options,
#
#   clang-19 -O0 -g -c NAME.c -o /dev/null -fplugin=RaceSiftClang.so
#            (NAME.cpp for the C++ ones)
#            -fplugin-arg-racesift-sarif=<work dir>/NAME.sarif
#
# one compile at a time, and prints a markdown table of the verdicts
# (scripts/idioms-tally.py): per program the expected verdict (its first
# line), the confirmed (SARIF ruleId data-race) and possible
# (possible-data-race) races, and its class: ok, false-possible or
# false-confirmed for a race-free program; ok, weak (possible races only),
# wrong-line or missed for a racy one. A summary line counts the classes.
#
# The programs are copied into the work dir and compiled there; the work
# dir keeps each compile's stderr (NAME.log), exit status (NAME.status) and
# SARIF log. The verdicts do not fail the run (it is a benchmark, not a
# test); a compile that fails or crashes, or a missing SARIF log, does:
# exit status 2, after the table.
#
# usage: scripts/idioms.sh [--work DIR] [-o TABLE.md]
#
#   --work DIR   work directory (default a new /tmp/racesift-idioms.*)
#   -o FILE      also write the table to FILE
#
# env: RACESIFT_PLUGIN_DIR   where RaceSiftClang.so is (default build/lib);
#                            it is copied into the work dir first
set -euo pipefail

export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=
TABLE_OUT=
while [ $# -gt 0 ]; do
  case $1 in
    --work) WORK=$2; shift 2 ;;
    -o) TABLE_OUT=$2; shift 2 ;;
    -h|--help) sed -n '/^# Compiles/,/^set -e/p' "$0" | sed 's/^# \{0,1\}//;$d'; exit 0 ;;
    *) echo "idioms.sh: error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

step() { printf '[idioms %s] %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'idioms.sh: error: %s\n' "$*" >&2; exit 1; }

for t in clang-19 python3; do
  command -v "$t" >/dev/null || die "$t not found (scripts/setup.sh installs the toolchain)"
done

PROGS_SRC=$ROOT/bench/idioms
PLUGIN_SRC=${RACESIFT_PLUGIN_DIR:-$ROOT/build/lib}
[ -n "$WORK" ] || WORK=$(mktemp -d /tmp/racesift-idioms.XXXXXX)
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
# The run sets the plugin's options itself (the defaults).
unset RACESIFT_OPTIONS

# Others rebuild build/lib while this runs: load a private copy.
# shellcheck source=scripts/plugin-copy.sh
. "$ROOT/scripts/plugin-copy.sh"
PLUGINS=$WORK/plugins
private_plugins "$PLUGIN_SRC" "$PLUGINS" RaceSiftClang.so
CLANG_PLUGIN=$PLUGINS/RaceSiftClang.so

# The programs are compiled in the work dir: the SARIF logs name them by
# their file name, and an edit of bench/idioms during the run is not seen.
PROGS=$WORK/progs
rm -rf "$PROGS"
mkdir -p "$PROGS"
cp "$PROGS_SRC"/*.c "$PROGS_SRC"/*.cpp "$PROGS/" 2>/dev/null || true
NAMES=()
for f in "$PROGS"/*.c "$PROGS"/*.cpp; do
  [ -f "$f" ] || continue
  NAMES+=("${f##*/}")
done
[ "${#NAMES[@]}" -gt 0 ] || die "no programs in $PROGS_SRC"

step "${#NAMES[@]} programs from $PROGS_SRC; plugin from $PLUGIN_SRC; work dir $WORK"
for file in "${NAMES[@]}"; do
  name=${file%.*}
  rm -f "$WORK/$name.sarif" "$WORK/$name.log" "$WORK/$name.status"
  start=$SECONDS
  status=0
  (cd "$PROGS" && clang-19 -O0 -g -c "$file" -o /dev/null \
    "-fplugin=$CLANG_PLUGIN" "-fplugin-arg-racesift-sarif=$WORK/$name.sarif") \
    2> "$WORK/$name.log" || status=$?
  echo "$status" > "$WORK/$name.status"
  step "$name: status $status, $((SECONDS - start)) s"
done

status=0
python3 "$ROOT/scripts/idioms-tally.py" --progs "$PROGS" --work "$WORK" \
  > "$WORK/table.md" || status=$?
cat "$WORK/table.md"
if [ -n "$TABLE_OUT" ] && ! [ "$TABLE_OUT" -ef "$WORK/table.md" ]; then
  cp "$WORK/table.md" "$TABLE_OUT"
fi
if [ "$status" -ne 0 ]; then
  printf 'idioms.sh: error: %s\n' "some programs were not tallied (see above and the logs in $WORK)" >&2
  exit 2
fi
step "done; logs and SARIF in $WORK"
