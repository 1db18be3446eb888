#!/usr/bin/env bash
# ===- realcode.sh - RaceSift per translation unit on real libraries -----=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Compiles every translation unit of six multithreaded C/C++ libraries that
# npm packages carry, once plainly and once with the clang plugin, and
# prints a markdown table of what RaceSift found per library (the real-code
# sample of docs/benchmarks.md):
#
#   xz        5.2.3 / liblzma from lzma-native@8.0.6 (deps/xz-5.2.3.tar.bz2;
#             the multi-threaded encoder), src/ and tests/
#   zstd      1.5.7 from zstd-napi@0.0.13, lib/ with ZSTD_MULTITHREAD
#   lmdb      LMDB (lmdb-js's fork) from lmdb@3.5.6: mdb.c, midl.c, the
#             mdb_* tools and the mtest programs
#   zookeeper the ZooKeeper C client from zookeeper@7.3.0, THREADED:
#             the library, cli.c and load_gen.c
#   nanomsg   nanomsg from nanomsg@4.2.1: src/, tests/, perf/, tools/
#   leveldb   LevelDB 1.20 and snappy from leveldown@6.1.1 (C++), with the
#             tests and benchmarks
#
# Each unit is compiled with `clang-19 -O0 -g -c` and the library's own
# defines (those of the package's binding.gyp; a minimal config.h where the
# library wants one), first without the plugin (a unit that fails there is
# skipped, not an error; its time is the plain compile time) and then with
#
#   -fplugin=RaceSiftClang.so -fplugin-arg-racesift-stats
#   -fplugin-arg-racesift-sarif-dir=<the unit's dir>/sarif
#
# The table counts per library: units, units compiled and skipped, units
# whose threads were analysed, candidate locations and what the model
# checker decided (the stats lines' `decided:`), confirmed and possible
# races (SARIF ruleId `data-race` / `possible-data-race`), internal errors,
# units where the `timeout` safety net fired or a step budget ran out, and
# the compile times summed over the units. Below the table: the skipped
# units and why, and failed plugin compiles. Per unit, the work dir keeps
# the stderr of both compiles and the SARIF log; `findings.md` lists every
# finding with both accesses, for judging by hand, and `units.tsv` every
# unit's figures. The script fails (after printing the table) if a plugin
# compile failed where the plain one did not, on an internal error, or if
# the safety net (`timeout`) fired anywhere: the findings would then depend
# on the machine (issue 22).
#
# usage: scripts/realcode.sh [--only LIST] [--work DIR] [-j N] [-o TABLE.md]
#                            [--plugin-dir DIR] [--options "k=v,..."]
#
#   --only LIST        libraries, comma-separated (default all six:
#                      xz,zstd,lmdb,zookeeper,nanomsg,leveldb)
#   --work DIR         work directory (default a new /tmp/racesift-realcode.*);
#                      sources, logs, SARIF and the table stay there
#   -j N               compiles at once (default 1; at most 2 on a shared
#                      2-core machine, or the times mean little)
#   -o FILE            also write the table to FILE
#   --plugin-dir DIR   where RaceSiftClang.so is (default build/lib); it is
#                      copied into the work dir first
#   --options "k=v,.." extra plugin options for every plugin compile, each
#                      passed as -fplugin-arg-racesift-k=v (a bare k for a
#                      flag), e.g. --options "max-states=5000,timeout=30"
#   --cache DIR        npm tarballs (default $RACESIFT_REALCODE_CACHE or
#                      ~/.cache/racesift-realcode)
#   --unit-timeout S   wall-clock limit of one compile (default 900): a
#                      compile past it is killed and counted as failed
#   -v                 one line per unit while compiling
#
# Nothing downloaded is kept in the repository: `npm pack` fetches the
# pinned tarballs into the cache, and each run extracts them into its work
# dir. Only the npm registry is needed (no other network access).
set -euo pipefail

