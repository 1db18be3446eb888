//===- ModelCheck.cpp - Checking lockset candidates per location -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Groups the candidates by location, slices every template's inlined graph
// to what matters for that location (sharing the graphs that do not depend
// on it), reads the few constants the explorer needs from the IR (initial
// values of tracked globals, sem_init and pthread_barrier_init counts) and
// runs the explorer on each location until the module's deadline.
//
//===----------------------------------------------------------------------===//

#include "Explorer.h"
#include "racesift/Support/Debug.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

using namespace racesift;
using namespace llvm;

#define DEBUG_TYPE "racesift-mc"

/// setup-charge: graph steps of a location's own graphs that cost the
/// module's state budget one state.
static constexpr uint64_t SetupStepsPerState = 1;

namespace {

/// What checkCandidates computes once per module and shares between the
/// candidate locations (docs/design-modelcheck.md, "Setup once per module,
/// and per location"). A graph slot is a template (slot = TemplateId) or a
/// once body (after the templates). A slot's sliced graph depends on the
/// location only through the accesses of the location in the functions the
/// graph builder may inline there; if there are none, the graph is the
/// location-independent one (synchronisation, thread management and
/// tracked data only), which is built once, on first use, and shared.
class ModuleSetup {
public:
  explicit ModuleSetup(const ThreadModel &TM);

  unsigned numSlots() const { return Reach.size(); }
  unsigned numTemplates() const { return TM.Templates.size(); }
  const Function *onceFunction(unsigned Slot) const {
    return OnceTemplates[Slot - numTemplates()].first;
  }

  /// Per location of Locs: how many accesses may touch it.
  std::vector<size_t> accessCounts(const std::vector<MemLoc> &Locs) const;
  /// Makes Loc the location whose slices graph() builds.
  void select(const MemLoc &Loc);
  /// Per location of Locs: the index of the first location in Order whose
  /// exploration is the same (shared-exploration), its own if none or if
  /// it is not Searched.
  std::vector<size_t> explorationGroups(const std::vector<MemLoc> &Locs,
                                        const std::vector<size_t> &Order,
                                        const std::vector<bool> &Searched);
  /// The graph of Slot for the selected location: the shared one if the
  /// slot cannot reach an access of the location, else one built into Own.
  const ThreadGraph *graph(unsigned Slot, ThreadGraph &Own);
  /// context-parameters: whether template K.Template, whose graph for the
  /// selected location is TG, gets a graph of its own for the threads its
  /// creation starts with K.ArgObjects, built into Out: if those objects
  /// exclude the location's (so that accesses through the start routine's
  /// parameter can be dropped), and TG is the location's own and runs no
  /// once body (a once body returns to its template's graph: Rules,
  /// arrive).
  bool siteGraph(const mc::SiteKey &K, const ThreadGraph &TG, ThreadGraph &Out);
  /// Every site graph the explored graphs' creations need (In.Graphs and
  /// In.OnceBodies set), into In.SiteGraphs, owned by Own.
  void siteGraphs(mc::ExplorerInput &In, std::deque<ThreadGraph> &Own);

private:
  const ThreadModel &TM;
  /// Variables the explorer tracks: tested by a guard or a try operation,
  /// and whatever is copied into those.
  std::set<DataVarId> Tracked;
  /// Once bodies are built as pseudo-templates of a copy of the model, so
  /// the graph builder inlines and slices them like start routines.
  ThreadModel OnceTM;
  std::vector<std::pair<const Function *, TemplateId>> OnceTemplates;
  /// Accesses with a location in each object.
  std::unordered_map<ObjectId, std::vector<AccessId>> AccessesOf;
  /// Per access: the function graphs (indices) with an edge of it.
  std::vector<std::vector<unsigned>> FunctionsOf;
  /// Per slot: the function graphs the graph builder may inline there.
  std::vector<BitVector> Reach;
  /// Per slot: the location-independent graph, once built.
  std::vector<std::unique_ptr<ThreadGraph>> Shared;
  /// The graph builder's uncompressed edges, kept from one location's graph
  /// to the next (10^5 edges of an Action each on sqlite3.c: allocated and
  /// faulted in again per location otherwise).
  std::vector<ActionEdge> Scratch;
  /// The selected location: its accesses and the functions holding them.
  BitVector LocAccess, LocFunctions;
  MemLoc Selected;
  std::vector<AccessId> Marked;
  std::vector<unsigned> MarkedFunctions;

