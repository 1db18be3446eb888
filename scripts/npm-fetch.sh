# ===- npm-fetch.sh - npm packages for the benchmark scripts --------------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Sourced by bench.sh and realcode.sh (not run): fetch SPEC prints the
# directory of the extracted package SPEC (name@version). The tarball comes
# from `npm pack` into $CACHE once and is extracted into $WORK/src; npm's
# log goes to $WORK/npm-<name>.log. Needs the caller's step and die.

fetch() {
  local spec=$1 name=${1%@*} version=${1##*@}
  local tgz=$CACHE/$name-$version.tgz
  if [ ! -f "$tgz" ]; then
    step "downloading $spec with npm pack into $CACHE"
    (cd "$CACHE" && npm pack "$spec" --silent >/dev/null 2>"$WORK/npm-$name.log") ||
      die "npm pack $spec failed; see $WORK/npm-$name.log"
    [ -f "$tgz" ] || die "npm pack $spec did not produce $tgz"
  fi
  local dir=$WORK/src/$name-$version
  if [ ! -d "$dir/package" ]; then
    mkdir -p "$dir"
    tar -xzf "$tgz" -C "$dir"
  fi
  echo "$dir/package"
}
