//===- ConstraintBuilder.cpp - Objects, nodes and calls ---------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The abstract objects and value nodes of the module, the binding of calls
// to their callees (direct, indirect, forwarded callbacks, allocation
// wrappers and constructors), and the memory a library's callers pass in.
// The constraints of single instructions are in PointsToConstraints.cpp.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"
#include "FunctionGraphBuilder.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace racesift {

ConstraintBuilder::ConstraintBuilder(Module &M, std::vector<MemObject> &Objects,
                                     ConstraintGraph &G, AndersenSolver &S,
                                     bool UnknownResultsOwnOnly)
    : M(M), DL(M.getDataLayout()), Objects(Objects), G(G), S(S),
      UnknownResultsOwnOnly(UnknownResultsOwnOnly) {}

bool mayHoldPointer(Type *T) {
  if (T->isPointerTy())
    return true;
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), mayHoldPointer);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return mayHoldPointer(AT->getElementType());
  if (auto *VT = dyn_cast<VectorType>(T))
    return mayHoldPointer(VT->getElementType());
  return false;
}

/// A constant global whose initialiser holds no pointer: defined in this
/// module, so that no other definition can be linked in its place.
static bool isReadOnlyData(const GlobalVariable &GV) {
  if (!GV.isConstant())
    return false;
  // rtti-read-only: a C++ type's RTTI object (_ZTI) holds pointers, but only
  // to more read-only data (its type_info class's vtable, its name, its
  // bases' RTTI) that the module never stores through; only the C++ runtime
  // follows them (dynamic_cast, catch matching). As a pointer,
  // `&typeid(F)`, which std::function's manager stores into a temporary
  // _Any_data for target_type(), reached every functor stored in one and
  // smeared std::async's shared state with RTTI.
  if (GV.getName().starts_with("_ZTI"))
    return true;
  return GV.hasDefinitiveInitializer() && !mayHoldPointer(GV.getValueType());
}

//===----------------------------------------------------------------------===//
// Objects and nodes
//===----------------------------------------------------------------------===//

ObjectId ConstraintBuilder::newObject(ObjectKind K, const Value *Site,
                                      std::string Name, uint64_t Size) {
  MemObject O;
  O.Id = Objects.size();
  O.Kind = K;
  O.Site = Site;
  O.Name = std::move(Name);
  O.Size = Size;
  if (auto *I = dyn_cast_or_null<Instruction>(Site))
    O.Loc = sourceLocOf(*I);
  Objects.push_back(std::move(O));
  G.addObject(declaredType(Objects.back().Id));
  if (Site)
    SiteObject[Site] = Objects.back().Id;
  return Objects.back().Id;
}

Type *ConstraintBuilder::declaredType(ObjectId Obj) const {
  const Value *Site = Objects[Obj].Site;
  if (auto *AI = dyn_cast_or_null<AllocaInst>(Site))
    // `alloca T, n` (a VLA) holds n T's: an array of them, of any length.
    return AI->isArrayAllocation() ? ArrayType::get(AI->getAllocatedType(), 0)
                                   : AI->getAllocatedType();
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(Site))
    return GV->getValueType();
  return nullptr;
}

uint32_t ConstraintBuilder::escapedNode() {
  if (EscapedNode != ConstraintGraph::NoNode)
    return EscapedNode;
  // Unknown code may name the module's non-static globals, and reads what
  // escaped objects point to: one node for all of it, so that each unknown
  // call adds a constant number of edges whatever the program's size.
  EscapedNode = G.newNode();
  uint32_t AnyField = G.newNode();
  S.addGep(EscapedNode, AnyField, AnyOffset);
  S.addLoad(AnyField, EscapedNode);
  for (const GlobalVariable &GV : M.globals()) {
    auto It = SiteObject.find(&GV);
    if (GV.hasLocalLinkage() || GV.isThreadLocal() || isReadOnlyData(GV) ||
        GV.getName().starts_with("llvm.") || It == SiteObject.end())
      continue;
    S.addPts(EscapedNode, S.locFor(It->second, 0));
  }
  S.compromise("unknown-external-store: unknown functions store no pointer "
               "into escaped memory");
  return EscapedNode;
}

