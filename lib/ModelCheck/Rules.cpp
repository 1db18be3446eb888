//===- Rules.cpp - Transition rules of the Pthreads LTS -------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The moves of an instance in a configuration: each outgoing edge goes to
// the rules of its kind, here for tracked data (Assign, Assume, atomic
// updates) and exit, in SyncRules.cpp for locks, condition variables,
// barriers, pthread_once and semaphores, in HandleRules.cpp for thread
// management (create, join, detach, cancel). Also the race property and
// the moves' descriptions.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace racesift;
using namespace racesift::mc;

Value Prepared::read(const Config &C, uint32_t I, DataVarId V) const {
  if (int Slot = Objects->sharedSlot(V); Slot >= 0)
    return C.Shared[Slot];
  if (int Slot = Objects->localSlot(V); Slot >= 0)
    return C.Threads[I].Locals[Slot];
  return Value();
}

void Prepared::write(Config &C, uint32_t I, DataVarId V, Value Val) const {
  if (int Slot = Objects->sharedSlot(V); Slot >= 0)
    C.Shared[Slot] = Val;
  else if (int Slot = Objects->localSlot(V); Slot >= 0)
    C.Threads[I].Locals[Slot] = Val;
}

/// Whether L Pred R holds.
static bool compare(GuardPred P, int64_t L, int64_t R) {
  switch (P) {
  case GuardPred::EQ:
    return L == R;
  case GuardPred::NE:
    return L != R;
  case GuardPred::LT:
    return L < R;
  case GuardPred::LE:
    return L <= R;
  case GuardPred::GT:
    return L > R;
  case GuardPred::GE:
    return L >= R;
  }
  return true;
}

/// V + K, or unknown past CounterCap (K != 0) or on overflow.
static Value plus(Value V, int64_t K) {
  int64_t Sum;
  if (!V.Known || __builtin_add_overflow(V.V, K, &Sum) ||
      (K != 0 && (Sum > CounterCap || Sum < -CounterCap)))
    return Value();
  return Value{true, Sum};
}

Value Prepared::rhsOf(const Config &C, uint32_t I, const Action &A) const {
  if (A.RhsVar == NoDataVar)
    return Value{true, A.Const};
  Value R = read(C, I, A.RhsVar);
  int64_t Sum;
  if (!R.Known || __builtin_add_overflow(R.V, A.Const, &Sum))
    return Value();
  return Value{true, Sum};
}

Value Prepared::assigned(const Config &C, uint32_t I, const Action &A) const {
  if (A.SelfId)
    return Value{true, int64_t(C.Threads[I].Id)};
  if (A.HasConst)
    return Value{true, A.Const};
  if (A.SrcVar == NoDataVar)
    return Value(); // An untracked right-hand side.
  if (A.Compare) {
    // Var := (SrcVar Pred Rhs) ? 1 : 0.
    Value L = read(C, I, A.SrcVar), R = rhsOf(C, I, A);
    if (!L.Known || !R.Known)
      return Value();
    return Value{true, compare(A.Pred, L.V, R.V) ? 1 : 0};
  }
  // Var := SrcVar + Const (a copy when Const is 0). Beyond CounterCap the
  // value becomes unknown so that a counting loop stays finite.
  return plus(read(C, I, A.SrcVar), A.Const);
}

bool Prepared::guardHolds(const Config &C, uint32_t I, const Action &A) const {
  if (Opts.Relax & ModelCheckOptions::RelaxData)
    return true;
  if (llvm::is_contained(Opts.RelaxVars, A.Var) ||
      (A.RhsVar != NoDataVar && llvm::is_contained(Opts.RelaxVars, A.RhsVar)))
    return true;
  Value V = read(C, I, A.Var), R = rhsOf(C, I, A);
  if (!V.Known || !R.Known)
    return true; // An untracked or unknown value: both branches.
  return compare(A.Pred, V.V, R.V);
}

