//===- Replay.cpp - Replaying a witness step by step ----------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The schedule: for each step of the witness in turn, its thread runs from
// where it stopped up to the step's instruction while the others wait, and
// the step happens (a lock is taken if it is free, a joined thread first
// runs to its end). A path that passes a synchronisation call the witness
// does not take, leaves its thread, or meets a false branch condition is
// dead; a branch on an input forks, depth first. The replay is feasible when
// one path reaches both racing accesses at one address.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"
#include "racesift/Support/Debug.h"
#include "racesift/Support/StableSort.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>

using namespace llvm;

#define DEBUG_TYPE "racesift-validate"

namespace racesift {
namespace validate {

static bool isSyncKind(ActionKind K) {
  // Data is not a step: the replay computes it from the IR (a handle copy
  // is a store of an id).
  ActionGroup G = actionGroup(K);
  return (G == ActionGroup::Thread || G == ActionGroup::Sync) &&
         K != ActionKind::HandleCopy;
}

/// One context for every replay of the process, never deleted (see Ctx).
/// The analysis runs on one thread; terms a replay built are released
/// with its values.
static z3::context &replayContext() {
  static z3::context *C = new z3::context;
  return *C;
}

Replayer::Replayer(const ThreadModel &TM, const ReplayInput &Witness,
                   const ValidationOptions &Opts, const DataLayout &DL)
    : TM(TM), Opts(Opts), DL(DL), Ctx(replayContext()), Ops(Ctx) {
  std::map<std::pair<const Instruction *, ActionKind>, const FunctionGraph *>
      FirstGraph;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges) {
      if (!E.A.Inst)
        continue;
      bool New = ActionAt.try_emplace({E.A.Inst, E.A.Kind}, &E.A).second;
      if (isSyncKind(E.A.Kind))
        Blocking.insert(E.A.Inst);
      // A call that locks several mutexes has one action per mutex, in
      // order, on consecutive edges of its function's graph.
      bool Part =
          E.A.Kind == ActionKind::Lock || E.A.Kind == ActionKind::Unlock;
      if (!Part)
        continue;
      std::vector<const Action *> &Parts = LockPartsAt[{E.A.Inst, E.A.Kind}];
      if (New)
        FirstGraph[{E.A.Inst, E.A.Kind}] = &G;
      if (New || (FirstGraph[{E.A.Inst, E.A.Kind}] == &G &&
                  none_of(Parts, [&](const Action *A) {
                    return A->ObjectValue == E.A.ObjectValue &&
                           A->ObjectOperand == E.A.ObjectOperand;
                  })))
        Parts.push_back(&E.A);
    }
  for (auto It = LockPartsAt.begin(); It != LockPartsAt.end();)
    It = It->second.size() > 1 ? std::next(It) : LockPartsAt.erase(It);
  // A guard on a memory variable is where the model read it: the thread
  // must branch there, before the other threads' later writes (two
  // threads that both read `busy == 0` before either sets it). Guards on
  // call results read nothing shared; the replay recomputes them.
  for (const ReplayStep &S : Witness.Steps) {
    if (S.Kind == ActionKind::Assume) {
      const Action *A = actionOf(S);
      if (!A || A->Var >= TM.DataVars.size() || !TM.DataVars[A->Var].IsMemory)
        continue;
    }
    In.Steps.push_back(S);
  }
  In.FirstAccess = Witness.FirstAccess;
  In.SecondAccess = Witness.SecondAccess;
}

void Replayer::dead(const Path &P, std::string Why, bool ControlLeft) {
  // trust-after-branch: a thread that ended without the next step left the
  // interleaving at its last branch (or indirect call); what the path took
  // on trust after it (printf after a list walk that found the list empty)
  // cannot have decided that. Other deaths (a spin taken to last for
  // ever, addresses from a fixed input) may rest on what came after.
  bool DecidedBeforeTrust = false;
  if (ControlLeft && P.Next < In.Steps.size()) {
    unsigned T = In.Steps[P.Next].Thread;
    DecidedBeforeTrust = T < P.Threads.size() && P.Threads[T].LastBranch &&
                         !P.Threads[T].TrustBeforeBranch;
  }
  if (DeadAssumed.empty() && !DecidedBeforeTrust)
    DeadAssumed = P.Assumed;
  if (DeadWhy.empty() || P.Next > DeadDepth) {
    DeadDepth = P.Next;
    DeadWhy = Why;
    DeadBranch = nullptr;
    if (P.Next < In.Steps.size()) {
      DeadWhy += " (before " + describe(In.Steps[P.Next]) + ")";
      unsigned T = In.Steps[P.Next].Thread;
      if (T < P.Threads.size())
        DeadBranch = P.Threads[T].LastBranch;
    }
  }
}

void Replayer::noteConcrete(const Path &P, const Instruction &Br,
                            unsigned Succ) {
  constexpr size_t MaxConcrete = 512;
  if (P.SymbolicChoices)
    return;
  auto [It, New] = ConcreteIndex.try_emplace(&Br, Concrete.size());
  if (!New) {
    FixedBranch &B = Concrete[It->second];
    if (B.Branch && B.Successor != Succ)
      B.Branch = nullptr; // Both sides: not frozen.
    return;
  }
  if (Concrete.size() < MaxConcrete)
    Concrete.push_back({&Br, Succ});
  else
    ConcreteIndex.erase(It);
}

std::string Replayer::describe(const ReplayStep &S) const {
  std::string Thread = S.Template < TM.Templates.size()
                           ? TM.Templates[S.Template].Name
                           : "thread";
  std::string Text = "step of '" + Thread + "'";
  if (S.Inst)
    if (const DebugLoc &DLoc = S.Inst->getDebugLoc())
      Text += " at " + sys::path::filename(DLoc->getFilename()).str() + ":" +
              std::to_string(DLoc.getLine());
  return Text;
}

unsigned Replayer::solverLimit() const {
  if (SolverWork >= Opts.MaxSolverWork)
    throw Unsupported{"the solver's work budget for one replay ran out"};
  // A resource limit, not a timeout: the same answer on any machine. The
  // limit counts from the start of each check. What is left is rounded
  // down to 64Ki units, so that the limit (and the solver's parameters)
  // changes once per 64Ki units spent, not at every query: setting a
  // solver's parameters made nanomsg's tcp_shutdown.c spend 3 s of its
  // 4.7 s there, over 1636 queries.
  uint64_t Left = Opts.MaxSolverWork - SolverWork;
  if (QueryCap)
    Left = std::min(Left, *QueryCap);
  if (Left > 65536)
    Left &= ~uint64_t(65535);
  return unsigned(std::min<uint64_t>(20000000u, Left));
}

z3::params Replayer::limits() {
  z3::params Pa(Ctx);
  Pa.set("rlimit", solverLimit());
  return Pa;
}

void Replayer::spent(const z3::stats &St) {
  // Z3 counts resource units per context, and the context is shared: a
  // check spent what the count grew by since the last one read it.
  static uint64_t LastCount = 0;
  for (unsigned I = 0; I < St.size(); ++I) {
    if (St.key(I) != "rlimit count")
      continue;
    uint64_t Count =
        St.is_uint(I) ? St.uint_value(I) : uint64_t(St.double_value(I));
    SolverWork += Count >= LastCount ? Count - LastCount : Count;
    LastCount = Count;
  }
}

z3::solver &Replayer::solver() {
  // One solver per replay, its path condition pushed and popped for each
  // query: making a solver (and setting its parameters) cost Z3 about a
  // millisecond, far more than most queries, and outside its resource
  // count. Its limit is set again only when it changes.
  unsigned Limit = solverLimit();
  if (!Solver)
    Solver.emplace(Ctx);
  if (Limit != SolverLimit) {
    Solver->set(limits());
    SolverLimit = Limit;
  }
  return *Solver;
}

std::optional<z3::model> Replayer::knownModel(const Path &P,
                                              const z3::expr *Extra) {
  for (size_t I = 0; I < Known.size(); ++I) {
    KnownModel &K = Known[I];
    auto Holds = [&](const z3::expr &E) {
      auto [It, New] = K.Holds.try_emplace(E.id(), false);
      if (New) {
        Pinned.push_back(E);
        if (SolverWork >= Opts.MaxSolverWork)
          throw Unsupported{"the solver's work budget for one replay ran out"};
        ++SolverWork;
        It->second = K.M.eval(E, true).is_true();
      }
      return It->second;
    };
    if ((Extra && !Holds(*Extra)) ||
        !llvm::all_of(P.PC, [&](const z3::expr &E) { return Holds(E); }))
      continue;
    // The most recently useful model is tried first next time.
    std::rotate(Known.begin(), Known.begin() + I, Known.begin() + I + 1);
    return Known.front().M;
  }
  return std::nullopt;
}

std::optional<z3::model> Replayer::modelOf(const Path &P,
                                           const z3::expr *Extra) {
  // Most queries of a replay are satisfiable, and a model the solver gave
  // for an earlier one often satisfies them too (a branch on an input the
  // path does not constrain yet): checking the last models is cheap and
  // deterministic, while the solver spent up to a million units on a
  // satisfiable remainder of 64-bit unknowns.
  if (std::optional<z3::model> M = knownModel(P, Extra))
    return M;
  bool Nonlinear = nonlinearQuery(P, Extra);
  if (Nonlinear)
    if (std::optional<z3::model> M = smallInputModel(P, Extra)) {
      remember(*M);
      return M;
    }
  if (++Queries > Opts.MaxQueries)
    throw Unsupported{"the validation query budget ran out"};
  if (Nonlinear)
    return modelOfWhole(P, Extra);
  z3::solver &S = solver();
  // The path condition stays asserted between queries, one scope per
  // conjunct: a path's condition only grows and forked paths share a
  // prefix, so a query adds what is new instead of asserting the whole
  // condition again (on zstd's pool.c the same 4 million resource units
  // answered 184 queries instead of 105).
  size_t Common = 0;
  while (Common < Asserted.size() && Common < P.PC.size() &&
         Asserted[Common].id() == P.PC[Common].id())
    ++Common;
  if (Common < Asserted.size()) {
    S.pop(Asserted.size() - Common);
    Asserted.erase(Asserted.begin() + Common, Asserted.end());
  }
  for (size_t I = Common; I < P.PC.size(); ++I) {
    S.push();
    S.add(P.PC[I]);
    Asserted.push_back(P.PC[I]);
  }
  S.push();
  auto Pop = llvm::make_scope_exit([&] { S.pop(); });
  if (Extra)
    S.add(*Extra);
  return answer(S, "solver", P.PC.size() + (Extra ? 1 : 0));
}

std::optional<z3::model> Replayer::answer(z3::solver &S, const char *Stage,
                                          size_t Conjuncts) {
  uint64_t Before = SolverWork;
  z3::check_result Res = S.check();
  spent(S.statistics());
  logCheck(Stage, Res, SolverWork - Before, Conjuncts);
  switch (Res) {
  case z3::sat: {
    z3::model M = S.get_model();
    remember(M);
    return M;
  }
  case z3::unsat:
    return std::nullopt;
  default:
    throw SolverGaveUp{{"the solver gave up"}};
  }
}

namespace {
/// The unknowns of a query, in the order first met, and for each conjunct
/// the last of them it reads.
struct QueryVars {
  std::vector<z3::expr> Vars;
  std::vector<unsigned> LastVar; ///< Per conjunct; ~0u if it reads none.
};

QueryVars unknownsOf(const z3::expr_vector &Query) {
  QueryVars Q;
  llvm::DenseMap<unsigned, unsigned> Index; // var id -> position
  llvm::DenseSet<unsigned> Seen;
  for (unsigned I = 0; I < Query.size(); ++I) {
    // Vars of this conjunct: a DFS over its DAG (shared nodes once per
    // conjunct).
    unsigned Last = ~0u;
    llvm::DenseSet<unsigned> Local;
    std::vector<z3::expr> Stack{Query[I]};
    while (!Stack.empty()) {
      z3::expr E = Stack.back();
      Stack.pop_back();
      if (!Local.insert(E.id()).second || !E.is_app())
        continue;
      if (E.is_const() && !E.is_numeral() && E.get_sort().is_bv()) {
        auto [It, New] = Index.try_emplace(E.id(), Q.Vars.size());
        if (New)
          Q.Vars.push_back(E);
        Last = Last == ~0u ? It->second : std::max(Last, It->second);
        continue;
      }
      for (unsigned A = E.num_args(); A-- > 0;)
        Stack.push_back(E.arg(A));
    }
    Q.LastVar.push_back(Last);
  }
  return Q;
}
} // namespace

std::optional<z3::model> Replayer::modelOfWhole(const Path &P,
                                                const z3::expr *Extra) {
  // The qfbv tactic simplifies and bit-blasts the query as a whole, where
  // the incremental solver bit-blasts each 64-bit division as it comes:
  // on zstd's pool.c the same queries took about as many units but half
  // the time (3.8 s -> 2.1 s for the compile). Withdrawn once because its
  // counts varied from run to run; that was the replay's term order
  // (Frame::Vals), not the tactic.
  z3::solver S = z3::tactic(Ctx, "qfbv").mk_solver();
  S.set(limits());
  for (const z3::expr &E : P.PC)
    S.add(E);
  if (Extra)
    S.add(*Extra);
  return answer(S, "whole query", P.PC.size() + (Extra ? 1 : 0));
}

void Replayer::remember(const z3::model &M) {
  if (Known.size() == MaxKnownModels)
    Known.pop_back();
  Known.insert(Known.begin(), KnownModel{M, llvm::DenseMap<unsigned, bool>()});
}

bool Replayer::nonlinear(const z3::expr &E) {
  auto [It, New] = Nonlinear.try_emplace(E.id(), false);
  if (!New)
    return It->second;
  Pinned.push_back(E);
  bool Result = false;
  if (E.is_app()) {
    auto Unknown = [](const z3::expr &A) { return !A.is_numeral(); };
    switch (E.decl().decl_kind()) {
    case Z3_OP_BMUL:
      Result = llvm::count_if(llvm::seq(0u, E.num_args()), [&](unsigned I) {
                 return Unknown(E.arg(I));
               }) > 1;
      break;
    case Z3_OP_BUDIV:
    case Z3_OP_BUDIV_I:
    case Z3_OP_BUREM:
    case Z3_OP_BUREM_I:
    case Z3_OP_BSDIV:
    case Z3_OP_BSDIV_I:
    case Z3_OP_BSREM:
    case Z3_OP_BSREM_I:
    case Z3_OP_BSMOD:
    case Z3_OP_BSMOD_I:
      Result = E.num_args() == 2 && Unknown(E.arg(1));
      break;
    default:
      break;
    }
    for (unsigned I = 0; !Result && I < E.num_args(); ++I)
      Result = nonlinear(E.arg(I));
  }
  // The map may have grown: look the entry up again.
  Nonlinear[E.id()] = Result;
  return Result;
}

bool Replayer::nonlinearQuery(const Path &P, const z3::expr *Extra) {
  return llvm::any_of(P.PC, [&](const z3::expr &E) { return nonlinear(E); }) ||
         (Extra && nonlinear(*Extra));
}

std::optional<z3::model> Replayer::smallInputModel(const Path &P,
                                                   const z3::expr *Extra) {
  z3::expr_vector Query(Ctx);
  for (const z3::expr &E : P.PC)
    Query.push_back(E);
  if (Extra)
    Query.push_back(*Extra);
  uint64_t Before = SolverWork;
  std::optional<z3::model> M = smallInputModel(Query);
  logCheck("small inputs", M ? z3::sat : z3::unknown, SolverWork - Before,
           Query.size());
  return M;
}

std::optional<z3::model>
Replayer::smallInputModel(const z3::expr_vector &Query) {
  // Backtracking over small values of each unknown in turn (the order the
  // conjuncts first read them), checking each conjunct once every unknown
  // it reads has a value: a few thousand evaluations find `seed % width ==
  // 3 && (2 * seed + 1) % width == 3` (seed 3, width 4) where the solver
  // gave up after two million units. Deterministic, and each evaluation is
  // charged EvalUnits of the replay's solver work.
  QueryVars Q = unknownsOf(Query);
  if (Q.Vars.empty() || Q.Vars.size() > MaxSmallInputs)
    return std::nullopt;
  // Every value up to a bound, then sizes and bounds people write, then
  // the all-ones patterns (-1, -2). The fewer the unknowns, the further
  // the bound (the evaluations stay within MaxSmallInputEvals): 1023 for
  // one, 63 for two, 32 for more.
  static constexpr int64_t Larger[] = {48,   63,   64,    100,  127,
                                       128,  255,  256,   1000, 1023,
                                       1024, 4096, 65535, 65536};
  int64_t Upto = Q.Vars.size() == 1 ? 1023 : Q.Vars.size() == 2 ? 63 : 32;
  std::vector<int64_t> Values;
  for (int64_t V = 0; V <= Upto; ++V)
    Values.push_back(V);
  for (int64_t V : Larger)
    if (V > Upto)
      Values.push_back(V);
  Values.push_back(-1);
  Values.push_back(-2);
  std::vector<std::vector<unsigned>> ByLast(Q.Vars.size());
  for (unsigned I = 0; I < Q.LastVar.size(); ++I) {
    if (Q.LastVar[I] != ~0u) {
      ByLast[Q.LastVar[I]].push_back(I);
    } else {
      z3::model Empty(Ctx);
      if (!Empty.eval(Query[I], true).is_true())
        return std::nullopt;
    }
  }
  // At most MaxSmallInputEvals, and no more than a branch's share of the
  // replay's units (see choose).
  uint64_t Evals = 0,
           MaxEvals = std::min<uint64_t>(MaxSmallInputEvals,
                                         Opts.MaxSolverWork / 64 / EvalUnits);
  std::vector<unsigned> Choice(Q.Vars.size(), 0);
  z3::model M(Ctx);
  size_t K = 0;
  while (true) {
    if (Choice[K] == Values.size()) {
      // Every value of unknown K failed: back to the previous one.
      Choice[K] = 0;
      if (K == 0)
        return std::nullopt;
      ++Choice[--K];
      continue;
    }
    z3::func_decl D = Q.Vars[K].decl();
    z3::expr V =
        Ctx.bv_val(uint64_t(Values[Choice[K]]), Q.Vars[K].get_sort().bv_size());
    M.add_const_interp(D, V);
    bool Holds = true;
    for (unsigned I : ByLast[K]) {
      if (++Evals > MaxEvals)
        return std::nullopt;
      SolverWork += EvalUnits;
      if (!M.eval(Query[I], true).is_true()) {
        Holds = false;
        break;
      }
    }
    if (!Holds) {
      ++Choice[K];
      continue;
    }
    if (++K == Q.Vars.size())
      return M;
  }
}

void Replayer::logCheck(const char *Stage, z3::check_result Res, uint64_t Units,
                        size_t Conjuncts) const {
  RACESIFT_DEBUG(debugs() << "racesift-validate: query " << Queries << " ("
                          << Stage << ", " << Conjuncts << " conjuncts): "
                          << (Res == z3::sat     ? "sat"
                              : Res == z3::unsat ? "unsat"
                                                 : "unknown")
                          << ", " << Units << " units\n");
}

std::optional<z3::model> Replayer::smallestModel(
    const Path &P, const z3::expr &Extra,
    const std::vector<std::pair<std::string, z3::expr>> &Inputs) {
  // Over a product or a division of unknowns the optimiser spent 1.4
  // million units and gave up; the search for small inputs gives values
  // as small as its order of candidates, the smallest first.
  if (nonlinearQuery(P, &Extra))
    return smallInputModel(P, &Extra);
  if (++Queries > Opts.MaxQueries)
    return std::nullopt;
  z3::optimize O(Ctx);
  if (SolverWork >= Opts.MaxSolverWork)
    return std::nullopt;
  O.set(limits());
  for (const z3::expr &E : P.PC)
    O.add(E);
  O.add(Extra);
  for (const auto &[Name, E] : Inputs) {
    unsigned W = E.get_sort().bv_size();
    if (W < 2)
      continue;
    // |E| as an unsigned number, minimised in the order the inputs were
    // read.
    z3::expr Abs = z3::ite(z3::slt(E, Ctx.bv_val(0, W)), -E, E);
    O.minimize(Abs);
  }
  uint64_t Before = SolverWork;
  z3::check_result Res = O.check();
  spent(O.statistics());
  logCheck("smallest inputs", Res, SolverWork - Before, P.PC.size() + 1);
  if (Res != z3::sat)
    return std::nullopt;
  return O.get_model();
}

bool Replayer::satisfiable(const Path &P, const z3::expr &B) {
  return modelOf(P, &B).has_value();
}

unsigned Replayer::choose(Path &P, const Instruction &At, unsigned T,
                          const std::vector<z3::expr> &Conds,
                          const std::vector<unsigned> &Visits) {
  if (P.Forced && P.ForcedAt == &At && P.ForcedThread == T) {
    // A forked path resumes at its branch with the decision it was made
    // for (its condition is already in PC).
    unsigned K = *P.Forced;
    P.Forced.reset();
    return K;
  }
  // An alternative the solver cannot decide within a 64th of the
  // replay's units is dropped and the others are followed: a race reached
  // without it is still real, and a search that ends without one says it
  // was incomplete (run). Before, such a query spent the replay's budget
  // and ended it (`(seed * k + id) % width == 3` over a loop on width).
  std::vector<unsigned> Open;
  for (unsigned K = 0; K < Conds.size(); ++K) {
    QueryCap = std::max<uint64_t>(Opts.MaxSolverWork / 64, 1);
    auto Uncap = llvm::make_scope_exit([&] { QueryCap.reset(); });
    try {
      if (satisfiable(P, Conds[K]))
        Open.push_back(K);
    } catch (const SolverGaveUp &) {
      DroppedBranch = true;
    }
  }
  if (Open.empty()) {
    dead(P, "no branch is feasible");
    return ~0u;
  }
  stableSort(Open,
             [&](unsigned A, unsigned B) { return Visits[A] < Visits[B]; });
  // The later alternatives wait on the stack, in reverse so that the
  // first of them is tried next.
  for (size_t I = Open.size(); I-- > 1;) {
    if (++Paths > Opts.MaxPaths)
      throw Unsupported{"the validation path budget ran out"};
    P.Mem.freeze();
    Path Alt = P;
    Alt.PC.push_back(Conds[Open[I]]);
    ++Alt.SymbolicChoices;
    Alt.Forced = Open[I];
    Alt.ForcedAt = &At;
    Alt.ForcedThread = T;
    Pending.push_back(std::move(Alt));
  }
  P.PC.push_back(Conds[Open[0]]);
  ++P.SymbolicChoices;
  return Open[0];
}

uint64_t Replayer::concretize(Path &P, const Val &V, const char *What) {
  if (V.isConst())
    return V.K->getZExtValue();
  if (V.isAggregate())
    throw Unsupported{"an aggregate address"};
  // An address that depends on inputs: pinned if it has one value.
  std::optional<z3::model> M = modelOf(P, nullptr);
  if (!M)
    throw Unsupported{"the solver gave up"}; // PC was satisfiable.
  z3::expr X = M->eval(Ops.expr(V), true);
  uint64_t A = X.get_numeral_uint64();
  z3::expr Other = Ops.expr(V) != Ctx.bv_val(A, V.W);
  if (!satisfiable(P, Other))
    return A;
  // Every value it can take is inside one object (an input-dependent index
  // into an array): which element the inputs pick is one more input, so
  // the path takes the model's and says so, as pinCount does.
  uint64_t Obj = objectOf(P, A);
  if (Obj != ~uint64_t(0) && V.W == 64) {
    z3::expr E = Ops.expr(V);
    if (!satisfiable(P, !withinObject(P, E, Obj))) {
      // The address is dereferenced: not the one past the end.
      P.PC.push_back(z3::ult(E, Ctx.bv_val(Obj + P.Objects.at(Obj), 64)));
      std::optional<z3::model> In = modelOf(P, nullptr);
      if (!In)
        throw Unsupported{std::string("an address past its object (") + What +
                          ")"};
      A = In->eval(E, true).get_numeral_uint64();
      P.PC.push_back(E == Ctx.bv_val(A, 64));
      ++P.SymbolicChoices;
      if (P.Assumed.empty())
        P.Assumed =
            std::string("an input-dependent address (") + What + ") fixed";
      return A;
    }
  }
  throw Unsupported{std::string("an address that depends on inputs (") + What +
                    ")"};
}

z3::expr Replayer::withinObject(const Path &P, const z3::expr &Addr,
                                uint64_t Obj) {
  return z3::uge(Addr, Ctx.bv_val(Obj, 64)) &&
         z3::ule(Addr, Ctx.bv_val(Obj + P.Objects.at(Obj), 64));
}

uint64_t Replayer::pinCount(Path &P, const Val &V, const char *What) {
  if (V.isConst() || V.isAggregate())
    return concretize(P, V, What);
  for (uint64_t N : {1, 8, 64, 1024}) {
    z3::expr Pin = Ops.expr(V) == Ctx.bv_val(N, V.W);
    if (!satisfiable(P, Pin))
      continue;
    P.PC.push_back(Pin);
    ++P.SymbolicChoices;
    if (P.Assumed.empty())
      P.Assumed = std::string("an input-dependent ") + What + " fixed";
    return N;
  }
  return concretize(P, V, What);
}

const Action *Replayer::actionOf(const ReplayStep &S) const {
  auto It = ActionAt.find({S.Inst, S.Kind});
  return It == ActionAt.end() ? nullptr : It->second;
}

Advance Replayer::advance(Path &P, unsigned T, const ReplayStep *S) {
  ThreadState &TS = P.Threads[T];
  P.SegmentSteps = 0;
  while (true) {
    if (TS.Done) {
      if (!S)
        return Advance::Reached;
      dead(P, "the thread ends before its next step", /*ControlLeft=*/true);
      return Advance::Dead;
    }
    Frame &F = TS.Stack.back();
    const Instruction &I = *F.It;
    if (S) {
      if (&I == S->Inst)
        return Advance::Reached;
      // The return of a __VERIFIER_atomic_* function is its Unlock step.
      if (F.UnlockOnReturn && isa<ReturnInst>(I)) {
        if (S->Kind == ActionKind::Unlock && F.CallSite == S->Inst)
          return Advance::Reached;
        dead(P, "an atomic section ends before its next step",
             /*ControlLeft=*/true);
        return Advance::Dead;
      }
    }
    if (!step(P, T))
      return Advance::Dead;
  }
}

bool Replayer::runPath(Path &P) {
  size_t N = In.Steps.size();
  for (; P.Next + 2 < N; ++P.Next) {
    const ReplayStep &S = In.Steps[P.Next];
    if (S.Thread >= P.Threads.size() || !P.Threads[S.Thread].Started)
      throw Unsupported{"a step of a thread the replay did not start"};
    if (S.Kind == ActionKind::Exit)
      P.Threads[S.Thread].ToEnd = true; // Its last step.
    if (!S.Resume && advance(P, S.Thread, &S) != Advance::Reached)
      return false;
    if (!perform(P, S))
      return false;
  }
  for (size_t I = N - 2; I < N; ++I) {
    const ReplayStep &S = In.Steps[I];
    if (S.Thread >= P.Threads.size() || !P.Threads[S.Thread].Started)
      throw Unsupported{"an access of a thread the replay did not start"};
  }
  if (!P.Interleave) {
    // First the two threads in turn, each up to its access; if they miss
    // each other, the refinement below interleaves them.
    for (unsigned First : {RunPastFirst + 1, RunPastFirst, 2u, 1u}) {
      Path Alt = P;
      Alt.Interleave = First;
      Finals.push_back(std::move(Alt));
    }
    for (; P.Next < N; ++P.Next)
      if (advance(P, In.Steps[P.Next].Thread, &In.Steps[P.Next]) !=
          Advance::Reached)
        return false;
    return true;
  }
  if (P.Interleave >= RunPastFirst)
    return true; // runPast takes it from here.
  // The two threads alternate at each access to memory other than their
  // own stack (`last = j; last->n = 1;` in two threads races only if both
  // stores come before both loads).
  const ReplayStep &A = In.Steps[N - 2], &B = In.Steps[N - 1];
  bool AtA = false, AtB = false;
  P.SegmentSteps = 0;
  for (unsigned Turn = P.Interleave - 1; !(AtA && AtB); Turn ^= 1) {
    const ReplayStep &S = Turn ? B : A;
    bool &At = Turn ? AtB : AtA;
    if (At)
      continue;
    switch (advanceShared(P, S.Thread, S)) {
    case Slice::Reached:
      At = true;
      break;
    case Slice::Dead:
      return false;
    case Slice::Yield:
      break;
    }
  }
  P.Next = N;
  return true;
}

Slice Replayer::advanceShared(Path &P, unsigned T, const ReplayStep &S) {
  ThreadState &TS = P.Threads[T];
  while (true) {
    if (TS.Done) {
      dead(P, "the thread ends before its access", /*ControlLeft=*/true);
      return Slice::Dead;
    }
    const Instruction &I = *TS.Stack.back().It;
    if (&I == S.Inst)
      return Slice::Reached;
    bool Shared = false;
    if (auto *LI = dyn_cast<LoadInst>(&I))
      Shared = !isa<AllocaInst>(LI->getPointerOperand());
    else if (auto *SI = dyn_cast<StoreInst>(&I))
      Shared = !isa<AllocaInst>(SI->getPointerOperand());
    else
      Shared = isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
    if (!step(P, T))
      return Slice::Dead;
    if (Shared)
      return Slice::Yield;
  }
}

bool Replayer::laterOccurrence(const Path &P, ValidationResult &R) {
  // The accesses missed each other: one thread's access in a loop may meet
  // the other's in a later iteration (overlapping index ranges), while the
  // other waits at its access, which is a schedule of its own.
  // Branches taken on the way fork paths that stand between steps, not
  // at the two accesses: they are dropped (the later occurrence follows
  // one path), as a race check there would compare other instructions.
  size_t N = In.Steps.size(), Keep = Pending.size();
  auto DropForks = [&] {
    Pending.erase(Pending.begin() + Keep, Pending.end());
  };
  for (size_t Who : {N - 2, N - 1}) {
    const ReplayStep &S = In.Steps[Who];
    Path Q = P;
    for (unsigned K = 0; K < MaxLaterOccurrences; ++K) {
      if (!step(Q, S.Thread) || advance(Q, S.Thread, &S) != Advance::Reached)
        break;
      DropForks();
      if (raceCheck(Q, R))
        return true;
    }
    DropForks();
  }
  return false;
}

bool Replayer::raceCheck(Path &P, ValidationResult &R) {
  size_t N = In.Steps.size();
  const ReplayStep &A = In.Steps[N - 2], &B = In.Steps[N - 1];
  // Only the two accesses themselves are compared.
  if (&*P.Threads[A.Thread].Stack.back().It != A.Inst ||
      &*P.Threads[B.Thread].Stack.back().It != B.Inst)
    throw Unsupported{"the replay stopped elsewhere than at the accesses"};
  std::optional<Touch> TA = touchOf(P, A.Thread, In.FirstAccess),
                       TB = touchOf(P, B.Thread, In.SecondAccess);
  if (!TA || !TB)
    throw Unsupported{"a racing access the replay cannot locate"};
  return confirmMeet(P, *TA, *TB, R);
}

bool Replayer::confirmMeet(Path &P, const Touch &TA, const Touch &TB,
                           ValidationResult &R) {
  std::string Unsure;
  z3::expr Same = meets(P, TA, TB, Unsure);
  std::optional<z3::model> M =
      Same.is_false() ? std::nullopt : modelOf(P, &Same);
  if (!M) {
    // A string function touches its pointer's byte and maybe more: that
    // the first bytes miss proves nothing.
    if (!Unsure.empty()) {
      if (InexactMiss.empty())
        InexactMiss = std::move(Unsure);
      return false;
    }
    dead(P, "the two accesses touch different addresses in this "
            "interleaving");
    return false;
  }
  if (!P.UnkeptWait.empty()) {
    if (UncheckedMeet.empty())
      UncheckedMeet = P.UnkeptWait + ", which the replay does not keep";
    return false;
  }
  if (std::string Which; dependsOnUntrusted(P, Same, Which)) {
    if (UncheckedMeet.empty())
      UncheckedMeet = "the interleaving depends on " + Which +
                      ", which the program's own data fixes and the replay "
                      "does not compute";
    return false;
  }
  // Small inputs read best ("n = 2", not "n = 268435456"): the solver
  // minimises their magnitudes, within the budget; the first model stands
  // otherwise.
  std::set<std::string> Seen;
  std::vector<std::pair<std::string, z3::expr>> Named;
  for (auto &[Name, E] : P.Inputs)
    if (Seen.insert(Name).second)
      Named.push_back({Name, E});
  if (!Named.empty())
    if (std::optional<z3::model> SM = smallestModel(P, Same, Named))
      M = SM;
  for (auto &[Name, E] : Named) {
    z3::expr V = M->eval(E, true);
    unsigned W = V.get_sort().bv_size();
    // As the program would print a signed integer.
    std::string Text = V.get_decimal_string(0);
    if (W > 1 && W <= 64) {
      uint64_t U = V.get_numeral_uint64();
      if (U >> (W - 1) & 1)
        Text = std::to_string(int64_t(U | (W == 64 ? 0 : ~0ull << W)));
    }
    R.Values.push_back({Name, Text});
  }
  return true;
}

/// The name the source gives F (C++ functions unmangled).
static std::string functionName(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram())
    return SP->getName().str();
  return F.getName().str();
}

