//===- ThreadModelPrinter.cpp - Text form of the thread model ---*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one textual form of locations and actions, shared by the printer pass
// and the model checker's witnesses.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace racesift {

bool MemObject::ownedPerInstance(TemplateId T) const {
  return std::find(OwnedPerInstance.begin(), OwnedPerInstance.end(), T) !=
         OwnedPerInstance.end();
}

bool ThreadModel::isOneRuntimeObject(const std::vector<MemLoc> &Ls) const {
  return Ls.size() == 1 && Ls[0].Offset != AnyOffset &&
         Ls[0].Obj < Objects.size() && Objects[Ls[0].Obj].Singleton &&
         !Objects[Ls[0].Obj].ElementsFolded;
}

std::string ThreadModel::describe(const MemLoc &L) const {
  if (L.Obj >= Objects.size())
    return "?";
  const MemObject &O = Objects[L.Obj];
  // Offset 0 names the object itself (a lock, not its first member); of
  // folded elements (array-elements), the element: "locks[]".
  if (O.Type && L.Offset != 0) {
    std::string Path = memberPath(O.Type, L.Offset, false);
    if (!Path.empty() || L.Offset == 0)
      return O.Name + Path;
  }
  return describeLocPlain(O, L.Offset);
}

std::string ThreadModel::describeMember(const MemLoc &L) const {
  if (L.Obj < Objects.size() && L.Offset == 0 && Objects[L.Obj].Type) {
    const MemObject &O = Objects[L.Obj];
    std::string Path = memberPath(O.Type, 0, false);
    if (!Path.empty())
      return O.Name + Path;
  }
  return describe(L);
}

static std::string describeObjects(const ThreadModel &TM,
                                   const std::vector<MemLoc> &Locs) {
  if (Locs.empty())
    return "?";
  std::set<std::string> Names;
  for (const MemLoc &L : Locs)
    Names.insert(TM.describe(L));
  if (Names.size() == 1)
    return *Names.begin();
  std::string S = "{";
  for (const std::string &N : Names)
    S += (S.size() > 1 ? ", " : "") + N;
  return S + "}";
}

static const char *predText(GuardPred P) {
  switch (P) {
  case GuardPred::EQ:
    return "==";
  case GuardPred::NE:
    return "!=";
  case GuardPred::LT:
    return "<";
  case GuardPred::LE:
    return "<=";
  case GuardPred::GT:
    return ">";
  case GuardPred::GE:
    return ">=";
  }
  return "?";
}

const char *actionKindName(ActionKind K) {
  switch (K) {
#define RACESIFT_ACTION_KIND(Kind, Name, Group)                                \
  case ActionKind::Kind:                                                       \
    return Name;
#include "racesift/ThreadModel/ActionKinds.def"
  }
  llvm_unreachable("an action kind ActionKinds.def does not list");
}

