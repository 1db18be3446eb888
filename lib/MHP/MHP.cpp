//===- MHP.cpp - Accesses that cannot happen in parallel ------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Before any thread: a node of a function graph is *late* if a path from
// the function's entry to it passes a thread creation (a Create, or a call
// or pthread_once of a function that may create one). A function reachable
// from main is *early* if every call of it, in the functions main reaches,
// is made at an early node of an early function; main is early. An access
// is before any thread if all its edges in the functions main reaches are
// at early nodes of early functions. Each step is a graph walk or a
// fixpoint over booleans that only fall: linear in the graphs times the
// call depth.
//
// Not applied when main's thread calls a returns-twice function (setjmp):
// a longjmp re-enters early code late. It rests on the thread model's own
// view of thread creation (threads come
// from the creation calls it recognises; constructors run before main are
// not followed), and treats a function a library calls back as late (it
// may keep the pointer: atexit, signal, an event loop).
//
//===----------------------------------------------------------------------===//

#include "MHPInternal.h"
#include "racesift/Support/Debug.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "racesift-mhp"

namespace racesift {

using mhp::isCall;

std::vector<unsigned> mhp::visitOrder(const FunctionGraph &G) {
  const unsigned N = G.NumNodes;
  auto Succ = [&](NodeId V, unsigned I) -> std::optional<NodeId> {
    if (V >= G.Succs.size() || I >= G.Succs[V].size())
      return std::nullopt;
    return G.Edges[G.Succs[V][I]].To;
  };
  // Reverse post-order from the entry (iterative depth-first search).
  std::vector<unsigned> RPO(N, N);
  {
    std::vector<NodeId> Post;
    std::vector<bool> Seen(N, false);
    std::vector<std::pair<NodeId, unsigned>> Stack;
    if (G.Entry < N) {
      Seen[G.Entry] = true;
      Stack.push_back({G.Entry, 0});
    }
    while (!Stack.empty()) {
      auto &[V, I] = Stack.back();
      if (std::optional<NodeId> To = Succ(V, I++)) {
        if (*To < N && !Seen[*To]) {
          Seen[*To] = true;
          Stack.push_back({*To, 0});
        }
        continue;
      }
      Post.push_back(V);
      Stack.pop_back();
    }
    for (unsigned I = 0; I < Post.size(); ++I)
      RPO[Post[I]] = Post.size() - 1 - I;
  }
  // Strongly connected components (iterative Tarjan): they come out
  // callees-first, i.e. in reverse topological order.
  std::vector<unsigned> Comp(N, N), Low(N, 0), Num(N, N);
  std::vector<NodeId> Path;
  std::vector<bool> OnPath(N, false);
  unsigned Next = 0, NumComps = 0;
  for (NodeId Root = 0; Root < N; ++Root) {
    if (Num[Root] != N)
      continue;
    std::vector<std::pair<NodeId, unsigned>> Stack{{Root, 0}};
    Num[Root] = Low[Root] = Next++;
    Path.push_back(Root);
    OnPath[Root] = true;
    while (!Stack.empty()) {
      auto &[V, I] = Stack.back();
      if (std::optional<NodeId> To = Succ(V, I++)) {
        if (*To >= N)
          continue;
        if (Num[*To] == N) {
          Num[*To] = Low[*To] = Next++;
          Path.push_back(*To);
          OnPath[*To] = true;
          Stack.push_back({*To, 0});
        } else if (OnPath[*To]) {
          Low[V] = std::min(Low[V], Num[*To]);
        }
        continue;
      }
      NodeId Done = V;
      Stack.pop_back();
      if (!Stack.empty())
        Low[Stack.back().first] = std::min(Low[Stack.back().first], Low[Done]);
      if (Low[Done] == Num[Done]) {
        NodeId W;
        do {
          W = Path.back();
          Path.pop_back();
          OnPath[W] = false;
          Comp[W] = NumComps;
        } while (W != Done);
        ++NumComps;
      }
    }
  }
  // A component before those it reaches; within one, reverse post-order.
  std::vector<NodeId> Nodes(N);
  for (NodeId V = 0; V < N; ++V)
    Nodes[V] = V;
  llvm::sort(Nodes, [&](NodeId A, NodeId B) {
    return std::make_pair(NumComps - Comp[A], RPO[A]) <
           std::make_pair(NumComps - Comp[B], RPO[B]);
  });
  std::vector<unsigned> Order(N);
  for (unsigned I = 0; I < N; ++I)
    Order[Nodes[I]] = I;
  return Order;
}

std::string mhp::returnsTwiceCallee(const FunctionGraph &G) {
  for (const Instruction &I : instructions(*G.F))
    if (const auto *CB = dyn_cast<CallBase>(&I))
      // The call's attributes or its callee's.
      if (CB->hasFnAttr(Attribute::ReturnsTwice))
        return CB->getCalledFunction()
                   ? CB->getCalledFunction()->getName().str()
                   : std::string("a returns-twice function");
  return "";
}

/// Whether A creates a thread, itself or in a function it calls that may
/// (one of Creates).
static bool createsThread(const Action &A,
                          const DenseSet<const Function *> &Creates) {
  return A.Kind == ActionKind::Create ||
         (isCall(A) && any_of(A.Callees, [&](const Function *C) {
            return Creates.count(C);
          }));
}

/// Functions whose run may create a thread, directly or through calls.
static DenseSet<const Function *> functionsThatCreate(const ThreadModel &TM) {
  DenseSet<const Function *> Creates;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionGraph &G : TM.Functions) {
      if (Creates.count(G.F))
        continue;
      if (any_of(G.Edges, [&](const ActionEdge &E) {
            return createsThread(E.A, Creates);
          })) {
        Creates.insert(G.F);
        Changed = true;
      }
    }
  }
  return Creates;
}

