//===- AndersenSolver.h - Andersen constraint solver ------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the solver behind PointsToAnalysis. It adds the
// constraints the builder emits to the constraint graph and propagates sets
// along them: a worklist in topological order with difference propagation,
// copy cycles collapsed with union-find (lazy cycle detection plus an
// offline pass), positive-weight cycles folding their GEP offsets to
// AnyOffset, and the budgets (steps, deadline, points-to budget).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_ANDERSENSOLVER_H
#define RACESIFT_LIB_POINTSTO_ANDERSENSOLVER_H

#include "ConstraintGraph.h"
#include "FieldViews.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DataLayout;
} // namespace llvm

namespace racesift {

/// Binds calls as the solver finds the functions their callee operands
/// point to (the ConstraintBuilder, which reads the calls).
class CallBinder {
public:
  virtual ~CallBinder();
  /// The node that call constraint C (any kind but CopySrc and CopyDst)
  /// watches gained a location of object Obj.
  virtual void pointeeFound(const ComplexConstraint &C, ObjectId Obj) = 0;
  /// A VirtualReceiver's node gained location Loc.
  virtual void receiverFound(const ComplexConstraint &C, uint32_t Loc) = 0;
  /// A VirtualReceiver's node went past the points-to budget.
  virtual void receiversUnresolved(const ComplexConstraint &C) = 0;
};

class AndersenSolver {
public:
  /// Bounds the locations of one object (compromise "field-limit").
  static constexpr size_t MaxFieldsPerObject = 128;
  /// An object whose fields times pointers that load or store at AnyOffset
  /// pass this is collapsed (compromise "collapsed-object"): the edges that
  /// field-sensitivity costs grow as that product, and on large programs
  /// (sqlite3.c: 25000 such pointers into 128-field objects) they dominate.
  static constexpr size_t CollapseEdgeLimit = 1 << 14;
  /// Lazy cycle detection runs once this many candidates are pending.
  static constexpr size_t LCDBatch = 512;
  static constexpr uint32_t NoNode = ConstraintGraph::NoNode;

  /// Objects are the abstract objects, which the builder creates (each
  /// registered with G).
  AndersenSolver(ConstraintGraph &G, const std::vector<MemObject> &Objects,
                 const llvm::DataLayout &DL)
      : G(G), Objects(Objects), DL(DL) {}

  /// The solver stops (exhausted()) at Deadline, so that the module's time
  /// budget holds however large the program, or once it has taken MaxSteps
  /// steps (stepsSpent()): a budget of work, not of time, so where it stops
  /// is the same on any machine and under any load (issue 22). A step is a
  /// pop, a copy edge propagated (per 64 locations it adds), a constraint
  /// (load, store, GEP, call) applied to one new location, or a node or
  /// edge cycle detection visits: on sqlite3.c with and without the
  /// points-to budget each costs 0.2-0.35 us, where pops alone ranged from
  /// 4 to 30 us. A node whose set passes MaxPointsTo locations is
  /// unresolved, and so is everything it flows into (0: no limit). See
  /// "points-to-budget" in docs/design-threadmodel.md.
  void setBudget(std::optional<std::chrono::steady_clock::time_point> Deadline,
                 std::optional<uint64_t> MaxSteps, unsigned MaxPointsTo) {
    this->Deadline = Deadline;
    this->MaxSteps = MaxSteps;
    this->MaxPointsTo = MaxPointsTo;
  }
  void setCallBinder(CallBinder &B) { Binder = &B; }

  //===--- Constraints ----------------------------------------------===//

  /// N >= {L}.
  void addPts(uint32_t N, uint32_t L);
  /// Dst >= Src.
  void addCopy(uint32_t Src, uint32_t Dst);
  /// Dst >= Src + Off, through View (see GepEdge).
  void addGep(uint32_t Src, uint32_t Dst, int64_t Off,
              llvm::Type *View = nullptr, uint64_t Stride = 0,
              uint32_t Count = 0);
  /// Dst >= *Ptr.
  void addLoad(uint32_t Ptr, uint32_t Dst);
  /// *Ptr >= Src.
  void addStore(uint32_t Src, uint32_t Ptr);
  /// C watches Watch's set; returns its index.
  unsigned addComplex(uint32_t Watch, ComplexConstraint C);
  /// memcpy(Dst, Src) of pointer nodes: every field of what Src points to
  /// from its offset on (for Bytes bytes, if not 0), into the matching
  /// offset of what Dst points to.
  void addMemCopy(uint32_t Dst, uint32_t Src, uint64_t Bytes = 0);
  /// The location (Obj, Off), made if new.
  uint32_t locFor(ObjectId Obj, int64_t Off);
  /// Dst >= what location L holds.
  void loadFrom(uint32_t L, uint32_t Dst);
  /// Location L holds Src.
  void storeTo(uint32_t L, uint32_t Src);

