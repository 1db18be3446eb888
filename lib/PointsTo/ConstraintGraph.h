//===- ConstraintGraph.h - Nodes and edges of the points-to solver -*- C++ -*-//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the constraint graph of the Andersen solver. A
// node stands for a pointer value or for what a location holds; its edges
// are copy, load, store and GEP constraints, and the complex constraints
// that watch its set. The graph also holds the abstract locations (object,
// offset) with their content nodes, and the union-find that makes a copy
// cycle one node. It only stores: what an edge propagates, and when, is the
// solver's (AndersenSolver.h).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_CONSTRAINTGRAPH_H
#define RACESIFT_LIB_POINTSTO_CONSTRAINTGRAPH_H

#include "PointsToSet.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>
#include <vector>

namespace llvm {
class CallBase;
class Type;
} // namespace llvm

namespace racesift {

/// Dst >= Src + Off; View is the struct or element type the GEP steps
/// through (null for byte arithmetic), see viewAs. Stride, if not 0: the
/// GEP also adds a variable multiple of Stride bytes (an array index); Off
/// is its constant part. Such a step stays exact in an object whose
/// elements it steps over (array-elements); with Count, the index selects
/// one of Count elements of an array inside the object (`&s->arr[i]`:
/// member-array-elements), each a location of its own; AnyOffset elsewhere.
struct GepEdge {
  uint32_t Dst;
  int64_t Off;
  llvm::Type *View;
  uint64_t Stride = 0;
  uint32_t Count = 0;
};

/// A constraint that needs the pointees of a watched node.
struct ComplexConstraint {
  enum Kind {
    IndirectCall,
    ThreadRoutine,
    CopySrc,
    CopyDst,
    ForwardedCall, ///< Watches a call site's callback argument.
    LibcCallback,  ///< Watches a libc call's callback (qsort's comparator).
    EnvCall,       ///< Watches escaped memory for functions callers may call.
    ExitHandler,   ///< Watches an exit or key destructor: bound, not called.
    /// Watches a virtual call's receiver (virtual-receivers): each of its
    /// locations gets a chain of its own to the functions its vtable slot
    /// holds.
    VirtualReceiver,
    /// Watches what one receiver's vtable slot holds: those functions get
    /// Arg (a node holding only that receiver) as `this`.
    VirtualTarget,
  } K;
  const llvm::CallBase *CB = nullptr;
  uint32_t Arg = 0; ///< Thread argument node, or the other memcpy side.
  uint32_t Watch = 0;
  /// CopySrc: the bytes copied (0: to the end of the source object);
  /// CopyDst: its CopySrc complex; ForwardedCall: the argument position in
  /// CB; ExitHandler: the handler's parameter Arg binds.
  unsigned Pair = 0;
};

class ConstraintGraph {
public:
  struct Node {
    PointsToSet Pts;  ///< Location ids.
    PointsToSet Prev; ///< Already propagated.
    llvm::SmallVector<uint32_t, 2> Copy;
    llvm::SmallVector<uint32_t, 1> Loads;  ///< Dst nodes: Dst >= *this.
    llvm::SmallVector<uint32_t, 1> Stores; ///< Src nodes: *this >= Src.
    llvm::SmallVector<GepEdge, 1> Geps;
    llvm::SmallVector<unsigned, 0> Complex;
    /// Edge count after the last clean-up in unite().
    uint32_t CleanSize = 0;
    /// Locations in Prev, while the points-to budget is checked.
    uint32_t PrevCount = 0;
    bool Queued = false;
    /// Past the points-to budget (compromise "points-to-budget"): the set
    /// is dropped and the node stands for any location.
    bool Unresolved = false;
  };
  /// An abstract location and the node of what is stored there.
  struct LocInfo {
    MemLoc Loc;
    uint32_t Content;
  };
  /// The locations of one object, and the constraints that reach all of
  /// them.
  struct PerObject {
    std::vector<uint32_t> Locs;
    std::vector<uint32_t> AnyLoaders, AnyStorers;
    /// memcpy sources in this object: (CopySrc complex, source location).
    std::vector<std::pair<unsigned, uint32_t>> CopySources;
    /// Compromise "collapsed-object": every location's content is one node
    /// (the first location's), so loads and stores at AnyOffset need one
    /// edge each rather than one per field.
    bool Collapsed = false;
    /// The declared type of the object (null: heap memory), kept here:
    /// field views are asked for every location a GEP meets.
    llvm::Type *Declared = nullptr;
    /// The solver's MemObject::ElementsFolded (its objects are const
    /// there; copied when solving ends): once folded, offsets are taken
    /// modulo MemObject::ElemSize.
    bool Folded = false;
  };
  static constexpr uint32_t NoNode = ~0u;

