//===- Interpreter.cpp - Memory and instructions of a replay --------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Memory is flat and byte-addressed: every object (global, alloca, heap
// block, function) gets a concrete address of its own, so pointers are plain
// 64-bit values, stored and loaded like any other. Addresses are concrete;
// an address that depends on an input is pinned by Z3 if it has one value,
// else the replay gives up (docs/design-validate.md).
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {
namespace validate {

Val Replayer::fresh(Path &P, unsigned W, const std::string &Name) {
  z3::expr E = Ctx.bv_const(("v" + std::to_string(Fresh++)).c_str(), W);
  if (!Name.empty())
    P.Inputs.push_back({Name, E});
  return Val::symbolic(E);
}

Val Replayer::untrusted(Path &P, unsigned W, const std::string &What) {
  Val V = fresh(P, W, "");
  P.Untrusted.push_back({What, *V.E});
  return V;
}

uint64_t Replayer::allocate(Path &P, uint64_t Size) {
  uint64_t Base = P.NextBase;
  // A gap after each object keeps one-past-the-end pointers apart.
  P.NextBase += alignTo(std::max<uint64_t>(Size, 1) + 64, 64);
  P.Objects[Base] = Size;
  return Base;
}

uint64_t Replayer::addressOf(Path &P, const GlobalValue *G) {
  auto It = P.Globals.find(G);
  if (It != P.Globals.end())
    return It->second;
  uint64_t Size = 1;
  if (auto *GV = dyn_cast<GlobalVariable>(G))
    Size = DL.getTypeAllocSize(GV->getValueType());
  uint64_t Addr = allocate(P, Size);
  P.Globals[G] = Addr;
  if (auto *F = dyn_cast<Function>(G))
    P.FunctionAt[Addr] = F;
  // Bytes of a global without a definition are unknown, read lazily; glibc's
  // __libc_single_threaded is 1 until the first thread is created (libstdc++
  // skips atomic operations while it is).
  if (auto *GV = dyn_cast<GlobalVariable>(G)) {
    if (GV->hasDefinitiveInitializer())
      initialise(P, Addr, GV->getInitializer());
    else if (GV->getName() == SingleThreadedFlag)
      P.Mem.set(Addr, Val::constant(8, 1)); // startThread clears it.
  }
  return Addr;
}

void Replayer::initialise(Path &P, uint64_t Addr, const Constant *C) {
  Type *Ty = C->getType();
  if (C->isNullValue()) {
    for (uint64_t I = 0, N = DL.getTypeStoreSize(Ty); I < N; ++I)
      P.Mem.set(Addr + I, Val::constant(8, 0));
    return;
  }
  if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    uint64_t ES = DL.getTypeAllocSize(CDS->getElementType());
    for (unsigned I = 0; I < CDS->getNumElements(); ++I)
      initialise(P, Addr + I * ES, CDS->getElementAsConstant(I));
    return;
  }
  if (auto *CS = dyn_cast<ConstantStruct>(C)) {
    const StructLayout *SL = DL.getStructLayout(CS->getType());
    for (unsigned I = 0; I < CS->getNumOperands(); ++I)
      initialise(P, Addr + SL->getElementOffset(I), CS->getOperand(I));
    return;
  }
  if (auto *CA = dyn_cast<ConstantArray>(C)) {
    uint64_t ES = DL.getTypeAllocSize(CA->getType()->getElementType());
    for (unsigned I = 0; I < CA->getNumOperands(); ++I)
      initialise(P, Addr + I * ES, CA->getOperand(I));
    return;
  }
  if (isa<UndefValue>(C))
    return; // Read lazily as unknown bytes.
  if (Ty->isVectorTy())
    throw Unsupported{"a vector initialiser"};
  store(P, Addr, evalConstant(P, C), Ty);
}

Val Replayer::load(Path &P, uint64_t Addr, Type *Ty, const std::string &Name) {
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    Val R;
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      R.Elems.push_back(
          load(P, Addr + SL->getElementOffset(I), ST->getElementType(I), Name));
    return R;
  }
  if (auto *AT = dyn_cast<ArrayType>(Ty)) {
    Val R;
    uint64_t ES = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      R.Elems.push_back(load(P, Addr + I * ES, AT->getElementType(), Name));
    return R;
  }
  if (Ty->isVectorTy())
    throw Unsupported{"a vector load"};
  uint64_t N = DL.getTypeStoreSize(Ty);
  unsigned Bits = DL.getTypeSizeInBits(Ty);
  // A pointer read from memory nobody wrote points to an object of its
  // own (an argv entry, a field of an input structure).
  bool Unwritten = true;
  for (uint64_t I = 0; I < N && Unwritten; ++I)
    Unwritten = !P.Mem.find(Addr + I);
  // An object a library made whose bytes the program's data fixes: they
  // are untrusted, pointers too.
  if (Unwritten && !P.UntrustedObjects.empty()) {
    auto It = P.UntrustedObjects.find(objectOf(P, Addr));
    if (It != P.UntrustedObjects.end()) {
      for (uint64_t I = 0; I < N; ++I)
        P.Mem.set(Addr + I, Val::symbolic(z3::select(
                                It->second, Ctx.bv_val(Addr + I, 64))));
      Unwritten = false;
    }
  }
  if (Unwritten && Ty->isPointerTy()) {
    if (P.Assumed.empty())
      P.Assumed = "a pointer read from memory nobody wrote";
    uint64_t Obj = allocate(P, 4096);
    store(P, Addr, Val::constant(64, Obj), Ty);
  }
  std::optional<Val> R = wholeStored(P, Addr, N);
  if (!R)
    for (uint64_t I = 0; I < N; ++I) {
      const Val *B = P.Mem.find(Addr + I);
      if (!B)
        B = &P.Mem.set(Addr + I, fresh(P, 8, ""));
      R = R ? Ops.concat(*B, *R) : *B;
    }
  if (Unwritten && !Name.empty() && !Ty->isPointerTy())
    P.Inputs.push_back({Name, Ops.expr(*R)});
  return Bits == R->W ? *R : Ops.trunc(*R, Bits);
}

