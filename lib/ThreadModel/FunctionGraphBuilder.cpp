//===- FunctionGraphBuilder.cpp - Action graph of one function --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One node per program point between actions; each action-producing
// instruction adds one edge; blocks are joined by Internal or Assume edges;
// chains of Internal edges are then compressed.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "EquivalentGeps.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <map>

using namespace llvm;

namespace racesift {

bool isSlotMarker(const User *U) {
  auto *II = dyn_cast<IntrinsicInst>(U);
  return II && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II));
}

bool isLocalSlot(const AllocaInst &AI) {
  return all_of(AI.users(), [&](const User *U) {
    if (auto *LI = dyn_cast<LoadInst>(U))
      return LI->isSimple();
    if (auto *SI = dyn_cast<StoreInst>(U))
      return SI->isSimple() && SI->getPointerOperand() == &AI;
    return isSlotMarker(U);
  });
}

std::optional<PrivateTable> privateTable(const Value *Ptr) {
  while (auto *GEP = dyn_cast<GetElementPtrInst>(Ptr))
    Ptr = GEP->getPointerOperand();
  auto *AI = dyn_cast<AllocaInst>(Ptr);
  if (!AI)
    return std::nullopt;
  PrivateTable T;
  SmallVector<const Value *, 8> Work{AI};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *I = U.getUser();
      if (isa<GetElementPtrInst>(I) && U.getOperandNo() == 0)
        Work.push_back(I);
      else if (auto *LI = dyn_cast<LoadInst>(I))
        T.Loads.push_back(LI);
      else if (isa<StoreInst>(I) && U.getOperandNo() == 1)
        T.Stores.push_back(cast<StoreInst>(I));
      else if (!isSlotMarker(I))
        return std::nullopt;
    }
  }
  return T;
}

/// The value a local slot holds if it is stored exactly once and otherwise
/// only loaded (the -O0 home of a parameter or a call result).
const Value *singleStoredValue(const AllocaInst *AI) {
  const Value *Stored = nullptr;
  for (const User *U : AI->users()) {
    if (isa<LoadInst>(U))
      continue;
    if (auto *SI = dyn_cast<StoreInst>(U))
      if (SI->getPointerOperand() == AI && !Stored) {
        Stored = SI->getValueOperand();
        continue;
      }
    if (isSlotMarker(U))
      continue;
    return nullptr;
  }
  return Stored;
}

const Value *reachingStoredValue(const LoadInst &LI) {
  auto *AI = dyn_cast<AllocaInst>(LI.getPointerOperand());
  if (!AI)
    return nullptr;
  if (const Value *S = singleStoredValue(AI))
    return S;
  // A slot reused for several values (`rc = pthread_create(...);
  // assert(!rc); rc = pthread_create(...)`): only loads and whole stores
  // of it, so nothing else writes it, and the nearest store before the
  // load on the one path that leads there.
  for (const User *U : AI->users()) {
    auto *SI = dyn_cast<StoreInst>(U);
    if (!isa<LoadInst>(U) && !isSlotMarker(U) &&
        (!SI || SI->getPointerOperand() != AI || SI->getValueOperand() == AI))
      return nullptr;
  }
  const BasicBlock *BB = LI.getParent();
  BasicBlock::const_reverse_iterator It(LI.getIterator());
  SmallPtrSet<const BasicBlock *, 8> Seen{BB};
  // Bounded: a chain of single predecessors, each block seen once.
  for (unsigned Blocks = 0; Blocks < 32; ++Blocks) {
    for (; It != BB->rend(); ++It)
      if (auto *SI = dyn_cast<StoreInst>(&*It);
          SI && SI->getPointerOperand() == AI)
        return SI->getValueOperand();
    BB = BB->getSinglePredecessor();
    if (!BB || !Seen.insert(BB).second)
      return nullptr;
    It = BB->rbegin();
  }
  return nullptr;
}

const Value *steppedSlotBase(const AllocaInst *AI) {
  const Value *Base = nullptr;
  for (const User *U : AI->users()) {
    if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getPointerOperand() == AI)
      continue;
    if (auto *SI = dyn_cast<StoreInst>(U);
        SI && SI->getPointerOperand() == AI && SI->getValueOperand() != AI) {
      const Value *V = SI->getValueOperand();
      if (isa<ConstantPointerNull>(V))
        continue;
      const Value *S = V->stripPointerCasts();
      while (auto *G = dyn_cast<GEPOperator>(S))
        S = G->getPointerOperand()->stripPointerCasts();
      if (auto *Own = dyn_cast<LoadInst>(S);
          Own && Own->getPointerOperand() == AI && S != V)
        continue; // Stepped from the slot's own value.
      if (Base && Base != V)
        return nullptr;
      Base = V;
      continue;
    }
    if (isSlotMarker(U))
      continue;
    return nullptr;
  }
  return Base;
}

const Value *throughSlot(const Value *V) {
  V = V->stripPointerCasts();
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (auto *Slot =
            dyn_cast<AllocaInst>(LI->getPointerOperand()->stripPointerCasts()))
      if (const Value *S = singleStoredValue(Slot))
        return S->stripPointerCasts();
  return V;
}

DenseSet<const Instruction *> reachableAfter(ArrayRef<const Instruction *> From,
                                             const Value *Stop) {
  const auto *StopI = dyn_cast_or_null<Instruction>(Stop);
  DenseSet<const Instruction *> Out;
  DenseSet<const BasicBlock *> Blocks;
  SmallVector<const BasicBlock *, 8> Work;
  // Marks from I to the end of its block (or up to Stop); true if the
  // block's successors are reached.
  auto TaintFrom = [&](const Instruction *I) {
    for (; I; I = I->getNextNode()) {
      if (I == StopI)
        return false;
      Out.insert(I);
    }
    return true;
  };
  auto Successors = [&](const BasicBlock *BB) {
    for (const BasicBlock *S : successors(BB))
      if (Blocks.insert(S).second)
        Work.push_back(S);
  };
  for (const Instruction *E : From)
    if (TaintFrom(E->getNextNode()))
      Successors(E->getParent());
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (TaintFrom(&BB->front()))
      Successors(BB);
  }
  return Out;
}

static const Value *followSlots(const Value *V) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto *LI = dyn_cast<LoadInst>(V);
    if (!LI)
      return V;
    auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
    if (!AI)
      return V;
    const Value *S = singleStoredValue(AI);
    if (!S)
      return V;
    V = S;
  }
  return V;
}

/// Casts and llvm.threadlocal.address do not change the address' identity.
static const Value *stripAddressCasts(const Value *V) {
  V = V->stripPointerCasts();
  if (auto *II = dyn_cast<IntrinsicInst>(V))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      return II->getArgOperand(0)->stripPointerCasts();
  return V;
}

/// Whether an access of I through Ptr touches the accessing thread's own
/// instance of its object: a thread-local object named directly, or a
/// local of I's own function (own-frame: its address is the alloca plus
/// field or element offsets, no pointer loaded from memory), which is in
/// the frame of the thread running I.
static bool namesOwnInstance(const Value *Ptr, const Instruction &I) {
  const Value *V = Ptr;
  while (true) {
    V = V->stripPointerCasts();
    if (auto *GEP = dyn_cast<GEPOperator>(V))
      V = GEP->getPointerOperand();
    else
      break;
  }
  if (auto *AI = dyn_cast<AllocaInst>(V))
    return AI->getFunction() == I.getFunction();
  if (auto *II = dyn_cast<IntrinsicInst>(V))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      V = II->getArgOperand(0)->stripPointerCasts();
  // The calling thread's errno (`__errno_location()`) and other per-thread
  // library state, used straight from the call.
  if (auto *CB = dyn_cast<CallBase>(V))
    if (const Function *F = CB->getCalledFunction())
      if (const LibcFunction *Row = lookupLibc(F->getName()))
        return Row->Ret == LibcReturn::ThreadLocal;
  auto *GV = dyn_cast<GlobalVariable>(V);
  return GV && GV->isThreadLocal();
}

static const Module *moduleOf(const Value *V) {
  if (auto *I = dyn_cast<Instruction>(V))
    return I->getModule();
  if (auto *A = dyn_cast<Argument>(V))
    return A->getParent()->getParent();
  if (auto *GV = dyn_cast<GlobalValue>(V))
    return GV->getParent();
  if (auto *CE = dyn_cast<ConstantExpr>(V))
    for (const Use &U : CE->operands())
      if (const Module *M = moduleOf(U))
        return M;
  return nullptr;
}

/// Adds GEP's constant offset to Off, or makes Off AnyOffset.
static void addGepOffset(const GEPOperator &GEP, int64_t &Off) {
  const Module *M = moduleOf(&GEP);
  if (!M || Off == AnyOffset) {
    Off = AnyOffset;
    return;
  }
  const DataLayout &DL = M->getDataLayout();
  APInt C(DL.getIndexTypeSizeInBits(GEP.getType()), 0);
  if (GEP.accumulateConstantOffset(DL, C))
    Off += C.getSExtValue();
  else
    Off = AnyOffset;
}

/// ThroughIndices: whether a GEP at a variable index is stepped through
/// (the offset becomes AnyOffset) or is the base itself.
static BaseRef baseOf(const Value *Ptr, bool ThroughIndices,
                      const EquivalentGeps *Geps = nullptr) {
  BaseRef R;
  int64_t Off = 0;
  const Value *V = Ptr;
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    V = stripAddressCasts(V);
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      if (!ThroughIndices && !GEP->hasAllConstantIndices()) {
        if (Geps)
          V = Geps->representative(V);
        break;
      }
      addGepOffset(*GEP, Off);
      V = GEP->getPointerOperand();
      continue;
    }
    const Value *N = followSlots(V);
    if (N == V) {
      if (Geps && !ThroughIndices && isa<LoadInst>(V))
        V = Geps->representative(V); // reloaded-pointer
      break;
    }
    V = N;
  }
  R.Base = V;
  R.Offset = Off;
  return R;
}

BaseRef canonicalBase(const Value *Ptr, const EquivalentGeps *Geps) {
  return baseOf(Ptr, false, Geps);
}

const Value *rootBase(const Value *Ptr) { return baseOf(Ptr, true).Base; }

namespace {
/// Source name of memory and its debug-info type, if known.
struct MemoryName {
  std::string Name;
  const DIType *Type = nullptr;
  /// The path below the last loaded pointer, if the name loads one.
  std::optional<std::string> Member;
};
} // namespace

