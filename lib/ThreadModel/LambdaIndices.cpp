//===- LambdaIndices.cpp - Lambda captures that are array indices --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The C++ way to split an array between threads:
//
//   for (int i = 0; i < N; ++i)
//     pool.emplace_back([i] { results[i] = work(i); });
//
// Each std::thread's state holds a copy of the closure, and the copies keep
// the value the lambda expression captured: a non-mutable lambda cannot
// change its captures and nothing else can name them. When the expression
// is evaluated in one place, with the creator's tracked loop counter, and
// every creation of the lambda's threads happens inside the one call the
// closure is passed to right after (the counter steady until then), each
// instance's capture is the counter's value at its creation: the
// per-instance-index variable of InstanceIndices.cpp, set the same way
// (CreationSite::ArgVar -> ParamVar). See "cxx-lambda-index" in
// docs/design-threadmodel.md.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

namespace {

/// The capture an access reads as its index: the closure type, the byte
/// offset of the capture in it, and its integer type.
struct Capture {
  StructType *Closure = nullptr;
  int64_t Offset = 0;
  Type *Ty = nullptr;
  bool operator==(const Capture &O) const {
    return Closure == O.Closure && Offset == O.Offset && Ty == O.Ty;
  }
};

/// A lambda's call operator: its class has no name (or a "(lambda at"
/// one) in the debug info.
bool isLambda(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  const auto *Cls =
      SP ? dyn_cast_or_null<DICompositeType>(SP->getScope()) : nullptr;
  return Cls && (Cls->getName().empty() || Cls->getName().starts_with("("));
}

/// A const member function: its `this` (the first parameter of its
/// debug-info type, after the result) points to a const object.
bool constCall(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  const DISubroutineType *Ty = SP ? SP->getType() : nullptr;
  if (!Ty || Ty->getTypeArray().size() < 2)
    return false;
  const auto *This = dyn_cast_or_null<DIDerivedType>(Ty->getTypeArray()[1]);
  const auto *Pointee =
      This && This->getTag() == dwarf::DW_TAG_pointer_type
          ? dyn_cast_or_null<DIDerivedType>(This->getBaseType())
          : nullptr;
  return Pointee && Pointee->getTag() == dwarf::DW_TAG_const_type;
}

class LambdaIndexFinder {
public:
  LambdaIndexFinder(const Module &M, ThreadModel &TM,
                    const PointsToAnalysis &PTA,
                    const FunctionTemplates &FuncTemplates,
                    const GraphContext &Ctx)
      : M(M), DL(M.getDataLayout()), TM(TM), PTA(PTA),
        FuncTemplates(FuncTemplates), Ctx(Ctx) {}

  void run() {
    for (const ThreadTemplate &T : TM.Templates)
      template_(T);
  }

private:
  const Module &M;
  const DataLayout &DL;
  ThreadModel &TM;
  const PointsToAnalysis &PTA;
  const FunctionTemplates &FuncTemplates;
  const GraphContext &Ctx;

  /// The one user callable T's state runs through std:: functions: a
  /// non-mutable lambda that only those functions call, run by T alone.
  const Function *lambdaOf(const ThreadTemplate &T) {
    if (!T.Entry || !isStdName(T.Entry->getName()))
      return nullptr;
    std::vector<const Function *> Work{T.Entry};
    DenseSet<const Function *> Seen{T.Entry};
    const Function *L = nullptr;
    for (size_t I = 0; I < Work.size() && I < 64; ++I)
      for (const Instruction &Inst : instructions(*Work[I])) {
        auto *CB = dyn_cast<CallBase>(&Inst);
        const Function *F = CB ? CB->getCalledFunction() : nullptr;
        if (!F || F->isDeclaration() || !Seen.insert(F).second)
          continue;
        if (isStdName(F->getName())) {
          Work.push_back(F);
          continue;
        }
        if (L)
          return nullptr; // Two callables.
        L = F;
      }
    if (!L || !isLambda(*L) || !constCall(*L) || L->arg_size() != 1)
      return nullptr; // A mutable lambda may change its captures.
    auto It = FuncTemplates.find(L);
    if (It == FuncTemplates.end() || It->second.size() != 1 ||
        It->second.front() != T.Id)
      return nullptr;
    for (const Use &U : L->uses()) {
      auto *CB = dyn_cast<CallBase>(U.getUser());
      if (!CB || CB->getCalledOperand() != L || !Seen.count(CB->getFunction()))
        return nullptr;
    }
    return L;
  }

  /// The capture Idx reads, if it is an integer of 32 bits or more loaded
  /// at a constant offset of L's closure.
  std::optional<Capture> captureRead(const Value *Idx, const Function &L) {
    auto *LI = dyn_cast_or_null<LoadInst>(stripIndex(Idx, false, true));
    if (!LI || LI->isVolatile() || !LI->getType()->isIntegerTy() ||
        LI->getType()->getIntegerBitWidth() < 32)
      return std::nullopt;
    auto *GEP = dyn_cast<GEPOperator>(LI->getPointerOperand());
    auto *ST =
        GEP ? dyn_cast<StructType>(GEP->getSourceElementType()) : nullptr;
    APInt Off(64, 0);
    if (!ST || !GEP->accumulateConstantOffset(DL, Off) ||
        stripIndex(GEP->getPointerOperand(), false, true) != L.getArg(0))
      return std::nullopt;
    return Capture{const_cast<StructType *>(ST), Off.getSExtValue(),
                   LI->getType()};
  }

