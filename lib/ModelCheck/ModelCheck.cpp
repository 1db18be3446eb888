//===- ModelCheck.cpp - Checking lockset candidates per location -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Groups the candidates by location, slices every template's inlined graph
// to what matters for that location, reads the few constants the explorer
// needs from the IR (initial values of tracked globals, sem_init and
// pthread_barrier_init counts) and runs the explorer.
//
//===----------------------------------------------------------------------===//

#include "Explorer.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace racesift;
using namespace llvm;

/// The integer stored at byte Offset of constant C, if it is one.
static std::optional<int64_t> constantAt(const Constant *C, int64_t Offset,
                                         const DataLayout &DL) {
  if (C->isNullValue())
    return 0;
  if (const auto *CI = dyn_cast<ConstantInt>(C))
    return Offset == 0 && CI->getBitWidth() <= 64
               ? std::optional<int64_t>(CI->getSExtValue())
               : std::nullopt;
  Type *Ty = C->getType();
  if (auto *STy = dyn_cast<StructType>(Ty)) {
    const StructLayout *SL = DL.getStructLayout(STy);
    if (Offset < 0 || uint64_t(Offset) >= SL->getSizeInBytes())
      return std::nullopt;
    unsigned Idx = SL->getElementContainingOffset(Offset);
    if (Constant *E = C->getAggregateElement(Idx))
      return constantAt(E, Offset - SL->getElementOffset(Idx), DL);
    return std::nullopt;
  }
  if (isa<ArrayType>(Ty) || isa<VectorType>(Ty)) {
    Type *ElTy = isa<ArrayType>(Ty) ? Ty->getArrayElementType()
                                    : cast<VectorType>(Ty)->getElementType();
    uint64_t Size = DL.getTypeAllocSize(ElTy);
    if (Size == 0 || Offset < 0)
      return std::nullopt;
    if (Constant *E = C->getAggregateElement(unsigned(Offset / Size)))
      return constantAt(E, Offset % Size, DL);
  }
  return std::nullopt;
}

static const Module *moduleOf(const ThreadModel &TM) {
  for (const ThreadTemplate &T : TM.Templates)
    if (T.Entry)
      return T.Entry->getParent();
  for (const FunctionGraph &G : TM.Functions)
    if (G.F)
      return G.F->getParent();
  return nullptr;
}

/// Constant counts of sem_init(&s, _, N) and pthread_barrier_init(&b, _, N)
/// on global objects. An object initialised with two different counts gets
/// none (the explorer then uses its documented default).
static std::vector<std::pair<MemLoc, int64_t>>
syncInitValues(const ThreadModel &TM, const Module &M) {
  std::map<const Value *, ObjectId> ObjOf;
  for (const MemObject &O : TM.Objects)
    if (O.Site && O.Kind == ObjectKind::Global)
      ObjOf[O.Site] = O.Id;
  std::map<MemLoc, std::set<int64_t>> Seen;
  const DataLayout &DL = M.getDataLayout();
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const auto *CB = dyn_cast<CallBase>(&I);
      const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee || CB->arg_size() < 3)
        continue;
      StringRef N = Callee->getName();
      if (N != "sem_init" && N != "pthread_barrier_init")
        continue;
      const auto *Count = dyn_cast<ConstantInt>(CB->getArgOperand(2));
      APInt Off(DL.getIndexTypeSizeInBits(CB->getArgOperand(0)->getType()), 0);
      const Value *Base =
          CB->getArgOperand(0)->stripAndAccumulateConstantOffsets(DL, Off,
                                                                  true);
      auto It = ObjOf.find(Base);
      if (It == ObjOf.end())
        continue;
      MemLoc L{It->second, Off.getSExtValue()};
      Seen[L].insert(Count ? Count->getSExtValue() : INT64_MIN);
    }
  std::vector<std::pair<MemLoc, int64_t>> Out;
  for (auto &[L, Vals] : Seen)
    if (Vals.size() == 1 && *Vals.begin() != INT64_MIN)
      Out.push_back({L, *Vals.begin()});
  return Out;
}

/// Initial values of tracked global variables from their initialisers.
static std::map<DataVarId, int64_t> initialValues(const ThreadModel &TM,
                                                  const Module &M) {
  std::map<DataVarId, int64_t> Out;
  for (const DataVar &D : TM.DataVars) {
    if (!D.IsMemory || D.Loc.Obj >= TM.Objects.size() ||
        D.Loc.Offset == AnyOffset)
      continue;
    const MemObject &O = TM.Objects[D.Loc.Obj];
    const auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site);
    if (O.Kind != ObjectKind::Global || !GV || !GV->hasInitializer() ||
        GV->isInterposable())
      continue;
    if (auto V =
            constantAt(GV->getInitializer(), D.Loc.Offset, M.getDataLayout()))
      Out[D.Id] = *V;
  }
  return Out;
}

