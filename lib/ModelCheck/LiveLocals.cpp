//===- LiveLocals.cpp - Forgetting a thread's dead tracked data -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// dead-data: a thread's tracked variable that no path from its node reads
// before writing it again (a helper's `rc` after its `if (rc)`, a loop
// counter after the loop) holds a value nothing can observe. Keeping it
// splits one configuration into several that differ only there; forgetting
// it (unknown) merges them, and changes no behaviour.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include <deque>

using namespace llvm;
using namespace racesift;
using namespace racesift::mc;

/// The local slots edge E reads (Uses) and certainly overwrites (Kills).
static void slotsOf(const ThreadModel &TM, const ObjectTables &Objects,
                    const Action &A, BitVector &Uses, BitVector &Kills) {
  auto Use = [&](DataVarId V) {
    if (int Slot = Objects.localSlot(V); Slot >= 0)
      Uses.set(Slot);
  };
  DataUse U = dataUseOf(A);
  for (DataVarId V : U.Tested)
    Use(V);
  for (DataVarId V : U.Read)
    Use(V);
  // An access reads its thread's index (per-instance-index), a create the
  // counter its new instance starts from.
  if ((A.Kind == ActionKind::Read || A.Kind == ActionKind::Write) &&
      A.Acc < TM.Accesses.size())
    Use(TM.Accesses[A.Acc].IndexVar);
  if (A.Kind == ActionKind::Create && A.Creation < TM.Creations.size())
    Use(TM.Creations[A.Creation].ArgVar);
  if (A.Kind == ActionKind::Assign)
    if (int Slot = Objects.localSlot(A.Var); Slot >= 0 && !Uses.test(Slot))
      Kills.set(Slot);
}

void Prepared::computeLiveLocals() {
  const unsigned NL = Objects->numLocal();
  LiveLocals.assign(Graphs.size(), {});
  if (NL == 0)
    return;
  // A once body runs inside its caller's thread and returns to it: what it
  // reads stays live everywhere (bodies are small and rare).
  BitVector InBodies(NL);
  for (size_t G = NT; G < NT + OnceFns.size(); ++G)
    for (const ActionEdge &E : Graphs[G]->Edges) {
      BitVector Kills(NL);
      slotsOf(*In.TM, *Objects, E.A, InBodies, Kills);
    }
  for (size_t G = 0; G < Graphs.size(); ++G) {
    if (G >= NT && G < NT + OnceFns.size())
      continue;
    const ThreadGraph &TG = *Graphs[G];
    std::vector<BitVector> Uses(TG.Edges.size(), BitVector(NL)),
        Kills(TG.Edges.size(), BitVector(NL));
    std::vector<std::vector<unsigned>> Preds(TG.NumNodes);
    for (unsigned EI = 0; EI < TG.Edges.size(); ++EI) {
      const ActionEdge &E = TG.Edges[EI];
      slotsOf(*In.TM, *Objects, E.A, Uses[EI], Kills[EI]);
      if (E.To < TG.NumNodes)
        Preds[E.To].push_back(E.From);
    }
    std::vector<BitVector> &Live = LiveLocals[G];
    Live.assign(TG.NumNodes, InBodies);
    std::deque<unsigned> Work;
    std::vector<bool> Queued(TG.NumNodes, true);
    for (unsigned N = TG.NumNodes; N-- > 0;)
      Work.push_back(N);
    BitVector Out(NL), Flow(NL);
    while (!Work.empty()) {
      unsigned N = Work.front();
      Work.pop_front();
      Queued[N] = false;
      Out = InBodies;
      for (unsigned EI : TG.Succs[N]) {
        const ActionEdge &E = TG.Edges[EI];
        Flow = E.To < TG.NumNodes ? Live[E.To] : BitVector(NL);
        Flow.reset(Kills[EI]);
        Flow |= Uses[EI];
        Out |= Flow;
      }
      if (Out == Live[N])
        continue;
      Live[N] = Out;
      for (unsigned P : Preds[N])
        if (!Queued[P]) {
          Queued[P] = true;
          Work.push_back(P);
        }
    }
  }
}

void Prepared::forgetDeadLocals(Config &C) const {
  for (ThreadState &T : C.Threads) {
    if (T.St == Status::Terminated) {
      for (Value &V : T.Locals)
        V = Value();
      continue;
    }
    // In a once body the caller's continuation is another graph's.
    if (T.RetNode != NoNode || T.Graph >= LiveLocals.size() ||
        T.Node >= LiveLocals[T.Graph].size())
      continue;
    const BitVector &Live = LiveLocals[T.Graph][T.Node];
    for (unsigned S = 0; S < T.Locals.size(); ++S)
      if (T.Locals[S].Known && !Live.test(S))
        T.Locals[S] = Value();
  }
}
