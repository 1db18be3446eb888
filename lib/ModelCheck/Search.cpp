//===- Search.cpp - On-the-fly BFS with partial-order reduction -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Algorithm 2 of the paper for EF datarace(v), with persistent sets (a
// thread-granular stubborn-set test with visibility and a BFS cycle proviso)
// and sleep sets (Algorithm 3 of the ESST paper), and a visited set of
// packed configurations. Parent pointers give the witness.
//
// invisible-chain: a persistent thread with a single move goes on alone
// through its next single invisible moves, and only the chain's last
// configuration is stored. A thread running a counting loop before its access
// would otherwise store one state per step for every order of the other
// threads' visible steps that came before (a singleton's constructor loop:
// 250000 states, now 1800 and 250000 chained steps). Chained steps are
// cheaper than stored states (one thread's moves, no successors of the
// others): ChainStepsPerState of them cost the state budget one state.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <deque>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

using namespace racesift;
using namespace racesift::mc;

namespace {

struct StateRec {
  const std::string *Key = nullptr;
  uint32_t Parent = UINT32_MAX;
  Move By;
  std::vector<Move> Chain; ///< Chained moves after By (invisible-chain).
  /// lock-order: a hash of which instances took locks and semaphores, in
  /// order, on the path that reached the state first.
  uint64_t LockOrder = 0;
  std::vector<MoveInfo> Sleep;
  bool Queued = false;
};

bool independent(const MoveInfo &A, const MoveInfo &B) {
  if (A.M.Thread == B.M.Thread || A.All || B.All)
    return false;
  size_t I = 0, J = 0;
  while (I < A.Objs.size() && J < B.Objs.size()) {
    if (A.Objs[I] == B.Objs[J])
      return false;
    if (A.Objs[I] < B.Objs[J])
      ++I;
    else
      ++J;
  }
  return true;
}

/// Whether instance I holds lock L, exclusively or shared.
bool holds(const LockState &L, unsigned I) {
  return L.Owner == I + 1 || (I < 64 && (L.Readers >> I & 1));
}

/// Where an action happened; accesses fall back to their own position.
SourceLoc whereOf(const ThreadModel &TM, const Action &A) {
  if (!A.Loc.known() &&
      (A.Kind == ActionKind::Read || A.Kind == ActionKind::Write) &&
      A.Acc < TM.Accesses.size())
    return TM.Accesses[A.Acc].Loc;
  return A.Loc;
}

/// S with what a replay of move M (taken from C) needs.
WitnessStep replayStep(const Config &C, const Move &M, const Action &A,
                       WitnessStep S) {
  // A spurious wake-up changes nothing a replay sees; re-taking the mutex
  // after a wake-up does.
  S.Inst = M.Kind == MoveKind::Spurious ? nullptr : A.Inst;
  S.Resume = M.Kind == MoveKind::Reacquire;
  if (M.Kind == MoveKind::Timeout)
    S.Succeeds = false; // The wait returns its timeout value.
  switch (A.Kind) {
  case ActionKind::Create:
    S.Succeeds = M.Choice != CreateFails;
    if (M.Choice != UINT32_MAX && M.Choice != CreateFails)
      S.Target = C.Threads.size();
    break;
  case ActionKind::Join:
    if (M.Choice > 0)
      S.Target = M.Choice - 1;
    break;
  case ActionKind::TryLock:
  case ActionKind::SemTryWait:
    S.Succeeds = M.Choice == 0;
    break;
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Detach:
  case ActionKind::Cancel:
  case ActionKind::HandleCopy:
  case ActionKind::Exit:
  case ActionKind::Lock:
  case ActionKind::Unlock:
  case ActionKind::Wait:
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::BarrierWait:
  case ActionKind::Once:
  case ActionKind::SemWait:
  case ActionKind::SemPost:
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::NotJoinable:
  case ActionKind::AtomicUpdate:
    break;
  }
  return S;
}

/// lock-order: Sig extended by move M taken from C.
uint64_t lockOrderAfter(const Prepared &P, uint64_t Sig, const Config &C,
                        const Move &M) {
  bool Acquires = M.Kind == MoveKind::Reacquire;
  if (M.Kind == MoveKind::Edge) {
    ActionKind K = P.edge(C.Threads[M.Thread], M.Edge).A.Kind;
    Acquires = K == ActionKind::Lock || K == ActionKind::SemWait ||
               ((K == ActionKind::TryLock || K == ActionKind::SemTryWait) &&
                M.Choice == 0);
  }
  return Acquires ? (Sig ^ (M.Thread + 1)) * 0x100000001b3ULL : Sig;
}

bool contains(const std::vector<MoveInfo> &Set, const Move &M) {
  for (const MoveInfo &X : Set)
    if (X.M == M)
      return true;
  return false;
}

class Search {
public:
  Search(const Prepared &P, const ModelCheckOptions &Opts,
         Clock::time_point Deadline)
      : P(P), Opts(Opts), Deadline(Deadline) {}