  /// Propagates to a fixpoint, or until a budget runs out.
  void solve();

  /// Named compromises taken (unknown external called, inttoptr, ...),
  /// each once.
  void compromise(std::string C);
  const std::vector<std::string> &compromises() const { return Compromises; }

  //===--- What solving left ----------------------------------------===//

  /// The deadline passed or the step budget ran out before the fixpoint.
  bool exhausted() const { return Exhausted; }
  /// It was the step budget.
  bool stepsSpent() const { return StepsSpent; }
  uint64_t steps() const { return NumSteps; }
  unsigned maxPointsTo() const { return MaxPointsTo; }
  /// N is past the points-to budget.
  bool unresolved(uint32_t N) const { return G.node(G.find(N)).Unresolved; }
  /// What flows into unresolved nodes, or is stored through them, goes to
  /// the sink instead (NoNode until the budget is passed): the objects an
  /// unresolved pointer may reach start from its set. It has no edges out
  /// and is never queued.
  uint32_t sinkNode() const { return Sink; }
  /// Nodes cut for their own set, with how many nodes went unresolved with
  /// them: where the budget was passed.
  const std::vector<std::pair<uint32_t, uint64_t>> &cuts() const {
    return Cuts;
  }
  /// With debug-only=racesift-pta, what each cut's set held (per cut, in
  /// the order of cuts()); empty otherwise.
  const std::vector<std::string> &cutSets() const { return CutSets; }
  /// With debug-only=racesift-pta, the nodes the first cut's set came
  /// through, from the cut back to where its largest object entered.
  const std::vector<uint32_t> &firstCutTrace() const { return FirstCutTrace; }
  /// With debug-only=racesift-pta, every merge (representative kept, the
  /// one merged into it), in order.
  const std::vector<std::pair<uint32_t, uint32_t>> &merges() const {
    return Merges;
  }
  /// The counters (debug-only=racesift-pta prints them).
  void printStats() const;

private:
  void push(uint32_t N);
  uint32_t pop();
  /// Forgets what N propagated, so that every location is processed again.
  void pushFull(uint32_t N);
  /// Merges node B into node A (both representatives).
  void merge(uint32_t A, uint32_t B);
  /// Finds the SCCs of the copy and GEP edges reachable from Roots and
  /// collapses them; an SCC through a GEP edge is a positive-weight cycle,
  /// whose GEP offsets become AnyOffset. With Ranks, also sets the
  /// topological rank of every representative visited.
  void collapseCycles(llvm::ArrayRef<uint32_t> Roots, bool Ranks);
  /// GEP edge E lies on a positive-weight cycle: it becomes a stride (see
  /// GepEdge). Returns whether E changed.
  bool foldCycleStep(GepEdge &E);
  /// Marks N and what its set flows to (copies, GEPs, loads) unresolved.
  void markUnresolved(uint32_t N);
  uint32_t sink();
  /// How many of S's locations each object has.
  std::map<ObjectId, unsigned> locationsPerObject(const PointsToSet &S) const;
  /// S's size and its objects with the most locations, for the debug log.
  std::string describeSet(const PointsToSet &S) const;
  /// For the debug log: from N, the copy and GEP predecessors whose sets
  /// hold the object with most locations in N's set, back to one with no
  /// such predecessor (where the object entered), at most 64 nodes.
  std::vector<uint32_t> traceBack(uint32_t N) const;
  void maybeCollapse(ObjectId Obj);
  void collapsePending();
  /// Location L seen as a View (memoised per location and view).
  FieldView viewOf(uint32_t L, llvm::Type *View);
  /// Byte arithmetic that lands inside a scalar or a char array of a
  /// declared object reaches the start of that field.
  uint32_t byteField(uint32_t L);
  uint32_t shift(uint32_t L, int64_t Off);
  /// Where GEP edge E (a variable index) takes location L: L's field in
  /// the element it steps to if L's object is an array of elements E steps
  /// over (folding them, array-elements), else AnyOffset.
  uint32_t strideStep(uint32_t L, const GepEdge &E);
  /// member-array-elements: adds to E.Dst each of E.Count elements E
  /// selects from location L (an array inside a non-array object); false,
  /// with nothing added, where strideStep applies instead.
  bool memberElements(uint32_t L, const GepEdge &E);
  /// array-elements: folds Obj's elements (renamed in foldPending()).
  void foldElements(ObjectId Obj);
  /// Renames the locations of objects folded since the last call to their
  /// offsets modulo the element size, merging contents that meet.
  void foldPending();
  void handleComplex(unsigned CI, uint32_t L);
  uint32_t relNode(unsigned CI, int64_t Rel);
  uint32_t anyRelNode(unsigned CI);
  /// memcpy CI copies Field of the object of source location Src.
  void copyField(unsigned CI, uint32_t Src, uint32_t Field);
  void copyNewFields();