  bool relevant(const Action &A, bool WithAccesses) const;
  BitVector reachFrom(const ThreadModel &M, const ThreadTemplate &T) const;
};

} // namespace

ModuleSetup::ModuleSetup(const ThreadModel &TM)
    : TM(TM), FunctionsOf(TM.Accesses.size()), LocAccess(TM.Accesses.size()),
      LocFunctions(TM.Functions.size()) {
  std::vector<std::pair<DataVarId, DataVarId>> Copies;
  std::set<const Function *> OnceFns;
  for (unsigned FI = 0; FI < TM.Functions.size(); ++FI)
    for (const ActionEdge &E : TM.Functions[FI].Edges) {
      const Action &A = E.A;
      DataUse U = dataUseOf(A);
      Tracked.insert(U.Tested.begin(), U.Tested.end());
      for (DataVarId W : U.Written)
        for (DataVarId R : U.Read)
          Copies.push_back({W, R});
      mc::addIndexVars(TM, A, Tracked, Copies);
      if (A.Kind == ActionKind::Once)
        OnceFns.insert(A.Callees.begin(), A.Callees.end());
      if ((A.Kind == ActionKind::Read || A.Kind == ActionKind::Write) &&
          A.Acc < TM.Accesses.size() &&
          !llvm::is_contained(FunctionsOf[A.Acc], FI))
        FunctionsOf[A.Acc].push_back(FI);
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Dst, Src] : Copies)
      if (Tracked.count(Dst) && Tracked.insert(Src).second)
        Changed = true;
  }
  for (const Access &A : TM.Accesses)
    for (const MemLoc &L : A.Locs) {
      std::vector<AccessId> &Of = AccessesOf[L.Obj];
      if (Of.empty() || Of.back() != A.Id)
        Of.push_back(A.Id);
    }

  if (!OnceFns.empty()) {
    OnceTM = TM;
    for (const Function *F : OnceFns) {
      const FunctionGraph *G = F ? TM.graphOf(F) : nullptr;
      if (!G)
        continue;
      ThreadTemplate T;
      T.Id = OnceTM.Templates.size();
      T.Entry = F;
      T.Name = G->Name;
      OnceTM.Templates.push_back(T);
      OnceTemplates.push_back({F, T.Id});
    }
  }

  for (const ThreadTemplate &T : TM.Templates)
    Reach.push_back(reachFrom(TM, T));
  for (auto &[F, T] : OnceTemplates)
    Reach.push_back(reachFrom(OnceTM, OnceTM.Templates[T]));
  Shared.resize(Reach.size());
}

/// The function graphs buildThreadGraph may visit for T: its entry's (the
/// environment root's entries if it has none) and, through calls, their
/// callees'.
BitVector ModuleSetup::reachFrom(const ThreadModel &M,
                                 const ThreadTemplate &T) const {
  BitVector Seen(M.Functions.size());
  std::vector<unsigned> Work;
  auto Visit = [&](const Function *F) {
    const FunctionGraph *G = F ? M.graphOf(F) : nullptr;
    if (!G)
      return;
    unsigned I = G - M.Functions.data();
    if (!Seen.test(I)) {
      Seen.set(I);
      Work.push_back(I);
    }
  };
  if (T.Entry && M.graphOf(T.Entry)) {
    for (const Function *F : M.startFunctions(T.Id))
      Visit(F);
  } else {
    for (const Function *F : M.EnvConstructors)
      Visit(F);
    for (const Function *F : M.EnvEntries)
      Visit(F);
  }
  while (!Work.empty()) {
    unsigned I = Work.back();
    Work.pop_back();
    for (const ActionEdge &E : M.Functions[I].Edges)
      if (E.A.Kind == ActionKind::Call)
        for (const Function *C : E.A.Callees)
          Visit(C);
  }
  return Seen;
}

