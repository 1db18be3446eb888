//===- IndexRanges.cpp - Per-instance indices over a range ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The per-instance index rule (InstanceIndices.cpp) for a worker that
// touches a range of elements chosen by its index value v:
//
//   void *w(void *a) {
//     long k = (long)a;
//     for (long i = k * 50; i < k * 50 + 50; i++)
//       data[i] = 1;
//   }
//
// On a copy of the worker whose locals are SSA values (PromotedCopy.h),
// ScalarEvolution gives the access's address as `Base + {S,+,Step}<L>`
// and the last iteration of L in which the access can run; S must be
// `C0 + C1 * v` with constants C0 and C1. The bytes touched are then
// `C1 * v + [Lo, Hi)`. See "per-instance-index" in
// docs/design-threadmodel.md.
//
//===----------------------------------------------------------------------===//

#include "PromotedCopy.h"
#include "ThreadModelInternal.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace racesift {

namespace {

/// C0 + C1 * v. Always equal modulo 2^width of the expression; Exact if
/// also equal as signed integers (no wrap anywhere), which a sign
/// extension needs.
struct Linear {
  int64_t C0 = 0, C1 = 0;
  bool Exact = false;
};

class RangeFinder {
public:
  RangeFinder(PromotedCopy &PC, const Argument &Param, IndexRead R)
      : PC(PC), SE(*PC.SE), DL(PC.Copy->getParent()->getDataLayout()),
        Param(PC.VMap.lookup(&Param)), R(R) {}

  std::optional<IndexBytes> range(const Instruction &Orig) {
    auto *I = PC.copyOf<Instruction>(&Orig);
    Value *Ptr = I ? getLoadStorePointerOperand(I) : nullptr;
    if (!Ptr || !Param)
      return std::nullopt;
    const SCEV *P = SE.getSCEV(Ptr);
    auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(P));
    if (!Base)
      return std::nullopt;
    const SCEV *Off = SE.removePointerBase(P);
    const SCEV *Start = Off;
    int64_t Step = 0, Last = 0;
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(Off)) {
      const Loop *L = AR->getLoop();
      auto *St = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (!AR->isAffine() || !L->contains(I->getParent()) || !St ||
          St->getAPInt().getSignificantBits() > 32)
        return std::nullopt;
      std::optional<int64_t> K = lastIteration(*L, *I->getParent());
      if (!K)
        return std::nullopt;
      Step = St->getAPInt().getSExtValue();
      Last = *K;
      Start = AR->getStart();
    }
    std::optional<Linear> S = linear(Start);
    if (!S || S->C1 == 0)
      return std::nullopt;
    // Iteration k touches [S + k * Step, S + k * Step + Size), k in
    // [0, Last]: within [S + min(0, Span), S + max(0, Span) + Size).
    int64_t Span, Lo, Hi;
    int64_t Size = DL.getTypeStoreSize(getLoadStoreType(I));
    if (MulOverflow(Step, Last, Span) ||
        AddOverflow(S->C0, std::min<int64_t>(0, Span), Lo) ||
        AddOverflow(S->C0, std::max<int64_t>(0, Span), Hi) ||
        AddOverflow(Hi, Size, Hi))
      return std::nullopt;
    const Value *B = original(Base->getValue());
    if (!B)
      return std::nullopt;
    return IndexBytes{B, S->C1, Lo, Hi};
  }

