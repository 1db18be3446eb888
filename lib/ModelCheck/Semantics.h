//===- Semantics.h - Configurations and rules of the Pthreads LTS -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ModelCheck: global configurations (Figure 2 plus rwlocks,
// barriers, once controls, semaphores and tracked data), and Prepared, one
// location's model ready for the search: its graphs, its objects numbered
// (ObjectTables.h), its dependence data (Dependence.h), the rules that give
// a configuration's successors (Figures 3 and 4; Rules.cpp, SyncRules.cpp,
// HandleRules.cpp) and the packing of a configuration into bytes for the
// visited set (StateEncoding.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_MODELCHECK_SEMANTICS_H
#define RACESIFT_LIB_MODELCHECK_SEMANTICS_H

#include "Dependence.h"
#include "Explorer.h"
#include "ObjectTables.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace racesift {
namespace mc {

/// Instance masks are 64 bits wide: at most this many thread instances.
constexpr unsigned MaxInstances = 64;
constexpr uint32_t NoNode = UINT32_MAX;
/// ThreadState::Aux in a once body run under an ambiguous control: its end
/// marks no control done.
constexpr uint32_t NoOnceControl = UINT32_MAX;
/// The move choice of a create whose thread is not created (its result,
/// tracked, is CreateFailure: EAGAIN).
constexpr uint32_t CreateFails = UINT32_MAX - 1;
constexpr int64_t CreateFailure = EAGAIN;

enum class Status : uint8_t {
  Active,     ///< In Theta: may take its outgoing edges.
  Waiting,    ///< In Delta: waiting on the condition of edge Aux.
  Reacquire,  ///< Woken from the wait of edge Aux; must re-take the mutex.
  AtBarrier,  ///< Arrived at the barrier of edge Aux.
  Terminated, ///< Exited, returned or cancelled.
};

/// A tracked data value; Known == false means any value.
struct Value {
  bool Known = false;
  int64_t V = 0;
  bool operator==(const Value &O) const {
    return Known == O.Known && (!Known || V == O.V);
  }
};

struct ThreadState {
  TemplateId Template = InvalidTemplate;
  uint32_t Graph = 0; ///< Index into Prepared::Graphs (template or once body).
  uint32_t Node = 0;
  Status St = Status::Active;
  uint32_t Aux = 0;          ///< Edge index while blocked; once id in a body.
  uint32_t RetNode = NoNode; ///< Template node to resume after a once body.
  std::vector<Value> Locals; ///< Per-thread tracked variables.
  /// Its thread id (thread-ids): I + 1 for instance I unless it reuses
  /// the id of a thread joined or detached before it was created.
  uint32_t Id = 0;
};

struct LockState {
  uint8_t Owner = 0;    ///< 0 = free, else instance + 1 (exclusive holder).
  uint16_t Count = 0;   ///< Recursion depth of the exclusive holder.
  uint64_t Readers = 0; ///< Instances holding the rwlock shared.
};

/// A table indexed by object id whose entries are nearly all idle (T()):
/// only the others are stored, in index order. Lock and handle tables hold
/// every location an operand may denote, hundreds on imprecise models, and
/// every successor state copies its configuration.
template <typename T> class SparseTable {
public:
  using Entry = std::pair<uint32_t, T>;
  size_t size() const { return N; }
  /// Size entries, all idle.
  void assign(size_t Size) {
    N = Size;
    Stored.clear();
  }
  /// Entry I, idle unless stored.
  T operator[](size_t I) const {
    auto It = Stored.begin() + position(I);
    return It != Stored.end() && It->first == I ? It->second : T();
  }
  /// Entry I, stored (idle) if it was not.
  T &at(size_t I) {
    auto It = Stored.begin() + position(I);
    if (It == Stored.end() || It->first != I)
      It = Stored.insert(It, {uint32_t(I), T()});
    return It->second;
  }
  /// The stored entries in index order; some may have become idle.
  const std::vector<Entry> &stored() const { return Stored; }
  std::vector<Entry> &stored() { return Stored; }

private:
  size_t N = 0;
  std::vector<Entry> Stored;
  /// Where entry I is or would be inserted in Stored.
  size_t position(size_t I) const {
    return std::lower_bound(
               Stored.begin(), Stored.end(), I,
               [](const Entry &E, size_t Index) { return E.first < Index; }) -
           Stored.begin();
  }
};

struct Config {
  std::vector<ThreadState> Threads; ///< Index = instance; 0 = root.
  /// Instances created per creation slot (see Prepared::CreateSlot).
  std::vector<uint8_t> SiteCount;
  /// Instances a handle may denote (cancel targets): the last one stored
  /// for a scalar handle, every one stored for a multi handle.
  SparseTable<uint64_t> Handles;
  /// Instances stored in a handle and not yet joined or detached.
  SparseTable<uint64_t> Joinable;
  SparseTable<LockState> Locks;
  std::vector<int64_t> Sems;
  std::vector<uint8_t> Onces;     ///< 0 not run, 1 running, 2 done.
  std::vector<uint64_t> Barriers; ///< Arrived instances.
  std::vector<Value> Shared;      ///< Shared tracked variables.
  /// Thread ids a new thread may reuse (bit V - 1 for id V): those of
  /// threads joined or detached, and not reused since (glibc).
  uint64_t FreedIds = 0;
};

enum class MoveKind : uint8_t {
  Edge,      ///< Take an outgoing edge (Choice selects the outcome).
  Spurious,  ///< A waiter wakes without a signal (option).
  Timeout,   ///< A timed wait's deadline passes: it wakes without a signal.
  Reacquire, ///< A woken waiter re-takes its mutex and leaves the wait.
};

/// One transition: thread instance Thread does Kind over Edge.
struct Move {
  uint32_t Thread = 0;
  MoveKind Kind = MoveKind::Edge;
  uint32_t Edge = 0;
  /// Edge outcome: created target, woken waiter + 1, trylock 0/1, ...
  uint32_t Choice = 0;
  bool operator==(const Move &O) const {
    return Thread == O.Thread && Kind == O.Kind && Edge == O.Edge &&
           Choice == O.Choice;
  }
};

/// Dependence information of a move: the objects it reads or changes.
struct MoveInfo {
  Move M;
  std::vector<unsigned> Objs; ///< Sorted object ids (Prepared numbering).
  bool All = false;           ///< Dependent with everything (cancel).
};

/// The model of one location compiled into dense tables.
class Prepared {
public:
  /// Stops early, with complete() false, if Deadline passes.
  Prepared(const ExplorerInput &In, const ModelCheckOptions &Opts,
           Clock::time_point Deadline = Clock::time_point::max());