uint32_t ConstraintBuilder::nodeOf(const Value *V) {
  auto It = ValueNode.find(V);
  if (It != ValueNode.end())
    return It->second;
  uint32_t N = G.newNode();
  ValueNode[V] = N;
  if (auto *F = dyn_cast<Function>(V)) {
    S.addPts(N, S.locFor(objectForFunction(F), 0));
  } else if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    // Constants that hold no pointer (string literals, lookup tables) are
    // read-only: they never race and no pointer is loaded from them, so
    // they are left out of every points-to set (rule "read-only-data"). On
    // sqlite3.c they were 7000 of the 13000 locations in the largest sets.
    auto It = SiteObject.find(GV);
    if (It != SiteObject.end() && !isReadOnlyData(*GV))
      S.addPts(N, S.locFor(It->second, 0));
  } else if (auto *GA = dyn_cast<GlobalAlias>(V)) {
    S.addCopy(nodeOf(GA->getAliasee()), N);
  } else if (auto *CE = dyn_cast<ConstantExpr>(V)) {
    if (auto *GEP = dyn_cast<GEPOperator>(CE))
      addGepConstraint(*GEP, N);
    else if (CE->getOpcode() == Instruction::IntToPtr)
      S.addPts(N, S.locFor(unknownObject("inttoptr"), AnyOffset));
    else if (CE->isCast() || CE->getOpcode() == Instruction::Select)
      for (const Use &U : CE->operands())
        if (U->getType()->isPointerTy())
          S.addCopy(nodeOf(U), N);
  } else if (auto *CA = dyn_cast<ConstantAggregate>(V)) {
    // Field-insensitive for aggregate SSA values (insertvalue/extractvalue).
    for (const Use &U : CA->operands())
      if (mayHoldPointer(U->getType()))
        S.addCopy(nodeOf(U), N);
  }
  return N;
}

bool ConstraintBuilder::allocHook(const Value *Site) const {
  auto *CB = dyn_cast<CallBase>(Site);
  if (!CB)
    return false;
  auto It = AllocWrappers.Hooks.find(CB->getFunction());
  return It != AllocWrappers.Hooks.end() && is_contained(It->second, CB);
}

ObjectId ConstraintBuilder::objectForFunction(const Function *F) {
  auto It = SiteObject.find(F);
  if (It != SiteObject.end())
    return It->second;
  return newObject(ObjectKind::Function, F, F->getName().str(), 0);
}

ObjectId ConstraintBuilder::unknownObject(StringRef Why) {
  if (UnknownObj == InvalidObject)
    UnknownObj = newObject(ObjectKind::External, nullptr, "<unknown>", 0);
  S.compromise(("unresolved-pointer: " + Why).str());
  return UnknownObj;
}

ConstraintBuilder::GepStep
ConstraintBuilder::gepStep(const GEPOperator &GEP) const {
  GepStep Step;
  APInt Off(DL.getIndexTypeSizeInBits(GEP.getType()), 0);
  if (GEP.accumulateConstantOffset(DL, Off)) {
    Step.Off = Off.getSExtValue();
    return Step;
  }
  bool InArrays = true; // No struct field taken yet.
  unsigned Vars = 0;
  bool Bounded = false;  // The one variable index is into an array type.
  Type *Outer = nullptr; // What the index selects in; none for the first.
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
       GTI != E; Outer = GTI.getIndexedType(), ++GTI) {
    const Value *Idx = GTI.getOperand();
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      unsigned F = cast<ConstantInt>(Idx)->getZExtValue();
      Step.Off += DL.getStructLayout(ST)->getElementOffset(F);
      InArrays = false;
      continue;
    }
    TypeSize Stride = GTI.getSequentialElementStride(DL);
    if (Stride.isScalable())
      return {AnyOffset, 0};
    if (auto *C = dyn_cast<ConstantInt>(Idx)) {
      if (C->getBitWidth() > 64)
        return {AnyOffset, 0};
      Step.Off += C->getSExtValue() * int64_t(Stride.getFixedValue());
      continue;
    }
    // member-array-elements: one variable index into an array type of a
    // few elements (`&s->arr[i]`) selects one of them, where C's bounds
    // keep it.
    auto *AT = dyn_cast_or_null<ArrayType>(Outer);
    Bounded = ++Vars == 1 && AT && AT->getNumElements() >= 2 &&
              AT->getNumElements() <= MaxMemberElements &&
              Stride.getFixedValue();
    if (Bounded)
      Step.Count = AT->getNumElements();
    // Any other variable index into a member array is the thread model's
    // (array-field); one into the array the pointer starts in steps over
    // whole elements.
    if ((!InArrays && !Bounded) || !Stride.getFixedValue())
      return {AnyOffset, 0};
    Step.Stride = std::gcd(Step.Stride, Stride.getFixedValue());
  }
  if (Vars != 1 || !Bounded)
    Step.Count = 0;
  return Step;
}

void ConstraintBuilder::addGepConstraint(const GEPOperator &GEP, uint32_t Dst,
                                         uint32_t Src) {
  GepStep Step = gepStep(GEP);
  if (Src == ConstraintGraph::NoNode)
    Src = nodeOf(GEP.getPointerOperand());
  S.addGep(Src, Dst, Step.Off, gepView(GEP.getSourceElementType()), Step.Stride,
           Step.Count);
}

uint64_t ConstraintBuilder::arrayElementSize(Type *T) const {
  uint64_t Count = 1;
  bool Array = false;
  while (auto *AT = dyn_cast_or_null<ArrayType>(T)) {
    Array = true;
    Count *= AT->getNumElements();
    T = AT->getElementType();
  }
  if (!Array || Count == 1 || !T->isSized())
    return 0;
  return DL.getTypeAllocSize(T).getKnownMinValue();
}

