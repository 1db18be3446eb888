# ===- plugin-copy.sh - Private plugin copies for the benchmark scripts ---=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Sourced by bench.sh, idioms.sh and realcode.sh (not run): private_plugins
# SRC DIR NAME... copies each plugin NAME from SRC into DIR. Others rebuild
# build/lib while a run goes on, so a run loads copies of its own. Needs
# the caller's die.

private_plugins() {
  local src=$1 dir=$2 so
  shift 2
  mkdir -p "$dir"
  for so in "$@"; do
    [ -f "$src/$so" ] || die "$src/$so not found; build RaceSift first"
    cp "$src/$so" "$dir/$so"
  done
}
