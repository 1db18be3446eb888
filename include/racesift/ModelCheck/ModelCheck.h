//===- ModelCheck.h - Bounded-thread BFS over Pthreads semantics -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Layer 2 (sections 3, 4.2 and 4.3 of the paper): each candidate location is
// checked for EF datarace(v) by an on-the-fly BFS over the global transition
// system, with at most ThreadBound instances per creation site. A reachable
// race comes with the interleaving that reaches it.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_MODELCHECK_MODELCHECK_H
#define RACESIFT_MODELCHECK_MODELCHECK_H

#include "racesift/Lockset/Lockset.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace racesift {

struct RacePair;

struct ModelCheckOptions {
  unsigned ThreadBound = 2; ///< Instances per creation site.
  /// A creation site whose loop runs it at most N times (CreationSite::
  /// MaxRuns) gets N instances instead of ThreadBound, up to this many:
  /// then no refutation of it depends on the bound.
  unsigned MaxLoopThreads = 8;
  uint64_t MaxStates = 1000000; ///< Per candidate location.
  /// For all candidate locations of a module, in examination order (0: no
  /// limit): a deterministic budget, where the module's deadline is only a
  /// safety net. A location started with less left than MaxStates gets
  /// what is left; none starts once it is spent.
  uint64_t MaxModuleStates = 0;
  /// Ceiling on the explorer's state store per candidate location.
  uint64_t MaxMemoryBytes = uint64_t(2048) << 20;
  double TimeoutSeconds = 10;       ///< Per candidate location.
  double ModuleTimeoutSeconds = 60; ///< For all candidates of a module.
  /// The module's deadline, if the caller has one (the pass: the start of
  /// the whole analysis plus its timeout); it replaces ModuleTimeoutSeconds.
  /// No location is started after it, and one under way stops at its next
  /// clock check.
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  bool SpuriousWakeups = false;    ///< A wait may return without a signal.
  bool AnyThreadMayUnlock = false; ///< Linux: rel by a non-owner frees.
  bool PartialOrderReduction = true;
  /// Racing access pairs confirmed per location before the search stops.
  unsigned MaxRacesPerLocation = 32;
  bool Stats = false;
  /// Synchronisation the explorer ignores (more behaviour), to explain a
  /// refutation: print<racesift-mc> checks a refuted location again with
  /// each relaxed and names the first whose relaxation finds the race.
  enum RelaxBits : unsigned {
    RelaxLocks = 1,
    RelaxData = 2,
    RelaxJoins = 4,
    RelaxIndices = 8, ///< Per-instance indices never tell addresses apart.
    /// loop-counter abstraction: the counters of threads that manage no
    /// threads and count no synchronisation are not tracked (their loops
    /// may exit after any iteration). checkCandidates tries it first: its
    /// refutations stand, anything else is searched again without it.
    RelaxCounters = 16,
  };
  unsigned Relax = 0;
  /// Tracked variables whose tests the explorer ignores (both branches):
  /// racy-flag, flags that are themselves raced on order nothing.
  std::vector<DataVarId> RelaxVars;
  /// Checks a racing pair's interleaving against the program before it
  /// counts as a race (the pass: witness validation). Returns "" if the
  /// program can take it, else why not; may add notes to the pair (the
  /// values that make it happen). A rejected pair stays open and the search
  /// looks for another interleaving of it, up to WitnessesPerPair.
  std::function<std::string(RacePair &)> CheckWitness;
  unsigned WitnessesPerPair = 8;
};

enum class Verdict : uint8_t {
  Race,    ///< Reachable; Witness is set.
  Refuted, ///< Unreachable up to the thread bound.
  Unknown, ///< A budget ran out; Reason says which.
};

/// One step of an interleaving: thread instance Thread performs Step.
struct WitnessStep {
  unsigned Thread = 0; ///< Instance number, 0 = root thread.
  TemplateId Template = InvalidTemplate;
  std::string ThreadName; ///< "main", "worker#1", ...
  std::string Step;       ///< "lock m", "create worker#1", "write x", ...
  SourceLoc Loc;
  ActionKind Kind = ActionKind::Internal; ///< The action taken.
  /// What a replay of the step against the program needs (witness
  /// validation, docs/design-validate.md): the action's instruction,
  const llvm::Instruction *Inst = nullptr;
  /// the instance a Create starts (NoInstance: not run, thread bound), the
  /// instance a Join waits for,
  unsigned Target = NoInstance;
  /// a TryLock/SemTryWait's outcome (a Create's: false when it fails and
  /// no thread exists, create-result), and whether the step is a waiter
  /// waking up and re-taking its mutex (Wait) rather than starting to wait
  /// (a Wait that does not succeed: a timed wait's deadline passes).
  bool Succeeds = true;
  bool Resume = false;
  /// How many calls the thread is in, from its start routine (for a
  /// pthread_once routine, from that routine).
  unsigned CallDepth = 0;
  /// The racing accesses only (witnesses can be long): those calls,
  /// outermost first.
  std::vector<SourceLoc> Calls = {};
  static constexpr unsigned NoInstance = ~0u;
};