std::optional<Val> Replayer::wholeStored(const Path &P, uint64_t Addr,
                                         uint64_t N) const {
  // The N bytes one store wrote, read back whole: that value, not the
  // concatenation of its bytes. Each round trip through memory wrapped a
  // value in another layer of extracts and concats, and on zstd's pool.c
  // single queries came to spend 0.1-0.6 M solver units on them.
  std::optional<z3::expr> Of;
  for (uint64_t I = 0; I < N; ++I) {
    const Val *B = P.Mem.find(Addr + I);
    if (!B || !B->E || !B->E->is_app() ||
        B->E->decl().decl_kind() != Z3_OP_EXTRACT || B->E->lo() != I * 8 ||
        B->E->hi() != I * 8 + 7)
      return std::nullopt;
    z3::expr Arg = B->E->arg(0);
    if (Of ? Arg.id() != Of->id() : Arg.get_sort().bv_size() != N * 8)
      return std::nullopt;
    Of = Arg;
  }
  if (!Of)
    return std::nullopt;
  return Val::symbolic(*Of);
}

void Replayer::store(Path &P, uint64_t Addr, const Val &V, Type *Ty) {
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      store(P, Addr + SL->getElementOffset(I), V.Elems[I],
            ST->getElementType(I));
    return;
  }
  if (auto *AT = dyn_cast<ArrayType>(Ty)) {
    uint64_t ES = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements(); ++I)
      store(P, Addr + I * ES, V.Elems[I], AT->getElementType());
    return;
  }
  if (Ty->isVectorTy() || V.isAggregate())
    throw Unsupported{"a vector store"};
  uint64_t N = DL.getTypeStoreSize(Ty);
  Val Wide = Ops.zext(V, N * 8);
  for (uint64_t I = 0; I < N; ++I)
    P.Mem.set(Addr + I, Ops.extract(Wide, I * 8, 8));
}

