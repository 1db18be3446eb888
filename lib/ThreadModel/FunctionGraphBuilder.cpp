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

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

/// Lifetime markers and debug intrinsics: uses of a slot that neither read
/// nor write it.
static bool isSlotMarker(const User *U) {
  auto *II = dyn_cast<IntrinsicInst>(U);
  return II && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II));
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

/// Whether Ptr is a thread-local global itself, or a field of it: the
/// current thread's instance, whatever other threads' pointers reach.
static bool namesThreadLocal(const Value *Ptr) {
  const Value *V = Ptr;
  while (true) {
    V = V->stripPointerCasts();
    if (auto *GEP = dyn_cast<GEPOperator>(V))
      V = GEP->getPointerOperand();
    else
      break;
  }
  if (auto *II = dyn_cast<IntrinsicInst>(V))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      V = II->getArgOperand(0)->stripPointerCasts();
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

BaseRef canonicalBase(const Value *Ptr) {
  BaseRef R;
  int64_t Off = 0;
  const Value *V = Ptr;
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    V = stripAddressCasts(V);
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      addGepOffset(*GEP, Off);
      V = GEP->getPointerOperand();
      continue;
    }
    const Value *N = followSlots(V);
    if (N == V)
      break;
    V = N;
  }
  R.Base = V;
  R.Offset = Off;
  return R;
}

std::string sourceNameOfPointer(const ThreadModel &TM,
                                const PointsToAnalysis &PTA, const Value *Ptr) {
  // Walk casts and GEPs to the named base, remembering the offset.
  int64_t Off = 0;
  const Value *V = Ptr;
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    V = stripAddressCasts(V);
    auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP)
      break;
    addGepOffset(*GEP, Off);
    V = GEP->getPointerOperand();
  }
  ObjectId O = PTA.objectFor(V);
  if (O != InvalidObject && O < TM.Objects.size()) {
    const MemObject &MO = TM.Objects[O];
    std::string Path = MO.Type ? memberPath(MO.Type, Off, false) : "";
    if (Path.empty() && Off == AnyOffset)
      Path = "[]";
    else if (Path.empty() && Off)
      Path = "+" + std::to_string(Off);
    return MO.Name + Path;
  }
  // A pointer loaded from a named local or global: "p->f", "p[]", "*p".
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    const Value *Slot = LI->getPointerOperand()->stripPointerCasts();
    ObjectId SO = PTA.objectFor(Slot);
    if (SO != InvalidObject && SO < TM.Objects.size()) {
      const MemObject &MO = TM.Objects[SO];
      const DIType *Pointee = nullptr;
      if (auto *PT = dyn_cast_or_null<DIDerivedType>(MO.Type))
        if (PT->getTag() == dwarf::DW_TAG_pointer_type)
          Pointee = PT->getBaseType();
      std::string Path = Pointee ? memberPath(Pointee, Off, true) : "";
      if (!Path.empty())
        return MO.Name + Path;
      if (Off == AnyOffset)
        return MO.Name + "[]";
      if (Off == 0)
        return "*" + MO.Name;
      return MO.Name + "[" + std::to_string(Off) + "]";
    }
  }
  if (V->hasName())
    return V->getName().str() + (Off == AnyOffset ? "[]" : "");
  return "?";
}