uint64_t ConstraintBuilder::indexedElementSize(const CallBase &CB,
                                               uint64_t Size) const {
  // The -O0 home of the pointer: a local whose one store is CB's result.
  auto HomeOf = [&](const StoreInst &SI) -> const AllocaInst * {
    auto *Slot = dyn_cast<AllocaInst>(SI.getPointerOperand());
    if (!Slot)
      return nullptr;
    for (const User *U : Slot->users())
      if (U != &SI && !isa<LoadInst>(U) && !isa<DbgInfoIntrinsic>(U))
        return nullptr;
    return Slot;
  };
  SmallVector<const Value *, 4> Pointers{&CB};
  for (const User *U : CB.users())
    if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == &CB)
      if (const AllocaInst *Slot = HomeOf(*SI))
        for (const User *L : Slot->users())
          if (isa<LoadInst>(L))
            Pointers.push_back(L);
  for (const Value *P : Pointers)
    for (const User *U : P->users()) {
      auto *GEP = dyn_cast<GetElementPtrInst>(U);
      if (!GEP || GEP->getPointerOperand() != P ||
          isa<Constant>(GEP->getOperand(1)) ||
          !GEP->getSourceElementType()->isSized())
        continue;
      // Byte steps are any pointer arithmetic (all of it at -O2): no type.
      uint64_t Elem = DL.getTypeAllocSize(GEP->getSourceElementType());
      if (Elem > 1 && Size % Elem == 0 && Size / Elem > 1)
        return Elem;
    }
  return 0;
}

uint64_t ConstraintBuilder::heapElementSize(const CallBase &CB) const {
  auto Arg = [&](unsigned I) -> const Value * {
    return I < CB.arg_size() ? CB.getArgOperand(I) : nullptr;
  };
  auto Const = [](const Value *V) -> std::optional<uint64_t> {
    if (auto *C = dyn_cast_or_null<ConstantInt>(V); C && C->getBitWidth() <= 64)
      return C->getZExtValue();
    return std::nullopt;
  };
  // calloc(count, size): an array unless the count is 1; the constant is
  // the element size (also when the arguments are swapped).
  auto Pair = [&](const Value *Count, const Value *Size) -> uint64_t {
    std::optional<uint64_t> N = Const(Count), Sz = Const(Size);
    if ((N && *N == 1) || (Sz && *Sz == 1 && !N))
      return 0;
    return Sz ? *Sz : N.value_or(0);
  };
  // malloc(n * sizeof(T)) at -O0: a multiplication by a constant, through
  // integer casts.
  auto Product = [&](const Value *Size) -> uint64_t {
    auto F = Size ? constantFactor(Size) : std::nullopt;
    return F ? F->second : 0;
  };
  const Function *CF = CB.getCalledFunction();
  StringRef Callee = CF ? CF->getName() : "";
  if (AllocWrappers.Functions.count(CF)) {
    if (std::optional<WrapperSize> WS = wrapperSizeParams(*CF))
      return WS->Second ? Pair(Arg(WS->First), Arg(*WS->Second))
                        : Product(Arg(WS->First));
    // A wrapper that multiplies its count by the element size itself
    // (std::vector's buffer through std::allocator): an array unless this
    // call's count is 1.
    std::optional<WrapperElements> E =
        wrapperElements(*CF, AllocWrappers, ElementWrappers);
    if (!E)
      return 0;
    if (!E->CountParam)
      return E->ElemSize; // It counts its elements itself.
    if (*E->CountParam >= CB.arg_size())
      return 0;
    std::optional<uint64_t> Count = Const(Arg(*E->CountParam));
    return Count && *Count == 1 ? 0 : E->ElemSize;
  }
  if (Callee == "calloc")
    return Pair(Arg(0), Arg(1));
  if (Callee == "malloc" || Callee.starts_with("_Zna"))
    return Product(Arg(0));
  return 0;
}

uint32_t ConstraintBuilder::threadResultNode() {
  if (ThreadResultNode == ConstraintGraph::NoNode)
    ThreadResultNode = G.newNode();
  return ThreadResultNode;
}

uint32_t ConstraintBuilder::channelNode(StringRef Name) {
  auto [It, New] = ChannelNodes.try_emplace(Name, 0);
  if (New)
    It->second = G.newNode();
  return It->second;
}

uint32_t ConstraintBuilder::returnNode(const Function &F) {
  auto It = RetNode.find(&F);
  if (It != RetNode.end())
    return It->second;
  return RetNode[&F] = G.newNode();
}

