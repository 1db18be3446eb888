//===- PointsToResult.h - Queries on solved points-to sets ------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: the read-only answers PointsToAnalysis gives
// once the solver is done, over the constraint graph, the solver's budget
// marks and what the builder learnt of calls.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_POINTSTORESULT_H
#define RACESIFT_LIB_POINTSTO_POINTSTORESULT_H

#include "ConstraintBuilder.h"

#include "llvm/ADT/ArrayRef.h"

#include <deque>
#include <string>
#include <vector>

namespace racesift {

class PointsToResult {
public:
  PointsToResult(const ConstraintGraph &G, const AndersenSolver &S,
                 const ConstraintBuilder &B,
                 const std::vector<MemObject> &Objects)
      : G(G), S(S), B(B), Objects(Objects) {}

  /// See PointsToAnalysis for each.
  llvm::ArrayRef<MemLoc> pointsTo(const llvm::Value *V) const;
  bool unresolved(const llvm::Value *V) const;
  bool mayPointToUnknown(const llvm::Value *V) const;
  std::vector<ObjectId> unresolvedTargets() const;
  std::vector<ObjectId> escapedObjects() const;
  llvm::ArrayRef<const llvm::Function *>
  callees(const llvm::CallBase &CB) const;
  llvm::ArrayRef<const llvm::Function *>
  callbacks(const llvm::CallBase &CB) const;
  ObjectId hiddenObject(llvm::StringRef Group) const;
  std::vector<MemLoc> fieldsFrom(const MemLoc &L) const;
  ObjectId objectFor(const llvm::Value *Site) const;
  bool allocatesFresh(const llvm::Value *Site) const;
  std::vector<MemLoc> contentOf(const MemLoc &L) const {
    return G.contentOf(L);
  }
  /// "parserDoubleLinkSelect (sqlite3.c:179818)", "what 'x.f' holds", ...:
  /// where node N's set comes from, for the points-to budget's message.
  std::string describeNode(uint32_t N) const;
  /// The name of value V in describeNode's terms: "f (file:line)" for an
  /// instruction, "parameter k of f", or V's own name.
  static std::string describeValue(const llvm::Value *V);

private:
  const ConstraintGraph &G;
  const AndersenSolver &S;
  const ConstraintBuilder &B;
  const std::vector<MemObject> &Objects;
  /// pointsTo()'s sorted lists: one per distinct set (SortedSets), found
  /// by node (SortedCache) or by a hash of the set (SortedByHash, with a
  /// node that holds it).
  mutable std::deque<std::vector<MemLoc>> SortedSets;
  mutable llvm::DenseMap<uint32_t, const std::vector<MemLoc> *> SortedCache;
  mutable llvm::DenseMap<
      uint64_t,
      llvm::SmallVector<std::pair<uint32_t, const std::vector<MemLoc> *>, 1>>
      SortedByHash;
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_POINTSTORESULT_H