export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JOBS=1
ONLY=xz,zstd,lmdb,zookeeper,nanomsg,leveldb
WORK=
TABLE_OUT=
PLUGIN_SRC=$ROOT/build/lib
EXTRA_OPTIONS=
CACHE=${RACESIFT_REALCODE_CACHE:-$HOME/.cache/racesift-realcode}
UNIT_TIMEOUT=900
VERBOSE=0
while [ $# -gt 0 ]; do
  case $1 in
    -j) JOBS=$2; shift 2 ;;
    -j*) JOBS=${1#-j}; shift ;;
    --only) ONLY=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    -o) TABLE_OUT=$2; shift 2 ;;
    --plugin-dir) PLUGIN_SRC=$2; shift 2 ;;
    --options) EXTRA_OPTIONS=$2; shift 2 ;;
    --cache) CACHE=$2; shift 2 ;;
    --unit-timeout) UNIT_TIMEOUT=$2; shift 2 ;;
    -v) VERBOSE=1; shift ;;
    -h|--help) sed -n '/^# Compiles/,/^set -e/p' "$0" | sed 's/^# \{0,1\}//;$d'; exit 0 ;;
    *) echo "realcode.sh: error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

step() { printf '[realcode %s] %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'realcode.sh: error: %s\n' "$*" >&2; exit 1; }

case $JOBS in ''|*[!0-9]*|0) die "-j wants a positive integer, not '$JOBS'" ;; esac
case $UNIT_TIMEOUT in ''|*[!0-9]*|0) die "--unit-timeout wants a positive integer, not '$UNIT_TIMEOUT'" ;; esac

# Pinned so that the numbers can be compared between runs.
XZ_PKG=lzma-native@8.0.6
ZSTD_PKG=zstd-napi@0.0.13
LMDB_PKG=lmdb@3.5.6
ZOOKEEPER_PKG=zookeeper@7.3.0
NANOMSG_PKG=nanomsg@4.2.1
LEVELDB_PKG=leveldown@6.1.1

IFS=, read -r -a LIBS <<< "$ONLY"
[ "${#LIBS[@]}" -gt 0 ] || die "--only: no library named"
for lib in "${LIBS[@]}"; do
  case $lib in
    xz|zstd|lmdb|zookeeper|nanomsg|leveldb) ;;
    *) die "unknown library '$lib' (xz, zstd, lmdb, zookeeper, nanomsg, leveldb)" ;;
  esac
done

for t in clang-19 npm python3 tar timeout; do
  command -v "$t" >/dev/null || die "$t not found (scripts/setup.sh installs the toolchain)"
done
[ -x /usr/bin/time ] || die "/usr/bin/time not found (apt-get install time)"

[ -n "$WORK" ] || WORK=$(mktemp -d /tmp/racesift-realcode.XXXXXX)
mkdir -p "$CACHE" "$WORK"
WORK=$(cd "$WORK" && pwd)
CACHE=$(cd "$CACHE" && pwd)
OUT=$WORK/results
# The run sets the plugin's options itself.
unset RACESIFT_OPTIONS

# Others rebuild build/lib while this runs: load a private copy.
# shellcheck source=scripts/plugin-copy.sh
. "$ROOT/scripts/plugin-copy.sh"
PLUGINS=$WORK/plugins
private_plugins "$PLUGIN_SRC" "$PLUGINS" RaceSiftClang.so
CLANG_PLUGIN=$PLUGINS/RaceSiftClang.so

# The plugin arguments of every plugin compile, one per line (the work dir
# may have spaces in its name; the compile jobs read them with mapfile).
PLUGIN_ARGS=$WORK/plugin-args
{
  echo "-fplugin=$CLANG_PLUGIN"
  echo "-fplugin-arg-racesift-stats"
  if [ -n "$EXTRA_OPTIONS" ]; then
    IFS=, read -r -a opts <<< "$EXTRA_OPTIONS"
    for o in "${opts[@]}"; do
      o=${o#"${o%%[![:space:]]*}"}; o=${o%"${o##*[![:space:]]}"}
      [ -n "$o" ] || continue
      case $o in
        sarif=*|sarif-dir=*) die "--options: '$o' is set by the script (per unit)" ;;
      esac
      echo "-fplugin-arg-racesift-$o"
    done
  fi
} > "$PLUGIN_ARGS"

