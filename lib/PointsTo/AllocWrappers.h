//===- AllocWrappers.h - Allocation wrappers for heap cloning ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the functions whose call sites get heap objects
// of their own (AllocWrappers.cpp), read by the constraint builder.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_ALLOCWRAPPERS_H
#define RACESIFT_LIB_POINTSTO_ALLOCWRAPPERS_H

#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class AllocaInst;
class CallBase;
class Constant;
class Function;
class Module;
class Value;
} // namespace llvm

namespace racesift {

/// Allocation functions (malloc, calloc, operator new, ...): their result is
/// a fresh heap object.
bool isAllocator(llvm::StringRef Name);

/// A pointer a constructor stores into its new object, at a constant
/// offset: repeated at each call site on that call site's own object.
struct FieldFact {
  enum Kind : uint8_t { Fresh, Param, Constant };
  int64_t Offset = 0;
  Kind K = Fresh;
  /// Fresh: the allocation (or wrapper call) whose new object is stored.
  const llvm::CallBase *Inner = nullptr;
  unsigned ArgNo = 0;                ///< Param: the parameter stored.
  const llvm::Constant *C = nullptr; ///< Constant: the global or function.
};

/// Defined functions whose every result is null or a fresh heap object that
/// they allocate (directly or through another such wrapper) and that no one
/// else has seen (compromise-free; see "alloc-wrapper" and "constructor" in
/// docs/design-threadmodel.md). Each call site of one gets a heap object of
/// its own. A constructor also stores pointers into its object: new objects
/// of its own, its parameters, globals; Fields lists them.
struct AllocationWrappers {
  llvm::DenseSet<const llvm::Function *> Functions;
  llvm::DenseMap<const llvm::Function *, std::vector<FieldFact>> Fields;
  /// alloc-hook: indirect calls (a custom allocator's function pointer,
  /// `allocator->alloc(...)`, `xMalloc(n)`) whose results a wrapper may
  /// return instead of its fresh object: its call sites get their clone
  /// and what those calls return.
  llvm::DenseMap<const llvm::Function *, std::vector<const llvm::CallBase *>>
      Hooks;
};
AllocationWrappers findAllocationWrappers(const llvm::Module &M);

/// The parameters of an allocation wrapper whose product is the size it
/// allocates, when it passes them unchanged to its one malloc, calloc or
/// operator new call.
struct WrapperSize {
  unsigned First;
  std::optional<unsigned> Second; ///< calloc's element size.
};
std::optional<WrapperSize> wrapperSizeParams(const llvm::Function &F);

/// V is X * C or X << K (C = 1 << K, K < 32), through integer casts, with
/// X not a constant: X and C (`n * sizeof(T)` at -O0).
std::optional<std::pair<const llvm::Value *, uint64_t>>
constantFactor(const llvm::Value *V);

/// malloc and operator new: their one argument is the size in bytes.
bool allocatesBytes(llvm::StringRef Name);

/// An allocation wrapper that allocates a block of elements: the parameter
/// that counts them and the element size. Its one allocation is `malloc(n *
/// C)`, `operator new(n * C)` or `calloc(n, C)` with n that parameter, or a
/// call of another such wrapper given the parameter as its count (the
/// libstdc++ chain `_M_allocate(n)` -> `allocate(a, n)` -> `operator new(n *
/// sizeof(T))`), or a wrapper that computes the count itself and calls such
/// a wrapper with it (std::deque's `_M_allocate_node()`, whose count is
/// `__deque_buf_size(sizeof(T))`): no count parameter. Memoised in Memo.
struct WrapperElements {
  std::optional<unsigned> CountParam;
  uint64_t ElemSize;
};
std::optional<WrapperElements> wrapperElements(
    const llvm::Function &F, const AllocationWrappers &W,
    llvm::DenseMap<const llvm::Function *, std::optional<WrapperElements>>
        &Memo);

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_ALLOCWRAPPERS_H
