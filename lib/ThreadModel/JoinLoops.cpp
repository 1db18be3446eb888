//===- JoinLoops.cpp - Join loops that join every created thread ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `for (i = 0; i < n; i++) pthread_create(&t[i], ...); ...
//  for (i = 0; i < n; i++) pthread_join(t[i], 0);` with n unknown: the join
// loop's exit is an untracked branch, so the model checker would let it
// leave after any number of joins. When ScalarEvolution proves that the
// join loop visits every handle the create loop stored, the loop's exit
// joins every instance of the creation site (Action::JoinAll). See
// docs/design-threadmodel.md, "join-loop", for the conditions.
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace racesift {

namespace {

/// The handle address of a call, as an add recurrence of a single loop of
/// depth 1 that steps by a positive constant (Step), or null.
const SCEVAddRecExpr *handleRecurrence(ScalarEvolution &SE, LoopInfo &LI,
                                       const Instruction &Call,
                                       const Value *Ptr, int64_t &Step) {
  const SCEVAddRecExpr *AR = elementRecurrence(SE, LI, Call, Ptr);
  if (AR)
    Step = cast<SCEVConstant>(AR->getStepRecurrence(SE))
               ->getAPInt()
               .getSExtValue();
  return AR;
}

/// A function of libstdc++ (or anything else in namespace std).
bool isStdFunction(StringRef N) {
  return N.starts_with("_ZNSt") || N.starts_with("_ZNKSt") ||
         N.starts_with("_ZSt") || N.starts_with("_ZN9__gnu_cxx") ||
         N.starts_with("_ZNK9__gnu_cxx");
}

/// What a member of std::vector<std::thread> or std::array<std::thread, N>
/// does to the container, as far as the ids in it go.
enum class Member { None, Keeps, Emplace, Push };

Member containerMember(const Function *F) {
  if (!F)
    return Member::None;
  StringRef N = F->getName();
  auto Structor = [](StringRef R) {
    return R == "C1Ev" || R == "C2Ev" || R == "D1Ev" || R == "D2Ev";
  };
  if (N.consume_front("_ZNSt6vectorISt6threadSaIS0_EE")) {
    if (Structor(N) || N == "7reserveEm")
      return Member::Keeps; // Relocation moves every id along.
    if (N.starts_with("12emplace_back"))
      return Member::Emplace;
    if (N == "9push_backEOS0_")
      return Member::Push;
    return Member::None;
  }
  if (N.consume_front("_ZNSt5arrayISt6threadLm")) {
    N = N.drop_while([](char C) { return isDigit(C); });
    if (N.consume_front("EE") && Structor(N))
      return Member::Keeps;
  }
  return Member::None;
}

bool isMarker(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  return II &&
         (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II) ||
          II->getIntrinsicID() == Intrinsic::assume ||
          II->getIntrinsicID() == Intrinsic::experimental_noalias_scope_decl);
}

bool calls(const CallBase &CB, StringRef Name) {
  const Function *F = CB.getCalledFunction();
  return F && F->getName() == Name;
}

/// What a local container's pointers reach in the copy: every use of the
/// container and of the element pointers loaded or computed from it.
struct ContainerUses {
  SmallPtrSet<const Value *, 16> Derived; ///< The container and its elements.
  std::vector<const CallBase *> Members;  ///< Calls of its members.
  SmallPtrSet<const Value *, 4> MovedIn;  ///< Sources of push_back, operator=.
  SmallPtrSet<const CallBase *, 4> Emplace;
  SmallPtrSet<const CallBase *, 4> Joins;
  std::vector<const CallBase *> MoveAssigns;
};

/// Follows every pointer into the container C. False if any use may let an
/// id out of it or change it other than by appending or moving a thread in:
/// only member calls on C itself (constructor, destructor, emplace_back,
/// push_back, reserve), loads, comparisons, address arithmetic, joins of an
/// element, and `element = std::move(t)` (which terminates the program if
/// the element still holds a thread) are allowed.
bool collectContainerUses(const AllocaInst &C, ContainerUses &U) {
  SmallVector<const Value *, 16> Work{&C};
  U.Derived.insert(&C);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (U.Derived.size() > 256)
      return false;
    for (const Use &Us : V->uses()) {
      auto *I = dyn_cast<Instruction>(Us.getUser());
      if (!I)
        return false;
      auto Derive = [&]() {
        if (U.Derived.insert(I).second)
          Work.push_back(I);
      };
      if (isa<GetElementPtrInst>(I) || isa<PHINode>(I)) {
        Derive();
        continue;
      }
      if (auto *Sel = dyn_cast<SelectInst>(I)) {
        if (Sel->getCondition() == V)
          return false;
        Derive();
        continue;
      }
      if (auto *LI = dyn_cast<LoadInst>(I)) {
        if (LI->isVolatile() || LI->isAtomic())
          return false;
        if (LI->getType()->isPointerTy())
          Derive(); // _M_start, _M_finish: pointers to the elements.
        continue;
      }
      if (isa<ICmpInst>(I))
        continue;
      auto *CB = dyn_cast<CallBase>(I);
      if (!CB)
        return false; // A store of or into it, a cast to an integer, ...
      if (isMarker(*CB))
        continue;
      unsigned ArgNo = CB->isArgOperand(&Us) ? CB->getArgOperandNo(&Us) : ~0u;
      if (ArgNo == 0 && calls(*CB, "_ZNSt6thread4joinEv")) {
        U.Joins.insert(CB);
        continue;
      }
      if (ArgNo == 0 && calls(*CB, "_ZNSt6threadaSEOS_") &&
          CB->getArgOperand(1) != V) {
        U.MoveAssigns.push_back(CB);
        U.MovedIn.insert(CB->getArgOperand(1));
        continue;
      }
      Member M = containerMember(CB->getCalledFunction());
      if (V != &C || ArgNo != 0 || M == Member::None)
        return false;
      for (unsigned A = 1; A < CB->arg_size(); ++A)
        if (CB->getArgOperand(A) == &C)
          return false;
      // emplace_back returns a reference to the new element.
      if (M == Member::Emplace && !CB->use_empty())
        return false;
      if (M == Member::Emplace)
        U.Emplace.insert(CB);
      if ((M == Member::Emplace || M == Member::Push) && CB->arg_size() > 1)
        U.MovedIn.insert(CB->getArgOperand(1));
      U.Members.push_back(CB);
    }
  }
  // A phi or select that may also yield another pointer (`p = c ? &v[0] :
  // &other`) could move a thread out of sight through `*p = std::move(t)`.
  for (const Value *V : U.Derived) {
    if (auto *Phi = dyn_cast<PHINode>(V)) {
      for (const Value *In : Phi->incoming_values())
        if (!U.Derived.count(In))
          return false;
    } else if (auto *Sel = dyn_cast<SelectInst>(V)) {
      if (!U.Derived.count(Sel->getTrueValue()) ||
          !U.Derived.count(Sel->getFalseValue()))
        return false;
    }
  }
  return true;
}