Val Replayer::evalConstant(Path &P, const Constant *C) {
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return Val::constant(CI->getValue());
  if (isa<ConstantPointerNull>(C))
    return Val::constant(64, 0);
  if (auto *CF = dyn_cast<ConstantFP>(C))
    return Val::constant(CF->getValueAPF().bitcastToAPInt());
  if (auto *GA = dyn_cast<GlobalAlias>(C))
    return evalConstant(P, GA->getAliasee());
  if (auto *G = dyn_cast<GlobalValue>(C))
    return Val::constant(64, addressOf(P, G));
  if (auto *BA = dyn_cast<BlockAddress>(C)) {
    for (auto &[A, BB] : P.BlockAt)
      if (BB == BA->getBasicBlock())
        return Val::constant(64, A);
    uint64_t A = allocate(P, 1);
    P.BlockAt[A] = BA->getBasicBlock();
    return Val::constant(64, A);
  }
  Type *Ty = C->getType();
  if (isa<UndefValue>(C) || isa<ConstantAggregateZero>(C) ||
      isa<ConstantStruct>(C) || isa<ConstantArray>(C) ||
      isa<ConstantDataSequential>(C)) {
    if (Ty->isStructTy() || Ty->isArrayTy()) {
      Val R;
      for (unsigned I = 0, E = C->getNumOperands() ? C->getNumOperands()
                               : Ty->isStructTy()  ? Ty->getStructNumElements()
                                                   : Ty->getArrayNumElements();
           I < E; ++I)
        R.Elems.push_back(evalConstant(P, C->getAggregateElement(I)));
      return R;
    }
    if (Ty->isIntOrPtrTy() || Ty->isFloatingPointTy())
      return Val::constant(DL.getTypeSizeInBits(Ty), 0); // undef: any value
  }
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    if (auto *GEP = dyn_cast<GEPOperator>(CE)) {
      Frame None;
      return pointerOffset(P, None, *GEP);
    }
    switch (CE->getOpcode()) {
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::IntToPtr:
    case Instruction::PtrToInt: {
      Val V = evalConstant(P, CE->getOperand(0));
      return Ops.zext(
          Ops.trunc(V, std::min<unsigned>(V.W, DL.getTypeSizeInBits(Ty))),
          DL.getTypeSizeInBits(Ty));
    }
    default:
      break;
    }
  }
  throw Unsupported{"a constant expression"};
}

Val Replayer::eval(Path &P, Frame &F, const Value *V) {
  // A thread_local global used without llvm.threadlocal.address (clang's
  // __tls_guard in __tls_init): the running thread's copy.
  if (auto *GV = dyn_cast<GlobalVariable>(V); GV && GV->isThreadLocal())
    return threadLocalAddress(P, Stepping, GV, evalConstant(P, GV));
  if (auto *C = dyn_cast<Constant>(V))
    return evalConstant(P, C);
  if (isa<MetadataAsValue>(V) || isa<InlineAsm>(V))
    throw Unsupported{"inline assembly or metadata operand"};
  auto It = F.Vals.find(V);
  if (It == F.Vals.end())
    throw Unsupported{"a value defined on another path"};
  return It->second;
}

