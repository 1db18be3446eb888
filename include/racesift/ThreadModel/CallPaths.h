//===- CallPaths.h - How a thread reaches a function ------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// For an access that no interleaving explains (a possible race), one call
// path from its thread's start routine: a shortest one in the call graph.
// The thread may take others; reports say it is an example.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_THREADMODEL_CALLPATHS_H
#define RACESIFT_THREADMODEL_CALLPATHS_H

#include "racesift/ThreadModel/ThreadModel.h"

#include <map>

namespace racesift {

class CallPathFinder {
public:
  explicit CallPathFinder(const ThreadModel &TM) : TM(TM) {}

  /// The calls from T's start routine (for the environment root, from one
  /// of its entries) to F, outermost first, each at its call site in its
  /// caller; fewest calls first, then the first call in the caller's
  /// graph. Calls in system headers before any other are left out (as
  /// ThreadGraph::Calls). Empty if F is the start routine or T does not
  /// reach it.
  std::vector<SourceLoc> shortestPath(TemplateId T, const llvm::Function *F);

private:
  /// How the breadth-first search from a template first reached each
  /// function: the caller and its call's location (nullptr for a start
  /// routine; an exit handler's registration, with no caller).
  struct Reach {
    const llvm::Function *Caller = nullptr;
    const SourceLoc *Call = nullptr;
  };
  using Tree = std::map<const llvm::Function *, Reach>;
  const Tree &treeOf(TemplateId T);

  const ThreadModel &TM;
  std::map<TemplateId, Tree> Trees;
};

} // namespace racesift

#endif // RACESIFT_THREADMODEL_CALLPATHS_H
