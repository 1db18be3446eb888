//===- ConstraintGraph.cpp - Nodes and edges of the points-to solver ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ConstraintGraph.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace racesift {

uint32_t ConstraintGraph::newNode() {
  Nodes.emplace_back();
  uint32_t N = Nodes.size() - 1;
  Rep.push_back(N);
  Rank.push_back(NextRank++);
  return N;
}

bool ConstraintGraph::unite(uint32_t A, uint32_t B) {
  assert(A == find(A) && B == find(B) && A != B);
  Node &NA = Nodes[A], &NB = Nodes[B];
  Rep[B] = A;
  bool Unresolved = NA.Unresolved || NB.Unresolved;
  NA.Unresolved = false;
  NA.Pts |= NB.Pts;
  // Each edge of A saw A.Prev and each edge of B saw B.Prev: only their
  // intersection has crossed every edge of the merged node.
  NA.Prev &= NB.Prev;
  NA.Copy.append(NB.Copy.begin(), NB.Copy.end());
  NA.Loads.append(NB.Loads.begin(), NB.Loads.end());
  NA.Stores.append(NB.Stores.begin(), NB.Stores.end());
  NA.Geps.append(NB.Geps.begin(), NB.Geps.end());
  NA.Complex.append(NB.Complex.begin(), NB.Complex.end());
  // Copy edges to the cycle itself vanish and duplicates are dropped, but
  // only once the lists have doubled: merging many small nodes into a big
  // one must not re-sort the big one each time (the solver and Tarjan
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
  return Unresolved;
}

bool ConstraintGraph::addCopyEdge(uint32_t Src, uint32_t Dst) {
  if (!CopyEdges.insert(uint64_t(Src) << 32 | Dst).second)
    return false;
  Nodes[Src].Copy.push_back(Dst);
  return true;
}

unsigned ConstraintGraph::addComplex(uint32_t Watch, ComplexConstraint C) {
  C.Watch = Watch;
  Complexes.push_back(C);
  Nodes[Watch].Complex.push_back(Complexes.size() - 1);
  return Complexes.size() - 1;
}

uint32_t ConstraintGraph::addLoc(MemLoc ML, uint32_t Content) {
  uint32_t L = Locs.size();
  Locs.push_back({ML, Content});
  LocIndex[{ML.Obj, ML.Offset}] = L;
  ObjLocs[ML.Obj].Locs.push_back(L);
  return L;
}

uint32_t ConstraintGraph::renameLoc(uint32_t L, int64_t Off) {
  MemLoc &ML = Locs[L].Loc;
  auto It = LocIndex.find({ML.Obj, ML.Offset});
  if (It != LocIndex.end() && It->second == L)
    LocIndex.erase(It);
  ML.Offset = Off;
  auto [At, New] = LocIndex.try_emplace({ML.Obj, Off}, L);
  return New ? NoNode : At->second;
}

std::vector<MemLoc> ConstraintGraph::contentOf(const MemLoc &L) const {
  std::vector<MemLoc> Out;
  auto Add = [&](uint32_t Loc) {
    for (unsigned P : Nodes[find(Locs[Loc].Content)].Pts)
      Out.push_back(Locs[P].Loc);
  };
  if (L.Offset == AnyOffset) {
    for (uint32_t Loc : ObjLocs[L.Obj].Locs)
      Add(Loc);
  } else {
    uint32_t At = findLoc(L.Obj, L.Offset);
    if (At != NoNode)
      Add(At);
    uint32_t Any = findLoc(L.Obj, AnyOffset);
    if (Any != NoNode)
      Add(Any);
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace racesift