/// The name of the memory Ptr denotes: a named object and member path, or
/// a pointer loaded from named memory, a few loads deep ("q->tail->next").
static std::optional<MemoryName> memoryName(const ThreadModel &TM,
                                            const PointsToAnalysis &PTA,
                                            const Value *Ptr, bool Whole,
                                            unsigned Depth) {
  // Walk casts and GEPs to the named base, remembering the offset.
  int64_t Off = 0;
  const Value *V = Ptr;
  for (unsigned Steps = 0; Steps < 32; ++Steps) {
    V = stripAddressCasts(V);
    auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP)
      break;
    addGepOffset(*GEP, Off);
    V = GEP->getPointerOperand();
  }
  bool Start = Whole && Off == 0;
  ObjectId O = PTA.objectFor(V);
  if (O != InvalidObject && O < TM.Objects.size()) {
    const MemObject &MO = TM.Objects[O];
    std::string Path = MO.Type && !Start ? memberPath(MO.Type, Off, false) : "";
    if (Path.empty() && Off == AnyOffset)
      Path = "[]";
    else if (Path.empty() && Off)
      Path = "+" + std::to_string(Off);
    return MemoryName{MO.Name + Path,
                      Start ? MO.Type : memberTypeAt(MO.Type, Off),
                      std::nullopt};
  }
  // A pointer loaded from named memory: "p->f", "p[]", "*p".
  auto *LI = dyn_cast<LoadInst>(V);
  std::optional<MemoryName> Slot;
  if (LI && Depth < 4)
    Slot = memoryName(TM, PTA, LI->getPointerOperand(), false, Depth + 1);
  if (Slot) {
    const DIType *Pointee = nullptr;
    if (auto *PT = dyn_cast_or_null<DIDerivedType>(Slot->Type))
      if (PT->getTag() == dwarf::DW_TAG_pointer_type)
        Pointee = PT->getBaseType();
    const DIType *T = Pointee;
    std::string Path = Start ? "" : pointeePath(Pointee, Off, T);
    if (!Path.empty()) {
      StringRef Member(Path);
      Member.consume_front("->");
      return MemoryName{Slot->Name + Path, T,
                        (Path[0] == '-' ? "." : "") + Member.str()};
    }
    if (Off == AnyOffset)
      return MemoryName{Slot->Name + "[]", nullptr, "[]"};
    if (Off == 0)
      return MemoryName{"*" + Slot->Name, Pointee, ""};
    // No type to count elements by: a byte offset, said as one.
    return MemoryName{"(char *)" + Slot->Name + "+" + std::to_string(Off),
                      nullptr, "+" + std::to_string(Off)};
  }
  if (V->hasName())
    return MemoryName{V->getName().str() + (Off == AnyOffset ? "[]" : ""),
                      nullptr, std::nullopt};
  return std::nullopt;
}

std::string sourceNameOfPointer(const ThreadModel &TM,
                                const PointsToAnalysis &PTA, const Value *Ptr,
                                bool Whole,
                                std::optional<std::string> *Member) {
  std::optional<MemoryName> N = memoryName(TM, PTA, Ptr, Whole, 0);
  if (Member)
    *Member = N ? N->Member : std::nullopt;
  return N ? N->Name : "?";
}

DataVarId trackedLoadVar(const Value *V, const Instruction &At,
                         const DenseMap<const Value *, DataVarId> &FlagVars) {
  auto *LI = dyn_cast<LoadInst>(V);
  if (!LI || !LI->isSimple() || LI->getParent() != At.getParent() ||
      !isa<AllocaInst>(LI->getPointerOperand()))
    return NoDataVar;
  auto It = FlagVars.find(LI->getPointerOperand());
  if (It == FlagVars.end())
    return NoDataVar;
  for (auto I = std::next(LI->getIterator()); &*I != &At; ++I) {
    auto *II = dyn_cast<IntrinsicInst>(&*I);
    bool Marker =
        II && (isa<DbgInfoIntrinsic>(II) || II->isLifetimeStartOrEnd());
    if (isa<StoreInst>(*I) || (isa<CallBase>(*I) && !Marker))
      return NoDataVar;
  }
  return It->second;
}

/// A tracked helper's result at one of its returns: ret := C, or
/// ret := Src (a tracked local's value).
static Action returnAssign(DataVarId Ret, const ConstantInt *C, DataVarId Src,
                           const Instruction &At) {
  Action A;
  A.Kind = ActionKind::Assign;
  A.Var = Ret;
  A.HasConst = C != nullptr;
  A.Const = C ? C->getSExtValue() : 0;
  A.SrcVar = C ? NoDataVar : Src;
  A.Inst = &At;
  A.Loc = sourceLocOf(At);
  return A;
}

bool counterStore(const StoreInst &SI, const Value *Slot, bool &Relative,
                  int64_t &C) {
  if (SI.getPointerOperand()->stripPointerCasts() != Slot)
    return false;
  const Value *V = SI.getValueOperand();
  if (isa<ConstantPointerNull>(V)) { // A pointer-flag set to NULL.
    Relative = false;
    C = 0;
    return true;
  }
  // C11 atomic_store's operand comes through a -O0 temporary.
  if (auto *K = dyn_cast<ConstantInt>(followSlots(V))) {
    if (K->getBitWidth() > 64)
      return false;
    Relative = false;
    C = K->getSExtValue();
    return true;
  }
  auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO || (BO->getOpcode() != Instruction::Add &&
              BO->getOpcode() != Instruction::Sub))
    return false;
  auto *LI = dyn_cast<LoadInst>(BO->getOperand(0));
  auto *K = dyn_cast<ConstantInt>(BO->getOperand(1));
  if (!LI && BO->getOpcode() == Instruction::Add) {
    LI = dyn_cast<LoadInst>(BO->getOperand(1));
    K = dyn_cast<ConstantInt>(BO->getOperand(0));
  }
  if (!LI || !K || K->getBitWidth() > 64 ||
      LI->getPointerOperand()->stripPointerCasts() != Slot)
    return false;
  Relative = true;
  C = BO->getOpcode() == Instruction::Sub ? -K->getSExtValue()
                                          : K->getSExtValue();
  return true;
}

bool flagStoreOk(const StoreInst &SI, const Value *Slot, bool &NonNeg) {
  bool Rel;
  int64_t C;
  if (!counterStore(SI, Slot, Rel, C))
    return false;
  NonNeg = NonNeg && C >= 0;
  return true;
}

/// An atomic read-modify-write of the variable: understood (the model
/// checker computes the new value, or makes it unknown), and whether the
/// variable stays non-negative.
static bool flagRmwOk(const User &U, const Value *Slot, Type *Ty,
                      bool &NonNeg) {
  auto Const = [](const Value *V) {
    auto *K = dyn_cast<ConstantInt>(throughSlot(V));
    return K && K->getBitWidth() <= 64 ? K : nullptr;
  };
  // A relaxed write publishes nothing: a thread that reads its value is
  // not ordered after the writer, so the variable is not tracked
  // ("relaxed-unknown").
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&U)) {
    if (RMW->getPointerOperand()->stripPointerCasts() != Slot ||
        RMW->getValOperand()->getType() != Ty ||
        (isRelaxed(*RMW) && !leavesMemoryUnchanged(*RMW)))
      return false;
    const ConstantInt *K = Const(RMW->getValOperand());
    bool Pos = K && !K->isNegative();
    NonNeg = NonNeg && (leavesMemoryUnchanged(*RMW) ||
                        ((RMW->getOperation() == AtomicRMWInst::Xchg ||
                          RMW->getOperation() == AtomicRMWInst::Add) &&
                         Pos));
    return true;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&U)) {
    if (CX->getPointerOperand()->stripPointerCasts() != Slot ||
        CX->getCompareOperand()->getType() != Ty || isRelaxed(*CX))
      return false;
    const ConstantInt *K = Const(CX->getNewValOperand());
    NonNeg = NonNeg && K && !K->isNegative();
    return true;
  }
  return false;
}

const AllocaInst *copySlotOf(const StoreInst &SI) {
  auto *AI = dyn_cast<AllocaInst>(SI.getPointerOperand()->stripPointerCasts());
  auto *LI = dyn_cast<LoadInst>(SI.getValueOperand());
  if (!AI || !LI || LI->isAtomic() || !LI->hasOneUse() ||
      AI->getAllocatedType() != LI->getType() ||
      AI->getFunction() != LI->getFunction())
    return nullptr;
  return AI;
}

/// Whether a value loaded from local slot AI is compared or truth-tested.
static bool slotTested(const AllocaInst &AI) {
  for (const User *U : AI.users())
    if (auto *LI = dyn_cast<LoadInst>(U))
      for (const User *LU : LI->users())
        if (isa<ICmpInst>(LU) ||
            (isa<TruncInst>(LU) && LU->getType()->isIntegerTy(1)))
          return true;
  return false;
}

bool flagUseOk(const User &U, const Value *Slot, Type *Ty, bool &NonNeg,
               bool &Compared) {
  if (auto *SI = dyn_cast<StoreInst>(&U))
    return flagStoreOk(*SI, Slot, NonNeg) && !isRelaxed(*SI);
  if (auto *LI = dyn_cast<LoadInst>(&U)) {
    for (const User *LU : LI->users()) {
      auto *Copy = dyn_cast<StoreInst>(LU);
      const AllocaInst *Local = Copy ? copySlotOf(*Copy) : nullptr;
      Compared =
          Compared || (Local ? slotTested(*Local) : !isa<BinaryOperator>(LU));
    }
    // An atomic load is a snapshot (AtomicUpdate): used anyhow. (Of the
    // variable's own width.)
    return LI->isAtomic() ? LI->getType() == Ty
                          : onlyComparedOrCounted(*LI, Slot);
  }
  if (flagRmwOk(U, Slot, Ty, NonNeg)) {
    Compared = true;
    return true;
  }
  return false;
}

const Instruction *atomicResultOf(const Value *V) {
  V = followSlots(V);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(V))
    return RMW;
  if (auto *EV = dyn_cast<ExtractValueInst>(V))
    if (EV->getNumIndices() == 1 && EV->getIndices()[0] == 0)
      return dyn_cast<AtomicCmpXchgInst>(EV->getAggregateOperand());
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (LI->isAtomic())
      return LI;
  return nullptr;
}

bool onlyComparedOrCounted(const LoadInst &L, const Value *Slot) {
  for (const User *U : L.users()) {
    // A copy into a local (`int r = ready;` under the lock, tested after
    // it): the local is tracked on its own, or its tests are not.
    if (auto *SI = dyn_cast<StoreInst>(U); SI && copySlotOf(*SI))
      continue;
    if (auto *Cmp = dyn_cast<ICmpInst>(U)) {
      if (!isa<ConstantInt>(Cmp->getOperand(0)) &&
          !isa<ConstantInt>(Cmp->getOperand(1)))
        return false;
      continue;
    }
    if (auto *T = dyn_cast<TruncInst>(U))
      if (T->getType()->isIntegerTy(1))
        continue;
    auto *BO = dyn_cast<BinaryOperator>(U);
    if (!BO || BO->getNumUses() == 0)
      return false;
    for (const User *BU : BO->users()) {
      auto *SI = dyn_cast<StoreInst>(BU);
      bool Rel;
      int64_t C;
      if (!SI || SI->getValueOperand() != BO ||
          !counterStore(*SI, Slot, Rel, C))
        return false;
    }
  }
  return true;
}

std::vector<MemLoc> FunctionGraphBuilder::objectsOf(const Value *Ptr) const {
  if (auto *I = dyn_cast<Instruction>(Ptr))
    if (std::optional<std::vector<MemLoc>> A = arrayFieldLocations(
            PTA, TM.Objects, I->getModule()->getDataLayout(), Ptr))
      return *A;
  ArrayRef<MemLoc> P = PTA.pointsTo(Ptr);
  return std::vector<MemLoc>(P.begin(), P.end());
}

bool FunctionGraphBuilder::addAccess(const Instruction &I, const Value *Ptr,
                                     bool IsWrite, bool IsAtomic,
                                     std::vector<Action> &Out) {
  // Initialisation of a fresh heap object before it escapes cannot race.
  if (Ctx.FreshInit.count({&I, Ptr}))
    return false;
  std::optional<std::string> Member;
  std::string Name = sourceNameOfPointer(TM, PTA, Ptr, false, &Member);
  return addAccessAt(I, Ptr, objectsOf(Ptr), PTA.unresolved(Ptr), IsWrite,
                     IsAtomic, std::move(Name), Out, std::move(Member));
}