void Prepared::atomicUpdate(
    const Config &C, uint32_t I, const Action &A, Config &Base,
    llvm::function_ref<void(Config &&, uint32_t)> Emit) const {
  Value Old = read(C, I, A.Var);
  if (A.ResultVar != NoDataVar)
    write(Base, I, A.ResultVar, Old);
  Value Operand = A.HasConst ? Value{true, A.Const} : Value();
  switch (A.Op) {
  case AtomicOp::Load:
    break;
  case AtomicOp::Exchange:
    write(Base, I, A.Var, Operand);
    break;
  case AtomicOp::Add:
    write(Base, I, A.Var, A.HasConst ? plus(Old, A.Const) : Value());
    break;
  case AtomicOp::CompareExchange: {
    Value Exp = A.SrcVar != NoDataVar ? read(C, I, A.SrcVar)
                : A.HasExpected       ? Value{true, A.ExpectedConst}
                                      : Value();
    bool MaySucceed = !Old.Known || !Exp.Known || Old.V == Exp.V;
    bool MayFail = !Old.Known || !Exp.Known || Old.V != Exp.V || A.Weak;
    // Choice 0: it succeeds; 1: it fails.
    if (MaySucceed) {
      Config S = Base;
      if (A.OkVar != NoDataVar)
        write(S, I, A.OkVar, Value{true, 1});
      if (A.ResultVar != NoDataVar && !Old.Known && Exp.Known)
        write(S, I, A.ResultVar, Exp); // It was the expected value.
      write(S, I, A.Var, Operand);
      Emit(std::move(S), 0);
    }
    if (MayFail) {
      if (A.OkVar != NoDataVar)
        write(Base, I, A.OkVar, Value{true, 0});
      Emit(std::move(Base), 1);
    }
    return;
  }
  }
  Emit(std::move(Base), 0);
}

void Prepared::arrive(Config &C, uint32_t I, uint32_t To) const {
  ThreadState &T = C.Threads[I];
  T.Node = To;
  T.St = Status::Active;
  while (true) {
    const ThreadGraph &G = *Graphs[T.Graph];
    if (T.Node < G.NumNodes && !G.Succs[T.Node].empty())
      return;
    if (T.RetNode != NoNode) {
      // The end of a once body: the control is done, resume the caller.
      if (T.Aux != NoOnceControl)
        C.Onces[T.Aux] = 2;
      T.Graph = T.Template;
      T.Node = T.RetNode;
      T.RetNode = NoNode;
      continue;
    }
    T.St = Status::Terminated; // exit2: the end of the start routine.
    return;
  }
}

std::vector<unsigned> Prepared::operandIds(const Action &A) const {
  // Create's operand is its creation slot, not a table entry.
  if (!isTableKind(A.Kind))
    return {};
  if (A.Kind == ActionKind::Unlock)
    return Objects->lockIds(A);
  return Objects->ids(objKindOf(A.Kind), A.Objects);
}

Config Prepared::EdgeMove::next() const {
  Config S = C;
  P.arrive(S, I, E.To);
  return S;
}

void Prepared::dataMoves(const EdgeMove &X, bool &FullyEnabled) const {
  const Action &A = X.E.A;
  const Config &C = X.C;
  const uint32_t I = X.I;
  switch (A.Kind) {
  case ActionKind::Assign: {
    Config S = X.next();
    write(S, I, A.Var, assigned(C, I, A));
    X.Step(std::move(S), 0);
    return;
  }
  case ActionKind::Assume: {
    if (!guardHolds(C, I, A)) {
      // Another thread may make it hold (a join forgets thread ids).
      if (Objects->isShared(A.Var) || Objects->isShared(A.RhsVar) ||
          Objects->usesThreadId(A))
        FullyEnabled = false;
      return;
    }
    Config S = X.next();
    if (A.Pred == GuardPred::EQ && A.RhsVar == NoDataVar &&
        !read(C, I, A.Var).Known)
      write(S, I, A.Var, Value{true, A.Const}); // The branch refines it.
    X.Step(std::move(S), 0);
    return;
  }
  case ActionKind::AtomicUpdate: {
    Config S = X.next();
    atomicUpdate(C, I, A, S, X.Step);
    return;
  }
  default:
    llvm_unreachable("dataMoves takes tracked-data kinds only");
  }
}

