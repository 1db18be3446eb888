//===- Semantics.cpp - Object tables, futures and state packing -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <map>
#include <set>

using namespace racesift;
using namespace racesift::mc;

static constexpr unsigned NumKinds = 6;

bool mc::isTableKind(ActionKind K) {
  switch (K) {
  case ActionKind::Lock:
  case ActionKind::TryLock:
  case ActionKind::Unlock:
  case ActionKind::Wait:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::BarrierWait:
  case ActionKind::Once:
  case ActionKind::SemWait:
  case ActionKind::SemTryWait:
  case ActionKind::SemPost:
  case ActionKind::Join:
  case ActionKind::Detach:
  case ActionKind::Cancel:
    return true;
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Create:
  case ActionKind::Exit:
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::AtomicUpdate:
    return false;
  }
  llvm_unreachable("a kind ActionKinds.def does not list");
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
  case ActionKind::Detach:
  case ActionKind::Cancel:
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

Prepared::Prepared(const ExplorerInput &In, const ModelCheckOptions &Opts,
                   Clock::time_point Deadline)
    : In(In), Opts(Opts), Deadline(Deadline) {
  const ThreadModel &TM = *In.TM;
  NT = In.Graphs.size();
  Graphs = In.Graphs;
  for (const auto &[F, G] : In.OnceBodies) {
    OnceFns.push_back(F);
    Graphs.push_back(G);
  }
  for (const auto &[Key, G] : In.SiteGraphs) {
    SiteGraph[Key] = Graphs.size();
    Graphs.push_back(G);
  }
  CreateSlot.resize(Graphs.size());
  for (size_t G = 0; G < Graphs.size(); ++G)
    for (const ActionEdge &E : Graphs[G]->Edges)
      CreateSlot[G].push_back(
          E.A.Kind == ActionKind::Create ? int(NumCreateSlots++) : -1);

  // Objects of every kind, as the actions name them. An object that is ever
  // named with AnyOffset is collapsed to one entry so that each MemLoc maps
  // to exactly one table entry (see docs: "collapsed sync objects").
  std::vector<std::vector<MemLoc>> Seen(NumKinds);
  auto Note = [&](ObjKind K, const std::vector<MemLoc> &Ls) {
    for (const MemLoc &L : Ls)
      Seen[static_cast<unsigned>(K)].push_back(L);
  };
  std::set<DataVarId> Tracked;
  std::vector<std::pair<DataVarId, DataVarId>> Copies;
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges) {
      const Action &A = E.A;
      if (isTableKind(A.Kind))
        Note(objKindOf(A.Kind), A.Objects);
      if (A.Kind == ActionKind::Wait)
        Note(ObjKind::Lock, A.Mutex);
      if (A.Kind == ActionKind::Create && A.Creation < TM.Creations.size())
        Note(ObjKind::Handle, TM.Creations[A.Creation].Handles);
      DataUse U = dataUseOf(A);
      Tracked.insert(U.Tested.begin(), U.Tested.end());
      for (DataVarId W : U.Written)
        for (DataVarId R : U.Read)
          Copies.push_back({W, R});
      addIndexVars(TM, A, Tracked, Copies);
    }
  // A variable copied into a tracked one is tracked too.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Dst, Src] : Copies)
      if (Tracked.count(Dst) && Tracked.insert(Src).second)
        Changed = true;
  }

  Tables.assign(NumKinds, {});
  TableBase.assign(NumKinds, 0);
  unsigned Next = 1; // 0 is ThreadMgmt.
  ThreadMgmt = 0;
  for (unsigned K = 0; K < NumKinds; ++K) {
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
  Next += TM.Creations.size();
  SharedBase = Next;

  SharedSlot.assign(TM.DataVars.size(), -1);
  LocalSlot.assign(TM.DataVars.size(), -1);
  for (DataVarId V : Tracked) {
    if (V >= TM.DataVars.size())
      continue;
    const DataVar &D = TM.DataVars[V];
    bool IsShared = false;
    if (D.IsMemory && D.Loc.Obj < TM.Objects.size()) {
      const MemObject &O = TM.Objects[D.Loc.Obj];
      IsShared = (!O.ThreadLocal || O.ThreadLocalEscapes) &&
                 (O.Kind != ObjectKind::Stack || O.Shared);
    }
    if (IsShared)
      SharedSlot[V] = NumShared++;
    else
      LocalSlot[V] = NumLocal++;
    if (D.IsThreadId)
      (IsShared ? IdShared : IdLocal)
          .push_back(IsShared ? SharedSlot[V] : LocalSlot[V]);
  }
  NumObjs = SharedBase + NumShared;

  auto InitOf = [&](const MemLoc &L, int64_t Default) {
    for (const auto &[Obj, Val] : In.SyncInit)
      if (Obj.mayAlias(L))
        return Val;
    return Default;
  };
  for (const MemLoc &L : Tables[static_cast<unsigned>(ObjKind::Sem)])
    SemInit.push_back(InitOf(L, 0));
  for (const MemLoc &L : Tables[static_cast<unsigned>(ObjKind::Barrier)])
    BarrierCount.push_back(InitOf(L, -1));

  AccessNode.resize(Graphs.size());
  for (unsigned G = 0; G < Graphs.size(); ++G) {
    AccessNode[G].assign(Graphs[G]->NumNodes, false);
    for (const ActionEdge &E : Graphs[G]->Edges)
      if (isAccessOfLoc(E.A) && E.From < Graphs[G]->NumNodes)
        AccessNode[G][E.From] = true;
  }
  SemUncounted.assign(Tables[static_cast<unsigned>(ObjKind::Sem)].size(),
                      false);
  BarrierUncounted.assign(
      Tables[static_cast<unsigned>(ObjKind::Barrier)].size(), false);
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
  computeMultiHandles();
  computeEdgeObjs();
  computeFutures();
}

