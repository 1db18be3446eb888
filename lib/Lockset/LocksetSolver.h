//===- LocksetSolver.h - Interprocedural must-held-locks MFP ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/Lockset. The maximal fixpoint of is_locked (section 4.1 of
// the paper) over the per-function action graphs, with functions summarised
// per entry lockset (context-sensitive, thread-modular: summaries are shared
// by every thread template that reaches the same function and lockset).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_LOCKSET_LOCKSETSOLVER_H
#define RACESIFT_LIB_LOCKSET_LOCKSETSOLVER_H

#include "racesift/Lockset/Lockset.h"

#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace racesift {
namespace lockset {

using LockIdx = uint32_t;

/// One lock identity. Absolute locks are one concrete object; relative locks
/// are "the lock at Base+Offset of the current activation".
struct LockInfo {
  bool Relative = false;
  bool Atomic = false; ///< The one global lock of SV-COMP atomic sections.
  MemLoc Loc;          ///< Absolute: the lock's location.
  BaseRef Base;        ///< Relative: the lock's canonical address.
  /// Relative: the address as a function of one index value, if it is one.
  IndexKey Index;
  /// Locations the lock operand may denote; empty for a relative lock means
  /// unknown (it may be any lock).
  std::vector<MemLoc> MayLocs;
  std::string Name;
};

/// A lock held on every path, with a lower bound on its acquisition count
/// (recursive mutexes, nested atomic sections).
struct HeldFact {
  LockIdx Lock = 0;
  LockMode Mode = LockMode::Exclusive;
  unsigned Depth = 1;
  const Action *Site = nullptr; ///< An acquisition reaching here.
  bool operator==(const HeldFact &O) const {
    return Lock == O.Lock && Mode == O.Mode && Depth == O.Depth &&
           Site == O.Site;
  }
};

/// "If Var == 0 then Lock is held": a trylock whose outcome is not tested
/// yet. Origin identifies the trylock so copies of its result resolve once.
struct PendingFact {
  DataVarId Var = NoDataVar;
  const Action *Origin = nullptr;
  LockIdx Lock = 0;
  LockMode Mode = LockMode::Exclusive;
  bool Counting = false; ///< Recursive: acquisition increments Depth.
  bool operator==(const PendingFact &O) const {
    return Var == O.Var && Origin == O.Origin && Lock == O.Lock &&
           Mode == O.Mode && Counting == O.Counting;
  }
  bool operator<(const PendingFact &O) const {
    return std::tie(Var, Origin, Lock) < std::tie(O.Var, O.Origin, O.Lock);
  }
};

/// The dataflow fact at one program point.
struct LockState {
  std::vector<HeldFact> Held;       ///< Sorted by Lock, unique.
  std::vector<PendingFact> Pending; ///< Sorted, unique.
  bool operator==(const LockState &O) const {
    return Held == O.Held && Pending == O.Pending;
  }
  bool operator!=(const LockState &O) const { return !(*this == O); }
};

/// What a function (with its callees) may do to its caller's facts that do
/// not flow through the callee: relative locks and pending trylocks.
struct SideEffects {
  bool UnlocksUnknown = false; ///< An unlock whose object is unresolved.
  bool UnlocksAtomic = false;
  std::vector<MemLoc> Unlocks;    ///< Sorted, unique.
  std::vector<DataVarId> Assigns; ///< Sorted, unique.
};

/// Results of one (function, entry lockset) pair.
struct Context {
  LockState Entry;
  bool Merged = false; ///< Absorbs every entry past the context limit.
  std::vector<std::optional<LockState>> In; ///< Per node; nullopt: unreached.
};

struct FunctionInfo {
  const FunctionGraph *G = nullptr;
  std::vector<Context> Ctxs;
  SideEffects SE;
};

/// Solves the must-held-locks fixpoint for every thread template.
class LocksetSolver {
public:
  LocksetSolver(const ThreadModel &TM, const LocksetOptions &Opts);

  void solve();

  /// (function, context) pairs reached from template T's entry.
  std::vector<std::pair<unsigned, unsigned>> reachedContexts(TemplateId T);

  const std::vector<FunctionInfo> &functions() const { return Fns; }
  const std::vector<LockInfo> &locks() const { return Locks; }
  /// The public form of the locks in S at an access (relative locks get
  /// their offset from the access when both share a base).
  LockSet heldAt(const LockState &S, const Access *Acc) const;
  /// Whether Acc touches one address, in object Obj: a single location at
  /// a known offset of a singleton whose elements are not folded.
  bool atOneAddress(const Access &Acc, ObjectId Obj) const;