void ConstraintBuilder::addInitializer(uint32_t ObjLoc, const Constant *C,
                                       int64_t Off) {
  if (!mayHoldPointer(C->getType())) {
    SmallVector<std::pair<int64_t, const Function *>, 2> Fns;
    memberFunctions(C, Off, Fns);
    ObjectId Obj = G.loc(ObjLoc).Loc.Obj;
    for (auto [FOff, F] : Fns)
      S.addCopy(nodeOf(F), G.loc(S.locFor(Obj, FOff)).Content);
    return;
  }
  if (auto *CA = dyn_cast<ConstantAggregate>(C)) {
    if (auto *ST = dyn_cast<StructType>(C->getType())) {
      const StructLayout *SL = DL.getStructLayout(ST);
      for (unsigned I = 0; I < CA->getNumOperands(); ++I)
        addInitializer(ObjLoc, CA->getOperand(I),
                       Off + SL->getElementOffset(I));
      return;
    }
    for (unsigned I = 0; I < CA->getNumOperands(); ++I) {
      Constant *E = CA->getOperand(I);
      addInitializer(ObjLoc, E, Off + I * DL.getTypeAllocSize(E->getType()));
    }
    return;
  }
  if (isa<ConstantPointerNull>(C) || isa<UndefValue>(C) ||
      isa<ConstantAggregateZero>(C))
    return;
  ObjectId Obj = G.loc(ObjLoc).Loc.Obj;
  S.addCopy(nodeOf(C), G.loc(S.locFor(Obj, Off)).Content);
}

// function-target-unused: std::function's managers store a pointer to
// the functor into the caller's _Any_data for __get_functor_ptr (case 1 of
// their switch), which only std::function::target() asks for. Their other
// operations (clone, destroy) get the function objects themselves, and a
// path-insensitive analysis applied the store there too: where a functor
// stored in place keeps its first field, _Any_data held a pointer to
// another _Any_data, and every std::function with a small functor
// (std::async's task setter, a thread pool's tasks) read that field one
// level too deep. In a module that never calls target() the store is dead.
static SmallPtrSet<const BasicBlock *, 2> deadManagerBlocks(const Function &F,
                                                            bool CallsTarget) {
  SmallPtrSet<const BasicBlock *, 2> Dead;
  StringRef N = F.getName();
  if (CallsTarget || !N.contains("10_M_managerERSt9_Any_dataRK") ||
      !(N.starts_with("_ZNSt14_Function_base13_Base_manager") ||
        N.starts_with("_ZNSt17_Function_handler")))
    return Dead;
  for (const BasicBlock &BB : F)
    if (auto *SI = dyn_cast<SwitchInst>(BB.getTerminator()))
      for (auto Case : SI->cases())
        if (Case.getCaseValue()->isOne() &&
            Case.getCaseSuccessor()->getSinglePredecessor() == &BB)
          Dead.insert(Case.getCaseSuccessor());
  return Dead;
}

static bool callsFunctionTarget(const Module &M) {
  return any_of(M, [](const Function &F) {
    StringRef N = F.getName();
    return (N.starts_with("_ZNSt8functionI") ||
            N.starts_with("_ZNKSt8functionI")) &&
           N.contains("6targetI");
  });
}

void ConstraintBuilder::buildConstraints() {
  AllocWrappers = findAllocationWrappers(M);
  Inits = findInitClones(M, AllocWrappers);
  ReturnedArgs = findReturnedArgs(M);
  findForwardings();
  scanMemberPointers();
  for (const GlobalVariable &GV : M.globals()) {
    uint64_t Size = GV.getValueType()->isSized()
                        ? DL.getTypeAllocSize(GV.getValueType())
                        : 0;
    ObjectId O = newObject(ObjectKind::Global, &GV, GV.getName().str(), Size);
    Objects[O].ElemSize = arrayElementSize(GV.getValueType());
    Objects[O].ThreadLocal = GV.isThreadLocal();
    Objects[O].Singleton = !GV.isThreadLocal();
    setGlobalDebugInfo(Objects[O], GV);
  }
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasInitializer())
      addInitializer(S.locFor(SiteObject[&GV], 0), GV.getInitializer(), 0);
  bool CallsTarget = callsFunctionTarget(M);
  for (Function &F : M) {
    if (!F.isDeclaration())
      promoteSlots(F);
    SmallPtrSet<const BasicBlock *, 2> Dead = deadManagerBlocks(F, CallsTarget);
    for (Instruction &I : instructions(F)) {
      if (Dead.contains(I.getParent()))
        continue;
      visit(I);
      // Constant addresses used directly (load @x) need their nodes too.
      for (const Use &U : I.operands())
        if (isa<GlobalValue>(U) || isa<ConstantExpr>(U))
          if (U->getType()->isPointerTy())
            nodeOf(U);
    }
  }
  addCallerMemory();
}