std::vector<unsigned> Prepared::ids(ObjKind K,
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

bool Prepared::isAccessOfLoc(const Action &A) const {
  if (A.Kind != ActionKind::Read && A.Kind != ActionKind::Write)
    return false;
  if (A.Acc >= In.TM->Accesses.size())
    return false;
  for (const MemLoc &L : In.TM->Accesses[A.Acc].Locs)
    if (L.mayAlias(In.Loc))
      return true;
  return false;
}

void Prepared::staticObjs(const ActionEdge &E, unsigned G,
                          std::vector<unsigned> &Out, bool &All) const {
  const Action &A = E.A;
  auto AddIds = [&](ObjKind K, const std::vector<MemLoc> &Ls) {
    for (unsigned I : ids(K, Ls))
      Out.push_back(slotBase(K) + I);
  };
  auto AddVar = [&](DataVarId V) {
    if (V != NoDataVar && V < SharedSlot.size() && SharedSlot[V] >= 0)
      Out.push_back(SharedBase + SharedSlot[V]);
  };
  if (A.Kind == ActionKind::Unlock)
    for (unsigned I : lockIds(A))
      Out.push_back(slotBase(ObjKind::Lock) + I);
  else if (isTableKind(A.Kind))
    AddIds(objKindOf(A.Kind), A.Objects);
  switch (A.Kind) {
  case ActionKind::Wait:
    AddIds(ObjKind::Lock, A.Mutex);
    break;
  case ActionKind::Create:
    Out.push_back(ThreadMgmt);
    Out.push_back(SiteBase + A.Creation);
    if (A.Creation < In.TM->Creations.size())
      AddIds(ObjKind::Handle, In.TM->Creations[A.Creation].Handles);
    break;
  case ActionKind::Join:
  case ActionKind::Detach: // Changes what a later join may choose.
  case ActionKind::Exit:
  case ActionKind::BarrierWait:
    Out.push_back(ThreadMgmt);
    break;
  case ActionKind::Cancel:
    All = true;
    break;
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::AtomicUpdate:
  case ActionKind::Lock: {
    if (usesThreadId(A))
      Out.push_back(ThreadMgmt);
    DataUse U = dataUseOf(A);
    for (DataVarId V : U.Tested)
      AddVar(V);
    for (DataVarId V : U.Written)
      AddVar(V);
    for (DataVarId V : U.Read)
      AddVar(V);
    break;
  }
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::TryLock:
  case ActionKind::Unlock:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::Once:
  case ActionKind::SemWait:
  case ActionKind::SemTryWait:
  case ActionKind::SemPost:
  case ActionKind::Call:
    break;
  }
  if (E.To < Graphs[G]->NumNodes && Graphs[G]->Succs[E.To].empty())
    Out.push_back(ThreadMgmt); // Termination (or the end of a once body).
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
}

void Prepared::computeEdgeObjs() {
  EdgeObjStart.resize(Graphs.size());
  EdgeObjs.resize(Graphs.size());
  EdgeAll.resize(Graphs.size());
  std::vector<unsigned> Objs;
  for (unsigned G = 0; G < Graphs.size(); ++G) {
    const std::vector<ActionEdge> &Edges = Graphs[G]->Edges;
    EdgeObjStart[G].reserve(Edges.size() + 1);
    EdgeObjStart[G].push_back(0);
    EdgeAll[G].resize(Edges.size());
    for (unsigned E = 0; E < Edges.size(); ++E) {
      Objs.clear();
      bool All = false;
      staticObjs(Edges[E], G, Objs, All);
      EdgeObjs[G].insert(EdgeObjs[G].end(), Objs.begin(), Objs.end());
      EdgeObjStart[G].push_back(EdgeObjs[G].size());
      if (All)
        EdgeAll[G].set(E);
    }
  }
}

bool Prepared::futureMeets(const Config &C, uint32_t I,
                           const std::vector<unsigned> &Objs, bool All) const {
  const ThreadState &T = C.Threads[I];
  if (T.St == Status::Terminated)
    return false;
  auto Meets = [&](unsigned G, uint32_t N) {
    if (N >= Graphs[G]->NumNodes)
      return false;
    unsigned SCC = NodeSCC[G][N];
    if (All || FutureAll[G][SCC])
      return true;
    for (unsigned O : Objs)
      if (Future[G][SCC].test(O))
        return true;
    return false;
  };
  return Meets(T.Graph, T.Node) ||
         (T.RetNode != NoNode && Meets(T.Template, T.RetNode));
}

bool Prepared::atAccess(const Config &C, uint32_t I) const {
  if (I >= C.Threads.size())
    return false;
  const ThreadState &T = C.Threads[I];
  return T.St == Status::Active && T.Node < AccessNode[T.Graph].size() &&
         AccessNode[T.Graph][T.Node];
}

bool Prepared::exact(bool Must, ObjKind K,
                     const std::vector<unsigned> &Ids) const {
  if (Ids.size() != 1)
    return false;
  switch (K) {
  case ObjKind::Lock:
    // An abstract lock that may be many runtime locks excludes nothing
    // (ThreadModel::isOneRuntimeObject).
    return Must && !(Opts.Relax & ModelCheckOptions::RelaxLocks);
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

bool Prepared::usesThreadId(const Action &A) const {
  if (IdShared.empty() && IdLocal.empty())
    return false;
  DataUse U = dataUseOf(A);
  auto IsId = [&](DataVarId V) {
    return V < In.TM->DataVars.size() && In.TM->DataVars[V].IsThreadId &&
           (SharedSlot[V] >= 0 || LocalSlot[V] >= 0);
  };
  return llvm::any_of(U.Tested, IsId) || llvm::any_of(U.Written, IsId) ||
         llvm::any_of(U.Read, IsId);
}

void Prepared::freeIds(Config &C, uint64_t Mask) const {
  if (!hasThreadIds())
    return;
  for (uint32_t J = 0; J < C.Threads.size(); ++J)
    if (Mask >> J & 1 && C.Threads[J].Id > 0)
      C.FreedIds |= uint64_t(1) << (C.Threads[J].Id - 1);
}

std::vector<unsigned> Prepared::lockIds(const Action &A) const {
  if (!releasesAnyLock(A))
    return ids(ObjKind::Lock, A.Objects);
  std::vector<unsigned> Every(
      Tables[static_cast<unsigned>(ObjKind::Lock)].size());
  for (unsigned K = 0; K < Every.size(); ++K)
    Every[K] = K;
  return Every;
}

std::pair<uint32_t, uint32_t> Prepared::accessPoint(const Config &C,
                                                    uint32_t I) const {
  if (!atAccess(C, I))
    return {UINT32_MAX, UINT32_MAX};
  return {C.Threads[I].Graph, C.Threads[I].Node};
}

Config Prepared::initial() const {
  Config C;
  C.SiteCount.assign(NumCreateSlots, 0);
  C.Handles.assign(Tables[static_cast<unsigned>(ObjKind::Handle)].size());
  C.Joinable = C.Handles;
  C.Locks.assign(Tables[static_cast<unsigned>(ObjKind::Lock)].size());
  C.Sems = SemInit;
  C.Onces.assign(Tables[static_cast<unsigned>(ObjKind::Once)].size(), 0);
  C.Barriers.assign(BarrierCount.size(), 0);
  C.Shared.assign(NumShared, Value());
  for (const auto &[V, Val] : In.InitialValues)
    if (V < SharedSlot.size() && SharedSlot[V] >= 0)
      C.Shared[SharedSlot[V]] = Value{true, Val};
  ThreadState Root;
  Root.Template = 0;
  Root.Graph = 0;
  Root.Locals.assign(NumLocal, Value());
  Root.Id = 1;
  C.Threads.push_back(Root);
  if (Graphs.empty() || Graphs[0]->NumNodes == 0)
    C.Threads[0].St = Status::Terminated;
  else
    arrive(C, 0, Graphs[0]->Entry);
  return C;
}

//===----------------------------------------------------------------------===//
// Compact packing: LEB128 varints, zig-zag for signed values.
//===----------------------------------------------------------------------===//

static void putU(std::string &S, uint64_t V) {
  do {
    uint8_t B = V & 0x7f;
    V >>= 7;
    S.push_back(char(B | (V ? 0x80 : 0)));
  } while (V);
}
static void putS(std::string &S, int64_t V) {
  putU(S, (uint64_t(V) << 1) ^ uint64_t(V >> 63));
}
static void putVal(std::string &S, const Value &V) {
  if (!V.Known)
    S.push_back(0);
  else {
    S.push_back(1);
    putS(S, V.V);
  }
}

/// Lock and handle tables hold every location an operand may denote, so on
/// imprecise models they run to hundreds of entries, nearly all idle at
/// any time: only the others are written, each as its distance from the
/// previous one and its value (a canonical form: one key per state).
template <typename T, typename IdleFn, typename PutFn>
static void putSparse(std::string &S, const SparseTable<T> &V, IdleFn Idle,
                      PutFn Put) {
  size_t N = 0;
  for (const auto &[I, X] : V.stored())
    N += !Idle(X);
  putU(S, N);
  size_t Prev = 0;
  for (const auto &[I, X] : V.stored())
    if (!Idle(X)) {
      putU(S, I - Prev);
      Prev = I;
      Put(X);
    }
}

namespace {
struct Reader {
  const std::string &S;
  size_t P = 0;
  uint64_t u() {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      uint8_t B = uint8_t(S[P++]);
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
  }
  int64_t s() {
    uint64_t V = u();
    return int64_t(V >> 1) ^ -int64_t(V & 1);
  }
  Value val() {
    Value V;
    V.Known = S[P++] != 0;
    if (V.Known)
      V.V = s();
    return V;
  }
  /// The entries putSparse() wrote into V, sized and idle.
  template <typename T, typename GetFn>
  void sparse(SparseTable<T> &V, GetFn Get) {
    size_t N = u(), I = 0;
    for (size_t K = 0; K < N; ++K) {
      I += u();
      Get(V.at(I));
    }
  }
};
} // namespace

void Prepared::pack(const Config &C, std::string &Out) const {
  Out.clear();
  putU(Out, C.Threads.size());
  for (const ThreadState &T : C.Threads) {
    putU(Out, T.Template);
    putU(Out, T.Graph);
    putU(Out, T.Node);
    Out.push_back(char(T.St));
    putU(Out, T.Aux);
    putU(Out, uint64_t(T.RetNode) + 1);
    for (const Value &V : T.Locals)
      putVal(Out, V);
    if (hasThreadIds())
      putU(Out, T.Id);
  }
  for (uint8_t N : C.SiteCount)
    Out.push_back(char(N));
  auto NoInstance = [](uint64_t H) { return H == 0; };
  auto PutInstances = [&](uint64_t H) { putU(Out, H); };
  putSparse(Out, C.Handles, NoInstance, PutInstances);
  putSparse(Out, C.Joinable, NoInstance, PutInstances);
  putSparse(
      Out, C.Locks,
      [](const LockState &L) { return !L.Owner && !L.Count && !L.Readers; },
      [&](const LockState &L) {
        Out.push_back(char(L.Owner));
        putU(Out, L.Count);
        putU(Out, L.Readers);
      });
  for (int64_t S : C.Sems)
    putS(Out, S);
  for (uint8_t O : C.Onces)
    Out.push_back(char(O));
  for (uint64_t B : C.Barriers)
    putU(Out, B);
  for (const Value &V : C.Shared)
    putVal(Out, V);
  if (hasThreadIds())
    putU(Out, C.FreedIds);
}

Config Prepared::unpack(const std::string &In) const {
  Reader R{In};
  Config C;
  C.Threads.resize(R.u());
  for (ThreadState &T : C.Threads) {
    T.Template = R.u();
    T.Graph = R.u();
    T.Node = R.u();
    T.St = Status(uint8_t(In[R.P++]));
    T.Aux = R.u();
    T.RetNode = uint32_t(R.u() - 1);
    T.Locals.resize(NumLocal);
    for (Value &V : T.Locals)
      V = R.val();
    T.Id = hasThreadIds() ? uint32_t(R.u()) : uint32_t(&T - &C.Threads[0] + 1);
  }
  C.SiteCount.resize(NumCreateSlots);
  for (uint8_t &N : C.SiteCount)
    N = uint8_t(In[R.P++]);
  auto GetInstances = [&](uint64_t &H) { H = R.u(); };
  C.Handles.assign(Tables[static_cast<unsigned>(ObjKind::Handle)].size());
  R.sparse(C.Handles, GetInstances);
  C.Joinable.assign(C.Handles.size());
  R.sparse(C.Joinable, GetInstances);
  C.Locks.assign(Tables[static_cast<unsigned>(ObjKind::Lock)].size());
  R.sparse(C.Locks, [&](LockState &L) {
    L.Owner = uint8_t(In[R.P++]);
    L.Count = uint16_t(R.u());
    L.Readers = R.u();
  });
  C.Sems.resize(SemInit.size());
  for (int64_t &S : C.Sems)
    S = R.s();
  C.Onces.resize(Tables[static_cast<unsigned>(ObjKind::Once)].size());
  for (uint8_t &O : C.Onces)
    O = uint8_t(In[R.P++]);
  C.Barriers.resize(BarrierCount.size());
  for (uint64_t &B : C.Barriers)
    B = R.u();
  C.Shared.resize(NumShared);
  for (Value &V : C.Shared)
    V = R.val();
  if (hasThreadIds())
    C.FreedIds = R.u();
  return C;
}

std::string Prepared::threadName(const Config &C, uint32_t I) const {
  const ThreadTemplate *T = C.Threads[I].Template < In.TM->Templates.size()
                                ? &In.TM->Templates[C.Threads[I].Template]
                                : nullptr;
  std::string Name = T ? T->Name : "thread";
  return I == 0 ? Name : Name + "#" + std::to_string(I);
}