struct Witness {
  /// Ends with the two conflicting accesses, both enabled: the
  /// RacePair's First, then its Second.
  std::vector<WitnessStep> Steps;
  /// What makes the program take it, if whoever checked the witness knows
  /// ("with argc = 3"; CheckWitness sets it).
  std::string Condition;
};

/// invisible-chain: a step a thread takes alone through invisible moves is
/// not stored; this many of them cost the budgets one state.
constexpr uint64_t ChainStepsPerState = 4;

struct CheckStats {
  uint64_t States = 0;     ///< Configurations stored.
  uint64_t ChainSteps = 0; ///< Steps taken inside chains (not stored).
  uint64_t Transitions = 0;
  /// What the search cost the state budgets.
  uint64_t work() const { return States + ChainSteps / ChainStepsPerState; }
  /// Adds another search's states and chained steps.
  void addWork(const CheckStats &O) {
    States += O.States;
    ChainSteps += O.ChainSteps;
  }
  double Seconds = 0;
  uint64_t BytesPerState = 0;
};

/// The verdict for one candidate location. All candidates of Locs share it.
/// One racing access pair of a location, with the interleaving that
/// reaches it.
struct RacePair {
  MemLoc Loc;                  ///< The candidate location searched.
  AccessContext First, Second; ///< The two accesses, enabled at once.
  Witness W;
  /// Said by CheckWitness: notes of a confirmed pair, or why the program
  /// cannot take (or the replay could not follow) W.
  std::vector<std::string> Notes;
  std::string Rejected;
  /// Set by CheckWitness when it rejects W as one the program cannot take
  /// (not merely one it could not follow): an interleaving of the same
  /// threads at other points of their loops may still be taken.
  bool Infeasible = false;
};

struct LocationVerdict {
  MemLoc Loc;
  Verdict V = Verdict::Unknown;
  std::string Reason;       ///< For Unknown, and bound notes.
  bool BoundMayCut = false; ///< A creation in a loop met the thread bound.
  /// False if the module's budget ran out before the explorer looked at
  /// this location (Unknown): it was not started, or its setup was cut
  /// short.
  bool Examined = true;
  /// For Race: the first racing pair found, the two accesses that are
  /// enabled at once.
  AccessContext First, Second;
  Witness W;
  /// For Race: every further racing access pair, each with its own
  /// interleaving (at most MaxRacesPerLocation in all). The search goes on
  /// after the first race until every access pair that may race is
  /// confirmed, refuted or out of budget.
  std::vector<RacePair> OtherRaces;
  /// CheckWitness's notes on the first pair.
  std::vector<std::string> Notes;
  /// Pairs the explorer found racing whose every interleaving tried was
  /// rejected by CheckWitness (Rejected says why): possible races. If no
  /// pair was confirmed the verdict is Unknown.
  std::vector<RacePair> Unconfirmed;
  /// For Race: a budget ran out before every access pair was decided;
  /// Reason says which.
  bool PairsUndecided = false;
  /// Decided with the threads' loop counters untracked (RelaxCounters):
  /// refuted in fewer states, or every racing pair confirmed by the
  /// replay (CheckWitness), which runs the loops in full.
  bool CountersUntracked = false;
  /// The search stopped at its state budget, whatever Reason says (the
  /// rejection of the interleavings it found, say).
  bool OutOfStates = false;
  /// Refuted without a search: every unprotected pair is two instances of
  /// one thread at their own, different indices (distinct-indices).
  bool DistinctIndices = false;
  /// shared-exploration: the location whose exploration, the same as this
  /// one's, gave the verdict; Stats are that location's (spent once).
  std::optional<MemLoc> ExploredAs;
  CheckStats Stats;
};

/// Checks every candidate location (candidates grouped by Loc).
/// Decides the locations of LS.Candidates. An access pair counts as a race
/// only if the lockset layer did not prove it lock-protected (LS.Contexts):
/// that layer correlates locks through base pointers (`p->m` guards
/// `p->count`), which the explorer does not model, so a pair it protects is
/// never reported, whatever the explorer's locks allow.
std::vector<LocationVerdict> checkCandidates(const ThreadModel &TM,
                                             const LocksetResult &LS,
                                             const ModelCheckOptions &Opts);

} // namespace racesift

#endif // RACESIFT_MODELCHECK_MODELCHECK_H
