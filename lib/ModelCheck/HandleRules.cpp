//===- HandleRules.cpp - create, join, detach and cancel ---------*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The thread-management rules (create, join, cancel1/cancel2 and detach)
// and the classification of thread handles into scalar handles, which a
// create overwrites, and multi handles (arrays, collapsed or heap objects),
// which accumulate instances. See docs/design-modelcheck.md: "handles".
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include <set>

using namespace racesift;
using namespace racesift::mc;
using namespace llvm;

void Prepared::computeMultiHandles() {
  const ThreadModel &TM = *In.TM;
  const std::vector<MemLoc> &HT = Objects->table(ObjKind::Handle);
  // Creation sites (in the explored graphs) storing into each entry.
  std::vector<std::set<unsigned>> StoredBy(HT.size());
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges)
      if (E.A.Kind == ActionKind::Create && E.A.Creation < TM.Creations.size())
        for (unsigned HI :
             Objects->ids(ObjKind::Handle, TM.Creations[E.A.Creation].Handles))
          StoredBy[HI].insert(E.A.Creation);
  MultiHandle.assign(HT.size(), true);
  for (unsigned HI = 0; HI < HT.size(); ++HI) {
    const MemLoc &L = HT[HI];
    if (L.Offset == AnyOffset || L.Obj >= TM.Objects.size() ||
        !TM.Objects[L.Obj].Singleton || TM.Objects[L.Obj].ElementsFolded)
      continue; // Collapsed, heap, folded or unknown: several handles.
    std::optional<bool> InArray = TM.inArray(L);
    if (!InArray) {
      // No type (or a union): a handle written by a looping create or by
      // several creates is taken to be an array element (the sound choice).
      bool Looping = false;
      for (unsigned C : StoredBy[HI])
        Looping = Looping || TM.Creations[C].InLoop;
      InArray = Looping || StoredBy[HI].size() > 1;
    }
    MultiHandle[HI] = *InArray;
  }
}

