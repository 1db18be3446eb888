//===- Replay.h - One schedule of the program, run symbolically -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/Validate: the state of a replay (threads, memory, locks,
// path condition) and the interpreter of one thread's instructions.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_VALIDATE_REPLAY_H
#define RACESIFT_LIB_VALIDATE_REPLAY_H

#include "SymValue.h"

#include "racesift/ThreadModel/LibcModel.h"
#include "racesift/Validate/Validate.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/IR/BasicBlock.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm {
class CallBase;
class Constant;
class DataLayout;
class GEPOperator;
class GlobalValue;
class ReturnInst;
} // namespace llvm

namespace racesift {
namespace validate {

/// Threads a replay creates off the interleaving, at most.
constexpr unsigned MaxUnscheduled = 16, MaxUnscheduledPerSite = 4;
/// Later executions of a racing access tried (laterOccurrence).
constexpr unsigned MaxLaterOccurrences = 256;
/// Path::Interleave of a run-past schedule (RunPast.cpp), and how many of
/// the running thread's stores the other thread may follow.
constexpr unsigned RunPastFirst = 3;
constexpr unsigned MaxRunPast = 64;
constexpr uint64_t RunPastSegment = 20000;

/// A construct the replay does not model: the witness is not validated.
struct Unsupported {
  std::string Why;
};
/// The solver answered neither sat nor unsat within its limit.
struct SolverGaveUp : Unsupported {};

struct Frame {
  const llvm::Function *F = nullptr;
  const llvm::BasicBlock *BB = nullptr;
  llvm::BasicBlock::const_iterator It;
  /// In insertion order, not by address: copying and destroying a frame
  /// releases Z3 terms in this order, and Z3 hands freed term ids to new
  /// terms, so an address-ordered map made later queries' term ids (and the
  /// solver's work on them) differ from run to run.
  llvm::MapVector<const llvm::Value *, Val> Vals;
  const llvm::CallBase *CallSite = nullptr; ///< In the caller.
  /// A once routine's frame: the once control it runs for (0: none).
  uint64_t OnceControl = 0;
  /// A __VERIFIER_atomic_* body entered at its Lock step: its return is the
  /// Unlock step.
  bool UnlockOnReturn = false;
  /// Times each block was entered in this activation (a loop's count).
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> Visits;
  unsigned visits(const llvm::BasicBlock *BB) const {
    auto It = Visits.find(BB);
    return It == Visits.end() ? 0 : It->second;
  }
};

struct ThreadState {
  std::vector<Frame> Stack;
  bool Started = false;
  bool Done = false;
  uint64_t Id = 0; ///< Its pthread_t value.
  /// Joined where the interleaving shows no join (created off it, or with
  /// no step of its own left: join-finished).
  bool Joined = false;
  /// Runs to its end alone (joined, or at its exit step, with no step of
  /// its own left): its own locking happens as it runs, as for a thread
  /// created off the interleaving. The model checker may leave a loop
  /// early where the program runs it in full (loop-counter abstraction).
  bool ToEnd = false;
  unsigned LocksToEnd = 0; ///< Lock operations it took so, if scheduled.
  /// Mutexes of a several-mutex lock or unlock call (std::scoped_lock) it
  /// took or gave back so far: it stays at the call until all are done.
  unsigned LockPartsDone = 0;
  /// Lock operations it took between two of its steps that the
  /// interleaving does not show (a loop the model checker left early).
  unsigned ExtraLocks = 0;
  /// Timed waits that timed out where the interleaving does not show them.
  unsigned TimedOut = 0;
  /// The wait it is in timed out (the interleaving shows it): re-taking
  /// the mutex returns the timeout value.
  bool WaitTimedOut = false;
  /// The barrier (address, cycle) it waits at: it runs on when that cycle
  /// is complete.
  std::optional<std::pair<uint64_t, uint64_t>> AtBarrier;
  const llvm::Instruction *BarrierCall = nullptr;
  const llvm::CallBase *CreatedBy = nullptr; ///< Off the interleaving.
  /// The conditional branch it took last: where a dead path left the
  /// interleaving (refinement hints).
  const llvm::Instruction *LastBranch = nullptr;
  /// Whether the path had taken anything on trust (Path::Assumed) when the
  /// thread took LastBranch or a later indirect call.
  bool TrustBeforeBranch = false;
  std::optional<Val> Ret;
  /// Ret is the start routine's: the key destructors after it return none.
  bool RetKept = false;
  /// The destructors of the thread's thread_local objects
  /// (__cxa_thread_atexit), in registration order, with their object.
  std::vector<std::pair<const llvm::Function *, std::vector<Val>>>
      ThreadLocalDtors;
  /// The root thread of a module without main: the calls it makes after
  /// the one running (the environment's next entries).
  std::vector<std::pair<const llvm::Function *, std::vector<Val>>> Then;
  /// Each next call's first pointer parameter gets the pointer the call
  /// before gave back (Replayer::givenBack): a handle passed back.
  bool PassBack = false;
  /// pthread_cancel asked it to end (deferred: at its next cancellation
  /// point), and how it takes that (Cancel.cpp).
  bool CancelPending = false, CancelDisabled = false, CancelAsync = false;
  /// Cleanup handlers pushed and not popped.
  int CleanupHandlers = 0;
  /// Its instance of the library's per-thread state (errno), by function.
  std::map<const llvm::Function *, uint64_t> LibraryState;
  /// signals (Signals.cpp): what it blocks and what was sent to it and is
  /// pending, signals 1-64 as bits.
  uint64_t SigBlocked = 0, SigPending = 0;
};

/// The replay's memory, byte by address. Paths fork at every symbolic
/// branch and each fork copies its memory: writes go to a top layer over
/// shared, frozen layers, and a fork freezes a large top first, so a copy
/// costs a few pointers (at most MaxLayers, merged into one past that).
/// Layers are open-addressing maps (a byte stored is no allocation of its
/// own: C++ containers' replays spent most of their time in malloc); the
/// two addresses a DenseMap keeps for itself (~0 and ~0 - 1, reached by
/// `p - 1` on a null pointer) live in a side map.
class ByteMemory {
  using Map = llvm::DenseMap<uint64_t, Val>;
  static constexpr size_t MaxLayers = 8;
  static bool reserved(uint64_t Addr) {
    return Addr == llvm::DenseMapInfo<uint64_t>::getEmptyKey() ||
           Addr == llvm::DenseMapInfo<uint64_t>::getTombstoneKey();
  }
  std::vector<std::shared_ptr<const Map>> Layers; ///< Oldest first.
  Map Top;
  std::map<uint64_t, Val> Reserved;

public:
  const Val *find(uint64_t Addr) const {
    if (reserved(Addr)) {
      auto It = Reserved.find(Addr);
      return It == Reserved.end() ? nullptr : &It->second;
    }
    auto It = Top.find(Addr);
    if (It != Top.end())
      return &It->second;
    for (size_t I = Layers.size(); I-- > 0;) {
      auto B = Layers[I]->find(Addr);
      if (B != Layers[I]->end())
        return &B->second;
    }
    return nullptr;
  }
  /// The reference lives until the next set.
  const Val &set(uint64_t Addr, Val V) {
    if (reserved(Addr))
      return Reserved[Addr] = std::move(V);
    return Top[Addr] = std::move(V);
  }
  /// Before a copy: a top of more than a few bytes becomes a shared layer.
  void freeze() {
    if (Top.size() < 64)
      return;
    Layers.push_back(std::make_shared<const Map>(std::move(Top)));
    Top = Map();
    if (Layers.size() <= MaxLayers)
      return;
    auto All = std::make_shared<Map>();
    for (const auto &L : Layers)
      for (const auto &[A, V] : *L)
        (*All)[A] = V;
    Layers.assign(1, std::move(All));
  }
};

struct HeldLock {
  uint64_t Addr = 0;
  unsigned Owner = 0;
  bool Shared = false;
  unsigned Count = 0;
};

/// A barrier as pthread_barrier_init made it, and the waiters of its
/// current cycle with their results.
struct BarrierState {
  uint64_t Count = 0;
  uint64_t Cycle = 0;
  std::vector<z3::expr> Results;
};

/// One end of a channel the program made itself (pipe, socketpair): the
/// bytes written to its peer and not read yet.
struct ChannelEnd {
  int64_t Peer = -1; ///< The end its writes go to; -1: a pipe's read end.
  std::deque<Val> Bytes;
  unsigned Writers = 0; ///< Open ends that write into it.
  bool NonBlocking = false;
  bool Closed = false;
  unsigned Fds = 1; ///< Open descriptors of this end.
};

/// The C library's random() state: the seed srand/srandom gave (1 before
/// any) and how many numbers were drawn since.
struct RandomState {
  unsigned Seed = 1;
  uint64_t Calls = 0;
};
/// Numbers of one seed's sequence replayed; past them rand() is untrusted.
constexpr uint64_t MaxRandomCalls = 1 << 16;

/// An eventfd the program made: its count, and how reads take it.
struct EventCounter {
  uint64_t Count = 0;
  bool NonBlocking = false;
  bool Semaphore = false; ///< EFD_SEMAPHORE: a read takes 1.
};

/// A registered exit handler and its arguments; on_exit's first argument
/// is the exit status, known when it runs.
struct ExitHandlerCall {
  const llvm::Function *F = nullptr;
  std::vector<Val> Args;
  bool TakesStatus = false;
};

/// One path of the replay: everything a fork copies.
struct Path {
  std::vector<ThreadState> Threads;
  ByteMemory Mem;
  std::vector<z3::expr> PC;
  /// Choices the path made on symbolic values (a branch on an input, a
  /// count pinned): before the first, every value is the one every run
  /// computes (frozen-branch refinement).
  unsigned SymbolicChoices = 0;
  std::vector<HeldLock> Locks;
  std::set<uint64_t> OnceDone;
  /// exit-handlers: what atexit, __cxa_atexit and on_exit registered on
  /// this path, in order, with their arguments; main's thread runs them,
  /// latest first, when main returns.
  std::vector<ExitHandlerCall> ExitHandlers;
  std::map<uint64_t, BarrierState> Barriers;
  /// Channel ends by id, and the end of each descriptor (dup gives one end
  /// two descriptors).
  std::map<int64_t, ChannelEnd> Channels;
  std::map<int64_t, int64_t> ChannelFds;
  /// Descriptors and streams of the program's own channels the replay does
  /// not keep (eventfd, a FIFO, a message queue): a read from one is a
  /// wait the replay does not keep (Path::UnkeptWait).
  std::set<uint64_t> OwnUnkept;
  /// The program's eventfds, by descriptor.
  std::map<int64_t, EventCounter> Counters;
  /// Results of library functions the program's own data fixes but the
  /// replay does not compute (Determined.cpp): a race whose interleaving
  /// depends on one is not confirmed.
  std::vector<std::pair<std::string, z3::expr>> Untrusted;
  /// Objects a library function handed out whose bytes the program's data
  /// fixes (localtime's buffer, bsearch's element): their unwritten bytes
  /// read as this array's (an Untrusted term), by address.
  std::map<uint64_t, z3::expr> UntrustedObjects;
  /// The first wait on a channel of the program's own that the replay
  /// does not keep ("'sigwait' at line 16 waits on ..."): no race met after
  /// it is confirmed.
  std::string UnkeptWait;
  bool MadeFifo = false;
  /// Thread-specific data by (thread, key); the last key made.
  std::map<std::pair<unsigned, uint64_t>, Val> Specific;
  /// key-destructors: by key, what pthread_key_create registered.
  std::map<uint64_t, const llvm::Function *> KeyDestructors;
  /// Where strtok(NULL, ...) goes on (0: nowhere).
  uint64_t TokenNext = 0;
  /// random()'s state; none once seeded with an input.
  std::optional<RandomState> Random = RandomState();
  /// The environment variables the program set (0: it unset them), at
  /// the address of their value.
  std::map<std::string, uint64_t> Env;
  /// Thread names pthread_setname_np gave, by thread id.
  std::map<uint64_t, std::string> ThreadNames;
  uint64_t LastKey = 0;
  int64_t NextChannelFd = 1000;
  std::map<const llvm::GlobalValue *, uint64_t> Globals;
  /// Thread-local globals, by (global, thread).
  std::map<std::pair<const llvm::GlobalValue *, unsigned>, uint64_t>
      ThreadLocals;
  std::map<uint64_t, const llvm::Function *> FunctionAt;
  std::vector<std::pair<std::string, z3::expr>> Inputs;
  /// What the path took on trust (an unknown function's result and
  /// effects, inline assembly): a path that dies after it proves nothing.
  std::string Assumed;
  /// Objects by base address, with their sizes.
  std::map<uint64_t, uint64_t> Objects;
  std::map<uint64_t, const llvm::BasicBlock *> BlockAt;
  uint64_t NextBase = uint64_t(1) << 20;
  size_t Next = 0; ///< The next step to replay.
  /// Interleave the two threads' last segments at their shared accesses,
  /// the first (1) or the second (2) racing thread first; 0: in turn;
  /// RunPastFirst (+1): the first (second) racing thread runs past its
  /// access before the other reaches its own (RunPast.cpp).
  unsigned Interleave = 0;
  /// A forked path: the branch decision it resumes with, and where: the
  /// branch and the thread standing at it (other threads may step first).
  std::optional<unsigned> Forced;
  const llvm::Instruction *ForcedAt = nullptr;
  unsigned ForcedThread = 0;
  uint64_t SegmentSteps = 0;
  /// Threads created off the interleaving (unscheduledStep), by index,
  /// in the slots from FirstUnscheduled on.
  std::vector<unsigned> Unscheduled;
  unsigned FirstUnscheduled = 0;
};

/// One conversion of a printf or scanf format (Formatted.cpp):
/// `%[*][flags][width][.prec][length]conv`, with the text before it.
struct FormatConversion {
  std::string Literal;
  std::string Flags;
  std::optional<unsigned> Width, Precision;
  bool StarWidth = false, StarPrecision = false, Suppress = false;
  std::string Length;
  char Conv = 0;
  std::string Set; ///< scanf's `[...]`, brackets included.
};

/// Whether N is one of L (library function names).
inline bool isOneOf(llvm::StringRef N,
                    std::initializer_list<llvm::StringRef> L) {
  return llvm::is_contained(L, N);
}

/// A library function's name as the user wrote it: C++ names demangled,
/// libstdc++'s std::string spelled so (Calls.cpp).
std::string displayName(llvm::StringRef N);

/// " at line N" of I's source line, or "" without one.
/// What a timed wait returns when its deadline passes: thrd_timedout (4)
/// for C11's cnd_timedwait, ETIMEDOUT for the pthread ones.
unsigned timedOutValue(const llvm::CallBase &CB);

inline std::string atLine(const llvm::Instruction &I) {
  const llvm::DebugLoc &DLoc = I.getDebugLoc();
  return DLoc ? " at line " + std::to_string(DLoc.getLine()) : std::string();
}

/// Why a path ended without reaching its next step.
struct Dead {
  std::string Why;
};

/// Whether the thread reached the instruction of the step it runs to.
enum class Advance : uint8_t { Reached, Dead };
/// How far a thread got in a slice of an interleaved schedule.
enum class Slice : uint8_t { Reached, Dead, Yield };

/// The pointers of the loads of global memory that Branch's condition
/// depends on, through arithmetic, the function's locals and the results
/// of defined callees (a bounded static slice; Refine.cpp).
std::vector<const llvm::Value *> memoryReadBy(const llvm::Instruction &Branch);

class Replayer {
public:
  Replayer(const ThreadModel &TM, const ReplayInput &In,
           const ValidationOptions &Opts, const llvm::DataLayout &DL);
  ValidationResult run();

private:
  const ThreadModel &TM;
  /// The steps to replay: the witness's, less the guards on data that no
  /// other thread can change (see the constructor).
  ReplayInput In;
  const ValidationOptions &Opts;
  const llvm::DataLayout &DL;
  /// Shared by the replays of a process: deleting a context that has built
  /// many terms costs seconds (Z3_del_context), more than the replay.
  z3::context &Ctx;
  /// The replay's solver (see solver()) and the resource limit set on it.
  std::optional<z3::solver> Solver;
  unsigned SolverLimit = 0;
  /// At most this many units per query while set (a branch's feasibility:
  /// see choose), so one hard query does not spend the replay's budget.
  std::optional<uint64_t> QueryCap;
  /// A branch's alternative was dropped because the solver gave up on it:
  /// if no path reaches the race, the search was not complete.
  bool DroppedBranch = false;
  /// Set when a string function's certain byte missed the other access:
  /// the two may still meet further on, so no path that misses them so
  /// proves the interleaving infeasible.
  std::string InexactMiss;
  /// Why a race met was not confirmed although its accesses meet: it comes
  /// after a wait the replay does not keep, or depends on an untrusted
  /// result.
  std::string UncheckedMeet;
  /// Instructions a thread may run between two steps (Opts.MaxSegment;
  /// less while a run-past schedule tries the other thread).
  uint64_t SegmentCap = Opts.MaxSegment;
  /// The conjuncts asserted in Solver, one scope each (modelOf).
  std::vector<z3::expr> Asserted;
  /// The solver's last models, most recent first, with the conjuncts each
  /// was found true or false in (by AST id): a query one of them satisfies
  /// is answered without the solver (knownModel).
  struct KnownModel {
    z3::model M;
    llvm::DenseMap<unsigned, bool> Holds;
  };
  std::vector<KnownModel> Known;
  /// The terms whose AST ids Known and Nonlinear key on: Z3 gives a freed
  /// term's id to the next new one, so a memo by id must keep its terms.
  std::vector<z3::expr> Pinned;
  static constexpr size_t MaxKnownModels = 8;
  SymOps Ops;
  llvm::DenseSet<const llvm::Instruction *> Blocking;
  std::map<std::pair<const llvm::Instruction *, ActionKind>, const Action *>
      ActionAt;
  /// The lock or unlock actions of one call in order, where it has several
  /// (std::scoped_lock's constructor and destructor, one per mutex).
  std::map<std::pair<const llvm::Instruction *, ActionKind>,
           std::vector<const Action *>>
      LockPartsAt;
  /// glibc's random() sequences by seed, each MaxRandomCalls long.
  std::map<unsigned, std::vector<int32_t>> RandomSequences;
  std::vector<Path> Pending; ///< Forked paths, depth first.
  std::vector<Path> Finals;  ///< Paths to retry with interleaved accesses.
  uint64_t Steps = 0;
  /// The thread whose instruction step() runs (for thread_local globals).
  unsigned Stepping = 0;
  unsigned Queries = 0, Paths = 0, Fresh = 0;
  uint64_t SolverWork = 0; ///< Z3 "rlimit count" of Ctx so far.
  std::string DeadWhy;
  size_t DeadDepth = 0;
  std::string DeadAssumed; ///< Set if a dead path had taken something on trust.
  /// The last branch of the thread whose next step the deepest dead path
  /// missed.
  const llvm::Instruction *DeadBranch = nullptr;
  /// Conditional branches the replay computed from constants before any
  /// symbolic choice (Path::SymbolicChoices), with the successor taken, in
  /// the order first met; a branch seen taking both sides is dropped
  /// (frozen-branch refinement).
  std::vector<FixedBranch> Concrete;
  llvm::DenseMap<const llvm::Instruction *, int> ConcreteIndex;
  void noteConcrete(const Path &P, const llvm::Instruction &Br, unsigned Succ);