/// The first call after I on its path (through an invoke's normal
/// destination entered only from it), skipping markers.
const CallBase *nextCall(const Instruction &I) {
  const Instruction *Cur = I.getNextNode();
  if (auto *Inv = dyn_cast<InvokeInst>(&I)) {
    const BasicBlock *N = Inv->getNormalDest();
    if (N->getSinglePredecessor() != Inv->getParent())
      return nullptr;
    Cur = &N->front();
  }
  for (unsigned K = 0; Cur && K < 64; ++K, Cur = Cur->getNextNode()) {
    if (auto *CB = dyn_cast<CallBase>(Cur)) {
      if (!isMarker(*CB))
        return CB;
    } else if (Cur->isTerminator()) {
      auto *Br = dyn_cast<BranchInst>(Cur);
      if (!Br || !Br->isUnconditional() ||
          Br->getSuccessor(0)->getSinglePredecessor() != Cur->getParent())
        return nullptr;
      Cur = &Br->getSuccessor(0)->front();
      if (auto *CB = dyn_cast<CallBase>(Cur); CB && !isMarker(*CB))
        return CB;
    }
  }
  return nullptr;
}

/// No call but markers runs from I to the start of Header, through I's
/// block and a chain of blocks each entered only from the one before.
bool quietUntil(const Instruction &I, const BasicBlock *Header) {
  const BasicBlock *BB = I.getParent();
  const Instruction *Cur = I.getNextNode();
  for (unsigned K = 0; K < 16; ++K) {
    for (; Cur; Cur = Cur->getNextNode())
      if (auto *CB = dyn_cast<CallBase>(Cur); CB && !isMarker(*CB))
        return false;
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isUnconditional())
      return false;
    const BasicBlock *Next = Br->getSuccessor(0);
    if (Next == Header)
      return true;
    if (Next->getSinglePredecessor() != BB)
      return false;
    BB = Next;
    Cur = &BB->front();
  }
  return false;
}

