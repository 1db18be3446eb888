//===- PointsToSolver.h - Andersen constraint solver ------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the constraint graph and solver
// behind PointsToAnalysis. Copy cycles are collapsed with union-find (lazy
// cycle detection plus an offline pass), positive-weight cycles fold their
// GEP offsets to AnyOffset, and the worklist follows a topological order.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_POINTSTOSOLVER_H
#define RACESIFT_LIB_POINTSTO_POINTSTOSOLVER_H

#include "AllocWrappers.h"
#include "FieldViews.h"
#include "PointsToSet.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Argument.h"

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace racesift {

/// The solver behind PointsToAnalysis.
struct AndersenSolver {
  /// Dst >= this + Off; View is the struct or element type the GEP
  /// steps through (null for byte arithmetic), see viewAs.
  struct GepEdge {
    uint32_t Dst;
    int64_t Off;
    llvm::Type *View;
  };
  struct Node {
    PointsToSet Pts;  ///< Location ids.
    PointsToSet Prev; ///< Already propagated.
    llvm::SmallVector<uint32_t, 2> Copy;
    llvm::SmallVector<uint32_t, 1> Loads;  ///< Dst nodes: Dst >= *this.
    llvm::SmallVector<uint32_t, 1> Stores; ///< Src nodes: *this >= Src.
    llvm::SmallVector<GepEdge, 1> Geps;
    llvm::SmallVector<unsigned, 0> Complex;
    /// Edge count after the last clean-up in merge().
    uint32_t CleanSize = 0;
    /// Locations in Prev, while the points-to budget is checked.
    uint32_t PrevCount = 0;
    bool Queued = false;
    /// Past the points-to budget (compromise "points-to-budget"): the set
    /// is dropped and the node stands for any location.
    bool Unresolved = false;
  };
  struct LocInfo {
    MemLoc Loc;
    uint32_t Content; ///< Node of what is stored at Loc.
  };
  struct PerObject {
    std::vector<uint32_t> Locs;
    std::vector<uint32_t> AnyLoaders, AnyStorers;
    /// memcpy sources in this object: (CopySrc complex, source location).
    std::vector<std::pair<unsigned, uint32_t>> CopySources;
    /// Compromise "collapsed-object": every location's content is one node
    /// (the first location's), so loads and stores at AnyOffset need one
    /// edge each rather than one per field.
    bool Collapsed = false;
    /// declaredType() of the object, kept here: field views are asked for
    /// every location a GEP meets.
    llvm::Type *Declared = nullptr;
  };
  /// Constraints that need the pointees of a watched node.
  struct Complex {
    enum Kind {
      IndirectCall,
      ThreadRoutine,
      CopySrc,
      CopyDst,
      ForwardedCall, ///< Watches a call site's callback argument.
      LibcCallback,  ///< Watches a libc call's callback (qsort's comparator).
      EnvCall,       ///< Watches escaped memory for functions callers may call.
    } K;
    const llvm::CallBase *CB = nullptr;
    uint32_t Arg = 0; ///< Thread argument node, or the other memcpy side.
    uint32_t Watch = 0;
    /// CopyDst: its CopySrc complex; ForwardedCall: the argument position
    /// in CB.
    unsigned Pair = 0;
  };
  /// Bounds the locations of one object (compromise "field-limit").
  static constexpr size_t MaxFieldsPerObject = 128;
  /// An object whose fields times pointers that load or store at AnyOffset
  /// pass this is collapsed (compromise "collapsed-object"): the edges that
  /// field-sensitivity costs grow as that product, and on large programs
  /// (sqlite3.c: 25000 such pointers into 128-field objects) they dominate.
  static constexpr size_t CollapseEdgeLimit = 1 << 14;

  llvm::Module &M;
  const llvm::DataLayout &DL;
  std::vector<MemObject> &Objects;
  std::deque<Node> Nodes;
  std::vector<LocInfo> Locs;
  std::vector<PerObject> ObjLocs;
  std::vector<Complex> Complexes;
  llvm::DenseSet<uint64_t> CopyEdges;
  AllocationWrappers AllocWrappers;
  /// A constructor's inner objects cloned per call site of the outer one.
  llvm::DenseMap<std::pair<const llvm::CallBase *, const llvm::CallBase *>,
                 ObjectId>
      ClonedObj;
  /// Call-string depth of cloned objects: a wrapper's own object is 1, the
  /// objects its constructor stores in it 2; deeper ones are the
  /// constructor body's own objects (context-insensitive).
  static constexpr unsigned MaxCloneDepth = 2;
  /// (part, whole) of each cloned object, as constructedParts() says.
  std::vector<std::pair<ObjectId, ObjectId>> Parts;
  /// (object, node) pairs already in PerObject::AnyLoaders / AnyStorers.
  llvm::DenseSet<std::pair<ObjectId, uint32_t>> AnyLoadSeen, AnyStoreSeen;

  /// Union-find over nodes: nodes of one copy cycle share a representative,
  /// which holds the points-to set and every edge of the cycle.
  std::vector<uint32_t> Rep;
  uint32_t find(uint32_t N) {
    while (Rep[N] != N) {
      Rep[N] = Rep[Rep[N]];
      N = Rep[N];
    }
    return N;
  }
  /// Worklist ordered by topological rank (sources of the copy graph first,
  /// as computed by the last offline cycle pass); ties by node id.
  std::vector<uint32_t> Rank;
  uint32_t NextRank = 0;
  std::vector<std::pair<uint32_t, uint32_t>> Worklist; ///< Min-heap.
  void push(uint32_t N);
  uint32_t pop();
  /// Lazy cycle detection runs once this many candidates are pending.
  static constexpr size_t LCDBatch = 512;
  /// Copy edges already tested by lazy cycle detection.
  llvm::DenseSet<uint64_t> LCDChecked;
  bool OfflineDone = false;
  /// Tarjan's scratch state (valid for a node if TEpoch[N] == Epoch).
  std::vector<uint32_t> TIndex, TLow, TEpoch;
  std::vector<bool> TOnStack;
  uint32_t Epoch = 0;
  /// The solver stops (Exhausted) once this passes: the module's time
  /// budget must hold however large the program.
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  bool Exhausted = false;
  /// The solver also stops once it has taken this many steps, setting
  /// StepsSpent: a budget of work, not of time, so where it stops is the
  /// same on any machine and under any load (issue 22). A step is a pop,
  /// a copy edge propagated (per 64 locations it adds), a constraint
  /// (load, store, GEP, call) applied to one new location, or a node or
  /// edge cycle detection visits: on sqlite3.c with and without the
  /// points-to budget each costs 0.2-0.35 us, where pops alone ranged
  /// from 4 to 30 us.
  std::optional<uint64_t> MaxSteps;
  bool StepsSpent = false;
  uint64_t NumSteps = 0;
  /// A node whose set passes this many locations is unresolved, and so is
  /// everything it flows into (0: no limit). See "points-to-budget" in
  /// docs/design-threadmodel.md.
  unsigned MaxPointsTo = 0;
  /// Compromise "unknown-external-result": results of unknown functions,
  /// and the arguments they call back with, point only to the function's
  /// own External object, not to escaped memory. Set
  /// for a second solve when escaped memory passed the points-to budget,
  /// which would leave every such result, and all it flows to, unresolved.
  bool UnknownResultsOwnOnly = false;
  /// Escaped memory passed the points-to budget.
  bool escapedUnresolved() {
    return EscapedNode != NoNode && Nodes[find(EscapedNode)].Unresolved;
  }
  uint64_t NumUnresolved = 0;
  /// Nodes cut for their own set, with how many nodes went unresolved with
  /// them: where the budget was passed (see unresolvedOrigins()).
  std::vector<std::pair<uint32_t, uint64_t>> Cuts;
  /// "parserDoubleLinkSelect (sqlite3.c:179818)", "what 'x.f' holds", ...
  std::string describeNode(uint32_t N);
  std::string UnresolvedOrigin; ///< The cut that took most nodes with it.
  /// Marks N and what its set flows to (copies, GEPs, loads) unresolved.
  void markUnresolved(uint32_t N);
  /// What flows into unresolved nodes, or is stored through them, goes
  /// here instead: the objects an unresolved pointer may reach start from
  /// its set (see unresolvedTargets()). It has no edges out and is never
  /// queued.
  static constexpr uint32_t NoNode = ~0u;
  uint32_t Sink = NoNode;
  uint32_t sink();
  bool unresolved(const llvm::Value *V);
  /// Records the budget's compromise once solving is done.
  void noteUnresolved();
  /// Statistics (RACESIFT_PTA_STATS=1 prints them to stderr).
  uint64_t NumMerged = 0, NumPWC = 0, NumLCD = 0, NumPops = 0;
  void printSetSizes();

  /// Finds the SCCs of the copy and GEP edges reachable from Roots and
  /// collapses them; an SCC through a GEP edge is a positive-weight cycle,
  /// whose GEP offsets become AnyOffset. With Ranks, also sets the
  /// topological rank of every representative visited.
  void collapseCycles(llvm::ArrayRef<uint32_t> Roots, bool Ranks);
  /// Fields created since the last copyNewFields() in objects that are
  /// memcpy sources.
  std::vector<uint32_t> NewFields;
  llvm::DenseSet<uint64_t> CopySrcSeen;
  /// CopySrc complex -> (relative offset, node of what is copied there).
  llvm::DenseMap<unsigned, std::vector<std::pair<int64_t, uint32_t>>> CopyRel;
  uint32_t relNode(unsigned CI, int64_t Rel);
  /// CopySrc complex -> the union of its relative-offset nodes. A
  /// destination at AnyOffset receives every relative offset at AnyOffset:
  /// one store of the union, not one per offset (each of which would add
  /// an edge to every field of the destination).
  llvm::DenseMap<unsigned, uint32_t> CopyAny;
  uint32_t anyRelNode(unsigned CI);
  /// memcpy CI copies Field of the object of source location Src.
  void copyField(unsigned CI, uint32_t Src, uint32_t Field);
  void copyNewFields();
  /// Merges node B into node A (both representatives).
  void merge(uint32_t A, uint32_t B);
  /// Objects past CollapseEdgeLimit, collapsed between two pops (merging
  /// nodes while one is being processed would lose propagation).
  std::vector<ObjectId> PendingCollapse;
  uint64_t NumCollapsed = 0;
  void maybeCollapse(ObjectId Obj);
  void collapsePending();
  llvm::DenseMap<std::pair<ObjectId, int64_t>, uint32_t> LocIndex;
  llvm::DenseMap<const llvm::Value *, uint32_t> ValueNode;
  llvm::DenseMap<const llvm::Function *, uint32_t> RetNode;
  llvm::DenseMap<const llvm::Value *, ObjectId> SiteObject;
  llvm::DenseMap<const llvm::CallBase *, std::vector<const llvm::Function *>>
      CalleeMap, Bound;
  llvm::DenseMap<const llvm::Function *, ObjectId> ExternalObj;
  /// pointsTo()'s sorted lists: one per distinct set (SortedSets), found
  /// by node (SortedCache) or by a hash of the set (SortedByHash, with a
  /// node that holds it).
  std::deque<std::vector<MemLoc>> SortedSets;
  llvm::DenseMap<uint32_t, const std::vector<MemLoc> *> SortedCache;
  llvm::DenseMap<
      uint64_t,
      llvm::SmallVector<std::pair<uint32_t, const std::vector<MemLoc> *>, 1>>
      SortedByHash;
  std::set<std::pair<const llvm::CallBase *, const llvm::Function *>> StartSeen;
  std::vector<ThreadStart> Starts;
  std::vector<std::string> Compromises;
  llvm::StringSet<> CompromiseSet;
  llvm::StringMap<unsigned> HeapNames;
  ObjectId UnknownObj = InvalidObject;

  AndersenSolver(llvm::Module &M, std::vector<MemObject> &Objects);
  void buildConstraints();
  void solve();
  /// Binds std::thread state objects to their _M_run; true if any is new.
  bool resolveCxxThreads();
  llvm::ArrayRef<MemLoc> pointsTo(const llvm::Value *V);
  std::vector<MemLoc> contentOf(const MemLoc &L);

  uint32_t newNode();
  ObjectId newObject(ObjectKind K, const llvm::Value *Site, std::string Name,
                     uint64_t Size);
  uint32_t locFor(ObjectId Obj, int64_t Off);
  uint32_t nodeOf(const llvm::Value *V);
  uint32_t returnNode(const llvm::Function &F);
  ObjectId objectForFunction(const llvm::Function *F);
  ObjectId unknownObject(llvm::StringRef Why);
  void compromise(std::string C);
  int64_t gepOffset(const llvm::GEPOperator &GEP) const;
  void pushFull(uint32_t N);
  void addPts(uint32_t N, uint32_t L);
  void addCopy(uint32_t Src, uint32_t Dst);
  void addGep(uint32_t Src, uint32_t Dst, int64_t Off,
              llvm::Type *View = nullptr);
  /// Location L seen as a View (memoised per location and view).
  FieldView viewOf(uint32_t L, llvm::Type *View);
  llvm::DenseMap<std::pair<uint32_t, llvm::Type *>, FieldView> ViewCache;
  /// Byte arithmetic that lands inside a scalar or a char array of a
  /// declared object reaches the start of that field.
  uint32_t byteField(uint32_t L);
  /// The declared type of an object, or null (heap memory).
  llvm::Type *declaredType(ObjectId Obj) const;
  uint64_t NumViewMisfits = 0;
  void addLoad(uint32_t Ptr, uint32_t Dst);
  void addStore(uint32_t Src, uint32_t Ptr);
  void addComplex(uint32_t Watch, Complex C);
  void addMemCopy(const llvm::Value *Dst, const llvm::Value *Src);
  void addInitializer(uint32_t ObjLoc, const llvm::Constant *C, int64_t Off);
  void loadFrom(uint32_t L, uint32_t Dst);
  void storeTo(uint32_t L, uint32_t Src);
  uint32_t shift(uint32_t L, int64_t Off);
  void handleComplex(unsigned CI, uint32_t L);
  void bindCall(const llvm::CallBase &CB, const llvm::Function &F);
  void addCallerMemory();
  void bindCallerMemory(const llvm::Function &F);
  ObjectId callerMemory(const llvm::Argument &A);
  ObjectId callerMemory(const std::string &PointeeType);
  /// Functions bound as the library's callers would call them, and the
  /// callers' memory by pointee type name.
  llvm::DenseSet<const llvm::Function *> EnvCalled;
  std::map<std::string, ObjectId> CallerMemory;
  /// Per pointee type, the pointers the library's exported functions
  /// returned: its callers may pass them back (env-handles).
  std::map<std::string, uint32_t> GivenOut;
  uint32_t givenOutNode(const std::string &PointeeType);
  void fillConstructed(ObjectId O, const llvm::CallBase &CB,
                       const llvm::Function &F, unsigned Depth);
  ObjectId clonedObject(const llvm::CallBase &Outer,
                        const llvm::CallBase &Inner);
  /// An indirect call CB in a function F whose callee is F's parameter
  /// FnParam and whose argument ArgPos is F's parameter ArgParam, both
  /// unchanged (`void each(cb_t cb, void *arg) { cb(arg); }`): per call
  /// site of F, that argument goes only to the callees that call site
  /// passes, instead of every call site's argument to every callee
  /// ("callback-argument" in docs/design-threadmodel.md).
  struct Forwarding {
    const llvm::CallBase *CB;
    unsigned FnParam, ArgParam, ArgPos;
  };
  llvm::DenseMap<const llvm::Function *, llvm::SmallVector<Forwarding, 1>>
      Forwardings;
  /// (CB, ArgPos) of every Forwarding: bound per call site of F instead.
  llvm::DenseSet<std::pair<const llvm::CallBase *, unsigned>> ForwardedArgs;
  void findForwardings();
  /// Passes Arg as argument Pos of CB to F.
  void bindArgument(const llvm::CallBase &CB, const llvm::Function &F,
                    unsigned Pos, uint32_t Arg);
  /// Promotes F's local pointer slots to SSA values ("slot-ssa", see
  /// PointsToSlots.cpp); visit() then skips their loads and stores.
  void promoteSlots(llvm::Function &F);
  llvm::DenseSet<const llvm::Value *> PromotedSlots;
  void visit(llvm::Instruction &I);
  void visitCall(llvm::CallBase &CB);
  void modelExternal(const llvm::CallBase &CB, const llvm::Function &F);
  /// A call of a function with a row in the libc table (LibcModel.cpp).
  void modelLibc(const llvm::CallBase &CB, const llvm::Function &F,
                 const LibcFunction &Row);
  /// The singleton object of a libc function's hidden state, by group.
  llvm::StringMap<ObjectId> HiddenObj;
  ObjectId hiddenObject(llvm::StringRef Group);
  /// The library's own memory a function returns (FILE, DIR): one External
  /// object per callee.
  ObjectId ownObject(const llvm::Function &F, bool ThreadLocal);
  /// What escaped to unknown code (pthread_setspecific's values, ...), and
  /// what unknown code may hand back.
  uint32_t EscapedNode = NoNode;
  uint32_t escapedNode();
  /// Defined functions a libc call calls back (qsort's comparator).
  llvm::DenseMap<const llvm::CallBase *, std::vector<const llvm::Function *>>
      Callbacks;
  ObjectId heapObject(const llvm::CallBase &CB);
  /// The variadic arguments of F, as one object: call sites store their
  /// extra pointer arguments into it at AnyOffset, va_start points the
  /// va_list at it, and va_arg (or its lowering) loads from it.
  llvm::DenseMap<const llvm::Function *, ObjectId> VarArgObj;
  ObjectId varArgObject(const llvm::Function &F);
  /// va_start(List) in F.
  void startVarArgs(const llvm::Function &F, const llvm::Value *List);
  /// va_arg(List) into Dst.
  void loadVarArg(const llvm::Value *List, uint32_t Dst);
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_POINTSTOSOLVER_H