  /// The calls the root thread's replay may make: main, or in a module
  /// without it, sequences of the external functions that reach its steps.
  std::vector<std::vector<const llvm::Function *>> entriesToTry() const;
  Path initialPath(llvm::ArrayRef<const llvm::Function *> Calls,
                   unsigned Instances, bool PassBack);

  // Paths and the solver.
  bool runPath(Path &P);
  /// A model of PC and *Extra, nullopt if there is none. Every query goes
  /// through here: it counts against MaxQueries and has a resource limit,
  /// so it ends the same way on any machine (Unsupported past either).
  z3::solver &solver();
  std::optional<z3::model> modelOf(const Path &P, const z3::expr *Extra);
  /// A model of PC and *Extra among the solver's last ones, if any; each
  /// conjunct evaluated costs one resource unit.
  std::optional<z3::model> knownModel(const Path &P, const z3::expr *Extra);
  /// A model of a nonlinear query (PC and *Extra), from a solver of its own
  /// made with the qfbv tactic.
  std::optional<z3::model> modelOfWhole(const Path &P, const z3::expr *Extra);
  /// Checks what S holds: its model (remembered) if sat, nullopt if unsat;
  /// throws SolverGaveUp otherwise. Stage and Conjuncts are for the log.
  std::optional<z3::model> answer(z3::solver &S, const char *Stage,
                                  size_t Conjuncts);
  /// Adds M to the known models.
  void remember(const z3::model &M);
  /// E multiplies two unknowns or divides by one (memoised by AST id).
  bool nonlinear(const z3::expr &E);
  llvm::DenseMap<unsigned, bool> Nonlinear;
  /// Some conjunct of PC and *Extra is nonlinear.
  bool nonlinearQuery(const Path &P, const z3::expr *Extra);
  /// smallInputModel of the query PC and *Extra (a nonlinear one).
  std::optional<z3::model> smallInputModel(const Path &P,
                                           const z3::expr *Extra);
  /// A model of Query's conjuncts with every unknown a small value, if a
  /// bounded search finds one.
  std::optional<z3::model> smallInputModel(const z3::expr_vector &Query);
  void logCheck(const char *Stage, z3::check_result Res, uint64_t Units,
                size_t Conjuncts) const;
  static constexpr unsigned MaxSmallInputs = 64;
  static constexpr uint64_t MaxSmallInputEvals = 4000, EvalUnits = 5;
  /// Every query's resource limit.
  unsigned solverLimit() const;
  z3::params limits();
  /// Reads what the last check spent (Z3 counts per context).
  void spent(const z3::stats &St);
  /// A model of PC and Extra with the inputs as small as the solver finds
  /// them within its limit (one query), or nullopt.
  std::optional<z3::model>
  smallestModel(const Path &P, const z3::expr &Extra,
                const std::vector<std::pair<std::string, z3::expr>> &Inputs);
  /// Whether PC and B may hold together.
  bool satisfiable(const Path &P, const z3::expr &B);
  /// Decides a symbolic branch: the successors that may be taken; the
  /// first continues on P, the others are forked.
  /// Visits[K]: how often the K-th successor's block was entered; the
  /// least visited feasible one is taken first (a symbolic loop is left
  /// before it is run again), the others wait.
  unsigned choose(Path &P, const llvm::Instruction &At, unsigned T,
                  const std::vector<z3::expr> &Conds,
                  const std::vector<unsigned> &Visits);
  uint64_t concretize(Path &P, const Val &V, const char *What);
  /// A copy's or fill's byte count that depends on inputs (memcpy of a
  /// strlen), fixed to a small value the path allows: the path goes on
  /// with those inputs, and its death proves nothing (Path::Assumed).
  uint64_t pinCount(Path &P, const Val &V, const char *What);
  /// Records why path P dies. ControlLeft: the thread due next took a path
  /// without that step (trust-after-branch applies).
  void dead(const Path &P, std::string Why, bool ControlLeft = false);
  std::string describe(const ReplayStep &S) const;