void Prepared::movesOf(const Config &C, uint32_t I,
                       std::vector<MoveInfo> &Moves, std::vector<Config> &Succs,
                       bool &FullyEnabled, std::string *CutNote) const {
  FullyEnabled = true;
  const ThreadState &T = C.Threads[I];
  auto Emit = [&](MoveKind K, uint32_t E, uint32_t Choice, Config &&S,
                  std::vector<unsigned> Objs, bool All) {
    if (S.Threads[I].St == Status::Terminated || S.Threads[I].Graph != T.Graph)
      Objs.push_back(ObjectTables::ThreadMgmt);
    std::sort(Objs.begin(), Objs.end());
    Objs.erase(std::unique(Objs.begin(), Objs.end()), Objs.end());
    Moves.push_back(MoveInfo{Move{I, K, E, Choice}, std::move(Objs), All});
    forgetDeadLocals(S);
    Succs.push_back(std::move(S));
  };
  auto Objs = [&](uint32_t E, bool &All) {
    llvm::ArrayRef<unsigned> O = Dep->edgeObjs(T.Graph, E, All);
    return std::vector<unsigned>(O.begin(), O.end());
  };

  if (T.St != Status::Active) {
    blockedMoves(
        C, I,
        [&](MoveKind K, Config &&S) {
          bool All = false;
          std::vector<unsigned> O = Objs(T.Aux, All);
          Emit(K, T.Aux, 0, std::move(S), std::move(O), All);
        },
        FullyEnabled);
    return;
  }

  const ThreadGraph &G = *Graphs[T.Graph];
  if (T.Node >= G.NumNodes)
    return;
  for (unsigned EI : G.Succs[T.Node]) {
    const ActionEdge &E = G.Edges[EI];
    const Action &A = E.A;
    bool All = false;
    std::vector<unsigned> O = Objs(EI, All);
    auto Step = [&](Config &&S, uint32_t Choice) {
      Emit(MoveKind::Edge, EI, Choice, std::move(S), O, All);
    };
    std::vector<unsigned> Ids = operandIds(A);
    // A sync operand that may denote several objects, or one abstract
    // object that may be many runtime ones, acts on none of them exactly
    // (see docs: "ambiguous sync objects").
    const bool Exact = isTableKind(A.Kind) &&
                       Objects->exact(A.MustObject, objKindOf(A.Kind), Ids);
    EdgeMove X{*this, C, I, EI, E, Ids, Exact, Step};

    switch (A.Kind) {
    case ActionKind::Assign:
    case ActionKind::Assume:
    case ActionKind::AtomicUpdate:
      dataMoves(X, FullyEnabled);
      break;
    case ActionKind::Create:
    case ActionKind::Join:
    case ActionKind::NotJoinable:
    case ActionKind::Detach:
    case ActionKind::Cancel:
    case ActionKind::HandleCopy:
      threadMoves(C, I, E, Ids, Step, FullyEnabled, CutNote);
      break;
    case ActionKind::Exit: {
      Config S = C;
      S.Threads[I].St = Status::Terminated; // exit1.
      Step(std::move(S), 0);
      break;
    }
    case ActionKind::Lock:
    case ActionKind::TryLock:
    case ActionKind::Unlock:
      lockMoves(X, FullyEnabled);
      break;
    case ActionKind::Wait:
    case ActionKind::Signal:
    case ActionKind::Broadcast:
      condMoves(X);
      break;
    case ActionKind::BarrierWait:
      barrierMoves(X);
      break;
    case ActionKind::Once:
      onceMoves(X, FullyEnabled);
      break;
    case ActionKind::SemWait:
    case ActionKind::SemTryWait:
    case ActionKind::SemPost:
      semMoves(X, FullyEnabled);
      break;
    case ActionKind::Internal:
    case ActionKind::Read:
    case ActionKind::Write:
    case ActionKind::Call:
      Step(X.next(), 0);
      break;
    }
  }
}

void Prepared::racesIn(const Config &C, std::vector<RaceAt> &Out) const {
  Out.clear();
  const ThreadModel &TM = *In.TM;
  for (uint32_t I = 0; I < C.Threads.size(); ++I) {
    if (!atAccess(C, I))
      continue;
    for (uint32_t J = I + 1; J < C.Threads.size(); ++J) {
      if (!atAccess(C, J))
        continue;
      const ThreadState &A = C.Threads[I], &B = C.Threads[J];
      // Each instance of a template that owns its own concrete objects of
      // Loc's site touches a different one (see MemObject).
      if (A.Template == B.Template && In.Loc.Obj < TM.Objects.size() &&
          TM.Objects[In.Loc.Obj].ownedPerInstance(A.Template))
        continue;
      for (unsigned X : Graphs[A.Graph]->Succs[A.Node]) {
        const Action &AX = Graphs[A.Graph]->Edges[X].A;
        if (!isAccessOfLoc(AX))
          continue;
        for (unsigned Y : Graphs[B.Graph]->Succs[B.Node]) {
          const Action &BY = Graphs[B.Graph]->Edges[Y].A;
          if (!isAccessOfLoc(BY))
            continue;
          if (accessesConflict(TM.Accesses[AX.Acc], TM.Accesses[BY.Acc],
                               LocInUnion) &&
              touchSame(TM.Accesses[AX.Acc], TM.Accesses[BY.Acc]) &&
              mayMeet(C, I, TM.Accesses[AX.Acc], J, TM.Accesses[BY.Acc]) &&
              !lockProtected(A.Template, AX.Acc, B.Template, BY.Acc) &&
              !orderedByFacts(A.Template, AX.Acc, B.Template, BY.Acc))
            Out.push_back(RaceAt{I, J, X, Y});
        }
      }
    }
  }
}