  /// The store that evaluates the lambda expression's capture C, and the
  /// tracked counter it stores: the only store into capture C of an
  /// alloca of the closure type in the module.
  const StoreInst *captureStore(const Capture &C) {
    const StoreInst *Found = nullptr;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F)) {
        auto *SI = dyn_cast<StoreInst>(&I);
        auto *GEP =
            SI ? dyn_cast<GEPOperator>(SI->getPointerOperand()) : nullptr;
        APInt Off(64, 0);
        if (!GEP || GEP->getSourceElementType() != C.Closure ||
            !GEP->accumulateConstantOffset(DL, Off) ||
            Off.getSExtValue() != C.Offset ||
            !isa<AllocaInst>(GEP->getPointerOperand()))
          continue;
        if (Found)
          return nullptr; // The expression is evaluated in two places.
        Found = SI;
      }
    return Found;
  }

  /// The one call after SI in its block that is given the closure SI
  /// initialises, if every other use of the closure is a store into it, a
  /// lifetime marker or debug info.
  const CallBase *closureCall(const StoreInst &SI) {
    const Value *X =
        cast<GEPOperator>(SI.getPointerOperand())->getPointerOperand();
    const CallBase *Call = nullptr;
    for (const User *U : X->users()) {
      if (auto *II = dyn_cast<IntrinsicInst>(U))
        if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
          continue;
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        if (all_of(GEP->users(), [&](const User *G) {
              auto *S = dyn_cast<StoreInst>(G);
              return S && S->getPointerOperand() == GEP;
            }))
          continue; // Initialises a capture.
        return nullptr;
      }
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || Call || CB->getParent() != SI.getParent() ||
          !SI.comesBefore(CB))
        return nullptr;
      Call = CB;
    }
    return Call;
  }

  /// Whether every call path into function Target passes through Call and
  /// then only std:: functions (emplace_back, the thread's constructor):
  /// the library forwards the closure it is given, so the creation copies
  /// that closure, not one kept from another call.
  bool onlyThrough(const Function *Target, const CallBase &Call) {
    std::vector<const Function *> Work{Target};
    DenseSet<const Function *> Seen{Target};
    for (size_t I = 0; I < Work.size(); ++I) {
      if (I >= 64)
        return false;
      const Function *F = Work[I];
      if (F->use_empty() || F->hasAddressTaken() || !isStdName(F->getName()))
        return false;
      for (const Use &U : F->uses()) {
        auto *CB = dyn_cast<CallBase>(U.getUser());
        if (!CB || CB->getCalledOperand() != F)
          return false;
        if (CB == &Call)
          continue;
        if (CB->getFunction() == Call.getFunction())
          return false; // Another call in the creator.
        if (Seen.insert(CB->getFunction()).second)
          Work.push_back(CB->getFunction());
      }
    }
    return true;
  }

  void template_(const ThreadTemplate &T) {
    const Function *L = lambdaOf(T);
    if (!L)
      return;
    struct Indexed {
      Access *A;
      IndexBytes Bytes;
    };
    std::optional<Capture> Cap;
    std::vector<Indexed> Found;
    for (Access &A : TM.Accesses) {
      if (!A.Inst || A.Inst->getFunction() != L || A.Locs.empty() ||
          A.Unresolved)
        continue;
      const Value *Ptr = getLoadStorePointerOperand(A.Inst);
      std::optional<Affine> Addr = Ptr ? affineAddress(Ptr, DL) : std::nullopt;
      std::optional<Capture> C =
          Addr ? captureRead(Addr->Var, *L) : std::nullopt;
      ObjectId Obj = Addr ? PTA.objectFor(Addr->Base) : InvalidObject;
      if (!C || (Cap && !(*C == *Cap)) || Obj == InvalidObject ||
          any_of(A.Locs, [&](const MemLoc &Loc) { return Loc.Obj != Obj; }))
        continue;
      Cap = C;
      int64_t Size = DL.getTypeStoreSize(
          getLoadStoreType(const_cast<Instruction *>(A.Inst)));
      Found.push_back(
          {&A, {Addr->Base, Addr->Scale, Addr->Const, Addr->Const + Size}});
    }
    if (!Cap)
      return;
    const StoreInst *SI = captureStore(*Cap);
    if (!SI || SI->getValueOperand()->getType() != Cap->Ty)
      return;
    auto [Counter, Load] = counterValue(SI->getValueOperand(), Ctx);
    const CallBase *Call = Counter == NoDataVar ? nullptr : closureCall(*SI);
    if (!Call || !counterSteady(Load, Call, Load->getPointerOperand()))
      return;
    // Every creation of T happens inside Call: otherwise an instance may
    // hold a capture of another iteration, or of no counter at all.
    std::vector<CreationSite *> Creators;
    for (CreationSite &C : TM.Creations)
      if (is_contained(C.Targets, T.Id)) {
        if (C.Targets.size() != 1 || C.ParamVar != NoDataVar ||
            !onlyThrough(C.InFunction, *Call))
          return;
        Creators.push_back(&C);
      }
    if (Creators.empty())
      return;
    DataVar D;
    D.Id = TM.DataVars.size();
    D.Value = L->getArg(0);
    D.IsThreadIndex = true;
    D.Name = "capture@" + T.Name;
    DataVarId Var = D.Id;
    TM.DataVars.push_back(std::move(D));
    for (CreationSite *C : Creators) {
      C->ArgVar = Counter;
      C->ParamVar = Var;
    }
    for (Indexed &X : Found)
      setIndexVar(*X.A, Var, X.Bytes);
  }
};

} // namespace

void findLambdaIndices(const Module &M, ThreadModel &TM,
                       const PointsToAnalysis &PTA,
                       const FunctionTemplates &FuncTemplates,
                       const GraphContext &Ctx) {
  LambdaIndexFinder(M, TM, PTA, FuncTemplates, Ctx).run();
}

} // namespace racesift
