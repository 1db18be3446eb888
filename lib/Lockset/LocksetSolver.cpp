//===- LocksetSolver.cpp - Interprocedural must-held-locks MFP --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "LocksetSolver.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <chrono>

using namespace racesift;
using namespace racesift::lockset;

/// Same locks, modes and depths; acquisition sites do not make a context.
static bool sameLocks(const LockState &A, const LockState &B) {
  if (A.Held.size() != B.Held.size())
    return false;
  for (size_t I = 0; I < A.Held.size(); ++I)
    if (A.Held[I].Lock != B.Held[I].Lock || A.Held[I].Mode != B.Held[I].Mode ||
        A.Held[I].Depth != B.Held[I].Depth)
      return false;
  return true;
}

LocksetSolver::LocksetSolver(const ThreadModel &TM, const LocksetOptions &Opts)
    : TM(TM), Opts(Opts) {
  for (const FunctionGraph &G : TM.Functions) {
    FunctionInfo FI;
    FI.G = &G;
    FnOfGraph[&G] = Fns.size();
    Fns.push_back(std::move(FI));
  }
}

int LocksetSolver::fnOf(const llvm::Function *F) const {
  const FunctionGraph *G = TM.graphOf(F);
  if (!G)
    return -1;
  auto It = FnOfGraph.find(G);
  return It == FnOfGraph.end() ? -1 : static_cast<int>(It->second);
}

void LocksetSolver::enqueue(unsigned Fn, unsigned Ctx, NodeId N) {
  if (Queued.insert({Fn, Ctx, N}).second)
    Worklist.emplace_back(Fn, Ctx, N);
}

void LocksetSolver::propagate(unsigned Fn, unsigned Ctx, NodeId To,
                              const LockState &S) {
  std::optional<LockState> &Slot = Fns[Fn].Ctxs[Ctx].In[To];
  bool Changed;
  if (!Slot) {
    Slot = S;
    Changed = true;
  } else {
    Changed = meetInto(*Slot, S);
  }
  if (!Changed)
    return;
  enqueue(Fn, Ctx, To);
  if (To == Fns[Fn].G->Exit) {
    auto It = Dependents.find({Fn, Ctx});
    if (It != Dependents.end())
      for (const auto &[CF, CC, CN] : It->second)
        enqueue(CF, CC, CN);
  }
}

unsigned LocksetSolver::contextFor(unsigned Fn, const LockState &Entry,
                                   bool Create) {
  std::vector<Context> &Ctxs = Fns[Fn].Ctxs;
  int MergedIdx = -1;
  for (unsigned I = 0; I < Ctxs.size(); ++I) {
    if (Ctxs[I].Merged)
      MergedIdx = I;
    else if (sameLocks(Ctxs[I].Entry, Entry))
      return I;
  }
  if (MergedIdx >= 0) {
    // Past the context limit: one context whose entry is the intersection
    // of all the entries routed to it (a documented precision cut).
    if (Create && meetInto(Ctxs[MergedIdx].Entry, Entry))
      propagate(Fn, MergedIdx, Fns[Fn].G->Entry, Ctxs[MergedIdx].Entry);
    return MergedIdx;
  }
  if (!Create)
    return ~0u;
  Context C;
  C.Entry = Entry;
  C.In.resize(Fns[Fn].G->NumNodes);
  unsigned Exact =
      Opts.MaxContextsPerFunction > 0 ? Opts.MaxContextsPerFunction - 1 : 0;
  if (Ctxs.size() >= Exact) {
    C.Merged = true;
    ++MergedContexts;
  }
  Ctxs.push_back(std::move(C));
  unsigned Idx = Ctxs.size() - 1;
  propagate(Fn, Idx, Fns[Fn].G->Entry, Entry);
  return Idx;
}

