//===- ReturnedArgs.h - Parameters a function returns as they are -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: functions that may return one of their pointer
// parameters unchanged (`return p`, realloc wrappers that keep the block,
// list helpers returning the list), read by the constraint builder, which
// binds that part of the result per call site ("returned-argument").
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_RETURNEDARGS_H
#define RACESIFT_LIB_POINTSTO_RETURNEDARGS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class Module;
class Value;
} // namespace llvm

namespace racesift {

/// What a function's result may be: parameters it returns unchanged, and
/// the other values whose sets reach its return (everything else it
/// returns: calls, loads, GEPs of parameters, ...).
struct ReturnSources {
  llvm::SmallVector<unsigned, 2> Params;
  llvm::SmallVector<const llvm::Value *, 4> Others;
};

/// The defined functions returning a pointer that may return a parameter
/// unchanged: through casts, phis, selects and private local slots (a
/// slot only loaded and stored into).
llvm::DenseMap<const llvm::Function *, ReturnSources>
findReturnedArgs(const llvm::Module &M);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_RETURNEDARGS_H
