//===- SymValue.cpp - Concrete-or-symbolic bit-vector values --------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SymValue.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {
namespace validate {

z3::expr SymOps::expr(const Val &V) const {
  if (V.E)
    return *V.E;
  assert(V.K && "aggregate used as a scalar");
  if (V.W <= 64)
    return C.bv_val(static_cast<uint64_t>(V.K->getZExtValue()), V.W);
  SmallString<40> S;
  V.K->toStringUnsigned(S, 10);
  return C.bv_val(S.c_str(), V.W);
}

z3::expr SymOps::truth(const Val &V) const {
  if (V.K)
    return C.bool_val(!V.K->isZero());
  return expr(V) != C.bv_val(0, V.W);
}

Val SymOps::fromBool(const z3::expr &B) const {
  return Val::symbolic(z3::ite(B, C.bv_val(1, 1), C.bv_val(0, 1)));
}

std::optional<Val> SymOps::binary(unsigned Op, const Val &A,
                                  const Val &B) const {
  if (A.K && B.K) {
    const APInt &X = *A.K, &Y = *B.K;
    switch (Op) {
    case Instruction::Add:
      return Val::constant(X + Y);
    case Instruction::Sub:
      return Val::constant(X - Y);
    case Instruction::Mul:
      return Val::constant(X * Y);
    case Instruction::UDiv:
      return Y.isZero() ? std::nullopt
                        : std::optional(Val::constant(X.udiv(Y)));
    case Instruction::SDiv:
      return Y.isZero() ? std::nullopt
                        : std::optional(Val::constant(X.sdiv(Y)));
    case Instruction::URem:
      return Y.isZero() ? std::nullopt
                        : std::optional(Val::constant(X.urem(Y)));
    case Instruction::SRem:
      return Y.isZero() ? std::nullopt
                        : std::optional(Val::constant(X.srem(Y)));
    case Instruction::Shl:
      return Val::constant(X.shl(Y.getLimitedValue(X.getBitWidth())));
    case Instruction::LShr:
      return Val::constant(X.lshr(Y.getLimitedValue(X.getBitWidth())));
    case Instruction::AShr:
      return Val::constant(X.ashr(Y.getLimitedValue(X.getBitWidth())));
    case Instruction::And:
      return Val::constant(X & Y);
    case Instruction::Or:
      return Val::constant(X | Y);
    case Instruction::Xor:
      return Val::constant(X ^ Y);
    default:
      return std::nullopt;
    }
  }
  z3::expr X = expr(A), Y = expr(B);
  switch (Op) {
  case Instruction::Add:
    return Val::symbolic(X + Y);
  case Instruction::Sub:
    return Val::symbolic(X - Y);
  case Instruction::Mul:
    return Val::symbolic(X * Y);
  case Instruction::UDiv:
    return Val::symbolic(z3::udiv(X, Y));
  case Instruction::SDiv:
    return Val::symbolic(X / Y);
  case Instruction::URem:
    return Val::symbolic(z3::urem(X, Y));
  case Instruction::SRem:
    return Val::symbolic(z3::srem(X, Y));
  case Instruction::Shl:
    return Val::symbolic(z3::shl(X, Y));
  case Instruction::LShr:
    return Val::symbolic(z3::lshr(X, Y));
  case Instruction::AShr:
    return Val::symbolic(z3::ashr(X, Y));
  case Instruction::And:
    return Val::symbolic(X & Y);
  case Instruction::Or:
    return Val::symbolic(X | Y);
  case Instruction::Xor:
    return Val::symbolic(X ^ Y);
  default:
    return std::nullopt;
  }
}

Val SymOps::compare(unsigned Pred, const Val &A, const Val &B) const {
  using P = CmpInst::Predicate;
  if (A.K && B.K) {
    const APInt &X = *A.K, &Y = *B.K;
    return Val::constant(1,
                         ICmpInst::compare(X, Y, static_cast<P>(Pred)) ? 1 : 0);
  }
  z3::expr X = expr(A), Y = expr(B);
  switch (static_cast<P>(Pred)) {
  case P::ICMP_EQ:
    return fromBool(X == Y);
  case P::ICMP_NE:
    return fromBool(X != Y);
  case P::ICMP_UGT:
    return fromBool(z3::ugt(X, Y));
  case P::ICMP_UGE:
    return fromBool(z3::uge(X, Y));
  case P::ICMP_ULT:
    return fromBool(z3::ult(X, Y));
  case P::ICMP_ULE:
    return fromBool(z3::ule(X, Y));
  case P::ICMP_SGT:
    return fromBool(X > Y);
  case P::ICMP_SGE:
    return fromBool(X >= Y);
  case P::ICMP_SLT:
    return fromBool(X < Y);
  default:
    return fromBool(X <= Y);
  }
}

Val SymOps::zext(const Val &A, unsigned W) const {
  if (A.K)
    return Val::constant(A.K->zextOrTrunc(W));
  return W == A.W ? A : Val::symbolic(z3::zext(expr(A), W - A.W));
}

Val SymOps::sext(const Val &A, unsigned W) const {
  if (A.K)
    return Val::constant(A.K->sextOrTrunc(W));
  return W == A.W ? A : Val::symbolic(z3::sext(expr(A), W - A.W));
}

Val SymOps::trunc(const Val &A, unsigned W) const { return extract(A, 0, W); }

Val SymOps::extract(const Val &A, unsigned Lo, unsigned W) const {
  if (A.K)
    return Val::constant(A.K->extractBits(W, Lo));
  if (Lo == 0 && W == A.W)
    return A;
  return Val::symbolic(expr(A).extract(Lo + W - 1, Lo));
}

Val SymOps::concat(const Val &Hi, const Val &Lo) const {
  if (Hi.K && Lo.K)
    return Val::constant(Hi.K->concat(*Lo.K));
  return Val::symbolic(z3::concat(expr(Hi), expr(Lo)));
}

Val SymOps::select(const Val &Cond, const Val &A, const Val &B) const {
  if (Cond.K)
    return Cond.K->isZero() ? B : A;
  if (A.isAggregate()) {
    Val R = A;
    for (size_t I = 0; I < A.Elems.size(); ++I)
      R.Elems[I] = select(Cond, A.Elems[I], B.Elems[I]);
    return R;
  }
  return Val::symbolic(z3::ite(truth(Cond), expr(A), expr(B)));
}

} // namespace validate
} // namespace racesift
