//===- ThreadModelBuilder.cpp - Threads, objects and graphs -----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Builds the thread model: templates from the resolved start routines,
// multiplicities from loops and call sites, escaping stack objects, the
// function graphs, and which objects are shared.
//
//===----------------------------------------------------------------------===//

#include "FunctionGraphBuilder.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <set>

using namespace llvm;

namespace racesift {

namespace {
struct ModelBuilder {
  Module &M;
  ThreadModel &TM;
  PointsToAnalysis &PTA;
  GraphContext Ctx;
  DenseMap<const Function *, TemplateId> TemplateOf;
  /// Functions each template may execute (calls, not creations).
  std::vector<std::vector<const Function *>> Reach;
  DenseMap<const Function *, std::vector<TemplateId>> FuncTemplates;
  /// Call sites of each defined function, in reachable code.
  DenseMap<const Function *, std::vector<const CallBase *>> CallSites;
  DenseMap<const BasicBlock *, bool> InCycle;
  DenseMap<const Function *, bool> RunsMany;
  std::map<const CallBase *, std::vector<const Function *>> StartsOf;

  ModelBuilder(Module &M, ThreadModel &TM, PointsToAnalysis &PTA)
      : M(M), TM(TM), PTA(PTA) {}

  bool isCreation(const CallBase &CB) const {
    for (const Function *F : PTA.callees(CB))
      if (lookupCreateApi(F->getName()) || isCxxStartThread(F->getName()))
        return true;
    return false;
  }

  /// Defined functions a call instruction may run in the same thread.
  void calledBy(const CallBase &CB, SmallVectorImpl<const Function *> &Out) {
    for (const Function *F : PTA.callees(CB)) {
      if (!F->isDeclaration()) {
        Out.push_back(F);
        continue;
      }
      const SyncApi *Api = lookupSyncApi(F->getName());
      if (Api && Api->Kind == ActionKind::Once && CB.arg_size() > 1)
        for (const MemLoc &L : PTA.pointsTo(CB.getArgOperand(1)))
          if (auto *R = dyn_cast_or_null<Function>(TM.Objects[L.Obj].Site))
            if (!R->isDeclaration())
              Out.push_back(R);
    }
  }

  TemplateId templateFor(const Function *Entry, std::string Name) {
    auto It = TemplateOf.find(Entry);
    if (Entry && It != TemplateOf.end())
      return It->second;
    ThreadTemplate T;
    T.Id = TM.Templates.size();
    T.Entry = Entry;
    T.Name = std::move(Name);
    TM.Templates.push_back(std::move(T));
    Reach.emplace_back();
    if (Entry)
      TemplateOf[Entry] = TM.Templates.back().Id;
    return TM.Templates.back().Id;
  }

  void markCycles(const Function &F) {
    for (scc_iterator<const Function *> I = scc_begin(&F); !I.isAtEnd(); ++I)
      if (I.hasCycle())
        for (const BasicBlock *BB : *I)
          InCycle[BB] = true;
  }

  void discoverThreads() {
    const Function *Main = M.getFunction("main");
    if (Main && !Main->isDeclaration()) {
      templateFor(Main, "main");
    } else {
      // A library module: the environment may call any external function.
      templateFor(nullptr, "<env>");
      TM.Compromises.push_back("env-root: no main; the environment root "
                               "calls each external function once");
    }
    for (const ThreadStart &S : PTA.threadStarts())
      StartsOf[S.Call].push_back(S.Routine);
    DenseSet<const CallBase *> SiteSeen;
    DenseSet<const Function *> Visited;
    DenseSet<std::pair<const CallBase *, const Function *>> SiteEdges;
    for (TemplateId T = 0; T < TM.Templates.size(); ++T) {
      std::vector<const Function *> Work;
      if (const Function *E = TM.Templates[T].Entry)
        Work.push_back(E);
      else
        for (const Function &F : M)
          if (!F.isDeclaration() && F.hasExternalLinkage())
            Work.push_back(&F);
      DenseSet<const Function *> Seen(Work.begin(), Work.end());
      while (!Work.empty()) {
        const Function *F = Work.back();
        Work.pop_back();
        Reach[T].push_back(F);
        FuncTemplates[F].push_back(T);
        if (Visited.insert(F).second)
          markCycles(*F);
        for (const Instruction &I : instructions(F)) {
          auto *CB = dyn_cast<CallBase>(&I);
          if (!CB)
            continue;
          if (isCreation(*CB)) {
            if (SiteSeen.insert(CB).second)
              addCreation(*CB);
            continue;
          }
          SmallVector<const Function *, 4> Callees;
          calledBy(*CB, Callees);
          for (const Function *C : Callees) {
            if (SiteEdges.insert({CB, C}).second)
              CallSites[C].push_back(CB);
            if (Seen.insert(C).second)
              Work.push_back(C);
          }
        }
      }
    }
  }