  LocationVerdict run();

private:
  const Prepared &P;
  const ModelCheckOptions &Opts;
  Clock::time_point Deadline;
  std::unordered_map<std::string, uint32_t> Index;
  std::vector<StateRec> Recs;
  std::deque<uint32_t> Queue;
  uint64_t Transitions = 0, KeyBytes = 0, ChainSteps = 0;
  /// lock-order: the second search keys states by their lock order too;
  /// StoredBefore are the states the first one stored.
  bool OrderKeyed = false;
  uint64_t StoredBefore = 0;
  std::string CutNote;

  /// Racing access pairs: those that may race here, those confirmed (with
  /// their interleavings, in the order found), and a scratch list.
  uint64_t Potential = 0;
  std::set<std::pair<AccessId, AccessId>> Decided;
  std::vector<RacePair> Found;
  /// Pairs whose interleavings CheckWitness rejected: how often, and the
  /// first rejected one while no other is confirmed.
  std::map<std::pair<AccessId, AccessId>, unsigned> Rejections;
  std::map<std::pair<AccessId, AccessId>, RacePair> Rejected;
  /// Instance pairs, with the values of their tracked locals (loop
  /// counters: how far each thread has gone), whose interleaving of an
  /// access pair was checked: the next interleaving tried is one of other
  /// instances or other iterations (in BFS order, interleavings of one pair
  /// of instances at one point of their loops mostly differ in steps the
  /// replay does not depend on; `lock(&a[i].m); a[(i + id) % N].n++` races
  /// only with one thread an iteration ahead), or with locks taken in
  /// another order (lock-order: a reader that took the list's lock before
  /// the writer filled it walks an empty list). Other iterations and orders
  /// are tried only while the checker says the program cannot take the
  /// interleavings (RacePair::Infeasible): one it could not follow is given
  /// up per pair of instances (empty locals in the key).
  std::set<std::tuple<std::pair<AccessId, AccessId>, unsigned, unsigned,
                      std::vector<int64_t>>>
      TriedInstances;
  std::vector<Prepared::RaceAt> Races;

  /// Adds S reached from Parent by M; returns its id and whether it is new.
  std::pair<uint32_t, bool> add(const std::string &Key, uint32_t Parent,
                                const Move &M);
  /// The states stored and the chained steps, in states (the budget's unit).
  uint64_t work() const {
    return StoredBefore + Recs.size() + ChainSteps / ChainStepsPerState;
  }
  /// Key, with the lock order if the search is keyed by it.
  void orderKey(std::string &Key, uint64_t LockOrder) const {
    if (OrderKeyed)
      Key.append(reinterpret_cast<const char *>(&LockOrder), sizeof LockOrder);
  }
  /// Whether a pair the replay says the program cannot take is open.
  bool infeasibleOpen() const;
  /// Whether the step from C to S leaves every enabled access as it is.
  bool invisible(const Config &C, const Config &S) const;
  /// Extends the step of instance I that reached C (key Key) by the moves
  /// I takes alone from there, into Chain; filters Sleep by them.
  void extendChain(uint32_t I, Config &C, std::string &Key,
                   std::vector<Move> &Chain, std::vector<MoveInfo> &Sleep,
                   uint64_t &LockOrder);
  /// The interleaving to state Id (configuration End), ending in race R.
  RacePair witness(uint32_t Id, const Config &End, const Prepared::RaceAt &R);
  /// Records the races of state Id not confirmed before; true once every
  /// pair that may race is confirmed, or MaxRacesPerLocation are.
  bool noteRaces(uint32_t Id, const Config &C);

