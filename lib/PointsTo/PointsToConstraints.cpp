//===- PointsToConstraints.cpp - Constraints of IR instructions -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The constraint builder's share that maps each instruction, libc call and
// thread creation to points-to constraints, and resolves std::thread start
// routines after solving.
//
//===----------------------------------------------------------------------===//

#include "ConstraintBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace racesift {

void ConstraintBuilder::visit(Instruction &I) {
  if (visitMemberPointer(I) || visitAtomicPointer(I) || visitAggregate(I))
    return;
  if (auto *AI = dyn_cast<AllocaInst>(&I)) {
    std::optional<TypeSize> Sz = AI->getAllocationSize(DL);
    uint64_t Size = Sz && !Sz->isScalable() ? Sz->getFixedValue() : 0;
    std::string Name = AI->hasName() ? AI->getName().str() : "stack";
    ObjectId O = newObject(ObjectKind::Stack, AI, Name, Size);
    // A VLA (`alloca T, n`) is an array of T too.
    auto *Count = dyn_cast<ConstantInt>(AI->getArraySize());
    Objects[O].ElemSize =
        Count && Count->isOne()
            ? arrayElementSize(AI->getAllocatedType())
            : DL.getTypeAllocSize(AI->getAllocatedType()).getKnownMinValue();
    // Prefer the source name from llvm.dbg.declare / #dbg_declare.
    auto Take = [&](const DILocalVariable *V) {
      Objects[O].Name = V->getName().str();
      Objects[O].Type = V->getType();
    };
    for (DbgVariableRecord *DVR : findDVRDeclares(AI))
      Take(DVR->getVariable());
    for (DbgDeclareInst *DDI : findDbgDeclares(AI))
      Take(DDI->getVariable());
    // At -O1 and above clang's declare-to-assign turns the declares into
    // assignment markers linked to the alloca (assignment tracking).
    if (Objects[O].Name == Name) {
      for (DbgVariableRecord *DVR : at::getDVRAssignmentMarkers(AI))
        Take(DVR->getVariable());
      for (DbgAssignIntrinsic *DAI : at::getAssignmentMarkers(AI))
        Take(DAI->getVariable());
    }
    S.addPts(nodeOf(AI), S.locFor(O, 0));
    return;
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    addGepConstraint(*cast<GEPOperator>(GEP), nodeOf(GEP));
    return;
  }
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    if (!mayHoldPointer(LI->getType()) ||
        PromotedSlots.contains(LI->getPointerOperand()))
      return;
    uint32_t Slot = onceCallableSlot(I, LI->getPointerOperand());
    if (Slot != ConstraintGraph::NoNode)
      S.addCopy(Slot, nodeOf(LI));
    else
      S.addLoad(nodeOf(LI->getPointerOperand()), nodeOf(LI));
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    Value *V = SI->getValueOperand();
    // init-clone: its callers store their own objects instead.
    if (!mayHoldPointer(V->getType()) || isa<ConstantPointerNull>(V) ||
        PromotedSlots.contains(SI->getPointerOperand()) ||
        Inits.Dropped.contains(SI))
      return;
    S.addStore(nodeOf(V), nodeOf(SI->getPointerOperand()));
    uint32_t Slot = onceCallableSlot(I, SI->getPointerOperand());
    if (Slot != ConstraintGraph::NoNode)
      S.addCopy(nodeOf(V), Slot);
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (RMW->getType()->isPointerTy()) {
      S.addStore(nodeOf(RMW->getValOperand()),
                 nodeOf(RMW->getPointerOperand()));
      S.addLoad(nodeOf(RMW->getPointerOperand()), nodeOf(RMW));
    }
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (CX->getNewValOperand()->getType()->isPointerTy()) {
      S.addStore(nodeOf(CX->getNewValOperand()),
                 nodeOf(CX->getPointerOperand()));
      S.addLoad(nodeOf(CX->getPointerOperand()), nodeOf(CX));
    }
    return;
  }
  if (auto *RI = dyn_cast<ReturnInst>(&I)) {
    Value *V = RI->getReturnValue();
    if (!V || !mayHoldPointer(V->getType()))
      return;
    const Function &F = *RI->getFunction();
    auto It = ReturnedArgs.find(&F);
    if (It == ReturnedArgs.end()) {
      S.addCopy(nodeOf(V), returnNode(F));
      return;
    }
    // returned-argument: the parameters are bound per call (bindCall).
    if (ReturnsBound.insert(&F).second) {
      for (const Value *Other : It->second.Others)
        S.addCopy(nodeOf(Other), returnNode(F));
      for (const Function *Callee : It->second.ReturnsOf)
        S.addCopy(returnNode(*Callee), returnNode(F));
    }
    return;
  }
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    visitCall(*CB);
    return;
  }
  if (isa<IntToPtrInst>(I)) {
    S.addPts(nodeOf(&I), S.locFor(unknownObject("inttoptr"), AnyOffset));
    return;
  }
  if (!mayHoldPointer(I.getType()))
    return;
  if (isa<PHINode>(I) || isa<SelectInst>(I) || isa<CastInst>(I) ||
      isa<FreezeInst>(I) || isa<InsertValueInst>(I) ||
      isa<ExtractValueInst>(I) || isa<ExtractElementInst>(I) ||
      isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I)) {
    uint32_t N = nodeOf(&I);
    unsigned First = isa<SelectInst>(I) ? 1 : 0;
    for (unsigned Op = First; Op < I.getNumOperands(); ++Op) {
      Value *V = I.getOperand(Op);
      if (mayHoldPointer(V->getType()) && !isa<ConstantPointerNull>(V))
        S.addCopy(nodeOf(V), N);
    }
    return;
  }
  if (auto *VA = dyn_cast<VAArgInst>(&I)) {
    if (mayHoldPointer(VA->getType()))
      loadVarArg(VA->getPointerOperand(), nodeOf(VA));
    return;
  }
}