  ConstraintGraph &G;
  const std::vector<MemObject> &Objects;
  const llvm::DataLayout &DL;
  CallBinder *Binder = nullptr;

  /// Worklist ordered by topological rank (ConstraintGraph::rank); ties by
  /// node id. A min-heap.
  std::vector<std::pair<uint32_t, uint32_t>> Worklist;
  /// Copy edges already tested by lazy cycle detection.
  llvm::DenseSet<uint64_t> LCDChecked;
  bool OfflineDone = false;
  /// Tarjan's scratch state (valid for a node if TEpoch[N] == Epoch).
  std::vector<uint32_t> TIndex, TLow, TEpoch;
  std::vector<bool> TOnStack;
  uint32_t Epoch = 0;

  std::optional<std::chrono::steady_clock::time_point> Deadline;
  bool Exhausted = false;
  std::optional<uint64_t> MaxSteps;
  bool StepsSpent = false;
  uint64_t NumSteps = 0;
  unsigned MaxPointsTo = 0;
  uint32_t Sink = NoNode;
  uint64_t NumUnresolved = 0;
  std::vector<std::pair<uint32_t, uint64_t>> Cuts;
  std::vector<std::string> CutSets;
  std::vector<uint32_t> FirstCutTrace;
  std::vector<std::pair<uint32_t, uint32_t>> Merges;
  bool LogMerges = false;

  /// (object, node) pairs already in PerObject::AnyLoaders / AnyStorers.
  llvm::DenseSet<std::pair<ObjectId, uint32_t>> AnyLoadSeen, AnyStoreSeen;
  /// Objects past CollapseEdgeLimit, collapsed between two pops (merging
  /// nodes while one is being processed would lose propagation).
  std::vector<ObjectId> PendingCollapse;
  /// Objects whose elements were folded, to rename between two pops.
  std::vector<ObjectId> PendingFold;
  llvm::DenseMap<std::pair<uint32_t, llvm::Type *>, FieldView> ViewCache;

  /// Fields created since the last copyNewFields() in objects that are
  /// memcpy sources.
  std::vector<uint32_t> NewFields;
  llvm::DenseSet<uint64_t> CopySrcSeen;
  /// CopySrc complex -> (relative offset, node of what is copied there).
  llvm::DenseMap<unsigned, std::vector<std::pair<int64_t, uint32_t>>> CopyRel;
  /// CopySrc complex -> the union of its relative-offset nodes. A
  /// destination at AnyOffset receives every relative offset at AnyOffset:
  /// one store of the union, not one per offset (each of which would add
  /// an edge to every field of the destination).
  llvm::DenseMap<unsigned, uint32_t> CopyAny;

  std::vector<std::string> Compromises;
  llvm::StringSet<> CompromiseSet;

  /// Statistics (debug-only=racesift-pta).
  uint64_t NumMerged = 0, NumPWC = 0, NumLCD = 0, NumPops = 0;
  uint64_t NumCollapsed = 0, NumViewMisfits = 0, NumFolded = 0;
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_ANDERSENSOLVER_H