std::vector<WithinObject>
FunctionGraphBuilder::withinObjects(const Value *Ptr) {
  // Through in-bounds GEPs whose first index is 0: each stays inside the
  // object of its source type at its pointer operand (an index out of a
  // member array's bounds is undefined behaviour). Of the objects at one
  // base value the outermost is kept: an access beside this one in the
  // same struct names it too (`b->n` with `b->e[i].key`). The base changes
  // only past a GEP with a variable index, so the object before one (and
  // the last) is the one to record.
  std::vector<WithinObject> Out;
  const Value *PendingAt = nullptr;
  Type *PendingType = nullptr;
  auto Flush = [&] {
    if (!PendingAt)
      return;
    BaseRef B = canonicalBase(PendingAt, Geps);
    PendingAt = nullptr;
    if (!B.Base || B.Offset == AnyOffset || Out.size() == 3)
      return;
    uint32_t &Shape = WithinShapes[PendingType];
    if (!Shape)
      Shape = Shapes.intern({~uintptr_t(0), uintptr_t(PendingType)});
    WithinObject W{B.Base, B.Offset, Shape};
    if (!Out.empty() && Out.back().Base == B.Base)
      Out.back() = W;
    else
      Out.push_back(W);
  };
  const Value *V = Ptr;
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    V = stripAddressCasts(V);
    auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP) {
      const Value *N = followSlots(V);
      if (N == V)
        break;
      V = N;
      continue;
    }
    auto *First = GEP->getNumIndices()
                      ? dyn_cast<ConstantInt>(GEP->idx_begin()->get())
                      : nullptr;
    Type *T = GEP->getSourceElementType();
    if (!GEP->isInBounds() || !First || !First->isZero() ||
        !T->isAggregateType())
      break;
    if (!GEP->hasAllConstantIndices())
      Flush();
    V = GEP->getPointerOperand();
    PendingAt = V;
    PendingType = T;
  }
  Flush();
  return Out;
}

bool FunctionGraphBuilder::inUnitFile(const SourceLoc &L) const {
  return std::binary_search(TM.UnitFiles.begin(), TM.UnitFiles.end(),
                            unitPath(L.Dir, L.File));
}

bool FunctionGraphBuilder::addAccessAt(const Instruction &I, const Value *Ptr,
                                       std::vector<MemLoc> Locs,
                                       bool Unresolved, bool IsWrite,
                                       bool IsAtomic, std::string Name,
                                       std::vector<Action> &Out,
                                       std::optional<std::string> Member) {
  // Functions and constants (a vtable a smeared pointer may reach) are
  // never written, so no access races on them: they are left out.
  auto IsConstant = [&](const MemLoc &L) {
    const MemObject &O = TM.Objects[L.Obj];
    auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site);
    return O.Kind == ObjectKind::Function || (GV && GV->isConstant());
  };
  if (!Locs.empty()) {
    llvm::erase_if(Locs, IsConstant);
    if (Locs.empty())
      return false;
  }
  // Accesses that only touch memory no other thread can reach (private
  // stack slots, thread-local globals whose address does not escape) are
  // not modelled.
  bool Visible = Locs.empty();
  for (const MemLoc &L : Locs) {
    const MemObject &O = TM.Objects[L.Obj];
    if (O.ThreadLocal && !O.ThreadLocalEscapes)
      continue;
    if (O.Kind == ObjectKind::Stack && !Ctx.EscapedStack.count(L.Obj))
      continue;
    Visible = true;
  }
  if (!Visible ||
      (Locs.empty() && (!Ptr || isa<AllocaInst>(Ptr->stripPointerCasts()))))
    return false;
  Access A;
  A.Id = TM.Accesses.size();
  A.Inst = &I;
  A.IsWrite = IsWrite;
  A.IsAtomic = IsAtomic;
  A.Unresolved = Unresolved;
  A.OwnThreadInstance = Ptr && namesOwnInstance(Ptr, I);
  if (Ptr && addressThroughUnion(Ptr))
    TM.UnionLocs.insert(Locs.begin(), Locs.end());
  if (auto *CB = dyn_cast<CallBase>(&I); CB && Ptr)
    for (unsigned K = 0; K < CB->arg_size() && K < 128; ++K)
      if (CB->getArgOperand(K) == Ptr) {
        A.Arg = int8_t(K);
        break;
      }
  A.Locs = std::move(Locs);
  if (Ptr) {
    A.Base = canonicalBase(Ptr, Geps);
    if (Geps)
      A.Index = Geps->accessIndex(A.Base);
    A.Within = withinObjects(Ptr);
    const Value *Root = rootBase(Ptr);
    A.BaseParam = baseParamOf(I, Root, A.Locs);
    if (A.BaseParam < 0)
      loadParamOf(I, Root, A);
  }
  A.Name = std::move(Name);
  A.MemberThroughPointer = std::move(Member);
  A.Loc = sourceLocOf(I);
  A.InUnitFile = inUnitFile(A.Loc);
  Action Act;
  Act.Kind = IsWrite ? ActionKind::Write : ActionKind::Read;
  Act.Acc = A.Id;
  Act.Inst = &I;
  Act.Loc = A.Loc;
  TM.Accesses.push_back(std::move(A));
  Out.push_back(std::move(Act));
  return true;
}

int32_t FunctionGraphBuilder::baseParamOf(const Instruction &I,
                                          const Value *Base,
                                          ArrayRef<MemLoc> Locs) const {
  int32_t P = parameterIndex(Base, I.getFunction());
  if (P < 0 || Locs.empty() || PTA.unresolved(Base))
    return -1;
  // Only if the access's objects are all the parameter's: what a call
  // narrows the parameter to then bounds what the access touches.
  std::vector<ObjectId> Objs = pointeeObjects(PTA, Base);
  for (const MemLoc &L : Locs)
    if (!std::binary_search(Objs.begin(), Objs.end(), L.Obj))
      return -1;
  return P;
}

void FunctionGraphBuilder::loadParamOf(const Instruction &I, const Value *Base,
                                       Access &A) const {
  auto *LI = dyn_cast<LoadInst>(Base);
  if (!LI || A.Locs.empty())
    return;
  const Value *From = LI->getPointerOperand();
  int32_t P = parameterIndex(rootBase(From), I.getFunction());
  if (P < 0 || PTA.unresolved(From) || PTA.unresolved(LI))
    return;
  // Per object the load may read from, what it may read there.
  std::map<ObjectId, std::vector<ObjectId>> Read;
  for (const MemLoc &L : PTA.pointsTo(From)) {
    std::vector<ObjectId> &Objs = Read[L.Obj];
    for (const MemLoc &C : PTA.contentOf(L))
      Objs.push_back(C.Obj);
  }
  if (Read.empty() || Read.size() > Action::MaxArgObjects)
    return;
  std::vector<ObjectId> All;
  for (auto &[O, Objs] : Read) {
    llvm::sort(Objs);
    Objs.erase(std::unique(Objs.begin(), Objs.end()), Objs.end());
    All.insert(All.end(), Objs.begin(), Objs.end());
  }
  llvm::sort(All);
  // Only if every object of the access is one the load may give: what a
  // call narrows the parameter to then bounds what the access touches.
  for (const MemLoc &L : A.Locs)
    if (!std::binary_search(All.begin(), All.end(), L.Obj))
      return;
  A.LoadParam = P;
  A.LoadParamContents.assign(Read.begin(), Read.end());
}

std::vector<ObjectId> pointeeObjects(const PointsToAnalysis &PTA,
                                     const Value *Ptr) {
  std::vector<ObjectId> Out;
  for (const MemLoc &L : PTA.pointsTo(Ptr))
    Out.push_back(L.Obj);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::vector<ObjectId> passedObjects(const PointsToAnalysis &PTA,
                                    const Value *Arg) {
  if (PTA.unresolved(Arg))
    return {};
  std::vector<ObjectId> Objs = pointeeObjects(PTA, Arg);
  if (Objs.size() > Action::MaxArgObjects)
    return {};
  return Objs;
}

/// Sorted and without duplicates.
static void sortLocs(std::vector<MemLoc> &Locs) {
  llvm::sort(Locs);
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
}

std::vector<MemLoc> FunctionGraphBuilder::restOf(ArrayRef<MemLoc> Starts,
                                                 uint64_t Size) const {
  std::vector<MemLoc> Out;
  for (const MemLoc &L : Starts)
    for (const MemLoc &F : PTA.fieldsFrom(L))
      if (!Size || L.Offset == AnyOffset || F.Offset == AnyOffset ||
          F.Offset < L.Offset + int64_t(Size))
        Out.push_back(F);
  sortLocs(Out);
  return Out;
}

std::vector<MemLoc>
FunctionGraphBuilder::storedIn(ArrayRef<MemLoc> Where) const {
  std::vector<MemLoc> Out;
  for (const MemLoc &L : Where)
    for (const MemLoc &C : PTA.contentOf(L))
      Out.push_back(C);
  sortLocs(Out);
  return Out;
}

void FunctionGraphBuilder::libcActions(const CallBase &CB,
                                       const LibcFunction &Given,
                                       std::vector<Action> &Out) {
  // cxx-delete: operator delete writes the block as free does where the
  // program's own file says `delete p` (a destructor that deletes a buffer
  // its worker still uses); inside headers (libstdc++'s unique_ptr on a
  // path the model cannot tell is dead) it is still no access.
  const LibcFunction &Row =
      StringRef(Given.Name).starts_with("_Zd") && inUnitFile(sourceLocOf(CB))
          ? *lookupLibc("free")
          : Given;
  ObjectId Hidden =
      Row.Hidden.empty() ? InvalidObject : PTA.hiddenObject(Row.Hidden);
  for (const LibcAccess &E : libcAccessesOf(Row, CB)) {
    if (E.Extent == LibcExtent::Hidden ||
        E.Extent == LibcExtent::HiddenStored) {
      if (Hidden == InvalidObject)
        continue;
      std::vector<MemLoc> Locs{MemLoc{Hidden, AnyOffset}};
      std::string Name = TM.Objects[Hidden].Name;
      if (E.Extent == LibcExtent::HiddenStored) {
        Locs = restOf(storedIn(Locs));
        Name = "the string kept in " + Name;
      }
      addAccessAt(CB, nullptr, std::move(Locs), false, E.IsWrite, false,
                  std::move(Name), Out);
      continue;
    }
    if (unsigned(E.Arg) >= CB.arg_size())
      continue;
    const Value *Ptr = CB.getArgOperand(E.Arg);
    // time(NULL), strtol(s, NULL, 10): nothing is written.
    if (!Ptr->getType()->isPointerTy() || isa<ConstantPointerNull>(Ptr))
      continue;
    if (E.Extent == LibcExtent::Pointee) {
      addAccess(CB, Ptr, E.IsWrite, false, Out);
      continue;
    }
    if (Ctx.FreshInit.count({&CB, Ptr}))
      continue;
    std::vector<MemLoc> Locs = objectsOf(Ptr);
    bool Whole =
        E.Extent == LibcExtent::Rest || E.Extent == LibcExtent::Block ||
        E.Extent == LibcExtent::Object || E.Extent == LibcExtent::Links;
    std::string Name = sourceNameOfPointer(TM, PTA, Ptr, Whole);
    switch (E.Extent) {
    case LibcExtent::Rest:
      Locs = restOf(Locs);
      break;
    case LibcExtent::Object: {
      // A string is where its members' `this` points: not in a type
      // info, a std::thread or a lambda the analysis smeared it over.
      const DataLayout &DL = CB.getModule()->getDataLayout();
      llvm::erase_if(Locs, [&](const MemLoc &L) {
        return !mayHoldStringAt(TM.Objects[L.Obj], L.Offset, DL);
      });
      Locs = restOf(Locs, libcExtentBytes(Row, E.Extent, CB, E.Arg));
      break;
    }
    case LibcExtent::Links:
      Locs = restOf(Locs, libcExtentBytes(Row, E.Extent, CB, E.Arg));
      break;
    case LibcExtent::Block:
      for (MemLoc &L : Locs)
        L.Offset = AnyOffset;
      sortLocs(Locs);
      break;
    case LibcExtent::Stored:
      Locs = restOf(storedIn(Locs));
      Name = "*" + Name;
      break;
    case LibcExtent::VaList:
      Locs = restOf(storedIn(storedIn(Locs)));
      Name = "the arguments of " + Name;
      break;
    case LibcExtent::Pointee:
    case LibcExtent::Hidden:
    case LibcExtent::HiddenStored:
      break; // Handled above.
    }
    bool Unresolved = PTA.unresolved(Ptr);
    if (Locs.empty() && !Unresolved)
      continue; // Nothing stored there: no memory to touch.
    addAccessAt(CB, Ptr, std::move(Locs), Unresolved, E.IsWrite, false,
                std::move(Name), Out);
  }
}

Action FunctionGraphBuilder::objectAction(ActionKind K, const Instruction &I,
                                          const Value *Ptr) const {
  Action A;
  A.Kind = K;
  A.Inst = &I;
  A.Loc = sourceLocOf(I);
  if (!Ptr)
    return A;
  A.Objects = objectsOf(Ptr);
  A.ObjectBase = canonicalBase(Ptr, Geps);
  A.MustObject = TM.isOneRuntimeObject(A.Objects);
  if (K == ActionKind::Lock || K == ActionKind::TryLock ||
      K == ActionKind::Unlock) {
    A.ObjectName = sourceNameOfPointer(TM, PTA, Ptr);
    if (Geps)
      A.ObjectIndex = Geps->lockIndex(A.ObjectBase);
  }
  return A;
}

/// An atomic read-modify-write that stores back what it read: adding,
/// subtracting, or-ing or xor-ing zero, and-ing all ones.
bool isRelaxed(const Instruction &I) {
  AtomicOrdering O = AtomicOrdering::NotAtomic;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    O = LI->getOrdering();
  else if (auto *SI = dyn_cast<StoreInst>(&I))
    O = SI->getOrdering();
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    O = RMW->getOrdering();
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    O = CX->getSuccessOrdering();
  return O == AtomicOrdering::Monotonic || O == AtomicOrdering::Unordered;
}

bool leavesMemoryUnchanged(const AtomicRMWInst &RMW) {
  // At -O0 the operand is loaded from clang's `.atomictmp` local.
  auto *C = dyn_cast<ConstantInt>(followSlots(RMW.getValOperand()));
  if (!C)
    return false;
  switch (RMW.getOperation()) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
    return C->isZero();
  case AtomicRMWInst::And:
    return C->isMinusOne();
  default:
    return false;
  }
}