std::optional<LockState> LocksetSolver::transferCall(unsigned Fn, unsigned Ctx,
                                                     NodeId From,
                                                     const Action &A,
                                                     const LockState &S) {
  std::optional<LockState> Out;
  auto Meet = [&](const LockState &R) {
    if (!Out)
      Out = R;
    else
      meetInto(*Out, R);
  };
  // pthread_once may skip its routine; a call without a modelled callee
  // leaves the locks alone (opaque-callee in the design note).
  if (A.Kind == ActionKind::Once || A.Callees.empty())
    Meet(S);
  for (const llvm::Function *Callee : A.Callees) {
    int G = fnOf(Callee);
    if (G < 0) {
      Meet(S);
      continue;
    }
    // Absolute locks enter the callee; relative ones only as parameters
    // (relative-lock-scope in docs/design-lockset.md).
    unsigned C = contextFor(G, calleeEntry(S, A, Callee), /*Create=*/true);
    Dependents[{unsigned(G), C}].insert({Fn, Ctx, From});
    const std::optional<LockState> &X = Fns[G].Ctxs[C].In[Fns[G].G->Exit];
    if (!X)
      continue; // Does not return (yet): contributes nothing.
    LockState R;
    for (const HeldFact &H : X->Held)
      if (!Locks[H.Lock].Relative)
        R.Held.push_back(H);
    for (const PendingFact &P : X->Pending)
      if (!Locks[P.Lock].Relative)
        R.Pending.push_back(P);
    // The caller's own relative locks and pending trylocks survive unless
    // the callee may release them or overwrite the tested result.
    const SideEffects &SE = Fns[G].SE;
    for (const HeldFact &H : S.Held)
      if (Locks[H.Lock].Relative && !mayBeReleasedBy(H.Lock, SE))
        R.Held.push_back(H);
    mapBack(*X, A, Callee, R);
    for (const PendingFact &P : S.Pending)
      if (!std::binary_search(SE.Assigns.begin(), SE.Assigns.end(), P.Var) &&
          !mayBeReleasedBy(P.Lock, SE))
        R.Pending.push_back(P);
    std::sort(R.Pending.begin(), R.Pending.end());
    R.Pending.erase(std::unique(R.Pending.begin(), R.Pending.end()),
                    R.Pending.end());
    Meet(R);
  }
  return Out;
}

void LocksetSolver::visit(unsigned Fn, unsigned Ctx, NodeId N) {
  if (!Fns[Fn].Ctxs[Ctx].In[N])
    return;
  // Copy: transfers may add contexts and move the vectors.
  LockState S = *Fns[Fn].Ctxs[Ctx].In[N];
  const FunctionGraph &G = *Fns[Fn].G;
  if (N >= G.Succs.size())
    return;
  for (unsigned EI : G.Succs[N]) {
    const ActionEdge &E = G.Edges[EI];
    if (std::optional<LockState> Out = transfer(Fn, Ctx, N, E.A, S))
      propagate(Fn, Ctx, E.To, *Out);
  }
}

std::vector<unsigned> LocksetSolver::rootsOf(TemplateId T) const {
  // Each start function runs with no lock held: a start routine, main and
  // the constructors before it, or the environment root's constructors
  // and entries.
  std::vector<unsigned> Roots;
  for (const llvm::Function *E : TM.startFunctions(T))
    if (int F = fnOf(E); F >= 0)
      Roots.push_back(F);
  return Roots;
}

void LocksetSolver::solve() {
  internActionLocks();
  computeSideEffects();
  for (TemplateId T = 0; T < TM.Templates.size(); ++T)
    for (unsigned F : rootsOf(T))
      contextFor(F, LockState(), /*Create=*/true);
  // The step budget decides where a large module's fixpoint stops, the
  // same on any machine; the clock, read every 1024 visits, is only the
  // safety net.
  for (; !Worklist.empty(); ++Visits) {
    if (Opts.MaxSteps && Visits * StepsPerVisit >= Opts.MaxSteps) {
      Exhausted = StepsSpent = true;
      return;
    }
    if (Visits % 1024 == 1023 && Opts.Deadline &&
        std::chrono::steady_clock::now() > *Opts.Deadline) {
      Exhausted = true;
      return;
    }
    auto Item = Worklist.front();
    Worklist.pop_front();
    Queued.erase(Item);
    visit(std::get<0>(Item), std::get<1>(Item), std::get<2>(Item));
  }
}

