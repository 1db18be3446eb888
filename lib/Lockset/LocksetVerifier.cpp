//===- LocksetVerifier.cpp - The lockset layer's invariants ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// verifyLocksets (option verify): what the model checker and the findings
// take for granted of a LocksetResult, checked after the layer ran. A
// candidate that breaks one would be model-checked or reported although
// the lockset layer's own rules (docs/design-lockset.md) exclude it.
//
//===----------------------------------------------------------------------===//

#include "racesift/Lockset/Lockset.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <map>
#include <utility>

using namespace llvm;

namespace racesift {

std::vector<std::string> verifyLocksets(const ThreadModel &TM,
                                        const LocksetResult &R,
                                        const OrderFacts *Order) {
  std::vector<std::string> Problems;
  auto Problem = [&](const Twine &Text) { Problems.push_back(Text.str()); };

  // The contexts, by (thread, access), to find each candidate's.
  std::map<std::pair<TemplateId, AccessId>, std::vector<const LockSet *>>
      Contexts;
  for (size_t I = 0; I < R.Contexts.size(); ++I) {
    const AccessContext &C = R.Contexts[I];
    std::string Where = "lockset context " + std::to_string(I);
    if (C.Thread >= TM.Templates.size())
      Problem(Where + ": thread template " + Twine(C.Thread) + " of " +
              Twine(TM.Templates.size()));
    if (C.Acc >= TM.Accesses.size())
      Problem(Where + ": access " + Twine(C.Acc) + " of " +
              Twine(TM.Accesses.size()));
    for (size_t K = 0; K < C.Held.size(); ++K) {
      const HeldLock &L = C.Held[K];
      // (InvalidObject, 0) is the one lock of every __VERIFIER_atomic_
      // section (AtomicSectionLoc, LocksetTransfer.cpp), no memory object.
      bool AtomicSection = L.Loc.Obj == InvalidObject && L.Loc.Offset == 0;
      if (!L.Relative && !AtomicSection && L.Loc.Obj >= TM.Objects.size())
        Problem(Where + ": holds lock '" + L.Name + "' of memory object " +
                Twine(L.Loc.Obj) + " of " + Twine(TM.Objects.size()));
      if (K > 0 && !(C.Held[K - 1] < L))
        Problem(Where + ": its lockset is not sorted and duplicate-free at '" +
                L.Name + "'");
    }
    Contexts[{C.Thread, C.Acc}].push_back(&C.Held);
  }

  std::map<MemLoc, uint64_t> PerLocation;
  for (size_t I = 0; I < R.Candidates.size(); ++I) {
    const Candidate &C = R.Candidates[I];
    std::string Where =
        "lockset candidate " + std::to_string(I) + " on '" + C.LocName + "'";
    if (I > 0 && C.Loc < R.Candidates[I - 1].Loc)
      Problem(Where + ": not sorted by location");
    ++PerLocation[C.Loc];
    if (C.Loc.Obj >= TM.Objects.size()) {
      Problem(Where + ": memory object " + Twine(C.Loc.Obj) + " of " +
              Twine(TM.Objects.size()));
      continue;
    }
    bool Valid = true;
    for (const AccessContext *X : {&C.First, &C.Second}) {
      const char *Which = X == &C.First ? "first" : "second";
      if (X->Acc >= TM.Accesses.size() || X->Thread >= TM.Templates.size()) {
        Problem(Where + ": its " + Which + " context names access " +
                Twine(X->Acc) + " of thread template " + Twine(X->Thread));
        Valid = false;
        continue;
      }
      auto It = Contexts.find({X->Thread, X->Acc});
      if (It == Contexts.end() || none_of(It->second, [&](const LockSet *Held) {
            return *Held == X->Held;
          }))
        Problem(Where + ": its " + Which + " context is none of the layer's");
      const Access &A = TM.Accesses[X->Acc];
      if (none_of(A.Locs, [&](const MemLoc &L) { return L.mayAlias(C.Loc); }))
        Problem(Where + ": its " + Which + " access '" + A.Name +
                "' does not touch the location");
    }
    if (!Valid)
      continue;
    const Access &A = TM.Accesses[C.First.Acc];
    const Access &B = TM.Accesses[C.Second.Acc];
    if (!accessesConflict(A, B, TM.inUnion(C.Loc)))
      Problem(Where + ": accesses '" + A.Name + "' and '" + B.Name +
              "' do not conflict");
    if (C.First.Thread == C.Second.Thread &&
        TM.Templates[C.First.Thread].Mult != Multiplicity::Many)
      Problem(Where + ": one instance of thread template '" +
              TM.Templates[C.First.Thread].Name + "' at a time");
    if (C.First.Thread == C.Second.Thread &&
        TM.Objects[C.Loc.Obj].ownedPerInstance(C.First.Thread))
      Problem(Where + ": each instance of thread template '" +
              TM.Templates[C.First.Thread].Name + "' has its own object");
    if (locksExclude(C.First.Held, A.IsWrite, C.Second.Held, B.IsWrite))
      Problem(Where + ": a common lock protects it");
    if (Order && Order->ordered(C.First.Thread,
                                Order->keyOf(C.First.Thread, C.First.Acc),
                                C.Second.Thread,
                                Order->keyOf(C.Second.Thread, C.Second.Acc)) !=
                     OrderRule::None)
      Problem(Where + ": the order facts order it");
  }
  for (const auto &[L, N] : PerLocation) {
    auto It = R.PairsPerLocation.find(L);
    if (It == R.PairsPerLocation.end() || It->second < N)
      Problem("lockset candidates on '" + TM.describe(L) + "': " + Twine(N) +
              " kept, but " +
              Twine(It == R.PairsPerLocation.end() ? 0 : It->second) +
              " counted in PairsPerLocation");
  }
  return Problems;
}

} // namespace racesift
