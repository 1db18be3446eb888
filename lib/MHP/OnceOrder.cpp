//===- OnceOrder.cpp - Accesses after a pthread_once returned -------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// once (docs/design.md, "Order facts"). pthread_once(&c, f) returns only
// after the one run of c's init routine has completed (POSIX), and that
// run happens before the return. A control c is *known* if some
// pthread_once names it exactly (a single location of a singleton
// object), it is a global, and no access writes its object (a control set
// back to PTHREAD_ONCE_INIT runs its routine again). A function belongs to
// c's *once body* if every use of it is the init routine of a
// pthread_once on c or a direct call from a function of c's body: it runs
// only inside c's one run. A must dataflow over all graphs (gen only,
// context-insensitive: entry facts are the meet over every call) gives
// each access the controls whose pthread_once returned on every path
// before it. Then an access of c's body happens before every access that
// has c.
//
// Linear in the graphs times the number of controls, times the call depth
// of the fixpoints.
//
//===----------------------------------------------------------------------===//

#include "MHPInternal.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <map>
#include <optional>

using namespace llvm;

namespace racesift {
namespace mhp {

namespace {

/// Controls passed; nullopt: no path gets here (the lattice's top).
using Facts = std::optional<BitVector>;

/// Meet (intersection) of From into To; true if To changed.
bool meetInto(Facts &To, const Facts &From) {
  if (!From)
    return false;
  if (!To) {
    To = From;
    return true;
  }
  BitVector Old = *To;
  *To &= *From;
  return *To != Old;
}

Facts unite(const Facts &A, const Facts &B) {
  if (!A || !B)
    return std::nullopt;
  BitVector R = *A;
  R |= *B;
  return R;
}

class OnceFlow {
  const ThreadModel &TM;
  unsigned NumCtls;
  /// Once edges on a known control: the instruction -> the control.
  const DenseMap<const Instruction *, unsigned> &KnownOnce;
  DenseMap<const Function *, unsigned> Index;
  std::vector<Facts> Gen; ///< By graph: what every return has passed.
  std::vector<std::vector<unsigned>> RPO; ///< By graph.

public:
  std::vector<std::vector<Facts>> Local; ///< By graph: from entry with {}.
  std::vector<Facts> Entry;              ///< By graph.

  OnceFlow(const ThreadModel &TM, unsigned NumCtls,
           const DenseMap<const Instruction *, unsigned> &KnownOnce)
      : TM(TM), NumCtls(NumCtls), KnownOnce(KnownOnce) {
    for (unsigned I = 0; I < TM.Functions.size(); ++I) {
      Index.try_emplace(TM.Functions[I].F, I);
      RPO.push_back(visitOrder(TM.Functions[I]));
    }
  }

  void run(const std::vector<bool> &Root) {
    const size_t NF = TM.Functions.size();
    Gen.assign(NF, std::nullopt);
    Local.assign(NF, {});
    // Summaries: greatest fixpoint from "never returns".
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned F = NF; F-- > 0;) {
        Local[F] = flow(F);
        const FunctionGraph &G = TM.Functions[F];
        Facts Exit = G.Exit < Local[F].size() ? Local[F][G.Exit] : Facts();
        if (Exit != Gen[F]) {
          Gen[F] = Exit;
          Changed = true;
        }
      }
    }
    // Entries: the meet over every call; roots start with nothing passed.
    Entry.assign(NF, std::nullopt);
    std::vector<unsigned> Work;
    for (unsigned F = 0; F < NF; ++F)
      if (Root[F]) {
        Entry[F] = BitVector(NumCtls);
        Work.push_back(F);
      }
    while (!Work.empty()) {
      unsigned F = Work.back();
      Work.pop_back();
      for (const ActionEdge &E : TM.Functions[F].Edges) {
        if (!isCall(E.A) || E.A.Callback)
          continue;
        Facts In = unite(Entry[F], Local[F][E.From]);
        for (const Function *C : E.A.Callees) {
          auto It = Index.find(C);
          if (It != Index.end() && meetInto(Entry[It->second], In))
            Work.push_back(It->second);
        }
      }
    }
  }

  /// What is passed before edge E of graph F on every path, or nullopt.
  Facts at(unsigned F, const ActionEdge &E) const {
    if (E.From >= Local[F].size())
      return std::nullopt;
    return unite(Entry[F], Local[F][E.From]);
  }

private:
  Facts transfer(const ActionEdge &E, const Facts &X) const {
    const Action &A = E.A;
    if (A.Kind == ActionKind::Once) {
      BitVector Y = *X;
      auto It = KnownOnce.find(A.Inst);
      if (It != KnownOnce.end())
        Y.set(It->second);
      return Y; // The body's own facts: it may be skipped.
    }
    if (A.Kind != ActionKind::Call || A.Callback)
      return X;
    Facts Callees;
    bool Any = false;
    for (const Function *C : A.Callees) {
      auto It = Index.find(C);
      if (It == Index.end())
        continue;
      Any = true;
      meetInto(Callees, Gen[It->second]);
    }
    return Any ? unite(X, Callees) : X;
  }

  std::vector<Facts> flow(unsigned F) const {
    return forwardFlow(
        TM.Functions[F], RPO[F], Facts(BitVector(NumCtls)),
        [&](const ActionEdge &E, const Facts &X) { return transfer(E, X); },
        [&](Facts &Into, const Facts &X) { return meetInto(Into, X); });
  }
};

} // namespace