/// By node of G: reachable from a thread creation within G.
static std::vector<bool> lateNodes(const FunctionGraph &G,
                                   const DenseSet<const Function *> &Creates) {
  std::vector<bool> Late(G.NumNodes, false);
  std::vector<NodeId> Work;
  for (const ActionEdge &E : G.Edges) {
    if (createsThread(E.A, Creates) && E.To < G.NumNodes && !Late[E.To]) {
      Late[E.To] = true;
      Work.push_back(E.To);
    }
  }
  while (!Work.empty()) {
    NodeId N = Work.back();
    Work.pop_back();
    if (N >= G.Succs.size())
      continue;
    for (unsigned EI : G.Succs[N]) {
      NodeId To = G.Edges[EI].To;
      if (To < G.NumNodes && !Late[To]) {
        Late[To] = true;
        Work.push_back(To);
      }
    }
  }
  return Late;
}

/// The graphs of the functions Roots run, through calls, each once, in the
/// order met, with each function's index among them.
struct ReachedGraphs {
  std::vector<const FunctionGraph *> Graphs;
  DenseMap<const Function *, unsigned> Index;
};
static ReachedGraphs reachedGraphs(const ThreadModel &TM,
                                   ArrayRef<const Function *> Roots) {
  ReachedGraphs R;
  auto Visit = [&](const Function *Fn) {
    const FunctionGraph *G = TM.graphOf(Fn);
    if (G && R.Index.try_emplace(Fn, R.Graphs.size()).second)
      R.Graphs.push_back(G);
  };
  for (const Function *Fn : Roots)
    Visit(Fn);
  for (size_t I = 0; I < R.Graphs.size(); ++I)
    for (const ActionEdge &E : R.Graphs[I]->Edges)
      if (isCall(E.A))
        for (const Function *C : E.A.Callees)
          Visit(C);
  return R;
}

