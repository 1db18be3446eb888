//===- PointsTo.h - Whole-program Andersen points-to analysis ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Field-sensitive, inclusion-based points-to analysis over one module, the
// part of the thread model that reads which memory pointers reach
// (lib/PointsTo). It creates the abstract memory objects of the thread
// model and resolves indirect calls and thread start routines. The printer
// pass is in PointsToPrinter.h.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_POINTSTO_POINTSTO_H
#define RACESIFT_POINTSTO_POINTSTO_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class DataLayout;
class Function;
class Module;
class Type;
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

/// The points-to budget (compromise "points-to-budget" in
/// docs/design-threadmodel.md): a pointer that may point to more locations
/// than this is unresolved. On sqlite3.c and librdkafka the sets either stay
/// below 64 or grow past 256 (a context-insensitive merge of unrelated
/// data); what a pointer gathers before it is cut costs the solver.
constexpr unsigned DefaultMaxPointsTo = 128;

/// "obj", "obj+8", "obj+?": the points-to printer's form.
std::string describeLocPlain(const MemObject &O, int64_t Off);

/// Where the field holding byte Off of memory declared as Declared starts:
/// the scalar that byte is part of, or the char array it lies in (the
/// solver's field model, FieldViews.cpp; the thread model's array fields
/// use it too).
uint64_t byteFieldStart(const llvm::DataLayout &DL, llvm::Type *Declared,
                        uint64_t Off);

class PointsToAnalysis {
public:
  /// Builds the constraints of M and solves them. Abstract objects are
  /// appended to Objects (an object's Id is its index there). Solving stops
  /// after MaxSteps solver steps (0: no limit), or at Deadline, leaving
  /// incomplete sets (see exhausted()). A pointer that may point to more
  /// than MaxPointsTo locations (0: no limit) is unresolved, and so is what
  /// it flows to (see unresolved()).
  PointsToAnalysis(
      llvm::Module &M, std::vector<MemObject> &Objects,
      std::optional<std::chrono::steady_clock::time_point> Deadline = {},
      unsigned MaxPointsTo = DefaultMaxPointsTo, uint64_t MaxSteps = 0);
  ~PointsToAnalysis();
  PointsToAnalysis(const PointsToAnalysis &) = delete;
  PointsToAnalysis &operator=(const PointsToAnalysis &) = delete;

  /// Locations Ptr may point to, sorted; empty if none is known.
  llvm::ArrayRef<MemLoc> pointsTo(const llvm::Value *Ptr) const;
  /// Ptr may point to memory the analysis does not model (inttoptr, results
  /// of unknown externals beyond their External object, ...).
  bool mayPointToUnknown(const llvm::Value *Ptr) const;
  /// Ptr is past the points-to budget: pointsTo() is empty, though it may
  /// point anywhere. Stores through it were dropped and indirect calls
  /// through it keep the callees found before it was cut.
  bool unresolved(const llvm::Value *Ptr) const;
  /// Objects whose address flowed into an unresolved pointer or was stored
  /// through one, sorted: unresolved pointers may point to them and to what
  /// their contents point to.
  std::vector<ObjectId> unresolvedTargets() const;
  /// Objects that escaped to unknown code (compromise "unknown-external"):
  /// unknown functions may return them and callbacks receive them.
  std::vector<ObjectId> escapedObjects() const;
  /// Where the set that took most pointers past the budget was: "f
  /// (file.c:12)", "parameter 2 of f", "what 'obj+8' holds"; empty if none.
  const std::string &unresolvedOrigin() const;
  /// Possible callees of CB (defined or declared functions).
  llvm::ArrayRef<const llvm::Function *>
  callees(const llvm::CallBase &CB) const;
  /// Defined functions a call of a function without a body may call back
  /// during the call (qsort's comparator), in module order.
  llvm::ArrayRef<const llvm::Function *>
  callbacks(const llvm::CallBase &CB) const;
  /// The singleton object of the hidden state a group of libc functions
  /// keeps ("rand()", "the environment"), or InvalidObject if none is used.
  ObjectId hiddenObject(llvm::StringRef Group) const;
  /// The fields of L's object from L's offset on (L itself if at
  /// AnyOffset): what a sized buffer access starting at L may touch.
  std::vector<MemLoc> fieldsFrom(const MemLoc &L) const;
  /// The object created for an allocation site (global, alloca, heap call,
  /// function), or InvalidObject; also for a call of an allocation wrapper
  /// whose custom allocator may return another object (alloc-hook).
  ObjectId objectFor(const llvm::Value *Site) const;
  /// Whether every value of Site is a new heap object: a heap allocation
  /// site (objectFor's), and also, under the compromise
  /// "allocator-contract" (an allocator returns memory no one else uses),
  /// an alloc-hook wrapper's call or the custom allocator's call inside
  /// it when what the allocator returns is heap memory or memory the
  /// module does not see.
  bool allocatesFresh(const llvm::Value *Site) const;
  /// Locations the pointers stored at L may point to, sorted.
  std::vector<MemLoc> contentOf(const MemLoc &L) const;
  /// Objects a constructor stores into the object it returns, cloned per
  /// call site ("constructor"), each with that object: (part, whole), a
  /// whole before its parts.
  const std::vector<std::pair<ObjectId, ObjectId>> &constructedParts() const;
  /// All resolved thread start routines, in module order.
  const std::vector<ThreadStart> &threadStarts() const;
  /// The deadline passed, or the step budget ran out, before the fixpoint:
  /// the sets are incomplete and must not be used to conclude anything.
  bool exhausted() const;
  /// It was the step budget (MaxSteps) that ran out.
  bool stepsSpent() const;
  /// Solver steps taken, in all solves: nodes popped from the worklist,
  /// copy edges they propagated along, constraints applied to each
  /// location they gained, and cycle detection's visits
  /// (AndersenSolver::steps()).
  uint64_t steps() const;
  /// Named compromises taken (unknown external called, inttoptr, ...).
  const std::vector<std::string> &compromises() const;

  void print(llvm::raw_ostream &OS) const;
  /// Option pta-trace: how an object reached a location (PointsToTrace.h).
  void printTrace(llvm::raw_ostream &OS, llvm::StringRef Spec) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
  uint64_t Steps = 0; ///< Of the solves before P's.
};

} // namespace racesift

#endif // RACESIFT_POINTSTO_POINTSTO_H