  unsigned UnresolvedLocks = 0;
  unsigned MergedContexts = 0;
  /// The module's deadline passed, or the step budget ran out, before the
  /// fixpoint: the facts are incomplete and must not be used.
  bool Exhausted = false;
  /// It was the step budget (LocksetOptions::MaxSteps).
  bool StepsSpent = false;
  /// Worklist items visited: one node of one function in one context.
  uint64_t Visits = 0;
  /// What a visit counts for in the layer's step budget: it copies a lock
  /// state and applies every outgoing edge, about as dear as this many
  /// pairing steps (on sqlite3.c and librdkafka, 1-2 us a visit, 0.03-0.25
  /// us a pairing step), so that one budget bounds the time of both.
  static constexpr uint64_t StepsPerVisit = 8;

private:
  const ThreadModel &TM;
  LocksetOptions Opts;
  std::vector<LockInfo> Locks;
  std::map<std::tuple<int, ObjectId, int64_t, const llvm::Value *>, LockIdx>
      LockIds;
  /// Per lock/trylock action: its lock, if resolved.
  llvm::DenseMap<const Action *, LockIdx> ActionLock;
  std::vector<FunctionInfo> Fns;
  llvm::DenseMap<const FunctionGraph *, unsigned> FnOfGraph;
  /// (callee fn, ctx) -> (caller fn, ctx, node) to revisit when its exit
  /// changes.
  std::map<std::pair<unsigned, unsigned>,
           std::set<std::tuple<unsigned, unsigned, NodeId>>>
      Dependents;
  std::deque<std::tuple<unsigned, unsigned, NodeId>> Worklist;
  std::set<std::tuple<unsigned, unsigned, NodeId>> Queued;

  LockIdx internLock(const LockInfo &L);
  void internActionLocks();
  void computeSideEffects();
  std::optional<LockIdx> lockOf(const Action &A) const;

  /// The functions template T starts in (each external function for the
  /// environment root of a library).
  std::vector<unsigned> rootsOf(TemplateId T) const;
  /// Index of F's FunctionInfo, or -1 if F has no graph.
  int fnOf(const llvm::Function *F) const;
  unsigned contextFor(unsigned Fn, const LockState &Entry, bool Create);
  void enqueue(unsigned Fn, unsigned Ctx, NodeId N);
  void propagate(unsigned Fn, unsigned Ctx, NodeId To, const LockState &S);
  void visit(unsigned Fn, unsigned Ctx, NodeId N);

  /// Transfer of one edge; nullopt if control does not continue.
  std::optional<LockState> transfer(unsigned Fn, unsigned Ctx, NodeId From,
                                    const Action &A, const LockState &S);
  std::optional<LockState> transferCall(unsigned Fn, unsigned Ctx, NodeId From,
                                        const Action &A, const LockState &S);

  void acquire(LockState &S, LockIdx L, LockMode M, bool Counting,
               const Action *Site) const;
  void release(LockState &S, const Action &A) const;
  bool mayBeReleasedBy(LockIdx L, const SideEffects &SE) const;

  /// Canonical bases of the pointer arguments of a Call action (empty
  /// BaseRef for other arguments), as many as Callee has parameters: the
  /// thread model's Action::ArgBases.
  std::vector<BaseRef> argumentBases(const Action &A,
                                     const llvm::Function *Callee);
  /// The relative lock at B, interned on first use (unknown may-locations).
  LockIdx relativeLock(BaseRef B, const LockInfo &Like);
  /// The callee's entry: absolute locks, and relative locks whose base is
  /// passed as an argument, renamed to the parameter.
  LockState calleeEntry(const LockState &S, const Action &A,
                        const llvm::Function *Callee);
  /// Adds to R the callee's exit locks relative to a parameter, renamed to
  /// the argument's base.
  void mapBack(const LockState &Exit, const Action &A,
               const llvm::Function *Callee, LockState &R);
};

/// Dst := Dst meet Src (intersection; weaker mode, smaller depth). Returns
/// true if Dst changed.
bool meetInto(LockState &Dst, const LockState &Src);

} // namespace lockset
} // namespace racesift

#endif // RACESIFT_LIB_LOCKSET_LOCKSETSOLVER_H
