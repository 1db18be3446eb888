//===- ObjectTables.h - Dense numbering of a location's objects -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ModelCheck: the synchronisation objects (per kind),
// creation sites and tracked data variables of one location's graphs,
// numbered densely. Configurations index their tables by these numbers and
// the partial-order reduction's dependence relation speaks of them.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_MODELCHECK_OBJECTTABLES_H
#define RACESIFT_LIB_MODELCHECK_OBJECTTABLES_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace racesift {
namespace mc {

/// Kinds of objects in the tables.
enum class ObjKind : uint8_t { Lock, Cond, Barrier, Sem, Once, Handle };
constexpr unsigned NumObjKinds = 6;

/// Whether actions of kind K name objects of one of the tables, and which.
bool isTableKind(ActionKind K);
ObjKind objKindOf(ActionKind K);

class ObjectTables {
public:
  /// The objects the edges of Graphs name; SyncInit gives semaphores' and
  /// barriers' initial counts. RelaxLocks: no lock operation is exact;
  /// RelaxCounters: loop counters are not tracked (loopCounters).
  ObjectTables(const ThreadModel &TM,
               llvm::ArrayRef<const ThreadGraph *> Graphs,
               llvm::ArrayRef<std::pair<MemLoc, int64_t>> SyncInit,
               bool RelaxLocks, bool RelaxCounters = false);

  /// The entries of kind K that the locations Ls may denote, sorted.
  std::vector<unsigned> ids(ObjKind K, const std::vector<MemLoc> &Ls) const;
  /// The lock entries a lock operation's operand may denote: every entry
  /// for an unlock through an unresolved pointer (releasesAnyLock).
  std::vector<unsigned> lockIds(const Action &A) const;
  /// Whether an operation on the entries Ids of kind K acts on exactly one
  /// runtime object that the explorer models; Must: its operand certainly
  /// denotes one runtime object (Action::MustObject).
  bool exact(bool Must, ObjKind K, const std::vector<unsigned> &Ids) const;
  const std::vector<MemLoc> &table(ObjKind K) const {
    return Tables[static_cast<unsigned>(K)];
  }

  /// Object numbers for the dependence relation: the pseudo object of
  /// thread management (creation, termination, join), then every table's
  /// entries, then the creation sites' counters, then shared data.
  static constexpr unsigned ThreadMgmt = 0;
  unsigned slotBase(ObjKind K) const {
    return TableBase[static_cast<unsigned>(K)];
  }
  unsigned siteObject(unsigned Creation) const { return SiteBase + Creation; }
  unsigned numObjects() const { return SharedBase + NumShared; }
  /// The object of a shared tracked variable, or -1.
  int sharedObject(DataVarId V) const {
    return isShared(V) ? int(SharedBase + SharedSlot[V]) : -1;
  }

  /// Tracked data: a shared variable has a slot in Config::Shared, a
  /// thread's own one in ThreadState::Locals; -1 if not tracked.
  int sharedSlot(DataVarId V) const {
    return V < SharedSlot.size() ? SharedSlot[V] : -1;
  }
  int localSlot(DataVarId V) const {
    return V < LocalSlot.size() ? LocalSlot[V] : -1;
  }
  bool isShared(DataVarId V) const { return sharedSlot(V) >= 0; }
  unsigned numShared() const { return NumShared; }
  unsigned numLocal() const { return NumLocal; }
  /// Slots of tracked thread-id variables (DataVar::IsThreadId).
  const std::vector<unsigned> &sharedIds() const { return IdShared; }
  const std::vector<unsigned> &localIds() const { return IdLocal; }
  bool hasThreadIds() const { return !IdShared.empty() || !IdLocal.empty(); }
  /// Whether an action reads or writes a tracked thread id: it depends on
  /// thread management, since a join or detach may forget an id.
  bool usesThreadId(const Action &A) const;

  /// Initial counts per semaphore entry, and per barrier entry (-1: the
  /// threads that may still arrive).
  const std::vector<int64_t> &semInit() const { return SemInit; }
  const std::vector<int64_t> &barrierCount() const { return BarrierCount; }

private:
  const ThreadModel &TM;
  bool RelaxLocks;
  std::vector<std::vector<MemLoc>> Tables; ///< Per ObjKind.
  std::vector<unsigned> TableBase;         ///< First object id per ObjKind.
  unsigned SiteBase = 0, SharedBase = 0;
  std::vector<int> SharedSlot, LocalSlot; ///< Per DataVarId, -1 if none.
  unsigned NumShared = 0, NumLocal = 0;
  std::vector<unsigned> IdShared, IdLocal;
  std::vector<int64_t> SemInit, BarrierCount;
  /// Per semaphore and per barrier entry: some action names it without
  /// certainly meaning one runtime object, so its count is unknown and it
  /// orders nothing (docs: "ambiguous sync objects").
  std::vector<bool> SemUncounted, BarrierUncounted;

  void numberObjects(llvm::ArrayRef<const ThreadGraph *> Graphs);
  void numberData(llvm::ArrayRef<const ThreadGraph *> Graphs,
                  bool RelaxCounters);
  void countSyncObjects(llvm::ArrayRef<const ThreadGraph *> Graphs,
                        llvm::ArrayRef<std::pair<MemLoc, int64_t>> SyncInit);
};

} // namespace mc
} // namespace racesift

#endif // RACESIFT_LIB_MODELCHECK_OBJECTTABLES_H
