//===- ThreadModelVerifier.cpp - The thread model's invariants ------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ThreadModel::verify (option verify): what every later layer takes for
// granted of the plain data, checked after the model is built. The layers
// index with these ids without checking them again; a model that breaks
// one would make them read out of bounds or decide on the wrong object.
//
//===----------------------------------------------------------------------===//

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace racesift {

namespace {
/// Collects the problems of one model, each as one line of text.
class Verifier {
public:
  explicit Verifier(const ThreadModel &TM) : TM(TM) {}

  std::vector<std::string> run() {
    checkTemplates();
    checkCreations();
    checkObjects();
    checkAccesses();
    checkDataVars();
    for (size_t I = 0; I < TM.Functions.size(); ++I)
      checkGraph(I);
    for (const auto &[F, I] : TM.FunctionIndex)
      if (I >= TM.Functions.size() || TM.Functions[I].F != F)
        problem(formatv("FunctionIndex maps function '{0}' to graph {1}, "
                        "which is not its graph",
                        F ? F->getName() : "<null>", I)
                    .str());
    for (const auto &[V, Value] : TM.InitialValues)
      if (V >= TM.DataVars.size())
        problem(formatv("InitialValues names data variable {0} of {1}", V,
                        TM.DataVars.size())
                    .str());
    for (const auto &[L, Count] : TM.SyncInitCounts)
      checkLoc(L, "SyncInitCounts");
    return std::move(Problems);
  }

private:
  const ThreadModel &TM;
  std::vector<std::string> Problems;

  void problem(const Twine &Text) { Problems.push_back(Text.str()); }

  bool validObject(ObjectId O) const { return O < TM.Objects.size(); }
  bool validVar(DataVarId V) const {
    return V == NoDataVar || V < TM.DataVars.size();
  }

  void checkLoc(const MemLoc &L, const Twine &Where) {
    if (!validObject(L.Obj))
      problem(Where + ": memory object " + Twine(L.Obj) + " of " +
              Twine(TM.Objects.size()));
  }
  void checkLocs(const std::vector<MemLoc> &Ls, const Twine &Where) {
    for (const MemLoc &L : Ls)
      checkLoc(L, Where);
  }
  void checkObjectIds(const std::vector<ObjectId> &Os, const Twine &Where) {
    for (ObjectId O : Os)
      if (!validObject(O))
        problem(Where + ": memory object " + Twine(O) + " of " +
                Twine(TM.Objects.size()));
    if (!std::is_sorted(Os.begin(), Os.end()))
      problem(Where + ": objects not sorted");
  }
  void checkVar(DataVarId V, const Twine &Where) {
    if (!validVar(V))
      problem(Where + ": data variable " + Twine(V) + " of " +
              Twine(TM.DataVars.size()));
  }

  void checkTemplates() {
    for (size_t I = 0; I < TM.Templates.size(); ++I) {
      const ThreadTemplate &T = TM.Templates[I];
      std::string Where = formatv("thread template {0} '{1}'", I, T.Name);
      if (T.Id != I)
        problem(Where + ": its Id is " + Twine(T.Id));
      if (I > 0 && !T.Entry)
        problem(Where + ": no start routine (only the root may lack one)");
      for (unsigned C : T.CreatedBy) {
        if (C >= TM.Creations.size())
          problem(Where + ": created by creation site " + Twine(C) + " of " +
                  Twine(TM.Creations.size()));
        else if (!is_contained(TM.Creations[C].Targets, T.Id))
          problem(Where + ": created by creation site " + Twine(C) +
                  ", which does not run it");
      }
    }
  }

  void checkCreations() {
    for (size_t I = 0; I < TM.Creations.size(); ++I) {
      const CreationSite &C = TM.Creations[I];
      std::string Where = formatv("creation site {0}", I);
      for (TemplateId T : C.Targets)
        if (T >= TM.Templates.size())
          problem(Where + ": runs thread template " + Twine(T) + " of " +
                  Twine(TM.Templates.size()));
        else if (!is_contained(TM.Templates[T].CreatedBy, I))
          problem(Where + ": runs thread template " + Twine(T) +
                  ", which does not name it among its creators");
      checkLocs(C.Handles, Where + " handle");
      checkObjectIds(C.ArgObjects, Where + " argument");
      checkVar(C.ArgVar, Where + " ArgVar");
      checkVar(C.ParamVar, Where + " ParamVar");
    }
  }

  void checkObjects() {
    for (size_t I = 0; I < TM.Objects.size(); ++I) {
      const MemObject &O = TM.Objects[I];
      std::string Where = formatv("memory object {0} '{1}'", I, O.Name);
      if (O.Id != I)
        problem(Where + ": its Id is " + Twine(O.Id));
      for (TemplateId T : O.OwnedPerInstance)
        if (T >= TM.Templates.size())
          problem(Where + ": owned per instance by thread template " +
                  Twine(T) + " of " + Twine(TM.Templates.size()));
    }
  }

  void checkAccesses() {
    for (size_t I = 0; I < TM.Accesses.size(); ++I) {
      const Access &A = TM.Accesses[I];
      std::string Where = formatv("access {0} '{1}'", I, A.Name);
      if (A.Id != I)
        problem(Where + ": its Id is " + Twine(A.Id));
      checkLocs(A.Locs, Where);
      if (!std::is_sorted(A.Locs.begin(), A.Locs.end()))
        problem(Where + ": locations not sorted");
      if (A.Unresolved && !A.Locs.empty())
        problem(Where + ": unresolved but with " + Twine(A.Locs.size()) +
                " location(s)");
      checkVar(A.IndexVar, Where + " IndexVar");
      if (A.JoinedInstance >= 0 &&
          size_t(A.JoinedInstance) >= TM.Creations.size())
        problem(Where + ": JoinedInstance " + Twine(A.JoinedInstance) +
                " is no creation site");
      if (A.BaseParam >= 0 && A.LoadParam >= 0)
        problem(Where + ": both BaseParam and LoadParam");
      for (size_t K = 0; K < A.LoadParamContents.size(); ++K) {
        const auto &[O, Read] = A.LoadParamContents[K];
        checkObjectIds({O}, Where + " LoadParamContents");
        checkObjectIds(Read, Where + " LoadParamContents");
        if (K && A.LoadParamContents[K - 1].first >= O)
          problem(Where + ": LoadParamContents not sorted");
      }
    }
  }

  void checkDataVars() {
    for (size_t I = 0; I < TM.DataVars.size(); ++I) {
      const DataVar &D = TM.DataVars[I];
      std::string Where = formatv("data variable {0} '{1}'", I, D.Name);
      if (D.Id != I)
        problem(Where + ": its Id is " + Twine(D.Id));
      if (D.IsMemory)
        checkLoc(D.Loc, Where);
      if (D.DistinctPerInstance && !D.IsThreadIndex)
        problem(Where + ": distinct per instance but no thread index");
    }
  }

  void checkGraph(size_t Index) {
    const FunctionGraph &G = TM.Functions[Index];
    std::string Where = formatv(
        "graph of '{0}'", G.Name.empty() && G.F ? G.F->getName() : G.Name);
    if (!G.F)
      problem(Where + ": no function");
    auto ValidNode = [&](NodeId N) { return N < G.NumNodes; };
    if (!ValidNode(G.Entry))
      problem(Where + ": entry node " + Twine(G.Entry) + " of " +
              Twine(G.NumNodes));
    if (!ValidNode(G.Exit))
      problem(Where + ": exit node " + Twine(G.Exit) + " of " +
              Twine(G.NumNodes));
    if (G.Unwind != InvalidNode && !ValidNode(G.Unwind))
      problem(Where + ": unwind node " + Twine(G.Unwind) + " of " +
              Twine(G.NumNodes));
    if (G.Succs.size() != G.NumNodes) {
      problem(Where + ": successor lists for " + Twine(G.Succs.size()) +
              " of " + Twine(G.NumNodes) + " nodes");
      return;
    }
    size_t Listed = 0;
    for (NodeId N = 0; N < G.NumNodes; ++N)
      for (unsigned E : G.Succs[N]) {
        ++Listed;
        if (E >= G.Edges.size())
          problem(Where + ": node " + Twine(N) + " lists edge " + Twine(E) +
                  " of " + Twine(G.Edges.size()));
        else if (G.Edges[E].From != N)
          problem(Where + ": node " + Twine(N) + " lists edge " + Twine(E) +
                  ", which leaves node " + Twine(G.Edges[E].From));
      }
    if (Listed != G.Edges.size())
      problem(Where + ": " + Twine(Listed) + " successor entries for " +
              Twine(G.Edges.size()) + " edges");
    for (size_t I = 0; I < G.Edges.size(); ++I) {
      const ActionEdge &E = G.Edges[I];
      std::string EdgeWhere = formatv("{0}, edge {1}", Where, I);
      if (!ValidNode(E.From) || !ValidNode(E.To)) {
        problem(EdgeWhere + ": from node " + Twine(E.From) + " to node " +
                Twine(E.To) + " of " + Twine(G.NumNodes));
        continue;
      }
      checkAction(E.A, EdgeWhere);
    }
  }

  void checkAction(const Action &A, const std::string &EdgeWhere) {
    std::string Where = EdgeWhere + " (" + actionKindName(A.Kind) + ")";
    checkLocs(A.Objects, Where);
    checkLocs(A.Mutex, Where + " mutex");
    if (A.MustObject && !TM.isOneRuntimeObject(A.Objects))
      problem(Where + ": MustObject, but its objects are not one runtime "
                      "object");
    for (DataVarId V : {A.Var, A.SrcVar, A.RhsVar, A.ResultVar, A.OkVar})
      checkVar(V, Where);
    for (const std::vector<ObjectId> &Os : A.ArgObjects)
      checkObjectIds(Os, Where + " argument");
    auto NeedsCreation = [&] {
      if (A.Creation >= TM.Creations.size())
        problem(Where + ": creation site " + Twine(A.Creation) + " of " +
                Twine(TM.Creations.size()));
    };
    auto NeedsVar = [&] {
      if (A.Var == NoDataVar)
        problem(Where + ": no data variable");
    };
    switch (A.Kind) {
    case ActionKind::Read:
    case ActionKind::Write:
      if (A.Acc >= TM.Accesses.size())
        problem(Where + ": access " + Twine(A.Acc) + " of " +
                Twine(TM.Accesses.size()));
      else if (TM.Accesses[A.Acc].IsWrite != (A.Kind == ActionKind::Write))
        problem(Where + ": its access " + Twine(A.Acc) + " is a " +
                (TM.Accesses[A.Acc].IsWrite ? "write" : "read"));
      return;
    case ActionKind::Create:
      NeedsCreation();
      return;
    case ActionKind::Join:
      if (A.JoinAll || A.AllInstances)
        NeedsCreation();
      return;
    case ActionKind::HandleCopy:
      // No source: the handle is emptied (a moved-from std::thread).
      if (A.Objects.empty())
        problem(Where + ": a handle copy without a destination");
      return;
    case ActionKind::Call:
    case ActionKind::Once:
      for (const Function *F : A.Callees)
        if (!F)
          problem(Where + ": a null callee");
      return;
    case ActionKind::Assign:
    case ActionKind::Assume:
    case ActionKind::AtomicUpdate:
      NeedsVar();
      return;
    case ActionKind::Internal:
    case ActionKind::NotJoinable:
    case ActionKind::Detach:
    case ActionKind::Cancel:
    case ActionKind::Exit:
    case ActionKind::Lock:
    case ActionKind::TryLock:
    case ActionKind::Unlock:
    case ActionKind::Wait:
    case ActionKind::Signal:
    case ActionKind::Broadcast:
    case ActionKind::BarrierWait:
    case ActionKind::SemWait:
    case ActionKind::SemTryWait:
    case ActionKind::SemPost:
      return;
    }
  }
};
} // namespace

std::vector<std::string> ThreadModel::verify() const {
  return Verifier(*this).run();
}

} // namespace racesift