# The plugin must load, and --options must be options it knows: one compile
# of an empty unit says so before the long run.
probe=$WORK/probe
mkdir -p "$probe"
printf 'int racesift_realcode_probe;\n' > "$probe/probe.c"
mapfile -t pargs < "$PLUGIN_ARGS"
clang-19 -O0 -g -c "${pargs[@]}" "-fplugin-arg-racesift-sarif-dir=$probe/sarif" \
  "$probe/probe.c" -o /dev/null > "$probe/log" 2>&1 ||
  die "the plugin does not run with these options: $(grep -m1 -i error "$probe/log" || tail -1 "$probe/log")"
VERSION=$(sed -n 's/.*racesift: stats: RaceSift \([^ ]*\).*/\1/p' "$probe/log" | head -1)

step "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
step "RaceSift ${VERSION:-?} from $PLUGIN_SRC; work dir $WORK, cache $CACHE, -j$JOBS"
[ -z "$EXTRA_OPTIONS" ] || step "extra plugin options: $(paste -sd' ' "$PLUGIN_ARGS" | sed 's/^[^ ]* [^ ]* *//')"

# fetch PKG@VERSION: prints the directory of the extracted package.
# shellcheck source=scripts/npm-fetch.sh
. "$ROOT/scripts/npm-fetch.sh"

# untar ARCHIVE DIR: extracts a tarball inside a package once.
untar() {
  [ -f "$1" ] || die "$1 not found"
  if [ ! -f "$2/.extracted" ]; then
    rm -rf "$2"; mkdir -p "$2"
    tar --warning=no-unknown-keyword -xf "$1" -C "$2"
    touch "$2/.extracted"
  fi
}

# A library is described by these, set by its setup function:
#   LIB_NAME   label in the table, with the version of its sources
#   LIB_PKG    the npm package
#   LIB_ROOT   the directory compiles run in (SARIF paths are relative to it)
#   LIB_FLAGS  flags of every unit (defines, include dirs)
#   LIB_CFLAGS, LIB_CXXFLAGS  flags of the C units and of the C++ units
#   LIB_DIRFLAGS  "dir/ flag" pairs: flag for the units under dir/ only
#   LIB_UNITS  the sources, relative to LIB_ROOT, sorted
LIB_NAME='' LIB_PKG='' LIB_ROOT=''
LIB_FLAGS=() LIB_CFLAGS=() LIB_CXXFLAGS=() LIB_DIRFLAGS=() LIB_UNITS=()