std::vector<LocationVerdict>
racesift::checkCandidates(const ThreadModel &TM,
                          const std::vector<Candidate> &Cands,
                          const ModelCheckOptions &Opts) {
  using mc::Clock;
  const Clock::time_point ModuleDeadline =
      Opts.Deadline
          ? *Opts.Deadline
          : Clock::now() +
                std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(Opts.ModuleTimeoutSeconds));
  auto Late = [&] { return Clock::now() > ModuleDeadline; };
  auto NotExamined = [](const MemLoc &Loc) {
    LocationVerdict V;
    V.Loc = Loc;
    V.V = Verdict::Unknown;
    V.Reason = mc::NotExaminedReason;
    V.Examined = false;
    return V;
  };
  std::vector<MemLoc> Locs;
  std::set<MemLoc> SeenLocs;
  for (const Candidate &C : Cands)
    if (SeenLocs.insert(C.Loc).second)
      Locs.push_back(C.Loc);
  if (Locs.empty())
    return {};
  std::vector<LocationVerdict> Out;
  // No location, and no setup, is started after the deadline.
  if (Late()) {
    for (const MemLoc &Loc : Locs)
      Out.push_back(NotExamined(Loc));
    return Out;
  }

  // Variables the explorer tracks: tested by a guard or a try operation,
  // and whatever is copied into those.
  std::set<DataVarId> Tracked;
  std::vector<std::pair<DataVarId, DataVarId>> Copies;
  std::set<const Function *> OnceFns;
  for (const FunctionGraph &G : TM.Functions)
    for (const ActionEdge &E : G.Edges) {
      const Action &A = E.A;
      if (A.Kind == ActionKind::Assume || A.Kind == ActionKind::TryLock ||
          A.Kind == ActionKind::SemTryWait)
        Tracked.insert(A.Var);
      if (A.Kind == ActionKind::Assign && A.SrcVar != NoDataVar)
        Copies.push_back({A.Var, A.SrcVar});
      if (A.Kind == ActionKind::Once)
        OnceFns.insert(A.Callees.begin(), A.Callees.end());
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Dst, Src] : Copies)
      if (Tracked.count(Dst) && Tracked.insert(Src).second)
        Changed = true;
  }

  mc::ExplorerInput In;
  In.TM = &TM;
  if (const Module *M = moduleOf(TM)) {
    In.InitialValues = initialValues(TM, *M);
    In.SyncInit = syncInitValues(TM, *M);
  }
  // Once bodies are built as pseudo-templates of a copy of the model, so
  // the graph builder inlines and slices them like start routines.
  ThreadModel OnceTM;
  std::vector<std::pair<const Function *, TemplateId>> OnceTemplates;
  if (!OnceFns.empty()) {
    OnceTM = TM;
    for (const Function *F : OnceFns) {
      if (!F || !TM.graphOf(F))
        continue;
      ThreadTemplate T;
      T.Id = OnceTM.Templates.size();
      T.Entry = F;
      T.Name = F->getName().str();
      OnceTM.Templates.push_back(T);
      OnceTemplates.push_back({F, T.Id});
    }
  }

  for (const MemLoc &Loc : Locs) {
    if (Late()) {
      Out.push_back(NotExamined(Loc));
      continue;
    }
    // The slice: accesses of Loc, synchronisation, thread management and
    // tracked data; other steps become internal.
    auto Relevant = [&](const Action &A) {
      switch (A.Kind) {
      case ActionKind::Internal:
      case ActionKind::Call:
        return false;
      case ActionKind::Read:
      case ActionKind::Write:
        if (A.Acc >= TM.Accesses.size())
          return false;
        for (const MemLoc &L : TM.Accesses[A.Acc].Locs)
          if (L.mayAlias(Loc))
            return true;
        return false;
      case ActionKind::Assign:
      case ActionKind::Assume:
        return Tracked.count(A.Var) != 0;
      default:
        return true;
      }
    };
    // One graph takes at most its node budget to build; the clock is read
    // between graphs, so a location whose setup meets the deadline is
    // given up unexamined.
    In.Loc = Loc;
    In.Graphs.clear();
    In.OnceBodies.clear();
    bool CutShort = false;
    for (TemplateId T = 0; T < TM.Templates.size() && !CutShort; ++T) {
      In.Graphs.push_back(buildThreadGraph(TM, T, Relevant));
      CutShort = Late();
    }
    for (auto &[F, T] : OnceTemplates) {
      if (CutShort)
        break;
      In.OnceBodies[F] = buildThreadGraph(OnceTM, T, Relevant);
      CutShort = Late();
    }
    if (CutShort) {
      Out.push_back(NotExamined(Loc));
      continue;
    }

    LocationVerdict V = mc::explore(In, Opts, ModuleDeadline);
    if (V.V == Verdict::Race)
      // Give the two accesses the locksets layer 1 saw them under.
      for (const Candidate &C : Cands)
        for (const AccessContext *AC : {&C.First, &C.Second}) {
          if (C.Loc != Loc)
            continue;
          for (AccessContext *Dst : {&V.First, &V.Second})
            if (Dst->Thread == AC->Thread && Dst->Acc == AC->Acc &&
                Dst->Held.empty())
              Dst->Held = AC->Held;
        }
    Out.push_back(std::move(V));
  }
  return Out;
}
