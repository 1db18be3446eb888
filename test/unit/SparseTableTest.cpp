//===- SparseTableTest.cpp - The model checker's sparse state tables ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "../../lib/ModelCheck/Semantics.h"

#include <catch2/catch.hpp>

using namespace racesift::mc;

TEST_CASE("sparse table: idle unless stored, stored in index order", "[mc]") {
  SparseTable<uint64_t> T;
  T.assign(1000);
  CHECK(T.size() == 1000);
  CHECK(T[999] == 0);
  CHECK(T.stored().empty());
  T.at(700) = 5;
  T.at(3) |= 2;
  T.at(350) = 1;
  CHECK(T[3] == 2);
  CHECK(T[350] == 1);
  CHECK(T[700] == 5);
  CHECK(T[4] == 0);
  REQUIRE(T.stored().size() == 3);
  CHECK(T.stored()[0].first == 3);
  CHECK(T.stored()[1].first == 350);
  CHECK(T.stored()[2].first == 700);
  // at() on a stored index changes it in place.
  T.at(350) = 0;
  CHECK(T.stored().size() == 3);
  CHECK(T[350] == 0);
  // A copy is independent; assign() empties.
  SparseTable<uint64_t> U = T;
  U.at(3) = 9;
  CHECK(T[3] == 2);
  T.assign(10);
  CHECK(T.stored().empty());
  CHECK(U[3] == 9);
}