  Clock::time_point Start;
  /// The moves of every instance from the configuration being expanded,
  /// their successors (packed in Keys), and whether each instance's edges
  /// are all enabled.
  std::vector<std::vector<MoveInfo>> Moves;
  std::vector<std::vector<Config>> Succs;
  std::vector<std::vector<std::string>> Keys;
  std::vector<std::vector<uint64_t>> Orders; ///< Successors' lock orders.
  std::vector<bool> Full;
  uint64_t Iter = 0;

  /// Why the search must stop before the next expansion, or "".
  std::string budgetSpent();
  /// Fills Moves, Succs, Keys, Orders and Full for configuration C, whose
  /// lock order is Order.
  void expand(const Config &C, uint64_t Order);
  /// The instance whose moves form a persistent set in C, or -1.
  int persistentThread(const Config &C) const;
  /// Takes the moves of state Id (instance Only if not -1), with sleep
  /// sets; true once noteRaces says the search is done.
  bool takeMoves(uint32_t Id, const Config &C, int Only,
                 const std::vector<MoveInfo> &Sleep);
  /// The verdict from what the search found, whatever stopped it.
  LocationVerdict finish(Verdict Vd, std::string Reason);
};

} // namespace

std::pair<uint32_t, bool> Search::add(const std::string &Key, uint32_t Parent,
                                      const Move &M) {
  auto [It, New] = Index.try_emplace(Key, uint32_t(Recs.size()));
  if (!New)
    return {It->second, false};
  StateRec R;
  R.Key = &It->first;
  R.Parent = Parent;
  R.By = M;
  R.Queued = true;
  Recs.push_back(std::move(R));
  Queue.push_back(It->second);
  KeyBytes += Key.size();
  return {It->second, true};
}