void FunctionGraphBuilder::syncActions(const CallBase &CB, const SyncApi &Api,
                                       std::vector<Action> &Out) {
  const Value *Obj = Api.ObjArg >= 0 && unsigned(Api.ObjArg) < CB.arg_size()
                         ? CB.getArgOperand(Api.ObjArg)
                         : nullptr;
  bool IsHandle = Api.Kind == ActionKind::Join ||
                  Api.Kind == ActionKind::Detach ||
                  Api.Kind == ActionKind::Cancel;
  if (IsHandle && Obj) {
    // Thread ids are passed by value: the handle is where it was loaded.
    // std::thread::join/detach take the thread object, whose first field
    // is the id.
    if (CB.getCalledFunction() &&
        CB.getCalledFunction()->getName().starts_with("_ZNSt6thread"))
      ;
    else if (auto *LI = dyn_cast<LoadInst>(Obj))
      Obj = LI->getPointerOperand();
    else
      Obj = nullptr;
  }
  Action A = objectAction(Api.Kind, CB, Obj);
  if (IsHandle && any_of(A.Objects, [&](const MemLoc &L) {
        return Ctx.DirtyHandles.count(L.Obj);
      })) {
    // handle-overwritten: the handle may hold any thread's id by now.
    A.Objects.clear();
    A.MustObject = false;
  }
  if (Obj && Api.ObjArg >= 0 && Obj == CB.getArgOperand(Api.ObjArg))
    A.ObjectOperand = Api.ObjArg;
  A.Mode = Api.Mode;
  A.Lock = Api.Lock;
  if (Api.Lock == LockKind::AtomicSection) {
    A.Objects = {MemLoc{Ctx.AtomicSection, 0}};
    A.MustObject = true;
  } else if (Api.Lock == LockKind::Mutex &&
             any_of(A.Objects, [&](const MemLoc &L) {
               return Ctx.RecursiveLocks.count(L.Obj);
             })) {
    A.Lock = LockKind::RecursiveMutex;
  }
  if (Api.SecondArg >= 0 && unsigned(Api.SecondArg) < CB.arg_size()) {
    const Value *Second = CB.getArgOperand(Api.SecondArg);
    if (Api.Kind == ActionKind::Wait) {
      A.Mutex = objectsOf(Second);
      A.Timed = Api.Timed;
    }
    if (Api.Kind == ActionKind::Once)
      A.Callees = onceRoutines(PTA, TM, Second);
  }
  if (Api.Kind == ActionKind::TryLock || Api.Kind == ActionKind::SemTryWait) {
    std::string Name = "try@" + std::to_string(A.Loc.Line);
    for (const User *U : CB.users())
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        ObjectId O = PTA.objectFor(SI->getPointerOperand());
        if (O != InvalidObject)
          Name = TM.Objects[O].Name;
      }
    A.Var = callResultVar(CB, std::move(Name));
  }
  // barrier-serial: the one waiter of each cycle that gets
  // PTHREAD_BARRIER_SERIAL_THREAD (-1) is the model checker's choice.
  if (Api.Kind == ActionKind::BarrierWait && !CB.use_empty())
    A.Var = callResultVar(CB, "barrier@" + std::to_string(A.Loc.Line),
                          /*NonNegative=*/false);
  Out.push_back(std::move(A));
}

bool FunctionGraphBuilder::sigAtomicFlag(const Value *Ptr) const {
  std::vector<MemLoc> Locs = objectsOf(Ptr);
  return !Locs.empty() && all_of(Locs, [&](const MemLoc &L) {
    const DIType *T = TM.Objects[L.Obj].Type;
    // Through volatile (and const) to the typedef.
    while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
      if (D->getTag() == dwarf::DW_TAG_typedef &&
          (D->getName() == "sig_atomic_t" || D->getName() == "__sig_atomic_t"))
        return true;
      if (D->getTag() != dwarf::DW_TAG_volatile_type &&
          D->getTag() != dwarf::DW_TAG_const_type)
        return false;
      T = D->getBaseType();
    }
    return false;
  });
}

