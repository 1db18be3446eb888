//===- ThreadModelAnalysis.h - Building the thread model --------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_THREADMODEL_THREADMODELANALYSIS_H
#define RACESIFT_THREADMODEL_THREADMODELANALYSIS_H

#include "racesift/PointsTo/PointsTo.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/ArrayRef.h"

#include "llvm/IR/PassManager.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Function;
class DataLayout;
class GlobalVariable;
class Module;
class Value;
class raw_ostream;
} // namespace llvm

namespace racesift {

/// Builds the thread model of a whole module (one translation unit, or the
/// linked program under LTO). If Deadline passes first, or the points-to
/// solver takes PointsToSteps steps (0: no limit), the model is left
/// empty with BudgetExhausted set. Pointers that may point to more than
/// MaxPointsTo locations are unresolved (0: no limit; see PointsTo.h).
/// TrackHints: pointers to fields of globals that witness validation found
/// deciding (refinement); each is tracked as data where that is exact
/// (isTrackableField). FixedBranches: branches that take one successor in
/// every execution (frozen-branch refinement); the other edge is left out.
ThreadModel buildThreadModel(
    llvm::Module &M,
    std::optional<std::chrono::steady_clock::time_point> Deadline = {},
    unsigned MaxPointsTo = DefaultMaxPointsTo,
    llvm::ArrayRef<const llvm::Value *> TrackHints = {},
    uint64_t PointsToSteps = 0, llvm::ArrayRef<FixedBranch> FixedBranches = {});

/// Whether buildThreadModel can track the memory Ptr points to as data when
/// given it as a hint: a field of a global struct whose address never
/// escapes, accessed only as a flag or counter.
bool isTrackableField(const llvm::Value *Ptr, const llvm::DataLayout &DL);

/// The source name of F's parameter ArgNo, from its debug declaration
/// (release builds of clang discard IR value names), else its IR name, else
/// "#<ArgNo + 1>".
std::string parameterName(const llvm::Function &F, unsigned ArgNo);

/// once-proxy: libstdc++'s std::call_once (and so std::async, promises and
/// futures) hands pthread_once the library's `__once_proxy`, which calls
/// the function its caller stored in the thread-local `std::__once_call`:
/// that global when Routine is the proxy, else null.
const llvm::GlobalVariable *onceProxySlot(const llvm::Function &Routine);

/// False if M refers to no thread-creation API (pthread_create,
/// thrd_create, std::thread): then it creates no threads and no model is
/// needed. Cheap: it looks at declarations only.
bool mayCreateThreads(const llvm::Module &M);

/// Whether the analysis reads a copy of M rewritten by
/// prepareAnalysisCopy rather than M itself.
bool needsAnalysisCopy(const llvm::Module &M);

/// Rewrites a copy of the user's module into the form the analysis reads
/// (same behaviour; docs/design-threadmodel.md): std::thread callables of
/// one type get their own library code (cxx-thread-callables), std::atomic
/// members become the IR atomics they mean (cxx-atomic-members).
void prepareAnalysisCopy(llvm::Module &M);

/// A copy of M rewritten by prepareAnalysisCopy, or null if M needs none
/// (needsAnalysisCopy): what the printers and the pass analyse instead of
/// the user's module, which is compiled unchanged.
std::unique_ptr<llvm::Module> analysisCopyOf(const llvm::Module &M);

/// The textual form checked by lit tests (print<racesift-threads>).
void printThreadModel(const ThreadModel &TM, llvm::raw_ostream &OS);

/// Inlines the function graphs reachable from template T into one graph
/// (call strings, recursion cut after one level, documented in
/// docs/design.md). Calls whose callees contain no Relevant action are
/// replaced by an Internal step, which slices the graph for one candidate.
/// Stops at MaxNodes and sets Truncated. Scratch, if given, holds the
/// uncompressed edges and keeps its capacity for the next call: a caller
/// that builds a graph per location need not fault that memory in again.
/// With Loc (context-parameters), an access whose address is a parameter's
/// is kept only in the calls whose argument may point to Loc's object:
/// `add(&q1)` in one thread and `add(&q2)` in another touch one queue each;
/// EntryArg, if given, is what the start routine's parameter points to (the
/// objects one creation site passes).
constexpr unsigned DefaultMaxGraphNodes = 200000;
ThreadGraph
buildThreadGraph(const ThreadModel &TM, TemplateId T,
                 const std::function<bool(const Action &)> &Relevant,
                 unsigned MaxNodes = DefaultMaxGraphNodes,
                 std::vector<ActionEdge> *Scratch = nullptr,
                 const MemLoc *Loc = nullptr,
                 const std::vector<ObjectId> *EntryArg = nullptr);

/// Module analysis: racesift-threads.
class ThreadModelAnalysis
    : public llvm::AnalysisInfoMixin<ThreadModelAnalysis> {
  friend llvm::AnalysisInfoMixin<ThreadModelAnalysis>;
  static llvm::AnalysisKey Key;

  unsigned MaxPointsTo;

public:
  explicit ThreadModelAnalysis(unsigned MaxPointsTo = DefaultMaxPointsTo)
      : MaxPointsTo(MaxPointsTo) {}
  using Result = ThreadModel;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// print<racesift-threads>
class ThreadModelPrinterPass
    : public llvm::PassInfoMixin<ThreadModelPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit ThreadModelPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_THREADMODEL_THREADMODELANALYSIS_H
