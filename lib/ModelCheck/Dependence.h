//===- Dependence.h - What steps touch, now and in the future ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ModelCheck: the dependence data of the partial-order
// reduction. Per edge, the objects its step reads or changes (ObjectTables
// numbering); per node, the objects any future step of its thread (or of
// threads it creates, or once bodies it runs) may touch.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_MODELCHECK_DEPENDENCE_H
#define RACESIFT_LIB_MODELCHECK_DEPENDENCE_H

#include "Explorer.h"
#include "ObjectTables.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"

#include <vector>

namespace racesift {
namespace mc {

class Dependence {
public:
  /// Graphs: the template graphs (NT of them), then the once bodies of
  /// OnceFns, then any others. Stops early, with complete() false, if
  /// Deadline passes.
  Dependence(const ThreadModel &TM, llvm::ArrayRef<const ThreadGraph *> Graphs,
             unsigned NT, llvm::ArrayRef<const llvm::Function *> OnceFns,
             const ObjectTables &Objects, Clock::time_point Deadline);

  bool complete() const { return Complete; }
  /// The objects of edge E of graph G, and whether it depends on
  /// everything (sets All).
  llvm::ArrayRef<unsigned> edgeObjs(unsigned G, uint32_t E, bool &All) const {
    All = All || EdgeAll[G].test(E);
    const std::vector<uint32_t> &Start = EdgeObjStart[G];
    return llvm::ArrayRef<unsigned>(EdgeObjs[G])
        .slice(Start[E], Start[E + 1] - Start[E]);
  }
  /// Whether a future step of a thread at Node of graph G touches one of
  /// Objs (any object if All).
  bool futureMeets(unsigned G, uint32_t Node, llvm::ArrayRef<unsigned> Objs,
                   bool All) const;

private:
  const ThreadModel &TM;
  llvm::ArrayRef<const ThreadGraph *> Graphs;
  unsigned NT;
  llvm::ArrayRef<const llvm::Function *> OnceFns;
  const ObjectTables &Objects;
  Clock::time_point Deadline;
  bool Complete = true;
  /// Per graph, per edge: the objects of edge E of graph G are
  /// EdgeObjs[G][EdgeObjStart[G][E] .. EdgeObjStart[G][E+1]).
  std::vector<std::vector<uint32_t>> EdgeObjStart;
  std::vector<std::vector<unsigned>> EdgeObjs;
  std::vector<llvm::BitVector> EdgeAll;
  /// Per graph, per strongly connected component of its nodes (NodeSCC):
  /// objects of every step reachable from there, and whether a cancel is
  /// reachable.
  std::vector<std::vector<unsigned>> NodeSCC;
  std::vector<std::vector<llvm::BitVector>> Future;
  std::vector<std::vector<bool>> FutureAll;

  void staticObjs(const ActionEdge &E, unsigned G, std::vector<unsigned> &Out,
                  bool &All) const;
  void computeEdgeObjs();
  void computeFutures();
  /// The objects of G's edges out of SCC and the futures they lead to.
  void futureOf(unsigned G, unsigned SCC,
                const std::vector<std::vector<unsigned>> &Members);
};

} // namespace mc
} // namespace racesift

#endif // RACESIFT_LIB_MODELCHECK_DEPENDENCE_H