Val Replayer::pointerOffset(Path &P, Frame &F, const GEPOperator &GEP) {
  Val Addr = F.F ? eval(P, F, GEP.getPointerOperand())
                 : evalConstant(P, cast<Constant>(GEP.getPointerOperand()));
  const Val Base = Addr;
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
       GTI != E; ++GTI) {
    const Value *Idx = GTI.getOperand();
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      uint64_t Off = DL.getStructLayout(ST)->getElementOffset(
          cast<ConstantInt>(Idx)->getZExtValue());
      Addr = *Ops.binary(Instruction::Add, Addr, Val::constant(64, Off));
      continue;
    }
    uint64_t Size = GTI.getSequentialElementStride(DL);
    Val I = F.F ? eval(P, F, Idx) : evalConstant(P, cast<Constant>(Idx));
    I = Ops.sext(I, 64);
    Addr =
        *Ops.binary(Instruction::Add, Addr,
                    *Ops.binary(Instruction::Mul, I, Val::constant(64, Size)));
  }
  // An inbounds offset that leaves its object is poison: an input-dependent
  // index (strcspn of input bytes) stays within the object it indexes, or
  // the solver would reach another thread's object through it and confirm
  // a race the program cannot take.
  if (GEP.isInBounds() && Base.isConst() && !Addr.isConst() &&
      !Addr.isAggregate()) {
    uint64_t Obj = objectOf(P, Base.K->getZExtValue());
    if (Obj != ~uint64_t(0))
      P.PC.push_back(withinObject(P, Ops.expr(Addr), Obj));
  }
  return Addr;
}

bool Replayer::enterBlock(Path &P, Frame &F, const BasicBlock *To) {
  // Phis read their operands on the edge, all at once.
  std::vector<std::pair<const PHINode *, Val>> Phis;
  for (const PHINode &Phi : To->phis())
    Phis.push_back({&Phi, eval(P, F, Phi.getIncomingValueForBlock(F.BB))});
  for (auto &[Phi, V] : Phis)
    F.Vals[Phi] = V;
  F.BB = To;
  F.It = To->getFirstNonPHI()->getIterator();
  ++F.Visits[To];
  return true;
}

