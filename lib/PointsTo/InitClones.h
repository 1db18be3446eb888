//===- InitClones.h - Fresh objects initialisers store ----------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo ("init-clone" in docs/design-threadmodel.md):
// functions that store a fresh allocation into a member of an object they
// are given (`q_init(struct queue *q) { q->buf = malloc(n); }`, std::vector's
// constructors through _Vector_base and _M_create_storage), directly or
// through such a call of their own. The constraint builder drops those
// stores and does them at each outermost call site instead, with an object
// of that call's own: two queues initialised by one helper get two buffers.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_INITCLONES_H
#define RACESIFT_LIB_POINTSTO_INITCLONES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace llvm {
class CallBase;
class Function;
class Module;
class StoreInst;
} // namespace llvm

namespace racesift {

struct AllocationWrappers;

/// The function stores what Inner (an allocation, or an allocation
/// wrapper's call) returns at byte Offset of what its parameter Param
/// points to, at most once per call.
struct InitStore {
  unsigned Param = 0;
  int64_t Offset = 0;
  const llvm::CallBase *Inner = nullptr;
};

struct InitClones {
  llvm::DenseMap<const llvm::Function *, llvm::SmallVector<InitStore, 1>> Of;
  /// The stores the summaries stand for: the builder emits none of them.
  llvm::DenseSet<const llvm::StoreInst *> Dropped;
  /// (call, entry of its callee's summary) that its caller's own summary
  /// passes on: the caller's call sites do that store, not this one.
  llvm::DenseSet<std::pair<const llvm::CallBase *, unsigned>> PassedOn;
};

InitClones findInitClones(const llvm::Module &M, const AllocationWrappers &W);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_INITCLONES_H