/// Every call outside namespace std that may construct a thread through
/// Ctor (directly or through std:: functions such as emplace_back), or
/// false if one is outside Main or Ctor's callers are not all known.
bool entryCalls(const Function &Ctor, const Function &Main,
                std::vector<const CallBase *> &Out) {
  SmallVector<const Function *, 8> Work{&Ctor};
  SmallPtrSet<const Function *, 8> Seen{&Ctor};
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Use &U : F->uses()) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      if (!CB || !CB->isCallee(&U))
        return false; // Address taken: callers unknown.
      const Function *Caller = CB->getFunction();
      if (Caller == &Main) {
        Out.push_back(CB);
        continue;
      }
      if (!isStdFunction(Caller->getName()))
        return false;
      if (Seen.insert(Caller).second) {
        if (Seen.size() > 64)
          return false;
        Work.push_back(Caller);
      }
    }
  }
  return true;
}

} // namespace

std::vector<JoinAllPoint>
findCxxContainerJoinLoops(const Function &MainC,
                          ArrayRef<std::pair<unsigned, const Function *>> Sites,
                          ArrayRef<const CallBase *> Joins) {
  std::vector<JoinAllPoint> Out;
  Function &Main = const_cast<Function &>(MainC);
  if (Sites.empty() || Joins.empty() || !Main.getParent())
    return Out;
  // Where each site's threads start, in Main.
  std::vector<std::vector<const CallBase *>> Entries(Sites.size());
  bool Any = false;
  for (size_t K = 0; K < Sites.size(); ++K)
    if (!entryCalls(*Sites[K].second, Main, Entries[K]))
      Entries[K].clear();
    else
      Any = Any || !Entries[K].empty();
  if (!Any)
    return Out;
  const DataLayout &DL = Main.getParent()->getDataLayout();
  // sizeof(std::thread): clang marks `this` of join dereferenceable by it.
  const uint64_t Size = Joins.front()->getParamDereferenceableBytes(0);
  if (!Size)
    return Out;

  PromotedCopy PC(Main);
  DenseMap<const BasicBlock *, const BasicBlock *> Original;
  for (const BasicBlock &BB : Main)
    if (auto *C = PC.copyOf<BasicBlock>(&BB))
      Original[C] = &BB;
  if (!PC.inlineIteratorHelpers())
    return Out;
  DominatorTree &DT = PC.DT;
  LoopInfo &LI = *PC.LI;
  ScalarEvolution &SE = *PC.SE;

  for (const CallBase *OrigJoin : Joins) {
    auto *Join = PC.copyOf<CallBase>(OrigJoin);
    if (!Join || Join->arg_size() != 1)
      continue;
    Loop *L2 = LI.getLoopFor(Join->getParent());
    if (!L2 || L2->getLoopDepth() != 1)
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Join->getArgOperand(0)));
    auto *Step = AR && AR->isAffine() && AR->getLoop() == L2
                     ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
                     : nullptr;
    if (!Step || Step->getAPInt() != Size)
      continue;
    // Every iteration that goes round joins its element (the join
    // dominates the one latch); the loop's only normal exit is a test
    // `it != end` of the current element pointer, into a block entered
    // from nowhere else; other exits are exception edges (a join that
    // throws). Since the pointer steps by one element from the
    // container's first, that exit is taken only once every element
    // before end has been joined.
    BasicBlock *Latch = L2->getLoopLatch();
    if (!Latch || !DT.dominates(Join->getParent(), Latch))
      continue;
    SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges;
    L2->getExitEdges(ExitEdges);
    const BasicBlock *Exiting = nullptr;
    BasicBlock *Exit = nullptr;
    bool OneExit = true;
    for (auto &[From, To] : ExitEdges) {
      if (To->isEHPad())
        continue;
      OneExit = OneExit && !Exit;
      Exiting = From;
      Exit = To;
    }
    if (!OneExit || !Exit || Exit->getSinglePredecessor() != Exiting)
      continue;
    auto *Br = dyn_cast<BranchInst>(Exiting->getTerminator());
    // C++20 rewrites `it != end` as `!(it == end)`: an xor with true.
    bool Negated = false;
    Value *Cond = Br && Br->isConditional() ? Br->getCondition() : nullptr;
    while (Cond && match(Cond, m_Not(m_Value()))) {
      Cond = cast<Instruction>(Cond)->getOperand(0);
      Negated = !Negated;
    }
    auto *Cmp = dyn_cast_or_null<ICmpInst>(Cond);
    if (!Cmp || !Cmp->isEquality() ||
        Br->getSuccessor((Cmp->getPredicate() == ICmpInst::ICMP_NE) != Negated
                             ? 1
                             : 0) != Exit)
      continue;
    BasicBlock *Header = L2->getHeader();
    const SCEV *End = nullptr;
    if (SE.getSCEV(Cmp->getOperand(0)) == AR)
      End = SE.getSCEV(Cmp->getOperand(1));
    else if (SE.getSCEV(Cmp->getOperand(1)) == AR)
      End = SE.getSCEV(Cmp->getOperand(0));
    if (!End || !SE.isLoopInvariant(End, L2))
      continue;
    // The bounds: a local std::array's first element and one past its
    // last, or a local std::vector's _M_start and _M_finish, read in the
    // preheader after every call that could change them.
    const SCEV *Start = AR->getStart();
    const AllocaInst *C = nullptr;
    auto LoadAt = [&](const SCEV *S, int64_t Off) -> const AllocaInst * {
      auto *U = dyn_cast<SCEVUnknown>(S);
      auto *Ld = U ? dyn_cast<LoadInst>(U->getValue()) : nullptr;
      if (!Ld || !quietUntil(*Ld, Header))
        return nullptr;
      APInt O(DL.getIndexTypeSizeInBits(Ld->getPointerOperandType()), 0);
      auto *Base = dyn_cast<AllocaInst>(
          Ld->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, O,
                                                                     false));
      return Base && O == Off ? Base : nullptr;
    };
    if (auto *Base = dyn_cast<SCEVUnknown>(Start);
        Base && isa<AllocaInst>(Base->getValue())) {
      C = cast<AllocaInst>(Base->getValue());
      std::optional<TypeSize> Bytes = C->getAllocationSize(DL);
      auto *Len = dyn_cast<SCEVConstant>(SE.getMinusSCEV(End, Start));
      if (!Bytes || Bytes->isScalable() || !Len ||
          Len->getAPInt() != Bytes->getFixedValue() ||
          !C->getAllocatedType()->isStructTy() ||
          !C->getAllocatedType()->getStructName().starts_with(
              "struct.std::array"))
        C = nullptr;
    } else {
      // _Vector_impl_data: _M_start, then _M_finish.
      C = LoadAt(Start, 0);
      if (C && LoadAt(End, DL.getPointerSize()) != C)
        C = nullptr;
      if (C && (!C->getAllocatedType()->isStructTy() ||
                !C->getAllocatedType()->getStructName().starts_with(
                    "class.std::vector")))
        C = nullptr;
    }
    if (!C || C->getFunction() != PC.Copy)
      continue;
    ContainerUses U;
    if (!collectContainerUses(*C, U) || !U.Joins.count(Join))
      continue;
    // Nothing in the loop may put a thread into the container or start
    // one of the sites' threads (the container does not escape, and the
    // sites start threads only from Main).
    auto InLoop = [&](const CallBase *CB) {
      return L2->contains(CB->getParent());
    };
    if (any_of(U.Members, InLoop) || any_of(U.MoveAssigns, InLoop))
      continue;

    for (size_t K = 0; K < Sites.size(); ++K) {
      const Function *Ctor = Sites[K].second;
      bool AllIn = !Entries[K].empty();
      for (const CallBase *OrigE : Entries[K]) {
        auto *E = PC.copyOf<CallBase>(OrigE);
        if (!E || InLoop(E)) {
          AllIn = false;
          break;
        }
        // v.emplace_back(args): constructed in place.
        if (U.Emplace.count(E))
          continue;
        // std::thread tmp(args); then push_back(std::move(tmp)),
        // emplace_back(std::move(tmp)) or element = std::move(tmp) at once.
        auto *Tmp = E->getCalledFunction() == Ctor && E->arg_size() > 0
                        ? dyn_cast<AllocaInst>(E->getArgOperand(0))
                        : nullptr;
        const CallBase *Move = Tmp ? nextCall(*E) : nullptr;
        bool Ok = Move && U.MovedIn.count(Tmp) &&
                  (is_contained(U.Members, Move) ||
                   is_contained(U.MoveAssigns, Move)) &&
                  Move->arg_size() > 1 && Move->getArgOperand(1) == Tmp;
        // The temporary is only constructed, moved from and destroyed.
        if (Ok)
          for (const User *TU : Tmp->users()) {
            auto *TC = dyn_cast<CallBase>(TU);
            Ok = TC && (isMarker(*TC) || TC == E || TC == Move ||
                        calls(*TC, "_ZNSt6threadD2Ev") ||
                        calls(*TC, "_ZNSt6threadD1Ev"));
            if (Ok && TC != Move && !isMarker(*TC))
              for (unsigned A = 1; A < TC->arg_size(); ++A)
                Ok = Ok && TC->getArgOperand(A) != Tmp;
            if (!Ok)
              break;
          }
        if (!Ok) {
          AllIn = false;
          break;
        }
      }
      const BasicBlock *At = Original.lookup(Exit);
      if (AllIn && At)
        Out.push_back({At, Sites[K].first, OrigJoin, true});
    }
  }
  return Out;
}