bool Replayer::step(Path &P, unsigned T) {
  Stepping = T;
  ThreadState &TS = P.Threads[T];
  Frame &F = TS.Stack.back();
  const Instruction &I = *F.It;
  if (TS.AtBarrier && waitingAtBarrier(P, T))
    return false;
  if (++Steps > Opts.MaxSteps)
    throw Unsupported{"the validation step budget ran out"};
  if (++P.SegmentSteps > SegmentCap) {
    // Most often a spin loop waiting for a thread that waits itself; but a
    // long computation looks the same, so it proves nothing.
    if (P.Assumed.empty())
      P.Assumed = "that a thread which ran " + std::to_string(SegmentCap) +
                  " instructions without reaching its next step spins for "
                  "ever";
    dead(P, "a thread keeps running without reaching its next step (a spin "
            "loop that does not exit in this interleaving)");
    return false;
  }
  auto Next = [&](Val V) {
    F.Vals[&I] = std::move(V);
    ++F.It;
    return true;
  };
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    Val A = eval(P, F, BO->getOperand(0)), B = eval(P, F, BO->getOperand(1));
    if (A.isAggregate() || (A.W > 64 && !A.isConst()))
      throw Unsupported{"a vector or wide operation"};
    if (I.getType()->isFloatingPointTy())
      return Next(floatingPoint(P, I, A, &B));
    std::optional<Val> R = Ops.binary(BO->getOpcode(), A, B);
    if (!R) {
      if (BO->getOpcode() >= Instruction::UDiv &&
          BO->getOpcode() <= Instruction::SRem) {
        dead(P, "division by zero");
        return false;
      }
      return Next(untrusted(P, A.W,
                            "the result of '" +
                                std::string(BO->getOpcodeName()) + "'" +
                                atLine(I)));
    }
    return Next(*R);
  }
  if (auto *UO = dyn_cast<UnaryOperator>(&I)) // fneg
    return Next(floatingPoint(P, I, eval(P, F, UO->getOperand(0)), nullptr));
  if (auto *Cmp = dyn_cast<ICmpInst>(&I))
    return Next(Ops.compare(Cmp->getPredicate(), eval(P, F, Cmp->getOperand(0)),
                            eval(P, F, Cmp->getOperand(1))));
  if (auto *Cmp = dyn_cast<FCmpInst>(&I)) {
    Val A = eval(P, F, Cmp->getOperand(0)), B = eval(P, F, Cmp->getOperand(1));
    return Next(floatingPoint(P, I, A, &B));
  }
  if (auto *Cast = dyn_cast<CastInst>(&I)) {
    if (Cast->getType()->isVectorTy())
      throw Unsupported{"a vector cast"};
    Val V = eval(P, F, Cast->getOperand(0));
    unsigned W = DL.getTypeSizeInBits(Cast->getType());
    switch (Cast->getOpcode()) {
    case Instruction::ZExt:
      return Next(Ops.zext(V, W));
    case Instruction::SExt:
      return Next(Ops.sext(V, W));
    case Instruction::Trunc:
      return Next(Ops.trunc(V, W));
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
      return Next(V.W == W ? V : V.W > W ? Ops.trunc(V, W) : Ops.zext(V, W));
    default: // Floating-point conversions.
      return Next(floatingPoint(P, I, V, nullptr));
    }
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    if (GEP->getType()->isVectorTy())
      throw Unsupported{"a vector of pointers"};
    return Next(pointerOffset(P, F, cast<GEPOperator>(*GEP)));
  }
  if (auto *AI = dyn_cast<AllocaInst>(&I)) {
    uint64_t Size = DL.getTypeAllocSize(AI->getAllocatedType());
    if (AI->isArrayAllocation()) {
      auto *N = dyn_cast<ConstantInt>(AI->getArraySize());
      Size *= N ? N->getZExtValue() : 4096;
    }
    return Next(Val::constant(64, allocate(P, Size)));
  }
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    uint64_t A = concretize(P, eval(P, F, LI->getPointerOperand()), "load");
    return Next(load(P, A, LI->getType(), ""));
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    uint64_t A = concretize(P, eval(P, F, SI->getPointerOperand()), "store");
    store(P, A, eval(P, F, SI->getValueOperand()),
          SI->getValueOperand()->getType());
    ++F.It;
    return true;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    uint64_t A = concretize(P, eval(P, F, RMW->getPointerOperand()), "atomic");
    Type *Ty = RMW->getValOperand()->getType();
    Val Old = load(P, A, Ty, ""), V = eval(P, F, RMW->getValOperand());
    std::optional<Val> New;
    using Op = AtomicRMWInst::BinOp;
    switch (RMW->getOperation()) {
    case Op::Xchg:
      New = V;
      break;
    case Op::Add:
      New = Ops.binary(Instruction::Add, Old, V);
      break;
    case Op::Sub:
      New = Ops.binary(Instruction::Sub, Old, V);
      break;
    case Op::And:
      New = Ops.binary(Instruction::And, Old, V);
      break;
    case Op::Or:
      New = Ops.binary(Instruction::Or, Old, V);
      break;
    case Op::Xor:
      New = Ops.binary(Instruction::Xor, Old, V);
      break;
    case Op::Nand:
      New = Ops.binary(Instruction::Xor, *Ops.binary(Instruction::And, Old, V),
                       Val::constant(APInt::getAllOnes(Old.W)));
      break;
    case Op::Max:
      New = Ops.pick(CmpInst::ICMP_SGT, Old, V);
      break;
    case Op::Min:
      New = Ops.pick(CmpInst::ICMP_SLT, Old, V);
      break;
    case Op::UMax:
      New = Ops.pick(CmpInst::ICMP_UGT, Old, V);
      break;
    case Op::UMin:
      New = Ops.pick(CmpInst::ICMP_ULT, Old, V);
      break;
    default: // Floating-point read-modify-writes.
      New = untrusted(P, Old.W, "a floating-point value" + atLine(I));
      break;
    }
    store(P, A, *New, Ty);
    return Next(Old);
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    uint64_t A = concretize(P, eval(P, F, CX->getPointerOperand()), "cmpxchg");
    Type *Ty = CX->getNewValOperand()->getType();
    Val Old = load(P, A, Ty, "");
    Val Eq =
        Ops.compare(CmpInst::ICMP_EQ, Old, eval(P, F, CX->getCompareOperand()));
    // A weak compare-exchange may fail spuriously: taken as strong, one of
    // the behaviours it allows.
    store(P, A, Ops.select(Eq, eval(P, F, CX->getNewValOperand()), Old), Ty);
    Val R;
    R.Elems = {Old, Eq};
    return Next(R);
  }
  if (isa<FenceInst>(&I)) {
    ++F.It;
    return true;
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I))
    return Next(Ops.select(eval(P, F, Sel->getCondition()),
                           eval(P, F, Sel->getTrueValue()),
                           eval(P, F, Sel->getFalseValue())));
  if (auto *Fr = dyn_cast<FreezeInst>(&I))
    return Next(eval(P, F, Fr->getOperand(0)));
  if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
    Val V = eval(P, F, EV->getAggregateOperand());
    for (unsigned Idx : EV->indices())
      V = V.Elems.at(Idx);
    return Next(V);
  }
  if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
    Val Agg = eval(P, F, IV->getAggregateOperand());
    Val *Slot = &Agg;
    for (unsigned Idx : IV->indices())
      Slot = &Slot->Elems.at(Idx);
    *Slot = eval(P, F, IV->getInsertedValueOperand());
    return Next(Agg);
  }
  if (auto *CB = dyn_cast<CallBase>(&I))
    return call(P, T, *CB);
  if (auto *Br = dyn_cast<BranchInst>(&I)) {
    if (Br->isUnconditional())
      return enterBlock(P, F, Br->getSuccessor(0));
    Val C = eval(P, F, Br->getCondition());
    P.Threads[T].LastBranch = &I;
    P.Threads[T].TrustBeforeBranch = !P.Assumed.empty();
    if (C.isConst()) {
      unsigned Succ = C.K->isZero() ? 1 : 0;
      noteConcrete(P, I, Succ);
      return enterBlock(P, F, Br->getSuccessor(Succ));
    }
    z3::expr B = Ops.truth(C);
    const Frame &Cur = P.Threads[T].Stack.back();
    unsigned K = choose(
        P, I, T, {B, !B},
        {Cur.visits(Br->getSuccessor(0)), Cur.visits(Br->getSuccessor(1))});
    if (K == ~0u)
      return false;
    return enterBlock(P, P.Threads[T].Stack.back(), Br->getSuccessor(K));
  }
  if (auto *Sw = dyn_cast<SwitchInst>(&I)) {
    Val C = eval(P, F, Sw->getCondition());
    P.Threads[T].LastBranch = &I;
    P.Threads[T].TrustBeforeBranch = !P.Assumed.empty();
    if (C.isConst())
      return enterBlock(
          P, F,
          Sw->findCaseValue(ConstantInt::get(Sw->getContext(), *C.K))
              ->getCaseSuccessor());
    std::vector<z3::expr> Conds;
    std::vector<const BasicBlock *> Succs;
    z3::expr None = Ctx.bool_val(true);
    for (auto Case : Sw->cases()) {
      z3::expr E = Ops.expr(C) ==
                   Ops.expr(Val::constant(Case.getCaseValue()->getValue()));
      Conds.push_back(E);
      Succs.push_back(Case.getCaseSuccessor());
      None = None && !E;
    }
    Conds.push_back(None);
    Succs.push_back(Sw->getDefaultDest());
    std::vector<unsigned> Visits;
    for (const BasicBlock *Succ : Succs)
      Visits.push_back(P.Threads[T].Stack.back().visits(Succ));
    unsigned K = choose(P, I, T, Conds, Visits);
    if (K == ~0u)
      return false;
    return enterBlock(P, P.Threads[T].Stack.back(), Succs[K]);
  }
  if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
    std::optional<Val> R;
    if (Ret->getReturnValue())
      R = eval(P, F, Ret->getReturnValue());
    const CallBase *Site = F.CallSite;
    // exit-handlers: main returning runs them, latest registration first.
    if (TS.Stack.size() == 1 && TS.Then.empty() && T == 0 &&
        F.F == TM.Templates[0].Entry)
      queueExitHandlers(P, T, R ? *R : Val::constant(32, 0));
    // key-destructors: a created thread's routine returning runs them.
    if (TS.Stack.size() == 1 && TS.Then.empty() && T != 0 && !TS.RetKept &&
        queueThreadExitHandlers(P, T)) {
      TS.Ret = R;
      TS.RetKept = true;
    }
    if (TS.Stack.size() == 1 && !TS.Then.empty()) {
      std::optional<Val> Given;
      if (TS.PassBack)
        Given = givenBack(P, F, *Ret, R);
      TS.Stack.pop_back();
      startNextCall(P, T, Given);
      return true;
    }
    TS.Stack.pop_back();
    if (TS.Stack.empty()) {
      TS.Done = true;
      if (!TS.RetKept)
        TS.Ret = R;
      return true;
    }
    finishCall(P, T, *Site, R);
    return true;
  }
  if (auto *IBr = dyn_cast<IndirectBrInst>(&I)) {
    auto It = P.BlockAt.find(
        concretize(P, eval(P, F, IBr->getAddress()), "indirect branch"));
    if (It == P.BlockAt.end()) {
      dead(P, "an indirect branch to no block");
      return false;
    }
    return enterBlock(P, F, It->second);
  }
  if (isa<UnreachableInst>(&I)) {
    dead(P, "the path reaches 'unreachable'");
    return false;
  }
  throw Unsupported{std::string("the instruction '") + I.getOpcodeName() + "'"};
}