std::string describeAction(const ThreadModel &TM, const Action &A) {
  auto Var = [&](DataVarId V) {
    return V < TM.DataVars.size() ? TM.DataVars[V].Name : std::string("?");
  };
  auto Obj = [&] { return describeObjects(TM, A.Objects); };
  // "V + K", "V - K", "V", or "K" without a variable.
  auto Plus = [&](DataVarId V, int64_t K) {
    if (V == NoDataVar)
      return std::to_string(K);
    std::string T = Var(V);
    if (K > 0)
      T += " + " + std::to_string(K);
    else if (K < 0)
      T += " - " + std::to_string(-static_cast<uint64_t>(K));
    return T;
  };
  // The kind's name from ActionKinds.def, and a blank.
  const std::string Head = std::string(actionKindName(A.Kind)) + " ";
  std::string S;
  switch (A.Kind) {
  case ActionKind::Internal:
    return actionKindName(A.Kind);
  case ActionKind::Read:
  case ActionKind::Write: {
    const Access *Acc =
        A.Acc < TM.Accesses.size() ? &TM.Accesses[A.Acc] : nullptr;
    S = Acc && Acc->IsAtomic ? "atomic " : "";
    S += Head;
    return S + (Acc ? Acc->Name : "?");
  }
  case ActionKind::Create: {
    S = Head;
    if (A.Creation >= TM.Creations.size() ||
        TM.Creations[A.Creation].Targets.empty())
      return S + "?";
    bool First = true;
    for (TemplateId T : TM.Creations[A.Creation].Targets) {
      S += (First ? "" : ", ") + TM.Templates[T].Name;
      First = false;
    }
    if (A.Var != NoDataVar)
      S += " -> id " + Var(A.Var);
    return S;
  }
  case ActionKind::Join:
    if (A.AllInstances && A.Creation < TM.Creations.size()) {
      S = Head + "all";
      for (TemplateId T : TM.Creations[A.Creation].Targets)
        S += " " + TM.Templates[T].Name;
      return S + " (every thread in the container)";
    }
    S = Head + (A.JoinAll ? "all " : "") + Obj();
    if (A.JoinAll && A.Creation < TM.Creations.size())
      S += " (every thread of the create at line " +
           std::to_string(TM.Creations[A.Creation].Loc.Line) + ")";
    break;
  case ActionKind::Detach:
  case ActionKind::NotJoinable:
    S = Head + Obj();
    break;
  case ActionKind::Cancel:
    S = Head + Obj();
    break;
  case ActionKind::HandleCopy:
    S = Head + Obj() + " := " + describeObjects(TM, A.Source);
    break;
  case ActionKind::Exit:
    return actionKindName(A.Kind);
  case ActionKind::Lock:
    if (A.Lock == LockKind::RWLock)
      S = (A.Mode == LockMode::Shared ? "rdlock " : "wrlock ") + Obj();
    else
      S = Head + Obj();
    if (A.Var != NoDataVar)
      S += " when " + Var(A.Var) + " " + predText(A.Pred) + " " +
           std::to_string(A.Const);
    break;
  case ActionKind::TryLock:
    S = (A.Lock == LockKind::RWLock
             ? (A.Mode == LockMode::Shared ? "tryrdlock " : "trywrlock ")
             : Head) +
        Obj() + " -> " + Var(A.Var);
    break;
  case ActionKind::Unlock:
    S = Head + Obj();
    break;
  case ActionKind::Wait:
    S = Head + Obj() + ", " + describeObjects(TM, A.Mutex);
    break;
  case ActionKind::Signal:
    S = Head + Obj();
    break;
  case ActionKind::Broadcast:
    S = Head + Obj();
    break;
  case ActionKind::BarrierWait:
    S = Head + Obj();
    if (A.Var != NoDataVar)
      S += " -> " + Var(A.Var);
    break;
  case ActionKind::Once: {
    S = Head + Obj() + ", ";
    S += A.Callees.empty() ? "?" : A.Callees[0]->getName().str();
    break;
  }
  case ActionKind::SemWait:
    S = Head + Obj();
    break;
  case ActionKind::SemTryWait:
    S = Head + Obj() + " -> " + Var(A.Var);
    break;
  case ActionKind::SemPost:
    S = Head + Obj();
    break;
  case ActionKind::Call: {
    S = Head;
    for (size_t I = 0; I < A.Callees.size(); ++I)
      S += (I ? ", " : "") + A.Callees[I]->getName().str();
    return S;
  }
  case ActionKind::Assign:
    S = Head + Var(A.Var) + " := ";
    if (A.SelfId)
      return S + "self";
    if (A.HasConst)
      return S + std::to_string(A.Const);
    if (A.SrcVar == NoDataVar)
      return S + "?";
    if (A.Compare)
      return S + "(" + Var(A.SrcVar) + " " + predText(A.Pred) + " " +
             Plus(A.RhsVar, A.Const) + ")";
    return S + Plus(A.SrcVar, A.Const);
  case ActionKind::Assume:
    return Head + Var(A.Var) + " " + predText(A.Pred) + " " +
           Plus(A.RhsVar, A.Const);
  case ActionKind::AtomicUpdate: {
    S = Head;
    if (A.ResultVar != NoDataVar)
      S += Var(A.ResultVar) + " := " + Var(A.Var) + ", ";
    std::string New = A.HasConst ? std::to_string(A.Const) : "?";
    switch (A.Op) {
    case AtomicOp::Load:
      return A.ResultVar != NoDataVar ? S.substr(0, S.size() - 2)
                                      : S + "load " + Var(A.Var);
    case AtomicOp::Exchange:
      return S + Var(A.Var) + " := " + New;
    case AtomicOp::Add:
      return S + Var(A.Var) +
             " := " + (A.HasConst ? Plus(A.Var, A.Const) : std::string("?"));
    case AtomicOp::CompareExchange: {
      std::string Exp = A.SrcVar != NoDataVar ? Var(A.SrcVar)
                        : A.HasExpected       ? std::to_string(A.ExpectedConst)
                                              : std::string("?");
      if (A.OkVar != NoDataVar)
        S += Var(A.OkVar) + " := (" + Var(A.Var) + " == " + Exp + "), ";
      return S + "if " + Var(A.Var) + " == " + Exp + " then " + Var(A.Var) +
             " := " + New + (A.Weak ? " (weak)" : "");
    }
    }
    return S;
  }
  }
  if (A.Lock == LockKind::RecursiveMutex &&
      (A.Kind == ActionKind::Lock || A.Kind == ActionKind::TryLock ||
       A.Kind == ActionKind::Unlock))
    S += " (recursive)";
  if (!A.MustObject && A.Lock != LockKind::AtomicSection)
    S += " (may)";
  return S;
}

