//===- CxxSync.cpp - libstdc++ mutexes, lock guards, condition variables --===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// std::lock_guard, std::unique_lock, std::scoped_lock and std::shared_lock
// reach pthread_mutex_lock through shared inline helpers (the guard's
// constructor, std::mutex::lock, __gthread_mutex_lock) whose pointer
// parameter points to every mutex of the program under a context-insensitive
// points-to analysis: followed through their bodies, no std::mutex could ever
// be must-held. So the guards' and mutexes' member functions are modelled at
// the user's call, where the mutex is known, as their pthread effects (the
// mutex's pthread object is its first member). A guard's later unlock
// (destructor, unlock(), condition_variable::wait) acts on the mutex its
// constructor was given, found by the guard's local variable.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {

namespace {
/// What a modelled member function does.
enum class CxxOp : uint8_t {
  Lock,        ///< Lock `this` (a mutex).
  Unlock,      ///< Unlock `this`.
  GuardLock,   ///< A guard constructor: lock its mutex arguments.
  GuardAdopt,  ///< A guard constructor that does not lock (defer/adopt).
  GuardRelock, ///< unique_lock::lock(): lock the guard's mutex again.
  GuardUnlock, ///< A guard's destructor or unlock().
  LockAll,     ///< std::lock(m1, m2, ...): lock every argument.
  CondWait,    ///< condition_variable::wait(unique_lock<mutex>&).
  CondSignal,
  CondBroadcast,
};

struct CxxSyncApi {
  CxxOp Op;
  LockKind Lock = LockKind::Mutex;
  LockMode Mode = LockMode::Exclusive;
  /// GuardUnlock: the guard may not own its mutex any more.
  bool IfHeld = false;
};

struct MutexType {
  StringRef Mangled;
  LockKind Kind;
};
const MutexType MutexTypes[] = {
    {"St5mutex", LockKind::Mutex},
    {"St11timed_mutex", LockKind::Mutex},
    {"St15recursive_mutex", LockKind::RecursiveMutex},
    {"St21recursive_timed_mutex", LockKind::RecursiveMutex},
    {"St12shared_mutex", LockKind::RWLock},
    {"St19shared_timed_mutex", LockKind::RWLock},
};

StringMap<CxxSyncApi> buildTable() {
  StringMap<CxxSyncApi> T;
  constexpr LockMode X = LockMode::Exclusive, S = LockMode::Shared;
  for (const MutexType &M : MutexTypes) {
    std::string Ty = M.Mangled.str();
    auto Add = [&](const std::string &Name, CxxOp Op, LockMode Mode,
                   bool IfHeld = false) {
      T[Name] = {Op, M.Kind, Mode, IfHeld};
    };
    // Members of the mutex itself.
    Add("_ZN" + Ty + "4lockEv", CxxOp::Lock, X);
    Add("_ZN" + Ty + "6unlockEv", CxxOp::Unlock, X);
    Add("_ZN" + Ty + "11lock_sharedEv", CxxOp::Lock, S);
    Add("_ZN" + Ty + "13unlock_sharedEv", CxxOp::Unlock, S);
    // Guards: complete (C1) and base (C2) constructors alike.
    for (StringRef C : {"C1", "C2"}) {
      std::string LG = "_ZNSt10lock_guardI" + Ty + "E";
      Add(LG + C.str() + "ERS0_", CxxOp::GuardLock, X);
      Add(LG + C.str() + "ERS0_St12adopt_lock_t", CxxOp::GuardAdopt, X);
      std::string UL = "_ZNSt11unique_lockI" + Ty + "E";
      Add(UL + C.str() + "ERS0_", CxxOp::GuardLock, X);
      Add(UL + C.str() + "ERS0_St12adopt_lock_t", CxxOp::GuardAdopt, X);
      Add(UL + C.str() + "ERS0_St11defer_lock_t", CxxOp::GuardAdopt, X);
      std::string SL = "_ZNSt11shared_lockI" + Ty + "E";
      Add(SL + C.str() + "ERS0_", CxxOp::GuardLock, S);
      Add(SL + C.str() + "ERS0_St12adopt_lock_t", CxxOp::GuardAdopt, S);
      Add(SL + C.str() + "ERS0_St11defer_lock_t", CxxOp::GuardAdopt, S);
    }
    for (StringRef D : {"D1", "D2"}) {
      Add("_ZNSt10lock_guardI" + Ty + "E" + D.str() + "Ev", CxxOp::GuardUnlock,
          X);
      // unique_lock and shared_lock unlock only if they still own it.
      Add("_ZNSt11unique_lockI" + Ty + "E" + D.str() + "Ev", CxxOp::GuardUnlock,
          X, true);
      Add("_ZNSt11shared_lockI" + Ty + "E" + D.str() + "Ev", CxxOp::GuardUnlock,
          S, true);
    }
    Add("_ZNSt11unique_lockI" + Ty + "E4lockEv", CxxOp::GuardRelock, X);
    Add("_ZNSt11unique_lockI" + Ty + "E6unlockEv", CxxOp::GuardUnlock, X);
    Add("_ZNSt11shared_lockI" + Ty + "E4lockEv", CxxOp::GuardRelock, S);
    Add("_ZNSt11shared_lockI" + Ty + "E6unlockEv", CxxOp::GuardUnlock, S);
  }
  // std::atomic_load/atomic_store/atomic_exchange/... of a shared_ptr take
  // `_Sp_locker lock{p}` (libstdc++.so: a mutex of a pool chosen by p's
  // address) around the copy: a guard whose lock is the shared_ptr p
  // points to. Two operations on one shared_ptr exclude each other;
  // another shared_ptr's may share the pool's mutex (not modelled:
  // sound).
  for (StringRef C : {"C1", "C2"}) {
    T[("_ZNSt10_Sp_locker" + C + "EPKv").str()] = {CxxOp::GuardLock};
    T[("_ZNSt10_Sp_locker" + C + "EPKvS1_").str()] = {CxxOp::GuardLock};
  }
  for (StringRef D : {"D1", "D2"})
    T[("_ZNSt10_Sp_locker" + D + "Ev").str()] = {CxxOp::GuardUnlock};
  T["_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE"] = {
      CxxOp::CondWait};
  T["_ZNSt18condition_variable10notify_oneEv"] = {CxxOp::CondSignal};
  T["_ZNSt18condition_variable10notify_allEv"] = {CxxOp::CondBroadcast};
  return T;
}

/// scoped_lock<Ms...> mangles its pack: its constructor locks every
/// argument, its destructor unlocks them. Plain mutexes are assumed (the
/// pack's kinds are not decoded).
std::optional<CxxSyncApi> scopedLock(StringRef Name) {
  if (!Name.starts_with("_ZNSt11scoped_lockIJ"))
    return std::nullopt;
  if (Name.contains("EEC1E") || Name.contains("EEC2E")) {
    if (Name.contains("adopt_lock_t"))
      return CxxSyncApi{CxxOp::GuardAdopt};
    return CxxSyncApi{CxxOp::GuardLock};
  }
  if (Name.ends_with("EED1Ev") || Name.ends_with("EED2Ev"))
    return CxxSyncApi{CxxOp::GuardUnlock};
  return std::nullopt;
}

std::optional<CxxSyncApi> lookupCxxSync(StringRef Name) {
  static const StringMap<CxxSyncApi> Table = buildTable();
  auto It = Table.find(Name);
  if (It != Table.end())
    return It->second;
  // std-lock: std::lock<M1, M2, Ms...>(M1 &, M2 &, Ms &...) takes every
  // mutex, avoiding deadlock by backing off (libstdc++ tries the others
  // with try_lock): its effect is that of taking them one after another
  // with no other thread in between, one of the orders the model checker
  // explores (plain mutexes assumed, as for scoped_lock).
  if (Name.starts_with("_ZSt4lockI"))
    return CxxSyncApi{CxxOp::LockAll};
  return scopedLock(Name);
}

/// V if the replay can read it in CB's function (a value defined there).
const Value *valueOfCaller(const CallBase &CB, const Value *V) {
  const Function *F = CB.getFunction();
  if (auto *I = dyn_cast<Instruction>(V))
    return I->getFunction() == F ? V : nullptr;
  if (auto *A = dyn_cast<Argument>(V))
    return A->getParent() == F ? V : nullptr;
  return isa<Constant>(V) ? V : nullptr;
}

bool isGuardConstructor(StringRef Name) {
  std::optional<CxxSyncApi> A = lookupCxxSync(Name);
  return A && (A->Op == CxxOp::GuardLock || A->Op == CxxOp::GuardAdopt);
}
} // namespace

