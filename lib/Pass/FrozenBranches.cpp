//===- FrozenBranches.cpp - Branches on data fixed before any thread ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// frozen-branch refinement (docs/design.md, "Refinement"). A worker that
// branches on configuration main filled in before starting it (`if
// (strcmp(cfg.mode, "locked") == 0) lock`) takes one side in every run, but
// the model checker, which tracks no strings, takes both: the unlocked side
// races, the replay refutes it, and the race stays possible. When the replay
// computed such a branch from constants, with no symbolic decision before
// it, and its condition depends on nothing but constants, pure library
// functions and memory that only main writes, and only before it creates
// its first thread, then every execution takes the replay's side there: the
// model is built again without the other edge.
//
//===----------------------------------------------------------------------===//

#include "Layers.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace racesift {

namespace {

/// Library functions whose result depends only on their arguments and
/// the memory they point to (read, never written).
bool isPureReader(StringRef Name) {
  static const StringSet<> Pure = {
      "strcmp",  "strncmp", "strcasecmp", "strncasecmp", "strlen",
      "strnlen", "memcmp",  "strchr",     "strrchr",     "strstr",
      "strspn",  "strcspn", "strpbrk",    "atoi",        "atol",
      "atoll",   "abs",     "labs",       "llabs"};
  return Pure.contains(Name);
}

/// The functions the root thread runs itself (calls, not creations).
DenseSet<const Function *> rootFunctions(const ThreadModel &TM) {
  DenseSet<const Function *> Seen;
  if (TM.Templates.empty() || !TM.Templates[0].Entry)
    return Seen;
  SmallVector<const Function *, 16> Work{TM.Templates[0].Entry};
  Seen.insert(TM.Templates[0].Entry);
  while (!Work.empty()) {
    const FunctionGraph *G = TM.graphOf(Work.pop_back_val());
    if (!G)
      continue;
    for (const ActionEdge &E : G->Edges)
      if (E.A.Kind == ActionKind::Call)
        for (const Function *C : E.A.Callees)
          if (Seen.insert(C).second)
            Work.push_back(C);
  }
  return Seen;
}

class FrozenCheck {
  const ThreadModel &TM;
  const OrderFacts &Order;
  DenseSet<const Function *> Root = rootFunctions(TM);
  DenseMap<const Instruction *, SmallVector<AccessId, 2>> AccessesOf;
  DenseMap<ObjectId, SmallVector<AccessId, 4>> WritesOf;
  bool AnyUnresolvedWrite = false;
  /// main's instructions that may run once another thread exists: after a
  /// call of a defined function or a creation, in its block or later.
  const Function *Main = nullptr;
  DenseSet<const BasicBlock *> LateBlocks;
  DenseMap<const BasicBlock *, const Instruction *> FirstLate;

  void findLate() {
    Main = TM.Templates.empty() ? nullptr : TM.Templates[0].Entry;
    if (!Main)
      return;
    SmallVector<const BasicBlock *, 16> Work;
    for (const BasicBlock &BB : *Main)
      for (const Instruction &I : BB) {
        auto *CB = dyn_cast<CallBase>(&I);
        const Function *F = CB ? CB->getCalledFunction() : nullptr;
        bool Starts = CB && (!F || !F->isDeclaration() ||
                             any_of(TM.Creations, [&](const CreationSite &C) {
                               return C.Call == CB;
                             }));
        if (!Starts)
          continue;
        FirstLate.try_emplace(&BB, &I);
        for (const BasicBlock *S : successors(&BB))
          Work.push_back(S);
        break;
      }
    while (!Work.empty()) {
      const BasicBlock *BB = Work.pop_back_val();
      if (LateBlocks.insert(BB).second)
        for (const BasicBlock *S : successors(BB))
          Work.push_back(S);
    }
  }

  /// I is in main and runs before main can have started a thread.
  bool early(const Instruction &I) const {
    if (I.getFunction() != Main || LateBlocks.count(I.getParent()))
      return false;
    auto It = FirstLate.find(I.getParent());
    return It == FirstLate.end() || I.comesBefore(It->second);
  }

public:
  FrozenCheck(const ThreadModel &TM, const OrderFacts &Order)
      : TM(TM), Order(Order) {
    for (const Access &A : TM.Accesses) {
      AccessesOf[A.Inst].push_back(A.Id);
      if (!A.IsWrite)
        continue;
      AnyUnresolvedWrite |= A.Unresolved;
      for (const MemLoc &L : A.Locs)
        WritesOf[L.Obj].push_back(A.Id);
    }
    findLate();
  }