/// "at t.c:5:3", or "in f" without debug info.
static std::string where(const SourceLoc &L) {
  if (!L.known())
    return "in " + L.Function;
  return "at " + sys::path::filename(L.File).str() + ":" +
         std::to_string(L.Line) + ":" + std::to_string(L.Col);
}

static const char *kindText(ObjectKind K) {
  switch (K) {
  case ObjectKind::Global:
    return "global";
  case ObjectKind::Heap:
    return "heap";
  case ObjectKind::Stack:
    return "stack";
  case ObjectKind::Function:
    return "function";
  case ObjectKind::External:
    return "external";
  }
  return "?";
}

void printThreadModel(const ThreadModel &TM, raw_ostream &OS) {
  OS << "racesift-threads: module '" << sys::path::filename(TM.ModuleName)
     << "'\n";
  OS << "debug-info: " << (TM.HasDebugInfo ? "yes" : "no") << "\n";
  if (!TM.MainConstructors.empty()) {
    OS << "constructors before main:";
    for (const Function *F : TM.MainConstructors)
      OS << " " << F->getName();
    OS << "\n";
  }
  if (!TM.ExitHandlers.empty()) {
    OS << "exit handlers:";
    for (const Function *F : TM.ExitHandlers)
      OS << " " << F->getName();
    OS << "\n";
  }
  if (!TM.ThreadExitHandlers.empty()) {
    OS << "thread exit handlers:";
    for (const Function *F : TM.ThreadExitHandlers)
      OS << " " << F->getName();
    OS << "\n";
  }
  OS << "templates:\n";
  for (const ThreadTemplate &T : TM.Templates)
    OS << "  T" << T.Id << " " << T.Name << " "
       << (T.Mult == Multiplicity::Many ? "many" : "once")
       << (T.RunsThreadExitHandlers ? " runs thread exit handlers" : "")
       << "\n";
  OS << "creations:\n";
  for (unsigned I = 0; I < TM.Creations.size(); ++I) {
    const CreationSite &C = TM.Creations[I];
    OS << "  C" << I << " in " << C.Loc.Function << " " << where(C.Loc)
       << " ->";
    for (size_t J = 0; J < C.Targets.size(); ++J)
      OS << (J ? ", " : " ") << TM.Templates[C.Targets[J]].Name;
    if (C.InLoop)
      OS << " loop";
    if (C.Library)
      OS << " library";
    if (C.MaxRuns)
      OS << " (at most " << C.MaxRuns << " times)";
    if (!C.Handles.empty())
      OS << " handles " << describeObjects(TM, C.Handles);
    if (C.ParamVar != NoDataVar)
      OS << " index V" << C.ParamVar << " := V" << C.ArgVar << " ("
         << TM.DataVars[C.ArgVar].Name << ")";
    OS << "\n";
  }
  // Objects some access or action refers to.
  std::vector<bool> Used(TM.Objects.size(), false);
  for (const Access &A : TM.Accesses)
    for (const MemLoc &L : A.Locs)
      Used[L.Obj] = true;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges)
      for (const MemLoc &L : E.A.Objects)
        Used[L.Obj] = true;
  OS << "objects:\n";
  for (const MemObject &O : TM.Objects) {
    if (!Used[O.Id])
      continue;
    OS << "  O" << O.Id << " " << kindText(O.Kind) << " '" << O.Name << "'";
    if (O.Shared)
      OS << " shared";
    if (O.ThreadLocal)
      OS << (O.ThreadLocalEscapes ? " thread-local escaping" : " thread-local");
    if (O.Singleton)
      OS << " singleton";
    for (TemplateId T : O.OwnedPerInstance)
      OS << " owned-per-instance-of " << TM.Templates[T].Name;
    OS << "\n";
  }
  OS << "accesses:\n";
  for (const Access &A : TM.Accesses) {
    OS << "  A" << A.Id << " " << (A.IsAtomic ? "atomic " : "")
       << (A.IsWrite ? "write " : "read ") << A.Name << " " << where(A.Loc)
       << " objects ";
    if (A.Unresolved) {
      OS << "<unresolved>\n";
      continue;
    }
    OS << "{";
    std::set<std::string> Names;
    for (const MemLoc &L : A.Locs)
      Names.insert(TM.describe(L));
    bool First = true;
    for (const std::string &N : Names) {
      OS << (First ? "" : ", ") << N;
      First = false;
    }
    OS << "}";
    if (A.IndexVar != NoDataVar)
      OS << " at " << A.IndexScale << "*V" << A.IndexVar << "+[" << A.IndexLo
         << "," << A.IndexHi << ")";
    if (A.BaseParam >= 0)
      OS << " via parameter " << A.BaseParam + 1;
    if (A.LoadParam >= 0)
      OS << " via what parameter " << A.LoadParam + 1 << " points to";
    if (A.JoinedInstance >= 0)
      OS << " of the thread just joined (create at line "
         << TM.Creations[A.JoinedInstance].Loc.Line << ")";
    if (A.OwnThreadInstance)
      OS << " own instance";
    if (A.ClaimKey)
      OS << " claimed index " << A.ClaimKey;
    OS << "\n";
  }
  for (const DataVar &V : TM.DataVars) {
    OS << "data V" << V.Id << " " << V.Name
       << (V.IsMemory        ? " memory"
           : V.IsThreadIndex ? " thread-index"
                             : " result")
       << (V.DistinctPerInstance ? " distinct" : "")
       << (V.IsThreadId ? " thread-id" : "");
    if (auto It = TM.InitialValues.find(V.Id); It != TM.InitialValues.end())
      OS << " initially " << It->second;
    OS << "\n";
  }
  for (const FunctionGraph &G : TM.Functions) {
    OS << "function " << G.F->getName() << ":\n";
    for (const ActionEdge &E : G.Edges) {
      OS << "  N" << E.From << " -> N" << E.To << ": "
         << describeAction(TM, E.A);
      if (E.A.Kind != ActionKind::Internal)
        OS << " " << where(E.A.Loc);
      OS << "\n";
    }
    OS << "  entry N" << G.Entry << " exit N" << G.Exit << "\n";
  }
  for (const std::string &C : TM.Compromises)
    OS << "compromise: " << C << "\n";
}

} // namespace racesift