std::vector<std::vector<const Function *>> Replayer::entriesToTry() const {
  if (const Function *Main =
          TM.Templates.empty() ? nullptr : TM.Templates[0].Entry)
    return {{Main}};
  // A module without main: the environment root of the model runs the
  // constructors, then calls entries (external functions, functions whose
  // address escaped) one after another. The root thread's steps after the
  // constructors' are split into runs that one entry reaches through direct
  // calls: one entry reaching them all (up to 4 tried, in module order,
  // then each twice), else the entries that reach the longest runs, in
  // turn.
  std::map<const Function *, std::set<const Function *>> Memo;
  auto Reach = [&](const Function *F) -> const std::set<const Function *> & {
    auto [It, New] = Memo.try_emplace(F);
    if (!New)
      return It->second;
    std::set<const Function *> &Seen = It->second;
    Seen.insert(F);
    std::vector<const Function *> Work{F};
    while (!Work.empty()) {
      const Function *G = Work.back();
      Work.pop_back();
      for (const Instruction &I : instructions(*G))
        if (const auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *C = CB->getCalledFunction())
            if (!C->isDeclaration() && Seen.insert(C).second)
              Work.push_back(C);
    }
    return Seen;
  };
  std::vector<const Function *> Fns;
  for (const ReplayStep &S : In.Steps)
    if (S.Thread == 0 && S.Inst)
      Fns.push_back(S.Inst->getFunction());
  size_t First = 0;
  while (First < Fns.size() &&
         any_of(
             TM.EnvConstructors,
             [&](const Function *C) { return Reach(C).count(Fns[First]); }))
    ++First;
  if (First == Fns.size())
    return {};
  auto RunOf = [&](const Function *E, size_t From) {
    size_t I = From;
    while (I < Fns.size() && Reach(E).count(Fns[I]))
      ++I;
    return I - From;
  };
  std::vector<std::vector<const Function *>> Out;
  constexpr size_t MaxEntries = 4, MaxCalls = 4;
  for (const Function *E : TM.EnvEntries)
    if (Out.size() < MaxEntries && RunOf(E, First) == Fns.size() - First)
      Out.push_back({E});
  // Then each called twice: steps of two calls of one entry (a second
  // lib_start starting a second worker) are one run.
  for (size_t I = 0, N = Out.size(); I < N && Fns.size() - First > 1; ++I)
    Out.push_back({Out[I][0], Out[I][0]});
  if (!Out.empty())
    return Out;
  std::vector<const Function *> Calls;
  for (size_t I = First; I < Fns.size();) {
    const Function *Best = nullptr;
    size_t BestRun = 0;
    for (const Function *E : TM.EnvEntries)
      if (size_t R = RunOf(E, I); R > BestRun) {
        Best = E;
        BestRun = R;
      }
    if (!Best || Calls.size() == MaxCalls)
      return {};
    Calls.push_back(Best);
    I += BestRun;
  }
  return {Calls};
}

