#!/bin/sh
# Installs what is missing, builds, then compiles every program in
# examples/pthreads with clang -fplugin=RaceSiftClang.so, as a user's build
# would, showing RaceSift's warnings and writing one SARIF log per example.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${RACESIFT_BUILD_DIR:-$ROOT/build}
"$ROOT/scripts/build.sh"
OUT=$ROOT/out/examples
mkdir -p "$OUT"
for src in "$ROOT"/examples/pthreads/*.c "$ROOT"/examples/pthreads/*.cpp; do
  name=$(basename "$src")
  case "$src" in
    *.cpp) cc=clang++-19 ;;
    *) cc=clang-19 ;;
  esac
  # The file's "Expected verdict(s):" comment, all of it.
  echo "== $name"
  awk '/^\/\/ Expected verdicts?:/ { on = 1 }
       on && !/^\/\// { exit }
       on { sub(/^\/\/ ?/, ""); print "   " $0 }' "$src"
  (cd "$ROOT/examples/pthreads" &&
    $cc -g -O0 -c "$name" -o "$OUT/${name%.*}.o" \
      -fplugin="$BUILD/lib/RaceSiftClang.so" \
      -fplugin-arg-racesift-sarif="$OUT/${name%.*}.sarif")
  echo "   SARIF: $OUT/${name%.*}.sarif"
done

# A multi-file program built by make -j, one SARIF log per translation
# unit, merged into one log for the build.
echo "== multi/ (make -j2): data race on 'stats' in stats.h, seen from two files,"
echo "   kept once in the merged log; data race on 'served' in server.c"
rm -rf "$OUT/multi" "$OUT/multi-logs"
cp -r "$ROOT/examples/pthreads/multi" "$OUT/multi"
make -s -C "$OUT/multi" -j2 CC=clang-19 \
  CFLAGS="-g -O0 -fplugin=$BUILD/lib/RaceSiftClang.so -fplugin-arg-racesift-sarif-dir=$OUT/multi-logs"
python3 "$ROOT/scripts/sarif-merge.py" -o "$OUT/multi.sarif" "$OUT/multi-logs"
echo "   SARIF: $OUT/multi.sarif (merged from $OUT/multi-logs)"