  // Memory.
  uint64_t allocate(Path &P, uint64_t Size);
  uint64_t addressOf(Path &P, const llvm::GlobalValue *G);
  Val load(Path &P, uint64_t Addr, llvm::Type *Ty, const std::string &Name);
  void store(Path &P, uint64_t Addr, const Val &V, llvm::Type *Ty);
  /// The value whose N bytes one store wrote at Addr, if they are all
  /// there in order.
  std::optional<Val> wholeStored(const Path &P, uint64_t Addr,
                                 uint64_t N) const;
  void initialise(Path &P, uint64_t Addr, const llvm::Constant *C);
  Val fresh(Path &P, unsigned W, const std::string &Name);
  /// A value the program's data fixes and the replay does not compute
  /// (What names it): a race whose interleaving depends on it is possible.
  Val untrusted(Path &P, unsigned W, const std::string &What);
  /// A floating-point instruction (FloatingPoint.cpp): computed when its
  /// operands (A, and B if binary) are concrete, else untrusted.
  Val floatingPoint(Path &P, const llvm::Instruction &I, const Val &A,
                    const Val *B);

  // The interpreter.
  Val eval(Path &P, Frame &F, const llvm::Value *V);
  Val evalConstant(Path &P, const llvm::Constant *C);
  Val pointerOffset(Path &P, Frame &F, const llvm::GEPOperator &GEP);
  Advance advance(Path &P, unsigned T, const ReplayStep *S);
  /// Runs T up to S's instruction or past its next access to memory other
  /// than its stack.
  Slice advanceShared(Path &P, unsigned T, const ReplayStep &S);
  /// Executes one instruction of thread T; false if the path died.
  bool step(Path &P, unsigned T);
  bool enterBlock(Path &P, Frame &F, const llvm::BasicBlock *To);
  bool call(Path &P, unsigned T, const llvm::CallBase &CB);
  /// A synchronisation call the interleaving does not take: a create (of a
  /// thread the model checker left out) or a detach goes on; any other
  /// kills the path.
  bool unscheduledStep(Path &P, unsigned T, const llvm::CallBase &CB);
  /// Starts instance Instance of template Tgt, created by CB in thread T.
  void startCreated(Path &P, unsigned T, const llvm::CallBase &CB,
                    const CreationSite &CS, TemplateId Tgt, unsigned Instance);
  bool external(Path &P, unsigned T, const llvm::CallBase &CB,
                const llvm::Function &Callee);
  /// qsort-comparator: runs a qsort's comparator once, on the first two
  /// elements, the sorted array unknown; false if it cannot (fewer than
  /// two elements, a comparator it cannot name).
  bool qsortComparator(Path &P, unsigned T, const llvm::CallBase &CB,
                       const std::string &Where);
  /// The frame of Callee called at CB with Args (a missing one is 0).
  Frame callFrame(const llvm::Function &Callee, const llvm::CallBase &CB,
                  llvm::ArrayRef<Val> Args);
  void finishCall(Path &P, unsigned T, const llvm::CallBase &CB,
                  std::optional<Val> Result);
  /// finishCall with the number R as CB's result, at its width (a pointer's
  /// 64 bits; none for other types); true.
  bool finishWith(Path &P, unsigned T, const llvm::CallBase &CB, int64_t R);
  /// What a finished top-level call gives back to the next one: the
  /// pointer it returned, else what it stored through its first pointer
  /// parameter (an out-parameter, `*out = c`), if anything.
  std::optional<Val> givenBack(Path &P, const Frame &F,
                               const llvm::ReturnInst &Ret,
                               const std::optional<Val> &R);
  /// Thread T (the root of a module without main) starts the first of its
  /// pending calls (ThreadState::Then), its first pointer parameter given
  /// Given.
  void startNextCall(Path &P, unsigned T, const std::optional<Val> &Given);
  /// exit-handlers: thread T's next calls are the handlers the path
  /// registered, latest first (main returning, or exit()).
  /// Status: what main returned or exit was given (on_exit's handlers
  /// get it).
  void queueExitHandlers(Path &P, unsigned T, const Val &Status);
  /// key-destructors: queues on T's pending calls the destructors of its
  /// thread_local objects, latest first, then the destructor of each key T
  /// holds a value for, with the value (which becomes NULL); false if
  /// there are none.
  bool queueThreadExitHandlers(Path &P, unsigned T);
  /// What pthread_exit (thrd_exit, __pthread_unwind_next) at CB gives a
  /// join of thread T; unsupported with a cleanup handler registered (it
  /// would run through a non-local jump).
  std::optional<Val> exitValue(Path &P, unsigned T, const llvm::CallBase &CB);
  /// Ends thread T's code at pthread_exit with join value Ret: its thread
  /// exit handlers run first, as its next calls; false if it has none.
  bool endWithThreadExitHandlers(Path &P, unsigned T,
                                 const std::optional<Val> &Ret);
  void startThread(Path &P, unsigned T, const llvm::Function &Entry,
                   std::vector<Val> Args);