bool isCxxSyncFunction(StringRef Name) {
  return lookupCxxSync(Name).has_value();
}

std::vector<const Value *>
FunctionGraphBuilder::guardMutexes(const Value *Guard, unsigned Depth) const {
  // -O0 keeps a parameter in a local slot.
  Guard = throughSlot(Guard);
  // A guard passed by reference to a function called from one place (the
  // predicate form of condition_variable::wait, instantiated per lambda) is
  // that caller's guard.
  if (auto *A = dyn_cast<Argument>(Guard)) {
    const CallBase *Only = nullptr;
    for (const User *U : A->getParent()->users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != A->getParent() || Only)
        return {};
      Only = CB;
    }
    if (!Only || Depth > 4 || A->getArgNo() >= Only->arg_size())
      return {};
    return guardMutexes(Only->getArgOperand(A->getArgNo()), Depth + 1);
  }
  if (!isa<AllocaInst>(Guard))
    return {};
  // The guard's own constructor, in the same function, names its mutexes.
  for (const User *U : Guard->users()) {
    auto *CB = dyn_cast<CallBase>(U);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F || CB->arg_size() < 2 ||
        CB->getArgOperand(0)->stripPointerCasts() != Guard ||
        !isGuardConstructor(F->getName()))
      continue;
    std::vector<const Value *> Ms;
    for (unsigned I = 1; I < CB->arg_size(); ++I)
      if (CB->getArgOperand(I)->getType()->isPointerTy())
        Ms.push_back(CB->getArgOperand(I));
    // defer_lock_t and adopt_lock_t are empty tags passed by value.
    return Ms;
  }
  return {};
}