ObjectId ConstraintBuilder::varArgObject(const Function &F) {
  auto It = VarArgObj.find(&F);
  if (It != VarArgObj.end())
    return It->second;
  ObjectId O =
      newObject(ObjectKind::Stack, nullptr,
                ("<variadic arguments of " + F.getName() + ">").str(), 0);
  return VarArgObj[&F] = O;
}

void ConstraintBuilder::startVarArgs(const Function &F, const Value *List) {
  // The va_list's fields (x86-64: reg_save_area, overflow_arg_area) all
  // point into the argument object; offsets into it are computed at run
  // time, so its contents are written and read at AnyOffset.
  uint32_t Args = G.newNode(), Fields = G.newNode();
  S.addPts(Args, S.locFor(varArgObject(F), 0));
  S.addGep(nodeOf(List), Fields, AnyOffset);
  S.addStore(Args, Fields);
}

void ConstraintBuilder::loadVarArg(const Value *List, uint32_t Dst) {
  uint32_t Fields = G.newNode(), Area = G.newNode(), Slot = G.newNode();
  S.addGep(nodeOf(List), Fields, AnyOffset);
  S.addLoad(Fields, Area);
  S.addGep(Area, Slot, AnyOffset);
  S.addLoad(Slot, Dst);
}

/// A C++ function whose mangled parameters include no function pointer or
/// reference and no `...`: under unknown-external-callback (only functions
/// passed as arguments are called back) it calls nothing back. Without this,
/// a pointer whose set the analysis smeared over vtable slots (a tree node
/// loaded at AnyOffset) made `_Rb_tree_increment(node)` call every virtual
/// method it held, with objects of its own as `this`.
static bool takesNoFunction(const Function &F) {
  std::optional<DemangledFunction> D = demangleFunction(F.getName());
  return D && !StringRef(D->Params).contains(")(") &&
         !StringRef(D->Params).contains("...");
}

bool isAllocator(StringRef N) {
  const LibcFunction *R = lookupLibc(N);
  return R && R->Ret == LibcReturn::Fresh;
}