/// The slice: accesses of the selected location (if WithAccesses),
/// synchronisation, thread management and tracked data; other steps
/// become internal.
bool ModuleSetup::relevant(const Action &A, bool WithAccesses) const {
  switch (actionGroup(A.Kind)) {
  case ActionGroup::Step:
    return false;
  case ActionGroup::Access:
    return WithAccesses && A.Acc < LocAccess.size() && LocAccess.test(A.Acc);
  case ActionGroup::Data: {
    // joinable-test: a test of a thread handle, not of tracked data.
    if (A.Kind == ActionKind::NotJoinable)
      return true;
    DataUse U = dataUseOf(A);
    return any_of(U.Written, [&](DataVarId V) { return Tracked.count(V); }) ||
           any_of(U.Tested, [&](DataVarId V) { return Tracked.count(V); });
  }
  case ActionGroup::Thread:
  case ActionGroup::Sync:
    return true;
  }
  llvm_unreachable("a group ActionKinds.def does not use");
}

std::vector<size_t>
ModuleSetup::accessCounts(const std::vector<MemLoc> &Locs) const {
  std::map<ObjectId, std::vector<size_t>> ByObject;
  for (size_t I = 0; I < Locs.size(); ++I)
    ByObject[Locs[I].Obj].push_back(I);
  std::vector<size_t> Out(Locs.size(), 0);
  for (auto &[O, Is] : ByObject) {
    ObjectId Obj = O; // A structured binding cannot be captured in C++17.
    auto It = AccessesOf.find(Obj);
    if (It == AccessesOf.end())
      continue;
    // One pass over the object's accesses: an access at AnyOffset may
    // touch every field, the others their own offsets.
    std::map<int64_t, size_t> AtOffset;
    size_t Anywhere = 0;
    for (AccessId A : It->second) {
      // An access's locations are sorted: the object's are one run, with
      // AnyOffset (the least offset) first.
      const std::vector<MemLoc> &Locs = TM.Accesses[A].Locs;
      auto First = llvm::lower_bound(Locs, MemLoc{Obj, AnyOffset});
      auto Last = std::find_if(First, Locs.end(),
                               [&](const MemLoc &L) { return L.Obj != Obj; });
      if (First != Last && First->Offset == AnyOffset) {
        ++Anywhere;
        continue;
      }
      for (; First != Last; ++First)
        ++AtOffset[First->Offset];
    }
    for (size_t I : Is)
      Out[I] = Locs[I].Offset == AnyOffset
                   ? It->second.size()
                   : Anywhere + AtOffset[Locs[I].Offset];
  }
  return Out;
}

void ModuleSetup::select(const MemLoc &Loc) {
  for (AccessId A : Marked)
    LocAccess.reset(A);
  for (unsigned F : MarkedFunctions)
    LocFunctions.reset(F);
  Marked.clear();
  MarkedFunctions.clear();
  Selected = Loc;
  auto It = AccessesOf.find(Loc.Obj);
  if (It == AccessesOf.end())
    return;
  for (AccessId A : It->second) {
    if (!llvm::any_of(TM.Accesses[A].Locs,
                      [&](const MemLoc &L) { return L.mayAlias(Loc); }))
      continue;
    LocAccess.set(A);
    Marked.push_back(A);
    for (unsigned F : FunctionsOf[A])
      if (!LocFunctions.test(F)) {
        LocFunctions.set(F);
        MarkedFunctions.push_back(F);
      }
  }
}

