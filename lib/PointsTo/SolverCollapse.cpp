//===- SolverCollapse.cpp - Nodes the points-to solver merges or cuts -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the Andersen solver merges or cuts: copy cycles (an offline Tarjan
// pass, then lazy cycle detection), objects whose fields share one content
// node ("collapsed-object"), and nodes past the points-to budget, which
// stand for any location ("points-to-budget").
//
//===----------------------------------------------------------------------===//

#include "AndersenSolver.h"

#include <algorithm>
#include <map>
#include <numeric>

using namespace llvm;

namespace racesift {

void AndersenSolver::merge(uint32_t A, uint32_t B) {
  ++NumMerged;
  if (LogMerges)
    Merges.push_back({A, B});
  bool Unresolved = G.unite(A, B);
  if (MaxPointsTo)
    G.node(A).PrevCount = G.node(A).Prev.count();
  if (Unresolved)
    markUnresolved(A); // B's edges too.
  else
    push(A);
}

uint32_t AndersenSolver::sink() {
  if (Sink == NoNode)
    Sink = G.newNode();
  return Sink;
}

void AndersenSolver::markUnresolved(uint32_t N) {
  std::vector<uint32_t> Work{N}, Stored;
  std::vector<unsigned> Receivers;
  while (!Work.empty()) {
    uint32_t X = G.find(Work.back());
    Work.pop_back();
    if (G.node(X).Unresolved || X == Sink)
      continue;
    uint32_t S = sink();
    ConstraintGraph::Node &Nd = G.node(X);
    Nd.Unresolved = true;
    ++NumUnresolved;
    G.node(S).Pts |= Nd.Pts;
    Nd.Pts.clear();
    Nd.Prev.clear();
    Nd.PrevCount = 0;
    // What it is copied to, offset from and loaded into may be anything
    // too. What is stored through it goes to the sink; memcpys through it
    // are dropped, and the indirect calls it watches keep the callees found
    // so far.
    for (uint32_t D : Nd.Copy)
      Work.push_back(D);
    for (const GepEdge &E : Nd.Geps)
      Work.push_back(E.Dst);
    for (uint32_t D : Nd.Loads)
      Work.push_back(D);
    Stored.insert(Stored.end(), Nd.Stores.begin(), Nd.Stores.end());
    for (unsigned CI : Nd.Complex)
      if (G.complex(CI).K == ComplexConstraint::VirtualReceiver)
        Receivers.push_back(CI);
    // Nothing crosses these edges any more: they would only lengthen
    // cycle searches.
    Nd.Copy = {};
    Nd.Geps = {};
    Nd.Loads = {};
    Nd.Stores = {};
  }
  for (uint32_t Src : Stored)
    addCopy(Src, sink());
  // A virtual call's receivers are no longer known one by one: its
  // callees take the whole (unresolved) argument as `this`.
  for (unsigned CI : Receivers)
    Binder->receiversUnresolved(G.complex(CI));
}

std::map<ObjectId, unsigned>
AndersenSolver::locationsPerObject(const PointsToSet &S) const {
  std::map<ObjectId, unsigned> PerObject;
  for (unsigned L : S)
    ++PerObject[G.loc(L).Loc.Obj];
  return PerObject;
}

std::string AndersenSolver::describeSet(const PointsToSet &S) const {
  std::map<ObjectId, unsigned> PerObject = locationsPerObject(S);
  std::vector<std::pair<unsigned, ObjectId>> Largest;
  for (auto [Obj, Count] : PerObject)
    Largest.push_back({Count, Obj});
  // Most locations first; ties by object id, so the text is stable.
  std::sort(Largest.begin(), Largest.end(), [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  std::string Out = std::to_string(S.count()) + " locations of " +
                    std::to_string(PerObject.size()) + " objects:";
  for (size_t I = 0; I < Largest.size() && I < 6; ++I)
    Out += " " + Objects[Largest[I].second].Name + " (" +
           std::to_string(Largest[I].first) + ")";
  return Out;
}

std::vector<uint32_t> AndersenSolver::traceBack(uint32_t N) const {
  std::map<ObjectId, unsigned> PerObject = locationsPerObject(G.node(N).Pts);
  if (PerObject.empty())
    return {};
  // The first of the objects with most locations (the map is by id).
  auto Largest = std::max_element(
      PerObject.begin(), PerObject.end(),
      [](const auto &A, const auto &B) { return A.second < B.second; });
  ObjectId Obj = Largest->first;
  auto Holds = [&](uint32_t X) {
    for (unsigned L : G.node(X).Pts)
      if (G.loc(L).Loc.Obj == Obj)
        return true;
    return false;
  };
  // Predecessors by copy and GEP edges, over representatives.
  std::vector<std::vector<uint32_t>> Preds(G.numNodes());
  for (uint32_t X = 0; X < G.numNodes(); ++X) {
    if (G.find(X) != X)
      continue;
    for (uint32_t D : G.node(X).Copy)
      Preds[G.find(D)].push_back(X);
    for (const GepEdge &E : G.node(X).Geps)
      Preds[G.find(E.Dst)].push_back(X);
  }
  std::vector<uint32_t> Trace{N};
  DenseSet<uint32_t> Seen{N};
  while (Trace.size() < 64) {
    uint32_t Next = NoNode;
    for (uint32_t P : Preds[Trace.back()])
      if (!Seen.count(P) && Holds(P) && (Next == NoNode || P < Next))
        Next = P;
    if (Next == NoNode)
      break;
    Seen.insert(Next);
    Trace.push_back(Next);
  }
  return Trace;
}

bool AndersenSolver::foldCycleStep(GepEdge &E) {
  // Around a cycle the GEP adds any number of its offsets: a variable
  // multiple of their gcd with its stride. In an array of elements that
  // gcd steps over (an iterator's `++cur` on a buffer) the cycle stays in
  // the field it started from (array-elements); anywhere else it is
  // AnyOffset, as every such cycle was before.
  if (E.Off == 0 || E.Off == AnyOffset)
    return false;
  uint64_t Step = E.Off < 0 ? -uint64_t(E.Off) : uint64_t(E.Off);
  E.Stride = E.Stride ? std::gcd(E.Stride, Step) : Step;
  E.Off = 0;
  E.Count = 0; // A walk, not one index into a member array.
  return true;
}

void AndersenSolver::collapseCycles(ArrayRef<uint32_t> Roots, bool Ranks) {
  size_t NN = G.numNodes();
  if (TIndex.size() < NN) {
    TIndex.resize(NN);
    TLow.resize(NN);
    TEpoch.resize(NN, 0);
    TOnStack.resize(NN, false);
  }
  ++Epoch;
  uint32_t Counter = 0;
  std::vector<uint32_t> Stack, Finished;
  struct Frame {
    uint32_t N;
    unsigned Edge;
  };
  std::vector<Frame> Frames;
  auto Visit = [&](uint32_t N) {
    ++NumSteps;
    TEpoch[N] = Epoch;
    TIndex[N] = TLow[N] = Counter++;
    TOnStack[N] = true;
    Stack.push_back(N);
    Frames.push_back({N, 0});
  };
  for (uint32_t Root : Roots) {
    Root = G.find(Root);
    if (Root >= NN || TEpoch[Root] == Epoch)
      continue;
    Visit(Root);
    while (!Frames.empty()) {
      Frame &F = Frames.back();
      uint32_t N = F.N;
      ConstraintGraph::Node &Nd = G.node(N);
      size_t NumCopy = Nd.Copy.size(), NumEdges = NumCopy + Nd.Geps.size();
      if (F.Edge < NumEdges) {
        ++NumSteps;
        unsigned E = F.Edge++;
        uint32_t S =
            G.find(E < NumCopy ? Nd.Copy[E] : Nd.Geps[E - NumCopy].Dst);
        if (S >= NN)
          continue; // Created after this pass started.
        if (S == N) {
          // A GEP from a node to itself: a positive-weight cycle.
          if (E >= NumCopy && foldCycleStep(Nd.Geps[E - NumCopy])) {
            ++NumPWC;
            pushFull(N);
          }
          continue;
        }
        if (TEpoch[S] != Epoch)
          Visit(S);
        else if (TOnStack[S])
          TLow[N] = std::min(TLow[N], TIndex[S]);
        continue;
      }
      Frames.pop_back();
      if (!Frames.empty())
        TLow[Frames.back().N] = std::min(TLow[Frames.back().N], TLow[N]);
      if (TLow[N] != TIndex[N])
        continue;
      // N roots an SCC: the nodes above it on the stack.
      size_t First = Stack.size();
      do
        --First;
      while (Stack[First] != N);
      if (Stack.size() - First > 1) {
        // GEP edges inside the SCC (targets still on the stack above N) make
        // it a positive-weight cycle (Pearce et al.; compromise
        // "field-limit"): see foldCycleStep.
        bool PWC = false;
        for (size_t I = First; I < Stack.size(); ++I)
          for (GepEdge &E : G.node(Stack[I]).Geps) {
            uint32_t D = G.find(E.Dst);
            if (D < NN && TEpoch[D] == Epoch && TOnStack[D] &&
                TIndex[D] >= TIndex[N])
              PWC |= foldCycleStep(E);
          }
        for (size_t I = First; I < Stack.size(); ++I)
          TOnStack[Stack[I]] = false;
        for (size_t I = First + 1; I < Stack.size(); ++I)
          merge(N, Stack[I]);
        if (PWC) {
          ++NumPWC;
          pushFull(N);
        }
      } else {
        TOnStack[N] = false;
      }
      Stack.resize(First);
      Finished.push_back(N);
    }
  }
  if (!Ranks)
    return;
  // Tarjan finishes sinks first: sources get the smallest ranks.
  uint32_t Base = G.takeRanks(Finished.size());
  for (size_t I = 0; I < Finished.size(); ++I)
    G.setRank(Finished[I], Base + (Finished.size() - 1 - I));
  // Re-order what is queued.
  for (auto &W : Worklist)
    W.first = G.rank(W.second);
  std::make_heap(Worklist.begin(), Worklist.end(), std::greater<>());
}

void AndersenSolver::maybeCollapse(ObjectId Obj) {
  ConstraintGraph::PerObject &PO = G.object(Obj);
  size_t Accessors = PO.AnyLoaders.size() + PO.AnyStorers.size();
  if (PO.Collapsed || Accessors * PO.Locs.size() <= CollapseEdgeLimit)
    return;
  PO.Collapsed = true;
  PendingCollapse.push_back(Obj);
}

void AndersenSolver::foldPending() {
  while (!PendingFold.empty()) {
    ObjectId Obj = PendingFold.back();
    PendingFold.pop_back();
    ++NumFolded;
    const MemObject &O = Objects[Obj];
    // Renaming and merging add no location to the object.
    for (uint32_t L : G.object(Obj).Locs) {
      int64_t Off = G.loc(L).Loc.Offset;
      if (Off == AnyOffset || O.elementOffset(Off) == Off)
        continue;
      uint32_t Same = G.renameLoc(L, O.elementOffset(Off));
      if (Same == NoNode)
        continue;
      uint32_t A = G.find(G.loc(Same).Content), B = G.find(G.loc(L).Content);
      if (A != B)
        merge(A, B);
    }
  }
}

void AndersenSolver::collapsePending() {
  while (!PendingCollapse.empty()) {
    ObjectId Obj = PendingCollapse.back();
    PendingCollapse.pop_back();
    ++NumCollapsed;
    compromise("collapsed-object: objects read or written at unknown offsets "
               "through many pointers hold one points-to set for all their "
               "fields (accesses stay per field)");
    const ConstraintGraph::PerObject &PO = G.object(Obj);
    uint32_t First = G.find(G.loc(PO.Locs[0]).Content);
    for (uint32_t L : PO.Locs) {
      uint32_t C = G.find(G.loc(L).Content);
      if (C != First)
        merge(First, C);
      First = G.find(First);
    }
  }
}

} // namespace racesift