ObjectId ConstraintBuilder::heapObject(const CallBase &CB) {
  auto It = SiteObject.find(&CB);
  if (It != SiteObject.end())
    return It->second;
  SourceLoc L = sourceLocOf(CB);
  std::string Name = "heap@";
  if (L.known())
    Name += sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
  else
    Name += L.Function;
  // Sites on one line (a header used by several instantiations) get "#n".
  unsigned &Seen = HeapNames[Name];
  if (Seen++)
    Name += "#" + std::to_string(Seen);
  // A constant size bounds the fields; calloc multiplies its two arguments.
  uint64_t Size = 0;
  const Function *CF = CB.getCalledFunction();
  StringRef Callee = CF ? CF->getName() : "";
  auto ConstArg = [&](unsigned I) -> uint64_t {
    if (I < CB.arg_size())
      if (auto *C = dyn_cast<ConstantInt>(CB.getArgOperand(I)))
        return C->getZExtValue();
    return 0;
  };
  if (AllocWrappers.Functions.count(CF)) {
    // Only a wrapper that hands its parameters to malloc or calloc as they
    // are says the size at its call site.
    if (std::optional<WrapperSize> WS = wrapperSizeParams(*CF))
      Size = ConstArg(WS->First) * (WS->Second ? ConstArg(*WS->Second) : 1);
  } else if (Callee == "malloc" || Callee.starts_with("_Zn"))
    Size = ConstArg(0);
  else if (Callee == "calloc")
    Size = ConstArg(0) * ConstArg(1);
  ObjectId O = newObject(ObjectKind::Heap, &CB, Name, Size);
  Objects[O].ElemSize = heapElementSize(CB);
  if (!Objects[O].ElemSize && Size)
    Objects[O].ElemSize = indexedElementSize(CB, Size);
  return O;
}

ObjectId ConstraintBuilder::hiddenObject(StringRef Group) {
  auto It = HiddenObj.find(Group);
  if (It != HiddenObj.end())
    return It->second;
  // Static storage of the library: one concrete object, like a global.
  ObjectId O = newObject(ObjectKind::Global, nullptr,
                         ("the hidden state of " + Group).str(), 0);
  Objects[O].Singleton = true;
  return HiddenObj[Group] = O;
}

ObjectId ConstraintBuilder::threadSpecificObject() {
  if (ThreadSpecific != InvalidObject)
    return ThreadSpecific;
  // One per thread, like a __thread global: what pthread_setspecific keeps
  // for the calling thread, under any key.
  ThreadSpecific = newObject(ObjectKind::Global, nullptr,
                             "the thread's thread-specific data", 0);
  Objects[ThreadSpecific].ThreadLocal = true;
  return ThreadSpecific;
}

ObjectId ConstraintBuilder::ownObject(const Function &F, bool ThreadLocal) {
  auto It = ExternalObj.find(&F);
  if (It != ExternalObj.end())
    return It->second;
  ObjectId O =
      newObject(ObjectKind::External, nullptr, ("ext@" + F.getName()).str(), 0);
  Objects[O].ThreadLocal = ThreadLocal;
  return ExternalObj[&F] = O;
}