/// before-threads.
static void computeBeforeThreads(const ThreadModel &TM, OrderFacts &F) {
  F.BeforeAnyThread.assign(TM.Accesses.size(), false);
  const Function *Main =
      TM.Templates.empty() ? nullptr : TM.Templates.front().Entry;
  if (!Main || Main->getName() != "main" ||
      TM.Templates.front().Mult != Multiplicity::Once) {
    F.NotApplied = "no main: the environment's threads exist from the start";
    return;
  }
  if (!TM.MainConstructors.empty()) {
    F.NotApplied = "a global constructor starts a thread before main";
    return;
  }

  // The functions main's thread runs, through calls.
  ReachedGraphs FromMain = reachedGraphs(TM, Main);
  const std::vector<const FunctionGraph *> &Reach = FromMain.Graphs;
  const DenseMap<const Function *, unsigned> &Index = FromMain.Index;
  if (Reach.empty())
    return;
  // longjmp returns into code before a thread creation after the creation,
  // on no edge of the graphs.
  for (const FunctionGraph *G : Reach) {
    std::string Jump = mhp::returnsTwiceCallee(*G);
    if (!Jump.empty()) {
      F.NotApplied = "main's thread calls '" + Jump +
                     "': a longjmp may return before a creation after it";
      return;
    }
  }

  DenseSet<const Function *> Creates = functionsThatCreate(TM);
  std::vector<std::vector<bool>> Late;
  for (const FunctionGraph *G : Reach)
    Late.push_back(lateNodes(*G, Creates));

  // Greatest fixpoint: all early, until a late call or a callback says not
  // (main too, if the program calls it again).
  std::vector<bool> Early(Reach.size(), true);
  // Node N of Reach[I] runs only while no other thread exists.
  auto EarlyAt = [&](size_t I, NodeId N) {
    return Early[I] && N < Late[I].size() && !Late[I][N];
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Reach.size(); ++I)
      for (const ActionEdge &E : Reach[I]->Edges) {
        if (!isCall(E.A))
          continue;
        if (!E.A.Callback && EarlyAt(I, E.From))
          continue;
        for (const Function *C : E.A.Callees) {
          auto It = Index.find(C);
          if (It != Index.end() && Early[It->second]) {
            Early[It->second] = false;
            Changed = true;
          }
        }
      }
  }

  std::vector<bool> SeenLate(TM.Accesses.size(), false);
  // exit-handlers run after main returns, when threads may exist.
  for (const FunctionGraph *G : reachedGraphs(TM, TM.ExitHandlers).Graphs)
    for (const ActionEdge &E : G->Edges)
      if ((E.A.Kind == ActionKind::Read || E.A.Kind == ActionKind::Write) &&
          E.A.Acc < TM.Accesses.size())
        SeenLate[E.A.Acc] = true;
  for (size_t I = 0; I < Reach.size(); ++I) {
    if (Early[I])
      F.EarlyFunctions.push_back(Reach[I]->F);
    for (const ActionEdge &E : Reach[I]->Edges) {
      if (E.A.Kind != ActionKind::Read && E.A.Kind != ActionKind::Write)
        continue;
      if (E.A.Acc >= TM.Accesses.size())
        continue;
      if (EarlyAt(I, E.From))
        F.BeforeAnyThread[E.A.Acc] = true;
      else
        SeenLate[E.A.Acc] = true;
    }
  }
  for (size_t A = 0; A < SeenLate.size(); ++A)
    if (SeenLate[A])
      F.BeforeAnyThread[A] = false;
}

OrderFacts computeOrderFacts(const ThreadModel &TM) {
  OrderFacts F;
  computeBeforeThreads(TM, F);
  mhp::computeJoinFacts(TM, F);
  mhp::computeOnceFacts(TM, F);
  RACESIFT_DEBUG(
      debugs() << "racesift-mhp: " << llvm::count(F.BeforeAnyThread, true)
               << " accesses before any thread, " << F.JoinSites.size()
               << " join sites, " << F.OnceControls.size() << " once controls"
               << (F.NotApplied.empty() ? "" : "; not applied: ")
               << F.NotApplied << "\n");
  return F;
}

OrderKey OrderFacts::keyOf(TemplateId T, AccessId A) const {
  OrderKey K;
  K.Early = beforeAnyThread(T, A);
  auto It = JoinedBefore.find(uint64_t(T) << 32 | A);
  if (It != JoinedBefore.end())
    K.Joined = It->second;
  if (A < OnceBody.size())
    K.OnceBody = OnceBody[A];
  if (A < OncePassed.size())
    K.OncePassed = OncePassed[A];
  return K;
}

OrderRule OrderFacts::ordered(TemplateId TA, const OrderKey &KA, TemplateId TB,
                              const OrderKey &KB) const {
  if (KA.Early || KB.Early)
    return OrderRule::BeforeThreads;
  if (is_contained(JoinedSets[KA.Joined], TB) ||
      is_contained(JoinedSets[KB.Joined], TA))
    return OrderRule::AfterJoin;
  // After the once body of a control whose pthread_once returned, or both
  // in the one run of the same body (one thread, in program order).
  if ((KA.OnceBody && KA.OnceBody == KB.OnceBody) ||
      (KA.OnceBody &&
       is_contained(PassedSets[KB.OncePassed], KA.OnceBody - 1)) ||
      (KB.OnceBody && is_contained(PassedSets[KA.OncePassed], KB.OnceBody - 1)))
    return OrderRule::Once;
  return OrderRule::None;
}

} // namespace racesift