bool Replayer::finishWith(Path &P, unsigned T, const CallBase &CB, int64_t R) {
  Type *RT = CB.getType();
  unsigned W = RT->isIntegerTy()   ? RT->getIntegerBitWidth()
               : RT->isPointerTy() ? 64
                                   : 0;
  finishCall(P, T, CB,
             W ? std::optional(Val::constant(W, uint64_t(R))) : std::nullopt);
  return true;
}

void Replayer::finishCall(Path &P, unsigned T, const CallBase &CB,
                          std::optional<Val> Result) {
  Frame &F = P.Threads[T].Stack.back();
  assert(&*F.It == &CB && "returning to the wrong call");
  if (Result && !CB.getType()->isVoidTy())
    F.Vals[&CB] = *Result;
  else if (!CB.getType()->isVoidTy())
    F.Vals[&CB] = Val::constant(DL.getTypeSizeInBits(CB.getType()), 0);
  if (auto *Inv = dyn_cast<InvokeInst>(&CB)) {
    F.BB = Inv->getParent();
    enterBlock(P, F, Inv->getNormalDest());
    return;
  }
  ++F.It;
}

std::optional<Val> Replayer::givenBack(Path &P, const Frame &F,
                                       const ReturnInst &Ret,
                                       const std::optional<Val> &R) {
  if (R && Ret.getReturnValue()->getType()->isPointerTy())
    return R;
  for (const Argument &A : F.F->args()) {
    if (!A.getType()->isPointerTy())
      continue;
    auto It = F.Vals.find(&A);
    if (It != F.Vals.end() && It->second.isConst() &&
        P.Mem.find(It->second.K->getZExtValue()))
      return load(P, It->second.K->getZExtValue(), A.getType(), "");
    return std::nullopt;
  }
  return std::nullopt;
}