void ConstraintBuilder::modelLibc(const CallBase &CB, const Function &F,
                                  const LibcFunction &Row) {
  auto Arg = [&](int I) -> const Value * {
    return I >= 0 && unsigned(I) < CB.arg_size() &&
                   CB.getArgOperand(I)->getType()->isPointerTy()
               ? CB.getArgOperand(I)
               : nullptr;
  };
  /// A node holding argument I at AnyOffset: a pointer anywhere into it.
  auto AnyInto = [&](int I) {
    uint32_t T = G.newNode();
    if (const Value *A = Arg(I))
      S.addGep(nodeOf(A), T, AnyOffset);
    return T;
  };
  /// Linked nodes (Row.LinkWords): a node holding Args' nodes and every
  /// neighbour their link words hold, transitively; with Relink, any of them
  /// may be stored into any link word. Only the link words are read, so a
  /// header that is a field of a larger struct does not bring in the
  /// pointers in the struct's other fields.
  auto LinkedNodes = [&](ArrayRef<int> Args, bool Relink) {
    uint32_t Nodes = G.newNode();
    for (int I : Args)
      if (const Value *A = Arg(I))
        S.addCopy(nodeOf(A), Nodes);
    int64_t Word = DL.getPointerSize();
    for (unsigned W = Row.LinkWords->first; W <= Row.LinkWords->second; ++W) {
      uint32_t Link = G.newNode();
      S.addGep(Nodes, Link, W * Word);
      S.addLoad(Link, Nodes);
      if (Relink)
        S.addStore(Nodes, Link);
    }
    return Nodes;
  };
  bool RetPtr = mayHoldPointer(CB.getType());
  if (Row.Name.starts_with("_Zd"))
    S.compromise("cxx-delete: operator delete is not a write of the block");
  StringRef Fmt;
  bool VaListPrint = Row.Format == LibcFormat::None &&
                     any_of(Row.Accesses, [](const LibcAccess &A) {
                       return A.Extent == LibcExtent::VaList && !A.IsWrite;
                     });
  if (VaListPrint ||
      (Row.Format == LibcFormat::Print &&
       unsigned(Row.FormatArg) < CB.arg_size() &&
       !getConstantStringInfo(CB.getArgOperand(Row.FormatArg), Fmt)))
    S.compromise("printf-n: the arguments of a printf without a constant "
                 "format are only read");
  if (!Row.Hidden.empty())
    hiddenObject(Row.Hidden); // Its accesses need the object.
  // Thread-specific data (tsd-thread-local): a value set under a key is
  // the calling thread's; pthread_getspecific returns only what this
  // thread set. Before, the value escaped to every thread.
  StringRef N = F.getName();
  if (N == "pthread_setspecific" || N == "tss_set") {
    if (const Value *V = Arg(1))
      S.storeTo(S.locFor(threadSpecificObject(), 0), nodeOf(V));
    return;
  }
  if (N == "pthread_getspecific" || N == "tss_get") {
    if (RetPtr)
      S.loadFrom(S.locFor(threadSpecificObject(), 0), nodeOf(&CB));
    return;
  }
  switch (Row.Ret) {
  case LibcReturn::None:
    break;
  case LibcReturn::Fresh:
    S.addPts(nodeOf(&CB), S.locFor(heapObject(CB), 0));
    if (Row.CopiesPointers && Arg(0))
      addMemCopy(&CB, Arg(0)); // realloc keeps the old block's contents.
    break;
  case LibcReturn::IntoArg:
    if (RetPtr && Arg(Row.RetArg))
      S.addGep(nodeOf(Arg(Row.RetArg)), nodeOf(&CB), AnyOffset);
    break;
  case LibcReturn::Arg:
    if (RetPtr && Arg(Row.RetArg))
      S.addCopy(nodeOf(Arg(Row.RetArg)), nodeOf(&CB));
    break;
  case LibcReturn::StoredIn:
    if (RetPtr && Arg(Row.RetArg) && Row.LinkWords) {
      S.addCopy(LinkedNodes({Row.RetArg}, /*Relink=*/false), nodeOf(&CB));
    } else if (RetPtr && Arg(Row.RetArg)) {
      S.addCopy(nodeOf(Arg(Row.RetArg)), nodeOf(&CB));
      S.addLoad(AnyInto(Row.RetArg), nodeOf(&CB));
    }
    break;
  case LibcReturn::Hidden:
    if (RetPtr)
      S.addPts(nodeOf(&CB), S.locFor(hiddenObject(Row.Hidden), 0));
    break;
  case LibcReturn::Own:
  case LibcReturn::ThreadLocal:
    if (RetPtr)
      S.addPts(nodeOf(&CB),
               S.locFor(ownObject(F, Row.Ret == LibcReturn::ThreadLocal),
                        AnyOffset));
    break;
  case LibcReturn::Escaped:
    if (RetPtr && UnknownResultsOwnOnly)
      S.addPts(nodeOf(&CB), S.locFor(ownObject(F, false), AnyOffset));
    else if (RetPtr)
      S.addCopy(escapedNode(), nodeOf(&CB));
    break;
  }
  if (Row.Links && Row.LinkWords) {
    SmallVector<int, 4> All;
    for (unsigned I = 0; I < CB.arg_size(); ++I)
      All.push_back(I);
    LinkedNodes(All, /*Relink=*/true);
  } else if (Row.Links) {
    for (unsigned I = 0; I < CB.arg_size(); ++I)
      for (unsigned J = 0; J < CB.arg_size(); ++J)
        if (I != J && Arg(I) && Arg(J))
          S.addStore(AnyInto(I), nodeOf(Arg(J)));
  }
  if (Row.CopiesPointers && Row.Ret != LibcReturn::Fresh && Arg(0) && Arg(1))
    addMemCopy(Arg(0), Arg(1),
               CB.arg_size() > 2 ? CB.getArgOperand(2) : nullptr);
  if (const Value *Into = Arg(Row.StoresArg0Into))
    S.addStore(AnyInto(0), nodeOf(Into));
  if (const Value *Into = Arg(Row.StoresFreshInto)) {
    uint32_t T = G.newNode();
    S.addPts(T, S.locFor(heapObject(CB), 0));
    S.addStore(T, nodeOf(Into));
  }
  if (Row.KeepsArg0) {
    // strtok(s, ...) keeps s; strtok(NULL, ...) goes on from it.
    uint32_t State = S.locFor(hiddenObject(Row.Hidden), 0);
    S.storeTo(State, AnyInto(0));
    if (RetPtr)
      S.loadFrom(State, nodeOf(&CB));
  }
  if (const Value *Kept = Arg(Row.Escapes))
    S.addCopy(nodeOf(Kept), escapedNode());
  // pointer-channels: the pointers one thread writes into a pipe or an
  // epoll set, another reads back.
  // Through ChannelDepth - 1 pointers first (an iovec's base).
  auto Bytes = [&](int I) {
    uint32_t N = AnyInto(I);
    for (unsigned D = 1; D < Row.ChannelDepth; ++D) {
      uint32_t Loaded = G.newNode(), Fields = G.newNode();
      S.addLoad(N, Loaded);
      S.addGep(Loaded, Fields, AnyOffset);
      N = Fields;
    }
    return N;
  };
  if (Arg(Row.SendsArg))
    S.addLoad(Bytes(Row.SendsArg), channelNode(Row.Channel));
  if (Arg(Row.ReceivesArg))
    S.addStore(channelNode(Row.Channel), Bytes(Row.ReceivesArg));
  if (const Value *Fn = Arg(Row.Callback)) {
    // The callback gets pointers into the call's pointer arguments.
    uint32_t Args = G.newNode();
    for (unsigned I = 0; I < CB.arg_size(); ++I)
      if (int(I) != Row.Callback && Arg(I))
        S.addGep(nodeOf(Arg(I)), Args, AnyOffset);
    ComplexConstraint X;
    X.K = ComplexConstraint::LibcCallback;
    X.CB = &CB;
    X.Arg = Args;
    S.addComplex(nodeOf(Fn), X);
  }
}