bool Prepared::touchSame(const Access &X, const Access &Y) const {
  if (In.Loc.Offset != AnyOffset)
    return true; // Each touches the location's one field.
  for (const MemLoc &LX : X.Locs)
    if (LX.Obj == In.Loc.Obj)
      for (const MemLoc &LY : Y.Locs)
        if (LY.Obj == In.Loc.Obj && LX.mayAlias(LY))
          return true;
  return false;
}

bool Prepared::mayMeet(const Config &C, uint32_t I, const Access &X, uint32_t J,
                       const Access &Y) const {
  if ((Opts.Relax & ModelCheckOptions::RelaxIndices) ||
      X.IndexVar == NoDataVar || Y.IndexVar == NoDataVar)
    return true;
  Value VX = read(C, I, X.IndexVar), VY = read(C, J, Y.IndexVar);
  if (!VX.Known || !VY.Known)
    return true;
  // Bytes [Scale * v + Lo, Scale * v + Hi) of the object, each.
  int64_t BX, BY, LoX, HiX, LoY, HiY;
  if (__builtin_mul_overflow(X.IndexScale, VX.V, &BX) ||
      __builtin_mul_overflow(Y.IndexScale, VY.V, &BY) ||
      __builtin_add_overflow(BX, X.IndexLo, &LoX) ||
      __builtin_add_overflow(BX, X.IndexHi, &HiX) ||
      __builtin_add_overflow(BY, Y.IndexLo, &LoY) ||
      __builtin_add_overflow(BY, Y.IndexHi, &HiY))
    return true;
  return LoX < HiY && LoY < HiX;
}

std::pair<AccessId, AccessId> Prepared::pairOf(const Config &C,
                                               const RaceAt &R) const {
  AccessId A = edge(C.Threads[R.I], R.EI).A.Acc,
           B = edge(C.Threads[R.J], R.EJ).A.Acc;
  return {std::min(A, B), std::max(A, B)};
}

bool Prepared::lockProtected(TemplateId TA, AccessId A, TemplateId TB,
                             AccessId B) const {
  if (!In.Contexts || A >= In.Contexts->size() || B >= In.Contexts->size())
    return false;
  const std::vector<const AccessContext *> &CA = (*In.Contexts)[A],
                                           &CB = (*In.Contexts)[B];
  if (CA.empty() || CB.empty())
    return false;
  // The contexts of template T, or all of them if T has none (or is any).
  auto Filter = [](const std::vector<const AccessContext *> &Cs, TemplateId T) {
    bool Has =
        T != InvalidTemplate && llvm::any_of(Cs, [&](const AccessContext *X) {
          return X->Thread == T;
        });
    return Has ? T : InvalidTemplate;
  };
  TemplateId FA = Filter(CA, TA), FB = Filter(CB, TB);
  bool WA = In.TM->Accesses[A].IsWrite, WB = In.TM->Accesses[B].IsWrite;
  for (const AccessContext *X : CA)
    for (const AccessContext *Y : CB)
      if ((FA == InvalidTemplate || X->Thread == FA) &&
          (FB == InvalidTemplate || Y->Thread == FB) &&
          !locksExclude(X->Held, WA, Y->Held, WB))
        return false;
  return true;
}

bool Prepared::orderedByFacts(TemplateId TA, AccessId A, TemplateId TB,
                              AccessId B) const {
  const OrderFacts *O = In.Order;
  return O && TA != InvalidTemplate && TB != InvalidTemplate &&
         O->ordered(TA, O->keyOf(TA, A), TB, O->keyOf(TB, B)) !=
             OrderRule::None;
}