void Replayer::queueExitHandlers(Path &P, unsigned T, const Val &Status) {
  for (ExitHandlerCall &H : llvm::reverse(P.ExitHandlers)) {
    if (H.TakesStatus)
      H.Args[0] = Status.W > 32 ? Ops.trunc(Status, 32) : Status;
    P.Threads[T].Then.push_back({H.F, std::move(H.Args)});
  }
  P.ExitHandlers.clear();
}

std::optional<Val> Replayer::exitValue(Path &P, unsigned T,
                                       const CallBase &CB) {
  // pthread_exit runs the cleanup handlers through a non-local jump.
  if (P.Threads[T].CleanupHandlers)
    throw Unsupported{"pthread_exit with cleanup handlers registered"};
  // After a cleanup handler, PTHREAD_CANCELED.
  if (CB.getCalledFunction() &&
      CB.getCalledFunction()->getName() == "__pthread_unwind_next")
    return Val::constant(64, ~0ULL);
  if (CB.arg_size() > 0)
    return eval(P, P.Threads[T].Stack.back(), CB.getArgOperand(0));
  return std::nullopt;
}

bool Replayer::endWithThreadExitHandlers(Path &P, unsigned T,
                                         const std::optional<Val> &Ret) {
  if (!queueThreadExitHandlers(P, T))
    return false;
  ThreadState &TS = P.Threads[T];
  TS.Stack.clear();
  TS.Ret = Ret;
  TS.RetKept = true;
  startNextCall(P, T, std::nullopt);
  return true;
}