RacePair Search::witness(uint32_t Id, const Config &End,
                         const Prepared::RaceAt &R) {
  RacePair Out;
  Out.Loc = P.In.Loc;
  std::vector<Move> Path;
  for (uint32_t X = Id; Recs[X].Parent != UINT32_MAX; X = Recs[X].Parent) {
    Path.insert(Path.end(), Recs[X].Chain.rbegin(), Recs[X].Chain.rend());
    Path.push_back(Recs[X].By);
  }
  std::reverse(Path.begin(), Path.end());
  const ThreadModel &TM = *P.In.TM;
  Config C = P.initial();
  std::map<std::pair<unsigned, unsigned>, SourceLoc> TakenAt;
  for (const Move &M : Path) {
    std::vector<MoveInfo> Moves;
    std::vector<Config> Succs;
    bool Full;
    P.movesOf(C, M.Thread, Moves, Succs, Full, nullptr);
    unsigned K = 0;
    while (K < Moves.size() && !(Moves[K].M == M))
      ++K;
    assert(K < Moves.size() && "witness replay diverged");
    const ThreadState &T = C.Threads[M.Thread];
    const ActionEdge &E = P.edge(T, M.Edge);
    if (M.Kind != MoveKind::Edge ||
        (E.A.Kind != ActionKind::Internal && E.A.Kind != ActionKind::Call)) {
      Out.W.Steps.push_back(replayStep(
          C, M, E.A,
          WitnessStep{M.Thread, T.Template, P.threadName(C, M.Thread),
                      P.describeMove(C, M), whereOf(TM, E.A), E.A.Kind}));
      Out.W.Steps.back().CallDepth = P.Graphs[T.Graph]->callDepth(E.Context);
    }
    for (const auto &[Id, L] : Succs[K].Locks.stored())
      if (holds(L, M.Thread) && !holds(C.Locks[Id], M.Thread))
        TakenAt[{M.Thread, Id}] = whereOf(TM, E.A);
    C = std::move(Succs[K]);
  }
  assert(P.pairOf(C, R) == P.pairOf(End, R) &&
         "witness does not end in its race");
  (void)End;
  for (auto [Th, EIdx] :
       {std::make_pair(R.I, R.EI), std::make_pair(R.J, R.EJ)}) {
    const ThreadState &T = C.Threads[Th];
    const ActionEdge &E = P.edge(T, EIdx);
    const Action &A = E.A;
    Out.W.Steps.push_back(WitnessStep{Th, T.Template, P.threadName(C, Th),
                                      describeAction(TM, A), whereOf(TM, A),
                                      A.Kind, A.Inst});
    Out.W.Steps.back().Calls = P.Graphs[T.Graph]->callPath(E.Context);
    Out.W.Steps.back().CallDepth = Out.W.Steps.back().Calls.size();
    AccessContext &AC = Th == R.I ? Out.First : Out.Second;
    AC.Thread = T.Template;
    AC.Acc = A.Acc;
    // The locks the instance holds where the race happens, as the witness
    // took them (layer 1's must-held set is added later): a helper that
    // locks only when its argument asks holds no lock on every path, yet
    // holds it here.
    for (const auto &[Id, L] : C.Locks.stored()) {
      if (!holds(L, Th))
        continue;
      HeldLock H;
      H.Loc = P.lockAt(Id);
      H.Name = TM.describe(H.Loc);
      H.Mode = L.Owner == Th + 1 ? LockMode::Exclusive : LockMode::Shared;
      H.AcquiredAt = TakenAt[{Th, Id}];
      AC.Held.push_back(std::move(H));
    }
  }
  return Out;
}

/// TriedInstances' key: the access pair, the two instances, and, if
/// WithLocals, their tracked locals (unknown as a value of its own) and the
/// state's lock order.
static std::tuple<std::pair<AccessId, AccessId>, unsigned, unsigned,
                  std::vector<int64_t>>
triedKey(std::pair<AccessId, AccessId> Key, const Config &C, unsigned I,
         unsigned J, bool WithLocals, uint64_t LockOrder = 0) {
  if (I > J)
    std::swap(I, J);
  std::vector<int64_t> Locals;
  if (!WithLocals)
    return {Key, I, J, std::move(Locals)};
  Locals.push_back(int64_t(LockOrder));
  for (unsigned T : {I, J})
    for (const Value &V : C.Threads[T].Locals) {
      Locals.push_back(V.Known);
      Locals.push_back(V.Known ? V.V : 0);
    }
  return {Key, I, J, std::move(Locals)};
}

bool Search::noteRaces(uint32_t Id, const Config &C) {
  P.racesIn(C, Races);
  for (const Prepared::RaceAt &R : Races) {
    auto Key = P.pairOf(C, R);
    if (Decided.count(Key))
      continue;
    if (Opts.CheckWitness &&
        (TriedInstances.count(triedKey(Key, C, R.I, R.J, false)) ||
         !TriedInstances
              .insert(triedKey(Key, C, R.I, R.J, true, Recs[Id].LockOrder))
              .second))
      continue; // The replay of these two instances has been rejected.
    RacePair W = witness(Id, C, R);
    if (Opts.CheckWitness) {
      std::string Why = Opts.CheckWitness(W);
      if (!Why.empty() && !W.Infeasible)
        TriedInstances.insert(triedKey(Key, C, R.I, R.J, false));
      if (!Why.empty()) {
        // Counterexample-guided: the pair stays open and the search goes on
        // to other interleavings of it, up to a bound.
        unsigned &N = Rejections[Key];
        if (N++ == 0) {
          W.Rejected = std::move(Why);
          Rejected.emplace(Key, std::move(W));
        }
        if (N >= Opts.WitnessesPerPair)
          Decided.insert(Key);
        continue;
      }
      Rejected.erase(Key);
    }
    Decided.insert(Key);
    Found.push_back(std::move(W));
  }
  return !Found.empty() && (Decided.size() >= Potential ||
                            Found.size() >= Opts.MaxRacesPerLocation);
}

