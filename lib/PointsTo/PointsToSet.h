//===- PointsToSet.h - Location sets of the points-to solver ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A set of location ids that is sparse while small and a plain bit array
// once large. LLVM's SparseBitVector is a linked list of 128-bit blocks: a
// union walks every block of the larger set, so on sqlite3.c, whose sets
// reach 4900 locations spread over 40000, 43% of the solver was unions and
// differences walking such lists. A bit array makes adding a few bits to a
// large set cost those bits, and a difference of two large sets a pass over
// words.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_POINTSTOSET_H
#define RACESIFT_LIB_POINTSTO_POINTSTOSET_H

#include "llvm/ADT/SparseBitVector.h"

#include <cstdint>
#include <vector>

namespace racesift {

class PointsToSet {
public:
  /// A sparse set of more than DenseAbove locations becomes dense when
  /// the bit array is at most twice the size of its 128-bit blocks (about
  /// 48 bytes each with the list's pointers): on librdkafka, with 274000
  /// locations, a bit array is 34 KB and sets of a few hundred spread
  /// locations must stay sparse. A dense result of a difference or an
  /// intersection below SparseBelow goes back to sparse, so that small
  /// deltas stay cheap to walk.
  static constexpr unsigned DenseAbove = 256;
  static constexpr unsigned SparseBelow = 64;
  static constexpr unsigned BytesPerBlock = 48;
  /// A set becomes a bit array only while its locations are below this id
  /// (8 KiB; it may grow past it later): on librdkafka, with 260000
  /// locations, unbounded arrays cost 36% more memory for 6% more solver
  /// steps in the same time.
  static constexpr unsigned DenseLimit = 1 << 16;

  bool test(unsigned I) const;
  /// Adds I; true if it was not there.
  bool test_and_set(unsigned I);
  bool empty() const;
  unsigned count() const;
  void clear();
  /// Adds RHS; true if this grew.
  bool operator|=(const PointsToSet &RHS);
  void operator&=(const PointsToSet &RHS);
  bool operator==(const PointsToSet &RHS) const;
  bool operator!=(const PointsToSet &RHS) const { return !(*this == RHS); }
  /// This = A minus B.
  void intersectWithComplement(const PointsToSet &A, const PointsToSet &B);

  class iterator {
  public:
    unsigned operator*() const { return Cur; }
    iterator &operator++();
    bool operator==(const iterator &O) const {
      return AtEnd == O.AtEnd && (AtEnd || Cur == O.Cur);
    }
    bool operator!=(const iterator &O) const { return !(*this == O); }

  private:
    friend class PointsToSet;
    const PointsToSet *S = nullptr;
    llvm::SparseBitVector<>::iterator SIt;
    llvm::SparseBitVector<>::iterator SEnd;
    unsigned Cur = 0;
    bool AtEnd = true;
    void nextDense(size_t From);
  };
  iterator begin() const;
  iterator end() const;

private:
  llvm::SparseBitVector<> Sparse;
  std::vector<uint64_t> Words; ///< The bits while dense.
  bool Dense = false;
  /// While sparse: at least the number of bits. Counting walks the list,
  /// so it is only done when this bound passes CheckAt, which doubles
  /// after each walk that leaves the set sparse.
  unsigned Bound = 0;
  unsigned CheckAt = DenseAbove;

  void makeDense();
  void makeSparse();
  /// Dense if the sparse set has grown large and compact enough.
  void maybeDense();
  /// Room for N words: an eighth more than asked rather than the vector's
  /// doubling, since new locations arrive one by one at the top.
  void grow(size_t N);
  /// Back to sparse if a result came out small.
  void normalise();
  void setDense(unsigned I) {
    if (I / 64 >= Words.size())
      grow(I / 64 + 1);
    Words[I / 64] |= uint64_t(1) << (I % 64);
  }
  bool testDense(unsigned I) const {
    return I / 64 < Words.size() && (Words[I / 64] >> (I % 64) & 1);
  }
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_POINTSTOSET_H