std::vector<std::pair<unsigned, unsigned>>
LocksetSolver::reachedContexts(TemplateId T) {
  std::vector<std::pair<unsigned, unsigned>> Order;
  if (T >= TM.Templates.size())
    return Order;
  std::set<std::pair<unsigned, unsigned>> Seen;
  for (unsigned Root : rootsOf(T)) {
    unsigned RootCtx = contextFor(Root, LockState(), /*Create=*/false);
    if (RootCtx != ~0u && Seen.insert({Root, RootCtx}).second)
      Order.push_back({Root, RootCtx});
  }
  for (size_t I = 0; I < Order.size(); ++I) {
    auto [F, C] = Order[I];
    const FunctionGraph &G = *Fns[F].G;
    for (const ActionEdge &E : G.Edges) {
      if (E.A.Kind != ActionKind::Call && E.A.Kind != ActionKind::Once)
        continue;
      const std::optional<LockState> &S = Fns[F].Ctxs[C].In[E.From];
      if (!S)
        continue;
      for (const llvm::Function *Callee : E.A.Callees) {
        int G2 = fnOf(Callee);
        if (G2 < 0)
          continue;
        unsigned C2 =
            contextFor(G2, calleeEntry(*S, E.A, Callee), /*Create=*/false);
        if (C2 == ~0u)
          continue; // Unreachable: the solver created every used context.
        if (Seen.insert({unsigned(G2), C2}).second)
          Order.push_back({unsigned(G2), C2});
      }
    }
  }
  return Order;
}

bool LocksetSolver::atOneAddress(const Access &Acc, ObjectId Obj) const {
  if (Acc.Locs.size() != 1 || Acc.Locs.front().Obj != Obj ||
      Acc.Locs.front().Offset == AnyOffset || Obj >= TM.Objects.size())
    return false;
  const MemObject &O = TM.Objects[Obj];
  return O.Id == Obj && O.Singleton && !O.ElementsFolded;
}

LockSet LocksetSolver::heldAt(const LockState &S, const Access *Acc) const {
  LockSet Out;
  for (const HeldFact &H : S.Held) {
    const LockInfo &I = Locks[H.Lock];
    HeldLock L;
    L.Relative = I.Relative;
    L.Loc = I.Loc;
    L.Base = I.Base;
    L.Mode = H.Mode;
    L.Depth = H.Depth;
    L.Name = I.Name;
    if (H.Site)
      L.AcquiredAt = H.Site->Loc;
    if (I.Relative && Acc && Acc->Base.Base == I.Base.Base &&
        Acc->Base.Offset != AnyOffset && I.Base.Offset != AnyOffset)
      L.OffsetFromAccess = I.Base.Offset - Acc->Base.Offset;
    else if (!I.Relative && Acc && I.Loc.Offset != AnyOffset &&
             atOneAddress(*Acc, I.Loc.Obj))
      // exact-relative: the access is at one address of the lock's object,
      // so the lock is that address plus this offset, as a relative lock
      // with the same offset from the same address is.
      L.OffsetFromAccess = I.Loc.Offset - Acc->Locs.front().Offset;
    else if (I.Relative && Acc && I.Index && Acc->Index &&
             I.Index.Index == Acc->Index.Index &&
             I.Index.Base == Acc->Index.Base)
      L.IndexShapes = {I.Index.Shape, Acc->Index.Shape};
    // Also for an access at a constant offset: one at a variable index
    // inside the same object meets it here.
    if (I.Relative && Acc && I.Base.Offset != AnyOffset)
      for (const WithinObject &W : Acc->Within)
        if (W.Base == I.Base.Base) {
          L.WithinObject = {W.Shape, I.Base.Offset - W.Offset};
          break;
        }
    Out.push_back(std::move(L));
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}
