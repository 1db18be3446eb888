//===- CxxMemberJoinLoops.cpp - A pool's std::thread member -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cxx-member-join-loop (docs/design-threadmodel.md): a thread pool object
// whose constructor starts its workers into a std::vector<std::thread>
// member and whose destructor joins every element of it. The loop is
// proven on a copy of the destructor as for a local container; that the
// two are one object, and that nothing else reaches the member, is proven
// with the points-to sets.
//
//===----------------------------------------------------------------------===//

#include "CxxJoinLoops.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

using namespace cxxjoin;

namespace {

/// The pointers of PC's copy to its `this` + Offset, the member's Roots:
/// false if `this` reaches the member's Size bytes any other way in the
/// copy (a GEP chain ending inside it, a variable offset, a phi or select
/// of pointers into the object). Other uses of `this` and of pointers to
/// its other fields (calls, stores, loads) are the points-to check's.
bool memberRoots(const PromotedCopy &PC, int64_t Offset, int64_t Size,
                 const DataLayout &DL, SmallVectorImpl<const Value *> &Roots) {
  if (PC.Copy->arg_empty() || !PC.Copy->getArg(0)->getType()->isPointerTy())
    return false;
  SmallVector<std::pair<const Value *, int64_t>, 16> Work{
      {PC.Copy->getArg(0), 0}};
  unsigned Visited = 0;
  while (!Work.empty()) {
    auto [V, Off] = Work.pop_back_val();
    if (++Visited > 1024)
      return false;
    for (const User *U : V->users()) {
      if (isa<PHINode>(U) || isa<SelectInst>(U))
        return false;
      auto *GEP = dyn_cast<GetElementPtrInst>(U);
      if (!GEP || GEP->getPointerOperand() != V)
        continue;
      APInt O(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      if (!GEP->accumulateConstantOffset(DL, O))
        return false;
      int64_t At = Off + O.getSExtValue();
      if (At == Offset)
        Roots.push_back(GEP);
      else if (At > Offset && At < Offset + Size)
        return false;
      else
        Work.push_back({GEP, At});
    }
  }
  return !Roots.empty();
}

/// The struct type of the member at Offset of the copy's `this`, from a
/// struct GEP of `this` to it, if its name starts with Prefix.
StructType *memberType(const Argument &This, int64_t Offset, StringRef Prefix,
                       const DataLayout &DL) {
  for (const User *Us : This.users())
    if (auto *GEP = dyn_cast<GetElementPtrInst>(Us)) {
      APInt G(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      auto *ST = dyn_cast<StructType>(GEP->getResultElementType());
      if (GEP->accumulateConstantOffset(DL, G) && G == Offset && ST &&
          ST->hasName() && ST->getName().starts_with(Prefix))
        return ST;
    }
  return nullptr;
}

/// The std::thread container member that R walks from its first element to
/// its end: a std::vector whose _M_start and _M_finish bound R (loads from
/// the copy's `this` + Offset and + Offset + 8), or a std::array whose
/// first element (`this` + Offset) and one past its last bound it. Its
/// Offset and size, or nullopt.
std::optional<std::pair<int64_t, int64_t>>
memberBounds(const RangeJoinLoop &R, PromotedCopy &PC, const DataLayout &DL) {
  const BasicBlock *Header = R.L->getHeader();
  const Argument *This = PC.Copy->arg_empty() ? nullptr : PC.Copy->getArg(0);
  if (!This)
    return std::nullopt;
  ScalarEvolution &SE = *PC.SE;
  const SCEV *Start = R.AR->getStart();
  // std::array: Start is `this` + Offset, End Start + the array's size.
  if (auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(Start));
      Base && Base->getValue() == This) {
    auto *Off = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Start, Base));
    auto *Len = dyn_cast<SCEVConstant>(SE.getMinusSCEV(R.End, Start));
    if (!Off || !Len)
      return std::nullopt;
    int64_t Offset = Off->getAPInt().getSExtValue();
    StructType *ST = Offset > 0
                         ? memberType(*This, Offset, "struct.std::array", DL)
                         : nullptr;
    if (!ST || Len->getAPInt() != DL.getTypeAllocSize(ST))
      return std::nullopt;
    return std::make_pair(Offset, int64_t(DL.getTypeAllocSize(ST)));
  }
  // std::vector: _M_start, then _M_finish.
  auto *U = dyn_cast<SCEVUnknown>(Start);
  auto *Ld = U ? dyn_cast<LoadInst>(U->getValue()) : nullptr;
  if (!Ld)
    return std::nullopt;
  APInt O(DL.getIndexTypeSizeInBits(Ld->getPointerOperandType()), 0);
  if (Ld->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, O,
                                                                 false) != This)
    return std::nullopt;
  int64_t Offset = O.getSExtValue();
  if (Offset <= 0 || loadedFrom(Start, Offset, Header, DL) != This ||
      loadedFrom(R.End, Offset + DL.getPointerSize(), Header, DL) != This)
    return std::nullopt;
  StructType *ST = memberType(*This, Offset, "class.std::vector", DL);
  if (!ST)
    return std::nullopt;
  return std::make_pair(Offset, int64_t(DL.getTypeAllocSize(ST)));
}

} // namespace

