#!/usr/bin/env bash
#===- validate-sarif.sh - Validate SARIF logs with the SARIF Multitool ----===#
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===------------------------------------------------------------------------===#
#
# Usage: validate-sarif.sh [--install-only | --check-installed] FILE...
#
# Installs @microsoft/sarif-multitool from npm into
# ${RACESIFT_TOOLS_DIR:-$HOME/.cache/racesift}/npm (once; later runs work
# offline), then runs `validate` on each FILE. --check-installed installs
# nothing and says by its status whether the tool is there (the test suite
# asks so; scripts/setup.sh installs it). Fails if any file has an error
# result; warnings are printed, and those not listed in
# RACESIFT_SARIF_ALLOWED_WARNINGS (default: SARIF2004, see
# docs/design-report.md) are counted as errors too.
#
# The rules run are the SARIF rules and GitHub's ingestion rules (the
# tool's rule kinds "Sarif;Ghas": GH1015 result, GH1017 physical location,
# GH2012 rule descriptor, ...); RACESIFT_SARIF_RULE_KINDS chooses others.
#
# The npm package ships a self-contained .NET executable per platform: no
# .NET runtime is needed.
#
#===------------------------------------------------------------------------===#

set -euo pipefail

version="${RACESIFT_SARIF_MULTITOOL_VERSION:-5.7.0}"
tools="${RACESIFT_TOOLS_DIR:-$HOME/.cache/racesift}/npm"
allowed="${RACESIFT_SARIF_ALLOWED_WARNINGS-SARIF2004}"
rule_kinds="${RACESIFT_SARIF_RULE_KINDS:-Sarif;Ghas}"
# The tool needs no culture data; this spares hosts without libicu.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="${DOTNET_SYSTEM_GLOBALIZATION_INVARIANT:-1}"

die() {
  echo "validate-sarif: $*" >&2
  exit 2
}

install_only=0
check_only=0
if [ "${1:-}" = "--install-only" ]; then
  install_only=1
  shift
elif [ "${1:-}" = "--check-installed" ]; then
  check_only=1
  shift
fi
[ $install_only = 1 ] || [ $check_only = 1 ] || [ $# -gt 0 ] ||
  die "usage: $0 [--install-only | --check-installed] FILE..."

case "$(uname -s)" in
Linux) platform=linux ;;
Darwin) platform=darwin ;;
*) die "unsupported platform $(uname -s)" ;;
esac
pkg="$tools/node_modules/@microsoft/sarif-multitool"
exe="$tools/node_modules/@microsoft/sarif-multitool-$platform/Sarif.Multitool"

installed_version() {
  [ -x "$exe" ] && [ -f "$pkg/package.json" ] || return 0
  sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' \
    "$pkg/package.json" | head -n1
}

install() {
  command -v npm >/dev/null || die "npm not found; install Node.js and npm"
  echo "validate-sarif: installing @microsoft/sarif-multitool@$version" \
    "into $tools" >&2
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool@$version" >&2 ||
    die "npm install of @microsoft/sarif-multitool@$version failed"
  # npm 11 skips the package's postinstall (chmod u+x) unless approved.
  chmod u+x "$exe" 2>/dev/null || die "no executable at $exe after install"
}

if [ $check_only = 1 ]; then
  [ "$(installed_version)" = "$version" ] && exit 0
  echo "validate-sarif: sarif-multitool $version is not installed in $tools" \
    "(scripts/setup.sh installs it)" >&2
  exit 1
fi
mkdir -p "$tools" || die "cannot create $tools"
# Parallel lit workers share the cache: install under a lock.
exec 9>"$tools/.install.lock"
command -v flock >/dev/null && flock 9
if [ "$(installed_version)" != "$version" ]; then
  install
fi
command -v flock >/dev/null && flock -u 9
exec 9>&-

[ $install_only = 0 ] || exit 0
# A sanitized test run preloads the sanitizer runtime for the plugin's
# hosts; the multitool is not one of them.
unset LD_PRELOAD
command -v python3 >/dev/null || die "python3 not found"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
for f in "$@"; do
  [ -r "$f" ] || {
    echo "validate-sarif: cannot read $f" >&2
    status=1
    continue
  }
  out="$work/result.sarif"
  rm -f "$out"
  # The tool prints every result; its exit code is 0 even with errors, so
  # the verdict comes from its own SARIF output.
  if ! "$exe" validate "$f" -o "$out" --log ForceOverwrite \
    --rule-kind "$rule_kinds" >"$work/log" 2>&1 ||
    [ ! -s "$out" ]; then
    cat "$work/log"
    echo "validate-sarif: $f: the multitool failed" >&2
    status=1
    continue
  fi
  grep -E ': (error|warning|note) ' "$work/log" || true
  if ! python3 - "$out" "$f" "$allowed" <<'EOF'; then
import json
import sys

out, name, allowed = sys.argv[1], sys.argv[2], sys.argv[3].split()
run = json.load(open(out))["runs"][0]
defaults = {r["id"]: r.get("defaultConfiguration", {}).get("level", "warning")
            for r in run.get("tool", {}).get("driver", {}).get("rules", [])}
errors = warnings = 0
for r in run.get("results", []):
    level = r.get("level", defaults.get(r.get("ruleId"), "warning"))
    if level == "error" or (level == "warning" and r.get("ruleId") not in allowed):
        errors += 1
    elif level == "warning":
        warnings += 1
print(f"validate-sarif: {name}: {errors} error(s), {warnings} allowed warning(s)")
sys.exit(1 if errors else 0)
EOF
    status=1
  fi
done
exit $status