std::vector<MemLoc> FunctionGraphBuilder::handlesHeldBy(const Value *V) const {
  // A thread id loaded from a creation's handle, directly or as what a
  // defined function returns (`pthread_t spawn(void)` returning its `t`).
  // Every integer store asks: without creations there is nothing to find.
  if (TM.Creations.empty() || !V->getType()->isIntegerTy())
    return {};
  auto Loaded = [&](const Value *X) -> std::vector<MemLoc> {
    auto *LI = dyn_cast<LoadInst>(X);
    if (!LI)
      return {};
    std::vector<MemLoc> Out;
    for (const MemLoc &L : objectsOf(LI->getPointerOperand()))
      for (const CreationSite &C : TM.Creations)
        if (any_of(C.Handles, [&](const MemLoc &H) { return H.mayAlias(L); }))
          Out.push_back(L);
    return Out;
  };
  if (std::vector<MemLoc> Direct = Loaded(V); !Direct.empty())
    return Direct;
  auto *CI = dyn_cast<CallInst>(V);
  const Function *F = CI ? CI->getCalledFunction() : nullptr;
  if (!F || F->isDeclaration())
    return {};
  std::vector<MemLoc> Out;
  for (const BasicBlock &BB : *F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      std::vector<MemLoc> R = Ret->getReturnValue()
                                  ? Loaded(Ret->getReturnValue())
                                  : std::vector<MemLoc>{};
      if (R.empty())
        return {}; // Some return is no handle's id.
      Out.insert(Out.end(), R.begin(), R.end());
    }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

void FunctionGraphBuilder::actionsOf(const Instruction &I,
                                     std::vector<Action> &Out) {
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    addAccess(I, LI->getPointerOperand(), false,
              LI->isAtomic() ||
                  (LI->isVolatile() && sigAtomicFlag(LI->getPointerOperand())),
              Out);
    if (LI->isAtomic())
      atomicActions(I, Out);
    else
      threadIdActions(I, Out);
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    addAccess(I, SI->getPointerOperand(), true,
              SI->isAtomic() ||
                  (SI->isVolatile() && sigAtomicFlag(SI->getPointerOperand())),
              Out);
    if (threadIdActions(I, Out))
      return;
    if (std::vector<MemLoc> From = handlesHeldBy(SI->getValueOperand());
        !From.empty()) {
      Action A =
          objectAction(ActionKind::HandleCopy, I, SI->getPointerOperand());
      A.Source = std::move(From);
      if (!A.Objects.empty())
        Out.push_back(std::move(A));
    }
    const Value *Slot = SI->getPointerOperand()->stripPointerCasts();
    auto R = Ctx.RetSlots.find(Slot);
    auto *RC = dyn_cast<ConstantInt>(SI->getValueOperand());
    DataVarId Src = R != Ctx.RetSlots.end() && !RC
                        ? trackedLoadVar(SI->getValueOperand(), I, Ctx.FlagVars)
                        : NoDataVar;
    if (R != Ctx.RetSlots.end() && (RC || Src != NoDataVar)) {
      // `return C` or `return ok` of a helper, through its slot.
      Out.push_back(returnAssign(R->second, RC, Src, I));
      return;
    }
    auto It = Ctx.FlagVars.find(Slot);
    bool Relative;
    int64_t C;
    if (It != Ctx.FlagVars.end() && counterStore(*SI, Slot, Relative, C)) {
      // Var := C, or Var := Var + C (a counter update).
      Action A;
      A.Kind = ActionKind::Assign;
      A.Var = It->second;
      A.HasConst = !Relative;
      A.SrcVar = Relative ? It->second : NoDataVar;
      A.Const = C;
      A.Inst = &I;
      A.Loc = sourceLocOf(I);
      Out.push_back(std::move(A));
    } else if (It != Ctx.FlagVars.end()) {
      localStoreAction(*SI, It->second, Out);
    }
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    // `__atomic_fetch_add(p, 0)` is an atomic read (rd_atomic32_get).
    addAccess(I, RMW->getPointerOperand(), !leavesMemoryUnchanged(*RMW), true,
              Out);
    atomicActions(I, Out);
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    addAccess(I, CX->getPointerOperand(), true, true, Out);
    atomicActions(I, Out);
    return;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return;
  if (auto *MI = dyn_cast<AnyMemIntrinsic>(CB)) {
    // Sized buffers, as the libc memcpy and memset rows: every field from
    // the pointer's on (`s = t` copies a whole struct).
    bool Atomic = isa<AtomicMemIntrinsic>(MI);
    auto Buffer = [&](const Value *Ptr, bool IsWrite) {
      if (Ctx.FreshInit.count({&I, Ptr}))
        return;
      std::optional<std::string> Member;
      std::string Name = sourceNameOfPointer(TM, PTA, Ptr, true, &Member);
      addAccessAt(I, Ptr, restOf(objectsOf(Ptr)), PTA.unresolved(Ptr), IsWrite,
                  Atomic, std::move(Name), Out, std::move(Member));
    };
    if (auto *MT = dyn_cast<AnyMemTransferInst>(MI))
      Buffer(MT->getRawSource(), false);
    Buffer(MI->getRawDest(), true);
    return;
  }
  if (isa<IntrinsicInst>(CB))
    return;
  auto It = Ctx.CreationOf.find(CB);
  if (It != Ctx.CreationOf.end()) {
    Action A;
    A.Kind = ActionKind::Create;
    A.Creation = It->second;
    A.Objects = TM.Creations[It->second].Handles;
    // thread-ids: the handle, if tracked, gets the new instance's id.
    int H = TM.Creations[It->second].HandleOperand;
    std::optional<IdSlot> S = H >= 0 && unsigned(H) < CB->arg_size()
                                  ? idSlotOf(CB->getArgOperand(H))
                                  : std::nullopt;
    if (S) {
      auto V = Ctx.IdSlots.find({S->Base, S->Offset});
      if (V != Ctx.IdSlots.end())
        A.Var = V->second;
    }
    A.Inst = &I;
    A.Loc = sourceLocOf(I);
    // create-result: a result the caller looks at (`if (pthread_create(...)
    // != 0)`) is tracked: 0 where the thread exists, an errno value on the
    // failure path, where it does not.
    if (CB->getType()->isIntegerTy() && !CB->use_empty())
      A.ResultVar = callResultVar(*CB, "create@" + std::to_string(A.Loc.Line));
    Out.push_back(std::move(A));
    // A library's other callbacks may still run at the call.
    if (!TM.Creations[It->second].Library)
      return;
  }
  if (threadIdActions(I, Out))
    return;
  if (cxxSyncActions(*CB, Out))
    return;
  if (const Function *F = CB->getCalledFunction();
      F && F->getName() == "_ZNSt6threadaSEOS_" && CB->arg_size() == 2) {
    // cxx-thread-move: `member = std::thread(f)` moves the temporary's
    // thread into the member and leaves the temporary empty (its
    // destructor's joinable() test is then false).
    Action Copy =
        objectAction(ActionKind::HandleCopy, *CB, CB->getArgOperand(0));
    Copy.Source = objectsOf(CB->getArgOperand(1));
    Action Clear =
        objectAction(ActionKind::HandleCopy, *CB, CB->getArgOperand(1));
    if (!Copy.Objects.empty() && !Copy.Source.empty() &&
        !Clear.Objects.empty()) {
      Out.push_back(std::move(Copy));
      Out.push_back(std::move(Clear));
      return;
    }
  }
  // thread-dtor: std::thread's destructor returns only for a thread that
  // is not joinable (else std::terminate), a test of the handle the caller
  // destroys; inside the destructor `this` is every std::thread. The path
  // past it is taken once the handle holds no joinable thread, as
  // joinable-test's false edge: a path that skips the join (an exception
  // out of main's loop) no longer runs the destructors after it.
  if (const Function *F = CB->getCalledFunction();
      F &&
      (F->getName() == "_ZNSt6threadD2Ev" ||
       F->getName() == "_ZNSt6threadD1Ev") &&
      CB->arg_size() == 1) {
    Action A = objectAction(ActionKind::NotJoinable, *CB, CB->getArgOperand(0));
    // handle-overwritten, as for joinable-test: a moved or overwritten
    // handle may hold any thread, or none; the test then blocks nothing.
    if (!A.Objects.empty() && !mayHoldOtherThreads(A.Objects))
      Out.push_back(std::move(A));
  }
  ArrayRef<const Function *> Callees = PTA.callees(*CB);
  // A call at I of functions the library runs (exit handlers, key
  // destructors, call-backs), inlined like the program's own calls.
  auto LibraryCall = [&](ArrayRef<const Function *> Fns, bool Callback) {
    Action A;
    A.Kind = ActionKind::Call;
    A.Callees.assign(Fns.begin(), Fns.end());
    A.Callback = Callback;
    A.Inst = &I;
    A.Loc = sourceLocOf(I);
    Out.push_back(std::move(A));
  };
  std::vector<const Function *> Defined;
  for (const Function *F : Callees) {
    if (!F->isDeclaration()) {
      Defined.push_back(F);
      continue;
    }
    if (F->getName() == "__VERIFIER_assume" && CB->arg_size() == 1) {
      // Blocks until its condition holds (a path where it fails is not an
      // execution).
      Guard G;
      if (guardOfValue(CB->getArgOperand(0), G) &&
          (!G.GapLoad || noActionsBetween(G.GapLoad, CB))) {
        Action A;
        A.Kind = ActionKind::Assume;
        A.Var = G.Var;
        A.RhsVar = G.RhsVar;
        A.Pred = G.Pred;
        A.Const = G.C;
        A.HasConst = true;
        A.Inst = &I;
        A.Loc = sourceLocOf(I);
        Out.push_back(std::move(A));
      }
      return;
    }
    if (const SyncApi *Api = lookupSyncApi(F->getName())) {
      // key-destructors: pthread_exit runs them before the thread ends.
      if (Api->Kind == ActionKind::Exit && !TM.ThreadExitHandlers.empty())
        LibraryCall(TM.ThreadExitHandlers, /*Callback=*/false);
      syncActions(*CB, *Api, Out);
      return;
    }
    if (const LibcFunction *Row = lookupLibc(F->getName()))
      libcActions(*CB, *Row, Out);
    // exit-handlers: exit() runs them in the calling thread.
    if (F->getName() == "exit" && !TM.ExitHandlers.empty())
      LibraryCall(TM.ExitHandlers, /*Callback=*/false);
  }
  // Called back during the call, with arguments of the library's making.
  if (ArrayRef<const Function *> Back = PTA.callbacks(*CB); !Back.empty())
    LibraryCall(Back, /*Callback=*/true);
  if (Defined.empty())
    return;
  // Functions named __VERIFIER_atomic_* run under the atomic-section lock.
  bool Atomic = Defined.size() == 1 &&
                Defined[0]->getName().starts_with("__VERIFIER_atomic_") &&
                Ctx.AtomicSection != InvalidObject;
  Action Lock;
  if (Atomic) {
    Lock = objectAction(ActionKind::Lock, I, nullptr);
    Lock.Lock = LockKind::AtomicSection;
    Lock.Objects = {MemLoc{Ctx.AtomicSection, 0}};
    Lock.MustObject = true;
    // An atomic function that starts with __VERIFIER_assume(c) runs only
    // when c holds: entered then, not entered and blocked inside.
    Guard G;
    if (leadingAssume(*Defined[0], G)) {
      Lock.Var = G.Var;
      Lock.Pred = G.Pred;
      Lock.Const = G.C;
    }
    Out.push_back(Lock);
  }
  // constant-argument: the callee's tracked parameters get this call's
  // values first.
  if (Defined.size() == 1 && CB->getCalledFunction() == Defined[0])
    for (const Argument &Param : Defined[0]->args()) {
      auto P = Ctx.ParamVars.find(&Param);
      if (P == Ctx.ParamVars.end() || Param.getArgNo() >= CB->arg_size())
        continue;
      Action Set;
      Set.Kind = ActionKind::Assign;
      Set.Var = P->second;
      Set.Inst = &I;
      Set.Loc = sourceLocOf(I);
      const Value *Arg = CB->getArgOperand(Param.getArgNo());
      if (auto *C = dyn_cast<ConstantInt>(Arg)) {
        Set.HasConst = true;
        Set.Const = C->getSExtValue();
      } else {
        const Instruction *Gap = nullptr;
        Set.SrcVar = trackedVarOf(Arg, &Gap);
        if (Gap)
          Set.SrcVar = NoDataVar; // Read earlier than the call: unknown.
      }
      Out.push_back(std::move(Set));
    }
  Action A;
  A.Kind = ActionKind::Call;
  A.Callees = std::move(Defined);
  A.ArgBases.resize(CB->arg_size());
  A.ArgParams.assign(CB->arg_size(), -1);
  A.ArgObjects.resize(CB->arg_size());
  for (unsigned K = 0; K < CB->arg_size(); ++K) {
    const Value *Arg = CB->getArgOperand(K);
    if (!Arg->getType()->isPointerTy())
      continue;
    A.ArgBases[K] = canonicalBase(Arg, Geps);
    A.ArgParams[K] = parameterIndex(rootBase(Arg), I.getFunction());
    A.ArgObjects[K] = passedObjects(PTA, Arg);
  }
  A.Inst = &I;
  A.Loc = sourceLocOf(I);
  Out.push_back(std::move(A));
  if (Atomic) {
    Lock.Kind = ActionKind::Unlock;
    Lock.Var = NoDataVar;
    Out.push_back(std::move(Lock));
  }
}

DataVarId FunctionGraphBuilder::idValueVar(const Value *V) {
  auto It = IdValueVars.find(V);
  if (It != IdValueVars.end())
    return It->second;
  std::string Name;
  if (isThreadIdSource(V)) {
    Name = "self";
  } else if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple()) {
    std::optional<IdSlot> S = idSlotOf(LI->getPointerOperand());
    auto Slot = S ? Ctx.IdSlots.find({S->Base, S->Offset}) : Ctx.IdSlots.end();
    if (Slot == Ctx.IdSlots.end())
      return NoDataVar;
    Name = TM.DataVars[Slot->second].Name;
  } else {
    return NoDataVar;
  }
  DataVar D;
  D.Id = TM.DataVars.size();
  D.IsThreadId = true;
  D.Value = V;
  D.Name = Name + "@" + std::to_string(sourceLocOf(*cast<Instruction>(V)).Line);
  TM.DataVars.push_back(std::move(D));
  return IdValueVars[V] = TM.DataVars.back().Id;
}

bool FunctionGraphBuilder::threadIdActions(const Instruction &I,
                                           std::vector<Action> &Out) {
  Action A;
  A.Kind = ActionKind::Assign;
  A.Inst = &I;
  A.Loc = sourceLocOf(I);
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    // A store into a tracked thread id: 0 (no thread), another id, or
    // anything else, which makes it unknown.
    std::optional<IdSlot> S = idSlotOf(SI->getPointerOperand());
    auto Slot = S ? Ctx.IdSlots.find({S->Base, S->Offset}) : Ctx.IdSlots.end();
    if (Slot == Ctx.IdSlots.end())
      return false;
    A.Var = Slot->second;
    const Value *V = SI->getValueOperand();
    if (auto *K = dyn_cast<ConstantInt>(V); K && K->isZero())
      A.HasConst = true;
    else
      A.SrcVar = idValueVar(V);
  } else if (isa<LoadInst>(I) || isThreadIdSource(&I)) {
    // The snapshot a load takes, or the running thread's own id.
    A.Var = idValueVar(&I);
    if (A.Var == NoDataVar)
      return false;
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      std::optional<IdSlot> S = idSlotOf(LI->getPointerOperand());
      A.SrcVar = Ctx.IdSlots.at({S->Base, S->Offset});
    } else {
      A.SelfId = true;
    }
  } else {
    return false;
  }
  Out.push_back(std::move(A));
  return true;
}

