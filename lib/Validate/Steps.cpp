//===- Steps.cpp - What each step of an interleaving does in a replay -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Locks and joins are checked against the replay's own state: a lock is
// taken only if no other thread holds it at that address, a joined thread
// first runs to its end and its handle must hold its id. The model checker
// abstracts both (a lock that may be many runtime objects excludes
// nothing there), so the replay is where they are decided. Condition
// variables, barriers, semaphores and once-controls are taken as the
// interleaving orders them.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/ErrorHandling.h"

#include <cerrno>

using namespace llvm;

namespace racesift {
namespace validate {

/// What a trylock or timed lock returns when it does not get the lock:
/// the code the program may test for.
static uint64_t tryLockFailure(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  StringRef N = F ? F->getName() : "";
  if (N == "mtx_trylock")
    return 1; // thrd_busy
  if (N == "mtx_timedlock")
    return 4; // thrd_timedout
  if (N.contains("timed"))
    return ETIMEDOUT;
  return EBUSY;
}

bool Replayer::sameInstNext(const Path &P, const ReplayStep &S) const {
  for (size_t I = P.Next + 1; I < In.Steps.size(); ++I)
    if (In.Steps[I].Thread == S.Thread)
      return In.Steps[I].Inst == S.Inst;
  return false;
}

bool Replayer::acquire(Path &P, unsigned T, uint64_t Addr, bool Shared,
                       bool Recursive) {
  for (HeldLock &L : P.Locks) {
    if (L.Addr != Addr)
      continue;
    if (L.Owner == T && (Recursive || (Shared && L.Shared))) {
      ++L.Count;
      return true;
    }
    if (L.Owner == T || !Shared || !L.Shared)
      return false;
  }
  P.Locks.push_back({Addr, T, Shared, 1});
  return true;
}

void Replayer::release(Path &P, unsigned T, uint64_t Addr) {
  for (size_t I = 0; I < P.Locks.size(); ++I)
    if (P.Locks[I].Addr == Addr && P.Locks[I].Owner == T) {
      if (--P.Locks[I].Count == 0)
        P.Locks.erase(P.Locks.begin() + I);
      return;
    }
}

uint64_t Replayer::lockAddress(Path &P, const ReplayStep &S, const Action &A,
                               bool Mutex) {
  if (A.Lock == LockKind::AtomicSection)
    return 1;
  const auto &CB = cast<CallBase>(*S.Inst);
  Frame &F = P.Threads[S.Thread].Stack.back();
  int Op = Mutex ? (A.ObjectOperand >= 0 && CB.arg_size() > 1 ? 1 : -1)
                 : A.ObjectOperand;
  if (Op >= 0)
    return concretize(P, eval(P, F, CB.getArgOperand(Op)), "lock");
  // A C++ guard's mutex, a value of the caller (CxxSync.cpp).
  if (const Value *V = Mutex ? A.MutexValue : A.ObjectValue)
    return concretize(P, eval(P, F, V), "lock");
  const std::vector<MemLoc> &Ls = Mutex ? A.Mutex : A.Objects;
  // A lock named inside a library wrapper (std::lock_guard): its one
  // runtime object stands for itself.
  if (TM.isOneRuntimeObject(Ls))
    return (uint64_t(0xffff) << 48) | (uint64_t(Ls[0].Obj) << 16) |
           uint64_t(Ls[0].Offset & 0xffff);
  throw Unsupported{"a lock the replay cannot locate"};
}

bool Replayer::lockStep(Path &P, const ReplayStep &S, const Action &First) {
  unsigned T = S.Thread;
  const auto &CB = cast<CallBase>(*S.Inst);
  // std::scoped_lock's mutexes one by one: the thread stays at the call
  // until it has taken (or given back) every one, each its own step.
  const Action *Part = &First;
  bool LastPart = true;
  unsigned &Done = P.Threads[T].LockPartsDone;
  if (auto It = LockPartsAt.find({S.Inst, S.Kind}); It != LockPartsAt.end()) {
    Part = It->second[Done % It->second.size()];
    LastPart = Done + 1 >= It->second.size();
    Done = LastPart ? 0 : Done + 1;
  }
  const Action &A = *Part;
  const Function *Callee = CB.getCalledFunction();
  bool Body =
      A.Lock == LockKind::AtomicSection && Callee && !Callee->isDeclaration();
  bool Shared = A.Mode == LockMode::Shared;
  bool Recursive = A.Lock == LockKind::RecursiveMutex;
  if (A.Kind == ActionKind::Unlock) {
    if (Body) {
      // At the return of the atomic function: return, then release.
      if (!step(P, T))
        return false;
    } else if (LastPart) {
      finishCall(P, T, CB, std::nullopt);
    }
    if (releasesAnyLock(A)) {
      std::vector<HeldLock> Kept;
      for (const HeldLock &L : P.Locks)
        if (L.Owner != T)
          Kept.push_back(L);
      P.Locks = std::move(Kept);
      return true;
    }
    release(P, T, lockAddress(P, S, A, false));
    return true;
  }
  uint64_t Addr = lockAddress(P, S, A, false);
  bool Free = acquire(P, T, Addr, Shared, Recursive);
  if (A.Kind == ActionKind::TryLock && !S.Succeeds) {
    if (Free) {
      release(P, T, Addr);
      dead(P, "a trylock fails although the lock is free");
      return false;
    }
    finishCall(P, T, CB, Val::constant(32, tryLockFailure(CB)));
    return true;
  }
  if (!Free) {
    dead(P, "a lock is taken while another thread holds it at that address");
    return false;
  }
  if (!LastPart)
    return true; // Still at the call: its other mutexes come next.
  if (Body) {
    // Enter the atomic function's body; its return is the Unlock step.
    Frame &F = P.Threads[T].Stack.back();
    Frame Fr;
    Fr.F = Callee;
    Fr.BB = &Callee->getEntryBlock();
    Fr.It = Fr.BB->begin();
    Fr.CallSite = &CB;
    Fr.UnlockOnReturn = true;
    for (const Argument &Arg : Callee->args())
      Fr.Vals[&Arg] = eval(P, F, CB.getArgOperand(Arg.getArgNo()));
    P.Threads[T].Stack.push_back(std::move(Fr));
    return true;
  }
  finishCall(P, T, CB, Val::constant(32, 0));
  return true;
}

void Replayer::startCreated(Path &P, unsigned T, const CallBase &CB,
                            const CreationSite &CS, TemplateId Tgt,
                            unsigned Instance) {
  const Function *Entry =
      Tgt < TM.Templates.size() ? TM.Templates[Tgt].Entry : nullptr;
  if (!Entry || Entry->isDeclaration())
    throw Unsupported{"a thread whose start routine the replay cannot name"};
  Frame &F = P.Threads[T].Stack.back();
  std::vector<Val> Args;
  if (CS.ArgOperand >= 0 && unsigned(CS.ArgOperand) < CB.arg_size()) {
    Val V = eval(P, F, CB.getArgOperand(CS.ArgOperand));
    if (CS.ArgLoaded) {
      // std::thread::_M_start_thread takes the state out of its
      // unique_ptr: the caller's ~unique_ptr then deletes nothing.
      uint64_t Slot = concretize(P, V, "thread state");
      Type *Ptr = PointerType::get(CB.getContext(), 0);
      V = load(P, Slot, Ptr, "");
      store(P, Slot, Val::constant(64, 0), Ptr);
    }
    Args.push_back(V);
  }
  startThread(P, Instance, *Entry, Args);
  P.Threads[Instance].SigBlocked = P.Threads[T].SigBlocked; // Inherited.
}

bool Replayer::barrierWait(Path &P, unsigned T, const CallBase &CB) {
  Frame &F = P.Threads[T].Stack.back();
  uint64_t Addr = concretize(P, eval(P, F, CB.getArgOperand(0)), "barrier");
  auto It = P.Barriers.find(Addr);
  if (It == P.Barriers.end())
    throw Unsupported{"a barrier the replay did not see initialised"};
  BarrierState &B = It->second;
  // Exactly one waiter of each cycle gets PTHREAD_BARRIER_SERIAL_THREAD
  // (-1), the others 0; which one POSIX leaves open.
  Val R = fresh(P, 32, "the result of pthread_barrier_wait");
  z3::expr E = Ops.expr(R);
  P.PC.push_back(E == Ctx.bv_val(0, 32) || E == Ctx.bv_val(-1, 32));
  B.Results.push_back(E == Ctx.bv_val(-1, 32));
  P.Threads[T].AtBarrier = {Addr, B.Cycle};
  P.Threads[T].BarrierCall = &CB;
  if (B.Results.size() >= B.Count) {
    z3::expr_vector Serial(Ctx);
    for (const z3::expr &X : B.Results)
      Serial.push_back(X);
    P.PC.push_back(z3::atmost(Serial, 1) && z3::atleast(Serial, 1));
    B.Results.clear();
    ++B.Cycle;
  }
  finishCall(P, T, CB, R);
  return true;
}

bool Replayer::waitingAtBarrier(Path &P, unsigned T) {
  ThreadState &TS = P.Threads[T];
  if (!TS.AtBarrier)
    return false;
  auto [Addr, Cycle] = *TS.AtBarrier;
  if (P.Barriers[Addr].Cycle != Cycle) {
    TS.AtBarrier.reset();
    return false;
  }
  dead(P, "a thread runs on from pthread_barrier_wait" +
              atLine(*TS.BarrierCall) +
              " before the barrier's other threads arrive");
  return true;
}

/// std::thread's join and detach (the id is the object's first word).
static bool isStdThreadMember(const Function *F) {
  return F && F->getName().starts_with("_ZNSt6thread");
}

bool Replayer::perform(Path &P, const ReplayStep &S) {
  unsigned T = S.Thread;
  const Action *A = actionOf(S);
  if (!A)
    throw Unsupported{"a step the thread model does not name"};
  if (S.Kind == ActionKind::Read || S.Kind == ActionKind::Write ||
      S.Kind == ActionKind::AtomicUpdate || S.Kind == ActionKind::Assign ||
      S.Kind == ActionKind::Assume || S.Kind == ActionKind::HandleCopy ||
      S.Kind == ActionKind::NotJoinable)
    return sameInstNext(P, S) || step(P, T);
  const auto *CBp = dyn_cast<CallBase>(S.Inst);
  if (!CBp)
    throw Unsupported{"a synchronisation step that is no call"};
  const CallBase &CB = *CBp;
  Frame &F = P.Threads[T].Stack.back();
  auto Ret = [&](int64_t V) {
    std::optional<Val> R;
    if (!CB.getType()->isVoidTy())
      R = Val::constant(DL.getTypeSizeInBits(CB.getType()), uint64_t(V));
    finishCall(P, T, CB, R);
    return true;
  };
  if (const Function *Called = CB.getCalledFunction())
    if (ThreadState &TS = P.Threads[T];
        TS.CancelPending && !TS.CancelDisabled &&
        cancellation(P, T, CB, Called->getName())) {
      dead(P, "a cancelled thread ends at '" + Called->getName().str() + "'" +
                  atLine(CB) + ", a cancellation point");
      return false;
    }
  switch (S.Kind) {
  case ActionKind::Lock:
  case ActionKind::TryLock:
  case ActionKind::Unlock:
    return lockStep(P, S, *A);
  case ActionKind::Wait: {
    if (!S.Resume && !S.Succeeds) {
      P.Threads[T].WaitTimedOut = true; // Its deadline passed.
      return true;
    }
    uint64_t M = lockAddress(P, S, *A, true);
    if (!S.Resume) {
      release(P, T, M);
      return true;
    }
    if (!acquire(P, T, M, false, false)) {
      dead(P, "a woken waiter re-takes a mutex another thread holds");
      return false;
    }
    bool TimedOut = std::exchange(P.Threads[T].WaitTimedOut, false);
    return Ret(TimedOut ? timedOutValue(CB) : 0);
  }
  case ActionKind::Create: {
    if (!S.Succeeds)
      return Ret(EAGAIN); // No thread, the handle untouched.
    const CreationSite &CS = TM.Creations.at(A->Creation);
    if (CS.Library) {
      // Whether and when the library runs it is the library's: a witness
      // that runs it is not replayed; one that does not passes the call.
      if (S.Target != ReplayStep::NoInstance)
        throw Unsupported{"a thread a library starts (library-thread) is not "
                          "replayed"};
      return opaqueCall(P, T, CB,
                        "'" + CB.getCalledOperand()->getName().str() + "'");
    }
    uint64_t Id = S.Target == ReplayStep::NoInstance
                      ? 0x7e0000 + P.Next
                      : P.Threads.at(S.Target).Id;
    if (CS.HandleOperand >= 0) {
      uint64_t H = concretize(P, eval(P, F, CB.getArgOperand(CS.HandleOperand)),
                              "handle");
      store(P, H, Val::constant(64, Id), Type::getInt64Ty(CB.getContext()));
    }
    if (S.Target != ReplayStep::NoInstance) {
      TemplateId Tgt = CS.Targets.size() == 1 ? CS.Targets[0] : InvalidTemplate;
      for (const ReplayStep &X : In.Steps)
        if (X.Thread == S.Target)
          Tgt = X.Template;
      startCreated(P, T, CB, CS, Tgt, S.Target);
    }
    return Ret(0);
  }
  case ActionKind::Join: {
    if (S.Target == ReplayStep::NoInstance || !P.Threads.at(S.Target).Started)
      throw Unsupported{"a join of a thread the interleaving does not run "
                        "(thread bound)"};
    size_t Saved = P.Next;
    P.Threads[S.Target].ToEnd = true;
    if (advance(P, S.Target, nullptr) != Advance::Reached)
      return false;
    P.Next = Saved;
    const Function *Callee = CB.getCalledFunction();
    Val H = eval(P, F, CB.getArgOperand(0));
    bool CxxThread = isStdThreadMember(Callee);
    uint64_t Object = 0;
    if (CxxThread) {
      Object = concretize(P, H, "thread");
      H = load(P, Object, Type::getInt64Ty(CB.getContext()), "");
    }
    z3::expr Same =
        Ops.expr(Ops.zext(H, 64)) == Ctx.bv_val(P.Threads[S.Target].Id, 64);
    if (!satisfiable(P, Same)) {
      dead(P, "the joined handle does not hold that thread's id");
      return false;
    }
    P.PC.push_back(Same);
    bool C11 = Callee && Callee->getName() == "thrd_join";
    if (Callee && (Callee->getName() == "pthread_join" || C11) &&
        CB.arg_size() > 1)
      storeJoinResult(
          P, concretize(P, eval(P, F, CB.getArgOperand(1)), "join result"),
          S.Target, C11, CB.getContext());
    if (CxxThread)
      clearCxxThreadId(P, Object, CB.getContext());
    return Ret(0);
  }
  case ActionKind::Once: {
    uint64_t Ctl = concretize(P, eval(P, F, CB.getArgOperand(0)), "once");
    if (!P.OnceDone.insert(Ctl).second)
      return Ret(0);
    uint64_t Fn = concretize(P, eval(P, F, CB.getArgOperand(1)), "once");
    auto It = P.FunctionAt.find(Fn);
    // once-proxy: std::call_once's routine is the one its caller stored in
    // std::__once_call (thread-local; the replay keeps one copy, which the
    // caller has just written).
    if (It != P.FunctionAt.end())
      if (const GlobalVariable *Slot = onceProxySlot(*It->second)) {
        Val Addr = threadLocalAddress(P, T, Slot, eval(P, F, Slot));
        Val Stored = load(P, concretize(P, Addr, "once"),
                          PointerType::get(CB.getContext(), 0), "");
        It = P.FunctionAt.find(concretize(P, Stored, "once"));
      }
    if (It == P.FunctionAt.end() || It->second->isDeclaration())
      throw Unsupported{"a once-function the replay cannot name"};
    Frame Fr;
    Fr.F = It->second;
    Fr.BB = &Fr.F->getEntryBlock();
    Fr.It = Fr.BB->begin();
    Fr.CallSite = &CB;
    Fr.OnceControl = Ctl;
    P.Threads[T].Stack.push_back(std::move(Fr));
    return true;
  }
  case ActionKind::Exit: {
    // key-destructors: the thread runs them before it ends.
    std::optional<Val> Value = exitValue(P, T, CB);
    if (endWithThreadExitHandlers(P, T, Value))
      return true;
    if (Value)
      P.Threads[T].Ret = Value;
    P.Threads[T].Stack.clear();
    P.Threads[T].Done = true;
    return true;
  }
  case ActionKind::SemTryWait:
    return Ret(S.Succeeds ? 0 : -1);
  case ActionKind::BarrierWait:
    return barrierWait(P, T, CB);
  case ActionKind::Detach:
    if (isStdThreadMember(CB.getCalledFunction()))
      clearCxxThreadId(P,
                       concretize(P, eval(P, F, CB.getArgOperand(0)), "thread"),
                       CB.getContext());
    return Ret(0);
  case ActionKind::Signal:
  case ActionKind::Broadcast:
  case ActionKind::SemWait:
  case ActionKind::SemPost:
    return Ret(0);
  case ActionKind::Cancel:
    return cancelStep(P, T, CB);
  case ActionKind::HandleCopy:
  case ActionKind::Internal:
  case ActionKind::Read:
  case ActionKind::Write:
  case ActionKind::Call:
  case ActionKind::Assign:
  case ActionKind::Assume:
  case ActionKind::NotJoinable:
  case ActionKind::AtomicUpdate:
    throw Unsupported{std::string("the step '") + describeAction(TM, *A) + "'"};
  }
  llvm_unreachable("a kind ActionKinds.def does not list");
}

void Replayer::clearCxxThreadId(Path &P, uint64_t Object, LLVMContext &C) {
  store(P, Object, Val::constant(64, 0), Type::getInt64Ty(C));
}

} // namespace validate
} // namespace racesift