bool counterStore(const StoreInst &SI, const Value *Slot, bool &Relative,
                  int64_t &C) {
  if (SI.getPointerOperand()->stripPointerCasts() != Slot)
    return false;
  const Value *V = SI.getValueOperand();
  if (auto *K = dyn_cast<ConstantInt>(V)) {
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

bool onlyComparedOrCounted(const LoadInst &L, const Value *Slot) {
  for (const User *U : L.users()) {
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
  ArrayRef<MemLoc> P = PTA.pointsTo(Ptr);
  return std::vector<MemLoc>(P.begin(), P.end());
}

bool FunctionGraphBuilder::addAccess(const Instruction &I, const Value *Ptr,
                                     bool IsWrite, bool IsAtomic,
                                     std::vector<Action> &Out) {
  // Initialisation of a fresh heap object before it escapes cannot race.
  if (Ctx.FreshInit.count({&I, Ptr}))
    return false;
  return addAccessAt(I, Ptr, objectsOf(Ptr), PTA.unresolved(Ptr), IsWrite,
                     IsAtomic, sourceNameOfPointer(TM, PTA, Ptr), Out);
}

bool FunctionGraphBuilder::addAccessAt(const Instruction &I, const Value *Ptr,
                                       std::vector<MemLoc> Locs,
                                       bool Unresolved, bool IsWrite,
                                       bool IsAtomic, std::string Name,
                                       std::vector<Action> &Out) {
  // Accesses that only touch memory no other thread can reach (private
  // stack slots, thread-local globals whose address does not escape,
  // functions) are not modelled.
  bool Visible = Locs.empty();
  for (const MemLoc &L : Locs) {
    const MemObject &O = TM.Objects[L.Obj];
    auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site);
    if ((O.ThreadLocal && !O.ThreadLocalEscapes) ||
        O.Kind == ObjectKind::Function || (GV && GV->isConstant()))
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
  A.OwnThreadInstance = Ptr && namesThreadLocal(Ptr);
  A.Locs = std::move(Locs);
  if (Ptr)
    A.Base = canonicalBase(Ptr);
  A.Name = std::move(Name);
  A.Loc = sourceLocOf(I);
  Action Act;
  Act.Kind = IsWrite ? ActionKind::Write : ActionKind::Read;
  Act.Acc = A.Id;
  Act.Inst = &I;
  Act.Loc = A.Loc;
  TM.Accesses.push_back(std::move(A));
  Out.push_back(std::move(Act));
  return true;
}

/// Sorted and without duplicates.
static void sortLocs(std::vector<MemLoc> &Locs) {
  llvm::sort(Locs);
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
}

std::vector<MemLoc>
FunctionGraphBuilder::restOf(ArrayRef<MemLoc> Starts) const {
  std::vector<MemLoc> Out;
  for (const MemLoc &L : Starts)
    for (const MemLoc &F : PTA.fieldsFrom(L))
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
                                       const LibcFunction &Row,
                                       std::vector<Action> &Out) {
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
    std::string Name = sourceNameOfPointer(TM, PTA, Ptr);
    switch (E.Extent) {
    case LibcExtent::Rest:
      Locs = restOf(Locs);
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
    default:
      break;
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
  A.ObjectBase = canonicalBase(Ptr);
  A.MustObject = TM.isOneRuntimeObject(A.Objects);
  return A;
}

/// An atomic read-modify-write that stores back what it read: adding,
/// subtracting, or-ing or xor-ing zero, and-ing all ones.
static bool leavesMemoryUnchanged(const AtomicRMWInst &RMW) {
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
    if (Api.Kind == ActionKind::Wait)
      A.Mutex = objectsOf(Second);
    if (Api.Kind == ActionKind::Once)
      for (const MemLoc &L : PTA.pointsTo(Second))
        if (auto *F = dyn_cast_or_null<Function>(TM.Objects[L.Obj].Site))
          if (!F->isDeclaration())
            A.Callees.push_back(F);
  }
  if (Api.Kind == ActionKind::TryLock || Api.Kind == ActionKind::SemTryWait) {
    DataVar V;
    V.Id = TM.DataVars.size();
    V.Value = &CB;
    V.Name = "try@" + std::to_string(A.Loc.Line);
    for (const User *U : CB.users())
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        ObjectId O = PTA.objectFor(SI->getPointerOperand());
        if (O != InvalidObject)
          V.Name = TM.Objects[O].Name;
      }
    A.Var = V.Id;
    ResultVars[&CB] = V.Id;
    Ctx.NonNegative.insert(V.Id); // 0 or an errno value.
    TM.DataVars.push_back(std::move(V));
  }
  Out.push_back(std::move(A));
}

void FunctionGraphBuilder::actionsOf(const Instruction &I,
                                     std::vector<Action> &Out) {
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    addAccess(I, LI->getPointerOperand(), false, LI->isAtomic(), Out);
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    addAccess(I, SI->getPointerOperand(), true, SI->isAtomic(), Out);
    const Value *Slot = SI->getPointerOperand()->stripPointerCasts();
    auto R = Ctx.RetSlots.find(Slot);
    auto *RC = dyn_cast<ConstantInt>(SI->getValueOperand());
    if (R != Ctx.RetSlots.end() && RC) {
      // `return C` of a constant-returning helper, through its slot.
      Action A;
      A.Kind = ActionKind::Assign;
      A.Var = R->second;
      A.HasConst = true;
      A.Const = RC->getSExtValue();
      A.Inst = &I;
      A.Loc = sourceLocOf(I);
      Out.push_back(std::move(A));
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
    }
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    // `__atomic_fetch_add(p, 0)` is an atomic read (rd_atomic32_get).
    addAccess(I, RMW->getPointerOperand(), !leavesMemoryUnchanged(*RMW), true,
              Out);
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    addAccess(I, CX->getPointerOperand(), true, true, Out);
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
      if (!Ctx.FreshInit.count({&I, Ptr}))
        addAccessAt(I, Ptr, restOf(objectsOf(Ptr)), PTA.unresolved(Ptr),
                    IsWrite, Atomic, sourceNameOfPointer(TM, PTA, Ptr), Out);
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
    A.Inst = &I;
    A.Loc = sourceLocOf(I);
    Out.push_back(std::move(A));
    return;
  }
  if (cxxSyncActions(*CB, Out))
    return;
  ArrayRef<const Function *> Callees = PTA.callees(*CB);
  std::vector<const Function *> Defined;
  for (const Function *F : Callees) {
    if (!F->isDeclaration()) {
      Defined.push_back(F);
      continue;
    }
    if (const SyncApi *Api = lookupSyncApi(F->getName())) {
      syncActions(*CB, *Api, Out);
      return;
    }
    if (const LibcFunction *Row = lookupLibc(F->getName()))
      libcActions(*CB, *Row, Out);
  }
  if (ArrayRef<const Function *> Back = PTA.callbacks(*CB); !Back.empty()) {
    // Called back during the call, with arguments of the library's making.
    Action A;
    A.Kind = ActionKind::Call;
    A.Callees.assign(Back.begin(), Back.end());
    A.Callback = true;
    A.Inst = &I;
    A.Loc = sourceLocOf(I);
    Out.push_back(std::move(A));
  }
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
    Out.push_back(Lock);
  }
  Action A;
  A.Kind = ActionKind::Call;
  A.Callees = std::move(Defined);
  A.Inst = &I;
  A.Loc = sourceLocOf(I);
  Out.push_back(std::move(A));
  if (Atomic) {
    Lock.Kind = ActionKind::Unlock;
    Out.push_back(std::move(Lock));
  }
}