LocationVerdict Search::finish(Verdict Vd, std::string Reason) {
  LocationVerdict V;
  V.Loc = P.In.Loc;
  if (!Found.empty()) {
    // Races found: the verdict is Race whatever stopped the search; pairs
    // left when a budget ran out are undecided, the others refuted.
    V.PairsUndecided = Vd == Verdict::Unknown;
    if (!V.PairsUndecided)
      Reason.clear();
    Vd = Verdict::Race;
    V.First = Found[0].First;
    V.Second = Found[0].Second;
    V.W = std::move(Found[0].W);
    V.Notes = std::move(Found[0].Notes);
    V.OtherRaces.assign(std::make_move_iterator(Found.begin() + 1),
                        std::make_move_iterator(Found.end()));
  } else if (!Rejected.empty()) {
    // Races in the abstraction only: not refuted, not confirmed.
    Vd = Verdict::Unknown;
    Reason = Rejected.begin()->second.Rejected;
  }
  for (auto &[Key, R] : Rejected)
    V.Unconfirmed.push_back(std::move(R));
  V.V = Vd;
  if (!CutNote.empty()) {
    V.BoundMayCut = true;
    if (!Reason.empty())
      Reason += "; ";
    Reason += CutNote;
  }
  V.Reason = std::move(Reason);
  V.Stats.States = StoredBefore + Recs.size();
  V.Stats.ChainSteps = ChainSteps;
  V.OutOfStates = work() >= Opts.MaxStates;
  V.Stats.Transitions = Transitions;
  V.Stats.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  // Packed key, plus the hash node and the parent record around it (of the
  // last search).
  V.Stats.BytesPerState = Recs.empty()
                              ? 0
                              : KeyBytes / Recs.size() + sizeof(StateRec) +
                                    sizeof(std::string) + 2 * sizeof(void *);
  return V;
}

std::string Search::budgetSpent() {
  if (work() >= Opts.MaxStates)
    return "state budget " + std::to_string(Opts.MaxStates) + " exhausted";
  // The same estimate as Stats.BytesPerState, for the whole store.
  if (KeyBytes + ChainSteps * sizeof(Move) +
          Recs.size() *
              (sizeof(StateRec) + sizeof(std::string) + 2 * sizeof(void *)) >
      Opts.MaxMemoryBytes)
    return "memory ceiling " + std::to_string(Opts.MaxMemoryBytes >> 20) +
           " MiB reached";
  // Every 64 expansions, starting with the first: a deadline that has
  // passed stops the search before it expands anything.
  if ((Iter++ & 63) == 0 && Clock::now() >= Deadline)
    return "time budget exhausted";
  return "";
}

void Search::expand(const Config &C, uint64_t Order) {
  unsigned N = C.Threads.size();
  Moves.assign(N, {});
  Succs.assign(N, {});
  Keys.assign(N, {});
  Orders.assign(N, {});
  Full.assign(N, true);
  for (uint32_t I = 0; I < N; ++I) {
    bool F;
    P.movesOf(C, I, Moves[I], Succs[I], F, &CutNote);
    Full[I] = F;
    for (unsigned K = 0; K < Succs[I].size(); ++K) {
      Orders[I].push_back(lockOrderAfter(P, Order, C, Moves[I][K].M));
      Keys[I].emplace_back();
      P.pack(Succs[I][K], Keys[I].back());
      orderKey(Keys[I].back(), Orders[I].back());
    }
  }
}