/// shared-exploration: the explorer sees a location only through the
/// accesses that may touch it (the sliced graphs, isAccessOfLoc), its
/// object (ownedPerInstance, the start routines' parameter objects in
/// buildThreadGraph and siteGraph, touchSame), whether it is every field of
/// that object (touchSame) and whether it lies in a union (accessesConflict).
/// Locations that agree on all of these get the same verdict, witnesses and
/// states, so only the first in the examination order is explored: the
/// fields of a struct that the same code copies as a whole, the words of a
/// container's node, are examined once.
std::vector<size_t>
ModuleSetup::explorationGroups(const std::vector<MemLoc> &Locs,
                               const std::vector<size_t> &Order,
                               const std::vector<bool> &Searched) {
  using Key = std::tuple<ObjectId, bool, bool, std::vector<AccessId>>;
  std::map<Key, size_t> First;
  std::vector<size_t> Rep(Locs.size());
  for (size_t I : Order) {
    Rep[I] = I;
    if (!Searched[I])
      continue;
    const MemLoc &L = Locs[I];
    select(L);
    std::vector<AccessId> Accs = Marked;
    llvm::sort(Accs);
    Key K{L.Obj, L.Offset == AnyOffset, TM.inUnion(L), std::move(Accs)};
    Rep[I] = First.try_emplace(std::move(K), I).first->second;
  }
  return Rep;
}

const ThreadGraph *ModuleSetup::graph(unsigned Slot, ThreadGraph &Own) {
  const bool Once = Slot >= numTemplates();
  const ThreadModel &M = Once ? OnceTM : TM;
  const TemplateId T =
      Once ? OnceTemplates[Slot - numTemplates()].second : TemplateId(Slot);
  if (Reach[Slot].anyCommon(LocFunctions)) {
    // The previous location's graph goes first: building next to it would
    // make the allocator hand memory back and fault it in again.
    Own = ThreadGraph();
    Own = buildThreadGraph(
        M, T, [this](const Action &A) { return relevant(A, true); },
        DefaultMaxGraphNodes, &Scratch, &Selected);
    return &Own;
  }
  if (!Shared[Slot])
    Shared[Slot] = std::make_unique<ThreadGraph>(buildThreadGraph(
        M, T, [this](const Action &A) { return relevant(A, false); }));
  return Shared[Slot].get();
}

bool ModuleSetup::siteGraph(const mc::SiteKey &K, const ThreadGraph &TG,
                            ThreadGraph &Out) {
  const CreationSite &CS = TM.Creations[K.Creation];
  const TemplateId T = K.Template;
  if (K.ArgObjects.empty() || CS.Library ||
      std::binary_search(K.ArgObjects.begin(), K.ArgObjects.end(),
                         Selected.Obj) ||
      !Reach[T].anyCommon(LocFunctions) ||
      llvm::any_of(TG.Edges, [](const ActionEdge &E) {
        return E.A.Kind == ActionKind::Once;
      }))
    return false;
  Out = buildThreadGraph(
      TM, T, [this](const Action &A) { return relevant(A, true); },
      DefaultMaxGraphNodes, &Scratch, &Selected, &K.ArgObjects);
  return true;
}

void ModuleSetup::siteGraphs(mc::ExplorerInput &In,
                             std::deque<ThreadGraph> &Own) {
  // The creations of every graph explored, the site graphs' own included
  // (a thread started with fewer objects passes fewer on).
  std::vector<const ThreadGraph *> Work(In.Graphs.begin(), In.Graphs.end());
  for (auto &[Fn, G] : In.OnceBodies)
    Work.push_back(G);
  std::set<mc::SiteKey> Seen;
  while (!Work.empty()) {
    const ThreadGraph *From = Work.back();
    Work.pop_back();
    for (const ActionEdge &E : From->Edges) {
      if (E.A.Kind != ActionKind::Create || E.A.Creation >= TM.Creations.size())
        continue;
      for (TemplateId T : TM.Creations[E.A.Creation].Targets) {
        mc::SiteKey K = mc::siteKeyOf(TM, E.A, T);
        if (T >= numTemplates() || !Seen.insert(K).second)
          continue;
        if (ThreadGraph G; siteGraph(K, *In.Graphs[T], G)) {
          Own.push_back(std::move(G));
          In.SiteGraphs[K] = &Own.back();
          Work.push_back(&Own.back());
        }
      }
    }
  }
}

