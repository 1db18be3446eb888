//===- ObjectTables.cpp - Dense numbering of a location's objects ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ObjectTables.h"
#include "Explorer.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <set>

using namespace racesift;
using namespace racesift::mc;

bool mc::isTableKind(ActionKind K) {
  // Synchronisation objects, and the handles joins, detaches, cancels and
  // joinable tests name (a create's handles are its site's, an exit names
  // none).
  return actionGroup(K) == ActionGroup::Sync || K == ActionKind::Join ||
         K == ActionKind::Detach || K == ActionKind::Cancel ||
         K == ActionKind::HandleCopy || K == ActionKind::NotJoinable;
}

ObjKind mc::objKindOf(ActionKind K) {
  switch (K) {
  case ActionKind::Wait:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
    return ObjKind::Cond;
  case ActionKind::BarrierWait:
    return ObjKind::Barrier;
  case ActionKind::Once:
    return ObjKind::Once;
  case ActionKind::SemWait:
  case ActionKind::SemTryWait:
  case ActionKind::SemPost:
    return ObjKind::Sem;
  case ActionKind::Join:
  case ActionKind::NotJoinable:
  case ActionKind::Detach:
  case ActionKind::Cancel:
  case ActionKind::HandleCopy:
    return ObjKind::Handle;
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Create:
  case ActionKind::Exit:
  case ActionKind::Lock:
  case ActionKind::TryLock:
  case ActionKind::Unlock:
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::AtomicUpdate:
    return ObjKind::Lock;
  }
  llvm_unreachable("a kind ActionKinds.def does not list");
}

ObjectTables::ObjectTables(const ThreadModel &TM,
                           llvm::ArrayRef<const ThreadGraph *> Graphs,
                           llvm::ArrayRef<std::pair<MemLoc, int64_t>> SyncInit,
                           bool RelaxLocks, bool RelaxCounters)
    : TM(TM), RelaxLocks(RelaxLocks) {
  numberObjects(Graphs);
  numberData(Graphs, RelaxCounters);
  countSyncObjects(Graphs, SyncInit);
}

void ObjectTables::numberObjects(llvm::ArrayRef<const ThreadGraph *> Graphs) {
  // Objects of every kind, as the actions name them. An object that is ever
  // named with AnyOffset is collapsed to one entry so that each MemLoc maps
  // to exactly one table entry (see docs: "collapsed sync objects").
  std::vector<std::vector<MemLoc>> Seen(NumObjKinds);
  auto Note = [&](ObjKind K, const std::vector<MemLoc> &Ls) {
    for (const MemLoc &L : Ls)
      Seen[static_cast<unsigned>(K)].push_back(L);
  };
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges) {
      const Action &A = E.A;
      if (isTableKind(A.Kind))
        Note(objKindOf(A.Kind), A.Objects);
      if (A.Kind == ActionKind::Wait)
        Note(ObjKind::Lock, A.Mutex);
      if (A.Kind == ActionKind::Create && A.Creation < TM.Creations.size())
        Note(ObjKind::Handle, TM.Creations[A.Creation].Handles);
      if (A.Kind == ActionKind::HandleCopy)
        Note(ObjKind::Handle, A.Source);
    }
  Tables.assign(NumObjKinds, {});
  TableBase.assign(NumObjKinds, 0);
  unsigned Next = ThreadMgmt + 1;
  for (unsigned K = 0; K < NumObjKinds; ++K) {
    std::set<ObjectId> Collapsed;
    for (const MemLoc &L : Seen[K])
      if (L.Offset == AnyOffset)
        Collapsed.insert(L.Obj);
    std::set<MemLoc> Uniq;
    for (MemLoc L : Seen[K]) {
      if (Collapsed.count(L.Obj))
        L.Offset = AnyOffset;
      Uniq.insert(L);
    }
    TableBase[K] = Next;
    Tables[K].assign(Uniq.begin(), Uniq.end());
    Next += Tables[K].size();
  }
  SiteBase = Next;
  SharedBase = Next + TM.Creations.size();
}

/// Whether tracked variable V has one value for every thread.
static bool isSharedVar(const ThreadModel &TM, DataVarId V) {
  const DataVar &D = TM.DataVars[V];
  if (!D.IsMemory || D.Loc.Obj >= TM.Objects.size())
    return false;
  const MemObject &O = TM.Objects[D.Loc.Obj];
  return (!O.ThreadLocal || O.ThreadLocalEscapes) &&
         (O.Kind != ObjectKind::Stack || O.Shared);
}