/// Whether a call of Calls returns a pointer (or takes one, which may be
/// an out-parameter) and a later one takes one.
static bool passesBack(ArrayRef<const Function *> Calls) {
  auto TakesPointer = [](const Function *F) {
    return any_of(F->args(),
                  [](const Argument &A) { return A.getType()->isPointerTy(); });
  };
  for (size_t I = 0; I + 1 < Calls.size(); ++I)
    if (Calls[I]->getReturnType()->isPointerTy() || TakesPointer(Calls[I]))
      for (size_t J = I + 1; J < Calls.size(); ++J)
        if (TakesPointer(Calls[J]))
          return true;
  return false;
}

Path Replayer::initialPath(ArrayRef<const Function *> Calls, unsigned Instances,
                           bool PassBack) {
  Path Init;
  // Slots after the interleaving's instances wait for threads created off
  // it: callers hold references into Threads, so it never grows.
  Init.Threads.resize(Instances + MaxUnscheduled);
  Init.FirstUnscheduled = Instances;
  for (unsigned I = 0; I < Instances; ++I)
    Init.Threads[I].Id = 0x7f0000 + I;
  const Function &Root = *Calls.front();
  if (&Root == TM.Templates[0].Entry) {
    std::vector<Val> Args;
    if (Root.arg_size() >= 1) {
      Args.push_back(
          fresh(Init, DL.getTypeSizeInBits(Root.getArg(0)->getType()), "argc"));
      Init.PC.push_back(z3::sge(Ops.expr(Args[0]), Ctx.bv_val(1, Args[0].W)));
    }
    if (Root.arg_size() >= 2)
      Args.push_back(Val::constant(64, allocate(Init, 4096)));
    // The module's global constructors run before main, in the main
    // thread (C++ globals; a constructor attribute setting a mode).
    ThreadState &TS = Init.Threads[0];
    for (const Function *C : TM.Constructors)
      if (C->arg_size() == 0)
        TS.Then.push_back({C, {}});
    // Destructor functions run at exit after every registered handler:
    // first on the list, which runs latest first.
    for (const Function *D : llvm::reverse(TM.Destructors))
      if (D->arg_size() == 0)
        Init.ExitHandlers.push_back({D, {}});
    if (TS.Then.empty()) {
      startThread(Init, 0, Root, Args);
      return Init;
    }
    TS.Then.push_back({&Root, std::move(Args)});
    startNextCall(Init, 0, std::nullopt);
    return Init;
  }
  // One environment the rest of the program can be: after the module's
  // constructors it makes these calls first, with any integers and with
  // pointers to objects of their own, whose contents are inputs. A path
  // that dies proves nothing of the others.
  std::vector<std::string> Names;
  for (const Function *F : Calls)
    Names.push_back(functionName(*F));
  Init.Assumed = "that " + describeEntryCalls(Names, PassBack);
  std::vector<const Function *> Order(TM.EnvConstructors.begin(),
                                      TM.EnvConstructors.end());
  Order.insert(Order.end(), Calls.begin(), Calls.end());
  ThreadState &TS = Init.Threads[0];
  TS.PassBack = PassBack;
  for (const Function *F : Order) {
    std::vector<Val> Args;
    for (const Argument &A : F->args())
      Args.push_back(A.getType()->isPointerTy()
                         ? Val::constant(64, allocate(Init, 4096))
                         : fresh(Init, DL.getTypeSizeInBits(A.getType()),
                                 parameterName(*F, A.getArgNo())));
    TS.Then.push_back({F, std::move(Args)});
  }
  startNextCall(Init, 0, std::nullopt);
  return Init;
}