void ConstraintBuilder::modelExternal(const CallBase &CB, const Function &F) {
  StringRef N = F.getName();
  if (const CreateApi *C = lookupCreateApi(N)) {
    auto Arg = [&](int I) {
      return I >= 0 && unsigned(I) < CB.arg_size() ? CB.getArgOperand(I)
                                                   : nullptr;
    };
    ComplexConstraint X;
    X.K = ComplexConstraint::ThreadRoutine;
    X.CB = &CB;
    X.Arg = Arg(C->ArgArg) ? nodeOf(Arg(C->ArgArg)) : G.newNode();
    if (Arg(C->RoutineArg))
      S.addComplex(nodeOf(Arg(C->RoutineArg)), X);
    if (Arg(C->TableArg)) {
      // Every function the table holds is a routine.
      uint32_t Fields = G.newNode(), Fns = G.newNode();
      S.addGep(nodeOf(Arg(C->TableArg)), Fields, AnyOffset);
      S.addLoad(Fields, Fns);
      if (C->ArgInTable)
        X.Arg = Fns; // sigev_value among them.
      S.addComplex(Fns, X);
    }
    if (!C->Library)
      return;
    // What else the library is given escapes, and other callbacks may run
    // at the call (after_work_cb), as for any unknown function.
  }
  // thread-results: pthread_exit's value and a routine's result are what
  // pthread_join stores through its second argument.
  if (N == "pthread_exit" && CB.arg_size() == 1) {
    S.addCopy(nodeOf(CB.getArgOperand(0)), threadResultNode());
    return;
  }
  if (N == "pthread_join" && CB.arg_size() == 2) {
    S.addStore(threadResultNode(), nodeOf(CB.getArgOperand(1)));
    return;
  }
  // exit-handlers: the function a registration names runs later (at exit,
  // at a thread's end), not at the call; Arg is bound to its parameter Pair.
  auto ExitHandler = [&](const Value *Fn, NodeId Arg, unsigned Pair) {
    ComplexConstraint X;
    X.K = ComplexConstraint::ExitHandler;
    X.CB = &CB;
    X.Arg = Arg;
    X.Pair = Pair;
    S.addComplex(nodeOf(Fn), X);
  };
  // A C++ static or thread_local object's destructor, registered by its
  // constructor.
  if ((N == "__cxa_atexit" || N == "__cxa_thread_atexit") && CB.arg_size() == 3)
    return ExitHandler(CB.getArgOperand(0), nodeOf(CB.getArgOperand(1)), 0);
  // exception-destructor: std::make_exception_ptr's __cxa_init_primary_
  // exception(obj, tinfo, dest) runs dest(obj) when the last exception_ptr
  // to obj goes, not at the call (its row gives the result). As an unknown
  // function it called dest back with escaped memory, and the destructor
  // stored vtable pointers into every escaped object.
  if (N == "__cxa_init_primary_exception" && CB.arg_size() == 3)
    ExitHandler(CB.getArgOperand(2), nodeOf(CB.getArgOperand(0)), 0);
  // fn(status, arg) at exit.
  if (N == "on_exit" && CB.arg_size() == 2)
    return ExitHandler(CB.getArgOperand(0), nodeOf(CB.getArgOperand(1)), 1);
  // key-destructors: run at a thread's end on its value for the key.
  if ((N == "pthread_key_create" || N == "tss_create") && CB.arg_size() == 2) {
    NodeId Value = G.newNode();
    S.loadFrom(S.locFor(threadSpecificObject(), 0), Value);
    return ExitHandler(CB.getArgOperand(1), Value, 0);
  }
  if (const LibcFunction *Row = lookupLibc(N)) {
    modelLibc(CB, F, *Row);
    return;
  }
  // Threading APIs other than those in the libc table return no pointers.
  bool ThreadApi = N.starts_with("pthread_") || N.starts_with("sem_") ||
                   N.starts_with("mtx_") || N.starts_with("cnd_") ||
                   N.starts_with("thrd_");
  if (ThreadApi || lookupSyncApi(N) || isCxxStartThread(N) ||
      N.starts_with("llvm."))
    return;
  // Rule "unknown-external": the pointer arguments escape; the result points
  // to an External object of the callee's own or to anything escaped; a
  // function passed as an argument may be called back, with escaped memory.
  uint32_t E = escapedNode();
  // Under compromise "unknown-external-result" what the function hands out
  // (its result, its callbacks' arguments) is its own object only.
  uint32_t Handed = E;
  if (UnknownResultsOwnOnly) {
    Handed = G.newNode();
    S.addPts(Handed, S.locFor(ownObject(F, false), AnyOffset));
  }
  if (mayHoldPointer(CB.getType())) {
    S.addPts(nodeOf(&CB), S.locFor(ownObject(F, false), AnyOffset));
    if (!UnknownResultsOwnOnly)
      S.addCopy(E, nodeOf(&CB));
  }
  bool MayCallBack = !takesNoFunction(F);
  for (const Use &A : CB.args()) {
    if (!mayHoldPointer(A->getType()))
      continue;
    S.addCopy(nodeOf(A), E);
    if (!MayCallBack)
      continue;
    ComplexConstraint X;
    X.K = ComplexConstraint::LibcCallback;
    X.CB = &CB;
    X.Arg = Handed;
    S.addComplex(nodeOf(A), X);
  }
  S.compromise(("unknown-external: " + N).str());
  S.compromise("unknown-external-callback: unknown functions call back only "
               "functions passed to them, once, at the call");
}