  void addCreation(const CallBase &CB) {
    CreationSite S;
    S.Call = &CB;
    S.InFunction = CB.getFunction();
    S.Loc = sourceLocOf(CB);
    int HandleArg = 0;
    for (const Function *F : PTA.callees(CB))
      if (const CreateApi *C = lookupCreateApi(F->getName()))
        HandleArg = C->HandleArg;
    ArrayRef<MemLoc> H = PTA.pointsTo(CB.getArgOperand(HandleArg));
    S.Handles.assign(H.begin(), H.end());
    unsigned Idx = TM.Creations.size();
    for (const Function *R : StartsOf[&CB]) {
      // Source names may repeat (every std::thread body is _M_run).
      std::string Name = sourceNameOf(*R);
      if (any_of(TM.Templates,
                 [&](const ThreadTemplate &T) { return T.Name == Name; }) &&
          !TemplateOf.count(R))
        Name = R->getName().str();
      TemplateId T = templateFor(R, Name);
      S.Targets.push_back(T);
      TM.Templates[T].CreatedBy.push_back(Idx);
    }
    if (S.Targets.empty())
      TM.Compromises.push_back("unresolved-start-routine: at " +
                               S.Loc.Function + ":" +
                               std::to_string(S.Loc.Line));
    Ctx.CreationOf[&CB] = Idx;
    TM.Creations.push_back(std::move(S));
  }

  /// Multiplicities: a fixpoint over call sites, creations and templates.
  void computeMultiplicity() {
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (auto &[F, Ts] : FuncTemplates) {
        bool Many = Ts.size() > 1;
        auto &Sites = CallSites[F];
        Many = Many || Sites.size() > 1;
        for (const CallBase *CB : Sites)
          Many = Many || InCycle.lookup(CB->getParent()) ||
                 RunsMany.lookup(CB->getFunction());
        for (TemplateId T : Ts)
          Many = Many || TM.Templates[T].Mult == Multiplicity::Many;
        if (Many && !RunsMany[F])
          Changed = RunsMany[F] = true;
      }
      for (CreationSite &S : TM.Creations) {
        bool Loop = InCycle.lookup(S.Call->getParent()) ||
                    RunsMany.lookup(S.InFunction);
        if (Loop && !S.InLoop)
          Changed = S.InLoop = true;
      }
      for (ThreadTemplate &T : TM.Templates) {
        bool Many = T.CreatedBy.size() > 1;
        for (unsigned C : T.CreatedBy)
          Many = Many || TM.Creations[C].InLoop;
        if (Many && T.Mult != Multiplicity::Many) {
          T.Mult = Multiplicity::Many;
          Changed = true;
        }
      }
    }
  }