/// distinct-indices: whether two instances of C's thread never meet on C's
/// accesses: each touches bytes [S * v + Lo, S * v + Hi) of the location's
/// object at its own instance's index v, of which every instance holds a
/// different value, and one step |S| covers both windows, so different
/// values never share a byte.
static bool distinctIndices(const ThreadModel &TM, const Candidate &C) {
  if (C.First.Thread != C.Second.Thread || C.First.Acc >= TM.Accesses.size() ||
      C.Second.Acc >= TM.Accesses.size())
    return false;
  const Access &X = TM.Accesses[C.First.Acc], &Y = TM.Accesses[C.Second.Acc];
  if (X.IndexVar != Y.IndexVar || X.IndexVar >= TM.DataVars.size() ||
      !TM.DataVars[X.IndexVar].DistinctPerInstance ||
      X.IndexScale != Y.IndexScale || X.IndexScale == 0 ||
      X.IndexScale == std::numeric_limits<int64_t>::min())
    return false;
  const int64_t Step = std::abs(X.IndexScale);
  int64_t XY, YX;
  return !__builtin_sub_overflow(X.IndexHi, Y.IndexLo, &XY) &&
         !__builtin_sub_overflow(Y.IndexHi, X.IndexLo, &YX) && XY <= Step &&
         YX <= Step;
}

/// The sliced graphs' visible steps, for the trace: where a location's
/// states come from ("graphs of 42819/19379 steps, 8146 lock, 33484 data").
static std::string graphSizes(const mc::ExplorerInput &In) {
  std::string Out;
  size_t Locking = 0, Data = 0;
  auto Add = [&](const ThreadGraph &G) {
    size_t Visible = 0;
    for (const ActionEdge &E : G.Edges) {
      ActionKind K = E.A.Kind;
      Visible += K != ActionKind::Internal;
      Locking += K == ActionKind::Lock || K == ActionKind::Unlock ||
                 K == ActionKind::TryLock;
      Data += K == ActionKind::Assign || K == ActionKind::Assume;
    }
    Out += (Out.empty() ? "" : "/") + std::to_string(Visible);
  };
  for (const ThreadGraph *G : In.Graphs)
    Add(*G);
  for (auto &[Fn, G] : In.OnceBodies)
    Add(*G);
  for (auto &[Key, G] : In.SiteGraphs)
    Add(*G);
  return Out + " steps, " + std::to_string(Locking) + " lock, " +
         std::to_string(Data) + " data";
}

