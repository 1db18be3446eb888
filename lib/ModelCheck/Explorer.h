//===- Explorer.h - The global transition system and its BFS ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ModelCheck. The explorer takes plain data only (the sliced
// thread graphs of one candidate location and the model that names their
// actions), so unit tests can hand-build graphs and exercise every rule of
// Figures 3 and 4 without LLVM. See docs/design-modelcheck.md.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_MODELCHECK_EXPLORER_H
#define RACESIFT_LIB_MODELCHECK_EXPLORER_H

#include "racesift/ModelCheck/ModelCheck.h"

#include <chrono>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace llvm {
class Function;
}

namespace racesift {
namespace mc {

/// context-parameters: which graph the threads of one creation site start
/// with: its creation, the template, and what the start routine's argument
/// points to there (the site's ArgObjects, or a narrower set in one inlined
/// context of the site: Action::ArgObjects of its Create edge).
struct SiteKey {
  uint32_t Creation = 0;
  TemplateId Template = InvalidTemplate;
  std::vector<ObjectId> ArgObjects;
  bool operator<(const SiteKey &O) const {
    return std::tie(Creation, Template, ArgObjects) <
           std::tie(O.Creation, O.Template, O.ArgObjects);
  }
};

/// The key of the threads that Create action A starts running template T.
inline SiteKey siteKeyOf(const ThreadModel &TM, const Action &A, TemplateId T) {
  const std::vector<ObjectId> &Objs = !A.ArgObjects.empty() ? A.ArgObjects[0]
                                      : A.Creation < TM.Creations.size()
                                          ? TM.Creations[A.Creation].ArgObjects
                                          : std::vector<ObjectId>();
  return SiteKey{A.Creation, T, Objs};
}

/// Everything the explorer needs for one candidate location.
struct ExplorerInput {
  const ThreadModel *TM = nullptr;
  /// One graph per template, index = TemplateId. The graphs are the
  /// caller's: locations that share one do not copy it.
  std::vector<const ThreadGraph *> Graphs;
  /// pthread_once init functions, run by the first caller of a Once action.
  std::map<const llvm::Function *, const ThreadGraph *> OnceBodies;
  /// context-parameters: graphs for the threads one creation site starts,
  /// by site key, where they differ from the template's.
  std::map<SiteKey, const ThreadGraph *> SiteGraphs;
  MemLoc Loc;
  /// Known initial values of tracked data variables (globals' initialisers).
  std::map<DataVarId, int64_t> InitialValues;
  /// Constant counts given to sem_init / pthread_barrier_init, by object.
  std::vector<std::pair<MemLoc, int64_t>> SyncInit;
  /// The lockset layer's contexts of each access (index = AccessId), or
  /// nullptr: then no pair is lock-protected.
  const std::vector<std::vector<const AccessContext *>> *Contexts = nullptr;
  /// The MHP layer's facts (LocksetResult::Order): pairs they order are no
  /// races. Null: none.
  const OrderFacts *Order = nullptr;
};

/// Tracked values computed by `Var := SrcVar + Const` (Const != 0) whose
/// magnitude exceeds this become unknown, so that a counting loop has
/// finitely many states (docs: "counter cap").
constexpr int64_t CounterCap = 1024;

using Clock = std::chrono::steady_clock;

/// per-instance-index: the index variable of an access is tracked, and a
/// creation copies its creator's counter into the new instance's one.
inline void addIndexVars(const ThreadModel &TM, const Action &A,
                         std::set<DataVarId> &Tracked,
                         std::vector<std::pair<DataVarId, DataVarId>> &Copies) {
  if ((A.Kind == ActionKind::Read || A.Kind == ActionKind::Write) &&
      A.Acc < TM.Accesses.size() && TM.Accesses[A.Acc].IndexVar != NoDataVar)
    Tracked.insert(TM.Accesses[A.Acc].IndexVar);
  if (A.Kind == ActionKind::Create && A.Creation < TM.Creations.size() &&
      TM.Creations[A.Creation].ParamVar != NoDataVar)
    Copies.push_back(
        {TM.Creations[A.Creation].ParamVar, TM.Creations[A.Creation].ArgVar});
}

/// Whether In's graphs have loop counters that RelaxCounters leaves
/// untracked (ObjectTables.cpp, loopCounters).
bool hasLoopCounters(const ExplorerInput &In);

/// The Reason of a location the module's deadline left unexamined.
constexpr const char *NotExaminedReason = "module time budget exhausted";

/// The order in which checkCandidates examines Locs (indices into Locs):
/// fewest accesses that may touch a location first, then Locs' order.
std::vector<size_t> examinationOrder(const ThreadModel &TM,
                                     const std::vector<MemLoc> &Locs);

/// Explores the transition system of In for EF datarace(In.Loc). The search
/// stops at Opts.MaxStates, Opts.TimeoutSeconds or ModuleDeadline. If
/// ModuleDeadline passes while the explorer's tables are being built, the
/// verdict is Unknown and not Examined.
LocationVerdict
explore(const ExplorerInput &In, const ModelCheckOptions &Opts,
        Clock::time_point ModuleDeadline = Clock::time_point::max());

} // namespace mc
} // namespace racesift

#endif // RACESIFT_LIB_MODELCHECK_EXPLORER_H
