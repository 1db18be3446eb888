//===- FloatingPoint.cpp - Floating-point instructions in a replay --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Concrete floating-point values are computed as the target computes them
// (APFloat, round to nearest even). A result of symbolic operands is an
// untrusted value: the program's data fixes it and the replay does not
// compute it, so a race whose interleaving depends on it is possible, not
// confirmed. A fresh value for every comparison made `0.25 > 0.5` true and
// two tests of one double disagree: confirmed races no execution has
// (validate/floating-point.c).
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
std::optional<APFloat> toFloat(const Val &V, Type *Ty) {
  if (!V.isConst() || !Ty->isFloatingPointTy() ||
      V.W != Ty->getPrimitiveSizeInBits())
    return std::nullopt;
  return APFloat(Ty->getFltSemantics(), *V.K);
}
} // namespace

Val Replayer::floatingPoint(Path &P, const Instruction &I, const Val &A,
                            const Val *B) {
  Type *OpTy = I.getOperand(0)->getType();
  Type *Ty = I.getType();
  unsigned W = DL.getTypeSizeInBits(Ty);
  std::optional<APFloat> X = toFloat(A, OpTy);
  std::optional<APFloat> Y = B ? toFloat(*B, OpTy) : std::nullopt;
  auto Untrusted = [&] {
    return untrusted(P, W, "a floating-point value" + atLine(I));
  };
  if (!X || (B && !Y)) {
    // An integer operand of a conversion may be concrete still.
    if (!(isa<SIToFPInst>(I) || isa<UIToFPInst>(I)) || !A.isConst())
      return Untrusted();
  }
  const RoundingMode RM = RoundingMode::NearestTiesToEven;
  if (auto *Cmp = dyn_cast<FCmpInst>(&I))
    return Val::constant(1, FCmpInst::compare(*X, *Y, Cmp->getPredicate()));
  switch (I.getOpcode()) {
  case Instruction::FNeg:
    X->changeSign();
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FAdd:
    X->add(*Y, RM);
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FSub:
    X->subtract(*Y, RM);
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FMul:
    X->multiply(*Y, RM);
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FDiv:
    X->divide(*Y, RM);
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FRem:
    X->mod(*Y);
    return Val::constant(X->bitcastToAPInt());
  case Instruction::FPExt:
  case Instruction::FPTrunc: {
    bool LosesInfo = false;
    X->convert(Ty->getFltSemantics(), RM, &LosesInfo);
    return Val::constant(X->bitcastToAPInt());
  }
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    APSInt R(W, I.getOpcode() == Instruction::FPToUI);
    bool Exact = false;
    if (X->convertToInteger(R, RoundingMode::TowardZero, &Exact) &
        APFloat::opInvalidOp)
      return Untrusted(); // Out of range: poison.
    return Val::constant(R);
  }
  case Instruction::SIToFP:
  case Instruction::UIToFP: {
    APFloat R(Ty->getFltSemantics());
    R.convertFromAPInt(*A.K, I.getOpcode() == Instruction::SIToFP, RM);
    return Val::constant(R.bitcastToAPInt());
  }
  default:
    return Untrusted();
  }
}

} // namespace validate
} // namespace racesift