DataVarId FunctionGraphBuilder::trackedVarOf(const Value *V,
                                             const Instruction **GapLoad) {
  if (DataVarId D = idValueVar(V); D != NoDataVar)
    return D;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    // A _Bool made of an i1 holds the same 0 or 1.
    if (auto *Z = dyn_cast<ZExtInst>(V)) {
      if (!Z->getSrcTy()->isIntegerTy(1))
        return NoDataVar;
      V = Z->getOperand(0);
      continue;
    }
    if (auto *EV = dyn_cast<ExtractValueInst>(V)) {
      auto *CX = dyn_cast<AtomicCmpXchgInst>(EV->getAggregateOperand());
      if (!CX || EV->getNumIndices() != 1)
        return NoDataVar;
      return atomicResultVar(*CX, EV->getIndices()[0] == 1);
    }
    if (auto *RMW = dyn_cast<AtomicRMWInst>(V))
      return atomicResultVar(*RMW, false);
    auto *LI = dyn_cast<LoadInst>(V);
    if (!LI)
      break;
    const Value *Ptr = LI->getPointerOperand()->stripPointerCasts();
    auto F = Ctx.FlagVars.find(Ptr);
    if (F != Ctx.FlagVars.end()) {
      if (LI->isAtomic())
        return atomicResultVar(*LI, false); // Its snapshot.
      if (GapLoad && !isa<AllocaInst>(Ptr))
        *GapLoad = LI;
      return F->second;
    }
    auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
    const Value *S = reachingStoredValue(*LI);
    if (!S)
      return NoDataVar;
    // An atomic result kept in a slot is its variable's value while the
    // atomic instruction does not run again: stored in its own block.
    if (const Instruction *R = atomicResultOf(S))
      for (const User *U : AI->users())
        if (auto *SI = dyn_cast<StoreInst>(U))
          if (SI->getParent() != R->getParent())
            return NoDataVar;
    V = S;
  }
  if (auto *Arg = dyn_cast<Argument>(V))
    if (auto P = Ctx.ParamVars.find(Arg); P != Ctx.ParamVars.end())
      return P->second;
  // `(int)(long)arg` of a start routine (thread-arg-guard).
  if (DataVarId D = threadArgVarOf(V, Ctx); D != NoDataVar)
    return D;
  auto It = ResultVars.find(V);
  if (It != ResultVars.end())
    return It->second;
  if (auto *CB = dyn_cast<CallBase>(V))
    if (const Function *Callee = CB->getCalledFunction()) {
      auto H = Ctx.HelperVars.find(Callee);
      if (H != Ctx.HelperVars.end())
        return H->second;
    }
  return NoDataVar;
}

DataVarId FunctionGraphBuilder::callResultVar(const CallBase &CB,
                                              std::string Name,
                                              bool NonNegative) {
  DataVar V;
  V.Id = TM.DataVars.size();
  V.Value = &CB;
  V.Name = std::move(Name);
  ResultVars[&CB] = V.Id;
  if (NonNegative)
    Ctx.NonNegative.insert(V.Id); // 0 or an errno value.
  TM.DataVars.push_back(std::move(V));
  return TM.DataVars.back().Id;
}

DataVarId FunctionGraphBuilder::atomicResultVar(const Instruction &I, bool Ok) {
  auto &Map = Ok ? AtomicOkVars : AtomicVars;
  auto It = Map.find(&I);
  if (It != Map.end())
    return It->second;
  // What a relaxed access reads orders nothing after it: unknown.
  if (isRelaxed(I))
    return Map[&I] = NoDataVar;
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Ptr = RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptr = CX->getPointerOperand();
  auto F =
      Ptr ? Ctx.FlagVars.find(Ptr->stripPointerCasts()) : Ctx.FlagVars.end();
  if (F == Ctx.FlagVars.end() || (Ok && !isa<AtomicCmpXchgInst>(&I)))
    return Map[&I] = NoDataVar;
  DataVar V;
  V.Id = TM.DataVars.size();
  V.Value = &I;
  V.Name = TM.DataVars[F->second].Name + "@" +
           std::to_string(sourceLocOf(I).Line) + (Ok ? ".ok" : "");
  if (Ok || Ctx.NonNegative.count(F->second))
    Ctx.NonNegative.insert(V.Id);
  TM.DataVars.push_back(std::move(V));
  return Map[&I] = TM.DataVars.back().Id;
}

void FunctionGraphBuilder::atomicActions(const Instruction &I,
                                         std::vector<Action> &Out) {
  const Value *Ptr = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    Ptr = LI->getPointerOperand();
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Ptr = RMW->getPointerOperand();
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptr = CX->getPointerOperand();
  auto F =
      Ptr ? Ctx.FlagVars.find(Ptr->stripPointerCasts()) : Ctx.FlagVars.end();
  if (F == Ctx.FlagVars.end())
    return;
  Action A;
  A.Kind = ActionKind::AtomicUpdate;
  A.Var = F->second;
  A.ResultVar = atomicResultVar(I, false);
  A.Inst = &I;
  A.Loc = sourceLocOf(I);
  // An operand: a constant, directly or through a -O0 temporary.
  auto ConstOf = [](const Value *V, int64_t &C) {
    auto *K = dyn_cast<ConstantInt>(followSlots(V));
    if (!K || K->getBitWidth() > 64)
      return false;
    C = K->getSExtValue();
    return true;
  };
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    A.HasConst = ConstOf(RMW->getValOperand(), A.Const);
    switch (RMW->getOperation()) {
    case AtomicRMWInst::Xchg:
      A.Op = AtomicOp::Exchange;
      break;
    case AtomicRMWInst::Add:
      A.Op = AtomicOp::Add;
      break;
    case AtomicRMWInst::Sub:
      A.Op = AtomicOp::Add;
      A.HasConst = A.HasConst && A.Const != INT64_MIN;
      A.Const = -A.Const;
      break;
    default:
      A.Op = AtomicOp::Exchange; // Not modelled: the new value is unknown.
      A.HasConst = false;
      break;
    }
    if (leavesMemoryUnchanged(*RMW)) {
      A.Op = AtomicOp::Add; // `fetch_or(p, 0)`: a read.
      A.HasConst = true;
      A.Const = 0;
    }
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    A.Op = AtomicOp::CompareExchange;
    A.OkVar = atomicResultVar(I, true);
    A.Weak = CX->isWeak();
    A.HasConst = ConstOf(CX->getNewValOperand(), A.Const);
    A.HasExpected = ConstOf(CX->getCompareOperand(), A.ExpectedConst);
    if (!A.HasExpected) {
      const Instruction *Gap = nullptr;
      A.SrcVar = trackedVarOf(CX->getCompareOperand(), &Gap);
      if (Gap)
        A.SrcVar = NoDataVar; // Read earlier than the exchange: unknown.
    }
  } else {
    A.Op = AtomicOp::Load;
  }
  Out.push_back(std::move(A));
}

void FunctionGraphBuilder::localStoreAction(const StoreInst &SI, DataVarId Var,
                                            std::vector<Action> &Out) {
  Action A;
  A.Kind = ActionKind::Assign;
  A.Var = Var;
  A.Inst = &SI;
  A.Loc = sourceLocOf(SI);
  const Value *V = SI.getValueOperand();
  const Instruction *Gap = nullptr;
  if (auto *Arg = dyn_cast<Argument>(V); Arg && Ctx.ParamVars.count(Arg)) {
    // -O0 keeps a tracked parameter in a slot: a copy of it.
    A.SrcVar = Ctx.ParamVars.lookup(Arg);
  } else if (copySlotOf(SI)) {
    // A copy of a tracked variable (`int r = ready;`), read just before.
    A.SrcVar = trackedVarOf(V, &Gap);
    if (Gap && !noActionsBetween(Gap, &SI))
      A.SrcVar = NoDataVar;
  } else if (atomicResultOf(V)) {
    // A copy of an atomic result (a compare-exchange's `expected`).
    A.SrcVar = trackedVarOf(V, &Gap);
    if (Gap)
      A.SrcVar = NoDataVar;
  } else if (auto *Z = dyn_cast<ZExtInst>(V);
             Z && Z->getSrcTy()->isIntegerTy(1)) {
    // A comparison's result: `ok = !busy`, `mine = (busy == 0)`.
    Guard G;
    if (guardOfValue(Z->getOperand(0), G) &&
        (!G.GapLoad || noActionsBetween(G.GapLoad, &SI))) {
      A.Compare = true;
      A.SrcVar = G.Var;
      A.RhsVar = G.RhsVar;
      A.Pred = G.Pred;
      A.Const = G.C;
    }
  }
  Out.push_back(std::move(A)); // Unknown unless understood.
}

bool FunctionGraphBuilder::noActionsBetween(const Instruction *From,
                                            const Instruction *To) const {
  if (From->getParent() != To->getParent())
    return false;
  for (const Instruction *I = From->getNextNode(); I; I = I->getNextNode()) {
    if (I == To)
      return true;
    if (auto *II = dyn_cast<IntrinsicInst>(I)) {
      if (isa<DbgInfoIntrinsic>(II) || II->isLifetimeStartOrEnd())
        continue;
      return false;
    }
    if (isa<CallBase>(I) || I->isAtomic())
      return false;
    if (const Value *Ptr = getLoadStorePointerOperand(I)) {
      auto *AI = dyn_cast<AllocaInst>(Ptr->stripPointerCasts());
      ObjectId O = AI ? PTA.objectFor(AI) : InvalidObject;
      if (!AI || (O != InvalidObject && Ctx.EscapedStack.count(O)))
        return false;
      continue;
    }
    if (I->mayReadOrWriteMemory())
      return false;
  }
  return false;
}

bool FunctionGraphBuilder::leadingAssume(const Function &F, Guard &G) {
  if (F.isDeclaration())
    return false;
  for (const Instruction &I : F.getEntryBlock()) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (isa<DbgInfoIntrinsic>(II) || II->isLifetimeStartOrEnd())
        continue;
      return false;
    }
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = CB->getCalledFunction();
      return Callee && Callee->getName() == "__VERIFIER_assume" &&
             CB->arg_size() == 1 && guardOfValue(CB->getArgOperand(0), G) &&
             G.RhsVar == NoDataVar;
    }
    // Loads change nothing; stores to its own slots neither.
    if (I.isAtomic())
      return false;
    if (auto *SI = dyn_cast<StoreInst>(&I))
      if (!isa<AllocaInst>(SI->getPointerOperand()->stripPointerCasts()))
        return false;
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I) && I.mayReadOrWriteMemory())
      return false;
  }
  return false;
}

static GuardPred negate(GuardPred P);