void ConstraintBuilder::sortCallees() {
  DenseMap<const Function *, unsigned> Order;
  for (const Function &F : M)
    Order[&F] = Order.size();
  auto InModuleOrder = [&](const Function *A, const Function *B) {
    return Order.lookup(A) < Order.lookup(B);
  };
  for (auto &[CB, Fs] : Callbacks)
    llvm::sort(Fs, InModuleOrder);
  for (auto &[CB, Fs] : CalleeMap)
    llvm::sort(Fs, InModuleOrder);
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

void ConstraintBuilder::bindCall(const CallBase &CB, const Function &F) {
  auto &Seen = Bound[&CB];
  if (std::find(Seen.begin(), Seen.end(), &F) != Seen.end())
    return;
  Seen.push_back(&F);
  if (F.isDeclaration()) {
    modelExternal(CB, F);
    return;
  }

  for (unsigned I = 0; I < CB.arg_size(); ++I)
    if (mayHoldPointer(CB.getArgOperand(I)->getType()) &&
        !ForwardedArgs.contains({&CB, I}) &&
        !(I == 0 && Receivers.contains(&CB))) // Per receiver instead.
      bindArgument(CB, F, I, nodeOf(CB.getArgOperand(I)));
  // F forwards a parameter to a callback parameter: bind them per call.
  auto Fw = Forwardings.find(&F);
  if (Fw != Forwardings.end())
    for (const Forwarding &W : Fw->second) {
      if (std::max(W.FnParam, W.ArgParam) >= CB.arg_size())
        continue;
      ComplexConstraint X;
      X.K = ComplexConstraint::ForwardedCall;
      X.CB = W.CB;
      X.Arg = nodeOf(CB.getArgOperand(W.ArgParam));
      X.Pair = W.ArgPos;
      S.addComplex(nodeOf(CB.getArgOperand(W.FnParam)), X);
    }
  if (auto It = Inits.Of.find(&F); It != Inits.Of.end())
    for (unsigned K = 0; K < It->second.size(); ++K)
      if (!Inits.PassedOn.contains({&CB, K}))
        storeInitClone(CB, F, K);
  if (AllocWrappers.Functions.count(&F)) {
    // A fresh object per call site of an allocation wrapper.
    ObjectId O = heapObject(CB);
    S.addPts(nodeOf(&CB), S.locFor(O, 0));
    fillConstructed(O, CB, F, 1);
    // alloc-hook: or what its custom allocator returns.
    if (auto It = AllocWrappers.Hooks.find(&F);
        It != AllocWrappers.Hooks.end()) {
      InexactSites.insert(&CB);
      for (const CallBase *Hook : It->second)
        S.addCopy(nodeOf(Hook), nodeOf(&CB));
    }
  } else if (mayHoldPointer(CB.getType())) {
    S.addCopy(returnNode(F), nodeOf(&CB));
    bindAggregateResult(CB, F);
    // returned-argument: this call's own argument, not every caller's.
    if (auto It = ReturnedArgs.find(&F); It != ReturnedArgs.end()) {
      for (unsigned I : It->second.Params)
        if (I < CB.arg_size())
          S.addCopy(nodeOf(CB.getArgOperand(I)), nodeOf(&CB));
      // returned-path: and the paths from it, stepped again from it.
      DenseMap<const Value *, uint32_t> Steps;
      auto Arg = [&](unsigned I) {
        return I < CB.arg_size() ? nodeOf(CB.getArgOperand(I)) : G.newNode();
      };
      for (const Value *P : It->second.Paths)
        S.addCopy(pathNode(P, Arg, Steps), nodeOf(&CB));
    }
  }
}

void ConstraintBuilder::fillConstructed(ObjectId O, const CallBase &CB,
                                        const Function &F, unsigned Depth) {
  auto It = AllocWrappers.Fields.find(&F);
  if (It == AllocWrappers.Fields.end())
    return;
  for (const FieldFact &FF : It->second) {
    uint32_t Src;
    switch (FF.K) {
    case FieldFact::Fresh: {
      // Past the depth, the body's own object, as without cloning.
      ObjectId IO = heapObject(*FF.Inner);
      if (Depth < MaxCloneDepth) {
        bool New = !ClonedObj.count({&CB, FF.Inner});
        IO = clonedObject(CB, *FF.Inner);
        if (New)
          Parts.push_back({IO, O});
        if (const Function *IF = FF.Inner->getCalledFunction(); New && IF)
          fillConstructed(IO, *FF.Inner, *IF, Depth + 1);
      }
      Src = G.newNode();
      S.addPts(Src, S.locFor(IO, 0));
      break;
    }
    case FieldFact::Param:
      if (FF.ArgNo >= CB.arg_size())
        continue;
      Src = nodeOf(CB.getArgOperand(FF.ArgNo));
      break;
    case FieldFact::Constant:
      Src = nodeOf(FF.C);
      break;
    }
    S.storeTo(S.locFor(O, FF.Offset), Src);
  }
}

ObjectId ConstraintBuilder::clonedObject(const CallBase &Outer,
                                         const CallBase &Inner) {
  auto It = ClonedObj.find({&Outer, &Inner});
  if (It != ClonedObj.end())
    return It->second;
  // No site: rules that reason about an allocation call's result do not
  // apply to it.
  return ClonedObj[{&Outer, &Inner}] = newClone(Outer, Inner, false);
}

ObjectId ConstraintBuilder::newClone(const CallBase &Outer,
                                     const CallBase &Inner, bool Numbered) {
  ObjectId Body = heapObject(Inner);
  SourceLoc L = sourceLocOf(Outer);
  std::string Name = Objects[Body].Name + " via ";
  Name += L.known()
              ? sys::path::filename(L.File).str() + ":" + std::to_string(L.Line)
              : L.Function;
  if (Numbered)
    if (unsigned &Seen = HeapNames[Name]; Seen++)
      Name += "#" + std::to_string(Seen);
  ObjectId O = newObject(ObjectKind::Heap, nullptr, Name, Objects[Body].Size);
  Objects[O].Loc = Objects[Body].Loc;
  return O;
}

uint32_t ConstraintBuilder::pathNode(const Value *V,
                                     function_ref<uint32_t(unsigned)> Arg,
                                     DenseMap<const Value *, uint32_t> &Steps,
                                     unsigned Depth) {
  V = pathStep(V);
  if (auto *A = dyn_cast<Argument>(V))
    return Arg(A->getArgNo());
  if (auto It = Steps.find(V); It != Steps.end())
    return It->second;
  // Deeper than summaries nest in practice: the body's own value.
  if (Depth > 8)
    return nodeOf(V);
  uint32_t N = G.newNode();
  Steps[V] = N;
  if (auto *GEP = dyn_cast<GEPOperator>(V)) {
    addGepConstraint(*GEP, N,
                     pathNode(GEP->getPointerOperand(), Arg, Steps, Depth + 1));
  } else if (auto *LI = dyn_cast<LoadInst>(V)) {
    S.addLoad(pathNode(LI->getPointerOperand(), Arg, Steps, Depth + 1), N);
  } else if (auto *CB = dyn_cast<CallBase>(V)) {
    // A getter's call on paths: its own paths, stepped from those.
    const Function &Callee = *CB->getCalledFunction();
    const ReturnSources &Of = ReturnedArgs.find(&Callee)->second;
    auto Inner = [&](unsigned J) {
      return J < CB->arg_size()
                 ? pathNode(CB->getArgOperand(J), Arg, Steps, Depth + 1)
                 : G.newNode();
    };
    DenseMap<const Value *, uint32_t> InnerSteps;
    for (unsigned I : Of.Params)
      S.addCopy(Inner(I), N);
    for (const Value *P : Of.Paths)
      S.addCopy(pathNode(P, Inner, InnerSteps, Depth + 1), N);
    S.addCopy(returnNode(Callee), N);
  }
  return N;
}

void ConstraintBuilder::storeInitClone(const CallBase &CB, const Function &F,
                                       unsigned K) {
  const InitStore &E = Inits.Of.find(&F)->second[K];
  if (E.Param >= CB.arg_size())
    return;
  auto [It, New] = InitObj.try_emplace({&CB, K}, InvalidObject);
  if (New) {
    ObjectId O = newClone(CB, *E.Inner, true);
    Objects[O].ElemSize = Objects[heapObject(*E.Inner)].ElemSize;
    // What one run of CB allocates there: at most one object (no loop or
    // recursion on the way, InitClones.cpp), so heap-once applies to CB.
    Objects[O].Site = &CB;
    It->second = O;
    // The initialiser's own code sees every call's object.
    S.addPts(nodeOf(E.Inner), S.locFor(O, 0));
    if (const Function *IF = E.Inner->getCalledFunction();
        IF && AllocWrappers.Functions.count(IF))
      fillConstructed(O, *E.Inner, *IF, MaxCloneDepth);
  }
  uint32_t Val = G.newNode(), Ptr = G.newNode();
  S.addPts(Val, S.locFor(It->second, 0));
  S.addGep(nodeOf(CB.getArgOperand(E.Param)), Ptr, E.Offset);
  S.addStore(Val, Ptr);
}

void ConstraintBuilder::bindArgument(const CallBase &CB, const Function &F,
                                     unsigned Pos, uint32_t Arg) {
  if (Pos < F.arg_size())
    S.addCopy(Arg, nodeOf(F.getArg(Pos)));
  else if (F.isVarArg())
    S.storeTo(S.locFor(varArgObject(F), AnyOffset), Arg);
}

void ConstraintBuilder::findForwardings() {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || CB->getCalledFunction() || CB->isInlineAsm())
        continue;
      // At -O0 through the parameter's spill slot, stored once and only
      // loaded (so no one can change it in between).
      auto *Fn = dyn_cast<Argument>(throughSlot(CB->getCalledOperand()));
      if (!Fn)
        continue;
      for (unsigned K = 0; K < CB->arg_size(); ++K) {
        auto *A = dyn_cast<Argument>(throughSlot(CB->getArgOperand(K)));
        if (!A || A == Fn || !mayHoldPointer(A->getType()))
          continue;
        Forwardings[&F].push_back({CB, Fn->getArgNo(), A->getArgNo(), K});
        ForwardedArgs.insert({CB, K});
      }
    }
}

