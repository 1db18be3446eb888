//===- CxxJoinLoops.cpp - Join loops over std::thread containers ----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `std::vector<std::thread> v; ... v.emplace_back(f); ... for (auto &t : v)
// t.join();`: std::thread ids move (a reallocation, `t = std::move(tmp)`),
// so the handle-based join-loop rule (JoinLoops.cpp) cannot apply. When the
// container provably keeps every thread of a site and the loop joins every
// element, the loop's exit joins every instance of the site. See
// docs/design-threadmodel.md, "cxx-join-loop".
//
//===----------------------------------------------------------------------===//

#include "CxxJoinLoops.h"
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

namespace cxxjoin {

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

bool calls(const CallBase &CB, StringRef Name) {
  const Function *F = CB.getCalledFunction();
  return F && F->getName() == Name;
}

/// Follows every pointer into the container (Roots: the pointers to the
/// container itself). False if any use may let an
/// id out of it or change it other than by appending or moving a thread in:
/// only member calls on a root (constructor, destructor, emplace_back,
/// push_back, reserve), loads, comparisons, address arithmetic, joins of an
/// element, and `element = std::move(t)` (which terminates the program if
/// the element still holds a thread) are allowed.
bool collectContainerUses(ArrayRef<const Value *> Roots, ContainerUses &U) {
  SmallVector<const Value *, 16> Work(Roots.begin(), Roots.end());
  U.Derived.insert(Roots.begin(), Roots.end());
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
      if (!is_contained(Roots, V) || ArgNo != 0 || M == Member::None)
        return false;
      for (unsigned A = 1; A < CB->arg_size(); ++A)
        if (is_contained(Roots, CB->getArgOperand(A)))
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
/// false if one is outside Main or Ctor's callers are not all known. A
/// null Main becomes the first such call's function.
bool entryCalls(const Function &Ctor, const Function *&Main,
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
      if (!Main && !isStdName(Caller->getName()))
        Main = Caller;
      if (Caller == Main) {
        Out.push_back(CB);
        continue;
      }
      if (!isStdName(Caller->getName()))
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

/// Join (in a copy) as the join of every element of a range-for over
/// elements of Size bytes, or nullopt. Every iteration that goes round
/// joins its element (the join dominates the one latch); the loop's only
/// normal exit is a test `it != end` of the current element pointer, into
/// a block entered from nowhere else; other exits are exception edges (a
/// join that throws). Since the pointer steps by one element from the
/// container's first, that exit is taken only once every element before
/// end has been joined.
std::optional<RangeJoinLoop> rangeJoinLoop(CallBase &Join, uint64_t Size,
                                           PromotedCopy &PC) {
  RangeJoinLoop R;
  ScalarEvolution &SE = *PC.SE;
  R.L = PC.LI->getLoopFor(Join.getParent());
  if (Join.arg_size() != 1 || !R.L || R.L->getLoopDepth() != 1)
    return std::nullopt;
  R.AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Join.getArgOperand(0)));
  auto *Step = R.AR && R.AR->isAffine() && R.AR->getLoop() == R.L
                   ? dyn_cast<SCEVConstant>(R.AR->getStepRecurrence(SE))
                   : nullptr;
  if (!Step || Step->getAPInt() != Size)
    return std::nullopt;
  BasicBlock *Latch = R.L->getLoopLatch();
  if (!Latch || !PC.DT.dominates(Join.getParent(), Latch))
    return std::nullopt;
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges;
  R.L->getExitEdges(ExitEdges);
  const BasicBlock *Exiting = nullptr;
  bool OneExit = true;
  for (auto &[From, To] : ExitEdges) {
    if (To->isEHPad())
      continue;
    OneExit = OneExit && !R.Exit;
    Exiting = From;
    R.Exit = To;
  }
  if (!OneExit || !R.Exit || R.Exit->getSinglePredecessor() != Exiting)
    return std::nullopt;
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
                           : 0) != R.Exit)
    return std::nullopt;
  if (SE.getSCEV(Cmp->getOperand(0)) == R.AR)
    R.End = SE.getSCEV(Cmp->getOperand(1));
  else if (SE.getSCEV(Cmp->getOperand(1)) == R.AR)
    R.End = SE.getSCEV(Cmp->getOperand(0));
  if (!R.End || !SE.isLoopInvariant(R.End, R.L))
    return std::nullopt;
  return R;
}

/// The pointer S is a load, with no call after it until Header, from
/// Base + Off for a Base of the copy (an alloca, or an argument): Base.
const Value *loadedFrom(const SCEV *S, int64_t Off, const BasicBlock *Header,
                        const DataLayout &DL) {
  auto *U = dyn_cast<SCEVUnknown>(S);
  auto *Ld = U ? dyn_cast<LoadInst>(U->getValue()) : nullptr;
  if (!Ld || !quietUntil(*Ld, Header))
    return nullptr;
  APInt O(DL.getIndexTypeSizeInBits(Ld->getPointerOperandType()), 0);
  const Value *Base =
      Ld->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, O, false);
  return O == Off ? Base : nullptr;
}