// once-callable: std::call_once(flag, f, args...) stores the address of
// its closure in the thread-local std::__once_callable (in
// once_flag::_Prepare_execution's constructor) right before pthread_once,
// whose routine (__once_proxy, through std::__once_call) runs the lambda
// of that constructor, which reads it back. Every instantiation shares the
// one variable, so each closure type's operator() was run on every call_once
// closure of the program: std::async's _M_do_set read its std::function
// from thread::join's closure, which smeared the whole shared state. The
// read happens on the same thread before anything else can set it, so the
// lambda of an instantiation reads what that instantiation stored.
uint32_t ConstraintBuilder::onceCallableSlot(const Instruction &I,
                                             const Value *Ptr) {
  if (auto *II = dyn_cast<IntrinsicInst>(Ptr);
      II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
    Ptr = II->getArgOperand(0);
  auto *GV = dyn_cast<GlobalVariable>(Ptr);
  if (!GV || GV->getName() != "_ZSt15__once_callable")
    return ConstraintGraph::NoNode;
  // The constructor is _ZNSt9once_flag18_Prepare_executionC{1,2}I<rest>;
  // its lambda's operator() is _ZZ...C1I<rest>E<the lambda>.
  auto Rest = [](StringRef Name, StringRef Prefix) -> std::optional<StringRef> {
    if (!Name.consume_front(Prefix) || Name.size() < 2 ||
        (Name[0] != '1' && Name[0] != '2') || Name[1] != 'I')
      return std::nullopt;
    return Name.drop_front(2);
  };
  constexpr StringRef Ctor = "_ZNSt9once_flag18_Prepare_executionC";
  if (!OnceExecutions) {
    OnceExecutions.emplace();
    for (const Function &F : M)
      if (std::optional<StringRef> R = Rest(F.getName(), Ctor))
        OnceExecutions->push_back({R->str(), G.newNode()});
  }
  StringRef Name = I.getFunction()->getName();
  if (std::optional<StringRef> R = Rest(Name, Ctor)) {
    for (auto &[Key, Slot] : *OnceExecutions)
      if (Key == *R)
        return Slot;
  } else if (std::optional<StringRef> R =
                 Rest(Name, ("_ZZ" + Ctor.drop_front(2)).str())) {
    for (auto &[Key, Slot] : *OnceExecutions)
      if (R->starts_with(Key) && R->drop_front(Key.size()).starts_with("E"))
        return Slot;
  }
  return ConstraintGraph::NoNode;
}

void ConstraintBuilder::visitCall(CallBase &CB) {
  if (auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::memcpy:
    case Intrinsic::memcpy_inline:
    case Intrinsic::memmove:
      addMemCopy(II->getArgOperand(0), II->getArgOperand(1),
                 II->getArgOperand(2));
      return;
    case Intrinsic::vacopy:
      addMemCopy(II->getArgOperand(0), II->getArgOperand(1));
      return;
    case Intrinsic::vastart:
      startVarArgs(*II->getFunction(), II->getArgOperand(0));
      return;
    case Intrinsic::threadlocal_address:
    case Intrinsic::ptr_annotation:
    case Intrinsic::ptrmask:
    case Intrinsic::launder_invariant_group:
    case Intrinsic::strip_invariant_group:
      S.addCopy(nodeOf(II->getArgOperand(0)), nodeOf(II));
      return;
    default:
      return;
    }
  }
  Value *Callee = CB.getCalledOperand()->stripPointerCasts();
  if (auto *F = dyn_cast<Function>(Callee)) {
    CalleeMap[&CB] = {F};
    bindCall(CB, *F);
    return;
  }
  if (isa<InlineAsm>(Callee)) {
    S.compromise("inline-asm: no pointer effects assumed");
    return;
  }
  addVirtualCall(CB);
  ComplexConstraint X;
  X.K = ComplexConstraint::IndirectCall;
  X.CB = &CB;
  S.addComplex(nodeOf(Callee), X);
}