# units DIR... (in LIB_ROOT): the C and C++ sources under DIRs, sorted.
units() {
  local d
  mapfile -t LIB_UNITS < <(cd "$LIB_ROOT" && for d in "$@"; do
    find "$d" -type f \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' \); done | sort)
}

# --- xz / liblzma --------------------------------------------------------

setup_xz() {
  local pkg
  pkg=$(fetch "$XZ_PKG")
  untar "$pkg/deps/xz-5.2.3.tar.bz2" "$WORK/xz/src"
  LIB_ROOT=$WORK/xz/src/xz-5.2.3
  [ -f "$LIB_ROOT/src/liblzma/common/stream_encoder_mt.c" ] || die "no xz-5.2.3 sources in $XZ_PKG"
  LIB_NAME="xz $(sed -n 's/^#define LZMA_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
    "$LIB_ROOT/src/liblzma/api/lzma/version.h" | paste -sd.)"
  LIB_PKG=$XZ_PKG
  # What xz's configure finds on glibc/Linux (the package runs configure
  # with its defaults: every filter, encoders and decoders, POSIX threads).
  local cfg=$WORK/xz/config
  mkdir -p "$cfg"
  cat > "$cfg/config.h" <<'EOF'
/* Written by racesift scripts/realcode.sh: xz 5.2.3's configure on glibc. */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif
#define ASSUME_RAM 128
#define HAVE_BSWAP_16 1
#define HAVE_BSWAP_32 1
#define HAVE_BSWAP_64 1
#define HAVE_BYTESWAP_H 1
#define HAVE_CHECK_CRC32 1
#define HAVE_CHECK_CRC64 1
#define HAVE_CHECK_SHA256 1
#define HAVE_CLOCK_GETTIME 1
#define HAVE_DECL_CLOCK_MONOTONIC 1
#define HAVE_DECL_PROGRAM_INVOCATION_NAME 1
#define HAVE_DECODERS 1
#define HAVE_DECODER_ARM 1
#define HAVE_DECODER_ARMTHUMB 1
#define HAVE_DECODER_DELTA 1
#define HAVE_DECODER_IA64 1
#define HAVE_DECODER_LZMA1 1
#define HAVE_DECODER_LZMA2 1
#define HAVE_DECODER_POWERPC 1
#define HAVE_DECODER_SPARC 1
#define HAVE_DECODER_X86 1
#define HAVE_DLFCN_H 1
#define HAVE_ENCODERS 1
#define HAVE_ENCODER_ARM 1
#define HAVE_ENCODER_ARMTHUMB 1
#define HAVE_ENCODER_DELTA 1
#define HAVE_ENCODER_IA64 1
#define HAVE_ENCODER_LZMA1 1
#define HAVE_ENCODER_LZMA2 1
#define HAVE_ENCODER_POWERPC 1
#define HAVE_ENCODER_SPARC 1
#define HAVE_ENCODER_X86 1
#define HAVE_FCNTL_H 1
#define HAVE_FUTIMENS 1
#define HAVE_GETOPT_H 1
#define HAVE_GETOPT_LONG 1
#define HAVE_IMMINTRIN_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_LIMITS_H 1
#define HAVE_MBRTOWC 1
#define HAVE_MEMORY_H 1
#define HAVE_MF_BT2 1
#define HAVE_MF_BT3 1
#define HAVE_MF_BT4 1
#define HAVE_MF_HC3 1
#define HAVE_MF_HC4 1
#define HAVE_POSIX_FADVISE 1
#define HAVE_PTHREAD_CONDATTR_SETCLOCK 1
#define HAVE_PTHREAD_PRIO_INHERIT 1
#define HAVE_STDBOOL_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_STRUCT_STAT_ST_ATIM_TV_NSEC 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UINTPTR_T 1
#define HAVE_UNISTD_H 1
#define HAVE_UTIMES 1
#define HAVE_VISIBILITY 1
#define HAVE_WCWIDTH 1
#define HAVE__BOOL 1
#define HAVE__MM_MOVEMASK_EPI8 1
#define MYTHREAD_POSIX 1
#define PACKAGE "xz"
#define PACKAGE_BUGREPORT "lasse.collin@tukaani.org"
#define PACKAGE_NAME "XZ Utils"
#define PACKAGE_STRING "XZ Utils 5.2.3"
#define PACKAGE_TARNAME "xz"
#define PACKAGE_URL "http://tukaani.org/xz/"
#define PACKAGE_VERSION "5.2.3"
#define SIZEOF_SIZE_T 8
#define STDC_HEADERS 1
#define TUKLIB_CPUCORES_SCHED_GETAFFINITY 1
#define TUKLIB_FAST_UNALIGNED_ACCESS 1
#define TUKLIB_PHYSMEM_SYSCONF 1
#define VERSION "5.2.3"
EOF
  local s=$LIB_ROOT/src d
  LIB_FLAGS=(-pthread -DHAVE_CONFIG_H "-I$cfg" "-I$s/liblzma/api")
  for d in common check lz rangecoder lzma delta simple; do
    LIB_FLAGS+=("-I$s/liblzma/$d")
  done
  LIB_FLAGS+=("-I$s/common" "-I$LIB_ROOT/lib" "-DLOCALEDIR=\"/usr/share/locale\"")
  LIB_CFLAGS=() LIB_CXXFLAGS=()
  # src/liblzma/Makefile.am: its copies of tuklib are lzma_-prefixed.
  LIB_DIRFLAGS=("src/liblzma/ -DTUKLIB_SYMBOL_PREFIX=lzma_")
  units src tests
}