namespace {

/// For a pthread_join/thrd_join call Join of PC's copy: the sites (of
/// Sites, calls of F) whose every handle the loop around Join joins, each
/// with the loop's exit block in the copy.
std::vector<std::pair<unsigned, BasicBlock *>>
joinedSites(PromotedCopy &PC, CallBase &Join,
            ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
            const DataLayout &DL) {
  std::vector<std::pair<unsigned, BasicBlock *>> Out;
  DominatorTree &DT = PC.DT;
  LoopInfo &LI = *PC.LI;
  ScalarEvolution &SE = *PC.SE;
  if (Join.arg_size() < 1)
    return Out;
  // The thread id passed by value, loaded from the handle's address.
  auto *Load = dyn_cast<LoadInst>(Join.getArgOperand(0));
  if (!Load || Load->isVolatile())
    return Out;
  int64_t JStep;
  const SCEVAddRecExpr *JAR =
      handleRecurrence(SE, LI, Join, Load->getPointerOperand(), JStep);
  if (!JAR)
    return Out;
  const Loop *L2 = JAR->getLoop();
  // Every iteration that goes round joins (the join dominates the one
  // latch), the loop leaves only through one block (no break, return or
  // exit inside), into a block entered from nowhere else, and the number
  // of iterations is known exactly (in terms of the function's values,
  // such as `n`).
  BasicBlock *Latch = L2->getLoopLatch();
  BasicBlock *Exiting = L2->getExitingBlock();
  BasicBlock *Exit = L2->getExitBlock();
  if (!Latch || !Exiting || !Exit || Exit->getSinglePredecessor() != Exiting ||
      !DT.dominates(Join.getParent(), Latch))
    return Out;
  const SCEV *Joined = SE.getBackedgeTakenCount(L2);
  if (isa<SCEVCouldNotCompute>(Joined))
    return Out;
  // Ids no larger than the step (an array of them, or of records that
  // hold one), so consecutive handles are distinct.
  uint64_t Size = DL.getTypeStoreSize(Load->getType());
  if (JStep < 0 || uint64_t(JStep) < Size)
    return Out;

  for (const auto &[Site, OrigCreate] : Sites) {
    auto *Create = PC.copyOf<CallBase>(OrigCreate);
    if (!Create || Create->arg_size() < 1)
      continue;
    int64_t CStep;
    const SCEVAddRecExpr *CAR =
        handleRecurrence(SE, LI, *Create, Create->getArgOperand(0), CStep);
    if (!CAR || CStep != JStep || CAR->getStart() != JAR->getStart() ||
        CAR->getLoop() == L2 || !CAR->hasNoSelfWrap())
      continue;
    // The create loop stores the k-th instance of the site at start + k *
    // step, k at most its largest backedge-taken count (less one when it
    // leaves only from its header and the create is not there: -O0's
    // `for`); the join loop joins those handles for every k below its
    // backedge-taken count.
    const Loop *L1 = CAR->getLoop();
    const SCEV *Created = SE.getSymbolicMaxBackedgeTakenCount(L1);
    if (isa<SCEVCouldNotCompute>(Created))
      continue;
    // The create runs once per backedge when the loop's one exit test
    // comes before it on every round (the header's, in -O0's `for`; or
    // the block after a short-circuit `&&`).
    const BasicBlock *Exiting1 = L1->getExitingBlock();
    bool HeaderOnly = Exiting1 && Create->getParent() != Exiting1 &&
                      PC.DT.dominates(Exiting1, Create->getParent());
    Type *Wide = SE.getWiderType(Created->getType(), Joined->getType());
    const SCEV *C = SE.getNoopOrZeroExtend(Created, Wide);
    const SCEV *J = SE.getNoopOrZeroExtend(Joined, Wide);
    bool Covered = HeaderOnly ? SE.isKnownPredicate(ICmpInst::ICMP_ULE, C, J)
                              : SE.isKnownPredicate(ICmpInst::ICMP_ULT, C, J);
    if (Covered)
      Out.push_back({Site, Exit});
  }
  return Out;
}

} // namespace

