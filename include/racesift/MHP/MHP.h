//===- MHP.h - Accesses that cannot happen in parallel ----------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The may-happen-in-parallel layer (issue 22): order facts the thread model
// proves without interleavings, in time linear in its function graphs, so
// the lockset layer pairs fewer accesses and the model checker sees only
// what needs interleavings. Today's fact: an access the root thread (main)
// makes on every run before it creates any thread happens before every
// access of every other thread (docs/design.md, "Order facts").
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_MHP_MHP_H
#define RACESIFT_MHP_MHP_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace racesift {

struct OrderFacts {
  /// By AccessId: the root thread performs the access only while no other
  /// thread exists (before its first thread creation, on every path).
  std::vector<bool> BeforeAnyThread;
  /// Functions the root thread enters only while it is the only thread.
  std::vector<const llvm::Function *> EarlyFunctions;
  /// Why there are no facts ("" if there are): the module has no main.
  std::string NotApplied;

  bool beforeAnyThread(TemplateId T, AccessId A) const {
    return T == 0 && A < BeforeAnyThread.size() && BeforeAnyThread[A];
  }
};

OrderFacts computeOrderFacts(const ThreadModel &TM);

void printOrderFacts(const ThreadModel &TM, const OrderFacts &F,
                     llvm::raw_ostream &OS);

/// print<racesift-mhp>
class OrderFactsPrinterPass
    : public llvm::PassInfoMixin<OrderFactsPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit OrderFactsPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_MHP_MHP_H
