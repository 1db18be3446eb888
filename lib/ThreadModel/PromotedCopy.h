//===- PromotedCopy.h - A function copy ScalarEvolution can read -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel. At -O0 a loop counter lives in a stack slot,
// where ScalarEvolution cannot see it; the trip-count, join-loop,
// cxx-join-loop and index-range rules ask their questions of a copy of the
// function whose promotable slots are SSA values. The copy is erased with
// this object: the module is left as it was.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_PROMOTEDCOPY_H
#define RACESIFT_LIB_THREADMODEL_PROMOTEDCOPY_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>
#include <vector>

namespace racesift {

class PromotedCopy {
public:
  /// F must be in a module.
  explicit PromotedCopy(llvm::Function &F);
  ~PromotedCopy();
  PromotedCopy(const PromotedCopy &) = delete;
  PromotedCopy &operator=(const PromotedCopy &) = delete;

  /// Inlines, into the copy, the calls of libstdc++'s iterator helpers
  /// (`begin`, `end`, `operator!=`, `operator*`, `operator++`, `base`,
  /// `data` of std:: and __gnu_cxx:: classes), promotes what they leave in
  /// local aggregates (the -O0 `__normal_iterator`s) to SSA values and
  /// recomputes the analyses: a range-for becomes a pointer loop that
  /// ScalarEvolution reads. Returns false if nothing was inlined. Blocks of
  /// F may be split; copyOf stays valid for the instructions that remain.
  bool inlineIteratorHelpers();

  /// A call of F inlined into the copy by inlineCalls: the calls to
  /// Wanted functions it brought in, and the block the copy continues in
  /// after the inlined body.
  struct InlinedCall {
    const llvm::CallBase *Original = nullptr;
    std::vector<llvm::CallBase *> Brought;
    llvm::BasicBlock *Continue = nullptr;
  };
  /// Inlines the copies of Calls (direct calls of F, not invokes), then
  /// promotes locals and recomputes the analyses as inlineIteratorHelpers
  /// does. Wanted names the callees of the calls worth reporting.
  std::vector<InlinedCall>
  inlineCalls(llvm::ArrayRef<const llvm::CallBase *> Calls,
              llvm::function_ref<bool(const llvm::Function &)> Wanted);

  /// The copy of an instruction or block of F, or nullptr.
  template <typename T> T *copyOf(const T *X) const {
    return llvm::dyn_cast_or_null<T>(VMap.lookup(X));
  }

  llvm::ValueToValueMapTy VMap;
  llvm::Function *Copy;
  llvm::DominatorTree DT;
  llvm::AssumptionCache AC;
  std::unique_ptr<llvm::LoopInfo> LI;
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  std::unique_ptr<llvm::ScalarEvolution> SE;

private:
  /// SROA on the copy, then the analyses anew.
  void refresh();
};

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_PROMOTEDCOPY_H
