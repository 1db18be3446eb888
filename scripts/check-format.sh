#!/bin/sh
# Fails, listing them, if C++ sources of the project differ from what
# clang-format 19 makes of them with the committed .clang-format (LLVM
# style). Lit test inputs and examples are left as written: their line
# numbers are what the tests check. `scripts/check-format.sh --fix`
# formats them instead.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CF=${CLANG_FORMAT:-clang-format-19}
command -v "$CF" >/dev/null 2>&1 ||
  { echo "check-format: $CF not found (scripts/setup.sh installs it)" >&2; exit 2; }
cd "$ROOT"
files=$(git ls-files 'lib/*.cpp' 'lib/*.h' 'include/*.h' 'plugin/*.cpp' \
  'plugin/*.h' 'test/unit/*.cpp' 'test/unit/*.h' 2>/dev/null || true)
if [ -z "$files" ]; then
  # Not a git checkout (an exported tree): the same directories.
  files=$(find lib include plugin test/unit -name '*.cpp' -o -name '*.h' | sort)
fi
if [ "${1:-}" = --fix ]; then
  # shellcheck disable=SC2086
  "$CF" -i $files
  exit 0
fi
bad=""
for f in $files; do
  "$CF" --dry-run -Werror "$f" >/dev/null 2>&1 || bad="$bad $f"
done
if [ -n "$bad" ]; then
  echo "check-format: not formatted (scripts/check-format.sh --fix):" >&2
  for f in $bad; do echo "  $f" >&2; done
  exit 1
fi
echo "check-format: $(echo "$files" | wc -w) files formatted"
