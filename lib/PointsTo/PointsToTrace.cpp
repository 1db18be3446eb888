//===- PointsToTrace.cpp - How an object reached a location ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// When a set holds an object it should not (a vtable in a header's field,
// the key strings in a tree node), the solved graph knows the way it came:
// a breadth-first search backwards from the location's content node, over
// the nodes whose sets hold the object, ends where the object entered. The
// thirty-fourth session found every std::async smear this way.
//
//===----------------------------------------------------------------------===//

#include "PointsToTrace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>

using namespace llvm;

namespace racesift {

void printPointsToTrace(raw_ostream &OS, StringRef Spec,
                        const ConstraintGraph &G,
                        const std::vector<MemObject> &Objects,
                        const PointsToResult &R) {
  auto [Pointee, Where] = Spec.split("<-");
  auto [ObjName, OffText] = Where.rsplit('+');
  int64_t Off = 0;
  if (!OffText.empty() && OffText.getAsInteger(10, Off))
    ObjName = Where; // A '+' in the name itself.
  OS << "racesift-pta: trace of '" << Pointee << "' into '" << Where << "'\n";
  uint32_t Target = ConstraintGraph::NoNode;
  for (uint32_t L = 0; L < G.numLocs(); ++L)
    if (Objects[G.loc(L).Loc.Obj].Name == ObjName && G.loc(L).Loc.Offset == Off)
      Target = G.find(G.loc(L).Content);
  if (Target == ConstraintGraph::NoNode) {
    OS << "  no location '" << Where << "'\n";
    return;
  }
  ObjectId Want = InvalidObject;
  for (unsigned L : G.node(Target).Pts)
    if (StringRef(Objects[G.loc(L).Loc.Obj].Name).contains(Pointee)) {
      Want = G.loc(L).Loc.Obj;
      break;
    }
  if (Want == InvalidObject) {
    OS << "  '" << Where << "' holds no object named like '" << Pointee
       << "'\n";
    return;
  }
  auto Holds = [&](uint32_t X) {
    for (unsigned L : G.node(G.find(X)).Pts)
      if (G.loc(L).Loc.Obj == Want)
        return true;
    return false;
  };
  // Reverse edges of the solved graph: loads and stores by the locations
  // their pointers hold.
  DenseMap<uint32_t, std::vector<std::pair<uint32_t, std::string>>> Into;
  for (uint32_t X = 0; X < G.numNodes(); ++X) {
    if (G.find(X) != X)
      continue;
    const ConstraintGraph::Node &N = G.node(X);
    for (uint32_t D : N.Copy)
      Into[G.find(D)].push_back({X, "copy"});
    for (const GepEdge &E : N.Geps)
      Into[G.find(E.Dst)].push_back({X, E.Off == AnyOffset
                                            ? std::string("gep +?")
                                            : "gep +" + std::to_string(E.Off)});
    for (unsigned L : N.Pts) {
      uint32_t C = G.find(G.loc(L).Content);
      std::string At =
          describeLocPlain(Objects[G.loc(L).Loc.Obj], G.loc(L).Loc.Offset);
      for (uint32_t D : N.Loads)
        Into[G.find(D)].push_back({C, "load from " + At});
      for (uint32_t S : N.Stores)
        Into[C].push_back({G.find(S), "store into " + At});
    }
  }
  DenseMap<uint32_t, std::pair<uint32_t, std::string>> Next;
  Next[Target] = {Target, ""};
  std::deque<uint32_t> Queue{Target};
  uint32_t Origin = Target;
  while (!Queue.empty()) {
    uint32_t X = Queue.front();
    Queue.pop_front();
    Origin = X;
    for (auto &[From, How] : Into[X])
      if (Holds(From) && Next.try_emplace(From, X, How).second)
        Queue.push_back(From);
  }
  for (uint32_t X = Origin;; X = Next[X].first) {
    OS << "  " << R.describeNode(X) << ", " << G.node(X).Pts.count()
       << " locations\n";
    if (X == Target)
      break;
    OS << "    --" << Next[X].second << "-->\n";
  }
}

} // namespace racesift