/// Whether an indirect call CB may reach F: the same number of parameters
/// (unless F is variadic) of the same IR types. Return types are not
/// compared: casting `int f(void *)` to `void (*)(void *)` is common.
static bool mayBeCalledAs(const Function &F, const CallBase &CB) {
  FunctionType *FT = F.getFunctionType(), *CT = CB.getFunctionType();
  if (FT->isVarArg() ? CT->getNumParams() < FT->getNumParams()
                     : CT->getNumParams() != FT->getNumParams())
    return false;
  for (unsigned I = 0; I < FT->getNumParams(); ++I)
    if (FT->getParamType(I) != CT->getParamType(I))
      return false;
  return true;
}

void ConstraintBuilder::pointeeFound(const ComplexConstraint &C, ObjectId Obj) {
  // Only functions are called; binding may add objects, so O is read
  // first.
  const MemObject &O = Objects[Obj];
  auto *F = dyn_cast_or_null<Function>(O.Site);
  if (O.Kind != ObjectKind::Function || !F)
    return;
  switch (C.K) {
  case ComplexConstraint::IndirectCall: {
    if (!mayBeCalledAs(*F, *C.CB)) {
      S.compromise("indirect-call-signature: a function whose parameters "
                   "differ from an indirect call's is not taken as its "
                   "callee (such a call is undefined behaviour in C)");
      return;
    }
    auto &Cs = CalleeMap[C.CB];
    if (std::find(Cs.begin(), Cs.end(), F) == Cs.end())
      Cs.push_back(F);
    bindCall(*C.CB, *F);
    return;
  }
  case ComplexConstraint::ThreadRoutine:
    // Any defined function is a start routine, whatever its type: one
    // declared without a prototype (`void *t()`) or cast from another
    // signature has no parameter for the argument, or one of another type.
    if (F->isDeclaration())
      return;
    bindArgument(*C.CB, *F, 0, C.Arg);
    if (!StartSeen.insert({C.CB, F}).second)
      return;
    Starts.push_back({C.CB, F});
    // Its result reaches whoever joins it. One node for all routines: a
    // join's handle is an integer the analysis does not follow.
    S.addCopy(returnNode(*F), threadResultNode());
    return;
  case ComplexConstraint::LibcCallback: {
    // qsort(base, n, size, cmp): cmp runs during the call, at the call site,
    // with pointers into the call's pointer arguments.
    if (F->isDeclaration())
      return;
    auto &Cs = Callbacks[C.CB];
    if (std::find(Cs.begin(), Cs.end(), F) != Cs.end())
      return;
    Cs.push_back(F);
    for (const Argument &A : F->args())
      if (mayHoldPointer(A.getType()))
        S.addCopy(C.Arg, nodeOf(&A));
    return;
  }
  case ComplexConstraint::ExitHandler:
    // exit-handlers: __cxa_atexit(dtor, obj, dso) runs dtor(obj) at exit,
    // pthread_key_create's destructor at a thread's end, not at the
    // registration, so no callback of the call.
    if (!F->isDeclaration())
      bindArgument(*C.CB, *F, C.Pair, C.Arg); // on_exit's: the second.
    return;
  case ComplexConstraint::EnvCall:
    // A library's callers may call any function whose address escaped to
    // them, with their memory (env-parameters).
    if (!F->isDeclaration())
      bindCallerMemory(*F);
    return;
  case ComplexConstraint::ForwardedCall:
    // The call site passes callee F and argument C.Arg: if F is among the
    // forwarding call's callees, it gets the argument.
    if (F->isDeclaration() || !mayBeCalledAs(*F, *C.CB))
      return;
    bindArgument(*C.CB, *F, C.Pair, C.Arg);
    return;
  case ComplexConstraint::VirtualTarget:
    // virtual-receivers: this receiver's own vtable slot holds F.
    if (F->isDeclaration() || F->arg_size() == 0 || !mayBeCalledAs(*F, *C.CB) ||
        !Receivers.contains(C.CB))
      return;
    S.addCopy(C.Arg, nodeOf(F->getArg(0)));
    return;
  case ComplexConstraint::VirtualReceiver:
  case ComplexConstraint::CopySrc:
  case ComplexConstraint::CopyDst:
    llvm_unreachable("these constraints see locations, not objects");
  }
}