  /// Stack objects reachable from globals, heap, unknown memory or a thread
  /// argument may be used by another thread.
  void computeEscapes() {
    std::vector<ObjectId> Work;
    std::vector<bool> Seen(TM.Objects.size(), false);
    auto Push = [&](ObjectId O) {
      if (O < Seen.size() && !Seen[O]) {
        Seen[O] = true;
        Work.push_back(O);
      }
    };
    for (const MemObject &O : TM.Objects)
      if ((O.Kind == ObjectKind::Global && !O.ThreadLocal) ||
          O.Kind == ObjectKind::Heap || O.Kind == ObjectKind::External)
        Push(O.Id);
    for (const CreationSite &S : TM.Creations) {
      int ArgIdx = 3;
      for (const Function *F : PTA.callees(*S.Call))
        if (const CreateApi *C = lookupCreateApi(F->getName()))
          ArgIdx = C->ArgArg;
      if (unsigned(ArgIdx) < S.Call->arg_size())
        for (const MemLoc &L : PTA.pointsTo(S.Call->getArgOperand(ArgIdx)))
          Push(L.Obj);
    }
    while (!Work.empty()) {
      ObjectId O = Work.back();
      Work.pop_back();
      if (TM.Objects[O].Kind == ObjectKind::Stack)
        Ctx.EscapedStack.insert(O);
      for (const MemLoc &L : PTA.contentOf({O, AnyOffset}))
        Push(L.Obj);
    }
  }

  void computeSingletons() {
    for (MemObject &O : TM.Objects) {
      if (O.Kind != ObjectKind::Stack)
        continue;
      auto *AI = dyn_cast_or_null<AllocaInst>(O.Site);
      if (!AI)
        continue;
      const Function *F = AI->getFunction();
      auto It = FuncTemplates.find(F);
      O.Singleton = It != FuncTemplates.end() && It->second.size() == 1 &&
                    !RunsMany.lookup(F) && !InCycle.lookup(AI->getParent());
    }
  }

  void findRecursiveLocks() {
    DenseSet<ObjectId> RecursiveAttrs;
    std::vector<const CallBase *> Inits;
    for (Function &F : M)
      for (Instruction &I : instructions(F)) {
        auto *CB = dyn_cast<CallBase>(&I);
        const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!Callee || CB->arg_size() < 2)
          continue;
        auto *Kind = dyn_cast<ConstantInt>(CB->getArgOperand(1));
        StringRef N = Callee->getName();
        // PTHREAD_MUTEX_RECURSIVE is 1; C11 mtx_recursive is 1 as a bit.
        if (N == "pthread_mutexattr_settype" && Kind &&
            Kind->getZExtValue() == 1)
          for (const MemLoc &L : PTA.pointsTo(CB->getArgOperand(0)))
            RecursiveAttrs.insert(L.Obj);
        if (N == "mtx_init" && Kind && (Kind->getZExtValue() & 1))
          for (const MemLoc &L : PTA.pointsTo(CB->getArgOperand(0)))
            Ctx.RecursiveLocks.insert(L.Obj);
        if (N == "pthread_mutex_init")
          Inits.push_back(CB);
      }
    for (const CallBase *CB : Inits)
      if (any_of(PTA.pointsTo(CB->getArgOperand(1)),
                 [&](const MemLoc &L) { return RecursiveAttrs.count(L.Obj); }))
        for (const MemLoc &L : PTA.pointsTo(CB->getArgOperand(0)))
          Ctx.RecursiveLocks.insert(L.Obj);
  }

  /// Integer globals only ever stored constants and compared to constants.
  void findFlags() {
    for (GlobalVariable &GV : M.globals()) {
      if (!GV.getValueType()->isIntegerTy() || GV.isThreadLocal() ||
          !GV.hasInitializer() || GV.getValueType()->isIntegerTy(1))
        continue;
      bool Ok = !GV.use_empty();
      for (const User *U : GV.users()) {
        if (auto *SI = dyn_cast<StoreInst>(U)) {
          Ok = Ok && SI->getPointerOperand() == &GV &&
               isa<ConstantInt>(SI->getValueOperand());
        } else if (auto *LI = dyn_cast<LoadInst>(U)) {
          for (const User *LU : LI->users()) {
            auto *Cmp = dyn_cast<ICmpInst>(LU);
            Ok = Ok && Cmp &&
                 (isa<ConstantInt>(Cmp->getOperand(0)) ||
                  isa<ConstantInt>(Cmp->getOperand(1)));
          }
        } else {
          Ok = false;
        }
      }
      ObjectId O = PTA.objectFor(&GV);
      if (!Ok || O == InvalidObject)
        continue;
      DataVar V;
      V.Id = TM.DataVars.size();
      V.IsMemory = true;
      V.Loc = {O, 0};
      V.Value = &GV;
      V.Name = TM.Objects[O].Name;
      Ctx.FlagVars[&GV] = V.Id;
      TM.DataVars.push_back(std::move(V));
    }
  }