# --- zstd ----------------------------------------------------------------

setup_zstd() {
  local pkg
  pkg=$(fetch "$ZSTD_PKG")
  LIB_ROOT=$pkg/deps/zstd
  [ -f "$LIB_ROOT/lib/compress/zstdmt_compress.c" ] || die "no zstd sources in $ZSTD_PKG"
  LIB_NAME="zstd $(sed -n 's/^#define ZSTD_VERSION_\(MAJOR\|MINOR\|RELEASE\) *\([0-9]*\).*/\2/p' \
    "$LIB_ROOT/lib/zstd.h" | paste -sd.)"
  LIB_PKG=$ZSTD_PKG
  # deps/zstd.gyp and build_flags.gypi.
  LIB_FLAGS=(-pthread -DXXH_NAMESPACE=ZSTD_ -DZSTDERRORLIB_VISIBLE= -DZSTDLIB_VISIBLE=
             -DZSTD_MULTITHREAD -DZSTD_NO_TRACE -D_FORTIFY_SOURCE=2 -fvisibility=hidden
             "-I$LIB_ROOT/lib" "-I$LIB_ROOT/lib/common")
  LIB_CFLAGS=() LIB_CXXFLAGS=()
  units lib
}

# --- LMDB ----------------------------------------------------------------

setup_lmdb() {
  local pkg
  pkg=$(fetch "$LMDB_PKG")
  LIB_ROOT=$pkg/dependencies/lmdb/libraries/liblmdb
  [ -f "$LIB_ROOT/mdb.c" ] || die "no liblmdb/mdb.c in $LMDB_PKG"
  LIB_NAME="LMDB $(sed -n 's/^#define MDB_VERSION_\(MAJOR\|MINOR\|PATCH\)[[:space:]]*\([0-9]*\).*/\2/p' \
    "$LIB_ROOT/lmdb.h" | paste -sd.) (lmdb-js)"
  LIB_PKG=$LMDB_PKG
  # binding.gyp on Linux with its defaults (use_robust).
  LIB_FLAGS=(-pthread -DMDB_MAXKEYSIZE=0 -DMDB_USE_ROBUST "-I$LIB_ROOT" "-I$pkg/dependencies/lz4/lib")
  LIB_CFLAGS=() LIB_CXXFLAGS=()
  units .
  LIB_UNITS=("${LIB_UNITS[@]#./}")
}

# --- ZooKeeper C client --------------------------------------------------