//===----------------------------------------------------------------------===//
// A library's callers
//===----------------------------------------------------------------------===//

ObjectId ConstraintBuilder::callerMemory(const Argument &A) {
  return callerMemory(pointeeTypeName(A));
}

ObjectId ConstraintBuilder::callerMemory(const std::string &Key) {
  auto It = CallerMemory.find(Key);
  if (It != CallerMemory.end())
    return It->second;
  std::string Name = Key.empty()
                         ? "memory passed by the library's callers"
                         : "a '" + Key + "' passed by the library's callers";
  ObjectId O = newObject(ObjectKind::Heap, nullptr, Name, 0);
  CallerMemory[Key] = O;
  // The callers hold it: what the library stores there escapes to them.
  S.addPts(escapedNode(), S.locFor(O, 0));
  // What it holds when the library is called is the callers' too, or what
  // the library's other units (or its earlier calls) left there
  // (`strm->internal`): untyped memory of theirs, the object `void *`
  // parameters get. Without it a callback stored through such a pointer
  // (`strm->internal->next.code = &encode`) would escape nowhere and the
  // threads it starts would be lost. A slot for a pointer to T (`ctx
  // **out`) holds the callers' T instead, and what the library leaves there
  // goes back to T's parameters (env-handles).
  StringRef Slot(Key);
  bool IsSlot = Slot.consume_back(" *");
  // typed-caller-memory: a record the debug information describes holds,
  // in each pointer member, the callers' memory of the member's pointee
  // type, and what the library leaves there goes back to that type's
  // parameters, as for a slot.
  if (std::optional<std::vector<PointerMember>> Members =
          IsSlot ? std::nullopt : recordPointers(Key)) {
    for (const PointerMember &PM : *Members) {
      uint32_t L = S.locFor(O, PM.Offset);
      uint32_t Held = G.newNode();
      S.addPts(Held, S.locFor(callerMemory(PM.Pointee), 0));
      S.storeTo(L, Held);
      if (!PM.Pointee.empty())
        S.loadFrom(L, givenOutNode(PM.Pointee));
    }
    return O;
  }
  ObjectId Inner = Key.empty() ? O
                   : IsSlot    ? callerMemory(Slot.str())
                               : callerMemory(std::string());
  uint32_t Held = G.newNode();
  S.addPts(Held, S.locFor(Inner, 0));
  S.storeTo(S.locFor(O, AnyOffset), Held);
  if (IsSlot)
    S.loadFrom(S.locFor(O, 0), givenOutNode(Slot.str()));
  return O;
}