  void addAtomicSection() {
    bool Used = false;
    for (const Function &F : M)
      Used = Used || F.getName().starts_with("__VERIFIER_atomic_");
    if (!Used)
      return;
    MemObject O;
    O.Id = TM.Objects.size();
    O.Kind = ObjectKind::Global;
    O.Name = "<atomic section>";
    O.Singleton = true;
    Ctx.AtomicSection = O.Id;
    TM.Objects.push_back(std::move(O));
  }

  void computeShared() {
    std::vector<std::set<TemplateId>> Users(TM.Objects.size());
    auto Note = [&](const Instruction *I, const std::vector<MemLoc> &Locs) {
      if (!I)
        return;
      for (TemplateId T : FuncTemplates.lookup(I->getFunction()))
        for (const MemLoc &L : Locs)
          Users[L.Obj].insert(T);
    };
    for (const Access &A : TM.Accesses)
      Note(A.Inst, A.Locs);
    for (const FunctionGraph &G : TM.Functions)
      for (const ActionEdge &E : G.Edges)
        Note(E.A.Inst, E.A.Objects);
    for (MemObject &O : TM.Objects) {
      if (O.ThreadLocal || O.Kind == ObjectKind::Function ||
          (O.Kind == ObjectKind::Stack && !Ctx.EscapedStack.count(O.Id)))
        continue;
      const auto &Ts = Users[O.Id];
      O.Shared = Ts.size() > 1 ||
                 (Ts.size() == 1 &&
                  TM.Templates[*Ts.begin()].Mult == Multiplicity::Many);
    }
  }

  void run() {
    discoverThreads();
    computeMultiplicity();
    computeSingletons();
    computeEscapes();
    findRecursiveLocks();
    findFlags();
    addAtomicSection();
    FunctionGraphBuilder FGB(TM, PTA, Ctx);
    for (const Function &F : M)
      if (FuncTemplates.count(&F)) {
        TM.FunctionIndex[&F] = TM.Functions.size();
        TM.Functions.push_back(FGB.build(F));
      }
    computeShared();
  }
};
} // namespace

ThreadModel buildThreadModel(Module &M) {
  ThreadModel TM;
  TM.ModuleName = M.getSourceFileName();
  TM.HasDebugInfo =
      M.debug_compile_units_begin() != M.debug_compile_units_end();
  PointsToAnalysis PTA(M, TM.Objects);
  TM.Compromises = PTA.compromises();
  ModelBuilder(M, TM, PTA).run();
  return TM;
}

const FunctionGraph *ThreadModel::graphOf(const Function *F) const {
  auto It = FunctionIndex.find(F);
  if (It != FunctionIndex.end())
    return &Functions[It->second];
  for (const FunctionGraph &G : Functions)
    if (G.F == F)
      return &G;
  return nullptr;
}

AnalysisKey ThreadModelAnalysis::Key;

ThreadModelAnalysis::Result ThreadModelAnalysis::run(Module &M,
                                                     ModuleAnalysisManager &) {
  return buildThreadModel(M);
}

PreservedAnalyses ThreadModelPrinterPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  printThreadModel(MAM.getResult<ThreadModelAnalysis>(M), OS);
  return PreservedAnalyses::all();
}

} // namespace racesift