DataVarId FunctionGraphBuilder::trackedVarOf(const Value *V) const {
  V = followSlots(V);
  auto It = ResultVars.find(V);
  if (It != ResultVars.end())
    return It->second;
  if (auto *CB = dyn_cast<CallBase>(V))
    if (const Function *Callee = CB->getCalledFunction()) {
      auto H = Ctx.HelperVars.find(Callee);
      if (H != Ctx.HelperVars.end())
        return H->second;
    }
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    auto F = Ctx.FlagVars.find(LI->getPointerOperand()->stripPointerCasts());
    if (F != Ctx.FlagVars.end())
      return F->second;
  }
  return NoDataVar;
}

static GuardPred negate(GuardPred P);

bool FunctionGraphBuilder::guardOf(const BranchInst &BI, DataVarId &Var,
                                   GuardPred &Pred, int64_t &C) const {
  if (!BI.isConditional())
    return false;
  // `!x` is `xor (x != 0), true`; each xor with true negates the guard.
  const Value *Cond = BI.getCondition();
  bool Negated = false;
  while (auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    auto *K = dyn_cast<ConstantInt>(BO->getOperand(1));
    if (BO->getOpcode() != Instruction::Xor || !K || !K->isOne() ||
        !BO->getType()->isIntegerTy(1))
      return false;
    Negated = !Negated;
    Cond = BO->getOperand(0);
  }
  auto Finish = [&] { return Var != NoDataVar; };
  // A _Bool is loaded as i8 and truncated: `if (b)` is `b != 0`.
  if (auto *T = dyn_cast<TruncInst>(Cond)) {
    if (!T->getType()->isIntegerTy(1))
      return false;
    Var = trackedVarOf(T->getOperand(0));
    Pred = Negated ? GuardPred::EQ : GuardPred::NE;
    C = 0;
    return Finish();
  }
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp)
    return false;
  ICmpInst::Predicate P = Cmp->getPredicate();
  const Value *L = Cmp->getOperand(0), *R = Cmp->getOperand(1);
  if (isa<ConstantInt>(L)) {
    std::swap(L, R);
    P = ICmpInst::getSwappedPredicate(P);
  }
  auto *K = dyn_cast<ConstantInt>(R);
  if (!K || K->getBitWidth() > 64)
    return false;
  Var = trackedVarOf(L);
  if (Var == NoDataVar)
    return false;
  // Unsigned comparisons are the signed ones when both sides are
  // non-negative.
  if (Cmp->isUnsigned() &&
      (!Ctx.NonNegative.count(Var) || K->getValue().isNegative()))
    return false;
  switch (P) {
  case ICmpInst::ICMP_EQ:
    Pred = GuardPred::EQ;
    break;
  case ICmpInst::ICMP_NE:
    Pred = GuardPred::NE;
    break;
  case ICmpInst::ICMP_SLT:
  case ICmpInst::ICMP_ULT:
    Pred = GuardPred::LT;
    break;
  case ICmpInst::ICMP_SLE:
  case ICmpInst::ICMP_ULE:
    Pred = GuardPred::LE;
    break;
  case ICmpInst::ICMP_SGT:
  case ICmpInst::ICMP_UGT:
    Pred = GuardPred::GT;
    break;
  case ICmpInst::ICMP_SGE:
  case ICmpInst::ICMP_UGE:
    Pred = GuardPred::GE;
    break;
  default:
    return false;
  }
  if (Negated)
    Pred = negate(Pred);
  C = K->getSExtValue();
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

