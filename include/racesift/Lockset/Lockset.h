//===- Lockset.h - Static Eraser: locksets and race candidates --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Layer 1 (section 4.1 of the paper): a must-held-locks maximal fixpoint per
// thread template gives every access its locksets (one per calling context);
// pairs of conflicting accesses that no common lock excludes are candidates.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LOCKSET_LOCKSET_H
#define RACESIFT_LOCKSET_LOCKSET_H

#include "racesift/MHP/MHP.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace racesift {

/// A lock that is held on every path to a program point. Either a concrete
/// singleton lock (Loc), or a lock relative to a canonical base pointer
/// (Base), which protects accesses made through the same base.
struct HeldLock {
  bool Relative = false;
  MemLoc Loc;   ///< Valid if !Relative.
  BaseRef Base; ///< Valid if Relative.
  LockMode Mode = LockMode::Exclusive;
  std::string Name; ///< "m", "p->lock", "<atomic section>".
  SourceLoc AcquiredAt;
  /// Lower bound on the acquisitions not yet released (recursive mutexes,
  /// nested atomic sections, repeated read locks); 1 for plain locks.
  unsigned Depth = 1;
  /// In an AccessContext, for a relative lock evaluated from the same base
  /// value as the access, or an exact lock in the object of an access at
  /// one address (exact-relative): lock offset minus access offset. Two
  /// accesses to one address whose locks have equal offsets from the access
  /// hold the same concrete lock. AnyOffset if not correlated.
  int64_t OffsetFromAccess = AnyOffset;
  /// In an AccessContext, for a relative lock at a function of the index
  /// value the access's address is an injective function of
  /// (index-relative-lock): the lock's shape and the access's. Two
  /// accesses to one address with equal shapes used equal index values,
  /// so they hold the same concrete lock. {0, 0} if not correlated.
  std::pair<uint32_t, uint32_t> IndexShapes{0, 0};
  /// In an AccessContext, for a relative lock whose base value points to
  /// an object the access lies inside (within-object): that object's type
  /// and the lock's offset from its start. Two accesses to one address
  /// inside objects of one type are inside one object (objects of a type do
  /// not overlap), so equal pairs hold the same concrete lock. {0, 0} if
  /// not correlated.
  std::pair<uint32_t, int64_t> WithinObject{0, 0};

  /// Identity and mode (Name, AcquiredAt and Depth are descriptive).
  bool operator<(const HeldLock &O) const;
  bool operator==(const HeldLock &O) const;
};

/// Sorted, duplicate-free.
using LockSet = std::vector<HeldLock>;

/// An access as executed by one thread template under one lockset.
struct AccessContext {
  TemplateId Thread = InvalidTemplate;
  AccessId Acc = 0;
  LockSet Held;
};

/// Two conflicting accesses to one abstract location that layer 1 could not
/// prove excluded by a common lock.
struct Candidate {
  MemLoc Loc;
  std::string LocName;
  AccessContext First;
  AccessContext Second;
};

struct LocksetResult {
  /// Every (thread, access, lockset) the fixpoint found.
  std::vector<AccessContext> Contexts;
  /// Sorted by location, then by source positions: deterministic. At most
  /// LocksetOptions::MaxCandidatesPerLocation per location, the first in
  /// that order; PairsPerLocation counts them all.
  std::vector<Candidate> Candidates;
  /// Unprotected access pairs per candidate location (unordered, an access
  /// with itself included).
  std::map<MemLoc, uint64_t> PairsPerLocation;
  /// The time budget ran out while pairing: objects after the first
  /// ObjectsPaired (of SharedObjects) were not paired, so their races are
  /// missing from Candidates.
  bool BudgetExhausted = false;
  /// It was the step budget (LocksetOptions::MaxSteps), not the clock.
  bool StepsSpent = false;
  /// Steps taken: the fixpoint's visits (SolverVisits, each a few steps)
  /// and then the pairing's (pairs of access groups, of lockset classes,
  /// candidate context pairs).
  uint64_t Steps = 0, SolverVisits = 0;
  unsigned ObjectsPaired = 0, SharedObjects = 0;
  /// Distinct abstract locations of Shared objects that some context
  /// accesses.
  unsigned SharedLocations = 0;
  /// (location, access pair)s that conflict between concurrent templates
  /// and whose every pair of contexts is excluded by a common lock.
  uint64_t ProtectedPairs = 0;
  /// (location, access pair)s that conflict between concurrent templates
  /// but are ordered by the order facts (whatever the locks), in all and
  /// by rule (a pair whose context pairs needed several rules counts under
  /// the last in this order).
  uint64_t OrderedPairs = 0;
  uint64_t OrderedBeforeThreads = 0, OrderedAfterJoin = 0, OrderedOnce = 0;
  /// Lock/trylock actions whose lock could not be identified (never held).
  unsigned UnresolvedLocks = 0;
  /// Functions that hit MaxContextsPerFunction.
  unsigned MergedContexts = 0;
  /// The order facts the pairing used (LocksetOptions::Order, or the ones
  /// computeOrderedLocksets owns in OwnedOrder): the model checker does not
  /// race the pairs they order either. Null: none.
  const OrderFacts *Order = nullptr;
  std::shared_ptr<const OrderFacts> OwnedOrder;
};

struct LocksetOptions {
  /// Distinct entry locksets kept per function before they are merged by
  /// intersection (a documented precision cut).
  unsigned MaxContextsPerFunction = 8;
  /// Candidates kept per location: imprecise pointers can pair thousands of
  /// accesses on one location, and one pair is enough to check or report
  /// it (the rest are counted).
  unsigned MaxCandidatesPerLocation = 16;
  /// The MHP layer's facts; null: every pair of concurrent templates may
  /// run in parallel.
  const OrderFacts *Order = nullptr;
  /// Steps of the fixpoint and the pairing together (0: no limit): where
  /// the layer stops on a large module is decided by work done, the same on
  /// any machine (LocksetResult::StepsSpent).
  uint64_t MaxSteps = 0;
  /// The safety net: the layer stops here too
  /// (LocksetResult::BudgetExhausted).
  std::optional<std::chrono::steady_clock::time_point> Deadline;
};

/// Runs layer 1 on a thread model.
LocksetResult computeLocksets(const ThreadModel &TM,
                              const LocksetOptions &Opts = {});

/// The lockset layer as the pass runs it, paired with the MHP layer's
/// order facts, without budgets: for printers.
LocksetResult computeOrderedLocksets(const ThreadModel &TM);

/// The invariants of R, the lockset layer's result on TM (option verify):
/// every context names a template and an access of TM and holds a sorted,
/// duplicate-free lockset of existing objects; every candidate is two of
/// those contexts whose accesses touch its location and conflict, that may
/// run in parallel, that Order (if given) does not order and that hold no
/// common lock; candidates are sorted by location and counted in
/// PairsPerLocation. One line of text per violation; empty if R holds them.
std::vector<std::string> verifyLocksets(const ThreadModel &TM,
                                        const LocksetResult &R,
                                        const OrderFacts *Order = nullptr);

/// True if the two locksets exclude each other's accesses: some lock is held
/// in both (same absolute location, or relative locks with equal
/// OffsetFromAccess) and not in Shared mode in both. Two shared holds of an
/// rwlock therefore never exclude, whatever the accesses; AWrites/BWrites
/// do not change the answer (two reads do not conflict in the first place).
bool locksExclude(const LockSet &A, bool AWrites, const LockSet &B,
                  bool BWrites);

} // namespace racesift

#endif // RACESIFT_LOCKSET_LOCKSET_H
