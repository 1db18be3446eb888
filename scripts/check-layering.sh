#!/bin/sh
# Fails if the lockset or model-checking layer includes an LLVM IR header:
# the thread model is the only layer that reads IR (docs/design.md), the
# others take its facts as plain data. Exempt: the printer passes
# (*Printer.cpp/.h), which are pass plumbing (llvm/IR/PassManager.h) and
# take the module only to name it.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
bad=$(grep -rln '#include "llvm/IR/' lib/Lockset lib/ModelCheck \
  include/racesift/Lockset include/racesift/ModelCheck |
  grep -v 'Printer\.\(cpp\|h\)$' || true)
if [ -n "$bad" ]; then
  echo "check-layering: these read LLVM IR; take the facts from the thread model instead:" >&2
  for f in $bad; do echo "  $f" >&2; done
  exit 1
fi
echo "check-layering: Lockset and ModelCheck include no LLVM IR header"