int FunctionGraphBuilder::foldedSuccessor(const BranchInst &BI) const {
  if (!BI.isConditional())
    return -1;
  auto *Cmp = dyn_cast<ICmpInst>(BI.getCondition());
  if (!Cmp)
    return -1;
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
  FunctionGraph G;
  G.F = &F;
  unsigned N = 0;
  DenseMap<const BasicBlock *, NodeId> Start;
  for (const BasicBlock &BB : F)
    Start[&BB] = N++;
  G.Entry = Start[&F.getEntryBlock()];
  G.Exit = N++;
  auto Edge = [&](NodeId From, NodeId To, Action A) {
    G.Edges.push_back({From, To, std::move(A)});
  };
  std::vector<Action> Acts;
  for (const BasicBlock &BB : F) {
    NodeId Cur = Start[&BB];
    auto JA = Ctx.JoinAllAt.find(&BB);
    if (JA != Ctx.JoinAllAt.end())
      for (const JoinAllPoint &P : JA->second) {
        // Every instance of the site has been joined by the loop.
        Action A = objectAction(ActionKind::Join, *P.Join, nullptr);
        A.JoinAll = true;
        A.Creation = P.Creation;
        A.Objects = TM.Creations[P.Creation].Handles;
        A.MustObject = TM.isOneRuntimeObject(A.Objects);
        NodeId Next = N++;
        Edge(Cur, Next, std::move(A));
        Cur = Next;
      }
    for (const Instruction &I : BB) {
      Acts.clear();
      actionsOf(I, Acts);
      for (Action &A : Acts) {
        NodeId Next = N++;
        Edge(Cur, Next, std::move(A));
        Cur = Next;
      }
    }
    const Instruction *T = BB.getTerminator();
    if (!T)
      continue;
    auto *RI = dyn_cast<ReturnInst>(T);
    auto H = Ctx.HelperVars.find(&F);
    auto *RC =
        RI ? dyn_cast_or_null<ConstantInt>(RI->getReturnValue()) : nullptr;
    if (RC && H != Ctx.HelperVars.end()) {
      Action A;
      A.Kind = ActionKind::Assign;
      A.Var = H->second;
      A.HasConst = true;
      A.Const = RC->getSExtValue();
      A.Inst = T;
      A.Loc = sourceLocOf(*T);
      Edge(Cur, G.Exit, std::move(A));
      continue;
    }
    if (isa<ReturnInst>(T) || isa<ResumeInst>(T)) {
      Edge(Cur, G.Exit, Action());
      continue;
    }
    DataVarId Var;
    GuardPred Pred;
    int64_t C;
    auto *BI = dyn_cast<BranchInst>(T);
    int Folded = BI ? foldedSuccessor(*BI) : -1;
    if (Folded >= 0) {
      Edge(Cur, Start[BI->getSuccessor(Folded)], Action());
      continue;
    }
    if (BI && guardOf(*BI, Var, Pred, C)) {
      for (unsigned S = 0; S < 2; ++S) {
        Action A;
        A.Kind = ActionKind::Assume;
        A.Var = Var;
        A.Pred = S == 0 ? Pred : negate(Pred);
        A.Const = C;
        A.HasConst = true;
        A.Inst = T;
        A.Loc = sourceLocOf(*T);
        Edge(Cur, Start[BI->getSuccessor(S)], std::move(A));
      }
      continue;
    }
    for (const BasicBlock *Succ : successors(&BB))
      Edge(Cur, Start[Succ], Action());
  }
  G.NumNodes = N;
  std::vector<ActionEdge> Edges = std::move(G.Edges);
  compressGraph(G.NumNodes, Edges, G.Entry, G.Exit, G.Succs, G.Edges);
  return G;
}

} // namespace racesift
