//===- PointsToTrace.h - How an object reached a location ------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the option pta-trace of print<racesift-pta>.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_POINTSTOTRACE_H
#define RACESIFT_LIB_POINTSTO_POINTSTOTRACE_H

#include "ConstraintGraph.h"
#include "PointsToResult.h"

#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace racesift {

/// Prints how an object whose name contains Spec's pointee reached what
/// location Spec's object+offset holds ("<pointee><-<object>[+<offset>]"):
/// the shortest path back over copy, GEP, load and store edges of the
/// solved graph, from where the object entered to the location.
void printPointsToTrace(llvm::raw_ostream &OS, llvm::StringRef Spec,
                        const ConstraintGraph &G,
                        const std::vector<MemObject> &Objects,
                        const PointsToResult &R);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_POINTSTOTRACE_H