bool Search::invisible(const Config &C, const Config &S) const {
  for (uint32_t T = 0; T < S.Threads.size(); ++T)
    if (P.accessPoint(C, T) != P.accessPoint(S, T))
      return false;
  return true;
}

void Search::extendChain(uint32_t I, Config &C, std::string &Key,
                         std::vector<Move> &Chain, std::vector<MoveInfo> &Sleep,
                         uint64_t &LockOrder) {
  std::vector<MoveInfo> M;
  std::vector<Config> S;
  std::string Next;
  std::unordered_set<std::string> Seen;
  while (work() < Opts.MaxStates) {
    M.clear();
    S.clear();
    bool F;
    P.movesOf(C, I, M, S, F, &CutNote);
    // The same test as persistentThread's for a single move; a stored or
    // already chained successor ends the chain (the cycle proviso).
    if (M.size() != 1 || !F || M[0].All || !invisible(C, S[0]))
      return;
    for (uint32_t J = 0; J < C.Threads.size(); ++J)
      if (J != I && P.futureMeets(C, J, M[0].Objs, false))
        return;
    uint64_t NextOrder = lockOrderAfter(P, LockOrder, C, M[0].M);
    P.pack(S[0], Next);
    orderKey(Next, NextOrder);
    if (Index.count(Next) || !Seen.insert(Next).second)
      return;
    llvm::erase_if(Sleep,
                   [&](const MoveInfo &Z) { return !independent(Z, M[0]); });
    ++ChainSteps;
    ++Transitions;
    LockOrder = NextOrder;
    Chain.push_back(M[0].M);
    C = std::move(S[0]);
    std::swap(Key, Next);
  }
}

int Search::persistentThread(const Config &C) const {
  // All moves of one thread, if they are invisible, that thread is not
  // blocked on others, no other thread's future touches what they touch,
  // and none closes a cycle (BFS proviso).
  unsigned N = C.Threads.size();
  for (uint32_t I = 0; I < N; ++I) {
    if (Moves[I].empty() || !Full[I])
      continue;
    bool Ok = true;
    std::vector<unsigned> Objs;
    bool All = false;
    for (unsigned K = 0; K < Moves[I].size() && Ok; ++K) {
      const MoveInfo &MI = Moves[I][K];
      All = All || MI.All;
      Objs.insert(Objs.end(), MI.Objs.begin(), MI.Objs.end());
      if (!invisible(C, Succs[I][K]))
        Ok = false; // Visible: changes the enabled accesses.
      if (Index.count(Keys[I][K]))
        Ok = false; // Proviso.
    }
    for (uint32_t J = 0; J < N && Ok; ++J)
      if (J != I && P.futureMeets(C, J, Objs, All))
        Ok = false;
    if (Ok)
      return I;
  }
  return -1;
}

bool Search::takeMoves(uint32_t Id, const Config &C, int Only,
                       const std::vector<MoveInfo> &Sleep) {
  std::vector<MoveInfo> Done;
  for (uint32_t I = 0; I < Moves.size(); ++I) {
    if (Only >= 0 && I != uint32_t(Only))
      continue;
    for (unsigned K = 0; K < Moves[I].size(); ++K) {
      const MoveInfo &MI = Moves[I][K];
      if (contains(Sleep, MI.M))
        continue;
      ++Transitions;
      std::vector<MoveInfo> ChildSleep;
      if (Opts.PartialOrderReduction) {
        for (const MoveInfo &Z : Sleep)
          if (independent(Z, MI))
            ChildSleep.push_back(Z);
        for (const MoveInfo &Z : Done)
          if (independent(Z, MI))
            ChildSleep.push_back(Z);
      }
      Done.push_back(MI);
      std::vector<Move> Chain;
      uint64_t LockOrder = Orders[I][K];
      if (Only >= 0 && Moves[I].size() == 1)
        extendChain(I, Succs[I][K], Keys[I][K], Chain, ChildSleep, LockOrder);
      auto [SId, New] = add(Keys[I][K], Id, MI.M);
      if (New) {
        Recs[SId].Sleep = std::move(ChildSleep);
        Recs[SId].Chain = std::move(Chain);
        Recs[SId].LockOrder = LockOrder;
        // A chain's inner configurations have the races of its first: the
        // moves are invisible.
        if (noteRaces(SId, Succs[I][K]))
          return true;
        continue;
      }
      // Revisited with another sleep set: keep the intersection and
      // explore again what the smaller set no longer excludes.
      std::vector<MoveInfo> &Old = Recs[SId].Sleep;
      std::vector<MoveInfo> Meet;
      for (const MoveInfo &Z : Old)
        if (contains(ChildSleep, Z.M))
          Meet.push_back(Z);
      if (Meet.size() != Old.size()) {
        Old = std::move(Meet);
        if (!Recs[SId].Queued) {
          Recs[SId].Queued = true;
          Queue.push_back(SId);
        }
      }
    }
  }
  return false;
}

