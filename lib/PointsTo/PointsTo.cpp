//===- PointsTo.cpp - Whole-program Andersen points-to analysis -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// PointsToAnalysis: builds the module's constraints (ConstraintBuilder),
// solves them (AndersenSolver over a ConstraintGraph), and answers queries
// on the result (PointsToResult). A second solve, with results of unknown
// functions pointing only to their own objects, follows when escaped memory
// passed the points-to budget.
//
//===----------------------------------------------------------------------===//

#include "racesift/PointsTo/PointsTo.h"

#include "ConstraintBuilder.h"
#include "PointsToResult.h"
#include "PointsToTrace.h"
#include "racesift/Support/Debug.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace llvm;

#define DEBUG_TYPE "racesift-pta"

namespace racesift {

struct PointsToAnalysis::Impl {
  ConstraintGraph G;
  AndersenSolver S;
  ConstraintBuilder B;
  /// Made once solving is done.
  std::unique_ptr<PointsToResult> R;
  /// The cut that took most nodes with it (see unresolvedOrigin()).
  std::string UnresolvedOrigin;
  std::vector<MemObject> &Objects;

  Impl(Module &M, std::vector<MemObject> &Objects, bool UnknownResultsOwnOnly)
      : S(G, Objects, M.getDataLayout()),
        B(M, Objects, G, S, UnknownResultsOwnOnly), Objects(Objects) {
    S.setCallBinder(B);
  }
  /// Solves what was added so far; debug-only=racesift-pta says how it
  /// went.
  void solve();
  /// Records the points-to budget's compromise once solving is done.
  void noteUnresolved();
  /// For the debug log: how many values and locations' contents node N's
  /// class merged, and the functions and objects with most of them.
  std::string describeMerged(uint32_t N) const;
  /// For the debug log: how node N's class grew, the merges of two classes
  /// of three members or more, each side with its size and one member.
  void printMergeHistory(uint32_t N) const;
  /// The name of node N for the debug log, as describeNode gives it, from
  /// the class's values (ValueOf) and locations (LocOf).
  std::string nodeName(uint32_t N,
                       const DenseMap<uint32_t, const Value *> &ValueOf,
                       const DenseMap<uint32_t, size_t> &LocOf) const;
};

/// "Count (Name: n, ...)" of the six names with most entries.
static std::string largestCounts(const std::map<std::string, unsigned> &C) {
  std::vector<std::pair<unsigned, std::string>> Order;
  unsigned Total = 0;
  for (auto &[Name, N] : C) {
    Order.push_back({N, Name});
    Total += N;
  }
  // Most first; ties by name, so the text is stable.
  llvm::sort(Order, [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  std::string Out = std::to_string(Total) + " (";
  for (size_t I = 0; I < Order.size() && I < 6; ++I)
    Out += (I ? ", " : "") + Order[I].second + ": " +
           std::to_string(Order[I].first);
  return Out + (Order.size() > 6 ? ", ...)" : ")");
}

std::string PointsToAnalysis::Impl::describeMerged(uint32_t N) const {
  N = G.find(N);
  std::map<std::string, unsigned> Values, Contents;
  for (auto &[V, VN] : B.valueNodes()) {
    if (G.find(VN) != N)
      continue;
    const Function *F = nullptr;
    if (auto *A = dyn_cast<Argument>(V))
      F = A->getParent();
    else if (auto *I = dyn_cast<Instruction>(V))
      F = I->getFunction();
    ++Values[F ? F->getName().str() : V->getName().str()];
  }
  for (size_t L = 0; L < G.numLocs(); ++L)
    if (G.find(G.loc(L).Content) == N)
      ++Contents[Objects[G.loc(L).Loc.Obj].Name];
  return "values " + largestCounts(Values) + ", contents of locations " +
         largestCounts(Contents);
}

std::string PointsToAnalysis::Impl::nodeName(
    uint32_t N, const DenseMap<uint32_t, const Value *> &ValueOf,
    const DenseMap<uint32_t, size_t> &LocOf) const {
  if (auto It = LocOf.find(N); It != LocOf.end()) {
    const MemLoc &L = G.loc(It->second).Loc;
    return "what '" + describeLocPlain(Objects[L.Obj], L.Offset) + "' holds";
  }
  auto It = ValueOf.find(N);
  return It == ValueOf.end() ? "a solver node"
                             : PointsToResult::describeValue(It->second);
}

void PointsToAnalysis::Impl::printMergeHistory(uint32_t N) const {
  N = G.find(N);
  // Names of the class's members only: the rest are never printed.
  DenseMap<uint32_t, const Value *> ValueOf;
  DenseMap<uint32_t, size_t> LocOf;
  for (auto &[V, VN] : B.valueNodes())
    if (G.find(VN) == N) {
      auto [It, New] = ValueOf.try_emplace(VN, V);
      // The smallest name, so that the log is the same on every run.
      if (!New && PointsToResult::describeValue(V) <
                      PointsToResult::describeValue(It->second))
        It->second = V;
    }
  for (size_t L = 0; L < G.numLocs(); ++L)
    if (G.find(G.loc(L).Content) == N)
      LocOf.try_emplace(G.loc(L).Content, L);
  // Replays the merges with a union-find of its own: members per class,
  // and the first named member as its sample.
  DenseMap<uint32_t, uint32_t> Parent;
  DenseMap<uint32_t, std::pair<unsigned, std::string>> Class;
  auto Find = [&](uint32_t X) {
    while (true) {
      auto It = Parent.find(X);
      if (It == Parent.end() || It->second == X)
        return X;
      X = It->second;
    }
  };
  auto Of = [&](uint32_t X) -> std::pair<unsigned, std::string> & {
    auto [It, New] = Class.try_emplace(X);
    if (New)
      It->second = {1, ValueOf.count(X) || LocOf.count(X)
                           ? nodeName(X, ValueOf, LocOf)
                           : std::string()};
    return It->second;
  };
  unsigned Printed = 0, Into = 0;
  for (auto [A, Bn] : S.merges()) {
    uint32_t RA = Find(A), RB = Find(Bn);
    if (RA == RB)
      continue;
    auto SA = Of(RA), SB = Of(RB);
    Parent[RB] = RA;
    Class[RA] = {SA.first + SB.first,
                 SA.second.empty() ? SB.second : SA.second};
    if (G.find(A) != N)
      continue;
    ++Into;
    if ((SA.first < 3 && SB.first < 3) || Printed == 24)
      continue;
    ++Printed;
    debugs() << "racesift-pta:   merge " << Into << ": " << SA.first << " ("
             << (SA.second.empty() ? "unnamed" : SA.second) << ") + "
             << SB.first << " (" << (SB.second.empty() ? "unnamed" : SB.second)
             << ")\n";
  }
  debugs() << "racesift-pta: first cut's node came from " << Into
           << " merges\n";
}

/// How large the IR values' sets are: where precision is lost, and what the
/// solver pays for.
static void printSetSizes(const ConstraintGraph &G,
                          const ConstraintBuilder &B) {
  std::vector<uint64_t> Buckets(8);
  DenseSet<uint32_t> Seen;
  for (auto &[V, N] : B.valueNodes()) {
    uint32_t R = G.find(N);
    if (!Seen.insert(R).second)
      continue;
    size_t C = G.node(R).Pts.count();
    Buckets[std::min<size_t>(7, C ? Log2_64(C) / 2 + 1 : 0)]++;
  }
  debugs() << "racesift-pta: value sets by size (0, 1-3, 4-15, ..., >=4^6):";
  for (uint64_t Count : Buckets)
    debugs() << " " << Count;
  debugs() << "\n";
}

void PointsToAnalysis::Impl::solve() {
  S.solve();
  for (ObjectId O = 0; O < G.numObjects() && O < Objects.size(); ++O)
    Objects[O].ElementsFolded = G.object(O).Folded;
  if (!debugEnabled(DEBUG_TYPE))
    return;
  printSetSizes(G, B);
  S.printStats();
}

void PointsToAnalysis::Impl::noteUnresolved() {
  unsigned Values = 0;
  for (auto &[V, N] : B.valueNodes())
    Values += S.unresolved(N);
  RACESIFT_DEBUG(debugs() << "racesift-pta: solved: " << G.numNodes()
                          << " nodes, " << B.objects().size() << " objects, "
                          << S.steps() << " steps, " << Values
                          << " unresolved values\n");
  if (!Values)
    return;
  // The cut that took most with it names where precision was lost.
  const auto &Cuts = S.cuts();
  // Where the budget was passed, and what with: the sets to make precise.
  for (uint32_t X : S.firstCutTrace())
    RACESIFT_DEBUG(debugs() << "racesift-pta: first cut's largest object "
                               "came through "
                            << R->describeNode(G.find(X)) << "\n");
  if (debugEnabled(DEBUG_TYPE) && !Cuts.empty()) {
    debugs() << "racesift-pta: first cut's node merged "
             << describeMerged(Cuts[0].first) << "\n";
    printMergeHistory(Cuts[0].first);
  }
  for (size_t I = 0; I < Cuts.size() && I < S.cutSets().size(); ++I)
    RACESIFT_DEBUG(debugs()
                   << "racesift-pta: cut " << I << " at "
                   << R->describeNode(Cuts[I].first) << " took "
                   << Cuts[I].second << " nodes; " << S.cutSets()[I] << "\n");
  auto Worst = std::max_element(
      Cuts.begin(), Cuts.end(),
      [](const auto &A, const auto &B) { return A.second < B.second; });
  std::string Origin;
  if (Worst != Cuts.end()) {
    UnresolvedOrigin = R->describeNode(Worst->first);
    Origin = formatv("; most follow from the one set at {0} ({1} nodes of "
                     "the constraint graph)",
                     UnresolvedOrigin, Worst->second)
                 .str();
  }
  S.compromise(formatv("points-to-budget: {0} pointer value(s) may point "
                       "to more than {1} locations: they are unresolved, "
                       "the accesses through them are not checked, the "
                       "locks through them are never held, stores through "
                       "them reach no location, and calls through them "
                       "reach only the functions found before the "
                       "limit{2}",
                       Values, S.maxPointsTo(), Origin)
                   .str());
}

PointsToAnalysis::PointsToAnalysis(
    Module &M, std::vector<MemObject> &Objects,
    std::optional<std::chrono::steady_clock::time_point> Deadline,
    unsigned MaxPointsTo, uint64_t MaxSteps) {
  const size_t ObjectsBefore = Objects.size();
  auto Solve = [&](bool UnknownResultsOwnOnly) {
    Objects.resize(ObjectsBefore);
    // A second solve spends what the first left of the budget.
    uint64_t Before = P ? Steps + P->S.steps() : 0;
    P = std::make_unique<Impl>(M, Objects, UnknownResultsOwnOnly);
    Steps = Before;
    std::optional<uint64_t> Left;
    if (MaxSteps)
      Left = MaxSteps - std::min(MaxSteps, Before);
    P->S.setBudget(Deadline, Left, MaxPointsTo);
    P->B.buildConstraints();
    P->solve();
    // std::thread start routines are found through the state object's
    // vtable, which needs solved points-to sets; binding them may add more.
    while (!P->S.exhausted() && P->B.resolveCxxThreads())
      P->solve();
  };
  Solve(false);
  // Per translation unit, most unknown functions are the program's own
  // (another unit's); when everything they may return passes the budget,
  // every pointer they return would be unchecked (two thirds of librdkafka's
  // rdkafka.c). Solve again with results that alias only their own object.
  uint32_t Escaped = P->B.escapedMemory();
  if (!P->S.exhausted() && MaxPointsTo && Escaped != ConstraintGraph::NoNode &&
      P->S.unresolved(Escaped)) {
    Solve(true);
    P->S.compromise("unknown-external-result: escaped memory passed the "
                    "points-to budget, so results of unknown functions, and "
                    "the arguments they call back with, point only to an "
                    "object of their own");
  }
  P->B.sortCallees();
  P->R = std::make_unique<PointsToResult>(P->G, P->S, P->B, Objects);
  P->noteUnresolved();
}
PointsToAnalysis::~PointsToAnalysis() = default;

bool PointsToAnalysis::exhausted() const { return P->S.exhausted(); }
bool PointsToAnalysis::stepsSpent() const { return P->S.stepsSpent(); }
uint64_t PointsToAnalysis::steps() const { return Steps + P->S.steps(); }

ArrayRef<MemLoc> PointsToAnalysis::pointsTo(const Value *Ptr) const {
  return P->R->pointsTo(Ptr);
}
bool PointsToAnalysis::unresolved(const Value *Ptr) const {
  return P->R->unresolved(Ptr);
}
const std::string &PointsToAnalysis::unresolvedOrigin() const {
  return P->UnresolvedOrigin;
}
std::vector<ObjectId> PointsToAnalysis::escapedObjects() const {
  return P->R->escapedObjects();
}
std::vector<ObjectId> PointsToAnalysis::unresolvedTargets() const {
  return P->R->unresolvedTargets();
}
bool PointsToAnalysis::mayPointToUnknown(const Value *Ptr) const {
  return P->R->mayPointToUnknown(Ptr);
}
ArrayRef<const Function *> PointsToAnalysis::callees(const CallBase &CB) const {
  return P->R->callees(CB);
}
ArrayRef<const Function *>
PointsToAnalysis::callbacks(const CallBase &CB) const {
  return P->R->callbacks(CB);
}
ObjectId PointsToAnalysis::hiddenObject(StringRef Group) const {
  return P->R->hiddenObject(Group);
}
std::vector<MemLoc> PointsToAnalysis::fieldsFrom(const MemLoc &L) const {
  return P->R->fieldsFrom(L);
}
ObjectId PointsToAnalysis::objectFor(const Value *Site) const {
  return P->R->objectFor(Site);
}
bool PointsToAnalysis::allocatesFresh(const Value *Site) const {
  return P->R->allocatesFresh(Site);
}
const std::vector<ThreadStart> &PointsToAnalysis::threadStarts() const {
  return P->B.threadStarts();
}
const std::vector<std::string> &PointsToAnalysis::compromises() const {
  return P->S.compromises();
}
std::vector<MemLoc> PointsToAnalysis::contentOf(const MemLoc &L) const {
  return P->R->contentOf(L);
}
const std::vector<std::pair<ObjectId, ObjectId>> &
PointsToAnalysis::constructedParts() const {
  return P->B.constructedParts();
}

void PointsToAnalysis::printTrace(raw_ostream &OS, StringRef Spec) const {
  printPointsToTrace(OS, Spec, P->G, P->B.objects(), *P->R);
}

void PointsToAnalysis::print(raw_ostream &OS) const {
  const std::vector<MemObject> &Objects = P->B.objects();
  for (const Function &F : P->B.module()) {
    if (F.isDeclaration())
      continue;
    ModuleSlotTracker MST(F.getParent());
    MST.incorporateFunction(F);
    auto PrintOne = [&](const Value &V) {
      if (unresolved(&V)) {
        OS << "  ";
        V.printAsOperand(OS, false, MST);
        OS << " in " << F.getName() << " -> <unresolved>\n";
        return;
      }
      ArrayRef<MemLoc> Pts = pointsTo(&V);
      if (Pts.empty())
        return;
      std::vector<std::string> Names;
      for (const MemLoc &L : Pts)
        Names.push_back(describeLocPlain(Objects[L.Obj], L.Offset));
      llvm::sort(Names);
      OS << "  ";
      V.printAsOperand(OS, false, MST);
      OS << " in " << F.getName() << " -> {";
      for (size_t I = 0; I < Names.size(); ++I)
        OS << (I ? ", " : "") << Names[I];
      OS << "}\n";
    };
    for (const Argument &A : F.args())
      PrintOne(A);
    for (const Instruction &I : instructions(F))
      PrintOne(I);
  }
  for (const std::string &C : compromises())
    OS << "compromise: " << C << "\n";
}

} // namespace racesift