ValidationResult Replayer::run() {
  ValidationResult R;
  auto Finish = [&](Feasibility F, std::string Why) {
    R.F = F;
    R.Reason = std::move(Why);
    R.Steps = Steps;
    R.Queries = Queries;
    R.SolverWork = SolverWork;
    return R;
  };
  if (In.Steps.size() < 2)
    return Finish(Feasibility::Unknown, "an empty interleaving");
  unsigned Instances = 0;
  for (const ReplayStep &S : In.Steps) {
    Instances = std::max(Instances, S.Thread + 1);
    if (S.Kind == ActionKind::Create && S.Target != ReplayStep::NoInstance)
      Instances = std::max(Instances, S.Target + 1);
  }
  std::vector<std::vector<const Function *>> Roots = entriesToTry();
  if (Roots.empty())
    return Finish(Feasibility::Unknown,
                  "the module has no 'main', and none of its external "
                  "functions reaches the interleaving's first steps "
                  "(analyse the whole program under LTO)");
  try {
    for (const std::vector<const Function *> &Calls : Roots)
      for (bool PassBack : {true, false}) {
        // Several calls: first with each call's pointer result passed back
        // to the next (a handle the library gave out), then without.
        if (PassBack && !passesBack(Calls))
          continue;
        Pending.clear();
        Finals.clear();
        Pending.push_back(initialPath(Calls, Instances, PassBack));
        // Depth first over branch decisions; the interleaved schedules of
        // the final accesses are tried once every plain one has failed.
        while (!Pending.empty() || !Finals.empty()) {
          std::vector<Path> &From = Pending.empty() ? Finals : Pending;
          Path P = std::move(From.back());
          From.pop_back();
          if (runPath(P) && (P.Interleave >= RunPastFirst
                                 ? runPast(P, R)
                                 : raceCheck(P, R) || laterOccurrence(P, R))) {
            if (Calls.front() != TM.Templates[0].Entry)
              for (const Function *F : Calls)
                R.Entries.push_back(functionName(*F));
            R.PassedBack = PassBack;
            for (unsigned T = 0; T < P.FirstUnscheduled; ++T)
              if (P.Threads[T].LocksToEnd)
                R.RanToEnd.push_back({T, P.Threads[T].LocksToEnd});
              else if (P.Threads[T].ExtraLocks)
                R.ExtraLocks.push_back({T, P.Threads[T].ExtraLocks});
            for (unsigned T = 0; T < P.FirstUnscheduled; ++T)
              if (P.Threads[T].TimedOut)
                R.TimedOut.push_back({T, P.Threads[T].TimedOut});
            return Finish(Feasibility::Feasible, "");
          }
        }
      }
  } catch (const Unsupported &U) {
    return Finish(Feasibility::Unknown, U.Why);
  } catch (const z3::exception &E) {
    return Finish(Feasibility::Unknown,
                  std::string("the solver failed: ") + E.msg());
  }
  if (DeadBranch)
    R.Deciding = memoryReadBy(*DeadBranch);
  for (const FixedBranch &B : Concrete)
    if (B.Branch)
      R.ConcreteBranches.push_back(B);
  std::string Why =
      DeadWhy.empty() ? "no path of the program follows it" : DeadWhy;
  if (!InexactMiss.empty())
    return Finish(Feasibility::Unknown, InexactMiss);
  if (!UncheckedMeet.empty())
    return Finish(Feasibility::Unknown, UncheckedMeet);
  if (!DeadAssumed.empty())
    return Finish(Feasibility::Unknown,
                  Why + ", taking " + DeadAssumed + " on trust");
  if (DroppedBranch)
    return Finish(Feasibility::Unknown,
                  "the solver gave up on a branch the replay then left "
                  "unexplored, and no other path reaches the race");
  return Finish(Feasibility::Infeasible, Why);
}

} // namespace validate

