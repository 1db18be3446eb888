//===- EquivalentGeps.h - GEPs at variable indices with one address -*- C++
//-*-//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel: equivalent-index (EquivalentGeps.cpp). At -O0
// each `a[i]` is a GEP of its own load of `i`, so `lock(&a[i].m); a[i].n++`
// takes the lock relative to one GEP and accesses through another. A GEP
// whose indices load the same local slots as an earlier, dominating GEP,
// with no store to those slots in between, computes the same address; it
// takes that GEP's place as a canonical base (see BaseRef).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H
#define RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace racesift {

class EquivalentGeps {
public:
  /// Checks at most this many pairs of loads per function (each a walk of
  /// its blocks): a deterministic budget; past it GEPs stay their own.
  static constexpr unsigned MaxChecks = 2048;

  explicit EquivalentGeps(const llvm::Function &F);

  /// The GEP that computes the address GEP computes wherever GEP runs (an
  /// earlier one that dominates it), or GEP itself.
  const llvm::Value *representative(const llvm::Value *GEP) const {
    auto It = Rep.find(GEP);
    return It == Rep.end() ? GEP : It->second;
  }

private:
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Rep;
};

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H