bool Search::infeasibleOpen() const {
  for (const auto &[Key, R] : Rejected)
    if (R.Infeasible && !Decided.count(Key))
      return true;
  return false;
}

LocationVerdict Search::run() {
  Start = Clock::now();
  auto LocDeadline =
      Start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(Opts.TimeoutSeconds));
  if (LocDeadline < Deadline)
    Deadline = LocDeadline;

  std::string Key;
  Config Init = P.initial();
  P.pack(Init, Key);
  orderKey(Key, 0);
  add(Key, UINT32_MAX, Move());
  Potential = P.potentialPairs(Opts.MaxRacesPerLocation);
  if (noteRaces(0, Init))
    return finish(Verdict::Race, "");

  while (true) {
    while (!Queue.empty()) {
      if (std::string Why = budgetSpent(); !Why.empty())
        return finish(Verdict::Unknown, std::move(Why));
      uint32_t Id = Queue.front();
      Queue.pop_front();
      Recs[Id].Queued = false;
      Config C = P.unpack(
          OrderKeyed
              ? Recs[Id].Key->substr(0, Recs[Id].Key->size() - sizeof(uint64_t))
              : *Recs[Id].Key);
      std::vector<MoveInfo> Sleep = Recs[Id].Sleep;
      expand(C, Recs[Id].LockOrder);
      int Only = Opts.PartialOrderReduction ? persistentThread(C) : -1;
      if (takeMoves(Id, C, Only, Sleep))
        return finish(Verdict::Race, "");
    }
    // lock-order: every interleaving the replay checked for a pair was one
    // the program cannot take, and the search kept only the first path to
    // each configuration: data the model does not track (a list a reader
    // walks after the writer filled it) may depend on the order of critical
    // sections. Search again, telling configurations apart by that order,
    // with what is left of the budget.
    if (OrderKeyed || !infeasibleOpen())
      break;
    OrderKeyed = true;
    StoredBefore += Recs.size();
    Index.clear();
    Recs.clear();
    KeyBytes = 0;
    Key.clear();
    P.pack(Init, Key);
    orderKey(Key, 0);
    add(Key, UINT32_MAX, Move());
  }
  for (const ThreadGraph *G : P.Graphs)
    if (G->Truncated)
      return finish(Verdict::Unknown,
                    "thread graph truncated (recursion or size budget)");
  if (P.NestedOnceSkipped)
    return finish(Verdict::Unknown,
                  "a once call inside a once body was not explored");
  return finish(Verdict::Refuted, "");
}

LocationVerdict mc::explore(const ExplorerInput &In,
                            const ModelCheckOptions &Opts,
                            Clock::time_point ModuleDeadline) {
  Prepared P(In, Opts, ModuleDeadline);
  if (!P.complete()) {
    LocationVerdict V;
    V.Loc = In.Loc;
    V.Reason = NotExaminedReason;
    V.Examined = false;
    return V;
  }
  Search S(P, Opts, ModuleDeadline);
  return S.run();
}