private:
  PromotedCopy &PC;
  ScalarEvolution &SE;
  const DataLayout &DL;
  const Value *Param;
  IndexRead R;

  /// The function's value for a base in the copy: a global, or a local
  /// array (not promoted, so the copy of one of the function's allocas).
  const Value *original(const Value *V) const {
    if (isa<GlobalVariable>(V))
      return V;
    if (!isa<AllocaInst>(V))
      return nullptr;
    for (const auto &[From, To] : PC.VMap)
      if (To == V)
        return From;
    return nullptr;
  }

  /// The worker's index read: `(intN)arg`, or a load of R.Ty from arg
  /// plus R.Offset.
  bool isIndex(const SCEV *S) const {
    if (!R.Deref) {
      auto *P2I = dyn_cast<SCEVPtrToIntExpr>(S);
      auto *U = P2I ? dyn_cast<SCEVUnknown>(P2I->getOperand()) : nullptr;
      return U && U->getValue() == Param &&
             S->getType()->getIntegerBitWidth() >= 32;
    }
    auto *U = dyn_cast<SCEVUnknown>(S);
    auto *LI = U ? dyn_cast<LoadInst>(U->getValue()) : nullptr;
    if (!LI || LI->isVolatile() || LI->getType() != R.Ty)
      return false;
    APInt Off(64, 0);
    const Value *From =
        LI->getPointerOperand()->stripAndAccumulateConstantOffsets(
            DL, Off, /*AllowNonInbounds=*/true);
    return From == Param && Off.getSExtValue() == R.Offset;
  }

  std::optional<Linear> linear(const SCEV *S) const {
    if (isIndex(S))
      return Linear{0, 1, true};
    if (auto *C = dyn_cast<SCEVConstant>(S)) {
      if (C->getAPInt().getSignificantBits() > 64)
        return std::nullopt;
      return Linear{C->getAPInt().getSExtValue(), 0, true};
    }
    if (auto *T = dyn_cast<SCEVTruncateExpr>(S)) {
      // v fits 32 bits (the model checker's counter values do), so a
      // truncation of v itself to 32 bits or more keeps it.
      std::optional<Linear> X = linear(T->getOperand());
      if (!X || T->getType()->getIntegerBitWidth() < 32)
        return std::nullopt;
      X->Exact = X->Exact && X->C0 == 0 && X->C1 == 1;
      return X;
    }
    if (auto *E = dyn_cast<SCEVSignExtendExpr>(S)) {
      std::optional<Linear> X = linear(E->getOperand());
      if (!X || !X->Exact)
        return std::nullopt;
      return X;
    }
    auto *N = dyn_cast<SCEVNAryExpr>(S);
    if (!N || !(isa<SCEVAddExpr>(N) || isa<SCEVMulExpr>(N)))
      return std::nullopt;
    bool Mul = isa<SCEVMulExpr>(N);
    Linear Acc{Mul ? 1 : 0, 0, N->hasNoSignedWrap()};
    for (const SCEV *Op : N->operands()) {
      std::optional<Linear> X = linear(Op);
      if (!X)
        return std::nullopt;
      Acc.Exact = Acc.Exact && X->Exact;
      if (!Mul) {
        if (AddOverflow(Acc.C0, X->C0, Acc.C0) ||
            AddOverflow(Acc.C1, X->C1, Acc.C1))
          return std::nullopt;
        continue;
      }
      // Only products with at most one factor in v stay linear.
      if (Acc.C1 != 0 && X->C1 != 0)
        return std::nullopt;
      int64_t A, B;
      if (MulOverflow(Acc.C0, X->C1, A) || MulOverflow(Acc.C1, X->C0, B) ||
          AddOverflow(A, B, Acc.C1) || MulOverflow(Acc.C0, X->C0, Acc.C0))
        return std::nullopt;
    }
    return Acc;
  }

  /// The last iteration of L (backedges taken before it) in which B can
  /// run: bounded by the loop's maximal backedge-taken count, and by the
  /// exit count of each exiting block X that dominates B, which leaves in
  /// that iteration before B runs unless X is B itself (the access comes
  /// before X's branch).
  std::optional<int64_t> lastIteration(const Loop &L, const BasicBlock &B) {
    std::optional<APInt> Best;
    auto Bound = [&](const SCEV *C, bool Before) {
      auto *K = dyn_cast<SCEVConstant>(C);
      if (!K || K->getAPInt().getActiveBits() > 31)
        return;
      APInt N = K->getAPInt().zext(64);
      if (Before) {
        if (N.isZero())
          return;
        N -= 1;
      }
      if (!Best || N.ult(*Best))
        Best = N;
    };
    // The constant maxima hold where the symbolic ones keep an smax
    // (`i <= k * 50 + 50`).
    for (ScalarEvolution::ExitCountKind Kind :
         {ScalarEvolution::SymbolicMaximum, ScalarEvolution::ConstantMaximum}) {
      Bound(SE.getBackedgeTakenCount(&L, Kind), false);
      SmallVector<BasicBlock *, 4> Exiting;
      L.getExitingBlocks(Exiting);
      for (BasicBlock *X : Exiting)
        if (PC.DT.dominates(X, &B))
          Bound(SE.getExitCount(&L, X, Kind), X != &B);
    }
    if (!Best)
      return std::nullopt;
    return Best->getSExtValue();
  }
};

} // namespace

std::vector<std::optional<IndexBytes>>
indexRanges(ArrayRef<const Instruction *> Accesses, IndexRead R) {
  std::vector<std::optional<IndexBytes>> Out(Accesses.size());
  if (Accesses.empty())
    return Out;
  Function &F = *const_cast<Function *>(Accesses.front()->getFunction());
  if (!F.getParent() || F.arg_empty())
    return Out;
  PromotedCopy PC(F);
  RangeFinder RF(PC, *F.getArg(0), R);
  for (size_t K = 0; K < Accesses.size(); ++K) {
    assert(Accesses[K]->getFunction() == &F && "accesses of one function");
    Out[K] = RF.range(*Accesses[K]);
  }
  return Out;
}

} // namespace racesift
