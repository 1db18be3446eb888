#!/bin/sh
# Fails if the lockset or model-checking layer includes an LLVM IR header:
# the thread model is the only layer that reads IR (docs/design.md), the
# others take its facts as plain data. Exempt: the printer passes
# (*Printer.cpp/.h), which are pass plumbing (llvm/IR/PassManager.h) and
# take the module only to name it. Also fails if a layer after the thread
# model includes a points-to header (lib/PointsTo is the thread model's).
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
# The points-to analysis (lib/PointsTo) is the thread model's: the later
# layers take its objects from the thread model, never its sets.
bad=$(grep -rln '#include ".*PointsTo/' \
  lib/MHP lib/Lockset lib/ModelCheck lib/Report include/racesift/MHP \
  include/racesift/Lockset include/racesift/ModelCheck \
  include/racesift/Report || true)
if [ -n "$bad" ]; then
  echo "check-layering: these use the points-to analysis; take its facts from the thread model instead:" >&2
  for f in $bad; do echo "  $f" >&2; done
  exit 1
fi
echo "check-layering: Lockset and ModelCheck include no LLVM IR header;" \
  "MHP, Lockset, ModelCheck and Report no points-to header"