/// Whether every entry of a site (Entries: calls of the copied function
/// that construct its threads through Ctor) puts its thread into the
/// container U describes, none of them inside loop L (if any).
bool entriesKeptIn(ArrayRef<const CallBase *> Entries, const Function *Ctor,
                   PromotedCopy &PC, const ContainerUses &U, const Loop *L) {
  if (Entries.empty())
    return false;
  for (const CallBase *OrigE : Entries) {
    auto *E = PC.copyOf<CallBase>(OrigE);
    if (!E || (L && L->contains(E->getParent())))
      return false;
    // v.emplace_back(args): constructed in place.
    if (U.Emplace.count(E))
      continue;
    // std::thread tmp(args); then push_back(std::move(tmp)),
    // emplace_back(std::move(tmp)) or element = std::move(tmp) at once.
    auto *Tmp = E->getCalledFunction() == Ctor && E->arg_size() > 0
                    ? dyn_cast<AllocaInst>(E->getArgOperand(0))
                    : nullptr;
    const CallBase *Move = Tmp ? nextCall(*E) : nullptr;
    bool Ok =
        Move && U.MovedIn.count(Tmp) &&
        (is_contained(U.Members, Move) || is_contained(U.MoveAssigns, Move)) &&
        Move->arg_size() > 1 && Move->getArgOperand(1) == Tmp;
    // The temporary is only constructed, moved from and destroyed.
    if (Ok)
      for (const User *TU : Tmp->users()) {
        auto *TC = dyn_cast<CallBase>(TU);
        Ok = TC &&
             (isMarker(*TC) || TC == E || TC == Move ||
              calls(*TC, "_ZNSt6threadD2Ev") || calls(*TC, "_ZNSt6threadD1Ev"));
        if (Ok && TC != Move && !isMarker(*TC))
          for (unsigned A = 1; A < TC->arg_size(); ++A)
            Ok = Ok && TC->getArgOperand(A) != Tmp;
        if (!Ok)
          break;
      }
    if (!Ok)
      return false;
  }
  return true;
}

/// Nothing in loop L may put a thread into the container or start one of
/// the sites' threads.
bool loopKeepsContainer(const Loop &L, const ContainerUses &U) {
  auto InLoop = [&](const CallBase *CB) { return L.contains(CB->getParent()); };
  return none_of(U.Members, InLoop) && none_of(U.MoveAssigns, InLoop);
}

/// The copy's exit blocks mapped back to the original function's.
DenseMap<const BasicBlock *, const BasicBlock *>
originalBlocks(const Function &F, const PromotedCopy &PC) {
  DenseMap<const BasicBlock *, const BasicBlock *> Original;
  for (const BasicBlock &BB : F)
    if (auto *C = PC.copyOf<BasicBlock>(&BB))
      Original[C] = &BB;
  return Original;
}

} // namespace cxxjoin

using namespace cxxjoin;

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
  for (size_t K = 0; K < Sites.size(); ++K) {
    const Function *In = &Main;
    if (!entryCalls(*Sites[K].second, In, Entries[K]))
      Entries[K].clear();
    else
      Any = Any || !Entries[K].empty();
  }
  if (!Any)
    return Out;
  const DataLayout &DL = Main.getParent()->getDataLayout();
  // sizeof(std::thread): clang marks `this` of join dereferenceable by it.
  const uint64_t Size = Joins.front()->getParamDereferenceableBytes(0);
  if (!Size)
    return Out;

  PromotedCopy PC(Main);
  DenseMap<const BasicBlock *, const BasicBlock *> Original =
      originalBlocks(Main, PC);
  if (!PC.inlineIteratorHelpers())
    return Out;
  ScalarEvolution &SE = *PC.SE;

  for (const CallBase *OrigJoin : Joins) {
    auto *Join = PC.copyOf<CallBase>(OrigJoin);
    std::optional<RangeJoinLoop> R =
        Join ? rangeJoinLoop(*Join, Size, PC) : std::nullopt;
    if (!R)
      continue;
    // The bounds: a local std::array's first element and one past its
    // last, or a local std::vector's _M_start and _M_finish, read in the
    // preheader after every call that could change them.
    const BasicBlock *Header = R->L->getHeader();
    const SCEV *Start = R->AR->getStart();
    const AllocaInst *C = nullptr;
    if (auto *Base = dyn_cast<SCEVUnknown>(Start);
        Base && isa<AllocaInst>(Base->getValue())) {
      C = cast<AllocaInst>(Base->getValue());
      std::optional<TypeSize> Bytes = C->getAllocationSize(DL);
      auto *Len = dyn_cast<SCEVConstant>(SE.getMinusSCEV(R->End, Start));
      if (!Bytes || Bytes->isScalable() || !Len ||
          Len->getAPInt() != Bytes->getFixedValue() ||
          !C->getAllocatedType()->isStructTy() ||
          !C->getAllocatedType()->getStructName().starts_with(
              "struct.std::array"))
        C = nullptr;
    } else {
      // _Vector_impl_data: _M_start, then _M_finish.
      C = dyn_cast_or_null<AllocaInst>(loadedFrom(Start, 0, Header, DL));
      if (C && loadedFrom(R->End, DL.getPointerSize(), Header, DL) != C)
        C = nullptr;
      if (C && (!C->getAllocatedType()->isStructTy() ||
                !C->getAllocatedType()->getStructName().starts_with(
                    "class.std::vector")))
        C = nullptr;
    }
    if (!C || C->getFunction() != PC.Copy)
      continue;
    ContainerUses U;
    const Value *Root = C;
    if (!collectContainerUses(Root, U) || !U.Joins.count(Join) ||
        !loopKeepsContainer(*R->L, U))
      continue;
    const BasicBlock *At = Original.lookup(R->Exit);
    for (size_t K = 0; K < Sites.size(); ++K)
      if (At && entriesKeptIn(Entries[K], Sites[K].second, PC, U, R->L))
        Out.push_back({At, Sites[K].first, OrigJoin, true});
  }
  return Out;
}

} // namespace racesift
