//===- MHPInternal.h - The rules of the MHP layer ---------------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/MHP: each rule fills its part of OrderFacts.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_MHP_MHPINTERNAL_H
#define RACESIFT_LIB_MHP_MHPINTERNAL_H

#include "racesift/MHP/MHP.h"

#include <functional>
#include <queue>
#include <string>
#include <vector>

namespace racesift {
namespace mhp {

inline bool isCall(const Action &A) {
  return A.Kind == ActionKind::Call || A.Kind == ActionKind::Once;
}

/// The name of a returns-twice function (setjmp) G's function calls, or "".
std::string returnsTwiceCallee(const FunctionGraph &G);

/// By node of G: its rank in the order a forward dataflow visits pending
/// nodes: strongly connected components in topological order, and in
/// reverse post-order within one.
std::vector<unsigned> visitOrder(const FunctionGraph &G);

/// A forward dataflow's worklist: the pending node first in visitOrder,
/// so a loop settles before what follows it is visited (a stack, or
/// reverse post-order alone, revisit everything after a loop on each of
/// its rounds: quadratic on a function of many loops).
class NodeWorklist {
  const std::vector<unsigned> &Order;
  std::priority_queue<std::pair<unsigned, NodeId>,
                      std::vector<std::pair<unsigned, NodeId>>,
                      std::greater<std::pair<unsigned, NodeId>>>
      Heap;
  std::vector<bool> Queued;

public:
  explicit NodeWorklist(const std::vector<unsigned> &Order)
      : Order(Order), Queued(Order.size(), false) {}
  void push(NodeId N) {
    if (N < Order.size() && !Queued[N]) {
      Queued[N] = true;
      Heap.push({Order[N], N});
    }
  }
  bool empty() const { return Heap.empty(); }
  NodeId pop() {
    NodeId N = Heap.top().second;
    Heap.pop();
    Queued[N] = false;
    return N;
  }
};

/// A forward dataflow over G from its entry, which starts with In: along
/// each edge, Transfer(Edge, State) is merged into the target's state by
/// Merge(Into, X), which says whether Into changed. By node of G.
template <typename State, typename TransferFn, typename MergeFn>
std::vector<State> forwardFlow(const FunctionGraph &G,
                               const std::vector<unsigned> &Order, State In,
                               TransferFn Transfer, MergeFn Merge) {
  std::vector<State> S(G.NumNodes);
  if (G.Entry >= G.NumNodes)
    return S;
  S[G.Entry] = std::move(In);
  NodeWorklist Work(Order);
  Work.push(G.Entry);
  while (!Work.empty()) {
    NodeId N = Work.pop();
    if (N >= G.Succs.size())
      continue;
    for (unsigned EI : G.Succs[N]) {
      const ActionEdge &E = G.Edges[EI];
      if (E.To < G.NumNodes && Merge(S[E.To], Transfer(E, S[N])))
        Work.push(E.To);
    }
  }
  return S;
}

/// after-join (JoinOrder.cpp).
void computeJoinFacts(const ThreadModel &TM, OrderFacts &F);
/// once (OnceOrder.cpp).
void computeOnceFacts(const ThreadModel &TM, OrderFacts &F);

} // namespace mhp
} // namespace racesift

#endif // RACESIFT_LIB_MHP_MHPINTERNAL_H