setup_zookeeper() {
  local pkg
  pkg=$(fetch "$ZOOKEEPER_PKG")
  untar "$pkg/deps/zookeeper-client-c.tar.gz" "$WORK/zookeeper/src"
  LIB_ROOT=$WORK/zookeeper/src/zookeeper-client-c
  [ -f "$LIB_ROOT/src/mt_adaptor.c" ] || die "no zookeeper-client-c/src/mt_adaptor.c in $ZOOKEEPER_PKG"
  LIB_NAME="ZooKeeper C $(sed -n 's/^#define ZOO_VERSION "\(.*\)"/\1/p' "$LIB_ROOT/include/zookeeper_version.h")"
  LIB_PKG=$ZOOKEEPER_PKG
  # configure's findings on glibc/Linux, without OpenSSL and SASL as the
  # package builds it; the generated jute sources ship in the tarball.
  local cfg=$WORK/zookeeper/config
  mkdir -p "$cfg"
  cat > "$cfg/config.h" <<'EOF'
/* Written by racesift scripts/realcode.sh: configure on glibc/Linux. */
#define HAVE_ARPA_INET_H 1
#define HAVE_DLFCN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_GETCWD 1
#define HAVE_GETHOSTBYNAME 1
#define HAVE_GETHOSTNAME 1
#define HAVE_GETLOGIN 1
#define HAVE_GETPWUID_R 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_GETUID 1
#define HAVE_INTTYPES_H 1
#define HAVE_LIBRT 1
#define HAVE_MEMMOVE 1
#define HAVE_MEMSET 1
#define HAVE_NETDB_H 1
#define HAVE_NETINET_IN_H 1
#define HAVE_POLL 1
#define HAVE_SOCKET 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRCHR 1
#define HAVE_STRDUP 1
#define HAVE_STRERROR 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_STRTOL 1
#define HAVE_SYS_SOCKET_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_UTSNAME_H 1
#define HAVE_UNISTD_H 1
#define PACKAGE "zookeeper"
#define PACKAGE_BUGREPORT "user@zookeeper.apache.org"
#define PACKAGE_NAME "zookeeper C client"
#define PACKAGE_STRING "zookeeper C client 3.8.0"
#define PACKAGE_TARNAME "zookeeper"
#define PACKAGE_URL ""
#define PACKAGE_VERSION "3.8.0"
#define POLL_NFDS_TYPE nfds_t
#define SOCK_CLOEXEC_ENABLED 1
#define STDC_HEADERS 1
#define TIME_WITH_SYS_TIME 1
#define VERSION "3.8.0"
EOF
  # Makefile.am: libzkmt (THREADED), cli_mt and load_gen.
  LIB_FLAGS=(-pthread -DHAVE_CONFIG_H -DTHREADED "-I$cfg" "-I$LIB_ROOT/include"
             "-I$LIB_ROOT/tests" "-I$LIB_ROOT/generated" "-I$LIB_ROOT/src")
  LIB_CFLAGS=() LIB_CXXFLAGS=()
  units src generated
}

# --- nanomsg -------------------------------------------------------------

setup_nanomsg() {
  local pkg
  pkg=$(fetch "$NANOMSG_PKG")
  LIB_ROOT=$pkg/deps/nanomsg
  [ -f "$LIB_ROOT/src/aio/worker.c" ] || die "no nanomsg sources in $NANOMSG_PKG"
  LIB_NAME="nanomsg (ABI $(sed -n 's/^#define NN_VERSION_CURRENT \([0-9]*\).*/\1/p' "$LIB_ROOT/src/nn.h"))"
  LIB_PKG=$NANOMSG_PKG
  # deps/linux.gypi and common.gypi.
  LIB_FLAGS=(-pthread -DNN_HAVE_SOCKETPAIR -DNN_HAVE_SEMAPHORE -DNN_USE_PIPE -DNN_HAVE_GCC
             -DNN_HAVE_LINUX -DNN_HAVE_EVENTFD -DNN_USE_EPOLL -DNN_HAVE_PIPE -DNN_HAVE_PIPE2
             -DNN_HAVE_CLOCK_MONOTONIC -DNN_HAVE_POLL -DNN_HAVE_GCC_ATOMIC_BUILTINS
             -DNN_HAVE_MSG_CONTROL -DNN_USE_EVENTFD -DNN_HAVE_UNIX_SOCKETS
             -Wno-implicit-fallthrough -Wno-unused-variable)
  local d
  for d in src src/aio src/core src/protocols src/transports src/utils; do
    LIB_FLAGS+=("-I$LIB_ROOT/$d")
  done
  LIB_CFLAGS=() LIB_CXXFLAGS=()
  units src tests perf tools
}

# --- LevelDB and snappy --------------------------------------------------