/// Under a budget the cheap locations go first, so that as many as possible
/// are decided before it runs out: fewest accesses that may touch the
/// location (each is a visible step that the partial-order reduction must
/// interleave with the other threads'), then the lockset layer's order.
static std::vector<size_t> examinationOrder(const ModuleSetup &Setup,
                                            const std::vector<MemLoc> &Locs) {
  std::vector<size_t> Cost = Setup.accessCounts(Locs);
  std::vector<size_t> Order(Locs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::sort(Order, [&](size_t A, size_t B) {
    return Cost[A] != Cost[B] ? Cost[A] < Cost[B] : A < B;
  });
  return Order;
}

std::vector<size_t> mc::examinationOrder(const ThreadModel &TM,
                                         const std::vector<MemLoc> &Locs) {
  ModuleSetup Setup(TM);
  return ::examinationOrder(Setup, Locs);
}

std::vector<LocationVerdict>
racesift::checkCandidates(const ThreadModel &TM, const LocksetResult &LS,
                          const ModelCheckOptions &Opts) {
  const std::vector<Candidate> &Cands = LS.Candidates;
  using mc::Clock;
  const Clock::time_point ModuleDeadline =
      Opts.Deadline
          ? *Opts.Deadline
          : Clock::now() +
                std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(Opts.ModuleTimeoutSeconds));
  auto Late = [&] { return Clock::now() > ModuleDeadline; };
  auto NotExamined = [](const MemLoc &Loc) {
    LocationVerdict V;
    V.Loc = Loc;
    V.V = Verdict::Unknown;
    V.Reason = mc::NotExaminedReason;
    V.Examined = false;
    return V;
  };
  std::vector<MemLoc> Locs;
  std::map<MemLoc, std::vector<const Candidate *>> CandsOf;
  for (const Candidate &C : Cands) {
    std::vector<const Candidate *> &Of = CandsOf[C.Loc];
    if (Of.empty())
      Locs.push_back(C.Loc);
    Of.push_back(&C);
  }
  if (Locs.empty())
    return {};
  // The verdicts keep the lockset layer's order, whatever the order of
  // examination.
  std::vector<LocationVerdict> Out(Locs.size());

  // distinct-indices: a location whose unprotected pairs (every one listed)
  // are all two instances at their own indices is refuted without a
  // search; its verdict says so.
  std::vector<bool> Searched(Locs.size(), true);
  if (!(Opts.Relax & ModelCheckOptions::RelaxIndices))
    for (size_t I = 0; I < Locs.size(); ++I) {
      auto Pairs = LS.PairsPerLocation.find(Locs[I]);
      const std::vector<const Candidate *> &Of = CandsOf[Locs[I]];
      if (Pairs == LS.PairsPerLocation.end() || Pairs->second != Of.size() ||
          !llvm::all_of(
              Of, [&](const Candidate *C) { return distinctIndices(TM, *C); }))
        continue;
      Searched[I] = false;
      Out[I].Loc = Locs[I];
      Out[I].V = Verdict::Refuted;
      Out[I].DistinctIndices = true;
      RACESIFT_DEBUG(debugs() << "racesift-mc: " << TM.describe(Locs[I])
                              << ": refuted, every pair at distinct indices\n");
    }
  // No location, and no setup, is started after the deadline.
  if (Late()) {
    for (size_t I = 0; I < Locs.size(); ++I)
      if (Searched[I])
        Out[I] = NotExamined(Locs[I]);
    return Out;
  }

  ModuleSetup Setup(TM);
  std::vector<std::vector<const AccessContext *>> Contexts(TM.Accesses.size());
  for (const AccessContext &AC : LS.Contexts)
    if (AC.Acc < Contexts.size())
      Contexts[AC.Acc].push_back(&AC);
  mc::ExplorerInput In;
  In.TM = &TM;
  In.Contexts = &Contexts;
  In.Order = LS.Order;
  In.InitialValues = TM.InitialValues;
  In.SyncInit = TM.SyncInitCounts;
  std::vector<ThreadGraph> Own(Setup.numSlots());
  std::deque<ThreadGraph> SiteOwn;
  uint64_t StatesLeft = Opts.MaxModuleStates;
  const std::string ModuleStatesSpent =
      "the module's state budget (max-module-states=" +
      std::to_string(Opts.MaxModuleStates) + ") ran out";
  // budget-rounds: under a module budget every location first gets 1/64 of
  // its own, and only those that ran out of it get four times as much in
  // the next round, up to its whole budget in the fourth, from what is
  // left: a few locations whose interleavings exceed any budget no longer
  // spend the module's before the easy ones are looked at, whatever the
  // number of locations. A location searched again costs at most a third
  // more than its last search alone (1 + 1/4 + 1/16 + 1/64).
  const std::vector<size_t> Order = examinationOrder(Setup, Locs);
  const std::vector<size_t> Rep =
      Setup.explorationGroups(Locs, Order, Searched);
  RACESIFT_DEBUG({
    size_t Explorations = 0;
    for (size_t I = 0; I < Rep.size(); ++I)
      Explorations += Rep[I] == I && Searched[I];
    debugs() << "racesift-mc: " << Locs.size() << " candidate locations, "
             << Explorations << " explorations\n";
  });
  const unsigned LastRound = 3;
  const unsigned FirstRound =
      Opts.MaxModuleStates && Opts.MaxStates >= 64 ? 0 : LastRound;
  std::vector<bool> Again(Locs.size(), false);
  for (unsigned Round = FirstRound; Round <= LastRound; ++Round)
    for (size_t Index : Order) {
      const bool Retry = Round > FirstRound;
      if ((Retry && !Again[Index]) || Rep[Index] != Index || !Searched[Index])
        continue;
      const MemLoc &Loc = Locs[Index];
      LocationVerdict &Result = Out[Index];
      // A race an earlier round confirmed stays one, whatever a larger
      // search could not finish: giving up leaves it as it is.
      const bool KeepRace = Retry && Result.V == Verdict::Race;
      auto Unexamined = [&] {
        if (!KeepRace)
          Result = NotExamined(Loc);
      };
      // Decided by work done, not by the clock: the same on any machine.
      auto StatesSpent = [&](const char *Where) {
        if (KeepRace)
          return;
        Result.Loc = Loc;
        Result.V = Verdict::Unknown;
        Result.Reason = ModuleStatesSpent + Where;
      };
      if (Late()) {
        Unexamined();
        continue;
      }
      if (Opts.MaxModuleStates && StatesLeft == 0) {
        StatesSpent(Retry ? "" : " before this location");
        continue;
      }
      const uint64_t LocStates = Opts.MaxStates >> (2 * (LastRound - Round));
      const CheckStats Spent = Retry ? Result.Stats : CheckStats();
      // One graph takes at most its node budget to build; the clock is read
      // between graphs, so a location whose setup meets the deadline is
      // given up unexamined.
      Setup.select(Loc);
      In.Loc = Loc;
      In.Graphs.clear();
      In.OnceBodies.clear();
      bool CutShort = false;
      uint64_t SetupSteps = 0;
      for (unsigned Slot = 0; Slot < Setup.numSlots() && !CutShort; ++Slot) {
        const ThreadGraph *G = Setup.graph(Slot, Own[Slot]);
        if (G == &Own[Slot])
          SetupSteps += G->Edges.size();
        if (Slot < Setup.numTemplates())
          In.Graphs.push_back(G);
        else
          In.OnceBodies[Setup.onceFunction(Slot)] = G;
        CutShort = Late();
      }
      In.SiteGraphs.clear();
      SiteOwn.clear();
      if (!CutShort)
        Setup.siteGraphs(In, SiteOwn);
      CutShort = CutShort || Late();
      if (CutShort) {
        Unexamined();
        continue;
      }
      // setup-charge: building the location's graphs and the explorer's
      // tables costs about what a state does per step of those graphs
      // (xz's stream_encoder_mt.c: 10^5 steps a location, a second or
      // more), so the module's budget pays for it: otherwise the number of
      // locations examined, not the budget, would bound the time.
      if (Opts.MaxModuleStates) {
        for (const ThreadGraph &G : SiteOwn)
          SetupSteps += G.Edges.size();
        StatesLeft -= std::min(StatesLeft, SetupSteps / SetupStepsPerState);
        RACESIFT_DEBUG(debugs()
                       << "racesift-mc: " << TM.describe(Loc) << ": setup of "
                       << SetupSteps << " steps charged, " << StatesLeft
                       << " states left\n");
        if (StatesLeft == 0) {
          StatesSpent("");
          continue;
        }
      }

      // One event per location in -ftime-trace: where the states went.
      llvm::TimeTraceScope LocationScope("RaceSift location",
                                         [&] { return TM.describe(Loc); });
      ModelCheckOptions LocOpts = Opts;
      LocOpts.MaxStates = LocStates;
      bool Clipped = Opts.MaxModuleStates && StatesLeft < LocStates;
      if (Clipped)
        LocOpts.MaxStates = StatesLeft;
      // loop-counter abstraction first: a refutation without the counters is
      // one with them, usually in far fewer states, and a race whose every
      // pair the replay confirms (never one it did not check) is a fact
      // however it was found; anything else is searched again with the
      // counters. It gets a quarter of the location's states.
      LocationVerdict V;
      CheckStats CoarseStats;
      bool Decided = false;
      if (!(Opts.Relax & ModelCheckOptions::RelaxCounters) &&
          mc::hasLoopCounters(In)) {
        ModelCheckOptions Coarse = LocOpts;
        Coarse.Relax |= ModelCheckOptions::RelaxCounters;
        Coarse.MaxStates = std::max<uint64_t>(1, LocOpts.MaxStates / 4);
        V = mc::explore(In, Coarse, ModuleDeadline);
        CoarseStats = V.Stats;
        V.CountersUntracked = true;
        Decided = V.V == Verdict::Refuted ||
                  (V.V == Verdict::Race && LocOpts.CheckWitness &&
                   V.Unconfirmed.empty() && !V.PairsUndecided);
      }
      if (!Decided) {
        if (LocOpts.MaxStates > CoarseStats.work() && Clipped)
          LocOpts.MaxStates -= CoarseStats.work();
        V = mc::explore(In, LocOpts, ModuleDeadline);
        V.Stats.addWork(CoarseStats);
      }
      RACESIFT_DEBUG(
          debugs()
          << "racesift-mc: " << TM.describe(Loc)
          << (Retry ? " (again, " + std::to_string(LocStates) + " states)" : "")
          << ": "
          << (V.V == Verdict::Race      ? "race"
              : V.V == Verdict::Refuted ? "refuted"
                                        : "unknown")
          << " (" << V.Stats.States << " states, " << V.Stats.ChainSteps
          << " chained steps, graphs of " << graphSizes(In) << ")"
          << (V.Reason.empty() ? "" : ": ") << V.Reason << "\n");
      if (Opts.MaxModuleStates) {
        StatesLeft -= std::min(StatesLeft, V.Stats.work());
        // Also a race whose other pairs were left undecided.
        if (Clipped && StringRef(V.Reason).starts_with("state budget"))
          V.Reason = ModuleStatesSpent;
        // Also one whose interleavings the replay rejected, and a race with
        // pairs left undecided: a larger search may find an interleaving
        // the program takes (the replay remembers those it rejected).
        Again[Index] = Round < LastRound && !Clipped && V.OutOfStates &&
                       (V.V == Verdict::Unknown || V.PairsUndecided);
      }
      V.Stats.addWork(Spent);
      if (KeepRace && V.V != Verdict::Race) {
        Result.Stats.States = V.Stats.States;
        Result.Stats.ChainSteps = V.Stats.ChainSteps;
        continue;
      }
      // Give the racing accesses the locksets layer 1 saw them under, with
      // the locks their witness holds (exact locks only): a must-held lock
      // is held on the witness's path too.
      auto GiveLocks = [&](AccessContext &Dst) {
        if (Dst.Acc >= Contexts.size())
          return;
        auto Named = [](const LockSet &S, const std::string &Name) {
          return llvm::any_of(
              S, [&](const HeldLock &H) { return H.Name == Name; });
        };
        // Path-sensitive: held on every path is held in each context.
        std::vector<const LockSet *> Sets;
        for (const AccessContext *AC : Contexts[Dst.Acc])
          if (AC->Thread == Dst.Thread)
            Sets.push_back(&AC->Held);
        if (Sets.empty())
          return;
        for (const HeldLock &H : *Sets.front())
          if (!Named(Dst.Held, H.Name) &&
              llvm::all_of(Sets,
                           [&](const LockSet *S) { return Named(*S, H.Name); }))
            Dst.Held.push_back(H);
      };
      if (V.V == Verdict::Race) {
        GiveLocks(V.First);
        GiveLocks(V.Second);
        for (RacePair &R : V.OtherRaces) {
          GiveLocks(R.First);
          GiveLocks(R.Second);
        }
      }
      // Pairs whose interleavings the program could not take too: their
      // possible races say which locks each access holds.
      for (RacePair &R : V.Unconfirmed) {
        GiveLocks(R.First);
        GiveLocks(R.Second);
      }
      Result = std::move(V);
    }
  // The group's other locations take its verdict as their own (the states
  // were spent once, by the first).
  for (size_t I = 0; I < Locs.size(); ++I) {
    if (Rep[I] == I)
      continue;
    LocationVerdict V = Out[Rep[I]];
    V.Loc = Locs[I];
    for (RacePair &R : V.OtherRaces)
      R.Loc = Locs[I];
    for (RacePair &R : V.Unconfirmed)
      R.Loc = Locs[I];
    V.ExploredAs = Locs[Rep[I]];
    Out[I] = std::move(V);
  }
  return Out;
}
