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
  /// Direct callees of the same kind whose result it returns: their other
  /// values (their return node) reach this one's; the parameters they
  /// return are followed into this function's arguments to them.
  llvm::SmallVector<const llvm::Function *, 2> ReturnsOf;
  /// returned-path: values made from a parameter by GEPs and loads alone
  /// (`return this->_M_start + n`, `return q->buf`), evaluated again at
  /// each call on that call's argument.
  llvm::SmallVector<const llvm::Value *, 2> Paths;

  bool operator==(const ReturnSources &O) const {
    return Params == O.Params && Others == O.Others &&
           ReturnsOf == O.ReturnsOf && Paths == O.Paths;
  }
};

/// The defined functions returning a pointer that may return a parameter
/// unchanged, or a path from one: through casts, phis, selects, private
/// local slots (a slot only loaded and stored into) and direct calls of
/// such functions.
llvm::DenseMap<const llvm::Function *, ReturnSources>
findReturnedArgs(const llvm::Module &M);

/// V stripped of casts and of loads of local slots stored once (-O0's
/// parameter spill; throughSlot, repeated): the value a returned path
/// steps from.
const llvm::Value *pathStep(const llvm::Value *V);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_RETURNEDARGS_H