  /// Only main writes Obj, before its first thread creation, on every path.
  bool frozen(ObjectId Obj) const {
    for (AccessId W : WritesOf.lookup(Obj)) {
      const Instruction *I = TM.Accesses[W].Inst;
      if (!Order.beforeAnyThread(0, W) || !I || !Root.count(I->getFunction()))
        return false;
    }
    return true;
  }

  /// The memory instruction I reads is frozen.
  bool readsFrozen(const Instruction &I) const {
    auto It = AccessesOf.find(&I);
    if (It == AccessesOf.end())
      return false;
    for (AccessId A : It->second) {
      const Access &Acc = TM.Accesses[A];
      if (Acc.Unresolved || Acc.IsWrite)
        return false;
      for (const MemLoc &L : Acc.Locs)
        if (!frozen(L.Obj))
          return false;
    }
    return true;
  }

  bool condition(const BranchInst &Br) const {
    // A branch of main may read main's own early locals only; one of
    // another thread, memory main wrote before starting threads too.
    bool InMain = Br.getFunction() == Main;
    if (AnyUnresolvedWrite || !Br.isConditional() || Root.empty() ||
        (Root.count(Br.getFunction()) && !InMain))
      return false;
    SmallVector<const Value *, 16> Work{Br.getCondition()};
    DenseSet<const Value *> Seen{Br.getCondition()};
    auto Push = [&](const Value *V) {
      if (Seen.insert(V).second)
        Work.push_back(V);
    };
    while (!Work.empty()) {
      if (Seen.size() > 256)
        return false;
      const Value *V = Work.pop_back_val();
      if (isa<Constant>(V))
        continue;
      auto *I = dyn_cast<Instruction>(V);
      if (!I || I->getFunction() != Br.getFunction())
        return false;
      if (isa<CmpInst>(I) || isa<BinaryOperator>(I) || isa<CastInst>(I) ||
          isa<GetElementPtrInst>(I) || isa<SelectInst>(I) ||
          isa<FreezeInst>(I)) {
        for (const Use &Op : I->operands())
          Push(Op.get());
        continue;
      }
      if (auto *LI = dyn_cast<LoadInst>(I)) {
        const Value *Ptr = LI->getPointerOperand()->stripPointerCasts();
        if (auto *Slot = dyn_cast<AllocaInst>(Ptr)) {
          // An -O0 local stored once: its value is what was stored.
          const StoreInst *Only = nullptr;
          for (const User *U : Slot->users()) {
            if (auto *SI = dyn_cast<StoreInst>(U)) {
              if (Only || SI->getPointerOperand() != Slot)
                return false;
              Only = SI;
            } else if (!isa<LoadInst>(U)) {
              return false;
            }
          }
          if (!Only)
            return false;
          // Stored once, before any thread (main runs once): the value
          // every later read sees, the same in every run the replay's
          // deterministic prefix stands for.
          if (early(*Only))
            continue;
          Push(Only->getValueOperand());
          continue;
        }
        if (InMain || !readsFrozen(*LI))
          return false;
        Push(LI->getPointerOperand());
        continue;
      }
      if (auto *CB = dyn_cast<CallInst>(I)) {
        const Function *F = CB->getCalledFunction();
        if (InMain || !F || !F->isDeclaration() || !isPureReader(F->getName()))
          return false;
        // Its reads of memory are accesses of the call (the libc table).
        if (any_of(CB->args(),
                   [](const Use &A) { return A->getType()->isPointerTy(); }) &&
            !readsFrozen(*CB))
          return false;
        for (const Use &A : CB->args())
          Push(A.get());
        continue;
      }
      return false;
    }
    return true;
  }
};

} // namespace

std::string describeFixedBranch(const FixedBranch &B) {
  std::string S = "the branch";
  if (const DebugLoc &DL = B.Branch->getDebugLoc())
    S += " at " + sys::path::filename(DL->getFilename()).str() + ":" +
         std::to_string(DL.getLine());
  return S + (B.Successor == 0 ? " (its condition always holds)"
                               : " (its condition never holds)");
}

std::vector<FixedBranch> frozenBranches(const ThreadModel &TM,
                                        const OrderFacts &Order,
                                        ArrayRef<FixedBranch> Candidates) {
  std::vector<FixedBranch> Out;
  if (Candidates.empty())
    return Out;
  FrozenCheck Check(TM, Order);
  for (const FixedBranch &B : Candidates)
    if (auto *Br = dyn_cast<BranchInst>(B.Branch); Br && Check.condition(*Br))
      Out.push_back(B);
  return Out;
}

} // namespace racesift