uint64_t Prepared::potentialPairs(uint64_t Cap) const {
  const ThreadModel &TM = *In.TM;
  std::vector<AccessId> Accs;
  for (const ThreadGraph *G : Graphs)
    for (const ActionEdge &E : G->Edges)
      if (isAccessOfLoc(E.A))
        Accs.push_back(E.A.Acc);
  std::sort(Accs.begin(), Accs.end());
  Accs.erase(std::unique(Accs.begin(), Accs.end()), Accs.end());
  uint64_t N = 0;
  for (size_t X = 0; X < Accs.size() && N <= Cap; ++X)
    for (size_t Y = X; Y < Accs.size() && N <= Cap; ++Y)
      if (accessesConflict(TM.Accesses[Accs[X]], TM.Accesses[Accs[Y]],
                           LocInUnion) &&
          !lockProtected(InvalidTemplate, Accs[X], InvalidTemplate, Accs[Y]))
        ++N;
  return N;
}

std::string Prepared::describeMove(const Config &Before, const Move &M) const {
  const ThreadState &T = Before.Threads[M.Thread];
  const ActionEdge &E = edge(T, M.Edge);
  const ThreadModel &TM = *In.TM;
  if (M.Kind == MoveKind::Spurious)
    return "spurious wake-up from " + describeAction(TM, E.A);
  if (M.Kind == MoveKind::Timeout)
    return "time out in " + describeAction(TM, E.A);
  if (M.Kind == MoveKind::Reacquire)
    return "wake up and re-lock after " + describeAction(TM, E.A);
  std::string Text = describeAction(TM, E.A);
  switch (E.A.Kind) {
  case ActionKind::Create: {
    if (M.Choice == CreateFails)
      return Text + " (fails: no thread)";
    if (M.Choice == UINT32_MAX)
      return Text + (TM.Creations[E.A.Creation].Targets.empty()
                         ? " (start routine unknown: no thread modelled)"
                         : " (not run: thread bound)");
    // Choice: target K, and R > 0 when the new thread reuses the R-th
    // freed id (HandleRules.cpp).
    const auto &Ts = TM.Creations[E.A.Creation].Targets;
    TemplateId Tgt = Ts[M.Choice % Ts.size()];
    std::string S = "create " + TM.Templates[Tgt].Name + "#" +
                    std::to_string(Before.Threads.size());
    if (unsigned R = M.Choice / Ts.size())
      S += " (reusing a freed thread id, " + std::to_string(R) + ")";
    return S;
  }
  case ActionKind::TryLock:
  case ActionKind::SemTryWait:
    return Text + (M.Choice == 0 ? " (succeeds)" : " (fails)");
  case ActionKind::AtomicUpdate:
    if (E.A.Op == AtomicOp::CompareExchange)
      return Text + (M.Choice == 0 ? " (succeeds)" : " (fails)");
    return Text;
  case ActionKind::Signal:
  case ActionKind::Broadcast:
    if (M.Kind == MoveKind::Edge && M.Choice > 0)
      return Text + " (wakes " + threadName(Before, M.Choice - 1) + ")";
    return Text;
  case ActionKind::Join:
  case ActionKind::Detach:
    if (M.Choice > 0)
      return Text + " (" + threadName(Before, M.Choice - 1) + ")";
    return Text;
  case ActionKind::Cancel:
    if (M.Choice > 0)
      return Text + " (" + threadName(Before, M.Choice - 1) + " ends)";
    // Deferred cancellation: a live target runs on to a cancellation point.
    return Text + " (the target runs on, or has ended)";
  case ActionKind::Once:
    if (M.Kind == MoveKind::Edge && M.Choice > 0 && M.Choice <= OnceFns.size())
      if (const FunctionGraph *G = TM.graphOf(OnceFns[M.Choice - 1]))
        return Text + " (runs " + G->Name + ")";
    return Text;
  case ActionKind::HandleCopy:
  case ActionKind::NotJoinable:
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Exit:
  case ActionKind::Lock:
  case ActionKind::Unlock:
  case ActionKind::Wait:
  case ActionKind::BarrierWait:
  case ActionKind::SemWait:
  case ActionKind::SemPost:
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
    return Text;
  }
  llvm_unreachable("a kind ActionKinds.def does not list");
}