bool FunctionGraphBuilder::guardOfValue(const Value *Cond, Guard &G) {
  // An int tested for truth (`__VERIFIER_assume(c)`): c != 0.
  if (!Cond->getType()->isIntegerTy(1)) {
    auto *Z = dyn_cast<ZExtInst>(Cond);
    if (Z && Z->getSrcTy()->isIntegerTy(1)) {
      Cond = Z->getOperand(0);
    } else {
      if (!Cond->getType()->isIntegerTy())
        return false;
      G.Var = trackedVarOf(Cond, &G.GapLoad);
      G.Pred = GuardPred::NE;
      G.C = 0;
      return G.Var != NoDataVar;
    }
  }
  // `!x` is `xor (x != 0), true`; each xor with true negates the guard.
  bool Negated = false;
  while (auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    auto *K = dyn_cast<ConstantInt>(BO->getOperand(1));
    if (BO->getOpcode() != Instruction::Xor || !K || !K->isOne() ||
        !BO->getType()->isIntegerTy(1))
      return false;
    Negated = !Negated;
    Cond = BO->getOperand(0);
  }
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp) {
    // A _Bool loaded as i8 and truncated, or an i1 result (a
    // compare-exchange's success): `if (b)` is `b != 0`.
    const Value *B = Cond;
    if (auto *T = dyn_cast<TruncInst>(Cond))
      B = T->getOperand(0);
    G.Var = trackedVarOf(B, &G.GapLoad);
    G.Pred = Negated ? GuardPred::EQ : GuardPred::NE;
    G.C = 0;
    // A truncated thread id tests bits, not identity.
    return G.Var != NoDataVar && (B == Cond || !isThreadId(G.Var));
  }
  ICmpInst::Predicate P = Cmp->getPredicate();
  const Value *L = Cmp->getOperand(0), *R = Cmp->getOperand(1);
  if (isa<ConstantInt>(L) || isa<ConstantPointerNull>(L)) {
    std::swap(L, R);
    P = ICmpInst::getSwappedPredicate(P);
  }
  // A pointer tested against NULL (pointer-flag): 0 is NULL, anything
  // else some object.
  if (isa<ConstantPointerNull>(R)) {
    if (!Cmp->isEquality())
      return false;
    G.Var = trackedVarOf(L, &G.GapLoad);
    G.Pred =
        (P == ICmpInst::ICMP_EQ) != Negated ? GuardPred::EQ : GuardPred::NE;
    G.C = 0;
    return G.Var != NoDataVar;
  }
  auto *K = dyn_cast<ConstantInt>(R);
  if (K && K->getBitWidth() > 64)
    return false;
  // `pthread_equal(a, b)` tested against 0: a == b when nonzero. Declared
  // at -O0; glibc's inline body (`a == b`, which -fplugin adds at -O0 and
  // clang inlines above it) is taken by its reserved name.
  auto *EqCall = dyn_cast<CallBase>(L);
  const Function *EqFn = EqCall ? EqCall->getCalledFunction() : nullptr;
  if (EqFn && EqCall->arg_size() == 2 && K && K->isZero() &&
      Cmp->isEquality() &&
      (EqFn->getName() == "pthread_equal" || EqFn->getName() == "thrd_equal")) {
    G.Var = idValueVar(EqCall->getArgOperand(0));
    G.RhsVar = idValueVar(EqCall->getArgOperand(1));
    if (G.Var == NoDataVar || G.RhsVar == NoDataVar)
      return false;
    G.Pred =
        (P == ICmpInst::ICMP_NE) != Negated ? GuardPred::EQ : GuardPred::NE;
    G.C = 0;
    return true;
  }
  G.Var = trackedVarOf(L, &G.GapLoad);
  if (G.Var == NoDataVar)
    return false;
  // Thread ids are compared for identity only, with each other or with 0
  // (no thread): the model's ids are small numbers that mean nothing else.
  if ((isThreadId(G.Var) && (!Cmp->isEquality() || (K && !K->isZero()))) ||
      (!K && isThreadId(G.Var) != isThreadId(trackedVarOf(R))))
    return false;
  if (!K) {
    // Two variables (a ticket lock's `serving != my`): both must be values
    // taken when loaded, not a shared variable read later.
    const Instruction *Gap = nullptr;
    G.RhsVar = trackedVarOf(R, &Gap);
    if (G.RhsVar == NoDataVar || Gap || G.GapLoad)
      return false;
    if (Cmp->isUnsigned() &&
        (!Ctx.NonNegative.count(G.Var) || !Ctx.NonNegative.count(G.RhsVar)))
      return false;
  } else if (Cmp->isUnsigned() &&
             (!Ctx.NonNegative.count(G.Var) || K->getValue().isNegative())) {
    // Unsigned comparisons are the signed ones when both sides are
    // non-negative.
    return false;
  }
  switch (P) {
  case ICmpInst::ICMP_EQ:
    G.Pred = GuardPred::EQ;
    break;
  case ICmpInst::ICMP_NE:
    G.Pred = GuardPred::NE;
    break;
  case ICmpInst::ICMP_SLT:
  case ICmpInst::ICMP_ULT:
    G.Pred = GuardPred::LT;
    break;
  case ICmpInst::ICMP_SLE:
  case ICmpInst::ICMP_ULE:
    G.Pred = GuardPred::LE;
    break;
  case ICmpInst::ICMP_SGT:
  case ICmpInst::ICMP_UGT:
    G.Pred = GuardPred::GT;
    break;
  case ICmpInst::ICMP_SGE:
  case ICmpInst::ICMP_UGE:
    G.Pred = GuardPred::GE;
    break;
  default:
    return false;
  }
  if (Negated)
    G.Pred = negate(G.Pred);
  G.C = K ? K->getSExtValue() : 0;
  return true;
}

/// The one constant every return of F yields, if F is such a helper.
static std::optional<int64_t> singleConstantReturn(const Function &F) {
  std::optional<int64_t> Result;
  if (F.isDeclaration() || !F.getReturnType()->isIntegerTy())
    return std::nullopt;
  for (const BasicBlock &BB : F)
    if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator())) {
      auto *C = dyn_cast_or_null<ConstantInt>(RI->getReturnValue());
      if (!C || (Result && *Result != C->getSExtValue()))
        return std::nullopt;
      Result = C->getSExtValue();
    }
  return Result;
}

/// member-wrapper: if W is a one-block method whose only call is Target
/// on a member of its `this` at a constant offset (std::jthread's
/// `joinable() { return _M_thread.joinable(); }` and `join()`), that
/// offset; with Returns, W must return that call's result.
static std::optional<int64_t> memberCallOffset(const Function &W,
                                               StringRef Target, bool Returns) {
  if (W.isDeclaration() || W.size() != 1 || W.arg_size() < 1)
    return std::nullopt;
  const CallBase *Call = nullptr;
  for (const Instruction &I : W.getEntryBlock())
    if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<DbgInfoIntrinsic>(CB)) {
      const Function *F = CB->getCalledFunction();
      if (Call || !F || F->getName() != Target || CB->arg_size() != 1)
        return std::nullopt;
      Call = CB;
    }
  if (!Call)
    return std::nullopt;
  auto *RI = dyn_cast<ReturnInst>(W.getEntryBlock().getTerminator());
  if (Returns && (!RI || RI->getReturnValue() != Call))
    return std::nullopt;
  const DataLayout &DL = W.getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(Call->getArgOperand(0)->getType()), 0);
  const Value *Base = Call->getArgOperand(0)->stripAndAccumulateConstantOffsets(
      DL, Off, /*AllowNonInbounds=*/true);
  if (followSlots(Base) != W.getArg(0))
    return std::nullopt;
  return Off.getSExtValue();
}

/// Locs moved by Off bytes (a member of the objects they denote).
static std::vector<MemLoc> shifted(std::vector<MemLoc> Locs, int64_t Off) {
  if (Off == 0)
    return Locs;
  for (MemLoc &L : Locs)
    if (L.Offset != AnyOffset)
      L.Offset += Off;
  llvm::sort(Locs);
  return Locs;
}

bool FunctionGraphBuilder::mayHoldOtherThreads(ArrayRef<MemLoc> Handles) const {
  return any_of(Handles, [&](const MemLoc &L) {
    return Ctx.DirtyHandles.count(L.Obj) || Ctx.MovedCxxHandles.count(L.Obj);
  });
}

/// std-unwind: whether an invoke's exception comes from the standard
/// library (its callee defined in a system header, or only declared),
/// which throws before it changes anything (a failed allocation, a thread
/// that could not start, a lock that could not be taken).
static bool throwsFirst(const InvokeInst &II) {
  const Function *F = II.getCalledFunction();
  return F && (F->isDeclaration() || inSystemHeader(*F));
}

std::optional<Action>
FunctionGraphBuilder::notJoinableOf(const BranchInst &BI) {
  constexpr StringLiteral Joinable = "_ZNKSt6thread8joinableEv",
                          Join = "_ZNSt6thread4joinEv";
  if (!BI.isConditional())
    return std::nullopt;
  auto *CB = dyn_cast<CallBase>(BI.getCondition());
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || CB->arg_size() != 1)
    return std::nullopt;
  // The std::thread itself, or a member of the object a wrapper is given
  // (std::jthread::joinable tests its _M_thread).
  std::optional<int64_t> Off =
      F->getName() == Joinable ? 0 : memberCallOffset(*F, Joinable, true);
  if (!Off)
    return std::nullopt;
  // The handle is the std::thread object, as for its join and detach.
  Action A = objectAction(ActionKind::NotJoinable, BI, CB->getArgOperand(0));
  if (*Off) {
    A.Objects = shifted(std::move(A.Objects), *Off);
    if (A.ObjectBase.Offset != AnyOffset)
      A.ObjectBase.Offset += *Off;
    A.MustObject = TM.isOneRuntimeObject(A.Objects);
  }
  // Only the guard of a join of the same thread (`if (t.joinable())
  // t.join();`, directly or through a wrapper like std::jthread's):
  // elsewhere (std::thread's destructor, `if (joinable())
  // std::terminate()`) the test would only add steps to the slice.
  auto JoinsSame = [&](const CallBase &J) {
    const Function *G = J.getCalledFunction();
    if (!G || J.arg_size() != 1 || A.Objects.empty())
      return false;
    std::optional<int64_t> JOff =
        G->getName() == Join ? 0 : memberCallOffset(*G, Join, false);
    return JOff && shifted(objectsOf(J.getArgOperand(0)), *JOff) == A.Objects;
  };
  bool GuardsJoin = false;
  const BasicBlock *BB = BI.getSuccessor(0);
  for (unsigned K = 0; BB && K < 4 && !GuardsJoin; ++K) {
    for (const Instruction &I : *BB)
      if (auto *J = dyn_cast<CallBase>(&I); J && JoinsSame(*J))
        GuardsJoin = true;
    BB = BB->getSingleSuccessor();
  }
  if (!GuardsJoin)
    return std::nullopt;
  if (mayHoldOtherThreads(A.Objects)) {
    // handle-overwritten: it may hold any thread's id; a moved std::thread
    // may hold none.
    A.Objects.clear();
    A.MustObject = false;
  }
  return A;
}

/// The replaceable, throwing forms of operator new and new[] (not the
/// nothrow ones, which return null on failure).
static bool isThrowingNew(StringRef N) {
  return N == "_Znwm" || N == "_Znam" || N == "_Znwj" || N == "_Znaj" ||
         N == "_ZnwmSt11align_val_t" || N == "_ZnamSt11align_val_t";
}

int FunctionGraphBuilder::foldedSuccessor(const BranchInst &BI) const {
  if (!BI.isConditional())
    return -1;
  if (auto It = Ctx.FixedBranches.find(&BI); It != Ctx.FixedBranches.end())
    return It->second;
  auto *Cmp = dyn_cast<ICmpInst>(BI.getCondition());
  if (!Cmp)
    return -1;
  // new-nonnull: a throwing operator new returns an object or throws, so
  // `delete p` of its result runs the destructor (a pool's join loop).
  if (Cmp->isEquality() && isa<ConstantPointerNull>(Cmp->getOperand(1)))
    if (auto *New = dyn_cast<CallBase>(
            followSlots(Cmp->getOperand(0)->stripPointerCasts())))
      if (const Function *F = New->getCalledFunction();
          F && isThrowingNew(F->getName()))
        return Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 1 : 0;
  auto *K = dyn_cast<ConstantInt>(Cmp->getOperand(1));
  auto *Call = dyn_cast<CallBase>(followSlots(Cmp->getOperand(0)));
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!K || !F)
    return -1;
  // Helpers like libstdc++'s __gthread_active_p return one constant.
  std::optional<int64_t> R = singleConstantReturn(*F);
  if (!R || K->getBitWidth() > 64)
    return -1;
  APInt L(K->getBitWidth(), *R, /*isSigned=*/true);
  return ICmpInst::compare(L, K->getValue(), Cmp->getPredicate()) ? 0 : 1;
}

