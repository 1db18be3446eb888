//===- CxxJoinLoops.h - Proofs about std::thread containers -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the cxx-join-loop rules (a local container, CxxJoinLoops.cpp; a
// member of a pool object, CxxMemberJoinLoops.cpp) share: the uses of a
// container's pointers in a promoted copy, the shape of a range-for join
// loop, and where a site's threads start.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_CXXJOINLOOPS_H
#define RACESIFT_LIB_THREADMODEL_CXXJOINLOOPS_H

#include "PromotedCopy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <vector>

namespace racesift {
namespace cxxjoin {

/// What a local container's pointers reach in the copy: every use of the
/// container and of the element pointers loaded or computed from it.
struct ContainerUses {
  llvm::SmallPtrSet<const llvm::Value *, 16>
      Derived; ///< The container and its elements.
  std::vector<const llvm::CallBase *> Members; ///< Calls of its members.
  llvm::SmallPtrSet<const llvm::Value *, 4>
      MovedIn; ///< Sources of push_back, operator=.
  llvm::SmallPtrSet<const llvm::CallBase *, 4> Emplace;
  llvm::SmallPtrSet<const llvm::CallBase *, 4> Joins;
  std::vector<const llvm::CallBase *> MoveAssigns;
};

/// Follows every pointer into the container (Roots: the pointers to the
/// container itself), see CxxJoinLoops.cpp.
bool collectContainerUses(llvm::ArrayRef<const llvm::Value *> Roots,
                          ContainerUses &U);

/// Every call outside namespace std that may construct a thread through
/// Ctor, or false if one is outside Main or Ctor's callers are not all
/// known. A null Main becomes the first such call's function.
bool entryCalls(const llvm::Function &Ctor, const llvm::Function *&Main,
                std::vector<const llvm::CallBase *> &Out);

/// A range-for loop around a join: the loop, its exit, the element pointer
/// `{Start,+,Size}<L>` and the bound it is tested against.
struct RangeJoinLoop {
  llvm::Loop *L = nullptr;
  llvm::BasicBlock *Exit = nullptr;
  const llvm::SCEVAddRecExpr *AR = nullptr;
  const llvm::SCEV *End = nullptr;
};

/// Join (in a copy) as the join of every element of a range-for over
/// elements of Size bytes, or nullopt.
std::optional<RangeJoinLoop> rangeJoinLoop(llvm::CallBase &Join, uint64_t Size,
                                           PromotedCopy &PC);

/// The pointer S is a load, with no call after it until Header, from
/// Base + Off: Base, or null.
const llvm::Value *loadedFrom(const llvm::SCEV *S, int64_t Off,
                              const llvm::BasicBlock *Header,
                              const llvm::DataLayout &DL);

/// Whether every entry of a site puts its thread into the container U
/// describes, none of them inside loop L (if any).
bool entriesKeptIn(llvm::ArrayRef<const llvm::CallBase *> Entries,
                   const llvm::Function *Ctor, PromotedCopy &PC,
                   const ContainerUses &U, const llvm::Loop *L);

/// Nothing in loop L may put a thread into the container.
bool loopKeepsContainer(const llvm::Loop &L, const ContainerUses &U);

/// The copy's blocks mapped back to the original function's.
llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *>
originalBlocks(const llvm::Function &F, const PromotedCopy &PC);

} // namespace cxxjoin
} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_CXXJOINLOOPS_H