std::vector<MemberJoinLoop>
findCxxMemberJoinLoops(const Function &DC,
                       ArrayRef<std::pair<unsigned, const Function *>> Sites,
                       ArrayRef<const CallBase *> Joins) {
  std::vector<MemberJoinLoop> Out;
  Function &D = const_cast<Function &>(DC);
  if (Sites.empty() || Joins.empty() || !D.getParent() || D.arg_empty())
    return Out;
  const DataLayout &DL = D.getParent()->getDataLayout();
  const uint64_t Size = Joins.front()->getParamDereferenceableBytes(0);
  if (!Size)
    return Out;
  PromotedCopy PC(D);
  DenseMap<const BasicBlock *, const BasicBlock *> Original =
      originalBlocks(D, PC);
  if (!PC.inlineIteratorHelpers())
    return Out;
  for (const CallBase *OrigJoin : Joins) {
    auto *Join = PC.copyOf<CallBase>(OrigJoin);
    std::optional<RangeJoinLoop> R =
        Join ? rangeJoinLoop(*Join, Size, PC) : std::nullopt;
    std::optional<std::pair<int64_t, int64_t>> Member =
        R ? memberBounds(*R, PC, DL) : std::nullopt;
    if (!Member)
      continue;
    auto [Offset, Bytes] = *Member;
    SmallVector<const Value *, 4> Roots;
    ContainerUses U;
    if (!memberRoots(PC, Offset, Bytes, DL, Roots) ||
        !collectContainerUses(Roots, U) || !U.Joins.count(Join) ||
        !loopKeepsContainer(*R->L, U))
      continue;
    // The loop's own calls: the join, markers and functions without a
    // body (none can start the sites' threads, which start only from their
    // entry function).
    bool OnlyJoins = true;
    for (const BasicBlock *BB : R->L->blocks())
      for (const Instruction &I : *BB)
        if (auto *CB = dyn_cast<CallBase>(&I);
            CB && CB != Join && !isMarker(*CB) &&
            !(CB->getCalledFunction() &&
              CB->getCalledFunction()->isDeclaration()))
          OnlyJoins = false;
    const BasicBlock *At = Original.lookup(R->Exit);
    if (!OnlyJoins || !At)
      continue;
    for (const auto &[Site, Ctor] : Sites) {
      // Every thread of the site starts in one function E, into the same
      // member of E's `this`.
      const Function *E = nullptr;
      std::vector<const CallBase *> Entries;
      if (!entryCalls(*Ctor, E, Entries) || !E || E->arg_empty() ||
          E->isDeclaration())
        continue;
      bool Kept;
      if (E == &D) {
        Kept = entriesKeptIn(Entries, Ctor, PC, U, R->L);
      } else {
        PromotedCopy PE(const_cast<Function &>(*E));
        PE.inlineIteratorHelpers();
        SmallVector<const Value *, 4> ERoots;
        ContainerUses EU;
        Kept = memberRoots(PE, Offset, Bytes, DL, ERoots) &&
               collectContainerUses(ERoots, EU) &&
               entriesKeptIn(Entries, Ctor, PE, EU, nullptr);
      }
      if (Kept)
        Out.push_back(
            {{At, Site, OrigJoin, true}, E, uint64_t(Offset), uint64_t(Bytes)});
    }
  }
  return Out;
}

namespace {

/// A function without a body that may be handed pointers into the
/// container or its elements, or to what leads there, without taking an id
/// out: join, the thread start and its state's (empty) base destructor,
/// the storage's allocation and release, terminate, intrinsics.
bool keepsIds(const Function &F) {
  StringRef N = F.getName();
  return N == "_ZNSt6thread4joinEv" ||
         N.starts_with("_ZNSt6thread15_M_start_thread") ||
         N.starts_with("_ZNSt6thread6_StateD") || N.starts_with("_ZdlPv") ||
         N.starts_with("_Znwm") || N == "_ZSt9terminatev" || F.isIntrinsic();
}

} // namespace