/// Whether an action of kind K makes a thread's loop counts matter to other
/// threads: it starts, ends or waits for threads, or counts through a
/// barrier, a semaphore, a condition variable or a once control.
static bool countsSteps(ActionKind K) {
  switch (actionGroup(K)) {
  case ActionGroup::Thread:
    return K != ActionKind::Exit;
  case ActionGroup::Sync:
    return K != ActionKind::Lock && K != ActionKind::TryLock &&
           K != ActionKind::Unlock;
  case ActionGroup::Step:
  case ActionGroup::Access:
  case ActionGroup::Data:
    return false;
  }
  return true;
}

/// loop-counter abstraction (RelaxCounters): the tracked variables that
/// only count a loop of a thread whose iterations no other thread can
/// count. A loop `for (i = 0; i < 1000; i++) { lock; x++; unlock; }` gives
/// each thread a thousand states, and the product of the threads' is past
/// any budget; untracked, the loop may leave after any iteration, which
/// only adds behaviour (so a refutation stands). Kept tracked: shared
/// variables, thread ids and indices, a creation's argument, an index
/// variable, a helper's parameter (constant-argument), anything assigned
/// other than a constant or itself plus a constant, anything copied or
/// compared into another variable, and every
/// variable of a graph that creates, joins, detaches or cancels threads or
/// uses barriers, semaphores, condition variables or once controls (a
/// join loop's count is what makes it wait for every thread).
static std::set<DataVarId>
loopCounters(const ThreadModel &TM, llvm::ArrayRef<const ThreadGraph *> Graphs,
             const std::set<DataVarId> &Tracked) {
  std::set<DataVarId> Kept;
  for (const ThreadGraph *G : Graphs) {
    bool Counts = llvm::any_of(
        G->Edges, [](const ActionEdge &E) { return countsSteps(E.A.Kind); });
    for (const ActionEdge &E : G->Edges) {
      const Action &A = E.A;
      DataUse U = dataUseOf(A);
      if (Counts) {
        Kept.insert(U.Tested.begin(), U.Tested.end());
        Kept.insert(U.Written.begin(), U.Written.end());
      }
      bool Counter = A.Kind == ActionKind::Assign && !A.SelfId && !A.Compare &&
                     (A.HasConst || (A.SrcVar == A.Var && A.Const != 0));
      if (!Counter) {
        Kept.insert(U.Written.begin(), U.Written.end());
        Kept.insert(U.Read.begin(), U.Read.end());
      }
      if (A.Kind == ActionKind::Assume && A.RhsVar != NoDataVar)
        Kept.insert(U.Tested.begin(), U.Tested.end());
      if (A.Kind == ActionKind::Create && A.Creation < TM.Creations.size()) {
        Kept.insert(TM.Creations[A.Creation].ArgVar);
        Kept.insert(TM.Creations[A.Creation].ParamVar);
      }
      if ((A.Kind == ActionKind::Read || A.Kind == ActionKind::Write) &&
          A.Acc < TM.Accesses.size())
        Kept.insert(TM.Accesses[A.Acc].IndexVar);
    }
  }
  std::set<DataVarId> Out;
  for (DataVarId V : Tracked) {
    if (V >= TM.DataVars.size() || Kept.count(V) || isSharedVar(TM, V))
      continue;
    const DataVar &D = TM.DataVars[V];
    if (!D.IsThreadId && !D.IsThreadIndex && !D.IsParameter)
      Out.insert(V);
  }
  return Out;
}

/// The variables tested by a guard or a try operation, index variables,
/// and whatever is copied into those.
static std::set<DataVarId>
trackedVars(const ThreadModel &TM, llvm::ArrayRef<const ThreadGraph *> Graphs) {
  std::set<DataVarId> Tracked;
  std::vector<std::pair<DataVarId, DataVarId>> Copies;
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges) {
      DataUse U = dataUseOf(E.A);
      Tracked.insert(U.Tested.begin(), U.Tested.end());
      for (DataVarId W : U.Written)
        for (DataVarId R : U.Read)
          Copies.push_back({W, R});
      addIndexVars(TM, E.A, Tracked, Copies);
    }
  // A variable copied into a tracked one is tracked too.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Dst, Src] : Copies)
      if (Tracked.count(Dst) && Tracked.insert(Src).second)
        Changed = true;
  }
  return Tracked;
}

bool mc::hasLoopCounters(const ExplorerInput &In) {
  std::vector<const ThreadGraph *> Graphs(In.Graphs.begin(), In.Graphs.end());
  for (const auto &[F, G] : In.OnceBodies)
    Graphs.push_back(G);
  for (const auto &[Key, G] : In.SiteGraphs)
    Graphs.push_back(G);
  return !loopCounters(*In.TM, Graphs, trackedVars(*In.TM, Graphs)).empty();
}