std::optional<std::vector<PointerMember>>
ConstraintBuilder::recordPointers(const std::string &Key) {
  if (Key.empty())
    return std::nullopt;
  if (!RecordTypes)
    RecordTypes = namedRecordTypes(M);
  auto It = RecordTypes->find(Key);
  if (It == RecordTypes->end())
    return std::nullopt;
  return pointerMembers(*It->second, MaxCallerPointers);
}

uint32_t ConstraintBuilder::givenOutNode(const std::string &Key) {
  auto [It, New] = GivenOut.try_emplace(Key, 0);
  if (New)
    It->second = G.newNode();
  return It->second;
}

void ConstraintBuilder::bindCallerMemory(const Function &F) {
  if (!EnvCalled.insert(&F).second)
    return;
  // env-handles: a pointer parameter also gets what the library returned
  // as a pointer to the same type (`c = lib_create(); lib_op(c)`), so that
  // lib_op's accesses meet those of the threads lib_create started.
  // Untyped pointers (`void *`, `char *`: strings, buffers) are not passed
  // back: every such parameter would point to every string and buffer the
  // library returns, which took librdkafka under LTO from 44% to 56% of
  // accesses past the points-to budget.
  for (const Argument &A : F.args())
    if (mayHoldPointer(A.getType())) {
      std::string Key = pointeeTypeName(A);
      S.addPts(nodeOf(&A), S.locFor(callerMemory(Key), 0));
      if (!Key.empty())
        S.addCopy(givenOutNode(Key), nodeOf(&A));
    }
  if (mayHoldPointer(F.getReturnType())) {
    // The callers get back what they passed too (returned-argument).
    SmallVector<uint32_t, 4> Returned{returnNode(F)};
    if (auto It = ReturnedArgs.find(&F); It != ReturnedArgs.end()) {
      for (unsigned I : It->second.Params)
        Returned.push_back(nodeOf(F.getArg(I)));
      for (const Value *P : It->second.Paths)
        Returned.push_back(nodeOf(P));
    }
    std::string Key = returnPointeeTypeName(F);
    for (uint32_t R : Returned) {
      S.addCopy(R, escapedNode());
      if (!Key.empty())
        S.addCopy(R, givenOutNode(Key));
    }
  }
}

void ConstraintBuilder::addCallerMemory() {
  const Function *Main = M.getFunction("main");
  if (Main && !Main->isDeclaration())
    return;
  // A library module (compromise "env-parameters"): its exported functions
  // are called from outside with memory of the callers' own, one object
  // per type the parameters point to (by debug information); what they
  // return escapes. Functions whose address escaped are called so too.
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasExternalLinkage())
      bindCallerMemory(F);
  ComplexConstraint X;
  X.K = ComplexConstraint::EnvCall;
  S.addComplex(escapedNode(), X);
  S.compromise("env-parameters: a library's exported functions receive "
               "pointers to the start of their callers' objects, one object "
               "per pointee type, whose pointer members lead to the "
               "callers' objects of their pointee types (by debug "
               "information; to one untyped object of the callers' where "
               "it says nothing), and pointers the library returned to "
               "the same type (results, out-parameters and members); "
               "pointers into the middle of caller objects, and the "
               "library's objects passed back through another type or an "
               "undescribed field of the callers' memory, are not "
               "modelled");
}

} // namespace racesift
