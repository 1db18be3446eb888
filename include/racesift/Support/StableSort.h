//===- StableSort.h - A stable sort without a temporary buffer --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// std::stable_sort (and llvm::stable_sort, which calls it) instantiates
// libstdc++ 12's std::get_temporary_buffer, deprecated in C++17, and clang 19
// warns about that in our code (-Wdeprecated-declarations), which the
// warnings-as-errors build refuses. stableSort gives the same order:
// std::sort of the positions, equal elements in their input order.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_SUPPORT_STABLESORT_H
#define RACESIFT_SUPPORT_STABLESORT_H

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace racesift {

/// Sorts C (a random-access container) by Less, a strict weak order,
/// keeping elements that neither orders before the other in their order.
template <typename Container, typename Compare>
void stableSort(Container &C, Compare Less) {
  using T = typename Container::value_type;
  std::vector<size_t> Order(C.size());
  std::iota(Order.begin(), Order.end(), size_t(0));
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Less(C[A], C[B]))
      return true;
    if (Less(C[B], C[A]))
      return false;
    return A < B;
  });
  std::vector<T> Sorted;
  Sorted.reserve(C.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(C[I]));
  std::move(Sorted.begin(), Sorted.end(), C.begin());
}

} // namespace racesift

#endif // RACESIFT_SUPPORT_STABLESORT_H
