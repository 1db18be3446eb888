//===- PointsToSetTest.cpp - The solver's location sets -------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "../../lib/PointsTo/PointsToSet.h"

#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <vector>

using namespace racesift;

namespace {
using Ref = std::set<unsigned>;

Ref contents(const PointsToSet &S) {
  Ref Out;
  unsigned Prev = 0;
  bool First = true;
  for (unsigned I : S) {
    // Iteration is in increasing order, each element once.
    if (!First)
      REQUIRE(I > Prev);
    First = false;
    Prev = I;
    Out.insert(I);
  }
  return Out;
}

/// A random set of N elements below Range, in S and in R.
void fill(std::mt19937 &Rng, unsigned N, unsigned Range, PointsToSet &S,
          Ref &R) {
  std::uniform_int_distribution<unsigned> Pick(0, Range - 1);
  for (unsigned I = 0; I < N; ++I) {
    unsigned X = Pick(Rng);
    CHECK(S.test_and_set(X) == R.insert(X).second);
  }
}
} // namespace

TEST_CASE("Points-to sets agree with std::set across sparse and dense",
          "[pta]") {
  std::mt19937 Rng(7);
  // Sizes on both sides of the thresholds, so every pair of forms meets.
  const unsigned Sizes[] = {0, 3, PointsToSet::SparseBelow,
                            PointsToSet::DenseAbove + 40, 3000};
  for (unsigned NA : Sizes)
    for (unsigned NB : Sizes)
      // The widest range keeps large sets sparse (a bit array would be
      // far larger than their blocks).
      for (unsigned Range : {200u, 5000u, 40000u, 10000000u}) {
        PointsToSet A, B;
        Ref RA, RB;
        fill(Rng, NA, Range, A, RA);
        fill(Rng, NB, Range, B, RB);
        REQUIRE(contents(A) == RA);
        REQUIRE(A.count() == RA.size());
        REQUIRE(A.empty() == RA.empty());
        for (unsigned X : {0u, 1u, 63u, 64u, Range - 1, Range + 100})
          CHECK(A.test(X) == (RA.count(X) == 1));

        PointsToSet Diff;
        Diff.intersectWithComplement(A, B);
        Ref RDiff;
        for (unsigned X : RA)
          if (!RB.count(X))
            RDiff.insert(X);
        CHECK(contents(Diff) == RDiff);

        PointsToSet Union = A;
        Ref RUnion = RA;
        RUnion.insert(RB.begin(), RB.end());
        CHECK((Union |= B) == (RUnion.size() != RA.size()));
        CHECK(contents(Union) == RUnion);
        CHECK(!(Union |= B));
        CHECK((Union == A) == (RUnion == RA));
        CHECK(Union == Union);

        PointsToSet Inter = A;
        Inter &= B;
        Ref RInter;
        for (unsigned X : RA)
          if (RB.count(X))
            RInter.insert(X);
        CHECK(contents(Inter) == RInter);
        CHECK((A == B) == (RA == RB));

        A.clear();
        CHECK(A.empty());
        CHECK(contents(A).empty());
      }
}

TEST_CASE("A dense set meets a location past the bit array's limit", "[pta]") {
  PointsToSet Dense, Far;
  Ref R;
  for (unsigned I = 0; I < 2000; ++I) {
    Dense.test_and_set(I);
    R.insert(I);
  }
  Far.test_and_set(PointsToSet::DenseLimit + 5);
  PointsToSet Copy = Dense;
  CHECK((Dense |= Far));
  R.insert(PointsToSet::DenseLimit + 5);
  CHECK(contents(Dense) == R);
  CHECK(Copy.test_and_set(PointsToSet::DenseLimit + 5));
  CHECK(Copy == Dense);
  CHECK((Far |= Copy));
  CHECK(Far == Dense);
}

TEST_CASE("A dense set equals a sparse one with the same elements", "[pta]") {
  PointsToSet Big, Small;
  for (unsigned I = 0; I < 1000; ++I)
    Big.test_and_set(I * 7);
  // A difference that leaves few elements comes back sparse; equality
  // across the two forms compares elements, not form.
  PointsToSet Most;
  for (unsigned I = 2; I < 1000; ++I)
    Most.test_and_set(I * 7);
  Small.intersectWithComplement(Big, Most);
  PointsToSet Two;
  Two.test_and_set(0);
  Two.test_and_set(7);
  CHECK(Small == Two);
  CHECK(Two == Small);
  Two |= Most;
  CHECK(Two == Big);
  CHECK(Big == Two);
}
