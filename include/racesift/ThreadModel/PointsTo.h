//===- PointsTo.h - Whole-program Andersen points-to analysis ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Field-sensitive, inclusion-based points-to analysis over one module. It
// creates the abstract memory objects of the thread model and resolves
// indirect calls and thread start routines.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_THREADMODEL_POINTSTO_H
#define RACESIFT_THREADMODEL_POINTSTO_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/PassManager.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
class Module;
class Value;
class raw_ostream;
} // namespace llvm

namespace racesift {

/// A start routine bound to a thread creation call: pthread_create,
/// thrd_create, or std::thread/std::jthread's _M_start_thread (whose routine
/// is the _M_run override of the state object).
struct ThreadStart {
  const llvm::CallBase *Call = nullptr;
  const llvm::Function *Routine = nullptr;
};

class PointsToAnalysis {
public:
  /// Builds the constraints of M and solves them. Abstract objects are
  /// appended to Objects (an object's Id is its index there). Solving stops
  /// at Deadline, leaving incomplete sets (see exhausted()).
  PointsToAnalysis(
      llvm::Module &M, std::vector<MemObject> &Objects,
      std::optional<std::chrono::steady_clock::time_point> Deadline = {});
  ~PointsToAnalysis();
  PointsToAnalysis(const PointsToAnalysis &) = delete;
  PointsToAnalysis &operator=(const PointsToAnalysis &) = delete;

  /// Locations Ptr may point to, sorted; empty if none is known.
  llvm::ArrayRef<MemLoc> pointsTo(const llvm::Value *Ptr) const;
  /// Ptr may point to memory the analysis does not model (inttoptr, results
  /// of unknown externals beyond their External object, ...).
  bool mayPointToUnknown(const llvm::Value *Ptr) const;
  /// Possible callees of CB (defined or declared functions).
  llvm::ArrayRef<const llvm::Function *>
  callees(const llvm::CallBase &CB) const;
  /// The object created for an allocation site (global, alloca, heap call,
  /// function), or InvalidObject.
  ObjectId objectFor(const llvm::Value *Site) const;
  /// Locations the pointers stored at L may point to, sorted.
  std::vector<MemLoc> contentOf(const MemLoc &L) const;
  /// All resolved thread start routines, in module order.
  const std::vector<ThreadStart> &threadStarts() const;
  /// The deadline passed before the fixpoint: the sets are incomplete and
  /// must not be used to conclude anything.
  bool exhausted() const;
  /// Named compromises taken (unknown external called, inttoptr, ...).
  const std::vector<std::string> &compromises() const;

  void print(llvm::raw_ostream &OS) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// print<racesift-pointsto>: the points-to set of every pointer operand of a
/// load, store or call, and the resolved indirect callees.
class PointsToPrinterPass : public llvm::PassInfoMixin<PointsToPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit PointsToPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_THREADMODEL_POINTSTO_H