  const ExplorerInput &In;
  const ModelCheckOptions &Opts;
  /// In.Loc lies in a union: accesses of any types conflict there.
  bool LocInUnion = false;
  /// Template graphs, then once bodies.
  std::vector<const ThreadGraph *> Graphs;
  std::vector<const llvm::Function *> OnceFns; ///< Body i -> Graphs[NT + i].
  /// A once call inside a once body skipped a body with steps of the
  /// location (nested-once): a refutation is then not one.
  mutable bool NestedOnceSkipped = false;
  /// In.SiteGraphs' graphs, after the once bodies in Graphs.
  std::map<SiteKey, uint32_t> SiteGraph;
  /// Graph -> edge -> creation slot, or -1 if the edge is no create. The
  /// thread bound applies per create edge of the inlined thread graphs, so
  /// one pthread_create inside a helper (std::thread's constructor) called
  /// from three places is three creation sites, as in the source.
  std::vector<std::vector<int>> CreateSlot;
  unsigned NumCreateSlots = 0;

  /// False if the deadline cut the construction short: nothing else may
  /// then be called.
  bool complete() const { return Complete; }
  Config initial() const;
  /// Appends every move of instance I in C with its successor.
  /// Sets FullyEnabled to false if an edge of I is blocked by other threads.
  void movesOf(const Config &C, uint32_t I, std::vector<MoveInfo> &Moves,
               std::vector<Config> &Succs, bool &FullyEnabled,
               std::string *CutNote) const;
  /// Instances I < J enabled at conflicting accesses of the location (edges
  /// EI and EJ of their graphs).
  struct RaceAt {
    uint32_t I = 0, J = 0;
    unsigned EI = 0, EJ = 0;
  };
  /// Every race in C, as the race property of the paper restricted to the
  /// access pairs the lockset layer did not prove lock-protected.
  void racesIn(const Config &C, std::vector<RaceAt> &Out) const;
  /// Whether accesses X of instance I and Y of instance J may touch one
  /// address: not if both have a per-instance index (Access::IndexVar)
  /// whose known values give disjoint bytes.
  bool mayMeet(const Config &C, uint32_t I, const Access &X, uint32_t J,
               const Access &Y) const;
  /// The unordered access pair of a race, as the key of "decided".
  std::pair<AccessId, AccessId> pairOf(const Config &C, const RaceAt &R) const;
  /// Access pairs of the location that may race: conflicting, with an
  /// access edge in some graph each, and not lock-protected in every
  /// context. Counting stops past Cap.
  uint64_t potentialPairs(uint64_t Cap) const;
  /// Is instance I active at a node with an access edge of the location?
  bool atAccess(const Config &C, uint32_t I) const;
  /// The access edges instance I is enabled at, as (graph, node), or
  /// (UINT32_MAX, UINT32_MAX) when none. The race property depends on which
  /// accesses are enabled, not only on whether one is: a move from a write of
  /// the location to a read of it is visible.
  std::pair<uint32_t, uint32_t> accessPoint(const Config &C, uint32_t I) const;
  /// Objects any future step of instance I (or threads it creates) touches.
  bool futureMeets(const Config &C, uint32_t I,
                   const std::vector<unsigned> &Objs, bool All) const;

