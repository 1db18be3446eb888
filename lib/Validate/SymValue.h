//===- SymValue.h - Concrete-or-symbolic bit-vector values ------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/Validate. Most of a replay is concrete (constants, the
// addresses the replay hands out); only inputs and the results of unknown
// functions are symbolic. A value is therefore an APInt while it can be,
// and a Z3 bit-vector term once it cannot, so that long concrete runs never
// build terms.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_VALIDATE_SYMVALUE_H
#define RACESIFT_LIB_VALIDATE_SYMVALUE_H

#include "llvm/ADT/APInt.h"

#include <optional>
#include <string>
#include <vector>
#include <z3++.h>

namespace racesift {
namespace validate {

/// A scalar of W bits (W = 1 for i1), or an aggregate (W = 0, Elems).
struct Val {
  unsigned W = 0;
  std::optional<llvm::APInt> K; ///< Set if concrete.
  std::optional<z3::expr> E;    ///< Set if symbolic.
  std::vector<Val> Elems;

  bool isConst() const { return K.has_value(); }
  bool isAggregate() const { return W == 0; }
  static Val constant(const llvm::APInt &A) {
    Val V;
    V.W = A.getBitWidth();
    V.K = A;
    return V;
  }
  static Val constant(unsigned W, uint64_t X) {
    return constant(llvm::APInt(W, X));
  }
  static Val symbolic(const z3::expr &E) {
    Val V;
    V.W = E.get_sort().bv_size();
    V.E = E;
    return V;
  }
};

/// Operations on values: concrete when both sides are, Z3 terms otherwise.
class SymOps {
public:
  explicit SymOps(z3::context &C) : C(C) {}

  z3::expr expr(const Val &V) const;
  /// Bool term of an i1.
  z3::expr truth(const Val &V) const;
  Val fromBool(const z3::expr &B) const;

  /// An LLVM binary opcode (Instruction::Add, ...); nullopt if unsupported.
  /// Division by a concrete zero is undefined behaviour: nullopt.
  std::optional<Val> binary(unsigned Opcode, const Val &A, const Val &B) const;
  /// An icmp predicate (CmpInst::Predicate).
  Val compare(unsigned Pred, const Val &A, const Val &B) const;
  Val zext(const Val &A, unsigned W) const;
  Val sext(const Val &A, unsigned W) const;
  Val trunc(const Val &A, unsigned W) const;
  Val extract(const Val &A, unsigned Lo, unsigned W) const;
  /// Hi's bits above Lo's.
  Val concat(const Val &Hi, const Val &Lo) const;
  Val select(const Val &Cond, const Val &A, const Val &B) const;
  /// The larger (Pred ICMP_SGT/UGT) or smaller (SLT/ULT) of A and B.
  Val pick(unsigned Pred, const Val &A, const Val &B) const {
    return select(compare(Pred, A, B), A, B);
  }

  z3::context &ctx() const { return C; }

private:
  z3::context &C;
};

} // namespace validate
} // namespace racesift

#endif // RACESIFT_LIB_VALIDATE_SYMVALUE_H