bool isJoinFunction(const Function &F) {
  return F.getName() == "pthread_join" || F.getName() == "thrd_join";
}

std::vector<JoinAllPoint>
findJoinAllLoops(PromotedCopy &PC,
                 ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
                 ArrayRef<const CallBase *> Joins) {
  std::vector<JoinAllPoint> Out;
  const Function &F = *Sites.front().second->getFunction();
  const DataLayout &DL = F.getParent()->getDataLayout();
  DenseMap<const BasicBlock *, const BasicBlock *> Original;
  for (const BasicBlock &BB : F)
    if (auto *C = PC.copyOf<BasicBlock>(&BB))
      Original[C] = &BB;
  for (const CallBase *OrigJoin : Joins)
    if (auto *Join = PC.copyOf<CallBase>(OrigJoin))
      for (auto [Site, Exit] : joinedSites(PC, *Join, Sites, DL))
        if (const BasicBlock *At = Original.lookup(Exit))
          Out.push_back({At, Site, OrigJoin});
  return Out;
}

bool isJoinHelper(const Function &H) {
  if (H.isDeclaration() || H.isVarArg() || H.size() > 32)
    return false;
  bool Joins = false;
  for (const Instruction &I : instructions(H)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<DbgInfoIntrinsic>(CB) || isMarker(*CB))
      continue;
    const Function *Callee = CB->getCalledFunction();
    if (!Callee || !isJoinFunction(*Callee))
      return false;
    Joins = true;
  }
  return Joins;
}

std::vector<JoinAllPoint>
findHelperJoinAllLoops(const Function &F,
                       ArrayRef<std::pair<unsigned, const CallBase *>> Sites,
                       ArrayRef<const CallBase *> HelperCalls) {
  std::vector<JoinAllPoint> Out;
  const DataLayout &DL = F.getParent()->getDataLayout();
  PromotedCopy PC(const_cast<Function &>(F));
  for (const PromotedCopy::InlinedCall &IC :
       PC.inlineCalls(HelperCalls, isJoinFunction))
    for (CallBase *Join : IC.Brought)
      for (auto [Site, Exit] : joinedSites(PC, *Join, Sites, DL))
        // Every path out of the helper leaves the loop first.
        if (PC.DT.dominates(Exit, IC.Continue))
          Out.push_back({nullptr, Site, IC.Original, false, IC.Original});
  return Out;
}

} // namespace racesift