void ObjectTables::numberData(llvm::ArrayRef<const ThreadGraph *> Graphs,
                              bool RelaxCounters) {
  std::set<DataVarId> Tracked = trackedVars(TM, Graphs);
  if (RelaxCounters)
    for (DataVarId V : loopCounters(TM, Graphs, Tracked))
      Tracked.erase(V);

  SharedSlot.assign(TM.DataVars.size(), -1);
  LocalSlot.assign(TM.DataVars.size(), -1);
  for (DataVarId V : Tracked) {
    if (V >= TM.DataVars.size())
      continue;
    const DataVar &D = TM.DataVars[V];
    bool IsShared = isSharedVar(TM, V);
    if (IsShared)
      SharedSlot[V] = NumShared++;
    else
      LocalSlot[V] = NumLocal++;
    if (D.IsThreadId)
      (IsShared ? IdShared : IdLocal)
          .push_back(IsShared ? SharedSlot[V] : LocalSlot[V]);
  }
}

void ObjectTables::countSyncObjects(
    llvm::ArrayRef<const ThreadGraph *> Graphs,
    llvm::ArrayRef<std::pair<MemLoc, int64_t>> SyncInit) {
  auto InitOf = [&](const MemLoc &L, int64_t Default) {
    for (const auto &[Obj, Val] : SyncInit)
      if (Obj.mayAlias(L))
        return Val;
    return Default;
  };
  for (const MemLoc &L : table(ObjKind::Sem))
    SemInit.push_back(InitOf(L, 0));
  for (const MemLoc &L : table(ObjKind::Barrier))
    BarrierCount.push_back(InitOf(L, -1));
  SemUncounted.assign(table(ObjKind::Sem).size(), false);
  BarrierUncounted.assign(table(ObjKind::Barrier).size(), false);
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges) {
      if (!isTableKind(E.A.Kind))
        continue;
      ObjKind K = objKindOf(E.A.Kind);
      if (K != ObjKind::Sem && K != ObjKind::Barrier)
        continue;
      std::vector<unsigned> Ids = ids(K, E.A.Objects);
      if (Ids.size() == 1 && E.A.MustObject)
        continue;
      for (unsigned Id : Ids)
        (K == ObjKind::Sem ? SemUncounted : BarrierUncounted)[Id] = true;
    }
}

std::vector<unsigned> ObjectTables::ids(ObjKind K,
                                        const std::vector<MemLoc> &Ls) const {
  const std::vector<MemLoc> &T = Tables[static_cast<unsigned>(K)];
  std::vector<unsigned> Out;
  // A table is sorted by object, then offset: an object's entries are one
  // run.
  for (const MemLoc &L : Ls)
    for (auto It = std::lower_bound(
             T.begin(), T.end(), L.Obj,
             [](const MemLoc &E, ObjectId O) { return E.Obj < O; });
         It != T.end() && It->Obj == L.Obj; ++It)
      if (It->Offset == L.Offset || It->Offset == AnyOffset)
        Out.push_back(It - T.begin());
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::vector<unsigned> ObjectTables::lockIds(const Action &A) const {
  if (!releasesAnyLock(A))
    return ids(ObjKind::Lock, A.Objects);
  std::vector<unsigned> Every(table(ObjKind::Lock).size());
  for (unsigned K = 0; K < Every.size(); ++K)
    Every[K] = K;
  return Every;
}

bool ObjectTables::exact(bool Must, ObjKind K,
                         const std::vector<unsigned> &Ids) const {
  if (Ids.size() != 1)
    return false;
  switch (K) {
  case ObjKind::Lock:
    // An abstract lock that may be many runtime locks excludes nothing
    // (ThreadModel::isOneRuntimeObject).
    return Must && !RelaxLocks;
  case ObjKind::Sem:
    return Must && !SemUncounted[Ids[0]];
  case ObjKind::Barrier:
    return Must && !BarrierUncounted[Ids[0]];
  case ObjKind::Cond:
  case ObjKind::Once:
  case ObjKind::Handle:
    return true;
  }
  return true;
}

bool ObjectTables::usesThreadId(const Action &A) const {
  if (!hasThreadIds())
    return false;
  DataUse U = dataUseOf(A);
  auto IsId = [&](DataVarId V) {
    return V < TM.DataVars.size() && TM.DataVars[V].IsThreadId &&
           (sharedSlot(V) >= 0 || localSlot(V) >= 0);
  };
  return llvm::any_of(U.Tested, IsId) || llvm::any_of(U.Written, IsId) ||
         llvm::any_of(U.Read, IsId);
}