  // Steps.
  bool perform(Path &P, const ReplayStep &S);
  /// Signal sets, masks, pthread_kill and sigwait (Signals.cpp), or
  /// nothing if the call is none of those or its data is not fixed.
  std::optional<bool> signalCall(Path &P, unsigned T, const llvm::CallBase &CB,
                                 llvm::StringRef N);
  /// Whether the module may signal the whole process (then sigwait is an
  /// unkept wait); computed on first use.
  std::optional<bool> ProcessSignals;
  /// pipe, pipe2, socketpair, and read/write/recv/send/close/dup on their
  /// ends, and the program's own channels the replay does not keep
  /// (Channels.cpp); nullopt for any other call.
  std::optional<bool> channelCall(Path &P, unsigned T, const llvm::CallBase &CB,
                                  llvm::StringRef N);
  /// A string or formatting function whose arguments the program made:
  /// computed, or an untrusted result (Determined.cpp); nullopt for others
  /// and when input bytes decide it.
  std::optional<bool> determinedCall(Path &P, unsigned T,
                                     const llvm::CallBase &CB,
                                     llvm::StringRef N);
  /// clock_gettime and gettimeofday: the time is an input, within the
  /// ranges POSIX gives its fields (LibraryEffects.cpp); nullopt for others.
  std::optional<bool> clockCall(Path &P, unsigned T, const llvm::CallBase &CB,
                                llvm::StringRef N);
  /// The C library's state (LibraryState.cpp): <ctype.h> in the "C"
  /// locale, strdup, the environment the program sets; nullopt for other
  /// calls and where input bytes decide.
  std::optional<bool> libraryState(Path &P, unsigned T,
                                   const llvm::CallBase &CB, llvm::StringRef N);
  /// libstdc++'s std::string members without a body, run on concrete
  /// characters (CxxString.cpp); nullopt for others and input bytes.
  std::optional<bool> cxxStringCall(Path &P, unsigned T,
                                    const llvm::CallBase &CB);
  /// The characters of the std::string at S, if concrete.
  std::optional<std::string> stringValue(Path &P, uint64_t S,
                                         llvm::LLVMContext &C);
  /// Makes the std::string at S hold Chars, as libstdc++ lays it out.
  void setString(Path &P, uint64_t S, const std::string &Chars,
                 llvm::LLVMContext &C);
  /// sprintf, snprintf and sscanf of concrete values and formats, atof and
  /// strtod of concrete strings, computed (Formatted.cpp); nullopt else.
  std::optional<bool> formatted(Path &P, unsigned T, const llvm::CallBase &CB,
                                llvm::StringRef N);
  /// sscanf of a concrete string: each conversion scanned by the host's C
  /// library, Take giving the next pointer argument; the result has RW bits.
  std::optional<bool>
  scanString(Path &P, unsigned T, const llvm::CallBase &CB,
             const std::vector<FormatConversion> &Convs,
             const std::function<std::optional<Val>()> &Take, unsigned RW);
  /// atof, strtod, strtof of a concrete string.
  std::optional<bool> floatParse(Path &P, unsigned T, const llvm::CallBase &CB,
                                 llvm::StringRef N);
  /// strtok, strtok_r and strsep over concrete strings.
  std::optional<bool> tokenCall(Path &P, unsigned T, const llvm::CallBase &CB,
                                llvm::StringRef N);
  /// rand, random, srand, srandom and rand_r, as glibc computes them.
  std::optional<bool> randomCall(Path &P, unsigned T, const llvm::CallBase &CB,
                                 llvm::StringRef N);
  /// Cancellation (Cancel.cpp): pthread_setcancelstate/type, cleanup
  /// handlers, and the end of a cancelled thread at a cancellation point;
  /// nullopt for other calls.
  std::optional<bool> cancellation(Path &P, unsigned T,
                                   const llvm::CallBase &CB, llvm::StringRef N);
  /// A pthread_cancel step: its target ends at its next cancellation point.
  bool cancelStep(Path &P, unsigned T, const llvm::CallBase &CB);
  /// strcpy, stpcpy, strcat of a concrete string, replayed; nullopt else.
  std::optional<bool> stringCopy(Path &P, unsigned T, const llvm::CallBase &CB,
                                 llvm::StringRef N);
  /// strchr, strrchr, strstr, strpbrk, memchr and the like over concrete
  /// bytes: a pointer into the first argument or NULL; nullopt else.
  std::optional<bool> stringSearch(Path &P, unsigned T,
                                   const llvm::CallBase &CB, llvm::StringRef N);
  /// Writes S and its NUL at Addr.
  void storeString(Path &P, uint64_t Addr, const std::string &S);
  /// The NUL-terminated bytes at Ptr if all are concrete and a NUL comes
  /// within Limit bytes.
  std::optional<std::string>
  concreteString(Path &P, const Val &Ptr, uint64_t Limit, llvm::LLVMContext &C);
  /// The indices in P.Untrusted of the untrusted terms Terms mention.
  static std::set<unsigned> untrustedIn(const Path &P,
                                        std::vector<z3::expr> Terms);
  /// Whether the path's condition or Also mentions an untrusted result
  /// (Which names the first).
  bool dependsOnUntrusted(const Path &P, const z3::expr &Also,
                          std::string &Which);
  /// eventfd, and read, write, close, eventfd_read and eventfd_write on
  /// one (Channels.cpp); nullopt for other calls.
  std::optional<bool> eventCounter(Path &P, unsigned T,
                                   const llvm::CallBase &CB, llvm::StringRef N);
  /// A pthread_barrier_wait step: its result, and the waiters' cycle.
  bool barrierWait(Path &P, unsigned T, const llvm::CallBase &CB);
  /// Whether T waits at a barrier whose cycle is not complete (the path
  /// ends there: it cannot run on).
  bool waitingAtBarrier(Path &P, unsigned T);
  bool lockStep(Path &P, const ReplayStep &S, const Action &A);
  uint64_t lockAddress(Path &P, const ReplayStep &S, const Action &A,
                       bool Mutex);
  bool acquire(Path &P, unsigned T, uint64_t Addr, bool Shared, bool Recursive);
  void release(Path &P, unsigned T, uint64_t Addr);
  const Action *actionOf(const ReplayStep &S) const;
  bool sameInstNext(const Path &P, const ReplayStep &S) const;
  bool raceCheck(Path &P, ValidationResult &R);
  /// Runs either racing thread on past its access to later executions of
  /// the same instruction (up to MaxLaterOccurrences), the other waiting,
  /// until the two accesses meet.
  bool laterOccurrence(const Path &P, ValidationResult &R);
  /// The address and size an access instruction touches, if it is a load,
  /// store or atomic.
  std::optional<std::pair<Val, uint64_t>> accessRange(Path &P, unsigned T);
  /// The base of the object Addr lies in, or ~0 if none.
  uint64_t objectOf(const Path &P, uint64_t Addr) const;
  /// Addr lies in object Obj or one past its end (an inbounds pointer).
  z3::expr withinObject(const Path &P, const z3::expr &Addr, uint64_t Obj);
  /// The bytes a racing access touches (Overlap.cpp): [Addr, Addr + Size),
  /// exactly (loads, stores, counted copies and fills) or at least (Exact
  /// false: a string function), or, with InObjectOf, somewhere in the
  /// objects those pointers are in (free, a call whose access is not
  /// known; none: a library function's hidden state).
  struct Touch {
    std::optional<Val> Addr;
    Val Size = Val::constant(64, 0);
    bool Exact = true;
    std::optional<std::vector<Val>> InObjectOf;
    std::string Callee; ///< A call's function, for messages.
  };
  /// The touch of thread T's instruction, the model's access Acc; none if
  /// it accesses no memory.
  std::optional<Touch> touchOf(Path &P, unsigned T, AccessId Acc);
  /// The condition on inputs under which A and B certainly touch a common
  /// byte; Unsure says why they may meet without it, if they may.
  z3::expr meets(Path &P, const Touch &A, const Touch &B, std::string &Unsure);
  /// hb-race (RunPast.cpp): one racing thread makes its access and runs on,
  /// releasing nothing, while the other reaches its own: no happens-before
  /// orders the two.
  bool runPast(Path &P, ValidationResult &R);
  /// Runs T up to and over its next store to memory other than its stack;
  /// false if it would first release (or could: an unknown function, its
  /// end) or the path ends. Each time T makes its access S (the model's
  /// Acc) on the way, adds what it touches to Made.
  bool runOnWithoutRelease(Path &P, unsigned T, const ReplayStep &S,
                           AccessId Acc, std::vector<Touch> &Made);
  /// Whether TA and TB meet on P; sets R's inputs if they do.
  bool confirmMeet(Path &P, const Touch &TA, const Touch &TB,
                   ValidationResult &R);
  /// llvm.threadlocal.address of Operand (evaluated: Shared) in thread T.
  Val threadLocalAddress(Path &P, unsigned T, const llvm::Value *Operand,
                         const Val &Shared);
  /// llvm.*.with.overflow (intrinsic ID): {result, overflowed}.
  Val withOverflow(unsigned ID, const Val &A, const Val &B);
  /// std::thread::join and detach leave the object without a thread
  /// (`_M_id = id()`, in libstdc++'s own code): its id becomes 0, so
  /// ~thread and joinable() see it as the program does.
  void clearCxxThreadId(Path &P, uint64_t Object, llvm::LLVMContext &C);
  /// What a join of thread Target stores through Out: its return or exit
  /// value (an int for thrd_join).
  void storeJoinResult(Path &P, uint64_t Out, unsigned Target, bool C11,
                       llvm::LLVMContext &C);
  /// glibc's flag, 1 until the process creates its first thread.
  static constexpr const char *SingleThreadedFlag = "__libc_single_threaded";
  /// The process id getpid returns in a replay.
  static constexpr uint64_t ProcessId = 4242;
  /// The kernel's id of thread T (gettid): the process's for the main
  /// thread.
  static uint64_t kernelThreadId(unsigned T) {
    return T == 0 ? ProcessId : ProcessId + 1 + T;
  }
  /// Copies Len bytes (pinned if it depends on inputs) from Src to Dst;
  /// returns how many.
  uint64_t copy(Path &P, const llvm::CallBase &CB, uint64_t Dst, uint64_t Src,
                const Val &Len);
  /// Sets Len bytes at Dst to Byte's low byte.
  void fill(Path &P, uint64_t Dst, const Val &Byte, const Val &Len);
  /// The copies and fills of the libc table (bzero, strncpy, the fortified
  /// __*_chk forms, ...), replayed byte for byte (LibraryEffects.cpp);
  /// nullopt for other calls, and where input bytes decide a length.
  std::optional<bool> libraryCopy(Path &P, unsigned T, const llvm::CallBase &CB,
                                  llvm::StringRef N);
  /// Whether the result of CB, a call of the libc-table function N, is
  /// fixed by the program's own data (not the outside world's, nor inputs
  /// the program passed it), so that it is untrusted (LibraryEffects.cpp).
  bool untrustedResult(Path &P, unsigned T, const llvm::CallBase &CB,
                       llvm::StringRef N);
  /// A new array of untrusted bytes by address, named What.
  z3::expr untrustedArray(Path &P, const std::string &What);
  /// Makes the bytes [Lo, Hi) untrusted: Bytes (made and named What on
  /// first use) holds them.
  void untrustBytes(Path &P, uint64_t Lo, uint64_t Hi, const std::string &What,
                    std::optional<z3::expr> &Bytes);
  /// Makes what CB writes through argument Arg (as Extent of Row, CB's
  /// libc row if it has one, says) untrusted.
  void untrustPointee(Path &P, unsigned T, const llvm::CallBase &CB,
                      const LibcFunction *Row, unsigned Arg, LibcExtent Extent,
                      const std::string &What, std::optional<z3::expr> &Bytes);
  /// A libc-table function the replay does not compute: the bytes it
  /// writes through its arguments become untrusted (Path::Untrusted),
  /// unless they are the outside world's data (a file's bytes) and not Always.
  void untrustWrites(Path &P, unsigned T, const llvm::CallBase &CB,
                     llvm::StringRef N, bool Always = false);
  /// The call's result is taken on trust: an input, or a new object.
  /// Untrusted: the program's data fixes its result (untrustedResult),
  /// and is untrusted too, not an input.
  bool opaqueCall(Path &P, unsigned T, const llvm::CallBase &CB,
                  const std::string &What, bool Untrusted = false);
};

} // namespace validate
} // namespace racesift

#endif // RACESIFT_LIB_VALIDATE_REPLAY_H
