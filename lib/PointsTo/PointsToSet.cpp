//===- PointsToSet.cpp - Location sets of the points-to solver ------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PointsToSet.h"

#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace llvm;

namespace racesift {

bool PointsToSet::test(unsigned I) const {
  return Dense ? testDense(I) : Sparse.test(I);
}

bool PointsToSet::test_and_set(unsigned I) {
  if (!Dense) {
    if (!Sparse.test_and_set(I))
      return false;
    ++Bound;
    maybeDense();
    return true;
  }
  if (testDense(I))
    return false;
  setDense(I);
  return true;
}

bool PointsToSet::empty() const {
  if (!Dense)
    return Sparse.empty();
  return std::all_of(Words.begin(), Words.end(),
                     [](uint64_t W) { return W == 0; });
}

unsigned PointsToSet::count() const {
  if (!Dense)
    return Sparse.count();
  unsigned N = 0;
  for (uint64_t W : Words)
    N += llvm::popcount(W);
  return N;
}

void PointsToSet::clear() {
  Sparse.clear();
  Words.clear();
  Dense = false;
  Bound = 0;
  CheckAt = DenseAbove;
}

void PointsToSet::maybeDense() {
  if (Bound <= CheckAt)
    return;
  unsigned Bits = 0, Blocks = 0, Last = 0;
  for (unsigned I : Sparse) {
    if (!Bits || I / 128 != Last / 128)
      ++Blocks;
    ++Bits;
    Last = I;
  }
  Bound = Bits;
  if (Bits > DenseAbove && Last < DenseLimit &&
      uint64_t(Last) / 8 <= 2ull * BytesPerBlock * Blocks)
    makeDense();
  else
    CheckAt = std::max(2 * Bits, unsigned(DenseAbove));
}

void PointsToSet::grow(size_t N) {
  if (N > Words.capacity())
    Words.reserve(N + N / 8);
  Words.resize(N, 0);
}

void PointsToSet::makeDense() {
  if (!Sparse.empty())
    grow(unsigned(Sparse.find_last()) / 64 + 1);
  for (unsigned I : Sparse)
    setDense(I);
  Sparse.clear();
  Dense = true;
  Bound = 0;
}

void PointsToSet::makeSparse() {
  for (size_t W = 0; W < Words.size(); ++W)
    for (uint64_t Bits = Words[W]; Bits; Bits &= Bits - 1)
      Sparse.set(W * 64 + llvm::countr_zero(Bits));
  Words.clear();
  Dense = false;
  Bound = Sparse.count();
  CheckAt = DenseAbove;
}

void PointsToSet::normalise() {
  if (Dense && count() < SparseBelow)
    makeSparse();
}

bool PointsToSet::operator|=(const PointsToSet &RHS) {
  // Only a set below DenseLimit becomes a bit array.
  auto SparsePast = [](const SparseBitVector<> &S) {
    return !S.empty() && unsigned(S.find_last()) >= DenseLimit;
  };
  if (!Dense && RHS.Dense && !SparsePast(Sparse))
    makeDense();
  bool Changed = false;
  if (!Dense) {
    if (!RHS.Dense)
      Changed = Sparse |= RHS.Sparse;
    else
      for (unsigned I : RHS)
        Changed |= Sparse.test_and_set(I);
    if (!Changed)
      return false;
    Bound += RHS.Dense ? RHS.count() : RHS.Bound;
    maybeDense();
    return true;
  }
  if (!RHS.Dense) {
    for (unsigned I : RHS.Sparse)
      if (!testDense(I)) {
        setDense(I);
        Changed = true;
      }
    return Changed;
  }
  if (Words.size() < RHS.Words.size())
    grow(RHS.Words.size());
  for (size_t W = 0; W < RHS.Words.size(); ++W) {
    uint64_t New = Words[W] | RHS.Words[W];
    Changed |= New != Words[W];
    Words[W] = New;
  }
  return Changed;
}

void PointsToSet::operator&=(const PointsToSet &RHS) {
  if (!Dense && !RHS.Dense) {
    Sparse &= RHS.Sparse;
    return;
  }
  if (!Dense) {
    SparseBitVector<> Kept;
    for (unsigned I : Sparse)
      if (RHS.testDense(I))
        Kept.set(I);
    Sparse = std::move(Kept);
    return;
  }
  if (!RHS.Dense) {
    SparseBitVector<> Kept;
    for (unsigned I : RHS.Sparse)
      if (testDense(I))
        Kept.set(I);
    Words.clear();
    Dense = false;
    Sparse = std::move(Kept);
    Bound = RHS.Bound;
    return;
  }
  Words.resize(std::min(Words.size(), RHS.Words.size()));
  for (size_t W = 0; W < Words.size(); ++W)
    Words[W] &= RHS.Words[W];
  normalise();
}

bool PointsToSet::operator==(const PointsToSet &RHS) const {
  if (!Dense && !RHS.Dense)
    return Sparse == RHS.Sparse;
  if (Dense && RHS.Dense) {
    size_t Common = std::min(Words.size(), RHS.Words.size());
    if (!std::equal(Words.begin(), Words.begin() + Common, RHS.Words.begin()))
      return false;
    const std::vector<uint64_t> &Longer =
        Words.size() > Common ? Words : RHS.Words;
    return std::all_of(Longer.begin() + Common, Longer.end(),
                       [](uint64_t W) { return W == 0; });
  }
  const PointsToSet &D = Dense ? *this : RHS, &S = Dense ? RHS : *this;
  // Cheap refusal first: the dense side is rarely as small as the sparse.
  if (D.count() != S.Sparse.count())
    return false;
  for (unsigned I : S.Sparse)
    if (!D.testDense(I))
      return false;
  return true;
}

void PointsToSet::intersectWithComplement(const PointsToSet &A,
                                          const PointsToSet &B) {
  clear();
  if (!A.Dense) {
    if (!B.Dense)
      Sparse.intersectWithComplement(A.Sparse, B.Sparse);
    else
      for (unsigned I : A.Sparse)
        if (!B.testDense(I))
          Sparse.set(I);
    // The result is usually a small delta: counting it costs its length,
    // where A's bound would make every union it feeds walk its target.
    Bound = Sparse.count();
    return;
  }
  Dense = true;
  if (!B.Dense) {
    Words = A.Words;
    for (unsigned I : B.Sparse)
      if (I / 64 < Words.size())
        Words[I / 64] &= ~(uint64_t(1) << (I % 64));
    normalise();
    return;
  }
  // The solver's difference of two large sets, every step: one pass that
  // subtracts and counts, rather than a copy, a pass and a count.
  Words.resize(A.Words.size());
  unsigned Count = 0;
  for (size_t W = 0; W < Words.size(); ++W) {
    Words[W] = A.Words[W] & ~(W < B.Words.size() ? B.Words[W] : 0);
    Count += llvm::popcount(Words[W]);
  }
  if (Count < SparseBelow)
    makeSparse();
}

PointsToSet::iterator PointsToSet::begin() const {
  iterator It;
  It.S = this;
  if (!Dense) {
    It.SIt = Sparse.begin();
    It.SEnd = Sparse.end();
    It.AtEnd = It.SIt == It.SEnd;
    if (!It.AtEnd)
      It.Cur = *It.SIt;
    return It;
  }
  It.nextDense(0);
  return It;
}

PointsToSet::iterator PointsToSet::end() const {
  iterator It;
  It.S = this;
  return It;
}

void PointsToSet::iterator::nextDense(size_t From) {
  const std::vector<uint64_t> &Words = S->Words;
  for (size_t W = From / 64; W < Words.size(); ++W) {
    uint64_t Bits = Words[W];
    if (W == From / 64)
      Bits &= ~uint64_t(0) << (From % 64);
    if (Bits) {
      Cur = W * 64 + llvm::countr_zero(Bits);
      AtEnd = false;
      return;
    }
  }
  AtEnd = true;
}

PointsToSet::iterator &PointsToSet::iterator::operator++() {
  if (!S->Dense) {
    ++SIt;
    AtEnd = SIt == SEnd;
    if (!AtEnd)
      Cur = *SIt;
    return *this;
  }
  nextDense(size_t(Cur) + 1);
  return *this;
}

} // namespace racesift
