//===- PointsToResult.cpp - Queries on solved points-to sets --------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PointsToResult.h"

#include "llvm/IR/Argument.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace racesift {

ArrayRef<MemLoc> PointsToResult::pointsTo(const Value *V) const {
  auto It = B.valueNodes().find(V);
  if (It == B.valueNodes().end())
    return {};
  uint32_t N = G.find(It->second);
  auto [CIt, New] = SortedCache.try_emplace(N, nullptr);
  if (!New)
    return *CIt->second;
  // Equal sets share one sorted list: hashing a set is linear, sorting it
  // is not, and on sqlite3.c thousands of nodes hold the same ~3800
  // locations.
  const PointsToSet &Pts = G.node(N).Pts;
  uint64_t Hash = 0xcbf29ce484222325ULL; // FNV-1a over the ids.
  for (unsigned L : Pts)
    Hash = (Hash ^ L) * 0x100000001b3ULL;
  size_t Count = Pts.count();
  auto &Same = SortedByHash[Hash];
  for (auto [M, List] : Same)
    if (G.node(M).Pts == Pts)
      return *(CIt->second = List);
  std::vector<MemLoc> &Out = SortedSets.emplace_back();
  Out.reserve(Count);
  for (unsigned L : Pts)
    Out.push_back(G.loc(L).Loc);
  llvm::sort(Out);
  // Folded elements (array-elements) give several ids one location.
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  Same.push_back({N, &Out});
  CIt->second = &Out;
  return Out;
}

bool PointsToResult::unresolved(const Value *V) const {
  auto It = B.valueNodes().find(V);
  return It != B.valueNodes().end() && S.unresolved(It->second);
}

bool PointsToResult::mayPointToUnknown(const Value *V) const {
  ArrayRef<MemLoc> Pts = pointsTo(V);
  if (Pts.empty())
    return true;
  return any_of(Pts, [&](const MemLoc &L) {
    return Objects[L.Obj].Kind == ObjectKind::External;
  });
}

/// The objects of the locations in Pts, sorted, each once.
static std::vector<ObjectId> objectsOf(const ConstraintGraph &G,
                                       const PointsToSet &Pts) {
  std::vector<ObjectId> Out;
  for (unsigned L : Pts)
    Out.push_back(G.loc(L).Loc.Obj);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::vector<ObjectId> PointsToResult::unresolvedTargets() const {
  if (S.sinkNode() == ConstraintGraph::NoNode)
    return {};
  return objectsOf(G, G.node(S.sinkNode()).Pts);
}

std::vector<ObjectId> PointsToResult::escapedObjects() const {
  if (B.escapedMemory() == ConstraintGraph::NoNode)
    return {};
  uint32_t N = G.find(B.escapedMemory());
  if (G.node(N).Unresolved)
    return {}; // Its objects are among unresolvedTargets().
  return objectsOf(G, G.node(N).Pts);
}

ArrayRef<const Function *> PointsToResult::callees(const CallBase &CB) const {
  auto It = B.calleeMap().find(&CB);
  if (It == B.calleeMap().end())
    return {};
  return It->second;
}

ArrayRef<const Function *> PointsToResult::callbacks(const CallBase &CB) const {
  auto It = B.callbackMap().find(&CB);
  if (It == B.callbackMap().end())
    return {};
  return It->second;
}

ObjectId PointsToResult::hiddenObject(StringRef Group) const {
  auto It = B.hiddenObjects().find(Group);
  return It == B.hiddenObjects().end() ? InvalidObject : It->second;
}

std::vector<MemLoc> PointsToResult::fieldsFrom(const MemLoc &L) const {
  if (L.Offset == AnyOffset || L.Obj >= G.numObjects())
    return {L};
  std::vector<MemLoc> Out;
  for (uint32_t Loc : G.object(L.Obj).Locs) {
    const MemLoc &F = G.loc(Loc).Loc;
    if (F.Offset != AnyOffset && F.Offset >= L.Offset)
      Out.push_back(F);
  }
  if (Out.empty())
    Out.push_back(L);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

ObjectId PointsToResult::objectFor(const Value *Site) const {
  auto It = B.siteObjects().find(Site);
  // Freshness, ownership and element rules take the site's value to be
  // exactly its object: not where a custom allocator may return another.
  if (It == B.siteObjects().end() || B.inexactSite(Site))
    return InvalidObject;
  return It->second;
}

bool PointsToResult::allocatesFresh(const Value *Site) const {
  auto It = B.siteObjects().find(Site);
  bool Hook = B.allocHook(Site);
  if (!Hook && (It == B.siteObjects().end() ||
                B.objects()[It->second].Kind != ObjectKind::Heap))
    return false;
  if (!Hook && !B.inexactSite(Site))
    return true;
  // allocator-contract: what a custom allocator returns is fresh too if it
  // is heap memory or memory the module does not see.
  return !unresolved(Site) && none_of(pointsTo(Site), [&](const MemLoc &L) {
    return B.objects()[L.Obj].Kind != ObjectKind::Heap;
  });
}

std::string PointsToResult::describeValue(const Value *V) {
  if (auto *A = dyn_cast<Argument>(V))
    return formatv("parameter {0} of {1}", A->getArgNo() + 1,
                   A->getParent()->getName())
        .str();
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V->getName().str();
  std::string Where = I->getFunction()->getName().str();
  if (const DebugLoc &DL = I->getDebugLoc())
    Where += formatv(" ({0}:{1})", sys::path::filename(DL->getFilename()),
                     DL.getLine())
                 .str();
  return Where;
}

std::string PointsToResult::describeNode(uint32_t N) const {
  // Values sharing N come in hash order: the smallest text, so that the
  // message is the same on every run.
  std::optional<std::string> Best;
  auto Offer = [&](std::string D) {
    if (!Best || D < *Best)
      Best = std::move(D);
  };
  for (auto &[V, VN] : B.valueNodes())
    if (VN == N)
      Offer(describeValue(V));
  if (Best)
    return *Best;
  for (size_t L = 0; L < G.numLocs(); ++L)
    if (G.loc(L).Content == N)
      return "what '" +
             describeLocPlain(Objects[G.loc(L).Loc.Obj], G.loc(L).Loc.Offset) +
             "' holds";
  return "a solver node";
}

} // namespace racesift
