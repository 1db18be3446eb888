//===- PointsTo.cpp - Whole-program Andersen points-to analysis -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Inclusion-based, field-sensitive (byte offsets) points-to analysis. Every
// pointer value and every abstract location (object, offset) has a node; the
// content node of a location holds what is stored there. Constraints are
// solved by a worklist with difference propagation over sparse bit vectors,
// so each location crosses each edge once.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "PointsToSolver.h"
#include "racesift/Support/Debug.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

#define DEBUG_TYPE "racesift-pta"

namespace racesift {

AndersenSolver::AndersenSolver(Module &M, std::vector<MemObject> &Objects)
    : M(M), DL(M.getDataLayout()), Objects(Objects) {}

uint32_t AndersenSolver::newNode() {
  Nodes.emplace_back();
  uint32_t N = Nodes.size() - 1;
  Rep.push_back(N);
  Rank.push_back(NextRank++);
  return N;
}

void AndersenSolver::push(uint32_t N) {
  N = find(N);
  if (Nodes[N].Queued || N == Sink)
    return;
  Nodes[N].Queued = true;
  Worklist.push_back({Rank[N], N});
  std::push_heap(Worklist.begin(), Worklist.end(), std::greater<>());
}

uint32_t AndersenSolver::pop() {
  std::pop_heap(Worklist.begin(), Worklist.end(), std::greater<>());
  uint32_t N = Worklist.back().second;
  Worklist.pop_back();
  Nodes[N].Queued = false;
  return N;
}

void AndersenSolver::merge(uint32_t A, uint32_t B) {
  assert(A == find(A) && B == find(B) && A != B);
  ++NumMerged;
  Node &NA = Nodes[A], &NB = Nodes[B];
  Rep[B] = A;
  bool Unresolved = NA.Unresolved || NB.Unresolved;
  NA.Unresolved = false;
  NA.Pts |= NB.Pts;
  // Each edge of A saw A.Prev and each edge of B saw B.Prev: only their
  // intersection has crossed every edge of the merged node.
  NA.Prev &= NB.Prev;
  if (MaxPointsTo)
    NA.PrevCount = NA.Prev.count();
  NA.Copy.append(NB.Copy.begin(), NB.Copy.end());
  NA.Loads.append(NB.Loads.begin(), NB.Loads.end());
  NA.Stores.append(NB.Stores.begin(), NB.Stores.end());
  NA.Geps.append(NB.Geps.begin(), NB.Geps.end());
  NA.Complex.append(NB.Complex.begin(), NB.Complex.end());
  // Copy edges to the cycle itself vanish and duplicates are dropped, but
  // only once the lists have doubled: merging many small nodes into a big
  // one must not re-sort the big one each time (solve() and Tarjan
  // tolerate stale and repeated edges).
  size_t Size = NA.Copy.size() + NA.Loads.size() + NA.Stores.size();
  if (Size > 2 * size_t(NA.CleanSize) + 16) {
    for (uint32_t &D : NA.Copy)
      D = find(D);
    auto Dedup = [](auto &V) {
      llvm::sort(V);
      V.erase(std::unique(V.begin(), V.end()), V.end());
    };
    Dedup(NA.Copy);
    llvm::erase(NA.Copy, A);
    Dedup(NA.Loads);
    Dedup(NA.Stores);
    NA.CleanSize = NA.Copy.size() + NA.Loads.size() + NA.Stores.size();
  }
  NB = Node();
  Rank[A] = std::min(Rank[A], Rank[B]);
  if (Unresolved)
    markUnresolved(A); // B's edges too.
  else
    push(A);
}

uint32_t AndersenSolver::sink() {
  if (Sink == NoNode)
    Sink = newNode();
  return Sink;
}

static bool isReadOnlyData(const GlobalVariable &GV);

uint32_t AndersenSolver::escapedNode() {
  if (EscapedNode != NoNode)
    return EscapedNode;
  // Unknown code may name the module's non-static globals, and reads what
  // escaped objects point to: one node for all of it, so that each unknown
  // call adds a constant number of edges whatever the program's size.
  EscapedNode = newNode();
  uint32_t AnyField = newNode();
  addGep(EscapedNode, AnyField, AnyOffset);
  addLoad(AnyField, EscapedNode);
  for (const GlobalVariable &GV : M.globals()) {
    auto It = SiteObject.find(&GV);
    if (GV.hasLocalLinkage() || GV.isThreadLocal() || isReadOnlyData(GV) ||
        GV.getName().starts_with("llvm.") || It == SiteObject.end())
      continue;
    addPts(EscapedNode, locFor(It->second, 0));
  }
  compromise("unknown-external-store: unknown functions store no pointer "
             "into escaped memory");
  return EscapedNode;
}

void AndersenSolver::markUnresolved(uint32_t N) {
  std::vector<uint32_t> Work{N}, Stored;
  while (!Work.empty()) {
    uint32_t X = find(Work.back());
    Work.pop_back();
    if (Nodes[X].Unresolved || X == Sink)
      continue;
    uint32_t S = sink();
    Node &Nd = Nodes[X];
    Nd.Unresolved = true;
    ++NumUnresolved;
    Nodes[S].Pts |= Nd.Pts;
    Nd.Pts.clear();
    Nd.Prev.clear();
    Nd.PrevCount = 0;
    // What it is copied to, offset from and loaded into may be anything
    // too. What is stored through it goes to the sink; memcpys through it
    // are dropped, and the indirect calls it watches keep the callees found
    // so far.
    for (uint32_t D : Nd.Copy)
      Work.push_back(D);
    for (const GepEdge &G : Nd.Geps)
      Work.push_back(G.Dst);
    for (uint32_t D : Nd.Loads)
      Work.push_back(D);
    Stored.insert(Stored.end(), Nd.Stores.begin(), Nd.Stores.end());
    // Nothing crosses these edges any more: they would only lengthen
    // cycle searches.
    Nd.Copy = {};
    Nd.Geps = {};
    Nd.Loads = {};
    Nd.Stores = {};
  }
  for (uint32_t Src : Stored)
    addCopy(Src, sink());
}

void AndersenSolver::collapseCycles(ArrayRef<uint32_t> Roots, bool Ranks) {
  size_t NN = Nodes.size();
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
    Root = find(Root);
    if (Root >= NN || TEpoch[Root] == Epoch)
      continue;
    Visit(Root);
    while (!Frames.empty()) {
      Frame &F = Frames.back();
      uint32_t N = F.N;
      Node &Nd = Nodes[N];
      size_t NumCopy = Nd.Copy.size(), NumEdges = NumCopy + Nd.Geps.size();
      if (F.Edge < NumEdges) {
        ++NumSteps;
        unsigned E = F.Edge++;
        uint32_t S = find(E < NumCopy ? Nd.Copy[E] : Nd.Geps[E - NumCopy].Dst);
        if (S >= NN)
          continue; // Created after this pass started.
        if (S == N) {
          // A GEP from a node to itself: a positive-weight cycle.
          if (E >= NumCopy && Nd.Geps[E - NumCopy].Off != AnyOffset) {
            Nd.Geps[E - NumCopy].Off = AnyOffset;
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
        // it a positive-weight cycle: fold their offsets to AnyOffset
        // (Pearce et al.; compromise "field-limit").
        bool PWC = false;
        for (size_t I = First; I < Stack.size(); ++I)
          for (auto &G : Nodes[Stack[I]].Geps) {
            uint32_t D = find(G.Dst);
            if (D < NN && TEpoch[D] == Epoch && TOnStack[D] &&
                TIndex[D] >= TIndex[N] && G.Off != AnyOffset) {
              G.Off = AnyOffset;
              PWC = true;
            }
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
  uint32_t Base = NextRank;
  for (size_t I = 0; I < Finished.size(); ++I)
    Rank[Finished[I]] = Base + (Finished.size() - 1 - I);
  NextRank = Base + Finished.size();
  // Re-order what is queued.
  for (auto &W : Worklist)
    W.first = Rank[W.second];
  std::make_heap(Worklist.begin(), Worklist.end(), std::greater<>());
}

ObjectId AndersenSolver::newObject(ObjectKind K, const Value *Site,
                                   std::string Name, uint64_t Size) {
  MemObject O;
  O.Id = Objects.size();
  O.Kind = K;
  O.Site = Site;
  O.Name = std::move(Name);
  O.Size = Size;
  if (auto *I = dyn_cast_or_null<Instruction>(Site))
    O.Loc = sourceLocOf(*I);
  Objects.push_back(std::move(O));
  ObjLocs.emplace_back();
  ObjLocs.back().Declared = declaredType(Objects.back().Id);
  if (Site)
    SiteObject[Site] = Objects.back().Id;
  return Objects.back().Id;
}

uint32_t AndersenSolver::locFor(ObjectId Obj, int64_t Off) {
  const MemObject &O = Objects[Obj];
  // Out-of-bounds offsets and objects with too many fields collapse to
  // AnyOffset (compromise "field-limit"): this bounds locations per object
  // even under pointer arithmetic in loops.
  if (Off != AnyOffset &&
      (Off < 0 || (O.Size && uint64_t(Off) >= O.Size) ||
       O.Kind == ObjectKind::Function || O.Kind == ObjectKind::External))
    Off = Off == 0 ? 0 : AnyOffset;
  auto Key = std::make_pair(Obj, Off);
  auto It = LocIndex.find(Key);
  if (It != LocIndex.end())
    return It->second;
  if (Off != AnyOffset && ObjLocs[Obj].Locs.size() >= MaxFieldsPerObject)
    return locFor(Obj, AnyOffset);
  uint32_t L = Locs.size();
  PerObject &PO = ObjLocs[Obj];
  if (PO.Collapsed) {
    // Shares the content node, which every AnyOffset loader and storer
    // already reaches.
    Locs.push_back({MemLoc{Obj, Off}, find(Locs[PO.Locs[0]].Content)});
    LocIndex[Key] = L;
    PO.Locs.push_back(L);
    if (!PO.CopySources.empty())
      NewFields.push_back(L);
    return L;
  }
  Locs.push_back({MemLoc{Obj, Off}, newNode()});
  LocIndex[Key] = L;
  PO.Locs.push_back(L);
  uint32_t C = Locs[L].Content;
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
  N = find(N);
  Nodes[N].Prev.clear();
  Nodes[N].PrevCount = 0;
  push(N);
}

void AndersenSolver::addPts(uint32_t N, uint32_t L) {
  N = find(N);
  if (Nodes[N].Unresolved)
    N = sink();
  if (Nodes[N].Pts.test_and_set(L))
    push(N);
}

void AndersenSolver::addCopy(uint32_t Src, uint32_t Dst) {
  Src = find(Src);
  Dst = find(Dst);
  if (Nodes[Src].Unresolved) {
    markUnresolved(Dst);
    return;
  }
  if (Nodes[Dst].Unresolved)
    Dst = sink();
  if (Src == Dst)
    return;
  if (!CopyEdges.insert(uint64_t(Src) << 32 | Dst).second)
    return;
  Node &S = Nodes[Src];
  S.Copy.push_back(Dst);
  if (!S.Prev.empty() && (Nodes[Dst].Pts |= Nodes[Src].Prev))
    push(Dst);
}

static bool mayHoldPointer(Type *T) {
  if (T->isPointerTy())
    return true;
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), mayHoldPointer);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return mayHoldPointer(AT->getElementType());
  if (auto *VT = dyn_cast<VectorType>(T))
    return mayHoldPointer(VT->getElementType());
  return false;
}

/// A constant global whose initialiser holds no pointer: defined in this
/// module, so that no other definition can be linked in its place.
static bool isReadOnlyData(const GlobalVariable &GV) {
  return GV.isConstant() && GV.hasDefinitiveInitializer() &&
         !mayHoldPointer(GV.getValueType());
}

uint32_t AndersenSolver::nodeOf(const Value *V) {
  auto It = ValueNode.find(V);
  if (It != ValueNode.end())
    return It->second;
  uint32_t N = newNode();
  ValueNode[V] = N;
  if (auto *F = dyn_cast<Function>(V)) {
    addPts(N, locFor(objectForFunction(F), 0));
  } else if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    // Constants that hold no pointer (string literals, lookup tables) are
    // read-only: they never race and no pointer is loaded from them, so
    // they are left out of every points-to set (rule "read-only-data"). On
    // sqlite3.c they were 7000 of the 13000 locations in the largest sets.
    auto It = SiteObject.find(GV);
    if (It != SiteObject.end() && !isReadOnlyData(*GV))
      addPts(N, locFor(It->second, 0));
  } else if (auto *GA = dyn_cast<GlobalAlias>(V)) {
    addCopy(nodeOf(GA->getAliasee()), N);
  } else if (auto *CE = dyn_cast<ConstantExpr>(V)) {
    if (auto *GEP = dyn_cast<GEPOperator>(CE))
      addGep(nodeOf(GEP->getPointerOperand()), N, gepOffset(*GEP),
             gepView(GEP->getSourceElementType()));
    else if (CE->getOpcode() == Instruction::IntToPtr)
      addPts(N, locFor(unknownObject("inttoptr"), AnyOffset));
    else if (CE->isCast() || CE->getOpcode() == Instruction::Select)
      for (const Use &U : CE->operands())
        if (U->getType()->isPointerTy())
          addCopy(nodeOf(U), N);
  } else if (auto *CA = dyn_cast<ConstantAggregate>(V)) {
    // Field-insensitive for aggregate SSA values (insertvalue/extractvalue).
    for (const Use &U : CA->operands())
      if (mayHoldPointer(U->getType()))
        addCopy(nodeOf(U), N);
  }
  return N;
}

ObjectId AndersenSolver::objectForFunction(const Function *F) {
  auto It = SiteObject.find(F);
  if (It != SiteObject.end())
    return It->second;
  return newObject(ObjectKind::Function, F, F->getName().str(), 0);
}

ObjectId AndersenSolver::unknownObject(StringRef Why) {
  if (UnknownObj == InvalidObject)
    UnknownObj = newObject(ObjectKind::External, nullptr, "<unknown>", 0);
  compromise(("unresolved-pointer: " + Why).str());
  return UnknownObj;
}

void AndersenSolver::compromise(std::string C) {
  if (CompromiseSet.insert(C).second)
    Compromises.push_back(std::move(C));
}

int64_t AndersenSolver::gepOffset(const GEPOperator &GEP) const {
  APInt Off(DL.getIndexTypeSizeInBits(GEP.getType()), 0);
  if (GEP.accumulateConstantOffset(DL, Off))
    return Off.getSExtValue();
  return AnyOffset;
}

void AndersenSolver::addGep(uint32_t Src, uint32_t Dst, int64_t Off,
                            Type *View) {
  if (Off == 0) {
    addCopy(Src, Dst);
    return;
  }
  Src = find(Src);
  if (Nodes[Src].Unresolved) {
    markUnresolved(Dst);
    return;
  }
  Nodes[Src].Geps.push_back({Dst, Off, Off == AnyOffset ? nullptr : View});
  pushFull(Src);
}

void AndersenSolver::addComplex(uint32_t Watch, Complex C) {
  Watch = find(Watch);
  C.Watch = Watch;
  Complexes.push_back(C);
  Nodes[Watch].Complex.push_back(Complexes.size() - 1);
  pushFull(Watch);
}

void AndersenSolver::addLoad(uint32_t Ptr, uint32_t Dst) {
  Ptr = find(Ptr);
  if (Nodes[Ptr].Unresolved) {
    markUnresolved(Dst);
    return;
  }
  Nodes[Ptr].Loads.push_back(Dst);
  pushFull(Ptr);
}

void AndersenSolver::addStore(uint32_t Src, uint32_t Ptr) {
  Ptr = find(Ptr);
  if (Nodes[Ptr].Unresolved) {
    addCopy(Src, sink()); // Stored anywhere.
    return;
  }
  Nodes[Ptr].Stores.push_back(Src);
  pushFull(Ptr);
}

void AndersenSolver::loadFrom(uint32_t L, uint32_t Dst) {
  MemLoc ML = Locs[L].Loc;
  if (ML.Offset != AnyOffset) {
    addCopy(Locs[L].Content, Dst);
    return;
  }
  Dst = find(Dst);
  if (!AnyLoadSeen.insert({ML.Obj, Dst}).second)
    return;
  PerObject &PO = ObjLocs[ML.Obj];
  PO.AnyLoaders.push_back(Dst);
  if (PO.Collapsed) {
    addCopy(Locs[L].Content, Dst);
    return;
  }
  for (size_t I = 0; I < PO.Locs.size(); ++I)
    addCopy(Locs[PO.Locs[I]].Content, Dst);
  maybeCollapse(ML.Obj);
}

void AndersenSolver::storeTo(uint32_t L, uint32_t Src) {
  MemLoc ML = Locs[L].Loc;
  if (ML.Offset != AnyOffset) {
    addCopy(Src, Locs[L].Content);
    return;
  }
  // A store seen before has its edges (memcpy's relative offsets repeat
  // the same object's AnyOffset for every field of a destination).
  Src = find(Src);
  if (!AnyStoreSeen.insert({ML.Obj, Src}).second)
    return;
  addCopy(Src, Locs[L].Content);
  PerObject &PO = ObjLocs[ML.Obj];
  PO.AnyStorers.push_back(Src);
  if (PO.Collapsed)
    return; // The copy above reached the one content node.
  for (size_t I = 0; I < PO.Locs.size(); ++I)
    addCopy(Src, Locs[PO.Locs[I]].Content);
  maybeCollapse(ML.Obj);
}

void AndersenSolver::maybeCollapse(ObjectId Obj) {
  PerObject &PO = ObjLocs[Obj];
  size_t Accessors = PO.AnyLoaders.size() + PO.AnyStorers.size();
  if (PO.Collapsed || Accessors * PO.Locs.size() <= CollapseEdgeLimit)
    return;
  PO.Collapsed = true;
  PendingCollapse.push_back(Obj);
}

void AndersenSolver::collapsePending() {
  while (!PendingCollapse.empty()) {
    ObjectId Obj = PendingCollapse.back();
    PendingCollapse.pop_back();
    ++NumCollapsed;
    compromise("collapsed-object: objects read or written at unknown offsets "
               "through many pointers hold one points-to set for all their "
               "fields (accesses stay per field)");
    PerObject &PO = ObjLocs[Obj];
    uint32_t First = find(Locs[PO.Locs[0]].Content);
    for (uint32_t L : PO.Locs) {
      uint32_t C = find(Locs[L].Content);
      if (C != First)
        merge(First, C);
      First = find(First);
    }
  }
}

Type *AndersenSolver::declaredType(ObjectId Obj) const {
  const Value *Site = Objects[Obj].Site;
  if (auto *AI = dyn_cast_or_null<AllocaInst>(Site))
    // `alloca T, n` (a VLA) holds n T's: an array of them, of any length.
    return AI->isArrayAllocation() ? ArrayType::get(AI->getAllocatedType(), 0)
                                   : AI->getAllocatedType();
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(Site))
    return GV->getValueType();
  return nullptr;
}

uint32_t AndersenSolver::byteField(uint32_t L) {
  MemLoc ML = Locs[L].Loc;
  Type *Declared = ObjLocs[ML.Obj].Declared;
  if (ML.Offset == AnyOffset || !Declared)
    return L;
  uint64_t Start = byteFieldStart(DL, Declared, ML.Offset);
  return int64_t(Start) == ML.Offset ? L : locFor(ML.Obj, Start);
}

FieldView AndersenSolver::viewOf(uint32_t L, Type *View) {
  MemLoc ML = Locs[L].Loc;
  // Heap memory takes its type from its stores: any view fits.
  Type *Declared = ObjLocs[ML.Obj].Declared;
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

uint32_t AndersenSolver::shift(uint32_t L, int64_t Off) {
  MemLoc ML = Locs[L].Loc;
  if (ML.Offset == AnyOffset || Off == AnyOffset)
    return locFor(ML.Obj, AnyOffset);
  return locFor(ML.Obj, ML.Offset + Off);
}

void AndersenSolver::solve() {
  // Sets grow: sorted lists made before this pass are stale.
  SortedCache.clear();
  SortedByHash.clear();
  SortedSets.clear();
  if (!OfflineDone) {
    // Offline pass: collapse the cycles visible in the initial constraint
    // graph and rank the nodes topologically.
    OfflineDone = true;
    std::vector<uint32_t> All(Nodes.size());
    for (uint32_t I = 0; I < All.size(); ++I)
      All[I] = I;
    collapseCycles(All, /*Ranks=*/true);
  }
  std::vector<uint32_t> Candidates;
  bool Urgent = false;
  while (!Exhausted && (!Worklist.empty() || !NewFields.empty() ||
                        !PendingCollapse.empty())) {
    collapsePending();
    copyNewFields();
    if (Worklist.empty())
      continue;
    uint32_t N = pop();
    if (find(N) != N)
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
                     << Worklist.size() << " nodes " << Nodes.size() << " locs "
                     << Locs.size() << " merged " << NumMerged << " |pts| "
                     << Nodes[N].Pts.count() << "\n");
    // Prev is a subset of Pts: the difference alone says whether N grew.
    PointsToSet Delta;
    Delta.intersectWithComplement(Nodes[N].Pts, Nodes[N].Prev);
    if (Delta.empty())
      continue;
    if (MaxPointsTo && N != Sink) {
      unsigned Count = Nodes[N].PrevCount + Delta.count();
      if (Count > MaxPointsTo) {
        uint64_t Before = NumUnresolved;
        markUnresolved(N);
        Cuts.push_back({N, NumUnresolved - Before});
        continue;
      }
      Nodes[N].PrevCount = Count;
    }
    Nodes[N].Prev |= Delta;
    uint64_t DeltaSize = 0;
    for (unsigned L : Delta) {
      ++DeltaSize;
      NumSteps += Nodes[N].Loads.size() + Nodes[N].Stores.size() +
                  Nodes[N].Geps.size() + Nodes[N].Complex.size();
      // Indices, not iterators: handlers may add nodes and constraints.
      for (size_t I = 0; I < Nodes[N].Loads.size(); ++I)
        loadFrom(L, Nodes[N].Loads[I]);
      for (size_t I = 0; I < Nodes[N].Stores.size(); ++I)
        storeTo(L, Nodes[N].Stores[I]);
      for (size_t I = 0; I < Nodes[N].Geps.size(); ++I) {
        GepEdge G = Nodes[N].Geps[I];
        FieldView FV = G.View ? viewOf(L, G.View) : FieldView::Fits;
        if (FV == FieldView::Misfit)
          continue;
        uint32_t To = shift(L, FV == FieldView::Bytes ? AnyOffset : G.Off);
        addPts(G.Dst, G.View ? To : byteField(To));
      }
      for (size_t I = 0; I < Nodes[N].Complex.size(); ++I)
        handleComplex(Nodes[N].Complex[I], L);
    }
    // A copy costs with the size of what it adds.
    NumSteps += Nodes[N].Copy.size() * (1 + DeltaSize / 64);
    for (size_t I = 0; I < Nodes[N].Copy.size(); ++I) {
      uint32_t D = find(Nodes[N].Copy[I]);
      if (Nodes[D].Unresolved)
        D = sink();
      if (D == N)
        continue;
      bool Grew = Nodes[D].Pts |= Delta;
      if (Grew)
        push(D);
      if (D == Sink)
        continue;
      // Lazy cycle detection (Hardekopf & Lin): equal sets across an edge
      // hint at a cycle; each edge is tested once.
      // The hash lookup first: comparing two large sets costs more.
      uint64_t Edge = uint64_t(N) << 32 | D;
      if (!LCDChecked.contains(Edge) && Nodes[D].Pts == Nodes[N].Pts) {
        LCDChecked.insert(Edge);
        Candidates.push_back(D);
        // A cycle through a GEP (a pointer walk) adds a field per trip
        // around it until it is found: search at once. Under a points-to
        // budget the growth stops at the budget anyway, and on sqlite3.c
        // these searches from the edge of the unresolved region were
        // two thirds of the model's time.
        Urgent |=
            !MaxPointsTo && (!Nodes[N].Geps.empty() || !Nodes[D].Geps.empty());
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
  if (!debugEnabled(DEBUG_TYPE))
    return;
  printSetSizes();
  debugs() << "racesift-pta: nodes " << Nodes.size() << " locs " << Locs.size()
           << " merged " << NumMerged << " pwc " << NumPWC << " lcd " << NumLCD
           << " pops " << NumPops << " steps " << NumSteps << " unresolved "
           << NumUnresolved << " collapsed " << NumCollapsed << " misfits "
           << NumViewMisfits << "\n";
}

void AndersenSolver::printSetSizes() {
  // How large the IR values' sets are: where precision is lost, and what
  // the solver pays for.
  std::vector<uint64_t> Buckets(8);
  DenseSet<uint32_t> Seen;
  for (auto &[V, N] : ValueNode) {
    uint32_t R = find(N);
    if (!Seen.insert(R).second)
      continue;
    size_t C = Nodes[R].Pts.count();
    Buckets[std::min<size_t>(7, C ? Log2_64(C) / 2 + 1 : 0)]++;
  }
  debugs() << "racesift-pta: value sets by size (0, 1-3, 4-15, ..., >=4^6):";
  for (uint64_t B : Buckets)
    debugs() << " " << B;
  debugs() << "\n";
}

void AndersenSolver::bindCall(const CallBase &CB, const Function &F) {
  auto &Seen = Bound[&CB];
  if (std::find(Seen.begin(), Seen.end(), &F) != Seen.end())
    return;
  Seen.push_back(&F);
  if (F.isDeclaration()) {
    modelExternal(CB, F);
    return;
  }

  for (unsigned I = 0; I < CB.arg_size(); ++I)
    if (mayHoldPointer(CB.getArgOperand(I)->getType()) &&
        !ForwardedArgs.contains({&CB, I}))
      bindArgument(CB, F, I, nodeOf(CB.getArgOperand(I)));
  // F forwards a parameter to a callback parameter: bind them per call.
  auto Fw = Forwardings.find(&F);
  if (Fw != Forwardings.end())
    for (const Forwarding &W : Fw->second) {
      if (std::max(W.FnParam, W.ArgParam) >= CB.arg_size())
        continue;
      Complex X;
      X.K = Complex::ForwardedCall;
      X.CB = W.CB;
      X.Arg = nodeOf(CB.getArgOperand(W.ArgParam));
      X.Pair = W.ArgPos;
      addComplex(nodeOf(CB.getArgOperand(W.FnParam)), X);
    }
  if (AllocWrappers.Functions.count(&F)) {
    // A fresh object per call site of an allocation wrapper.
    ObjectId O = heapObject(CB);
    addPts(nodeOf(&CB), locFor(O, 0));
    fillConstructed(O, CB, F, 1);
  } else if (mayHoldPointer(CB.getType()))
    addCopy(returnNode(F), nodeOf(&CB));
}

void AndersenSolver::fillConstructed(ObjectId O, const CallBase &CB,
                                     const Function &F, unsigned Depth) {
  auto It = AllocWrappers.Fields.find(&F);
  if (It == AllocWrappers.Fields.end())
    return;
  for (const FieldFact &FF : It->second) {
    uint32_t Src;
    switch (FF.K) {
    case FieldFact::Fresh: {
      // Past the depth, the body's own object, as without cloning.
      ObjectId IO = heapObject(*FF.Inner);
      if (Depth < MaxCloneDepth) {
        bool New = !ClonedObj.count({&CB, FF.Inner});
        IO = clonedObject(CB, *FF.Inner);
        if (New)
          Parts.push_back({IO, O});
        if (const Function *IF = FF.Inner->getCalledFunction(); New && IF)
          fillConstructed(IO, *FF.Inner, *IF, Depth + 1);
      }
      Src = newNode();
      addPts(Src, locFor(IO, 0));
      break;
    }
    case FieldFact::Param:
      if (FF.ArgNo >= CB.arg_size())
        continue;
      Src = nodeOf(CB.getArgOperand(FF.ArgNo));
      break;
    case FieldFact::Constant:
      Src = nodeOf(FF.C);
      break;
    }
    storeTo(locFor(O, FF.Offset), Src);
  }
}

ObjectId AndersenSolver::clonedObject(const CallBase &Outer,
                                      const CallBase &Inner) {
  auto It = ClonedObj.find({&Outer, &Inner});
  if (It != ClonedObj.end())
    return It->second;
  // No site: rules that reason about an allocation call's result do not
  // apply to it.
  ObjectId Body = heapObject(Inner);
  SourceLoc L = sourceLocOf(Outer);
  std::string Name = Objects[Body].Name + " via ";
  Name += L.known()
              ? sys::path::filename(L.File).str() + ":" + std::to_string(L.Line)
              : L.Function;
  uint64_t Size = Objects[Body].Size;
  ObjectId O = newObject(ObjectKind::Heap, nullptr, Name, Size);
  Objects[O].Loc = Objects[Body].Loc;
  return ClonedObj[{&Outer, &Inner}] = O;
}

void AndersenSolver::bindArgument(const CallBase &CB, const Function &F,
                                  unsigned Pos, uint32_t Arg) {
  if (Pos < F.arg_size())
    addCopy(Arg, nodeOf(F.getArg(Pos)));
  else if (F.isVarArg())
    storeTo(locFor(varArgObject(F), AnyOffset), Arg);
}

void AndersenSolver::findForwardings() {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || CB->getCalledFunction() || CB->isInlineAsm())
        continue;
      // At -O0 through the parameter's spill slot, stored once and only
      // loaded (so no one can change it in between).
      auto *Fn = dyn_cast<Argument>(throughSlot(CB->getCalledOperand()));
      if (!Fn)
        continue;
      for (unsigned K = 0; K < CB->arg_size(); ++K) {
        auto *A = dyn_cast<Argument>(throughSlot(CB->getArgOperand(K)));
        if (!A || A == Fn || !mayHoldPointer(A->getType()))
          continue;
        Forwardings[&F].push_back({CB, Fn->getArgNo(), A->getArgNo(), K});
        ForwardedArgs.insert({CB, K});
      }
    }
}

uint32_t AndersenSolver::returnNode(const Function &F) {
  auto It = RetNode.find(&F);
  if (It != RetNode.end())
    return It->second;
  return RetNode[&F] = newNode();
}

/// Whether an indirect call CB may reach F: the same number of parameters
/// (unless F is variadic) of the same IR types. Return types are not
/// compared: casting `int f(void *)` to `void (*)(void *)` is common.
static bool mayBeCalledAs(const Function &F, const CallBase &CB) {
  FunctionType *FT = F.getFunctionType(), *CT = CB.getFunctionType();
  if (FT->isVarArg() ? CT->getNumParams() < FT->getNumParams()
                     : CT->getNumParams() != FT->getNumParams())
    return false;
  for (unsigned I = 0; I < FT->getNumParams(); ++I)
    if (FT->getParamType(I) != CT->getParamType(I))
      return false;
  return true;
}

void AndersenSolver::handleComplex(unsigned CI, uint32_t L) {
  Complex C = Complexes[CI];
  MemLoc ML = Locs[L].Loc;
  switch (C.K) {
  case Complex::IndirectCall:
  case Complex::ThreadRoutine: {
    const MemObject &O = Objects[ML.Obj];
    auto *F = dyn_cast_or_null<Function>(O.Site);
    if (O.Kind != ObjectKind::Function || !F)
      return;
    if (C.K == Complex::IndirectCall) {
      if (!mayBeCalledAs(*F, *C.CB)) {
        compromise("indirect-call-signature: a function whose parameters "
                   "differ from an indirect call's is not taken as its "
                   "callee (such a call is undefined behaviour in C)");
        return;
      }
      auto &Cs = CalleeMap[C.CB];
      if (std::find(Cs.begin(), Cs.end(), F) == Cs.end())
        Cs.push_back(F);
      bindCall(*C.CB, *F);
      return;
    }
    // Any defined function is a start routine, whatever its type: one
    // declared without a prototype (`void *t()`) or cast from another
    // signature has no parameter for the argument, or one of another type.
    if (F->isDeclaration())
      return;
    bindArgument(*C.CB, *F, 0, C.Arg);
    if (!StartSeen.insert({C.CB, F}).second)
      return;
    Starts.push_back({C.CB, F});
    return;
  }
  case Complex::LibcCallback: {
    // qsort(base, n, size, cmp): cmp runs during the call, at the call site,
    // with pointers into the call's pointer arguments.
    const MemObject &O = Objects[ML.Obj];
    auto *F = dyn_cast_or_null<Function>(O.Site);
    if (O.Kind != ObjectKind::Function || !F || F->isDeclaration())
      return;
    auto &Cs = Callbacks[C.CB];
    if (std::find(Cs.begin(), Cs.end(), F) != Cs.end())
      return;
    Cs.push_back(F);
    for (const Argument &A : F->args())
      if (mayHoldPointer(A.getType()))
        addCopy(C.Arg, nodeOf(&A));
    return;
  }
  case Complex::EnvCall: {
    // A library's callers may call any function whose address escaped to
    // them, with their memory (env-parameters).
    const MemObject &O = Objects[ML.Obj];
    if (auto *F = dyn_cast_or_null<Function>(O.Site);
        O.Kind == ObjectKind::Function && F && !F->isDeclaration())
      bindCallerMemory(*F);
    return;
  }
  case Complex::ForwardedCall: {
    // The call site passes callee F and argument C.Arg: if F is among the
    // forwarding call's callees, it gets the argument.
    const MemObject &O = Objects[ML.Obj];
    auto *F = dyn_cast_or_null<Function>(O.Site);
    if (O.Kind != ObjectKind::Function || !F || F->isDeclaration() ||
        !mayBeCalledAs(*F, *C.CB))
      return;
    bindArgument(*C.CB, *F, C.Pair, C.Arg);
    return;
  }
  case Complex::CopySrc: {
    // memcpy(dst, src): every field of src's object from the offset on is
    // copied to the matching offset of each destination, through one node
    // per relative offset (so sources and destinations add, not multiply).
    if (!CopySrcSeen.insert(uint64_t(CI) << 32 | L).second)
      return;
    ObjLocs[ML.Obj].CopySources.push_back({CI, L});
    for (size_t I = 0; I < ObjLocs[ML.Obj].Locs.size(); ++I)
      copyField(CI, L, ObjLocs[ML.Obj].Locs[I]);
    return;
  }
  case Complex::CopyDst: {
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
  }
}

uint32_t AndersenSolver::relNode(unsigned CI, int64_t Rel) {
  auto &Rels = CopyRel[CI];
  for (auto [R, T] : Rels)
    if (R == Rel)
      return T;
  uint32_t T = newNode();
  CopyRel[CI].push_back({Rel, T});
  auto Any = CopyAny.find(CI);
  bool HaveAny = Any != CopyAny.end();
  if (HaveAny)
    addCopy(T, Any->second);
  // Destinations seen so far (copied: storeTo may reset Prev sets); those
  // at AnyOffset take T through the union node, which anyRelNode() makes
  // and stores to all of them.
  PointsToSet Dsts = Nodes[find(Complexes[CI].Arg)].Prev;
  for (unsigned DL : Dsts) {
    if (Locs[DL].Loc.Offset != AnyOffset) {
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
  uint32_t U = newNode();
  CopyAny[CI] = U;
  for (size_t I = 0; I < CopyRel[CI].size(); ++I)
    addCopy(CopyRel[CI][I].second, U);
  PointsToSet Dsts = Nodes[find(Complexes[CI].Arg)].Prev;
  for (unsigned DL : Dsts)
    if (Locs[DL].Loc.Offset == AnyOffset)
      storeTo(DL, U);
  return U;
}

void AndersenSolver::copyField(unsigned CI, uint32_t Src, uint32_t Field) {
  MemLoc S = Locs[Src].Loc, F = Locs[Field].Loc;
  int64_t Rel = AnyOffset;
  if (S.Offset != AnyOffset && F.Offset != AnyOffset) {
    if (F.Offset < S.Offset)
      return;
    Rel = F.Offset - S.Offset;
  }
  addCopy(Locs[Field].Content, relNode(CI, Rel));
}

void AndersenSolver::copyNewFields() {
  // Fields created after a memcpy source was registered.
  while (!NewFields.empty()) {
    uint32_t Field = NewFields.back();
    NewFields.pop_back();
    ObjectId Obj = Locs[Field].Loc.Obj;
    for (size_t I = 0; I < ObjLocs[Obj].CopySources.size(); ++I) {
      auto [CI, Src] = ObjLocs[Obj].CopySources[I];
      copyField(CI, Src, Field);
    }
  }
}

void AndersenSolver::addMemCopy(const Value *Dst, const Value *Src) {
  uint32_t D = nodeOf(Dst), S = nodeOf(Src);
  Complex C;
  C.K = Complex::CopySrc;
  C.Arg = D;
  addComplex(S, C);
  Complex C2;
  C2.K = Complex::CopyDst;
  C2.Arg = S;
  C2.Pair = Complexes.size() - 1;
  addComplex(D, C2);
}

void AndersenSolver::addInitializer(uint32_t ObjLoc, const Constant *C,
                                    int64_t Off) {
  if (!mayHoldPointer(C->getType()))
    return;
  if (auto *CA = dyn_cast<ConstantAggregate>(C)) {
    if (auto *ST = dyn_cast<StructType>(C->getType())) {
      const StructLayout *SL = DL.getStructLayout(ST);
      for (unsigned I = 0; I < CA->getNumOperands(); ++I)
        addInitializer(ObjLoc, CA->getOperand(I),
                       Off + SL->getElementOffset(I));
      return;
    }
    for (unsigned I = 0; I < CA->getNumOperands(); ++I) {
      Constant *E = CA->getOperand(I);
      addInitializer(ObjLoc, E, Off + I * DL.getTypeAllocSize(E->getType()));
    }
    return;
  }
  if (isa<ConstantPointerNull>(C) || isa<UndefValue>(C) ||
      isa<ConstantAggregateZero>(C))
    return;
  ObjectId Obj = Locs[ObjLoc].Loc.Obj;
  addCopy(nodeOf(C), Locs[locFor(Obj, Off)].Content);
}

void AndersenSolver::buildConstraints() {
  AllocWrappers = findAllocationWrappers(M);
  findForwardings();
  for (const GlobalVariable &GV : M.globals()) {
    uint64_t Size = GV.getValueType()->isSized()
                        ? DL.getTypeAllocSize(GV.getValueType())
                        : 0;
    ObjectId O = newObject(ObjectKind::Global, &GV, GV.getName().str(), Size);
    Objects[O].ThreadLocal = GV.isThreadLocal();
    Objects[O].Singleton = !GV.isThreadLocal();
    setGlobalDebugInfo(Objects[O], GV);
  }
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasInitializer())
      addInitializer(locFor(SiteObject[&GV], 0), GV.getInitializer(), 0);
  for (Function &F : M) {
    if (!F.isDeclaration())
      promoteSlots(F);
    for (Instruction &I : instructions(F)) {
      visit(I);
      // Constant addresses used directly (load @x) need their nodes too.
      for (const Use &U : I.operands())
        if (isa<GlobalValue>(U) || isa<ConstantExpr>(U))
          if (U->getType()->isPointerTy())
            nodeOf(U);
    }
  }
  addCallerMemory();
}

ObjectId AndersenSolver::callerMemory(const Argument &A) {
  return callerMemory(pointeeTypeName(A));
}

ObjectId AndersenSolver::callerMemory(const std::string &Key) {
  auto It = CallerMemory.find(Key);
  if (It != CallerMemory.end())
    return It->second;
  std::string Name = Key.empty()
                         ? "memory passed by the library's callers"
                         : "a '" + Key + "' passed by the library's callers";
  ObjectId O = newObject(ObjectKind::Heap, nullptr, Name, 0);
  CallerMemory[Key] = O;
  // The callers hold it: what the library stores there escapes to them.
  addPts(escapedNode(), locFor(O, 0));
  // What it holds when the library is called is the callers' too, or what
  // the library's other units (or its earlier calls) left there
  // (`strm->internal`): untyped memory of theirs, the object `void *`
  // parameters get. Without it a callback stored through such a pointer
  // (`strm->internal->next.code = &encode`) would escape nowhere and the
  // threads it starts would be lost. A slot for a pointer to T (`ctx
  // **out`) holds the callers' T instead, and what the library leaves there
  // goes back to T's parameters (env-handles).
  StringRef Slot(Key);
  bool IsSlot = Slot.consume_back(" *");
  ObjectId Inner = Key.empty() ? O
                   : IsSlot    ? callerMemory(Slot.str())
                               : callerMemory(std::string());
  uint32_t Held = newNode();
  addPts(Held, locFor(Inner, 0));
  storeTo(locFor(O, AnyOffset), Held);
  if (IsSlot)
    loadFrom(locFor(O, 0), givenOutNode(Slot.str()));
  return O;
}

uint32_t AndersenSolver::givenOutNode(const std::string &Key) {
  auto [It, New] = GivenOut.try_emplace(Key, 0);
  if (New)
    It->second = newNode();
  return It->second;
}

void AndersenSolver::bindCallerMemory(const Function &F) {
  if (!EnvCalled.insert(&F).second)
    return;
  // env-handles: a pointer parameter also gets what the library returned
  // as a pointer to the same type (`c = lib_create(); lib_op(c)`), so that
  // lib_op's accesses meet those of the threads lib_create started.
  // Untyped pointers (`void *`, `char *`: strings, buffers) are not passed
  // back: every such parameter would point to every string and buffer the
  // library returns, which took librdkafka under LTO from 44% to 56% of
  // accesses past the points-to budget.
  for (const Argument &A : F.args())
    if (mayHoldPointer(A.getType())) {
      std::string Key = pointeeTypeName(A);
      addPts(nodeOf(&A), locFor(callerMemory(Key), 0));
      if (!Key.empty())
        addCopy(givenOutNode(Key), nodeOf(&A));
    }
  if (mayHoldPointer(F.getReturnType())) {
    addCopy(returnNode(F), escapedNode());
    if (std::string Key = returnPointeeTypeName(F); !Key.empty())
      addCopy(returnNode(F), givenOutNode(Key));
  }
}

void AndersenSolver::addCallerMemory() {
  const Function *Main = M.getFunction("main");
  if (Main && !Main->isDeclaration())
    return;
  // A library module (compromise "env-parameters"): its exported functions
  // are called from outside with memory of the callers' own, one object
  // per type the parameters point to (by debug information); what they
  // return escapes. Functions whose address escaped are called so too.
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasExternalLinkage())
      bindCallerMemory(F);
  Complex X;
  X.K = Complex::EnvCall;
  addComplex(escapedNode(), X);
  compromise("env-parameters: a library's exported functions receive "
             "pointers to the start of their callers' objects, one object "
             "per pointee type, whose pointers lead to one untyped object "
             "of the callers', and pointers the library returned to the "
             "same type (results and out-parameters); pointers into the "
             "middle of caller objects, and the library's objects passed "
             "back through another type or a field of the callers' "
             "memory, are not modelled");
}

bool AndersenSolver::unresolved(const Value *V) {
  auto It = ValueNode.find(V);
  return It != ValueNode.end() && Nodes[find(It->second)].Unresolved;
}

std::string AndersenSolver::describeNode(uint32_t N) {
  // Values sharing N come in hash order: the smallest text, so that the
  // message is the same on every run.
  std::optional<std::string> Best;
  auto Offer = [&](std::string D) {
    if (!Best || D < *Best)
      Best = std::move(D);
  };
  for (auto &[V, VN] : ValueNode) {
    if (VN != N)
      continue;
    if (auto *A = dyn_cast<Argument>(V)) {
      Offer(formatv("parameter {0} of {1}", A->getArgNo() + 1,
                    A->getParent()->getName()));
      continue;
    }
    auto *I = dyn_cast<Instruction>(V);
    if (!I) {
      Offer(V->getName().str());
      continue;
    }
    std::string Where = I->getFunction()->getName().str();
    if (const DebugLoc &DL = I->getDebugLoc())
      Where += formatv(" ({0}:{1})", sys::path::filename(DL->getFilename()),
                       DL.getLine())
                   .str();
    Offer(std::move(Where));
  }
  if (Best)
    return *Best;
  for (const LocInfo &L : Locs)
    if (L.Content == N)
      return "what '" + describeLocPlain(Objects[L.Loc.Obj], L.Loc.Offset) +
             "' holds";
  return "a solver node";
}

void AndersenSolver::noteUnresolved() {
  unsigned Values = 0;
  for (auto &[V, N] : ValueNode)
    Values += Nodes[find(N)].Unresolved;
  RACESIFT_DEBUG(debugs() << "racesift-pta: solved: " << Nodes.size()
                          << " nodes, " << Objects.size() << " objects, "
                          << NumSteps << " steps, " << Values
                          << " unresolved values\n");
  if (!Values)
    return;
  // The cut that took most with it names where precision was lost.
  auto Worst = std::max_element(
      Cuts.begin(), Cuts.end(),
      [](const auto &A, const auto &B) { return A.second < B.second; });
  std::string Origin;
  if (Worst != Cuts.end()) {
    UnresolvedOrigin = describeNode(Worst->first);
    Origin = formatv("; most follow from the one set at {0} ({1} nodes of "
                     "the constraint graph)",
                     UnresolvedOrigin, Worst->second)
                 .str();
  }
  compromise(formatv("points-to-budget: {0} pointer value(s) may point to "
                     "more than {1} locations: they are unresolved, the "
                     "accesses through them are not checked, the locks "
                     "through them are never held, stores through them "
                     "reach no location, and calls through them reach "
                     "only the functions found before the limit{2}",
                     Values, MaxPointsTo, Origin)
                 .str());
}

ArrayRef<MemLoc> AndersenSolver::pointsTo(const Value *V) {
  auto It = ValueNode.find(V);
  if (It == ValueNode.end())
    return {};
  uint32_t N = find(It->second);
  auto [CIt, New] = SortedCache.try_emplace(N, nullptr);
  if (!New)
    return *CIt->second;
  // Equal sets share one sorted list: hashing a set is linear, sorting it
  // is not, and on sqlite3.c thousands of nodes hold the same ~3800
  // locations.
  const PointsToSet &Pts = Nodes[N].Pts;
  uint64_t Hash = 0xcbf29ce484222325ULL; // FNV-1a over the ids.
  for (unsigned L : Pts)
    Hash = (Hash ^ L) * 0x100000001b3ULL;
  // M's list is M's set when it was made: the same size still, then M
  // has not grown since (constraints added between solver passes).
  size_t Count = Pts.count();
  auto &Same = SortedByHash[Hash];
  for (auto [M, List] : Same)
    if (List->size() == Count && Nodes[M].Pts == Pts)
      return *(CIt->second = List);
  std::vector<MemLoc> &Out = SortedSets.emplace_back();
  Out.reserve(Count);
  for (unsigned L : Pts)
    Out.push_back(Locs[L].Loc);
  llvm::sort(Out);
  Same.push_back({N, &Out});
  CIt->second = &Out;
  return Out;
}

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

struct PointsToAnalysis::Impl {
  AndersenSolver S;
  Impl(Module &M, std::vector<MemObject> &O) : S(M, O) {}
};

PointsToAnalysis::PointsToAnalysis(
    Module &M, std::vector<MemObject> &Objects,
    std::optional<std::chrono::steady_clock::time_point> Deadline,
    unsigned MaxPointsTo, uint64_t MaxSteps) {
  const size_t ObjectsBefore = Objects.size();
  auto Solve = [&](bool UnknownResultsOwnOnly) {
    Objects.resize(ObjectsBefore);
    // A second solve spends what the first left of the budget.
    uint64_t Before = P ? Steps + P->S.NumSteps : 0;
    P = std::make_unique<Impl>(M, Objects);
    Steps = Before;
    P->S.Deadline = Deadline;
    if (MaxSteps)
      P->S.MaxSteps = MaxSteps - std::min(MaxSteps, Before);
    P->S.MaxPointsTo = MaxPointsTo;
    P->S.UnknownResultsOwnOnly = UnknownResultsOwnOnly;
    P->S.buildConstraints();
    P->S.solve();
    // std::thread start routines are found through the state object's
    // vtable, which needs solved points-to sets; binding them may add more.
    while (!P->S.Exhausted && P->S.resolveCxxThreads())
      P->S.solve();
  };
  Solve(false);
  // Per translation unit, most unknown functions are the program's own
  // (another unit's); when everything they may return passes the budget,
  // every pointer they return would be unchecked (two thirds of librdkafka's
  // rdkafka.c). Solve again with results that alias only their own object.
  if (!P->S.Exhausted && MaxPointsTo && P->S.escapedUnresolved()) {
    Solve(true);
    P->S.compromise("unknown-external-result: escaped memory passed the "
                    "points-to budget, so results of unknown functions, and "
                    "the arguments they call back with, point only to an "
                    "object of their own");
  }
  // Callees in module order, whatever order the solver found them in.
  DenseMap<const Function *, unsigned> Order;
  for (const Function &F : M)
    Order[&F] = Order.size();
  for (auto &[CB, Fs] : P->S.Callbacks)
    llvm::sort(Fs, [&](const Function *A, const Function *B) {
      return Order.lookup(A) < Order.lookup(B);
    });
  for (auto &[CB, Fs] : P->S.CalleeMap)
    llvm::sort(Fs, [&](const Function *A, const Function *B) {
      return Order.lookup(A) < Order.lookup(B);
    });
  P->S.noteUnresolved();
}
PointsToAnalysis::~PointsToAnalysis() = default;

bool PointsToAnalysis::exhausted() const { return P->S.Exhausted; }
bool PointsToAnalysis::stepsSpent() const { return P->S.StepsSpent; }
uint64_t PointsToAnalysis::steps() const { return Steps + P->S.NumSteps; }

ArrayRef<MemLoc> PointsToAnalysis::pointsTo(const Value *Ptr) const {
  return P->S.pointsTo(Ptr);
}
bool PointsToAnalysis::unresolved(const Value *Ptr) const {
  return P->S.unresolved(Ptr);
}
const std::string &PointsToAnalysis::unresolvedOrigin() const {
  return P->S.UnresolvedOrigin;
}
std::vector<ObjectId> PointsToAnalysis::escapedObjects() const {
  std::vector<ObjectId> Out;
  if (P->S.EscapedNode == AndersenSolver::NoNode)
    return Out;
  uint32_t N = P->S.find(P->S.EscapedNode);
  if (P->S.Nodes[N].Unresolved)
    return Out; // Its objects are among unresolvedTargets().
  for (unsigned L : P->S.Nodes[N].Pts)
    Out.push_back(P->S.Locs[L].Loc.Obj);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}
std::vector<ObjectId> PointsToAnalysis::unresolvedTargets() const {
  std::vector<ObjectId> Out;
  if (P->S.Sink == AndersenSolver::NoNode)
    return Out;
  for (unsigned L : P->S.Nodes[P->S.Sink].Pts)
    Out.push_back(P->S.Locs[L].Loc.Obj);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}
bool PointsToAnalysis::mayPointToUnknown(const Value *Ptr) const {
  ArrayRef<MemLoc> Pts = P->S.pointsTo(Ptr);
  if (Pts.empty())
    return true;
  return any_of(Pts, [&](const MemLoc &L) {
    return P->S.Objects[L.Obj].Kind == ObjectKind::External;
  });
}
ArrayRef<const Function *> PointsToAnalysis::callees(const CallBase &CB) const {
  auto It = P->S.CalleeMap.find(&CB);
  if (It == P->S.CalleeMap.end())
    return {};
  return It->second;
}
ArrayRef<const Function *>
PointsToAnalysis::callbacks(const CallBase &CB) const {
  auto It = P->S.Callbacks.find(&CB);
  if (It == P->S.Callbacks.end())
    return {};
  return It->second;
}
ObjectId PointsToAnalysis::hiddenObject(StringRef Group) const {
  auto It = P->S.HiddenObj.find(Group);
  return It == P->S.HiddenObj.end() ? InvalidObject : It->second;
}
std::vector<MemLoc> PointsToAnalysis::fieldsFrom(const MemLoc &L) const {
  if (L.Offset == AnyOffset || L.Obj >= P->S.ObjLocs.size())
    return {L};
  std::vector<MemLoc> Out;
  for (uint32_t Loc : P->S.ObjLocs[L.Obj].Locs) {
    const MemLoc &F = P->S.Locs[Loc].Loc;
    if (F.Offset != AnyOffset && F.Offset >= L.Offset)
      Out.push_back(F);
  }
  if (Out.empty())
    Out.push_back(L);
  llvm::sort(Out);
  return Out;
}
ObjectId PointsToAnalysis::objectFor(const Value *Site) const {
  auto It = P->S.SiteObject.find(Site);
  return It == P->S.SiteObject.end() ? InvalidObject : It->second;
}
const std::vector<ThreadStart> &PointsToAnalysis::threadStarts() const {
  return P->S.Starts;
}
const std::vector<std::string> &PointsToAnalysis::compromises() const {
  return P->S.Compromises;
}
std::vector<MemLoc> PointsToAnalysis::contentOf(const MemLoc &L) const {
  return P->S.contentOf(L);
}
const std::vector<std::pair<ObjectId, ObjectId>> &
PointsToAnalysis::constructedParts() const {
  return P->S.Parts;
}

void PointsToAnalysis::print(raw_ostream &OS) const {
  for (const Function &F : P->S.M) {
    if (F.isDeclaration())
      continue;
    ModuleSlotTracker MST(F.getParent());
    MST.incorporateFunction(F);
    auto PrintOne = [&](const Value &V) {
      if (P->S.unresolved(&V)) {
        OS << "  ";
        V.printAsOperand(OS, false, MST);
        OS << " in " << F.getName() << " -> <unresolved>\n";
        return;
      }
      ArrayRef<MemLoc> Pts = P->S.pointsTo(&V);
      if (Pts.empty())
        return;
      std::vector<std::string> Names;
      for (const MemLoc &L : Pts)
        Names.push_back(describeLocPlain(P->S.Objects[L.Obj], L.Offset));
      llvm::sort(Names);
      OS << "  ";
      V.printAsOperand(OS, false, MST);
      OS << " in " << F.getName() << " -> {";
      for (size_t I = 0; I < Names.size(); ++I)
        OS << (I ? ", " : "") << Names[I];
      OS << "}\n";
    };
    for (const Argument &A : F.args())
      PrintOne(A);
    for (const Instruction &I : instructions(F))
      PrintOne(I);
  }
  for (const std::string &C : P->S.Compromises)
    OS << "compromise: " << C << "\n";
}

} // namespace racesift