void ConstraintBuilder::addMemCopy(const Value *Dst, const Value *Src,
                                   const Value *Len) {
  uint32_t D = nodeOf(Dst), Sr = nodeOf(Src);
  auto *C = dyn_cast_or_null<ConstantInt>(Len);
  uint64_t Bytes = C && C->getValue().isIntN(32) ? C->getZExtValue() : 0;
  S.addMemCopy(D, Sr, Bytes);
}

std::vector<MemLoc> ConstraintBuilder::solvedPointsTo(const Value *V) const {
  auto It = ValueNode.find(V);
  if (It == ValueNode.end())
    return {};
  std::vector<MemLoc> Out;
  for (unsigned L : G.node(G.find(It->second)).Pts)
    Out.push_back(G.loc(L).Loc);
  llvm::sort(Out);
  return Out;
}

bool ConstraintBuilder::resolveCxxThreads() {
  // _M_start_thread(this, unique_ptr<_State> *, fn): the state object's
  // first word is its vptr; the _M_run override sits in the vtable from the
  // vptr on. The routine's `this` is the state object.
  bool Changed = false;
  for (Function &Fn : M) {
    if (!isCxxStartThread(Fn.getName()))
      continue;
    for (User *U : Fn.users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != &Fn || CB->arg_size() < 2)
        continue;
      std::vector<MemLoc> UPs = solvedPointsTo(CB->getArgOperand(1));
      // Context-insensitivity merges the state objects of all std::thread
      // constructors in unique_ptr's constructor; libstdc++ allocates the
      // state in the constructor that calls _M_start_thread, so prefer
      // states allocated there (choice "cxx-thread-state-locality").
      std::vector<MemLoc> States, Local;
      for (const MemLoc &UP : UPs)
        for (const MemLoc &State : G.contentOf(UP)) {
          States.push_back(State);
          auto *Site = dyn_cast_or_null<Instruction>(Objects[State.Obj].Site);
          if (Site && Site->getFunction() == CB->getFunction())
            Local.push_back(State);
        }
      if (!Local.empty())
        States = Local;
      for (const MemLoc &State : States)
        for (const MemLoc &VPtr : G.contentOf({State.Obj, 0}))
          for (uint32_t Slot : std::vector<uint32_t>(G.object(VPtr.Obj).Locs))
            for (const MemLoc &FnL : G.contentOf(G.loc(Slot).Loc)) {
              auto *Run = dyn_cast_or_null<Function>(Objects[FnL.Obj].Site);
              if (!Run || Run->isDeclaration() ||
                  !Run->getName().contains("_M_run") || Run->arg_size() < 1)
                continue;
              if (!StartSeen.insert({CB, Run}).second)
                continue;
              Starts.push_back({CB, Run});
              uint32_t Tmp = G.newNode();
              S.addPts(Tmp, S.locFor(State.Obj, State.Offset));
              S.addCopy(Tmp, nodeOf(Run->getArg(0)));
              Changed = true;
            }
    }
  }
  return Changed;
}

} // namespace racesift
