#!/bin/sh
# Fuzzes RaceSift with random programs, in bounded time:
#   * random IR from llvm-stress-19, run by two threads, through the opt route;
#   * random C from csmith, run by two threads, through clang -fplugin.
# A crash (signal), a hang (per-input timeout), a verifier failure or a
# recovered internal error is a failure: the input is kept under
# $OUT/failures and minimised (llvm-reduce-19 for IR, creduce for C when
# installed).
#
# usage: scripts/fuzz.sh [seconds (default 300)] [first seed (default 1)]
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${RACESIFT_BUILD_DIR:-$ROOT/build}
BUDGET=${1:-300}
SEED=${2:-1}
OUT=${RACESIFT_FUZZ_DIR:-$ROOT/out/fuzz}
PER_INPUT=60
# Crashes are the target, not verdicts: a short analysis budget per input
# (csmith programs otherwise use the whole default budget in the model
# checker) lets many more inputs through; budget exhaustion is itself a
# path worth fuzzing.
ANALYSIS_BUDGET=${RACESIFT_FUZZ_ANALYSIS_BUDGET:-3}
PLUGIN=$BUILD/lib/RaceSift.so
CPLUGIN=$BUILD/lib/RaceSiftClang.so
[ -f "$PLUGIN" ] || "$ROOT/scripts/build.sh"
# The tests install nothing: scripts/setup.sh installs csmith.
[ -f /usr/include/csmith/csmith.h ] ||
  echo "fuzz: csmith not installed (scripts/setup.sh installs it); IR only"

mkdir -p "$OUT/work" "$OUT/failures"
W=$OUT/work
start=$(date +%s)
runs=0
modules=0
cprogs=0
fails=0

# A main that runs the random function in two threads over shared globals,
# so every layer has work to do.
stress_driver() {
  cat <<EOD
@g0 = global [256 x i8] zeroinitializer
@g1 = global [256 x i8] zeroinitializer
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare void @autogen_SD$1(ptr, ptr, ptr, i32, i64, i8)
define ptr @fuzz_thread(ptr %a) {
  call void @autogen_SD$1(ptr @g0, ptr @g1, ptr %a, i32 7, i64 9, i8 3)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @pthread_create(ptr %t, ptr null, ptr @fuzz_thread, ptr @g1)
  call void @autogen_SD$1(ptr @g1, ptr @g0, ptr @g0, i32 1, i64 2, i8 5)
  %h = load i64, ptr %t
  call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}
EOD
}

# Exit status 0: fine. Anything else: a failure worth keeping.
check_ir() {
  out=$(timeout "$PER_INPUT" /usr/lib/llvm-19/bin/opt -load-pass-plugin="$PLUGIN" \
    -passes='racesift,verify' -racesift-timeout="$ANALYSIS_BUDGET" \
    -disable-output "$1" 2>&1) && rc=0 || rc=$?
  # Races are expected; crashes, hangs and internal errors are not.
  if [ "$rc" -ne 0 ] || printf '%s' "$out" | grep -q "internal error"; then
    return 1
  fi
  return 0
}

check_c() {
  # Programs clang itself rejects say nothing about RaceSift.
  clang-19 -O0 -w -I/usr/include/csmith -fsyntax-only "$1" 2>/dev/null || return 0
  out=$(cd "$W" && timeout "$PER_INPUT" clang-19 -O0 -g -w -I/usr/include/csmith \
    -c "$1" -o /dev/null -fplugin="$CPLUGIN" \
    -fplugin-arg-racesift-timeout="$ANALYSIS_BUDGET" 2>&1) && rc=0 || rc=$?
  if [ "$rc" -ne 0 ] || printf '%s' "$out" | grep -q "internal error"; then
    return 1
  fi
  return 0
}

keep_ir() {
  f=$OUT/failures/stress-$1.ll
  cp "$2" "$f"
  fails=$((fails + 1))
  echo "fuzz: FAILURE on llvm-stress seed $1 -> $f"
  cat >"$W/interesting.sh" <<EOT
#!/bin/sh
! timeout $PER_INPUT /usr/lib/llvm-19/bin/opt -load-pass-plugin="$PLUGIN" -passes='racesift,verify' -disable-output "\$1" >/dev/null 2>&1
EOT
  chmod +x "$W/interesting.sh"
  timeout 600 llvm-reduce-19 --test="$W/interesting.sh" "$f" -o "${f%.ll}.reduced.ll" \
    >/dev/null 2>&1 && echo "fuzz: minimised -> ${f%.ll}.reduced.ll"
}

keep_c() {
  f=$OUT/failures/csmith-$1.c
  cp "$2" "$f"
  fails=$((fails + 1))
  echo "fuzz: FAILURE on csmith seed $1 -> $f"
  if command -v creduce >/dev/null 2>&1; then
    echo "fuzz: minimise with: creduce <test-script> $f"
  fi
}

while [ $(( $(date +%s) - start )) -lt "$BUDGET" ]; do
  s=$((SEED + runs))
  # Random IR is cheap: ten modules for each (slower) C program.
  for k in 0 1 2 3 4 5 6 7 8 9; do
    m=$((s * 10 + k))
    llvm-stress-19 -seed="$m" -size=$((50 + m % 300)) -o "$W/stress.ll"
    stress_driver "$m" >"$W/driver.ll"
    llvm-link-19 -S "$W/stress.ll" "$W/driver.ll" -o "$W/prog.ll"
    check_ir "$W/prog.ll" || keep_ir "$m" "$W/prog.ll"
    modules=$((modules + 1))
  done
  if [ -f /usr/include/csmith/csmith.h ]; then
    { echo "#define main csmith_main"
      (cd "$W" && csmith --seed "$s" --no-argc 2>/dev/null)
      echo "#undef main"
      echo "#include <pthread.h>"
      echo "static void *fuzz_thread(void *a) { csmith_main(); return 0; }"
      echo "int main(void) { pthread_t t; pthread_create(&t, 0, fuzz_thread, 0);"
      echo "  csmith_main(); pthread_join(t, 0); return 0; }"
    } >"$W/prog.c"
    check_c "$W/prog.c" || keep_c "$s" "$W/prog.c"
    cprogs=$((cprogs + 1))
  fi
  runs=$((runs + 1))
  [ $((runs % 10)) -eq 0 ] && echo "fuzz: $runs seeds, $fails failure(s), $(( $(date +%s) - start ))s"
done
echo "fuzz: $runs seeds from $SEED in ${BUDGET}s: $modules IR modules, $cprogs C programs: $fails failure(s)"
[ "$fails" -eq 0 ]