setup_leveldb() {
  local pkg
  pkg=$(fetch "$LEVELDB_PKG")
  LIB_ROOT=$pkg/deps
  local ldb=$LIB_ROOT/leveldb/leveldb-1.20 snappy=$LIB_ROOT/snappy
  [ -f "$ldb/util/env_posix.cc" ] || die "no leveldb-1.20 sources in $LEVELDB_PKG"
  LIB_NAME="LevelDB $(sed -n 's/^static const int k\(Major\|Minor\)Version = \([0-9]*\);/\2/p' \
    "$ldb/include/leveldb/db.h" | paste -sd.) + snappy"
  LIB_PKG=$LEVELDB_PKG
  # deps/leveldb/leveldb.gyp and deps/snappy/snappy.gyp on Linux (SNAPPY=1
  # is LevelDB's alone: snappy_unittest.cc has an enumerator SNAPPY).
  LIB_FLAGS=(-pthread -fno-builtin-memcmp -Wno-sign-compare
             "-I$ldb" "-I$ldb/include" "-I$snappy/linux" "-I$snappy/snappy")
  LIB_CFLAGS=()
  LIB_CXXFLAGS=(-std=c++11)
  LIB_DIRFLAGS=("leveldb/ -DLEVELDB_PLATFORM_POSIX=1" "leveldb/ -DOS_LINUX=1"
                "leveldb/ -DSNAPPY=1" "snappy/ -DHAVE_CONFIG_H=1")
  units leveldb/leveldb-1.20 snappy/snappy
}

# --- compiling -----------------------------------------------------------

# compile_unit LIBDIR UNIT: compiles LIBDIR's UNIT (a source relative to
# the library's root) plainly and, if that works, with the plugin, in the
# unit's own dir: plain.log, plugin.log, sarif/, and the lines "status wall
# user sys maxrss" in plain.time and plugin.time. Runs under xargs -P.
compile_unit() {
  local libdir=$1 unit=$2 root flags=() pargs=()
  root=$(cat "$libdir/root")
  local d=$libdir/units/${unit//\//__}
  rm -rf "$d"; mkdir -p "$d"
  printf '%s\n' "$unit" > "$d/source"
  case $unit in
    *.c) mapfile -t flags < "$libdir/flags.c" ;;
    *) mapfile -t flags < "$libdir/flags.cxx" ;;
  esac
  local dir flag
  while read -r dir flag; do
    [ -n "$flag" ] || continue
    case $unit in "$dir"*) flags+=("$flag") ;; esac
  done < "$libdir/flags.dir"
  mapfile -t pargs < "$RC_PLUGIN_ARGS"
  cd "$root" || return 1
  local s=0
  /usr/bin/time -o "$d/plain.rusage" -f '%e %U %S %M' \
    timeout -k 10 "$RC_UNIT_TIMEOUT" clang-19 -O0 -g -c "${flags[@]}" "$unit" -o /dev/null \
    > "$d/plain.log" 2>&1 || s=$?
  echo "$s $(tail -1 "$d/plain.rusage")" > "$d/plain.time"
  local msg="plain failed ($s): skipped"
  if [ "$s" -eq 0 ]; then
    s=0
    /usr/bin/time -o "$d/plugin.rusage" -f '%e %U %S %M' \
      timeout -k 10 "$RC_UNIT_TIMEOUT" clang-19 -O0 -g -c "${flags[@]}" "${pargs[@]}" \
      "-fplugin-arg-racesift-sarif-dir=$d/sarif" "$unit" -o /dev/null \
      > "$d/plugin.log" 2>&1 || s=$?
    echo "$s $(tail -1 "$d/plugin.rusage")" > "$d/plugin.time"
    msg="plugin $(cut -d' ' -f2 "$d/plugin.time") s"
    [ "$s" -eq 0 ] || msg="$msg, **plugin compile failed ($s)**"
  fi
  touch "$d/finished"
  local finished total
  finished=$(find "$libdir/units" -maxdepth 2 -name finished | wc -l)
  total=$(cat "$libdir/count")
  # Every unit with -v; a failed plugin compile always.
  if [ "$RC_VERBOSE" = 1 ] || { [ "$s" -ne 0 ] && [ -f "$d/plugin.time" ]; }; then
    printf '[realcode %s]   %s %d/%d %s: %s\n' "$(date +%T)" "$(basename "$libdir")" \
      "$finished" "$total" "$unit" "$msg" >&2
  elif [ $((finished % 20)) -eq 0 ] || [ "$finished" -eq "$total" ]; then
    printf '[realcode %s]   %s: %d/%d units\n' "$(date +%T)" "$(basename "$libdir")" \
      "$finished" "$total" >&2
  fi
  return 0
}
export -f compile_unit
export RC_PLUGIN_ARGS=$PLUGIN_ARGS RC_UNIT_TIMEOUT=$UNIT_TIMEOUT RC_VERBOSE=$VERBOSE