bool FunctionGraphBuilder::cxxSyncActions(const CallBase &CB,
                                          std::vector<Action> &Out) {
  const Function *F = CB.getCalledFunction();
  if (!F || CB.arg_size() < 1)
    return false;
  std::optional<CxxSyncApi> Api = lookupCxxSync(F->getName());
  if (!Api)
    return false;
  auto Emit = [&](ActionKind K, const Value *Mutex) {
    Action A = objectAction(K, CB, Mutex);
    A.ObjectValue = valueOfCaller(CB, Mutex);
    A.Lock = Api->Lock;
    A.Mode = Api->Mode;
    A.IfHeld = K == ActionKind::Unlock && Api->IfHeld;
    if (A.Lock == LockKind::Mutex && any_of(A.Objects, [&](const MemLoc &L) {
          return Ctx.RecursiveLocks.count(L.Obj);
        }))
      A.Lock = LockKind::RecursiveMutex;
    Out.push_back(std::move(A));
  };
  const Value *This = CB.getArgOperand(0);
  switch (Api->Op) {
  case CxxOp::Lock:
    Emit(ActionKind::Lock, This);
    return true;
  case CxxOp::Unlock:
    Emit(ActionKind::Unlock, This);
    return true;
  case CxxOp::GuardAdopt:
    return true;
  case CxxOp::LockAll:
    for (const Use &Arg : CB.args())
      if (Arg->getType()->isPointerTy())
        Emit(ActionKind::Lock, Arg.get());
    return true;
  case CxxOp::GuardLock:
  case CxxOp::GuardRelock:
  case CxxOp::GuardUnlock: {
    std::vector<const Value *> Ms = guardMutexes(This);
    if (Ms.empty())
      return false; // Not a local guard: follow the body instead.
    ActionKind K =
        Api->Op == CxxOp::GuardUnlock ? ActionKind::Unlock : ActionKind::Lock;
    for (const Value *M : Ms)
      Emit(K, M);
    return true;
  }
  case CxxOp::CondWait: {
    std::vector<const Value *> Ms = CB.arg_size() > 1
                                        ? guardMutexes(CB.getArgOperand(1))
                                        : std::vector<const Value *>();
    if (Ms.size() != 1)
      return false;
    Action A = objectAction(ActionKind::Wait, CB, This);
    A.Mutex = objectsOf(Ms[0]);
    A.MutexValue = valueOfCaller(CB, Ms[0]);
    Out.push_back(std::move(A));
    return true;
  }
  case CxxOp::CondSignal:
    Out.push_back(objectAction(ActionKind::Signal, CB, This));
    return true;
  case CxxOp::CondBroadcast:
    Out.push_back(objectAction(ActionKind::Broadcast, CB, This));
    return true;
  }
  return false;
}

} // namespace racesift