std::string describeEntryCalls(ArrayRef<std::string> Names, bool PassBack) {
  if (Names.size() == 1)
    return "the program's first call into this module is '" + Names[0] + "'";
  std::string S = "the program's first calls into this module are ";
  for (size_t I = 0; I < Names.size(); ++I)
    S += (I ? ", then '" : "'") + Names[I] + "'";
  if (PassBack)
    S += ", each given the pointer the call before returned or stored "
         "through its first pointer parameter";
  return S;
}

ValidationResult validateWitness(const ThreadModel &TM, const ReplayInput &In,
                                 const ValidationOptions &Opts) {
  TimeTraceScope Scope("RaceSift witness replay");
  const Instruction *Any = nullptr;
  for (const ReplayStep &S : In.Steps)
    if (S.Inst)
      Any = S.Inst;
  if (!Any) {
    ValidationResult R;
    R.Reason = "the interleaving names no instructions";
    return R;
  }
  const DataLayout &DL = Any->getModule()->getDataLayout();
  validate::Replayer Rep(TM, In, Opts, DL);
  ValidationResult R = Rep.run();
  RACESIFT_DEBUG(debugs() << "racesift-validate: "
                          << (R.F == Feasibility::Feasible     ? "feasible"
                              : R.F == Feasibility::Infeasible ? "infeasible"
                                                               : "unknown")
                          << (R.Reason.empty() ? "" : ": ") << R.Reason
                          << "\n");
  return R;
}

} // namespace racesift
