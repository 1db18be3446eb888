//===- CallPaths.cpp - How a thread reaches a function --------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/ThreadModel/CallPaths.h"

#include "ThreadModelInternal.h"

#include <algorithm>
#include <deque>

using namespace llvm;

namespace racesift {

const CallPathFinder::Tree &CallPathFinder::treeOf(TemplateId T) {
  auto [It, New] = Trees.try_emplace(T);
  Tree &Reached = It->second;
  if (!New || T >= TM.Templates.size())
    return Reached;
  std::deque<const Function *> Work;
  auto Visit = [&](const Function *F, Reach By) {
    if (F && TM.graphOf(F) && Reached.try_emplace(F, By).second)
      Work.push_back(F);
  };
  // As buildThreadGraph: a start routine without a graph is the
  // environment root.
  const Function *Entry = TM.Templates[T].Entry;
  if (Entry && TM.graphOf(Entry)) {
    Visit(Entry, {});
    // exit-handlers and key-destructors: run after the entry, from their
    // registration.
    ThreadModel::EndHandlers End = TM.endHandlers(T);
    for (size_t I = 0; I < End.Sites.size(); ++I)
      Visit(End.Fns[I], {nullptr, &End.Sites[I]});
  } else
    for (const Function *F : TM.EnvEntries)
      Visit(F, {});
  while (!Work.empty()) {
    const Function *Caller = Work.front();
    Work.pop_front();
    // pthread_once runs its routine in the calling thread: a call too, as
    // the lockset layer takes it.
    for (const ActionEdge &E : TM.graphOf(Caller)->Edges)
      if (E.A.Kind == ActionKind::Call || E.A.Kind == ActionKind::Once)
        for (const Function *C : E.A.Callees)
          Visit(C, {Caller, &E.A.Loc});
  }
  return Reached;
}

std::vector<SourceLoc> CallPathFinder::shortestPath(TemplateId T,
                                                    const Function *F) {
  const Tree &Reached = treeOf(T);
  std::vector<SourceLoc> Path;
  for (auto It = Reached.find(F); It != Reached.end() && It->second.Call;
       It = Reached.find(It->second.Caller))
    Path.push_back(*It->second.Call);
  // As in thread graphs, the thread starts at the user's routine.
  while (!Path.empty() && isSystemLoc(Path.back()))
    Path.pop_back();
  std::reverse(Path.begin(), Path.end());
  return Path;
}

} // namespace racesift