bool Replayer::queueThreadExitHandlers(Path &P, unsigned T) {
  ThreadState &TS = P.Threads[T];
  bool Any = !TS.ThreadLocalDtors.empty();
  for (auto &D : llvm::reverse(TS.ThreadLocalDtors))
    TS.Then.push_back(std::move(D));
  TS.ThreadLocalDtors.clear();
  for (auto &[Key, Dtor] : P.KeyDestructors) {
    auto It = P.Specific.find({T, Key});
    if (It == P.Specific.end() ||
        (It->second.isConst() && It->second.K->isZero()))
      continue;
    if (!It->second.isConst())
      throw Unsupported{"a thread-specific value the key destructor gets "
                        "that is not one address"};
    P.Threads[T].Then.push_back({Dtor, {It->second}});
    P.Specific.erase(It);
    Any = true;
  }
  return Any;
}

void Replayer::startNextCall(Path &P, unsigned T,
                             const std::optional<Val> &Given) {
  ThreadState &TS = P.Threads[T];
  auto [Next, Args] = std::move(TS.Then.front());
  TS.Then.erase(TS.Then.begin());
  if (Given)
    for (const Argument &A : Next->args())
      if (A.getType()->isPointerTy() && A.getArgNo() < Args.size()) {
        Args[A.getArgNo()] = *Given;
        break;
      }
  startThread(P, T, *Next, std::move(Args));
}

void Replayer::startThread(Path &P, unsigned T, const Function &Entry,
                           std::vector<Val> Args) {
  Frame Fr;
  Fr.F = &Entry;
  Fr.BB = &Entry.getEntryBlock();
  Fr.It = Fr.BB->begin();
  for (const Argument &A : Entry.args()) {
    unsigned W = DL.getTypeSizeInBits(A.getType());
    Val V = A.getArgNo() < Args.size()
                ? Args[A.getArgNo()]
                : fresh(P, W, "argument " + A.getName().str());
    Fr.Vals[&A] = V.W == W ? V : V.W > W ? Ops.trunc(V, W) : Ops.zext(V, W);
  }
  P.Threads[T].Stack.push_back(std::move(Fr));
  P.Threads[T].Started = true;
  if (T != 0)
    if (const GlobalValue *Flag =
            Entry.getParent()->getNamedValue(SingleThreadedFlag))
      P.Mem.set(addressOf(P, Flag), Val::constant(8, 0));
}

} // namespace validate
} // namespace racesift