void computeOnceFacts(const ThreadModel &TM, OrderFacts &F) {
  F.OnceBody.assign(TM.Accesses.size(), 0);
  F.OncePassed.assign(TM.Accesses.size(), 0);

  // Known controls.
  std::map<MemLoc, std::string> Refused;
  std::vector<MemLoc> Ctls;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges) {
      if (E.A.Kind != ActionKind::Once || E.A.Objects.size() != 1)
        continue;
      const MemLoc &L = E.A.Objects[0];
      if (!E.A.MustObject) {
        Refused.try_emplace(L, "it may be one of several objects");
        continue;
      }
      const MemObject &O = TM.Objects[L.Obj];
      if (O.Kind != ObjectKind::Global || O.ThreadLocal)
        Refused.try_emplace(L, "it is not a global: each activation or "
                               "thread may have its own");
      else if (!is_contained(Ctls, L))
        Ctls.push_back(L);
    }
  for (const Access &A : TM.Accesses)
    if (A.IsWrite)
      for (const MemLoc &L : A.Locs)
        for (const MemLoc &C : Ctls)
          if (C.Obj == L.Obj)
            Refused.try_emplace(
                C, "written at " +
                       A.Loc.File.substr(A.Loc.File.find_last_of('/') + 1) +
                       ":" + std::to_string(A.Loc.Line) +
                       ": it may run its routine again");
  erase_if(Ctls, [&](const MemLoc &C) { return Refused.count(C); });
  llvm::sort(Ctls);
  for (auto &[L, Why] : Refused)
    F.OnceRefused.push_back({L, Why});
  F.OnceControls = Ctls;
  if (Ctls.empty())
    return;

  DenseMap<const Instruction *, unsigned> KnownOnce;
  DenseMap<const Instruction *, const Function *> OnceCalls; // Any once.
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges) {
      if (E.A.Kind != ActionKind::Once || !E.A.Inst)
        continue;
      OnceCalls[E.A.Inst] = G.F;
      if (E.A.MustObject && E.A.Objects.size() == 1)
        if (auto It = llvm::lower_bound(Ctls, E.A.Objects[0]);
            It != Ctls.end() && *It == E.A.Objects[0])
          KnownOnce[E.A.Inst] = It - Ctls.begin();
    }

  // Once bodies: every use an init routine of a known once, or a direct
  // call from the same body (a fixpoint that only adds).
  DenseMap<const Function *, unsigned> Modelled;
  for (unsigned I = 0; I < TM.Functions.size(); ++I)
    Modelled.try_emplace(TM.Functions[I].F, I);
  DenseMap<const Function *, unsigned> Body; // -> 1 + control.
  std::vector<bool> Entries(TM.Functions.size(), false);
  for (const ThreadTemplate &T : TM.Templates)
    if (auto It = Modelled.find(T.Entry); T.Entry && It != Modelled.end())
      Entries[It->second] = true;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < TM.Functions.size(); ++I) {
      const Function *Fn = TM.Functions[I].F;
      if (Entries[I] || Body.count(Fn) || Fn->use_empty())
        continue;
      unsigned Ctl = 0;
      for (const Use &U : Fn->uses()) {
        auto *CB = dyn_cast<CallBase>(U.getUser());
        unsigned Here = 0;
        if (CB && CB->isCallee(&U))
          Here = Body.lookup(CB->getFunction());
        else if (auto It = KnownOnce.find(CB); CB && It != KnownOnce.end())
          Here = It->second + 1;
        if (!Here || (Ctl && Here != Ctl)) {
          Ctl = 0;
          break;
        }
        Ctl = Here;
      }
      if (Ctl) {
        Body[Fn] = Ctl;
        Changed = true;
      }
    }
  }

  // Roots of the dataflow: thread entries, call-backs, and functions that
  // code outside the graphs may call (a use that is neither a direct call
  // from a modelled function nor a pthread_once's routine).
  std::vector<bool> Root = Entries;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges)
      if (E.A.Kind == ActionKind::Call && E.A.Callback)
        for (const Function *C : E.A.Callees)
          if (auto It = Modelled.find(C); It != Modelled.end())
            Root[It->second] = true;
  for (unsigned I = 0; I < TM.Functions.size(); ++I)
    for (const Use &U : TM.Functions[I].F->uses()) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      bool Modelled1 = CB && Modelled.count(CB->getFunction());
      if (!(Modelled1 && (CB->isCallee(&U) || OnceCalls.count(CB))))
        Root[I] = true;
    }

  OnceFlow Flow(TM, Ctls.size(), KnownOnce);
  Flow.run(Root);

  std::map<std::vector<uint32_t>, uint32_t> SetIds;
  SetIds[{}] = 0;
  std::map<AccessId, Facts> Passed;
  std::map<AccessId, bool> Dead; // An edge no path reaches: no facts.
  for (unsigned I = 0; I < TM.Functions.size(); ++I) {
    const FunctionGraph &G = TM.Functions[I];
    unsigned B = Body.lookup(G.F);
    if (B)
      F.OnceFunctions.push_back({G.F, B});
    for (const ActionEdge &E : G.Edges) {
      if (E.A.Kind != ActionKind::Read && E.A.Kind != ActionKind::Write)
        continue;
      if (E.A.Acc >= TM.Accesses.size())
        continue;
      F.OnceBody[E.A.Acc] = B;
      Facts X = Flow.at(I, E);
      if (!X)
        Dead[E.A.Acc] = true;
      else if (auto [It, New] = Passed.try_emplace(E.A.Acc, X); !New)
        meetInto(It->second, X);
    }
  }
  for (auto &[A, X] : Passed) {
    if (Dead.count(A) || X->none())
      continue;
    std::vector<uint32_t> Set;
    for (unsigned C : X->set_bits())
      Set.push_back(C);
    auto [It, New] = SetIds.try_emplace(Set, F.PassedSets.size());
    if (New)
      F.PassedSets.push_back(Set);
    F.OncePassed[A] = It->second;
  }
}

} // namespace mhp
} // namespace racesift