  void pack(const Config &C, std::string &Out) const;
  Config unpack(const std::string &In) const;
  const ActionEdge &edge(const ThreadState &T, uint32_t E) const {
    return Graphs[T.Graph]->Edges[E];
  }
  std::string describeMove(const Config &Before, const Move &M) const;
  std::string threadName(const Config &C, uint32_t I) const;
  /// The location lock entry Id of Config::Locks stands for.
  const MemLoc &lockAt(unsigned Id) const {
    return Objects->table(ObjKind::Lock)[Id];
  }

private:
  Clock::time_point Deadline;
  bool Complete = true;
  unsigned NT = 0;
  /// The location's objects, numbered (set once the graphs are known).
  std::optional<ObjectTables> Objects;
  /// The partial-order reduction's dependence data.
  std::optional<Dependence> Dep;
  std::vector<std::vector<bool>> AccessNode; ///< Node has an access edge.
  /// Per graph (none for once bodies) and node: the local slots a thread
  /// there may still read (LiveLocals.cpp, dead-data).
  std::vector<std::vector<llvm::BitVector>> LiveLocals;
  void computeLiveLocals();
  /// Makes unknown every local of C's threads that none can read again.
  void forgetDeadLocals(Config &C) const;
  /// Per handle entry: may hold several live instances (array, collapsed or
  /// heap object, or no type and several/looping creates): a create adds
  /// to it instead of overwriting it. See docs: "join".
  std::vector<bool> MultiHandle;
  /// Instances in Mask are joined or detached: a later create may reuse
  /// their ids (glibc does), so stale copies may equal a new thread's.
  void freeIds(Config &C, uint64_t Mask) const;

  using StepFn = llvm::function_ref<void(Config &&, uint32_t)>;
  /// One outgoing edge of an active instance being turned into moves: the
  /// table entries its operand may denote (Ids), whether it acts on exactly
  /// one of them, and where each successor goes (Step, with its choice).
  struct EdgeMove {
    const Prepared &P;
    const Config &C;
    uint32_t I;
    uint32_t EI;
    const ActionEdge &E;
    const std::vector<unsigned> &Ids;
    bool Exact;
    StepFn Step;
    /// C with instance I past the edge.
    Config next() const;
  };
  /// The table entries an action's operand may denote (Rules.cpp).
  std::vector<unsigned> operandIds(const Action &A) const;
  /// Assign, Assume, AtomicUpdate (Rules.cpp).
  void dataMoves(const EdgeMove &X, bool &FullyEnabled) const;
  /// A waiter's spurious wake-up and a woken waiter re-taking its mutex
  /// (SyncRules.cpp, as the rest below).
  void blockedMoves(const Config &C, uint32_t I,
                    llvm::function_ref<void(MoveKind, Config &&)> Emit,
                    bool &FullyEnabled) const;
  void lockMoves(const EdgeMove &X, bool &FullyEnabled) const;
  void condMoves(const EdgeMove &X) const;
  void barrierMoves(const EdgeMove &X) const;
  void onceMoves(const EdgeMove &X, bool &FullyEnabled) const;
  void semMoves(const EdgeMove &X, bool &FullyEnabled) const;
  /// create, join, detach and cancel (HandleRules.cpp). Ids: the handle
  /// entries the operand may denote.
  void threadMoves(const Config &C, uint32_t I, const ActionEdge &E,
                   const std::vector<unsigned> &Ids, StepFn Step,
                   bool &FullyEnabled, std::string *CutNote) const;
  void computeMultiHandles();

  bool isAccessOfLoc(const Action &A) const;
  /// Whether accesses X and Y of the location touch one address of it:
  /// at an AnyOffset location (free, memset, `p[i]`), two accesses at
  /// different fields each touch the object but not each other.
  bool touchSame(const Access &X, const Access &Y) const;
  /// Whether every pair of the lockset layer's contexts of (TA, A) and
  /// (TB, B) holds a common lock. A template without a context for its
  /// access falls back to every context of that access (once bodies run in
  /// their caller's thread); an access without contexts is unprotected.
  /// InvalidTemplate: any template.
  bool lockProtected(TemplateId TA, AccessId A, TemplateId TB,
                     AccessId B) const;
  /// Whether the MHP layer's facts order (TA, A) with (TB, B).
  bool orderedByFacts(TemplateId TA, AccessId A, TemplateId TB,
                      AccessId B) const;
  Value read(const Config &C, uint32_t I, DataVarId V) const;
  void write(Config &C, uint32_t I, DataVarId V, Value Val) const;
  void arrive(Config &C, uint32_t I, uint32_t To) const;
  bool guardHolds(const Config &C, uint32_t I, const Action &A) const;
  /// The value an Assign gives its variable.
  Value assigned(const Config &C, uint32_t I, const Action &A) const;
  /// The right-hand side of a comparison: RhsVar + Const, or Const.
  Value rhsOf(const Config &C, uint32_t I, const Action &A) const;
  /// The successors of an AtomicUpdate taken from C: Base (C after the
  /// edge) with the variables updated, once per outcome with its choice.
  void atomicUpdate(const Config &C, uint32_t I, const Action &A, Config &Base,
                    llvm::function_ref<void(Config &&, uint32_t)> Emit) const;
  unsigned liveParticipants(const Config &C, unsigned Barrier) const;
};

} // namespace mc
} // namespace racesift

#endif // RACESIFT_LIB_MODELCHECK_SEMANTICS_H
