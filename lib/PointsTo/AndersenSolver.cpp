//===- AndersenSolver.cpp - Andersen constraint solver ----------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Inclusion-based, field-sensitive (byte offsets) solving. Every pointer
// value and every abstract location (object, offset) has a node; the
// content node of a location holds what is stored there. Constraints are
// solved by a worklist with difference propagation over sparse bit vectors,
// so each location crosses each edge once. Merging and cutting nodes is in
// SolverCollapse.cpp.
//
//===----------------------------------------------------------------------===//

#include "AndersenSolver.h"
#include "racesift/PointsTo/PointsTo.h"
#include "racesift/Support/Debug.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

#define DEBUG_TYPE "racesift-pta"

namespace racesift {

CallBinder::~CallBinder() = default;

void AndersenSolver::push(uint32_t N) {
  N = G.find(N);
  if (G.node(N).Queued || N == Sink)
    return;
  G.node(N).Queued = true;
  Worklist.push_back({G.rank(N), N});
  std::push_heap(Worklist.begin(), Worklist.end(), std::greater<>());
}

uint32_t AndersenSolver::pop() {
  std::pop_heap(Worklist.begin(), Worklist.end(), std::greater<>());
  uint32_t N = Worklist.back().second;
  Worklist.pop_back();
  G.node(N).Queued = false;
  return N;
}

void AndersenSolver::compromise(std::string C) {
  if (CompromiseSet.insert(C).second)
    Compromises.push_back(std::move(C));
}

uint32_t AndersenSolver::locFor(ObjectId Obj, int64_t Off) {
  const MemObject &O = Objects[Obj];
  // array-elements: one element stands for all of them. An array's
  // elements are folded too when an offset passes either end of the array
  // or the field limit: an iterator stepping over the elements in a loop
  // (`for (p = a; p != end; ++p)`), whose cycle would otherwise give up the
  // field at AnyOffset.
  if (Off != AnyOffset && O.ElemSize && !G.object(Obj).Folded &&
      (Off < 0 || (O.Size && uint64_t(Off) >= O.Size) ||
       G.object(Obj).Locs.size() >= MaxFieldsPerObject))
    foldElements(Obj);
  if (G.object(Obj).Folded && Off != AnyOffset)
    Off = O.elementOffset(Off);
  // Out-of-bounds offsets and objects with too many fields collapse to
  // AnyOffset (compromise "field-limit"): this bounds locations per object
  // even under pointer arithmetic in loops.
  if (Off != AnyOffset &&
      (Off < 0 || (O.Size && uint64_t(Off) >= O.Size) ||
       O.Kind == ObjectKind::Function || O.Kind == ObjectKind::External))
    Off = Off == 0 ? 0 : AnyOffset;
  uint32_t Known = G.findLoc(Obj, Off);
  if (Known != NoNode)
    return Known;
  if (Off != AnyOffset && G.object(Obj).Locs.size() >= MaxFieldsPerObject)
    return locFor(Obj, AnyOffset);
  ConstraintGraph::PerObject &PO = G.object(Obj);
  if (PO.Collapsed) {
    // Shares the content node, which every AnyOffset loader and storer
    // already reaches.
    uint32_t L = G.addLoc(MemLoc{Obj, Off}, G.find(G.loc(PO.Locs[0]).Content));
    if (!PO.CopySources.empty())
      NewFields.push_back(L);
    return L;
  }
  uint32_t L = G.addLoc(MemLoc{Obj, Off}, G.newNode());
  uint32_t C = G.loc(L).Content;
  // A new field is visible to loads/stores through AnyOffset made earlier.
  for (uint32_t Dst : PO.AnyLoaders)
    addCopy(C, Dst);
  if (Off != AnyOffset)
    for (uint32_t Src : PO.AnyStorers)
      addCopy(Src, C);
  // memcpy sources of this object copy the new field too (in solve()).
  if (!PO.CopySources.empty())
    NewFields.push_back(L);
  return L;
}

void AndersenSolver::pushFull(uint32_t N) {
  // Forget what was propagated so that every location is processed again.
  N = G.find(N);
  G.node(N).Prev.clear();
  G.node(N).PrevCount = 0;
  push(N);
}

void AndersenSolver::addPts(uint32_t N, uint32_t L) {
  N = G.find(N);
  if (G.node(N).Unresolved)
    N = sink();
  if (G.node(N).Pts.test_and_set(L))
    push(N);
}

void AndersenSolver::addCopy(uint32_t Src, uint32_t Dst) {
  Src = G.find(Src);
  Dst = G.find(Dst);
  if (G.node(Src).Unresolved) {
    markUnresolved(Dst);
    return;
  }
  if (G.node(Dst).Unresolved)
    Dst = sink();
  if (Src == Dst)
    return;
  if (!G.addCopyEdge(Src, Dst))
    return;
  const ConstraintGraph::Node &S = G.node(Src);
  if (!S.Prev.empty() && (G.node(Dst).Pts |= S.Prev))
    push(Dst);
}

void AndersenSolver::addGep(uint32_t Src, uint32_t Dst, int64_t Off, Type *View,
                            uint64_t Stride, uint32_t Count) {
  if (Off == 0 && !Stride) {
    addCopy(Src, Dst);
    return;
  }
  Src = G.find(Src);
  if (G.node(Src).Unresolved) {
    markUnresolved(Dst);
    return;
  }
  G.node(Src).Geps.push_back(
      {Dst, Off, Off == AnyOffset ? nullptr : View, Stride, Count});
  pushFull(Src);
}

unsigned AndersenSolver::addComplex(uint32_t Watch, ComplexConstraint C) {
  Watch = G.find(Watch);
  unsigned CI = G.addComplex(Watch, C);
  pushFull(Watch);
  return CI;
}

void AndersenSolver::addLoad(uint32_t Ptr, uint32_t Dst) {
  Ptr = G.find(Ptr);
  if (G.node(Ptr).Unresolved) {
    markUnresolved(Dst);
    return;
  }
  G.node(Ptr).Loads.push_back(Dst);
  pushFull(Ptr);
}

void AndersenSolver::addStore(uint32_t Src, uint32_t Ptr) {
  Ptr = G.find(Ptr);
  if (G.node(Ptr).Unresolved) {
    addCopy(Src, sink()); // Stored anywhere.
    return;
  }
  G.node(Ptr).Stores.push_back(Src);
  pushFull(Ptr);
}

void AndersenSolver::loadFrom(uint32_t L, uint32_t Dst) {
  MemLoc ML = G.loc(L).Loc;
  if (ML.Offset != AnyOffset) {
    addCopy(G.loc(L).Content, Dst);
    return;
  }
  Dst = G.find(Dst);
  if (!AnyLoadSeen.insert({ML.Obj, Dst}).second)
    return;
  ConstraintGraph::PerObject &PO = G.object(ML.Obj);
  PO.AnyLoaders.push_back(Dst);
  if (PO.Collapsed) {
    addCopy(G.loc(L).Content, Dst);
    return;
  }
  for (size_t I = 0; I < PO.Locs.size(); ++I)
    addCopy(G.loc(PO.Locs[I]).Content, Dst);
  maybeCollapse(ML.Obj);
}

void AndersenSolver::storeTo(uint32_t L, uint32_t Src) {
  MemLoc ML = G.loc(L).Loc;
  if (ML.Offset != AnyOffset) {
    addCopy(Src, G.loc(L).Content);
    return;
  }
  // A store seen before has its edges (memcpy's relative offsets repeat
  // the same object's AnyOffset for every field of a destination).
  Src = G.find(Src);
  if (!AnyStoreSeen.insert({ML.Obj, Src}).second)
    return;
  addCopy(Src, G.loc(L).Content);
  ConstraintGraph::PerObject &PO = G.object(ML.Obj);
  PO.AnyStorers.push_back(Src);
  if (PO.Collapsed)
    return; // The copy above reached the one content node.
  for (size_t I = 0; I < PO.Locs.size(); ++I)
    addCopy(Src, G.loc(PO.Locs[I]).Content);
  maybeCollapse(ML.Obj);
}

uint32_t AndersenSolver::byteField(uint32_t L) {
  MemLoc ML = G.loc(L).Loc;
  Type *Declared = G.object(ML.Obj).Declared;
  if (ML.Offset == AnyOffset || !Declared)
    return L;
  uint64_t Start = byteFieldStart(DL, Declared, ML.Offset);
  return int64_t(Start) == ML.Offset ? L : locFor(ML.Obj, Start);
}

FieldView AndersenSolver::viewOf(uint32_t L, Type *View) {
  MemLoc ML = G.loc(L).Loc;
  // Heap memory takes its type from its stores: any view fits.
  Type *Declared = G.object(ML.Obj).Declared;
  if (ML.Offset == AnyOffset || !Declared)
    return FieldView::Fits;
  auto [It, New] = ViewCache.try_emplace({L, View}, FieldView::Fits);
  if (!New)
    return It->second;
  FieldView FV = viewAs(DL, Declared, ML.Offset, View);
  if (FV == FieldView::Misfit) {
    ++NumViewMisfits;
    compromise("type-incompatible-field: a field or element access (p->f, "
               "p[1]) does not reach a declared object with no subobject of "
               "that type where the pointer points (type punning beyond "
               "unions, char buffers and a struct's first member is not "
               "followed)");
  }
  It->second = FV;
  return FV;
}

uint32_t AndersenSolver::strideStep(uint32_t L, const GepEdge &E) {
  MemLoc ML = G.loc(L).Loc;
  ConstraintGraph::PerObject &PO = G.object(ML.Obj);
  uint64_t ElemSize = Objects[ML.Obj].ElemSize;
  if (ML.Offset == AnyOffset || !ElemSize || E.Stride % ElemSize)
    return locFor(ML.Obj, AnyOffset);
  if (!PO.Folded)
    foldElements(ML.Obj);
  return locFor(ML.Obj, ML.Offset + E.Off);
}

bool AndersenSolver::memberElements(uint32_t L, const GepEdge &E) {
  MemLoc ML = G.loc(L).Loc;
  const MemObject &O = Objects[ML.Obj];
  // An array object the index steps over folds as before.
  if (ML.Offset == AnyOffset || (O.ElemSize && E.Stride % O.ElemSize == 0))
    return false;
  // C keeps the index inside the member array (past its bound is undefined
  // behaviour); one that leaves the object is AnyOffset.
  int64_t First = ML.Offset + E.Off,
          Last = First + int64_t((E.Count - 1) * E.Stride);
  if (First < 0 || (O.Size && uint64_t(Last) >= O.Size))
    return false;
  for (uint32_t K = 0; K < E.Count; ++K)
    addPts(E.Dst, locFor(ML.Obj, First + int64_t(K * E.Stride)));
  return true;
}

void AndersenSolver::foldElements(ObjectId Obj) {
  G.object(Obj).Folded = true;
  PendingFold.push_back(Obj);
  compromise("array-elements: the elements of an array that is indexed "
             "at a variable position, or stepped over past its bounds, are "
             "one abstract element (each field of it stands for that field "
             "of every element)");
}

uint32_t AndersenSolver::shift(uint32_t L, int64_t Off) {
  MemLoc ML = G.loc(L).Loc;
  if (ML.Offset == AnyOffset || Off == AnyOffset)
    return locFor(ML.Obj, AnyOffset);
  return locFor(ML.Obj, ML.Offset + Off);
}

void AndersenSolver::solve() {
  LogMerges = debugEnabled(DEBUG_TYPE);
  if (!OfflineDone) {
    // Offline pass: collapse the cycles visible in the initial constraint
    // graph and rank the nodes topologically.
    OfflineDone = true;
    std::vector<uint32_t> All(G.numNodes());
    for (uint32_t I = 0; I < All.size(); ++I)
      All[I] = I;
    collapseCycles(All, /*Ranks=*/true);
  }
  std::vector<uint32_t> Candidates;
  bool Urgent = false;
  while (!Exhausted && (!Worklist.empty() || !NewFields.empty() ||
                        !PendingCollapse.empty() || !PendingFold.empty())) {
    foldPending();
    collapsePending();
    copyNewFields();
    if (Worklist.empty())
      continue;
    uint32_t N = pop();
    if (G.find(N) != N)
      continue;
    // The work budget decides where the solver stops; the clock, read on
    // the first pop and every 4096th after it, is only a safety net.
    if (MaxSteps && NumSteps >= *MaxSteps) {
      Exhausted = StepsSpent = true;
      break;
    }
    ++NumSteps;
    if (++NumPops % 4096 == 1 && Deadline &&
        std::chrono::steady_clock::now() > *Deadline) {
      Exhausted = true;
      break;
    }
    if (NumPops % 200000 == 0)
      RACESIFT_DEBUG(debugs()
                     << "racesift-pta: pops " << NumPops << " queued "
                     << Worklist.size() << " nodes " << G.numNodes() << " locs "
                     << G.numLocs() << " merged " << NumMerged << " |pts| "
                     << G.node(N).Pts.count() << "\n");
    // Prev is a subset of Pts: the difference alone says whether N grew.
    PointsToSet Delta;
    Delta.intersectWithComplement(G.node(N).Pts, G.node(N).Prev);
    if (Delta.empty())
      continue;
    if (MaxPointsTo && N != Sink) {
      unsigned Count = G.node(N).PrevCount + Delta.count();
      if (Count > MaxPointsTo) {
        uint64_t Before = NumUnresolved;
        if (debugEnabled(DEBUG_TYPE)) {
          CutSets.push_back(describeSet(G.node(N).Pts));
          if (Cuts.empty())
            FirstCutTrace = traceBack(N);
        }
        markUnresolved(N);
        Cuts.push_back({N, NumUnresolved - Before});
        continue;
      }
      G.node(N).PrevCount = Count;
    }
    G.node(N).Prev |= Delta;
    uint64_t DeltaSize = 0;
    for (unsigned L : Delta) {
      ++DeltaSize;
      // Indices, not iterators or references: handlers may add nodes and
      // constraints.
      NumSteps += G.node(N).Loads.size() + G.node(N).Stores.size() +
                  G.node(N).Geps.size() + G.node(N).Complex.size();
      for (size_t I = 0; I < G.node(N).Loads.size(); ++I)
        loadFrom(L, G.node(N).Loads[I]);
      for (size_t I = 0; I < G.node(N).Stores.size(); ++I)
        storeTo(L, G.node(N).Stores[I]);
      for (size_t I = 0; I < G.node(N).Geps.size(); ++I) {
        GepEdge E = G.node(N).Geps[I];
        FieldView FV = E.View ? viewOf(L, E.View) : FieldView::Fits;
        if (FV == FieldView::Misfit)
          continue;
        if (E.Count && FV != FieldView::Bytes && memberElements(L, E))
          continue;
        uint32_t To =
            E.Stride && FV != FieldView::Bytes
                ? strideStep(L, E)
                : shift(L, FV == FieldView::Bytes ? AnyOffset : E.Off);
        addPts(E.Dst, E.View ? To : byteField(To));
      }
      for (size_t I = 0; I < G.node(N).Complex.size(); ++I)
        handleComplex(G.node(N).Complex[I], L);
    }
    // A copy costs with the size of what it adds.
    NumSteps += G.node(N).Copy.size() * (1 + DeltaSize / 64);
    for (size_t I = 0; I < G.node(N).Copy.size(); ++I) {
      uint32_t D = G.find(G.node(N).Copy[I]);
      if (G.node(D).Unresolved)
        D = sink();
      if (D == N)
        continue;
      bool Grew = G.node(D).Pts |= Delta;
      if (Grew)
        push(D);
      if (D == Sink)
        continue;
      // Lazy cycle detection (Hardekopf & Lin): equal sets across an edge
      // hint at a cycle; each edge is tested once.
      // The hash lookup first: comparing two large sets costs more.
      uint64_t Edge = uint64_t(N) << 32 | D;
      if (!LCDChecked.contains(Edge) && G.node(D).Pts == G.node(N).Pts) {
        LCDChecked.insert(Edge);
        Candidates.push_back(D);
        // A cycle through a GEP (a pointer walk) adds a field per trip
        // around it until it is found: search at once. Under a points-to
        // budget the growth stops at the budget anyway, and on sqlite3.c
        // these searches from the edge of the unresolved region were
        // two thirds of the model's time.
        Urgent |= !MaxPointsTo &&
                  (!G.node(N).Geps.empty() || !G.node(D).Geps.empty());
      }
    }
    // Candidates are searched in batches: one Tarjan pass visits what the
    // whole batch reaches once, where a pass per candidate revisited the
    // same large subgraphs (a quarter of the time on librdkafka). A copy
    // cycle only costs repeated propagation until then; a GEP cycle adds
    // locations, so candidates next to a GEP go at once.
    if (Urgent || Candidates.size() >= LCDBatch ||
        (!Candidates.empty() && Worklist.empty())) {
      ++NumLCD;
      collapseCycles(Candidates, /*Ranks=*/false);
      Candidates.clear();
      Urgent = false;
    }
  }
}

void AndersenSolver::printStats() const {
  debugs() << "racesift-pta: nodes " << G.numNodes() << " locs " << G.numLocs()
           << " merged " << NumMerged << " pwc " << NumPWC << " lcd " << NumLCD
           << " pops " << NumPops << " steps " << NumSteps << " unresolved "
           << NumUnresolved << " collapsed " << NumCollapsed << " folded "
           << NumFolded << " misfits " << NumViewMisfits << "\n";
}

//===----------------------------------------------------------------------===//
// Complex constraints
//===----------------------------------------------------------------------===//

void AndersenSolver::handleComplex(unsigned CI, uint32_t L) {
  // A copy: handlers may add complexes.
  ComplexConstraint C = G.complex(CI);
  MemLoc ML = G.loc(L).Loc;
  switch (C.K) {
  case ComplexConstraint::CopySrc: {
    // memcpy(dst, src): every field of src's object from the offset on is
    // copied to the matching offset of each destination, through one node
    // per relative offset (so sources and destinations add, not multiply).
    if (!CopySrcSeen.insert(uint64_t(CI) << 32 | L).second)
      return;
    G.object(ML.Obj).CopySources.push_back({CI, L});
    for (size_t I = 0; I < G.object(ML.Obj).Locs.size(); ++I)
      copyField(CI, L, G.object(ML.Obj).Locs[I]);
    return;
  }
  case ComplexConstraint::CopyDst: {
    // A new destination receives every relative offset seen so far.
    if (ML.Offset == AnyOffset) {
      storeTo(L, anyRelNode(C.Pair));
      return;
    }
    for (size_t I = 0; I < CopyRel[C.Pair].size(); ++I) {
      auto [Rel, T] = CopyRel[C.Pair][I];
      storeTo(shift(L, Rel), T);
    }
    return;
  }
  case ComplexConstraint::VirtualReceiver:
    Binder->receiverFound(C, L);
    return;
  default:
    // Calls: the builder binds them.
    Binder->pointeeFound(C, ML.Obj);
    return;
  }
}

uint32_t AndersenSolver::relNode(unsigned CI, int64_t Rel) {
  auto &Rels = CopyRel[CI];
  for (auto [R, T] : Rels)
    if (R == Rel)
      return T;
  uint32_t T = G.newNode();
  CopyRel[CI].push_back({Rel, T});
  auto Any = CopyAny.find(CI);
  bool HaveAny = Any != CopyAny.end();
  if (HaveAny)
    addCopy(T, Any->second);
  // Destinations seen so far (copied: storeTo may reset Prev sets); those
  // at AnyOffset take T through the union node, which anyRelNode() makes
  // and stores to all of them.
  PointsToSet Dsts = G.node(G.find(G.complex(CI).Arg)).Prev;
  for (unsigned DL : Dsts) {
    if (G.loc(DL).Loc.Offset != AnyOffset) {
      storeTo(shift(DL, Rel), T);
    } else if (!HaveAny) {
      anyRelNode(CI);
      HaveAny = true;
    }
  }
  return T;
}

uint32_t AndersenSolver::anyRelNode(unsigned CI) {
  auto It = CopyAny.find(CI);
  if (It != CopyAny.end())
    return It->second;
  uint32_t U = G.newNode();
  CopyAny[CI] = U;
  for (size_t I = 0; I < CopyRel[CI].size(); ++I)
    addCopy(CopyRel[CI][I].second, U);
  PointsToSet Dsts = G.node(G.find(G.complex(CI).Arg)).Prev;
  for (unsigned DL : Dsts)
    if (G.loc(DL).Loc.Offset == AnyOffset)
      storeTo(DL, U);
  return U;
}

void AndersenSolver::copyField(unsigned CI, uint32_t Src, uint32_t Field) {
  MemLoc S = G.loc(Src).Loc, F = G.loc(Field).Loc;
  int64_t Rel = AnyOffset;
  if (S.Offset != AnyOffset && F.Offset != AnyOffset) {
    if (F.Offset < S.Offset)
      return;
    Rel = F.Offset - S.Offset;
    // memcpy-length: the fields past the copied bytes stay where they are.
    // Copying a 16-byte std::function _Any_data into a local copied the
    // function's manager and invoker past the local's end (AnyOffset),
    // where they met the functor's fields.
    if (unsigned Bytes = G.complex(CI).Pair; Bytes && Rel >= int64_t(Bytes))
      return;
  }
  addCopy(G.loc(Field).Content, relNode(CI, Rel));
}

void AndersenSolver::copyNewFields() {
  // Fields created after a memcpy source was registered.
  while (!NewFields.empty()) {
    uint32_t Field = NewFields.back();
    NewFields.pop_back();
    ObjectId Obj = G.loc(Field).Loc.Obj;
    for (size_t I = 0; I < G.object(Obj).CopySources.size(); ++I) {
      auto [CI, Src] = G.object(Obj).CopySources[I];
      copyField(CI, Src, Field);
    }
  }
}

void AndersenSolver::addMemCopy(uint32_t Dst, uint32_t Src, uint64_t Bytes) {
  ComplexConstraint C;
  C.K = ComplexConstraint::CopySrc;
  C.Arg = Dst;
  C.Pair = Bytes;
  unsigned SrcCI = addComplex(Src, C);
  ComplexConstraint C2;
  C2.K = ComplexConstraint::CopyDst;
  C2.Arg = Src;
  C2.Pair = SrcCI;
  addComplex(Dst, C2);
}

} // namespace racesift