  //===--- Nodes and union-find -------------------------------------===//

  uint32_t newNode();
  size_t numNodes() const { return Nodes.size(); }
  Node &node(uint32_t N) { return Nodes[N]; }
  const Node &node(uint32_t N) const { return Nodes[N]; }
  /// The representative of N: nodes of one copy cycle share one, which
  /// holds the points-to set and every edge of the cycle.
  uint32_t find(uint32_t N) const {
    while (Rep[N] != N) {
      Rep[N] = Rep[Rep[N]];
      N = Rep[N];
    }
    return N;
  }
  /// Merges representative B into representative A: A takes B's set, its
  /// edges and the smaller rank, and only what both had propagated stays
  /// propagated. Returns whether either was unresolved; A no longer is.
  bool unite(uint32_t A, uint32_t B);

  /// Topological rank of a node for the worklist (sources of the copy graph
  /// first, as the last offline cycle pass computed); new nodes come last.
  uint32_t rank(uint32_t N) const { return Rank[N]; }
  void setRank(uint32_t N, uint32_t R) { Rank[N] = R; }
  /// Reserves Count ranks after all given so far; returns the first.
  uint32_t takeRanks(uint32_t Count) {
    uint32_t First = NextRank;
    NextRank += Count;
    return First;
  }

  //===--- Edges ----------------------------------------------------===//

  /// Adds the copy edge Src -> Dst unless it was added before.
  bool addCopyEdge(uint32_t Src, uint32_t Dst);
  /// Adds C watching Watch (a representative); returns its index.
  unsigned addComplex(uint32_t Watch, ComplexConstraint C);
  const ComplexConstraint &complex(unsigned CI) const { return Complexes[CI]; }
  size_t numComplexes() const { return Complexes.size(); }

  //===--- Objects and locations ------------------------------------===//

  /// Registers the next object (ids follow MemObject ids).
  void addObject(llvm::Type *Declared) {
    ObjLocs.emplace_back();
    ObjLocs.back().Declared = Declared;
  }
  size_t numObjects() const { return ObjLocs.size(); }
  PerObject &object(ObjectId Obj) { return ObjLocs[Obj]; }
  const PerObject &object(ObjectId Obj) const { return ObjLocs[Obj]; }
  /// The location (Obj, Off), or NoNode if none was made.
  uint32_t findLoc(ObjectId Obj, int64_t Off) const {
    auto It = LocIndex.find({Obj, Off});
    return It == LocIndex.end() ? NoNode : It->second;
  }
  /// Makes location ML, whose content is node Content.
  uint32_t addLoc(MemLoc ML, uint32_t Content);
  /// array-elements: renames location L to Off (an offset of its object
  /// modulo its element size). Returns the location that already had that
  /// name, whose content L's must be merged with, or NoNode if L takes it.
  uint32_t renameLoc(uint32_t L, int64_t Off);
  const LocInfo &loc(uint32_t L) const { return Locs[L]; }
  size_t numLocs() const { return Locs.size(); }
  /// Locations the pointers stored at L may point to, sorted.
  std::vector<MemLoc> contentOf(const MemLoc &L) const;

private:
  std::deque<Node> Nodes;
  mutable std::vector<uint32_t> Rep;
  std::vector<uint32_t> Rank;
  uint32_t NextRank = 0;
  llvm::DenseSet<uint64_t> CopyEdges;
  std::vector<ComplexConstraint> Complexes;
  std::vector<LocInfo> Locs;
  std::vector<PerObject> ObjLocs;
  llvm::DenseMap<std::pair<ObjectId, int64_t>, uint32_t> LocIndex;
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_CONSTRAINTGRAPH_H
