//===- Calls.cpp - Calls in a replay: defined, library, intrinsic ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A defined function is entered. A library function is taken by what it
// returns: allocation gives a new object, the copy and fill functions move
// bytes, the SV-COMP functions give inputs and assumptions, and any other
// function returns an input value of its own (a pointer: a new object) and
// is assumed to leave the replay's memory alone (compromise
// "validation-library-effects", docs/design-validate.md).
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <cerrno>

using namespace llvm;

namespace racesift {
namespace validate {

std::string displayName(StringRef N) {
  if (!N.starts_with("_Z"))
    return N.str();
  std::string D = llvm::demangle(N);
  for (StringRef Long :
       {"std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char>>",
        "std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >"}) {
    for (size_t At; (At = D.find(Long.str())) != std::string::npos;)
      D.replace(At, Long.size(), "std::string");
  }
  return D;
}

bool Replayer::call(Path &P, unsigned T, const CallBase &CB) {
  if (Blocking.count(&CB))
    return unscheduledStep(P, T, CB);
  Frame &F = P.Threads[T].Stack.back();
  const Function *Callee = CB.getCalledFunction();
  // A call through an alias (a thread_local's initialiser `_ZTH...`, an
  // alias of __tls_init) calls what it names.
  if (auto *GA = dyn_cast<GlobalAlias>(CB.getCalledOperand()); GA && !Callee)
    Callee = dyn_cast_or_null<Function>(GA->getAliaseeObject());
  if (!Callee) {
    if (CB.isInlineAsm())
      return opaqueCall(P, T, CB, "inline assembly");
    uint64_t A = concretize(P, eval(P, F, CB.getCalledOperand()), "call");
    auto It = P.FunctionAt.find(A);
    if (It == P.FunctionAt.end()) {
      dead(P, "an indirect call through a pointer that is no function");
      return false;
    }
    Callee = It->second;
    // Where the thread goes depends on the pointer, as on a branch
    // (trust-after-branch; the refinement hints keep the last branch).
    P.Threads[T].TrustBeforeBranch = !P.Assumed.empty();
  }
  if (Callee->isDeclaration() || Callee->isIntrinsic())
    return external(P, T, CB, *Callee);
  if (Callee->isVarArg()) // va_arg is not replayed.
    return opaqueCall(
        P, T, CB, "the variadic function '" + Callee->getName().str() + "'");
  std::vector<Val> Args;
  for (const Use &U : CB.args())
    Args.push_back(eval(P, F, U.get()));
  if (P.Threads[T].Stack.size() > 256)
    throw Unsupported{"recursion deeper than 256 calls"};
  P.Threads[T].Stack.push_back(callFrame(*Callee, CB, Args));
  return true;
}

Frame Replayer::callFrame(const Function &Callee, const CallBase &CB,
                          ArrayRef<Val> Args) {
  Frame Fr;
  Fr.F = &Callee;
  Fr.BB = &Callee.getEntryBlock();
  Fr.It = Fr.BB->begin();
  Fr.CallSite = &CB;
  for (const Argument &A : Callee.args())
    Fr.Vals[&A] = A.getArgNo() < Args.size()
                      ? Args[A.getArgNo()]
                      : Val::constant(DL.getTypeSizeInBits(A.getType()), 0);
  return Fr;
}

bool Replayer::qsortComparator(Path &P, unsigned T, const CallBase &CB,
                               const std::string &Where) {
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  uint64_t Count = concretize(P, Arg(1), "qsort count");
  uint64_t Size = concretize(P, Arg(2), "qsort size");
  auto Fn = P.FunctionAt.find(concretize(P, Arg(3), "comparator"));
  if (Count < 2 || Size == 0 || Count > (1u << 20) / Size ||
      Fn == P.FunctionAt.end() || Fn->second->isDeclaration())
    return false;
  // qsort-comparator: at least one comparison of two of the elements (the
  // first two here), which the model checker's one run of the callback
  // stands for; the order the sort leaves is data the replay does not
  // compute, so the array's bytes are unknown from the call on.
  uint64_t Base = concretize(P, Arg(0), "qsort array");
  std::optional<z3::expr> Bytes;
  untrustBytes(P, Base, Base + Count * Size,
               "the array 'qsort'" + Where + " sorts", Bytes);
  std::vector<Val> Args{Val::constant(64, Base),
                        Val::constant(64, Base + Size)};
  if (CB.arg_size() >= 5)
    Args.push_back(Arg(4)); // qsort_r's context.
  P.Threads[T].Stack.push_back(callFrame(*Fn->second, CB, Args));
  return true;
}

unsigned timedOutValue(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F && F->getName() == "cnd_timedwait" ? 4 /* thrd_timedout */
                                              : ETIMEDOUT;
}

bool Replayer::unscheduledStep(Path &P, unsigned T, const CallBase &CB) {
  auto Is = [&](ActionKind K) { return ActionAt.count({&CB, K}) != 0; };
  std::optional<Val> Zero;
  if (!CB.getType()->isVoidTy())
    Zero = Val::constant(DL.getTypeSizeInBits(CB.getType()), 0);
  if (Is(ActionKind::Exit)) {
    // key-destructors: the interleaving runs them before pthread_exit's
    // end of the thread; the thread runs them now and ends after them.
    std::optional<Val> Value = exitValue(P, T, CB);
    if (endWithThreadExitHandlers(P, T, Value))
      return true;
  }
  if (Is(ActionKind::Create)) {
    // A thread the interleaving does not run: its creation site was sliced
    // away (its threads touch nothing the race needs), or a loop creates
    // more threads than the model checker's bound. It is created and not
    // scheduled before the race, which any scheduler may do; its handle
    // gets an id of its own, and a join runs it to its end.
    const Action &A = *ActionAt.find({&CB, ActionKind::Create})->second;
    const CreationSite &CS = TM.Creations.at(A.Creation);
    if (CS.Targets.size() != 1)
      throw Unsupported{"a thread created off the interleaving whose start "
                        "routine the replay cannot name"};
    // A loop over an input would create threads for ever: the replay
    // follows a few more than the interleaving at one site. Cut there, the
    // path proves nothing.
    unsigned AtSite = 0;
    for (unsigned U : P.Unscheduled)
      AtSite += P.Threads[U].CreatedBy == &CB;
    if (P.Unscheduled.size() == MaxUnscheduled ||
        AtSite == MaxUnscheduledPerSite) {
      if (P.Assumed.empty())
        P.Assumed = "that no more threads are created than the replay "
                    "follows";
      dead(P, "more threads are created than the replay follows");
      return false;
    }
    unsigned New = P.FirstUnscheduled + P.Unscheduled.size();
    P.Threads[New].Id = 0x7d0000 + New;
    P.Threads[New].CreatedBy = &CB;
    P.Unscheduled.push_back(New);
    if (CS.HandleOperand >= 0) {
      Frame &F = P.Threads[T].Stack.back();
      uint64_t H = concretize(P, eval(P, F, CB.getArgOperand(CS.HandleOperand)),
                              "handle");
      store(P, H, Val::constant(64, P.Threads[New].Id),
            Type::getInt64Ty(CB.getContext()));
    }
    startCreated(P, T, CB, CS, CS.Targets[0], New);
    finishCall(P, T, CB, Zero);
    return true;
  }
  // A thread created off the interleaving, run to its end by a join, or
  // one of the interleaving's that runs alone between two of its steps:
  // its own locking happens as it runs, while the others wait (a loop the
  // model checker left early runs on here); a lock another thread holds
  // ends the path.
  if (Is(ActionKind::Lock) || Is(ActionKind::Unlock)) {
    ReplayStep S;
    S.Thread = T;
    S.Kind = Is(ActionKind::Lock) ? ActionKind::Lock : ActionKind::Unlock;
    if (T < P.FirstUnscheduled)
      ++(P.Threads[T].ToEnd ? P.Threads[T].LocksToEnd
                            : P.Threads[T].ExtraLocks);
    S.Inst = &CB;
    // Every mutex of a several-mutex call (std::scoped_lock) at once.
    do {
      if (!perform(P, S))
        return false;
    } while (P.Threads[T].LockPartsDone);
    return true;
  }
  if (Is(ActionKind::Detach)) {
    finishCall(P, T, CB, Zero); // Waits for nothing.
    return true;
  }
  // A once the interleaving does not show: done, it returns at once; not
  // started, the thread runs the routine now while the others wait. Only
  // a routine another thread is running makes it wait.
  if (Is(ActionKind::Once)) {
    Frame &F = P.Threads[T].Stack.back();
    uint64_t Ctl = concretize(P, eval(P, F, CB.getArgOperand(0)), "once");
    for (unsigned U = 0; U < P.Threads.size(); ++U)
      for (const Frame &Fr : P.Threads[U].Stack)
        if (U != T && Fr.OnceControl == Ctl) {
          dead(P, "a thread waits in a once call while another runs its "
                  "routine");
          return false;
        }
    ReplayStep S;
    S.Thread = T;
    S.Kind = ActionKind::Once;
    S.Inst = &CB;
    return perform(P, S);
  }
  // A timed wait the interleaving does not show times out: the thread gives
  // its mutex back and takes it again while the others wait, which any
  // scheduler may do once the deadline passes.
  if (Is(ActionKind::Wait) &&
      ActionAt.find({&CB, ActionKind::Wait})->second->Timed) {
    ++P.Threads[T].TimedOut;
    finishCall(
        P, T, CB,
        Val::constant(DL.getTypeSizeInBits(CB.getType()), timedOutValue(CB)));
    return true;
  }
  if (Is(ActionKind::Join)) {
    // Joining a thread created off the interleaving, or one of the
    // interleaving's with no step left in it (join-finished): it runs to
    // its end now (the only schedule in which the join returns; no step
    // the interleaving shows moves).
    std::vector<unsigned> Finishing = P.Unscheduled;
    for (unsigned U = 0; U < P.FirstUnscheduled; ++U)
      if (U != T && P.Threads[U].Started && !P.Threads[U].Joined &&
          std::none_of(In.Steps.begin() + std::min(P.Next, In.Steps.size()),
                       In.Steps.end(),
                       [&](const ReplayStep &S) { return S.Thread == U; }))
        Finishing.push_back(U);
    if (!Finishing.empty()) {
      Frame &F = P.Threads[T].Stack.back();
      const Function *Callee = CB.getCalledFunction();
      Val H = eval(P, F, CB.getArgOperand(0));
      if (Callee && Callee->getName().starts_with("_ZNSt6thread"))
        H = load(P, concretize(P, H, "thread"),
                 Type::getInt64Ty(CB.getContext()), "");
      uint64_t Id = concretize(P, H, "joined thread");
      for (unsigned U : Finishing)
        if (P.Threads[U].Id == Id && !P.Threads[U].Joined) {
          size_t Saved = P.Next;
          if (U < P.FirstUnscheduled)
            P.Threads[U].ToEnd = true; // As a join the interleaving shows.
          if (advance(P, U, nullptr) != Advance::Reached)
            return false;
          P.Next = Saved;
          P.Threads[U].Joined = true;
          finishCall(P, T, CB, Zero);
          return true;
        }
    }
  }
  std::string What;
  if (const Function *Called = CB.getCalledFunction())
    What = " ('" + Called->getName().str() + "'" + atLine(CB) + ")";
  dead(P, "the path passes a synchronisation step the interleaving does "
          "not take" +
              What);
  return false;
}

bool Replayer::external(Path &P, unsigned T, const CallBase &CB,
                        const Function &Callee) {
  Frame &F = P.Threads[T].Stack.back();
  StringRef N = Callee.getName();
  if (std::optional<bool> C = cancellation(P, T, CB, N))
    return *C;
  Type *RT = CB.getType();
  unsigned RW = RT->isVoidTy() || RT->isStructTy() || RT->isVectorTy()
                    ? 0
                    : unsigned(DL.getTypeSizeInBits(RT));
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  auto Done = [&](std::optional<Val> R = std::nullopt) {
    finishCall(P, T, CB, R);
    return true;
  };
  if (auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::memcpy:
    case Intrinsic::memmove:
      copy(P, CB, concretize(P, Arg(0), "copy"), concretize(P, Arg(1), "copy"),
           Arg(2));
      return Done();
    case Intrinsic::memset:
      fill(P, concretize(P, Arg(0), "fill"), Arg(1), Arg(2));
      return Done();
    case Intrinsic::expect:
      return Done(Arg(0));
    case Intrinsic::stacksave:
      return Done(Val::constant(64, 0));
    case Intrinsic::threadlocal_address:
      return Done(threadLocalAddress(P, T, CB.getArgOperand(0), Arg(0)));
    case Intrinsic::smax:
      return Done(Ops.pick(CmpInst::ICMP_SGT, Arg(0), Arg(1)));
    case Intrinsic::smin:
      return Done(Ops.pick(CmpInst::ICMP_SLT, Arg(0), Arg(1)));
    case Intrinsic::umax:
      return Done(Ops.pick(CmpInst::ICMP_UGT, Arg(0), Arg(1)));
    case Intrinsic::umin:
      return Done(Ops.pick(CmpInst::ICMP_ULT, Arg(0), Arg(1)));
    case Intrinsic::sadd_with_overflow:
    case Intrinsic::uadd_with_overflow:
    case Intrinsic::ssub_with_overflow:
    case Intrinsic::usub_with_overflow:
    case Intrinsic::smul_with_overflow:
    case Intrinsic::umul_with_overflow:
      return Done(withOverflow(II->getIntrinsicID(), Arg(0), Arg(1)));
    default:
      if (RT->isStructTy() || RT->isVectorTy())
        throw Unsupported{"the intrinsic '" + N.str() + "'"};
      if (RW == 0 || II->isAssumeLikeIntrinsic())
        return Done(); // Debug info, lifetimes, assumptions, stackrestore.
      return Done(untrusted(
          P, RW, "the result of '" + displayName(N) + "'" + atLine(CB)));
    }
  }
  std::string Where =
      " at line " +
      std::to_string(CB.getDebugLoc() ? CB.getDebugLoc().getLine() : 0);
  bool Memalign = N == "posix_memalign" && CB.arg_size() == 3;
  if (Memalign || isOneOf(N, {"malloc", "_Znwm", "_Znam", "valloc",
                              "aligned_alloc", "calloc", "realloc"})) {
    Val Size = Arg(Memalign                                 ? 2
                   : N == "aligned_alloc" || N == "realloc" ? 1
                                                            : 0);
    if (N == "calloc")
      Size = *Ops.binary(Instruction::Mul, Ops.zext(Size, 64),
                         Ops.zext(Arg(1), 64));
    uint64_t S = Size.isConst() ? Size.K->getLimitedValue(1u << 20) : 1u << 20;
    uint64_t A = allocate(P, S);
    if (N == "calloc")
      fill(P, A, Val::constant(8, 0),
           Val::constant(64, std::min<uint64_t>(S, 1u << 16)));
    if (N == "realloc") {
      uint64_t Old = concretize(P, Arg(0), "realloc");
      if (Old)
        copy(P, CB, A, Old, Val::constant(64, std::min<uint64_t>(S, 4096)));
    }
    if (!Memalign)
      return Done(Val::constant(64, A));
    // posix_memalign stores the block through its first argument.
    store(P, concretize(P, Arg(0), "posix_memalign"), Val::constant(64, A),
          PointerType::get(CB.getContext(), 0));
    return Done(Val::constant(RW, 0));
  }
  if (isOneOf(N, {"free", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm"}))
    return Done();
  if (std::optional<bool> Copied = libraryCopy(P, T, CB, N))
    return *Copied;
  if (N == "__VERIFIER_assume") {
    z3::expr C = Ops.truth(Arg(0));
    if (!satisfiable(P, C)) {
      dead(P, "an assumption ('__VERIFIER_assume'" + Where + ") fails");
      return false;
    }
    P.PC.push_back(C);
    return Done();
  }
  if (N.starts_with("__VERIFIER_nondet_"))
    return Done(RW ? std::optional(fresh(P, RW, N.str() + "()" + Where))
                   : std::nullopt);
  if (N == "exit" && !P.ExitHandlers.empty()) {
    // exit-handlers: the calling thread runs what atexit registered,
    // latest first, and ends; the program's end could come later.
    Val Status = Arg(0);
    P.Threads[T].Stack.clear();
    queueExitHandlers(P, T, Status);
    startNextCall(P, T, std::nullopt);
    return true;
  }
  if (isOneOf(N, {"abort", "exit", "_exit", "_Exit", "__assert_fail",
                  "__VERIFIER_error", "reach_error", "quick_exit"})) {
    dead(P, "the program ends ('" + N.str() + "'" + Where + ")");
    return false;
  }
  if (N == "__cxa_thread_atexit" && CB.arg_size() == 3) {
    // key-destructors: a thread_local object's destructor, at the thread's
    // end (main's, at exit, are not run: the program ends).
    auto *H = dyn_cast<Function>(CB.getArgOperand(0)->stripPointerCasts());
    if (!H)
      throw Unsupported{"a thread_local destructor through a pointer" + Where};
    if (!H->isDeclaration())
      P.Threads[T].ThreadLocalDtors.push_back({H, {Arg(1)}});
    return Done(Val::constant(RW, 0));
  }
  // exit-handlers: atexit(fn) runs fn(), __cxa_atexit(dtor, obj, dso)
  // dtor(obj), on_exit(fn, arg) fn(status, arg), the status known when it
  // runs.
  bool OnExit = N == "on_exit" && CB.arg_size() == 2;
  if (OnExit || N == "atexit" || (N == "__cxa_atexit" && CB.arg_size() == 3)) {
    auto *H = dyn_cast<Function>(CB.getArgOperand(0)->stripPointerCasts());
    if (!H)
      throw Unsupported{"an exit handler through a pointer (" + N.str() +
                        Where + ")"};
    // A destructor the module does not define (std::string's) runs
    // nothing the model sees.
    if (!H->isDeclaration()) {
      ExitHandlerCall Call{H, {}, OnExit};
      if (OnExit)
        Call.Args.push_back(Val::constant(32, 0)); // The status, later.
      if (N != "atexit")
        Call.Args.push_back(Arg(1));
      P.ExitHandlers.push_back(std::move(Call));
    }
    return Done(Val::constant(RW, 0));
  }
  if (N == "__errno_location") {
    // The calling thread's own variable, the same on every call.
    uint64_t &A = P.Threads[T].LibraryState[CB.getCalledFunction()];
    if (!A)
      A = allocate(P, 8);
    return Done(Val::constant(64, A));
  }
  if (N.contains("__atomic_futex_unsigned_base")) {
    // libstdc++'s futex, under std::future and std::promise: a wait
    // returns true at once if the word is no longer the value, and without
    // a timeout blocks until another thread changes it. Taken as an
    // unknown function, its "timeout" left future::wait() early: a race on
    // data set before set_value was confirmed.
    if (N.contains("_M_futex_notify_all"))
      return Done();
    if (N.contains("_M_futex_wait_until") && CB.arg_size() >= 4) {
      Val Word = load(P, concretize(P, Arg(1), "futex"),
                      Type::getInt32Ty(CB.getContext()), "");
      Val Expected = Arg(2), Timed = Arg(3);
      if (Word.isConst() && Expected.isConst() && Timed.isConst()) {
        if (*Word.K != Expected.K->zextOrTrunc(32))
          return Done(Val::constant(RW, 1));
        if (Timed.K->isZero()) {
          dead(P, "a thread waits in a futex" + Where +
                      " that no other thread has changed yet");
          return false;
        }
      }
    }
  }
  if (N == "__cxa_guard_acquire" || N == "__cxa_guard_release" ||
      N == "__cxa_guard_abort") {
    // A C++ function-local static (Itanium ABI): the guard's first byte
    // says it is initialised; while one thread initialises it, the others
    // wait in __cxa_guard_acquire, which returns 1 to that thread only.
    // Its result is no input.
    uint64_t G = concretize(P, Arg(0), "guard");
    Type *Byte = Type::getInt8Ty(CB.getContext());
    if (N == "__cxa_guard_acquire") {
      Val Ready = load(P, G, Byte, "");
      if (!Ready.isConst())
        throw Unsupported{"a C++ static's guard that depends on inputs"};
      if (!Ready.K->isZero())
        return Done(Val::constant(RW, 0));
      if (!acquire(P, T, G, false, false)) {
        dead(P, "a thread waits in '__cxa_guard_acquire'" + Where +
                    " while another initialises the static");
        return false;
      }
      return Done(Val::constant(RW, 1));
    }
    if (N == "__cxa_guard_release")
      P.Mem.set(G, Val::constant(8, 1));
    release(P, T, G);
    return Done();
  }
  // The process and its threads have ids of their own: the main thread's
  // is the process's (gettid), a child's differs.
  if (N == "getpid")
    return Done(Val::constant(RW, ProcessId));
  if (N == "getppid")
    return Done(Val::constant(RW, ProcessId - 1));
  // fork: this process is the parent, with a child of its own id (the
  // child, alone in its own memory, races with no thread of this one).
  if (N == "fork" || N == "vfork")
    return Done(Val::constant(RW, ProcessId + 1000));
  if (N == "syscall" && CB.arg_size() > 0) {
    Val No = Arg(0);
    if (No.isConst() && No.K->getZExtValue() == 186) // SYS_gettid
      return Done(Val::constant(RW, kernelThreadId(T)));
    if (No.isConst() && No.K->getZExtValue() == 39) // SYS_getpid
      return Done(Val::constant(RW, ProcessId));
  }
  if (N == "gettid")
    return Done(Val::constant(RW, kernelThreadId(T)));
  // Thread-specific data: each thread its own value per key, NULL at first.
  if (N == "pthread_key_create" || N == "tss_create") {
    uint64_t Key = ++P.LastKey;
    store(P, concretize(P, Arg(0), "key"), Val::constant(32, Key),
          Type::getInt32Ty(CB.getContext()));
    // key-destructors: run at the thread's end on a non-NULL value.
    auto *Dtor = dyn_cast<Function>(CB.getArgOperand(1)->stripPointerCasts());
    if (!Dtor && !isa<ConstantPointerNull>(CB.getArgOperand(1)))
      throw Unsupported{"a key destructor through a pointer (" + N.str() +
                        Where + ")"};
    if (Dtor && !Dtor->isDeclaration())
      P.KeyDestructors[Key] = Dtor;
    return Done(Val::constant(RW, 0));
  }
  if (N == "pthread_setspecific" || N == "tss_set") {
    P.Specific[{T, concretize(P, Arg(0), "key")}] = Arg(1);
    return Done(Val::constant(RW, 0));
  }
  if (N == "pthread_getspecific" || N == "tss_get") {
    auto It = P.Specific.find({T, concretize(P, Arg(0), "key")});
    return Done(It == P.Specific.end() ? Val::constant(RW, 0) : It->second);
  }
  // Thread names: what pthread_setname_np gave, back from getname.
  if (N == "pthread_setname_np" && CB.arg_size() > 1) {
    Val Id = Arg(0);
    std::optional<std::string> Name =
        concreteString(P, Arg(1), 16, CB.getContext());
    if (Id.isConst() && Name) {
      P.ThreadNames[Id.K->getZExtValue()] = *Name;
      return Done(Val::constant(RW, 0));
    }
  }
  if (N == "pthread_getname_np" && CB.arg_size() > 2) {
    Val Id = Arg(0), Len = Arg(2);
    auto It = Id.isConst() ? P.ThreadNames.find(Id.K->getZExtValue())
                           : P.ThreadNames.end();
    if (It != P.ThreadNames.end() && Len.isConst() &&
        Len.K->getZExtValue() > It->second.size()) {
      uint64_t Buf = concretize(P, Arg(1), "name buffer");
      storeString(P, Buf, It->second);
      return Done(Val::constant(RW, 0));
    }
  }
  // A non-blocking join returns 0 only once its thread has ended.
  if (N == "pthread_tryjoin_np" || N == "pthread_timedjoin_np") {
    uint64_t Id = concretize(P, Arg(0), "joined thread");
    for (unsigned U = 0; U < P.Threads.size(); ++U)
      if (P.Threads[U].Started && P.Threads[U].Id == Id) {
        if (!P.Threads[U].Done)
          return Done(
              Val::constant(RW, N == "pthread_tryjoin_np" ? EBUSY : ETIMEDOUT));
        storeJoinResult(P, concretize(P, Arg(1), "join result"), U, false,
                        CB.getContext());
        return Done(Val::constant(RW, 0));
      }
    return opaqueCall(P, T, CB, "'" + displayName(N) + "'");
  }
  if (N == "pthread_self" || N == "thrd_current")
    return Done(Val::constant(RW, P.Threads[T].Id));
  if (N == "pthread_equal" || N == "thrd_equal")
    return Done(Ops.zext(Ops.compare(CmpInst::ICMP_EQ, Arg(0), Arg(1)), RW));
  if (std::optional<bool> Signal = signalCall(P, T, CB, N))
    return *Signal;
  if (std::optional<bool> Channel = channelCall(P, T, CB, N))
    return *Channel;
  if (N == "pthread_barrier_init") {
    uint64_t Count = pinCount(P, Arg(2), "barrier count");
    if (Count == 0)
      return Done(Val::constant(RW, EINVAL));
    P.Barriers[concretize(P, Arg(0), "barrier")] = BarrierState{Count, 0, {}};
    return Done(Val::constant(RW, 0));
  }
  if (N.starts_with("pthread_") || N.starts_with("sem_") ||
      N.starts_with("mtx_") || N.starts_with("cnd_")) {
    // Initialisers, attributes, destroyers: they succeed. What a getter
    // (sem_getvalue, pthread_attr_getstacksize) stores through the
    // pointers after its object is the program's doing, not computed.
    if (N.contains("_get")) {
      std::optional<z3::expr> Bytes;
      for (unsigned I = 1; I < CB.arg_size(); ++I)
        if (CB.getArgOperand(I)->getType()->isPointerTy())
          untrustPointee(P, T, CB, /*Row=*/nullptr, I, LibcExtent::Pointee,
                         "what '" + displayName(N) + "'" + Where + " stores",
                         Bytes);
    }
    return Done(RW ? std::optional(Val::constant(RW, 0)) : std::nullopt);
  }
  if ((N == "qsort" || N == "qsort_r") && CB.arg_size() >= 4 &&
      qsortComparator(P, T, CB, Where))
    return true;
  // setjmp's first return (pthread_cleanup_push's __sigsetjmp): a second
  // one comes only from what is not replayed (a longjmp, cancellation or
  // pthread_exit with a cleanup handler registered), so 0 is exact.
  if (isOneOf(N, {"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"}))
    return Done(Val::constant(RW, 0));
  if (isOneOf(N, {"__cxa_throw", "__cxa_rethrow", "_Unwind_Resume", "longjmp",
                  "siglongjmp", "_longjmp"}))
    throw Unsupported{"'" + N.str() +
                      "' (exceptions and non-local jumps "
                      "are not replayed)"};
  if (std::optional<bool> S = cxxStringCall(P, T, CB))
    return *S;
  if (std::optional<bool> D = determinedCall(P, T, CB, N))
    return *D;
  if (std::optional<bool> S = libraryState(P, T, CB, N))
    return *S;
  if (std::optional<bool> C = clockCall(P, T, CB, N))
    return *C;
  // quiet-wait: a sleep or yield whose result the program ignores changes
  // only errno, on failure, and a module that never calls
  // __errno_location reads no errno: nothing is taken on trust (a path
  // that dies after it still proves its interleaving impossible).
  if (isOneOf(N, {"usleep", "sleep", "sched_yield"}) && CB.use_empty()) {
    const Function *Errno = CB.getModule()->getFunction("__errno_location");
    if (!Errno || Errno->use_empty())
      return Done(RW ? std::optional(Val::constant(RW, 0)) : std::nullopt);
  }
  // full-sleep: nanosleep returns 0 after its whole time, as it does when
  // no signal interrupts it; taken on trust (an interrupted sleep is
  // another behaviour), but one value: std::this_thread::sleep_for's retry
  // loop forked the replay on every call (-1 or not, EINTR or not) and
  // spent its path budget in programs that sleep in a loop.
  if (isOneOf(N, {"nanosleep", "clock_nanosleep"}) && RW) {
    if (P.Assumed.empty())
      P.Assumed = "that '" + N.str() + "' sleeps its whole time";
    return Done(Val::constant(RW, 0));
  }
  bool Untrusted = untrustedResult(P, T, CB, N);
  untrustWrites(P, T, CB, N);
  return opaqueCall(P, T, CB, "'" + displayName(N) + "'", Untrusted);
}

uint64_t Replayer::copy(Path &P, const CallBase &CB, uint64_t Dst, uint64_t Src,
                        const Val &Len) {
  uint64_t L = pinCount(P, Len, "copy length");
  if (L > (1u << 16))
    throw Unsupported{"a copy of more than 64 KiB"};
  Type *I8 = Type::getInt8Ty(CB.getContext());
  std::vector<Val> Bytes;
  for (uint64_t I = 0; I < L; ++I)
    Bytes.push_back(load(P, Src + I, I8, ""));
  for (uint64_t I = 0; I < L; ++I)
    P.Mem.set(Dst + I, Bytes[I]);
  return L;
}

void Replayer::fill(Path &P, uint64_t Dst, const Val &Byte, const Val &Len) {
  uint64_t L = pinCount(P, Len, "fill length");
  if (L > (1u << 20))
    throw Unsupported{"a fill of more than 1 MiB"};
  Val B = Ops.trunc(Byte, 8);
  for (uint64_t I = 0; I < L; ++I)
    P.Mem.set(Dst + I, B);
}

Val Replayer::threadLocalAddress(Path &P, unsigned T, const Value *Operand,
                                 const Val &Shared) {
  auto *GV = dyn_cast<GlobalVariable>(Operand->stripPointerCasts());
  if (!GV || !GV->isThreadLocal())
    return Shared;
  // Each thread its own copy, initialised as the global is.
  auto [It, New] = P.ThreadLocals.try_emplace({GV, T}, 0);
  if (New) {
    It->second = allocate(P, DL.getTypeAllocSize(GV->getValueType()));
    if (GV->hasDefinitiveInitializer())
      initialise(P, It->second, GV->getInitializer());
  }
  return Val::constant(64, It->second);
}

void Replayer::storeJoinResult(Path &P, uint64_t Out, unsigned Target, bool C11,
                               LLVMContext &C) {
  const std::optional<Val> &R = P.Threads[Target].Ret;
  if (!Out || !R)
    return;
  if (C11) // thrd_start_t returns int.
    store(P, Out, R->W > 32 ? Ops.trunc(*R, 32) : *R, Type::getInt32Ty(C));
  else
    store(P, Out, *R, PointerType::get(C, 0));
}

Val Replayer::withOverflow(unsigned ID, const Val &A, const Val &B) {
  bool Signed = ID == Intrinsic::sadd_with_overflow ||
                ID == Intrinsic::ssub_with_overflow ||
                ID == Intrinsic::smul_with_overflow;
  unsigned Op =
      ID == Intrinsic::sadd_with_overflow || ID == Intrinsic::uadd_with_overflow
          ? Instruction::Add
      : ID == Intrinsic::ssub_with_overflow ||
              ID == Intrinsic::usub_with_overflow
          ? Instruction::Sub
          : Instruction::Mul;
  unsigned W = A.W;
  // The operation in twice the width overflows iff its result does not
  // fit back.
  Val WA = Signed ? Ops.sext(A, 2 * W) : Ops.zext(A, 2 * W);
  Val WB = Signed ? Ops.sext(B, 2 * W) : Ops.zext(B, 2 * W);
  std::optional<Val> Wide = Ops.binary(Op, WA, WB);
  std::optional<Val> Narrow = Ops.binary(Op, A, B);
  if (!Wide || !Narrow)
    throw Unsupported{"an arithmetic operation with overflow"};
  Val Back = Signed ? Ops.sext(*Narrow, 2 * W) : Ops.zext(*Narrow, 2 * W);
  Val Over = Ops.compare(CmpInst::ICMP_NE, *Wide, Back);
  Val R;
  R.Elems = {*Narrow, Over};
  return R;
}

bool Replayer::opaqueCall(Path &P, unsigned T, const CallBase &CB,
                          const std::string &What, bool Untrusted) {
  // Compromise "validation-library-effects": what it writes is not
  // replayed; a path that dies after it is not proof of infeasibility.
  if (P.Assumed.empty())
    P.Assumed = What;
  Type *RT = CB.getType();
  std::optional<Val> R;
  std::string Result = "the result of " + What + atLine(CB);
  if (RT->isPointerTy()) {
    uint64_t Obj = allocate(P, 4096);
    R = Val::constant(64, Obj);
    if (Untrusted) {
      // An object of its own or NULL, as an untrusted bit says; its bytes
      // are untrusted. A dereference before the program tests the pointer
      // is not replayed (the address has two values).
      P.UntrustedObjects.emplace(Obj, untrustedArray(P, Result));
      R = Ops.select(untrusted(P, 1, Result), *R, Val::constant(64, 0));
    }
  } else if (RT->isIntegerTy() || RT->isFloatingPointTy()) {
    unsigned W = DL.getTypeSizeInBits(RT);
    R = Untrusted ? untrusted(P, W, Result) : fresh(P, W, Result);
  } else if (!RT->isVoidTy())
    throw Unsupported{"an aggregate result of " + What};
  finishCall(P, T, CB, R);
  return true;
}

} // namespace validate
} // namespace racesift