void Prepared::threadMoves(const Config &C, uint32_t I, const ActionEdge &E,
                           const std::vector<unsigned> &Ids, StepFn Step,
                           bool &FullyEnabled, std::string *CutNote) const {
  const ThreadModel &TM = *In.TM;
  const Action &A = E.A;
  const bool Exact = Ids.size() == 1;
  auto Next = [&]() {
    Config S = C;
    arrive(S, I, E.To);
    return S;
  };

  switch (A.Kind) {
  case ActionKind::Create: {
    const CreationSite *CS =
        A.Creation < TM.Creations.size() ? &TM.Creations[A.Creation] : nullptr;
    const ThreadState &Self = C.Threads[I];
    const int Slot = CreateSlot[Self.Graph][&E - &Graphs[Self.Graph]->Edges[0]];
    // A loop known to run the creation at most MaxRuns times gets that many
    // instances (within MaxLoopThreads): the bound then cuts nothing.
    const unsigned Bound =
        CS && CS->MaxRuns && CS->MaxRuns <= Opts.MaxLoopThreads
            ? std::max(Opts.ThreadBound, CS->MaxRuns)
            : Opts.ThreadBound;
    bool Cut = CS && Slot >= 0 &&
               (C.SiteCount[Slot] >= Bound || C.Threads.size() >= MaxInstances);
    if (!CS || CS->Targets.empty() || Cut) {
      if (Cut && CutNote && CutNote->empty())
        *CutNote = (C.Threads.size() >= MaxInstances
                        ? "instance limit " + std::to_string(MaxInstances)
                        : "thread bound " + std::to_string(Bound)) +
                   " met at creation site " + CS->Loc.File + ":" +
                   std::to_string(CS->Loc.Line) +
                   (CS->InLoop ? " (in a loop)" : "");
      // A thread the model does not run still gets an id in the handle:
      // one the model cannot name.
      Config S = Next();
      if (A.Var != NoDataVar)
        write(S, I, A.Var, Value());
      if (A.ResultVar != NoDataVar)
        write(S, I, A.ResultVar, Value{true, 0});
      Step(std::move(S), UINT32_MAX);
      return;
    }
    // create-result: the failure path, where no thread exists (EAGAIN).
    if (A.ResultVar != NoDataVar) {
      Config S = Next();
      write(S, I, A.ResultVar, Value{true, CreateFailure});
      Step(std::move(S), CreateFails);
    }
    std::vector<unsigned> H = Objects->ids(ObjKind::Handle, CS->Handles);
    // thread-ids: a fresh id (R = 0), or one a join or detach freed.
    std::vector<uint32_t> NewIds{uint32_t(C.Threads.size() + 1)};
    for (uint32_t V = 1; V <= MaxInstances; ++V)
      if (C.FreedIds >> (V - 1) & 1)
        NewIds.push_back(V);
    for (unsigned R = 0; R < NewIds.size(); ++R)
      for (unsigned K = 0; K < CS->Targets.size(); ++K) {
        TemplateId Tgt = CS->Targets[K];
        Config S = Next();
        uint32_t New = S.Threads.size();
        ThreadState NT0;
        NT0.Template = Tgt;
        NT0.Graph = Tgt;
        // context-parameters: this site's graph of the template, if any.
        if (auto It = SiteGraph.find(siteKeyOf(TM, A, Tgt));
            It != SiteGraph.end())
          NT0.Graph = It->second;
        NT0.Locals.assign(Objects->numLocal(), Value());
        NT0.Id = NewIds[R];
        S.FreedIds &= ~(uint64_t(1) << (NewIds[R] - 1));
        // per-instance-index: the new instance's index is the creator's
        // counter now.
        if (int Slot = Objects->localSlot(CS->ParamVar);
            Slot >= 0 && CS->Targets.size() == 1)
          NT0.Locals[Slot] = read(C, I, CS->ArgVar);
        S.Threads.push_back(NT0);
        if (Tgt >= this->NT || Graphs[NT0.Graph]->NumNodes == 0)
          S.Threads[New].St = Status::Terminated;
        else
          arrive(S, New, Graphs[NT0.Graph]->Entry);
        if (Slot >= 0)
          ++S.SiteCount[Slot];
        // thread-ids: the handle now holds the new instance's id.
        if (A.Var != NoDataVar)
          write(S, I, A.Var, Value{true, int64_t(NewIds[R])});
        if (A.ResultVar != NoDataVar)
          write(S, I, A.ResultVar, Value{true, 0});
        const uint64_t NewBit = uint64_t(1) << New;
        for (unsigned HI : H) {
          // One scalar handle is overwritten: it denotes the new instance
          // only (an unjoined predecessor is no longer joinable through it).
          // Multi handles and ambiguous operands accumulate.
          if (H.size() == 1 && !MultiHandle[HI]) {
            S.Handles.at(HI) = NewBit;
            S.Joinable.at(HI) = NewBit;
          } else {
            S.Handles.at(HI) |= NewBit;
            S.Joinable.at(HI) |= NewBit;
          }
        }
        Step(std::move(S), K + R * CS->Targets.size());
      }
    return;
  }
  case ActionKind::Join: {
    if (A.JoinAll) {
      // The exit of a join loop proven to join every handle its create
      // loop stored: every instance still joinable through the site's
      // handles is joined here, once all have terminated (joining oneself
      // fails and proceeds). Instances the bound cut never existed.
      uint64_t Mask = 0;
      for (unsigned HI : Ids)
        Mask |= C.Joinable[HI];
      // A std::thread container's loop: every instance of the site's
      // templates (only that site creates them), joinable or not: the
      // container held each one's id, moved there from the handle the
      // site wrote.
      if (A.AllInstances && A.Creation < TM.Creations.size())
        for (uint32_t J = 0; J < C.Threads.size(); ++J)
          if (is_contained(TM.Creations[A.Creation].Targets,
                           C.Threads[J].Template))
            Mask |= uint64_t(1) << J;
      Mask &= ~(uint64_t(1) << I);
      if (Opts.Relax & ModelCheckOptions::RelaxJoins)
        Mask = 0;
      for (uint32_t J = 0; J < C.Threads.size(); ++J)
        if ((Mask >> J & 1) && C.Threads[J].St != Status::Terminated) {
          FullyEnabled = false; // Waits for J.
          return;
        }
      Config S = Next();
      for (auto &[HJ, Jb] : S.Joinable.stored())
        Jb &= ~Mask;
      freeIds(S, Mask);
      Step(std::move(S), 0);
      return;
    }
    if (!Exact || C.Joinable[Ids[0]] == 0 ||
        (Opts.Relax & ModelCheckOptions::RelaxJoins)) {
      Step(Next(), 0); // Ambiguous operand, or nothing left to wait for.
      return;
    }
    // One successor per instance the join may denote, once it has
    // terminated. Terminated instances with the same joinable-set
    // membership are interchangeable: only the lowest is taken (docs:
    // "join symmetry"); with AnyThreadMayUnlock a dead instance's lock
    // ownership may change independently, and tracked thread ids tell
    // instances apart, so every choice is kept.
    const unsigned HI = Ids[0];
    const uint64_t Mask = C.Joinable[HI];
    std::vector<std::vector<bool>> Taken;
    for (uint32_t J = 0; J < C.Threads.size(); ++J) {
      if (!(Mask >> J & 1))
        continue;
      const uint64_t Bit = uint64_t(1) << J;
      if (J == I) { // Joining oneself fails with EDEADLK.
        Step(Next(), J + 1);
        continue;
      }
      if (C.Threads[J].St != Status::Terminated) {
        FullyEnabled = false; // This choice waits for J.
        continue;
      }
      std::vector<bool> Sig;
      for (const auto &[HJ, Jb] : C.Joinable.stored())
        Sig.push_back(Jb & Bit);
      if (!Opts.AnyThreadMayUnlock && !Objects->hasThreadIds()) {
        if (std::find(Taken.begin(), Taken.end(), Sig) != Taken.end())
          continue;
        Taken.push_back(std::move(Sig));
      }
      Config S = Next();
      // A thread is joined once: no other handle may join it again.
      for (auto &[HJ, Jb] : S.Joinable.stored())
        Jb &= ~Bit;
      freeIds(S, Bit);
      Step(std::move(S), J + 1);
    }
    return;
  }
  case ActionKind::Detach: {
    // Removes one instance the handle may denote from its joinable set,
    // without waiting. Several: one successor per choice.
    if (!Exact || C.Joinable[Ids[0]] == 0) {
      Step(Next(), 0);
      return;
    }
    for (uint32_t J = 0; J < C.Threads.size(); ++J)
      if (C.Joinable[Ids[0]] >> J & 1) {
        Config S = Next();
        S.Joinable.at(Ids[0]) &= ~(uint64_t(1) << J);
        freeIds(S, uint64_t(1) << J);
        Step(std::move(S), J + 1);
      }
    return;
  }
  case ActionKind::NotJoinable: {
    // joinable-test: the path where `t.joinable()` is false is taken only
    // when the handle holds no thread the model knows joinable. An
    // ambiguous operand or a multi handle may hold others: then always.
    if (Exact && !MultiHandle[Ids[0]] && C.Joinable[Ids[0]] != 0) {
      FullyEnabled = false; // Enabled once the thread is joined elsewhere.
      return;
    }
    Step(Next(), 0);
    return;
  }
  case ActionKind::HandleCopy: {
    // The destination denotes what the source denotes: one scalar handle
    // is overwritten, several (or a multi handle) accumulate, as a create's.
    std::vector<unsigned> From = Objects->ids(ObjKind::Handle, A.Source);
    uint64_t Denoted = 0, Joinable = 0;
    for (unsigned HI : From) {
      Denoted |= C.Handles[HI];
      Joinable |= C.Joinable[HI];
    }
    Config S = Next();
    for (unsigned HI : Ids) {
      // No source: a moved-from handle, emptied.
      if (Exact && From.size() <= 1 && !MultiHandle[HI]) {
        S.Handles.at(HI) = Denoted;
        S.Joinable.at(HI) = Joinable;
      } else {
        S.Handles.at(HI) |= Denoted;
        S.Joinable.at(HI) |= Joinable;
      }
    }
    Step(std::move(S), 0);
    return;
  }
  case ActionKind::Cancel: {
    uint64_t Mask = 0;
    for (unsigned HI : Ids)
      Mask |= C.Handles[HI];
    for (uint32_t J = 0; J < C.Threads.size(); ++J) {
      if (!(Mask >> J & 1) || C.Threads[J].St == Status::Terminated)
        continue;
      // cancel1 (active target) and cancel2 (waiting target): the target
      // ends now, as it does when it stands at a cancellation point.
      Config S = Next();
      S.Threads[J].St = Status::Terminated;
      for (uint64_t &B : S.Barriers)
        B &= ~(uint64_t(1) << J);
      Step(std::move(S), J + 1);
    }
    // Deferred cancellation, POSIX's default: the target runs on to its
    // next cancellation point, which the model does not know, so it may
    // run on as if not cancelled (compromise "deferred-cancel"). Also the
    // move where the target has ended already, or is another thread.
    Step(Next(), 0);
    return;
  }
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Exit:
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
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::AtomicUpdate:
    Step(Next(), 0);
    return;
  }
}