bool memberKeepsThreads(const MemberJoinLoop &ML, const Function &D,
                        const PointsToAnalysis &PTA,
                        const std::vector<MemObject> &Objects) {
  const Function &E = *ML.Entry;
  // One object: both `this` point to its start only, and it is one at run
  // time.
  ArrayRef<MemLoc> TD = PTA.pointsTo(D.getArg(0)),
                   TE = PTA.pointsTo(E.getArg(0));
  if (TD.size() != 1 || TD[0].Offset != 0 || TE.size() != 1 || TE[0] != TD[0])
    return false;
  ObjectId O = TD[0].Obj;
  if (O >= Objects.size() || !Objects[O].Singleton)
    return false;
  // The member's bytes, and the objects its pointers hold (the element
  // storage).
  auto InMember = [&](const MemLoc &L) {
    return L.Obj == O &&
           (L.Offset == AnyOffset || (L.Offset >= int64_t(ML.Offset) &&
                                      L.Offset < int64_t(ML.Offset + ML.Size)));
  };
  DenseSet<ObjectId> Storage;
  for (uint64_t W = 0; W < ML.Size; W += 8)
    for (const MemLoc &L : PTA.contentOf({O, int64_t(ML.Offset + W)}))
      Storage.insert(L.Obj);
  if (Storage.contains(O))
    return false;
  // Unknown code and unresolved pointers may reach neither.
  for (ObjectId X : PTA.unresolvedTargets())
    if (X == O || Storage.contains(X))
      return false;
  // Unknown code handed what leads to the member (a lambda capturing the
  // pool) is assumed to write none of it (unknown-external-access); handed
  // the member or its elements themselves, it is refused below.
  const Module &M = *D.getParent();
  auto Inside = [&](const MemLoc &L) {
    return InMember(L) || Storage.contains(L.Obj);
  };
  auto Reaches = [&](const Value *V) {
    return any_of(PTA.pointsTo(V), Inside);
  };
  // A call's argument reaches them also through a local that holds such a
  // pointer (an -O0 iterator passed by reference).
  auto ArgReaches = [&](const Value *V) {
    return Reaches(V) || any_of(PTA.pointsTo(V), [&](const MemLoc &L) {
             return L.Obj != O && L.Obj < Objects.size() &&
                    Objects[L.Obj].Kind == ObjectKind::Stack &&
                    any_of(PTA.contentOf({L.Obj, AnyOffset}), Inside);
           });
  };
  // D and E (one function when the destructor also starts the threads).
  SmallVector<const Function *, 2> Own{&D};
  if (&E != &D)
    Own.push_back(&E);

  // Every function holding a pointer into the member or its storage must
  // be D, E, or a library function reached only through calls that pass
  // such pointers from functions already accepted.
  DenseSet<const Function *> Touch;
  for (const Function &F : M) {
    bool T = any_of(F.args(), [&](const Argument &A) { return Reaches(&A); });
    for (const Instruction &I : instructions(F))
      T = T || Reaches(&I);
    if (T)
      Touch.insert(&F);
  }
  // In D and E a pointer into the member comes from `this` (the copy's
  // proof) or from the member's own words (its _M_start), not from memory
  // elsewhere where something stashed it.
  for (const Function *F : Own)
    for (const Instruction &I : instructions(*F))
      if (auto *LI = dyn_cast<LoadInst>(&I); LI && Reaches(LI))
        for (const MemLoc &L : PTA.pointsTo(LI->getPointerOperand())) {
          if (L.Obj >= Objects.size())
            return false;
          auto *Site = dyn_cast_or_null<AllocaInst>(Objects[L.Obj].Site);
          bool OwnLocal = Objects[L.Obj].Kind == ObjectKind::Stack && Site &&
                          Site->getFunction() == F;
          if (!Inside(L) && !OwnLocal)
            return false;
        }
  DenseSet<const Function *> Accepted(Own.begin(), Own.end());
  SmallVector<const Function *, 16> Work(Own.begin(), Own.end());
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isMarker(*CB) || none_of(CB->args(), [&](const Use &A) {
            return ArgReaches(A.get());
          }))
        continue;
      SmallVector<const Function *, 2> Callees;
      if (const Function *C = CB->getCalledFunction())
        Callees.push_back(C);
      else
        append_range(Callees, PTA.callees(*CB));
      if (Callees.empty())
        return false; // An unknown callee.
      for (const Function *C : Callees) {
        if (Accepted.contains(C))
          continue;
        if (C->isDeclaration()
                ? !keepsIds(*C)
                : !isStdName(C->getName()) || C->hasAddressTaken())
          return false;
        if (!C->isDeclaration()) {
          Accepted.insert(C);
          Work.push_back(C);
        }
      }
    }
  }
  return all_of(Touch, [&](const Function *F) { return Accepted.contains(F); });
}

} // namespace racesift