namespace {
/// A block whose only work is a conditional branch on a phi of its own,
/// directly or through one comparison of the phi with a constant.
struct PhiBranch {
  const PHINode *Phi = nullptr;
  const ICmpInst *Cmp = nullptr;
  const BranchInst *Br = nullptr;
  /// The successor taken when the phi's value is In, if In is a constant.
  std::optional<unsigned> successorFor(const Value *In) const {
    auto *K = dyn_cast_or_null<ConstantInt>(In);
    if (!K)
      return std::nullopt;
    if (!Cmp)
      return K->isOne() ? 0 : 1;
    bool PhiFirst = Cmp->getOperand(0) == Phi;
    auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(PhiFirst ? 1 : 0));
    if (!C || C->getBitWidth() != K->getBitWidth())
      return std::nullopt;
    const APInt &L = PhiFirst ? K->getValue() : C->getValue();
    const APInt &R = PhiFirst ? C->getValue() : K->getValue();
    return ICmpInst::compare(L, R, Cmp->getPredicate()) ? 0 : 1;
  }
};
} // namespace

static PhiBranch phiBranchOf(const BasicBlock &S) {
  PhiBranch PB;
  auto *Br = dyn_cast<BranchInst>(S.getTerminator());
  if (!Br || !Br->isConditional())
    return PB;
  const Value *Cond = Br->getCondition();
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  auto *P = dyn_cast<PHINode>(Cmp ? Cmp->getOperand(0) : Cond);
  if (Cmp && !P)
    P = dyn_cast<PHINode>(Cmp->getOperand(1));
  if (!P || P->getParent() != &S || (Cmp && Cmp->getParent() != &S))
    return PB;
  for (const Instruction &I : S)
    if (&I != P && &I != Cmp && &I != Br && !isa<DbgInfoIntrinsic>(I))
      return PB;
  PB.Phi = P;
  PB.Cmp = Cmp;
  PB.Br = Br;
  return PB;
}

static GuardPred negate(GuardPred P) {
  switch (P) {
  case GuardPred::EQ:
    return GuardPred::NE;
  case GuardPred::NE:
    return GuardPred::EQ;
  case GuardPred::LT:
    return GuardPred::GE;
  case GuardPred::LE:
    return GuardPred::GT;
  case GuardPred::GT:
    return GuardPred::LE;
  case GuardPred::GE:
    return GuardPred::LT;
  }
  return P;
}

FunctionGraph FunctionGraphBuilder::build(const Function &F) {
  EquivalentGeps Equivalent(F, &Shapes);
  Geps = &Equivalent;
  auto Reset = make_scope_exit([&] { Geps = nullptr; });
  FunctionGraph G;
  G.F = &F;
  G.Name = F.getName().str();
  unsigned N = 0;
  DenseMap<const BasicBlock *, NodeId> Start;
  for (const BasicBlock &BB : F)
    Start[&BB] = N++;
  G.Entry = Start[&F.getEntryBlock()];
  G.Exit = N++;
  // env-unwind: where an exception leaves a library's entry, kept apart
  // (a step to Exit) so that the environment stops there.
  if (is_contained(TM.EnvEntries, &F)) {
    G.Unwind = N++;
    G.Edges.push_back({G.Unwind, G.Exit, Action()});
  }
  auto Edge = [&](NodeId From, NodeId To, Action A) {
    G.Edges.push_back({From, To, std::move(A)});
  };
  auto AssumeOf = [&](const Guard &G, bool Negate, const Instruction &T) {
    Action A;
    A.Kind = ActionKind::Assume;
    A.Var = G.Var;
    A.RhsVar = G.RhsVar;
    A.Pred = Negate ? negate(G.Pred) : G.Pred;
    A.Const = G.C;
    A.HasConst = true;
    A.Inst = &T;
    A.Loc = sourceLocOf(T);
    return A;
  };
  // A block that only branches on a phi (`a && b` at -O0), or on one
  // comparison of a phi with a constant (`c ? (f(), 0) : (g(), 1)`, as in
  // scoped-lock macros): an edge into it from a predecessor whose incoming
  // value is a constant goes on to the successor that selects, and one
  // whose value is a guard on tracked data (an i1 phi) through its Assume
  // edges, evaluated at the predecessor's end. phi-branch: exact, it is
  // the branch the program takes from that predecessor.
  // cleanup-handlers: a handler block is entered from the points that
  // run it, not from the branch on the __sigsetjmp's first result.
  CleanupEdges Cleanup = findCleanupEdges(F);
  auto EdgeInto = [&](NodeId From, const BasicBlock *BB, const BasicBlock *S,
                      Action A) {
    if (Cleanup.Handlers.count(S))
      return;
    PhiBranch PB = phiBranchOf(*S);
    const Value *In = PB.Phi ? PB.Phi->getIncomingValueForBlock(BB) : nullptr;
    if (std::optional<unsigned> Succ = PB.successorFor(In)) {
      Edge(From, Start[PB.Br->getSuccessor(*Succ)], std::move(A));
      return;
    }
    Guard G;
    const Instruction *T = BB->getTerminator();
    if (In && !PB.Cmp && guardOfValue(In, G) &&
        (!G.GapLoad || noActionsBetween(G.GapLoad, T))) {
      NodeId Mid = N++;
      Edge(From, Mid, std::move(A));
      for (unsigned I = 0; I < 2; ++I)
        Edge(Mid, Start[PB.Br->getSuccessor(I)], AssumeOf(G, I == 1, *PB.Br));
      return;
    }
    Edge(From, Start[S], std::move(A));
  };
  std::vector<Action> Acts;
  auto JoinAll = [&](NodeId &Cur, ArrayRef<JoinAllPoint> Points) {
    for (const JoinAllPoint &P : Points) {
      // Every instance of the site has been joined by the loop.
      Action A = objectAction(ActionKind::Join, *P.Join, nullptr);
      A.JoinAll = true;
      A.AllInstances = P.AllInstances;
      A.Creation = P.Creation;
      // Every instance, wherever its id went: no handle to name.
      if (!P.AllInstances)
        A.Objects = TM.Creations[P.Creation].Handles;
      A.MustObject = TM.isOneRuntimeObject(A.Objects);
      NodeId Next = N++;
      Edge(Cur, Next, std::move(A));
      Cur = Next;
    }
  };
  for (const BasicBlock &BB : F) {
    NodeId Cur = Start[&BB];
    if (auto JA = Ctx.JoinAllAt.find(&BB); JA != Ctx.JoinAllAt.end())
      JoinAll(Cur, JA->second);
    NodeId BeforeTerminator = Cur;
    for (const Instruction &I : BB) {
      if (&I == BB.getTerminator())
        BeforeTerminator = Cur;
      if (auto It = Cleanup.From.find(&I); It != Cleanup.From.end())
        for (const BasicBlock *H : It->second)
          Edge(Cur, Start[H], Action());
      Acts.clear();
      actionsOf(I, Acts);
      for (Action &A : Acts) {
        // A library may start any number of threads at one call.
        if (A.Kind == ActionKind::Create && TM.Creations[A.Creation].Library) {
          Edge(Cur, Cur, std::move(A));
          continue;
        }
        NodeId Next = N++;
        Edge(Cur, Next, std::move(A));
        Cur = Next;
      }
      if (auto JA = Ctx.JoinAllAfter.find(&I); JA != Ctx.JoinAllAfter.end())
        JoinAll(Cur, JA->second);
    }
    const Instruction *T = BB.getTerminator();
    if (!T)
      continue;
    auto *RI = dyn_cast<ReturnInst>(T);
    auto H = Ctx.HelperVars.find(&F);
    const Value *RV = RI ? RI->getReturnValue() : nullptr;
    auto *RC = dyn_cast_or_null<ConstantInt>(RV);
    DataVarId Src = RV && !RC && H != Ctx.HelperVars.end()
                        ? trackedLoadVar(RV, *T, Ctx.FlagVars)
                        : NoDataVar;
    if ((RC || Src != NoDataVar) && H != Ctx.HelperVars.end()) {
      Edge(Cur, G.Exit, returnAssign(H->second, RC, Src, *T));
      continue;
    }
    if (isa<ResumeInst>(T) && G.Unwind != InvalidNode) {
      Edge(Cur, G.Unwind, Action());
      continue;
    }
    // An exception out of main calls std::terminate: the program aborts,
    // and no exit handler runs (a path that ends, as after abort()).
    if (isa<ResumeInst>(T) && F.getName() == "main" && !F.hasLocalLinkage())
      continue;
    // std-unwind: an exception a standard-library function passes on (a
    // failed allocation, a thread that could not start) ends the path too:
    // otherwise its caller went on as if the call had returned (after a
    // failed std::thread constructor, a join of no thread), and a catching
    // caller's handler is still reached from its invoke.
    if (isa<ResumeInst>(T) && isSystemLoc(sourceLocOf(*T)))
      continue;
    if (isa<ReturnInst>(T) || isa<ResumeInst>(T)) {
      Edge(Cur, G.Exit, Action());
      continue;
    }
    // std-unwind: a standard-library call's exception leaves before its
    // effects (no thread after std::thread's constructor threw, no lock
    // after std::mutex::lock did), not after it returned.
    if (auto *II = dyn_cast<InvokeInst>(T); II && throwsFirst(*II)) {
      EdgeInto(Cur, &BB, II->getNormalDest(), Action());
      EdgeInto(BeforeTerminator, &BB, II->getUnwindDest(), Action());
      continue;
    }
    auto *BI = dyn_cast<BranchInst>(T);
    int Folded = BI ? foldedSuccessor(*BI) : -1;
    if (Folded >= 0) {
      EdgeInto(Cur, &BB, BI->getSuccessor(Folded), Action());
      continue;
    }
    // joinable-test: `if (t.joinable())` on a std::thread. Its false edge
    // says the handle holds no joinable thread, which the model checker
    // and the MHP layer can tell; the true edge stays a plain step.
    if (std::optional<Action> NJ = BI ? notJoinableOf(*BI) : std::nullopt) {
      EdgeInto(Cur, &BB, BI->getSuccessor(0), Action());
      NodeId To = N++;
      Edge(Cur, To, *NJ);
      EdgeInto(To, &BB, BI->getSuccessor(1), Action());
      continue;
    }
    Guard G;
    if (BI && BI->isConditional() && guardOfValue(BI->getCondition(), G) &&
        (!G.GapLoad || noActionsBetween(G.GapLoad, BI))) {
      for (unsigned S = 0; S < 2; ++S) {
        NodeId To = N++;
        Edge(Cur, To, AssumeOf(G, S == 1, *T));
        EdgeInto(To, &BB, BI->getSuccessor(S), Action());
      }
      continue;
    }
    for (const BasicBlock *Succ : successors(&BB))
      EdgeInto(Cur, &BB, Succ, Action());
  }
  G.NumNodes = N;
  std::vector<ActionEdge> Edges = std::move(G.Edges);
  compressGraph(G.NumNodes, Edges, G.Entry, G.Exit, G.Succs, G.Edges,
                &G.Unwind);
  return G;
}

} // namespace racesift