# run_lib LIB: sets the library up and compiles its units.
run_lib() {
  local lib=$1
  LIB_DIRFLAGS=()
  "setup_$lib"
  local libdir=$OUT/$lib
  rm -rf "$libdir"; mkdir -p "$libdir/units"
  printf '%s\n' "$LIB_ROOT" > "$libdir/root"
  printf '%s\n' "${LIB_FLAGS[@]}" "${LIB_CFLAGS[@]}" > "$libdir/flags.c"
  printf '%s\n' "${LIB_FLAGS[@]}" "${LIB_CXXFLAGS[@]}" > "$libdir/flags.cxx"
  printf '%s\n' "${LIB_DIRFLAGS[@]}" > "$libdir/flags.dir"
  echo "${#LIB_UNITS[@]}" > "$libdir/count"
  printf 'name=%s\npackage=%s\n' "$LIB_NAME" "$LIB_PKG" > "$libdir/meta"
  [ "${#LIB_UNITS[@]}" -gt 0 ] || die "$lib: no units found under $LIB_ROOT"
  step "$lib: $LIB_NAME from $LIB_PKG, ${#LIB_UNITS[@]} units"
  local start=$SECONDS
  # shellcheck disable=SC2016 # expanded by the bash that xargs runs
  printf '%s\0' "${LIB_UNITS[@]}" |
    xargs -0 -n 1 -P "$JOBS" bash -c 'compile_unit "$1" "$2"' compile_unit "$libdir"
  echo "wall=$((SECONDS - start))" >> "$libdir/meta"
  step "$lib: done in $((SECONDS - start)) s"
}

rm -rf "$OUT"; mkdir -p "$OUT"
RUN_START=$SECONDS
for lib in "${LIBS[@]}"; do
  run_lib "$lib"
done
RUN_WALL=$((SECONDS - RUN_START))

step "tallying"
status=0
python3 "$ROOT/scripts/realcode-tally.py" --results "$OUT" --wall "$RUN_WALL" \
  --jobs "$JOBS" --version "${VERSION:-?}" --options "$EXTRA_OPTIONS" \
  --findings "$WORK/findings.md" --units "$WORK/units.tsv" \
  "${LIBS[@]}" > "$WORK/table.md" || status=$?
[ "$status" -le 1 ] || die "realcode-tally.py failed (status $status)"
cat "$WORK/table.md"
[ -z "$TABLE_OUT" ] || cp "$WORK/table.md" "$TABLE_OUT"
step "findings by hand: $WORK/findings.md; per unit: $WORK/units.tsv and $OUT/<lib>/units/<unit>/"
# Status 1 from the tally: a plugin compile failed where the plain one did
# not, an internal error, or the safety net fired; the table says where.
[ "$status" -eq 0 ] || die "plugin failures, internal errors or the safety net; see the table's notes and $OUT"
step "done in $RUN_WALL s; logs and SARIF in $WORK"
