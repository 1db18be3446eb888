#!/bin/bash
# ===- verdicts.sh - RaceSift's verdicts on the racy/race-free corpus ----=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Runs the clang plugin on every program of bench/verdicts/*/ (pairs
# NAME_racy.c|cpp and NAME_free.c|cpp, ground truth in each directory's
# GROUND_TRUTH.txt, the race's lines in each directory's RACES) and counts
# what a user would trust: a race-free program with a confirmed "data
# race" is a false claim of fact; a racy program is confirmed or possible
# only when a warning names the race's two lines (RACES), and missed
# otherwise, whatever else is warned; the possible warnings on race-free
# programs are the precision still missing. One line per program, then a
# summary per directory and in all. Exits 1 on a false confirmed race or
# a missed one (but a miss RACES marks "# known miss"), or if the timeout
# safety net fired in any compile (its findings would depend on the
# machine's load).
#
# RACES: one line per racy program, "NAME LINES vs LINES[; LINES vs
# LINES] [# known miss: why]" (NAME without _racy.c; LINES comma-separated,
# ranges as 15-16; scripts/verdicts-match.awk reads it), with every further
# race of the program judged by hand: a confirmed warning on other lines is
# counted and shown for judging (a new race, or a false claim of fact).
#
#   clang-19 -O0 -g -c FILE -o /dev/null -fplugin=RaceSiftClang.so
#   (C++: clang++-19 -std=c++20, or the standard RACESIFT_CXX_STD names,
#   or the one in the directory's STD file)
#
# A program that does not compile (a C++20 header under -std=c++17) is
# listed as "skipped" and counted apart.
#
# usage: scripts/verdicts.sh [DIR...]       (default: all of bench/verdicts)
# env:   RACESIFT_PLUGIN_DIR  where RaceSiftClang.so is (default build/lib)
#        RACESIFT_CXX_STD     the C++ standard (default c++20; clang's own
#                             default, what most users compile with, is
#                             gnu++17, where std::string's members have no
#                             body in the unit)
#
# ===---------------------------------------------------------------------=== #
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PLUGIN=${RACESIFT_PLUGIN_DIR:-$ROOT/build/lib}/RaceSiftClang.so
[ -f "$PLUGIN" ] || { echo "verdicts: no $PLUGIN (build first)" >&2; exit 2; }
if [ $# -eq 0 ]; then
  set -- "$ROOT"/bench/verdicts/*/
fi
CXX_STD=${RACESIFT_CXX_STD:-c++20}
MATCH=$ROOT/scripts/verdicts-match.awk
total_other=0 total_known=0 total_net=0 net_fired="" total_skip=0 total_free=0 total_false=0 total_fposs=0 total_racy=0 total_conf=0 total_poss=0 total_miss=0
for dir in "$@"; do
  dir=${dir%/}
  nf=0 fc=0 fp=0 nr=0 rc=0 rp=0 rm=0 rk=0 wrong=""
  # A directory may name its own standard (cxx17/: clang's default).
  dir_std=$CXX_STD
  [ -f "$dir/STD" ] && dir_std=$(cat "$dir/STD")
  for f in "$dir"/*_racy.* "$dir"/*_free.*; do
    [ -f "$f" ] || continue
    case $f in
      *.cpp) cc=(clang++-19 "-std=$dir_std") ;;
      *.c) cc=(clang-19) ;;
      *) continue ;;
    esac
    if ! out=$(timeout 300 "${cc[@]}" -O0 -g -c "$f" -o /dev/null \
      "-fplugin=$PLUGIN" 2>&1) && grep -q " error: " <<<"$out"; then
      printf '%-40s skipped (does not compile)\n' "$(basename "$f")"
      total_skip=$((total_skip + 1))
      continue
    fi
    # The safety net (timeout) must not decide a verdict: the findings
    # would then depend on the machine's load (issue 22).
    if grep -q "within the time budget\|the time budget (timeout=" <<<"$out"; then
      total_net=$((total_net + 1)) net_fired="$net_fired $(basename "$f")"
    fi
    conf=$(grep -c "warning: data race" <<<"$out")
    poss=$(grep -c "warning: possible data race" <<<"$out")
    name=$(basename "$f")
    case $name in
      *_free.*)
        nf=$((nf + 1)) fp=$((fp + poss))
        verdict=ok
        if [ "$conf" -gt 0 ]; then
          fc=$((fc + 1)) verdict=FALSE-CONFIRMED wrong="$wrong $name"
        fi ;;
      *)
        nr=$((nr + 1))
        race=$(grep -m1 "^${name%_racy.*} " "$dir/RACES" 2>/dev/null)
        if [ -z "$race" ]; then
          echo "verdicts: no line for ${name%_racy.*} in $dir/RACES" >&2
          exit 2
        fi
        spec=${race#* } spec=${spec%%#*}
        read -r found other < <(awk -v FILE="$f" -v SPEC="$spec" \
          -f "$MATCH" <<<"$out")
        case $found in
          confirmed) rc=$((rc + 1)) verdict=confirmed ;;
          possible) rp=$((rp + 1)) verdict=possible ;;
          *)
            verdict=MISSED
            [ $((conf + poss)) -gt 0 ] && verdict="MISSED (warned on other lines)"
            if [[ $race == *"# known miss"* ]]; then
              rk=$((rk + 1)) verdict="$verdict, known"
            else
              rm=$((rm + 1)) wrong="$wrong $name"
            fi ;;
        esac
        if [ "$other" -gt 0 ]; then
          verdict="$verdict; $other confirmed on other lines"
          total_other=$((total_other + other))
        fi
        [ "$found" != none ] && [[ $race == *"# known miss"* ]] &&
          verdict="$verdict (RACES still says known miss)" ;;
    esac
    printf '%-40s confirmed %2s possible %2s  %s\n' "$name" "$conf" "$poss" \
      "$verdict"
  done
  printf '== %s: racy %d: confirmed %d, possible only %d, missed %d (+%d known); race-free %d: false confirmed %d, possible warnings %d\n' \
    "$(basename "$dir")" "$nr" "$rc" "$rp" "$rm" "$rk" "$nf" "$fc" "$fp"
  [ -n "$wrong" ] && echo "   wrong:$wrong"
  total_free=$((total_free + nf)) total_false=$((total_false + fc))
  total_fposs=$((total_fposs + fp))
  total_racy=$((total_racy + nr)) total_conf=$((total_conf + rc))
  total_poss=$((total_poss + rp)) total_miss=$((total_miss + rm))
  total_known=$((total_known + rk))
done
printf '== all: racy %d: confirmed %d, possible only %d, missed %d (+%d known); race-free %d: false confirmed %d, possible warnings %d\n' \
  "$total_racy" "$total_conf" "$total_poss" "$total_miss" "$total_known" "$total_free" \
  "$total_false" "$total_fposs"
[ "$total_skip" -eq 0 ] || echo "== skipped (do not compile): $total_skip"
# Every further race of a racy program judged by hand is in RACES: a
# confirmed warning elsewhere is new, a race or a false claim to judge.
[ "$total_other" -eq 0 ] ||
  echo "== confirmed warnings on lines RACES does not list (judge them): $total_other"
status=0
if [ "$total_net" -ne 0 ]; then
  echo "== the timeout safety net fired in $total_net compile(s):$net_fired"
  status=1
fi
[ "$total_false" -eq 0 ] && [ "$total_miss" -eq 0 ] || status=1
exit $status
