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
// takes that GEP's place as a canonical base (see BaseRef). A pointer load
// likewise takes the place of a later load of the same address
// (reloaded-pointer, docs/design-lockset.md).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H
#define RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <vector>

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace racesift {

/// Interns the shapes of index-relative addresses (IndexKey::Shape) for a
/// whole module: equal token sequences, equal shapes.
class IndexShapes {
public:
  uint32_t intern(std::vector<uintptr_t> Tokens) {
    return Ids.try_emplace(std::move(Tokens), Ids.size() + 1).first->second;
  }

private:
  std::map<std::vector<uintptr_t>, uint32_t> Ids;
};

class EquivalentGeps {
public:
  /// Checks at most this many pairs of loads per function (each a walk of
  /// its blocks): a deterministic budget; past it GEPs stay their own.
  static constexpr unsigned MaxChecks = 2048;

  /// With Shapes, also finds index-relative addresses (lockIndex,
  /// accessIndex).
  explicit EquivalentGeps(const llvm::Function &F,
                          IndexShapes *Shapes = nullptr);

  /// The GEP that computes the address GEP computes wherever GEP runs (an
  /// earlier one that dominates it), or GEP itself. For a pointer load, the
  /// earlier load that read the pointer it reads (reloaded-pointer).
  const llvm::Value *representative(const llvm::Value *GEP) const {
    auto It = Rep.find(GEP);
    return It == Rep.end() ? GEP : It->second;
  }

  /// index-relative-lock: a lock's canonical address B (a representative
  /// GEP at a variable index plus a constant offset) as a function of one
  /// index value, `&locks[b % N]` on a global `locks` (or on a canonical
  /// base, `&t->locks[b % N]`); empty if not.
  IndexKey lockIndex(const BaseRef &B) const { return key(LockShapes, B); }
  /// An access's canonical address B as an injective function of the index
  /// value of a lock in this function, `&counts[b]` on a global `counts`
  /// after `lock(&locks[b % N])` with `b` not stored to in between; empty
  /// if not.
  IndexKey accessIndex(const BaseRef &B) const { return key(AccessShapes, B); }

  /// What a GEP's address is a function of: its index value and its shape.
  struct IndexedGep {
    const llvm::Value *Index = nullptr;
    const llvm::Value *Base = nullptr;
    std::vector<uintptr_t> Tokens;
  };
  using IndexedGeps = llvm::DenseMap<const llvm::Value *, IndexedGep>;

private:
  IndexKey key(const IndexedGeps &Map, const BaseRef &B) const;

  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Rep;
  IndexShapes *Shapes = nullptr;
  IndexedGeps LockShapes, AccessShapes;
};

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_EQUIVALENTGEPS_H
