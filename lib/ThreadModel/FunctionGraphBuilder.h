//===- FunctionGraphBuilder.h - Action graph of one function ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel. Maps one function's IR to its action graph:
// accesses, synchronisation API calls (SyncApi), calls of defined functions,
// tracked data (Assign/Assume) and internal steps.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H
#define RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H

#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class BranchInst;
class Function;
} // namespace llvm

namespace racesift {

/// What the graph builder needs to know about the whole module.
struct GraphContext {
  /// Creation call -> index into ThreadModel::Creations.
  llvm::DenseMap<const llvm::CallBase *, unsigned> CreationOf;
  /// Stack objects whose address may reach another thread.
  llvm::DenseSet<ObjectId> EscapedStack;
  /// Lock objects initialised with a recursive attribute.
  llvm::DenseSet<ObjectId> RecursiveLocks;
  /// The one lock of SV-COMP atomic sections.
  ObjectId AtomicSection = InvalidObject;
  /// Integer flag globals -> their DataVar.
  llvm::DenseMap<const llvm::Value *, DataVarId> FlagVars;
};

/// Builds FunctionGraphs into one ThreadModel. Accesses and DataVars are
/// appended to TM as they are met.
class FunctionGraphBuilder {
public:
  FunctionGraphBuilder(ThreadModel &TM, const PointsToAnalysis &PTA,
                       GraphContext &Ctx)
      : TM(TM), PTA(PTA), Ctx(Ctx) {}

  /// The graph of F (F must have a body).
  FunctionGraph build(const llvm::Function &F);

private:
  ThreadModel &TM;
  const PointsToAnalysis &PTA;
  GraphContext &Ctx;
  /// Trylock (and tracked helper) call results -> DataVar.
  llvm::DenseMap<const llvm::Value *, DataVarId> ResultVars;

  void actionsOf(const llvm::Instruction &I, std::vector<Action> &Out);
  void syncActions(const llvm::CallBase &CB, const SyncApi &Api,
                   std::vector<Action> &Out);
  bool addAccess(const llvm::Instruction &I, const llvm::Value *Ptr,
                 bool IsWrite, bool IsAtomic, std::vector<Action> &Out);
  std::vector<MemLoc> objectsOf(const llvm::Value *Ptr) const;
  Action objectAction(ActionKind K, const llvm::Instruction &I,
                      const llvm::Value *Ptr) const;
  /// The tracked variable and constant a branch condition compares, if any.
  bool guardOf(const llvm::BranchInst &BI, DataVarId &Var, GuardPred &Pred,
               int64_t &C) const;
  DataVarId trackedVarOf(const llvm::Value *V) const;
  /// 0 or 1 if BI's condition is decided by a constant-returning helper.
  int foldedSuccessor(const llvm::BranchInst &BI) const;
};

/// The canonical address of Ptr (see BaseRef).
BaseRef canonicalBase(const llvm::Value *Ptr);
/// Source-level name of the memory Ptr denotes ("x", "p->count", "arr[]").
std::string sourceNameOfPointer(const ThreadModel &TM,
                                const PointsToAnalysis &PTA,
                                const llvm::Value *Ptr);

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H
