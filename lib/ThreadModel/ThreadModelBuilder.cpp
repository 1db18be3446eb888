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
#include "PromotedCopy.h"
#include "racesift/Support/Debug.h"
#include "racesift/Support/StableSort.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <map>
#include <set>

using namespace llvm;

#define DEBUG_TYPE "racesift-threads"

namespace racesift {

namespace {
struct ModelBuilder {
  Module &M;
  ThreadModel &TM;
  PointsToAnalysis &PTA;
  /// Fields of globals the refinement asks to track (trackableField).
  ArrayRef<const Value *> TrackHints;
  GraphContext Ctx;
  DenseMap<const Function *, TemplateId> TemplateOf;
  /// Functions each template may execute (calls, not creations).
  std::vector<std::vector<const Function *>> Reach;
  DenseMap<const Function *, std::vector<TemplateId>> FuncTemplates;
  /// Heap objects that never leave their allocating activation.
  DenseSet<ObjectId> ThreadPrivateHeap;
  std::optional<DenseSet<ObjectId>> HandedOver; ///< See handedOver().
  /// Call sites of each defined function, in reachable code.
  DenseMap<const Function *, std::vector<const CallBase *>> CallSites;
  DenseMap<const BasicBlock *, bool> InCycle;
  DenseMap<const Function *, bool> RunsMany;
  DenseSet<const Function *> Recursive; ///< See findRecursive().
  std::map<const CallBase *, std::vector<const Function *>> StartsOf;

  ModelBuilder(Module &M, ThreadModel &TM, PointsToAnalysis &PTA,
               ArrayRef<const Value *> TrackHints)
      : M(M), TM(TM), PTA(PTA), TrackHints(TrackHints) {}

  bool isCreation(const CallBase &CB) const {
    for (const Function *F : PTA.callees(CB))
      if (lookupCreateApi(F->getName()) || isCxxStartThread(F->getName()))
        return true;
    return false;
  }

  /// Defined functions a call instruction may run in the same thread.
  void calledBy(const CallBase &CB, SmallVectorImpl<const Function *> &Out) {
    for (const Function *F : PTA.callbacks(CB))
      Out.push_back(F);
    for (const Function *F : PTA.callees(CB)) {
      if (!F->isDeclaration()) {
        Out.push_back(F);
        continue;
      }
      const SyncApi *Api = lookupSyncApi(F->getName());
      if (Api && Api->Kind == ActionKind::Once && CB.arg_size() > 1)
        llvm::append_range(Out, onceRoutines(PTA, TM, CB.getArgOperand(1)));
    }
  }

  /// Whether F, or a function it calls, makes a call Pred accepts.
  bool reachesCall(const Function &F,
                   function_ref<bool(const CallBase &)> Pred) {
    DenseSet<const Function *> Seen{&F};
    SmallVector<const Function *, 8> Work{&F};
    while (!Work.empty()) {
      const Function *G = Work.pop_back_val();
      for (const Instruction &I : instructions(G)) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB)
          continue;
        if (Pred(*CB))
          return true;
        SmallVector<const Function *, 4> Callees;
        calledBy(*CB, Callees);
        for (const Function *C : Callees)
          if (Seen.insert(C).second)
            Work.push_back(C);
      }
    }
    return false;
  }

  /// Whether F, or a function it calls, creates a thread.
  bool reachesCreation(const Function &F) {
    return reachesCall(F, [&](const CallBase &CB) { return isCreation(CB); });
  }

  /// Whether F may set thread-specific data or construct a thread_local
  /// object, itself or through calls.
  bool reachesSpecificSet(const Function &F) {
    return reachesCall(F, [](const CallBase &CB) {
      const Function *Direct = CB.getCalledFunction();
      return Direct && is_contained({"pthread_setspecific", "tss_set",
                                     "__cxa_thread_atexit"},
                                    Direct->getName());
    });
  }

  TemplateId templateFor(const Function *Entry, std::string Name) {
    auto It = TemplateOf.find(Entry);
    if (Entry && It != TemplateOf.end())
      return It->second;
    ThreadTemplate T;
    T.Id = TM.Templates.size();
    T.Entry = Entry;
    T.Name = std::move(Name);
    // Not main's thread: returning from main ends the program.
    T.RunsThreadExitHandlers =
        Entry && T.Id != 0 && !TM.ThreadExitHandlers.empty() &&
        !Entry->isDeclaration() && reachesSpecificSet(*Entry);
    TM.Templates.push_back(std::move(T));
    Reach.emplace_back();
    if (Entry)
      TemplateOf[Entry] = TM.Templates.back().Id;
    return TM.Templates.back().Id;
  }

  /// The defined functions of llvm.global_ctors or llvm.global_dtors
  /// (Array), by priority (stable).
  static std::vector<const Function *> globalStructors(const Module &M,
                                                       StringRef Array) {
    std::vector<std::pair<uint64_t, const Function *>> Ctors;
    const GlobalVariable *GV = M.getNamedGlobal(Array);
    const auto *Arr = GV && GV->hasInitializer()
                          ? dyn_cast<ConstantArray>(GV->getInitializer())
                          : nullptr;
    for (const Use &U : Arr ? Arr->operands() : ArrayRef<Use>()) {
      const auto *E = dyn_cast<ConstantStruct>(U.get());
      if (!E || E->getNumOperands() < 2)
        continue;
      const auto *Prio = dyn_cast<ConstantInt>(E->getOperand(0));
      const auto *F = dyn_cast<Function>(E->getOperand(1));
      if (Prio && F && !F->isDeclaration())
        Ctors.push_back({Prio->getZExtValue(), F});
    }
    stableSort(Ctors, llvm::less_first());
    std::vector<const Function *> Out;
    for (auto &[P, F] : Ctors)
      if (!is_contained(Out, F))
        Out.push_back(F);
    return Out;
  }

  void markCycles(const Function &F) {
    for (scc_iterator<const Function *> I = scc_begin(&F); !I.isAtEnd(); ++I)
      if (I.hasCycle())
        for (const BasicBlock *BB : *I)
          InCycle[BB] = true;
  }

  /// The defined functions a registration's operand Fn names: itself, or
  /// those a pointer may hold.
  std::vector<const Function *> registeredFunctions(const Value *Fn) {
    std::vector<const Function *> Out;
    Fn = Fn->stripPointerCasts();
    if (auto *H = dyn_cast<Function>(Fn))
      Out.push_back(H);
    else
      for (const MemLoc &L : PTA.pointsTo(Fn))
        if (const MemObject &O = TM.Objects[L.Obj];
            O.Kind == ObjectKind::Function)
          if (auto *H = dyn_cast_or_null<Function>(O.Site))
            Out.push_back(H);
    erase_if(Out, [](const Function *H) { return H->isDeclaration(); });
    return Out;
  }

  /// Where witnesses show a handler CB registers called from (RunBy, at the
  /// registration): for a C++ object's destructor (__cxa_atexit and
  /// __cxa_thread_atexit, whose call is at line 0), the object's
  /// declaration.
  SourceLoc registrationSite(const CallBase &CB, StringRef RunBy) {
    SourceLoc L = sourceLocOf(CB);
    StringRef N = CB.getCalledFunction()->getName();
    if ((N == "__cxa_atexit" || N == "__cxa_thread_atexit") &&
        CB.arg_size() == 3)
      if (auto *GV = dyn_cast<GlobalVariable>(
              CB.getArgOperand(1)->stripPointerCasts())) {
        MemObject Decl;
        setGlobalDebugInfo(Decl, *GV);
        if (Decl.Loc.known())
          L = Decl.Loc;
      }
    L.Function = RunBy.str();
    return L;
  }

  /// exit-handlers: what atexit and on_exit register, and the destructors
  /// of C++ static objects (__cxa_atexit), by a function operand or a
  /// pointer to functions, latest registration first; then destructor
  /// functions.
  void findExitHandlers() {
    std::vector<std::pair<const Function *, const CallBase *>> Found;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F)) {
        auto *CB = dyn_cast<CallBase>(&I);
        const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!Callee || CB->arg_size() < 1 ||
            !is_contained({"atexit", "on_exit", "__cxa_atexit"},
                          Callee->getName()))
          continue;
        for (const Function *H : registeredFunctions(CB->getArgOperand(0)))
          Found.push_back({H, CB});
      }
    DenseSet<const Function *> Seen;
    for (auto [H, Site] : llvm::reverse(Found))
      if (Seen.insert(H).second) {
        TM.ExitHandlers.push_back(H);
        TM.ExitHandlerSites.push_back(registrationSite(*Site, "exit"));
      }
    // Destructor functions (`__attribute__((destructor))`) run after them,
    // the highest priority first.
    std::vector<const Function *> Dtors =
        globalStructors(M, "llvm.global_dtors");
    TM.Destructors.assign(Dtors.rbegin(), Dtors.rend());
    for (const Function *D : TM.Destructors)
      if (Seen.insert(D).second) {
        TM.ExitHandlers.push_back(D);
        SourceLoc L;
        if (const DISubprogram *SP = D->getSubprogram()) {
          L.File = SP->getFilename().str();
          L.Dir = SP->getDirectory().str();
          L.Line = SP->getLine();
        }
        L.Function = "exit";
        TM.ExitHandlerSites.push_back(std::move(L));
      }
  }

  /// key-destructors: the destructors of thread_local objects
  /// (__cxa_thread_atexit), then what pthread_key_create and tss_create
  /// register, as a thread's end runs them.
  void findThreadExitHandlers() {
    auto Registered = [](const CallBase &CB) -> int {
      const Function *Callee = CB.getCalledFunction();
      StringRef N = Callee ? Callee->getName() : "";
      if (N == "__cxa_thread_atexit" && CB.arg_size() == 3)
        return 0;
      if ((N == "pthread_key_create" || N == "tss_create") &&
          CB.arg_size() == 2)
        return 1;
      return -1;
    };
    for (int FnArg : {0, 1})
      for (const Function &F : M)
        for (const Instruction &I : instructions(F))
          if (auto *CB = dyn_cast<CallBase>(&I); CB && Registered(*CB) == FnArg)
            for (const Function *H :
                 registeredFunctions(CB->getArgOperand(FnArg)))
              if (!is_contained(TM.ThreadExitHandlers, H)) {
                TM.ThreadExitHandlers.push_back(H);
                TM.ThreadExitHandlerSites.push_back(
                    registrationSite(*CB, "the thread's exit"));
              }
  }

  void discoverThreads() {
    for (const ThreadStart &S : PTA.threadStarts())
      StartsOf[S.Call].push_back(S.Routine);
    const Function *Main = M.getFunction("main");
    TM.Constructors = globalStructors(M, "llvm.global_ctors");
    findThreadExitHandlers();
    if (Main && !Main->isDeclaration()) {
      findExitHandlers();
      templateFor(Main, "main");
      if (any_of(TM.Constructors,
                 [&](const Function *C) { return reachesCreation(*C); }))
        TM.MainConstructors = TM.Constructors;
    } else {
      // A library module: the environment (one caller thread) runs the
      // global constructors once, then calls the entries in any order, any
      // number of times.
      templateFor(nullptr, "<env>");
      TM.Compromises.push_back("env-root: no main; one caller thread calls "
                               "the external functions in any order");
      TM.EnvConstructors = TM.Constructors;
      // Functions whose address another unit may hold (a stored callback,
      // `next->code = &encode`) are entry points too; the library's own
      // start routines are not (the library runs them as threads).
      DenseSet<const Function *> Escaped, Starts;
      for (ObjectId O : PTA.escapedObjects())
        if (auto *F = dyn_cast_or_null<Function>(TM.Objects[O].Site))
          Escaped.insert(F);
      // With escaped memory past the points-to budget its objects are among
      // the unresolved pointers' targets, and what they hold (a vtable's
      // functions) may be called too.
      std::vector<ObjectId> Work = PTA.unresolvedTargets();
      DenseSet<ObjectId> SeenObj(Work.begin(), Work.end());
      while (!Work.empty()) {
        ObjectId O = Work.back();
        Work.pop_back();
        if (auto *F = dyn_cast_or_null<Function>(TM.Objects[O].Site))
          Escaped.insert(F);
        for (const MemLoc &L : PTA.contentOf({O, AnyOffset}))
          if (SeenObj.insert(L.Obj).second)
            Work.push_back(L.Obj);
      }
      for (const auto &[Call, Routines] : StartsOf)
        Starts.insert(Routines.begin(), Routines.end());
      for (const Function &F : M)
        if (!F.isDeclaration() &&
            (F.hasExternalLinkage() || Escaped.count(&F)) &&
            !Starts.count(&F) && !is_contained(TM.EnvConstructors, &F))
          TM.EnvEntries.push_back(&F);
    }
    DenseSet<const CallBase *> SiteSeen;
    DenseSet<const Function *> Visited;
    DenseSet<std::pair<const CallBase *, const Function *>> SiteEdges;
    for (TemplateId T = 0; T < TM.Templates.size(); ++T) {
      std::vector<const Function *> Work = TM.startFunctions(T);
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

  /// The source name of a callable a std::thread runs: the function, a
  /// function object's class, or the lambda's position.
  static std::string callableName(const Function &F) {
    std::string N = sourceNameOf(F);
    if (N != "operator()")
      return N;
    const DISubprogram *SP = F.getSubprogram();
    const auto *Cls =
        SP ? dyn_cast_or_null<DICompositeType>(SP->getScope()) : nullptr;
    if (Cls && !Cls->getName().empty() && !Cls->getName().starts_with("("))
      return Cls->getName().str() + "::operator()";
    if (SP)
      return "lambda@" + SP->getFilename().str() + ":" +
             std::to_string(SP->getLine());
    return N;
  }

  /// The name of a std::thread template: the user's callables that the
  /// state's _M_run reaches through library functions (std::__invoke,
  /// std::async's call_once), joined by '|' when one _M_run serves several
  /// (threads started from plain function pointers of one type share it),
  /// else `std::thread@file:line` of the construction.
  std::string cxxThreadName(const Function &Run, const SourceLoc &Loc) {
    // std:: functions, what the system headers define (gthr's
    // __gthread_once, the lambdas inside std::call_once) and what the
    // compiler makes (__clang_call_terminate) are walked through, not named.
    auto Library = [](const Function &F) {
      return isStdName(F.getName()) || !F.getSubprogram() || inSystemHeader(F);
    };
    std::vector<const Function *> Work{&Run};
    DenseSet<const Function *> Seen{&Run};
    std::vector<std::string> Names;
    for (size_t I = 0; I < Work.size() && I < 256; ++I)
      for (const Instruction &Inst : instructions(Work[I]))
        if (auto *CB = dyn_cast<CallBase>(&Inst)) {
          // As threads are discovered: callbacks, and the routines that
          // pthread_once runs (std::call_once in std::async's result).
          SmallVector<const Function *, 4> Callees;
          calledBy(*CB, Callees);
          for (const Function *F : Callees) {
            if (F->isDeclaration() || !Seen.insert(F).second)
              continue;
            if (Library(*F))
              Work.push_back(F);
            else if (!is_contained(Names, callableName(*F)))
              Names.push_back(callableName(*F));
          }
        }
    llvm::sort(Names);
    if (!Names.empty())
      return llvm::join(Names, "|");
    if (!Loc.known())
      return "std::thread";
    return "std::thread@" + sys::path::filename(Loc.File).str() + ":" +
           std::to_string(Loc.Line);
  }

  void addCreation(const CallBase &CB) {
    CreationSite S;
    S.Call = &CB;
    S.InFunction = CB.getFunction();
    S.Loc = sourceLocOf(CB);
    int HandleArg = 0;
    for (const Function *F : PTA.callees(CB)) {
      if (const CreateApi *C = lookupCreateApi(F->getName())) {
        HandleArg = C->HandleArg;
        S.HandleOperand = C->HandleArg;
        S.ArgOperand = C->ArgArg;
        S.Library = C->Library;
      } else if (isCxxStartThread(F->getName())) {
        // _M_start_thread(this, unique_ptr<_State> *, fn): _M_run's `this`
        // is the state object the unique_ptr holds.
        S.HandleOperand = 0;
        S.ArgOperand = 1;
        S.ArgLoaded = true;
      }
    }
    if (HandleArg >= 0 && unsigned(HandleArg) < CB.arg_size()) {
      ArrayRef<MemLoc> H = PTA.pointsTo(CB.getArgOperand(HandleArg));
      S.Handles.assign(H.begin(), H.end());
    }
    unsigned Idx = TM.Creations.size();
    bool Cxx = any_of(PTA.callees(CB), [](const Function *F) {
      return isCxxStartThread(F->getName());
    });
    for (const Function *R : StartsOf[&CB]) {
      std::string Name = Cxx ? cxxThreadName(*R, S.Loc) : sourceNameOf(*R);
      // Source names may repeat (overloads, two lambdas on one line).
      if (!TemplateOf.count(R)) {
        std::string Base = Name;
        for (unsigned N = 2;
             any_of(TM.Templates,
                    [&](const ThreadTemplate &T) { return T.Name == Name; });
             ++N)
          Name = Base + "#" + std::to_string(N);
      }
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
    CreationSite &Added = TM.Creations.back();
    if (const Value *Passed = startRoutineArgument(Added, PTA)) {
      Added.ArgObjects = passedObjects(PTA, Passed);
      Added.ArgParam = parameterIndex(rootBase(Passed), Added.InFunction);
    }
  }

  /// Multiplicities: a fixpoint over call sites, creations and templates.
  void computeMultiplicity() {
    // The environment calls its entries again and again.
    for (const Function *F : TM.EnvEntries)
      RunsMany[F] = true;
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
        // A library runs what it is given as often as it likes.
        bool Loop = S.Library || InCycle.lookup(S.Call->getParent()) ||
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

  /// Stack objects and thread-local globals reachable from globals, heap,
  /// unknown memory or a thread argument may be used by another thread.
  void computeEscapes() {
    std::vector<ObjectId> Work;
    std::vector<bool> Seen(TM.Objects.size(), false);
    // Locals whose address stays in their frame never escape, whatever
    // merged points-to sets reach them ("uncaptured-stack").
    for (const AllocaInst *AI : findUncapturedAllocas(M)) {
      ObjectId O = PTA.objectFor(AI);
      if (O < Seen.size() && TM.Objects[O].Kind == ObjectKind::Stack)
        Seen[O] = true;
    }
    auto Push = [&](ObjectId O) {
      if (O < Seen.size() && !Seen[O]) {
        Seen[O] = true;
        Work.push_back(O);
      }
    };
    // A library's per-thread state (errno) is reached only through its
    // function's result in the calling thread, like a thread-local global.
    for (const MemObject &O : TM.Objects)
      if (((O.Kind == ObjectKind::Global || O.Kind == ObjectKind::External) &&
           !O.ThreadLocal) ||
          O.Kind == ObjectKind::Heap)
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
    // Unresolved pointers may reach these (compromise "points-to-budget").
    for (ObjectId O : PTA.unresolvedTargets())
      Push(O);
    // Unknown functions may hand these to any thread.
    for (ObjectId O : PTA.escapedObjects())
      Push(O);
    while (!Work.empty()) {
      ObjectId O = Work.back();
      Work.pop_back();
      if (TM.Objects[O].Kind == ObjectKind::Stack)
        Ctx.EscapedStack.insert(O);
      TM.Objects[O].ThreadLocalEscapes = TM.Objects[O].ThreadLocal;
      for (const MemLoc &L : PTA.contentOf({O, AnyOffset}))
        Push(L.Obj);
    }
  }

  /// tls-confined-heap (docs/design-threadmodel.md): a heap object that
  /// only thread-local globals (whose address does not escape), private
  /// stack slots and itself point to, that no creation is handed, no
  /// unknown function reaches and no pointer past the budget may reach,
  /// and whose holders' addresses go to no function without a body, is
  /// reached only by the thread that stored it (`static __thread char
  /// *buf; if (!buf) buf = malloc(64);`): thread-local, as errno's object.
  void findTlsConfinedHeap() {
    DenseMap<ObjectId, SmallVector<ObjectId, 2>> Holders;
    for (const MemObject &O : TM.Objects)
      for (const MemLoc &L : PTA.contentOf({O.Id, AnyOffset}))
        if (L.Obj < TM.Objects.size() &&
            TM.Objects[L.Obj].Kind == ObjectKind::Heap &&
            !is_contained(Holders[L.Obj], O.Id))
          Holders[L.Obj].push_back(O.Id);
    DenseSet<ObjectId> Reached;
    for (ObjectId O : PTA.escapedObjects())
      Reached.insert(O);
    for (ObjectId O : PTA.unresolvedTargets())
      Reached.insert(O);
    for (const CreationSite &S : TM.Creations)
      for (const Use &A : S.Call->args())
        if (A->getType()->isPointerTy())
          for (const MemLoc &L : PTA.pointsTo(A.get()))
            Reached.insert(L.Obj);
    // Objects whose address a function without a body is given: it may
    // copy the pointers they hold anywhere (write(fd, &buf, 8)).
    DenseSet<ObjectId> ToExternal;
    for (const auto &[F, Ts] : FuncTemplates)
      for (const Instruction &I : instructions(*F))
        if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<IntrinsicInst>(CB))
          for (const Function *Callee : PTA.callees(*CB))
            if (Callee->isDeclaration())
              for (const Use &A : CB->args())
                if (A->getType()->isPointerTy())
                  for (const MemLoc &L : PTA.pointsTo(A.get()))
                    ToExternal.insert(L.Obj);
    for (auto &[H, Hs] : Holders) {
      MemObject &O = TM.Objects[H];
      if (O.ThreadLocal || Reached.count(H))
        continue;
      bool Tls = false, Ok = true;
      for (ObjectId X : Hs) {
        const MemObject &Y = TM.Objects[X];
        bool TlsGlobal = Y.Kind == ObjectKind::Global && Y.ThreadLocal &&
                         !Y.ThreadLocalEscapes;
        bool Private =
            Y.Kind == ObjectKind::Stack && !Ctx.EscapedStack.count(X);
        Tls |= TlsGlobal;
        Ok &= (X == H || TlsGlobal || Private) && !ToExternal.count(X) &&
              !Reached.count(X);
      }
      if (Ok && Tls)
        O.ThreadLocal = true;
    }
  }

  /// CreationSite::MaxRuns, one analysis per creating function.
  void computeMaxRuns() {
    std::map<const Function *, std::vector<unsigned>> SitesOf;
    for (unsigned I = 0; I < TM.Creations.size(); ++I) {
      const CreationSite &S = TM.Creations[I];
      if (S.InLoop && S.Call && !RunsMany.lookup(S.InFunction))
        SitesOf[S.Call->getFunction()].push_back(I);
    }
    for (const auto &[F, Sites] : SitesOf) {
      std::vector<const CallBase *> Calls;
      for (unsigned I : Sites)
        Calls.push_back(TM.Creations[I].Call);
      std::vector<unsigned> Runs = maxRunsInOutermostLoop(Calls);
      for (size_t K = 0; K < Sites.size(); ++K)
        TM.Creations[Sites[K]].MaxRuns = Runs[K];
    }
  }

  /// Join loops that join every thread of a counted create loop: where
  /// they leave, Ctx.JoinAllAt (docs/design-threadmodel.md, "join-loop").
  void computeJoinLoops() {
    auto Named = [](const CallBase &CB, StringRef A, StringRef B) {
      const Function *F = CB.getCalledFunction();
      return F && (F->getName() == A || F->getName() == B);
    };
    std::map<const Function *,
             std::vector<std::pair<unsigned, const CallBase *>>>
        SitesOf;
    for (unsigned I = 0; I < TM.Creations.size(); ++I) {
      const CreationSite &S = TM.Creations[I];
      if (S.InLoop && S.Call && !RunsMany.lookup(S.InFunction) &&
          Named(*S.Call, "pthread_create", "thrd_create"))
        SitesOf[S.Call->getFunction()].push_back({I, S.Call});
    }
    for (const auto &[F, Sites] : SitesOf) {
      std::vector<const CallBase *> Joins, HelperCalls;
      for (const Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I)) {
          const Function *Callee = CB->getCalledFunction();
          if (Callee && isJoinFunction(*Callee))
            Joins.push_back(CB);
          else if (Callee && Callee != F && isa<CallInst>(CB) &&
                   isJoinHelper(*Callee))
            HelperCalls.push_back(CB);
        }
      if (!F->getParent())
        continue;
      if (!HelperCalls.empty())
        for (const JoinAllPoint &P :
             findHelperJoinAllLoops(*F, Sites, HelperCalls))
          Ctx.JoinAllAfter[P.After].push_back(P);
      if (Joins.empty())
        continue;
      // One copy with promoted locals for both analyses.
      PromotedCopy PC(*const_cast<Function *>(F));
      for (const JoinAllPoint &P : findJoinAllLoops(PC, Sites, Joins))
        Ctx.JoinAllAt[P.At].push_back(P);
      for (JoinedInstanceAccess &X :
           findJoinedInstanceAccesses(PC, Sites, Joins))
        JoinedInstanceAt.push_back(X);
    }
    computeCxxJoinLoops();
  }

  /// Accesses after a join, through the record of the thread it joined
  /// (findJoinedInstanceAccesses), for markJoinedInstances.
  std::vector<JoinedInstanceAccess> JoinedInstanceAt;

  /// Per creation site: whether nothing but it stores a thread id where it
  /// stores them (no other creation site, no write but the creation itself
  /// on those objects), so a join of its handle waits for its thread.
  /// free ends the memory of the ids it is given: no later join may read
  /// them, so it overwrites none.
  static bool isFree(const Function *F) {
    return F && F->isDeclaration() && F->getName() == "free";
  }
  static bool isFreeCall(const Instruction *I) {
    auto *CB = dyn_cast_or_null<CallBase>(I);
    return CB && isFree(CB->getCalledFunction());
  }

  /// Whether W, a write at L, may change the thread id stored at Handle:
  /// a store whose bytes meet the id's (8 bytes: pthread_t, thrd_t), or any
  /// other write into its object (a memcpy, a library call: their extent is
  /// not known here). A record's other fields (`w[i].sum` beside
  /// `w[i].tid`) are not the id.
  bool mayOverwriteHandle(const Instruction &W, const MemLoc &L,
                          const MemLoc &Handle) const {
    if (L.Obj != Handle.Obj)
      return false;
    auto *SI = dyn_cast<StoreInst>(&W);
    if (!SI || L.Offset == AnyOffset || Handle.Offset == AnyOffset)
      return true;
    const DataLayout &DL = M.getDataLayout();
    int64_t Size =
        DL.getTypeStoreSize(SI->getValueOperand()->getType()).getFixedValue();
    return L.Offset < Handle.Offset + 8 && Handle.Offset < L.Offset + Size;
  }

  std::vector<bool> handlesHoldOnlyTheirSite() const {
    std::vector<bool> Valid(TM.Creations.size(), true);
    std::map<ObjectId, std::vector<unsigned>> SitesOn;
    for (unsigned I = 0; I < TM.Creations.size(); ++I)
      for (const MemLoc &L : TM.Creations[I].Handles)
        if (SitesOn[L.Obj].empty() || SitesOn[L.Obj].back() != I)
          SitesOn[L.Obj].push_back(I);
    for (const auto &[O, Sites] : SitesOn)
      if (Sites.size() > 1 || Ctx.DirtyHandles.count(O))
        for (unsigned I : Sites)
          Valid[I] = false;
    for (const Access &A : TM.Accesses) {
      if (!A.IsWrite || isFreeCall(A.Inst))
        continue;
      for (const MemLoc &L : A.Locs) {
        auto It = SitesOn.find(L.Obj);
        if (It == SitesOn.end())
          continue;
        for (unsigned I : It->second)
          if (A.Inst != TM.Creations[I].Call &&
              (!A.Inst || any_of(TM.Creations[I].Handles, [&](const MemLoc &H) {
                return mayOverwriteHandle(*A.Inst, L, H);
              })))
            Valid[I] = false;
      }
    }
    return Valid;
  }

  /// joined-instance (docs/design-threadmodel.md): an access after a join,
  /// through the record handed to the thread joined, touches only memory
  /// of that one instance, when the join waits for that site's thread and
  /// every object the access may touch is owned per instance by each
  /// template the site starts; or (joined-index) at the bytes of the
  /// per-instance-index window of that instance, when every access of the
  /// site's one template to the object is per-instance-indexed and the
  /// instances' windows do not overlap.
  void markJoinedInstances() {
    if (JoinedInstanceAt.empty())
      return;
    std::vector<bool> Valid = handlesHoldOnlyTheirSite();
    DenseMap<const Instruction *, std::vector<AccessId>> AccessesAt;
    for (const Access &A : TM.Accesses)
      AccessesAt[A.Inst].push_back(A.Id);
    for (const JoinedInstanceAccess &X : JoinedInstanceAt) {
      const CreationSite &CS = TM.Creations[X.Creation];
      if (!Valid[X.Creation] || CS.Targets.empty() || CS.Library ||
          (X.Base && !indexWindowsDisjoint(X)))
        continue;
      ObjectId Obj = X.Base ? PTA.objectFor(X.Base) : InvalidObject;
      for (AccessId Id : AccessesAt.lookup(X.Inst)) {
        Access &A = TM.Accesses[Id];
        if (!A.Unresolved && !A.Locs.empty() &&
            all_of(A.Locs, [&](const MemLoc &L) {
              return X.Base ? L.Obj == Obj
                            : all_of(CS.Targets, [&](TemplateId T) {
                                return TM.Objects[L.Obj].ownedPerInstance(T);
                              });
            }))
          A.JoinedInstance = int32_t(X.Creation);
      }
    }
  }

  /// joined-index: the site starts one template, only it starts that
  /// template, its instances get their index from it, and every access of
  /// the template to X's object is at its instance's index, within one
  /// window per instance that also holds X's bytes (all relative to
  /// Stride * k), no wider than the stride: the instance joined in
  /// iteration k is the only one that touches X's bytes.
  bool indexWindowsDisjoint(const JoinedInstanceAccess &X) const {
    const CreationSite &CS = TM.Creations[X.Creation];
    if (CS.Targets.size() != 1 || CS.ParamVar == NoDataVar ||
        TM.Templates[CS.Targets[0]].CreatedBy !=
            std::vector<unsigned>{X.Creation} ||
        X.Stride == 0)
      return false;
    TemplateId T = CS.Targets[0];
    ObjectId Obj = PTA.objectFor(X.Base);
    if (Obj == InvalidObject)
      return false;
    int64_t Lo = X.Offset, Hi = X.Offset + X.Size;
    for (const Access &Y : TM.Accesses) {
      if (none_of(Y.Locs, [&](const MemLoc &L) { return L.Obj == Obj; }))
        continue;
      auto Ts = FuncTemplates.find(Y.Inst ? Y.Inst->getFunction() : nullptr);
      if (Ts == FuncTemplates.end() || !is_contained(Ts->second, T))
        continue;
      // Y touches IndexScale * (C0 + C1 * k) + [IndexLo, IndexHi).
      int64_t Base, YStride, YLo, YHi;
      if (Y.IndexVar != CS.ParamVar ||
          __builtin_mul_overflow(Y.IndexScale, X.C1, &YStride) ||
          YStride != X.Stride ||
          __builtin_mul_overflow(Y.IndexScale, X.C0, &Base) ||
          __builtin_add_overflow(Base, Y.IndexLo, &YLo) ||
          __builtin_add_overflow(Base, Y.IndexHi, &YHi))
        return false;
      Lo = std::min(Lo, YLo);
      Hi = std::max(Hi, YHi);
    }
    int64_t Width;
    return !__builtin_sub_overflow(Hi, Lo, &Width) &&
           Width <= (X.Stride < 0 ? -X.Stride : X.Stride);
  }

  /// Range-for loops that join every std::thread of a local container
  /// (docs/design-threadmodel.md, "cxx-join-loop"). A site qualifies only
  /// if no other site creates its templates: the action joins every
  /// instance of the templates, wherever their ids were moved.
  void computeCxxJoinLoops() {
    std::vector<std::pair<unsigned, const Function *>> Sites;
    for (unsigned I = 0; I < TM.Creations.size(); ++I) {
      const CreationSite &S = TM.Creations[I];
      const Function *Callee = S.Call ? S.Call->getCalledFunction() : nullptr;
      if (!Callee || !isCxxStartThread(Callee->getName()) ||
          S.Targets.empty() || any_of(S.Targets, [&](TemplateId T) {
            return TM.Templates[T].CreatedBy != std::vector<unsigned>{I};
          }))
        continue;
      Sites.push_back({I, S.InFunction});
    }
    if (Sites.empty())
      return;
    std::map<const Function *, std::vector<const CallBase *>> JoinsIn;
    for (Function &F : M)
      for (const Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction();
              Callee && Callee->getName() == "_ZNSt6thread4joinEv")
            JoinsIn[&F].push_back(CB);
    for (const auto &[F, Joins] : JoinsIn) {
      // One thread that runs once runs the loop.
      auto Ts = FuncTemplates.find(F);
      if (Ts == FuncTemplates.end() || Ts->second.size() != 1 ||
          TM.Templates[Ts->second[0]].Mult != Multiplicity::Once)
        continue;
      // A local container's function must run once, so the instances the
      // loop joins are all of them; thread entries run once only if their
      // template does.
      if (!RunsMany.lookup(F))
        for (const JoinAllPoint &P :
             findCxxContainerJoinLoops(*F, Sites, Joins))
          Ctx.JoinAllAt[P.At].push_back(P);
      // cxx-member-join-loop: a member of one object keeps the ids of every
      // run of the loop's function; the entry runs in the same thread.
      for (const MemberJoinLoop &ML : findCxxMemberJoinLoops(*F, Sites, Joins))
        if (FuncTemplates.lookup(ML.Entry) == Ts->second &&
            memberKeepsThreads(ML, *F, PTA, TM.Objects))
          Ctx.JoinAllAt[ML.Point.At].push_back(ML.Point);
    }
  }

  /// A join loop joins every instance of its site only if nothing else
  /// stores a thread id where the site stores them: no other creation site
  /// and no write (but the creation itself) may touch those objects.
  /// Otherwise its JoinAll action becomes an internal step.
  void validateJoinLoops() {
    if (Ctx.JoinAllAt.empty() && Ctx.JoinAllAfter.empty())
      return;
    std::vector<bool> Valid = handlesHoldOnlyTheirSite();
    for (FunctionGraph &G : TM.Functions)
      for (ActionEdge &E : G.Edges)
        if (E.A.Kind == ActionKind::Join && E.A.JoinAll && !E.A.AllInstances &&
            !Valid[E.A.Creation]) {
          E.A = Action();
          E.A.Kind = ActionKind::Internal;
        }
  }

  /// handle-overwritten (see docs/design-threadmodel.md): a handle object
  /// written by anything but its creations (a store, even to a private
  /// local such as `t = t2`, a memset or memcpy, an unknown function given
  /// its address) may hold another thread's id, or none, when it is
  /// joined. Writes that precede every creation into it (`pthread_t t =
  /// 0;` in a function that runs once) do not count.
  void findDirtyHandles() {
    DenseMap<ObjectId, SmallVector<MemLoc, 2>> Handles;
    DenseMap<ObjectId, SmallVector<const Instruction *, 2>> CreatesInto;
    for (const CreationSite &C : TM.Creations)
      for (const MemLoc &L : C.Handles) {
        Handles[L.Obj].push_back(L);
        CreatesInto[L.Obj].push_back(C.Call);
      }
    if (Handles.empty())
      return;
    auto Written = [&](const Instruction &W, const Value *Ptr) {
      for (const MemLoc &L : PTA.pointsTo(Ptr)) {
        auto H = Handles.find(L.Obj);
        if (H == Handles.end() || Ctx.DirtyHandles.count(L.Obj) ||
            none_of(H->second, [&](const MemLoc &Handle) {
              return mayOverwriteHandle(W, L, Handle);
            }))
          continue;
        const auto &Cs = CreatesInto[L.Obj];
        const Function *F = W.getFunction();
        bool Before =
            !RunsMany.lookup(F) && all_of(Cs, [&](const Instruction *C) {
              return C->getFunction() == F;
            });
        if (Before) {
          SmallVector<const Instruction *, 2> After;
          for (const Instruction *C : Cs)
            After.push_back(C->getNextNode());
          Before = !reachableAfter(After, nullptr).count(&W);
        }
        if (!Before)
          Ctx.DirtyHandles.insert(L.Obj);
      }
      if (PTA.unresolved(Ptr))
        for (const auto &[O, Hs] : Handles)
          Ctx.DirtyHandles.insert(O);
    };
    for (const Function &F : M) {
      // libstdc++'s own writes of a std::thread's id (its constructor's
      // `_M_id = id()`, move assignment) are not counted: compromise
      // "handle-overwritten-cxx".
      if (F.getName().starts_with("_ZNSt") || F.getName().starts_with("_ZSt"))
        continue;
      for (const Instruction &I : instructions(F)) {
        if (auto *SI = dyn_cast<StoreInst>(&I)) {
          Written(I, SI->getPointerOperand());
        } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
          Written(I, MI->getRawDest());
        } else if (auto *CB = dyn_cast<CallBase>(&I)) {
          if (Ctx.CreationOf.count(CB) || isa<IntrinsicInst>(CB))
            continue;
          // Defined callees' own stores are seen where they are; library
          // functions other than the threading API may write what they
          // are given. Registering an exit handler writes nothing (a
          // static std::thread's object passed to __cxa_atexit).
          for (const Function *G : PTA.callees(*CB)) {
            if (!G->isDeclaration() || lookupSyncApi(G->getName()) ||
                G->getName().starts_with("pthread_") ||
                G->getName().starts_with("_ZNSt") || isFree(G) ||
                is_contained({"__cxa_atexit", "__cxa_thread_atexit", "atexit",
                              "on_exit"},
                             G->getName()))
              continue;
            for (const Use &A : CB->args())
              if (A->getType()->isPointerTy())
                Written(I, A.get());
          }
        }
      }
    }
  }

  /// joinable-test (docs/design-threadmodel.md): the std::thread handles
  /// some call may hand to a function other than their own start, join,
  /// joinable, detach, get_id and destructor (and libstdc++'s helpers
  /// those call on them) or a defined function of the program, whose own
  /// calls are checked here too.
  /// std::jthread's members that leave its std::thread where it is (not
  /// its move, swap or assignment), and std::stop_source's and
  /// std::stop_token's, which touch only the stop state before it.
  static bool keepsJthreadId(StringRef N) {
    return N.starts_with("_ZNSt7jthreadC1I") ||
           N.starts_with("_ZNSt7jthreadC2I") ||
           N.starts_with("_ZNSt7jthread9_S_createI") ||
           N == "_ZNSt7jthreadC1Ev" || N == "_ZNSt7jthreadC2Ev" ||
           N == "_ZNSt7jthreadD1Ev" || N == "_ZNSt7jthreadD2Ev" ||
           N == "_ZNSt7jthread4joinEv" || N == "_ZNSt7jthread6detachEv" ||
           N == "_ZNKSt7jthread8joinableEv" || N == "_ZNKSt7jthread6get_idEv" ||
           N == "_ZNSt7jthread12request_stopEv" ||
           N == "_ZNSt7jthread15get_stop_sourceEv" ||
           N == "_ZNKSt7jthread14get_stop_tokenEv" ||
           N.starts_with("_ZNSt11stop_source") ||
           N.starts_with("_ZNKSt11stop_source") ||
           N.starts_with("_ZNSt10stop_token") ||
           N.starts_with("_ZNKSt10stop_token");
  }

  void findMovedCxxHandles() {
    DenseSet<ObjectId> Handles;
    for (const CreationSite &C : TM.Creations)
      if (C.Call && C.Call->getCalledFunction() &&
          isCxxStartThread(C.Call->getCalledFunction()->getName()))
        for (const MemLoc &L : C.Handles)
          Handles.insert(L.Obj);
    if (Handles.empty())
      return;
    auto KeepsId = [](const Function &G) {
      StringRef N = G.getName();
      return N.starts_with("_ZNSt6threadC1I") ||
             N.starts_with("_ZNSt6threadC2I") || N == "_ZNSt6threadC1Ev" ||
             N == "_ZNSt6threadC2Ev" || N == "_ZNSt6threadD1Ev" ||
             N == "_ZNSt6threadD2Ev" || N == "_ZNSt6thread4joinEv" ||
             N == "_ZNSt6thread6detachEv" || N == "_ZNKSt6thread8joinableEv" ||
             N == "_ZNKSt6thread6get_idEv" || N == "_ZNSt6thread2idC1Ev" ||
             N == "_ZNSt6thread2idC2Ev" || N == "_ZNSt6threadaSEOS_" ||
             isCxxStartThread(N) || keepsJthreadId(N) ||
             (!G.isDeclaration() && !isStdName(N));
    };
    for (const Function &F : M) {
      // Those functions' own work on the object (joinable's copy of the
      // id) is libstdc++'s, as handle-overwritten-cxx takes it.
      if (isStdName(F.getName()) && KeepsId(F))
        continue;
      for (const Instruction &I : instructions(F)) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB || isa<DbgInfoIntrinsic>(CB) || CB->isLifetimeStartOrEnd())
          continue;
        SmallVector<const Function *, 2> Callees;
        if (const Function *G = CB->getCalledFunction())
          Callees.push_back(G);
        else
          append_range(Callees, PTA.callees(*CB));
        bool Known =
            !Callees.empty() &&
            all_of(Callees, [&](const Function *G) { return KeepsId(*G); });
        if (Known)
          continue;
        for (const Use &A : CB->args()) {
          if (!A->getType()->isPointerTy())
            continue;
          // An unresolved pointer may be any of them.
          if (PTA.unresolved(A.get()))
            Ctx.MovedCxxHandles.insert(Handles.begin(), Handles.end());
          for (const MemLoc &L : PTA.pointsTo(A.get()))
            if (Handles.contains(L.Obj))
              Ctx.MovedCxxHandles.insert(L.Obj);
        }
      }
    }
    for (ObjectId O : PTA.unresolvedTargets())
      if (Handles.contains(O))
        Ctx.MovedCxxHandles.insert(O);
  }

  /// A local, or a heap object named by its allocation call (an allocator
  /// or allocation wrapper; not a clone by calling context), is one
  /// runtime object when its site runs at most once: in a function run by
  /// one once-template, called once, outside any cycle (heap-once in
  /// docs/design-threadmodel.md); for a heap object, not a library's
  /// environment.
  void computeSingletons() {
    for (MemObject &O : TM.Objects) {
      const Instruction *Site = nullptr;
      if (O.Kind == ObjectKind::Stack)
        Site = dyn_cast_or_null<AllocaInst>(O.Site);
      else if (O.Kind == ObjectKind::Heap)
        Site = dyn_cast_or_null<CallBase>(O.Site);
      if (!Site)
        continue;
      const Function *F = Site->getFunction();
      auto It = FuncTemplates.find(F);
      bool OneTemplate = It != FuncTemplates.end() && It->second.size() == 1;
      // A library's callers may call an entry any number of times: each
      // call allocates anew, whatever env-root says of its threads.
      bool EnvHeap = OneTemplate && O.Kind == ObjectKind::Heap &&
                     !TM.Templates[It->second.front()].Entry;
      // A local is one object while at most one activation of its function
      // is live: one thread instance runs it, not recursively (a library's
      // callers call its entries one after another).
      bool OneLive =
          O.Kind == ObjectKind::Stack && OneTemplate &&
          TM.Templates[It->second.front()].Mult == Multiplicity::Once &&
          !Recursive.count(F);
      O.Singleton = OneTemplate && !EnvHeap &&
                    (OneLive || !RunsMany.lookup(F)) &&
                    !InCycle.lookup(Site->getParent());
      if (!O.Singleton && O.Kind == ObjectKind::Heap &&
          !InCycle.lookup(Site->getParent()) && runsOnce(*F))
        O.Singleton = true;
    }
  }

  /// once-heap: F runs at most once per process: it is called only by
  /// pthread_once (or another once API) with one once control, is no
  /// entry of a library's environment, and is not recursive. LevelDB's
  /// `Env::Default()` makes its one PosixEnv in such a routine; taken as
  /// many objects, its `this->mu_` protected nothing.
  bool runsOnce(const Function &F) {
    // Other uses of its address: a call through a pointer is among its
    // call sites, an escape makes it an entry.
    if (Recursive.count(&F) || is_contained(TM.EnvEntries, &F))
      return false;
    auto It = CallSites.find(&F);
    if (It == CallSites.end() || It->second.empty())
      return false;
    std::optional<MemLoc> Control;
    for (const CallBase *CB : It->second) {
      bool Once = false;
      for (const Function *G : PTA.callees(*CB))
        if (const SyncApi *Api = lookupSyncApi(G->getName()))
          Once |= Api->Kind == ActionKind::Once;
      if (!Once || CB->arg_size() < 2)
        return false;
      ArrayRef<MemLoc> Ctl = PTA.pointsTo(CB->getArgOperand(0));
      if (Ctl.size() != 1 || Ctl[0].Obj >= TM.Objects.size() ||
          TM.Objects[Ctl[0].Obj].Kind != ObjectKind::Global ||
          (Control && *Control != Ctl[0]))
        return false;
      Control = Ctl[0];
    }
    return true;
  }

  /// Functions on a cycle of the call graph (calls through pointers
  /// included), from the call sites the template discovery recorded.
  void findRecursive() {
    std::vector<const Function *> Fns;
    DenseMap<const Function *, unsigned> Index;
    for (const auto &[F, Ts] : FuncTemplates) {
      Index[F] = Fns.size();
      Fns.push_back(F);
    }
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> G(
        Fns.size());
    for (const auto &[Callee, Sites] : CallSites)
      for (const CallBase *CB : Sites) {
        auto From = Index.find(CB->getFunction());
        auto To = Index.find(Callee);
        if (From == Index.end() || To == Index.end())
          continue;
        boost::add_edge(From->second, To->second, G);
        if (From->second == To->second)
          Recursive.insert(Callee);
      }
    std::vector<unsigned> Comp(Fns.size());
    unsigned N = boost::strong_components(
        G, boost::make_iterator_property_map(
               Comp.begin(), boost::get(boost::vertex_index, G)));
    std::vector<unsigned> Size(N, 0);
    for (unsigned C : Comp)
      ++Size[C];
    for (unsigned I = 0; I < Fns.size(); ++I)
      if (Size[Comp[I]] > 1)
        Recursive.insert(Fns[I]);
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
    // glibc's PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP: __kind (the int at
    // byte 16 of pthread_mutex_t on Linux) is PTHREAD_MUTEX_RECURSIVE.
    const DataLayout &DL = M.getDataLayout();
    for (const GlobalVariable &GV : M.globals()) {
      auto *ST = dyn_cast<StructType>(GV.getValueType());
      if (!ST || !ST->hasName() || !GV.hasInitializer() ||
          ST->getName() != "union.pthread_mutex_t")
        continue;
      Constant *Kind = ConstantFoldLoadFromConst(
          const_cast<Constant *>(GV.getInitializer()),
          Type::getInt32Ty(M.getContext()), APInt(64, 16), DL);
      auto *K = dyn_cast_or_null<ConstantInt>(Kind);
      ObjectId O = PTA.objectFor(&GV);
      if (K && K->getZExtValue() == 1 && O != InvalidObject)
        Ctx.RecursiveLocks.insert(O);
    }
    for (const CallBase *CB : Inits)
      if (any_of(PTA.pointsTo(CB->getArgOperand(1)),
                 [&](const MemLoc &L) { return RecursiveAttrs.count(L.Obj); }))
        for (const MemLoc &L : PTA.pointsTo(CB->getArgOperand(0)))
          Ctx.RecursiveLocks.insert(L.Obj);
  }

  /// Whether a value loaded from local slot AI reaches, through casts and
  /// as an array index, the argument of a thread creation (`(void *)i`,
  /// `&args[i]`): the creating loop's counter, which instance indices read.
  static bool handedToCreation(const AllocaInst &AI) {
    SmallVector<std::pair<const Value *, unsigned>, 8> Work;
    for (const User *U : AI.users())
      if (isa<LoadInst>(U))
        Work.push_back({U, 0});
    while (!Work.empty()) {
      auto [V, Depth] = Work.pop_back_val();
      if (Depth > 4)
        continue;
      for (const Use &U : V->uses()) {
        const User *W = U.getUser();
        if (auto *CB = dyn_cast<CallBase>(W)) {
          const Function *F = CB->getCalledFunction();
          const CreateApi *Api = F ? lookupCreateApi(F->getName()) : nullptr;
          if (Api && Api->ArgArg >= 0 && CB->isArgOperand(&U) &&
              CB->getArgOperandNo(&U) == unsigned(Api->ArgArg))
            return true;
        } else if (isa<CastInst>(W) ||
                   (isa<GetElementPtrInst>(W) && U.getOperandNo() > 0)) {
          Work.push_back({W, Depth + 1});
        }
      }
    }
    return false;
  }

  /// pointer-flag: a global pointer whose address is only loaded from and
  /// stored to (plainly), and that some load tests against NULL (`while
  /// (head == NULL) wait`): the model checker tracks whether it is NULL,
  /// NULL stores setting it to 0 and any other store to unknown.
  static bool pointerFlag(const GlobalVariable &GV) {
    if (!GV.getValueType()->isPointerTy() || GV.isThreadLocal() ||
        !GV.hasInitializer() || GV.isConstant() || GV.use_empty())
      return false;
    bool Tested = false;
    for (const User *U : GV.users()) {
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getPointerOperand() != &GV || !SI->isSimple() ||
            !SI->getValueOperand()->getType()->isPointerTy())
          return false;
        continue;
      }
      auto *LI = dyn_cast<LoadInst>(U);
      if (!LI || !LI->isSimple() || !LI->getType()->isPointerTy())
        return false;
      for (const User *LU : LI->users())
        if (auto *Cmp = dyn_cast<ICmpInst>(LU))
          Tested = Tested || (Cmp->isEquality() &&
                              (isa<ConstantPointerNull>(Cmp->getOperand(0)) ||
                               isa<ConstantPointerNull>(Cmp->getOperand(1))));
    }
    return Tested;
  }

  /// Integer globals and non-escaping integer locals that are only assigned
  /// constants or incremented by constants, and only compared with
  /// constants (flags, state variables, loop counters).
  void findFlags() {
    auto Track = [&](const Value *Slot, ObjectId O, bool NonNeg) {
      DataVar V;
      V.Id = TM.DataVars.size();
      V.IsMemory = true;
      V.Loc = {O, 0};
      V.Value = Slot;
      V.Name = TM.Objects[O].Name;
      Ctx.FlagVars[Slot] = V.Id;
      if (NonNeg)
        Ctx.NonNegative.insert(V.Id);
      TM.DataVars.push_back(std::move(V));
    };
    for (GlobalVariable &GV : M.globals()) {
      if (pointerFlag(GV)) {
        ObjectId O = PTA.objectFor(&GV);
        if (O != InvalidObject)
          Track(&GV, O, false);
        continue;
      }
      // An integer, or a struct of one (C11's atomic_flag).
      Type *Ty = GV.getValueType();
      if (auto *ST = dyn_cast<StructType>(Ty); ST && ST->getNumElements() == 1)
        Ty = ST->getElementType(0);
      if (!Ty->isIntegerTy() || GV.isThreadLocal() || !GV.hasInitializer() ||
          Ty->isIntegerTy(1) || Ty->getIntegerBitWidth() > 64)
        continue;
      bool Ok = !GV.use_empty(), Compared = false;
      bool NonNeg = true;
      if (auto *Init = dyn_cast<ConstantInt>(GV.getInitializer()))
        NonNeg = !Init->isNegative();
      for (const User *U : GV.users())
        Ok = Ok && flagUseOk(*U, &GV, Ty, NonNeg, Compared);
      ObjectId O = PTA.objectFor(&GV);
      if (Ok && Compared && O != InvalidObject)
        Track(&GV, O, NonNeg);
    }
    // Locals: only loaded and stored (the address never escapes), every
    // store a counter store, and some load compared with a constant. Other
    // uses of the loaded value (an array index) are fine: they do not
    // change it.
    for (const Function &F : M) {
      if (!FuncTemplates.count(&F))
        continue;
      for (const Instruction &I : instructions(F)) {
        auto *AI = dyn_cast<AllocaInst>(&I);
        if (!AI || !AI->getAllocatedType()->isIntegerTy() ||
            AI->getAllocatedType()->isIntegerTy(1) || AI->isArrayAllocation())
          continue;
        bool Ok = true, Compared = false, Stored = false, NonNeg = true;
        for (const User *U : AI->users()) {
          if (auto *SI = dyn_cast<StoreInst>(U)) {
            // Also a comparison's result (`ok = !busy`) or an atomic
            // result (a compare-exchange's `expected`): an Assign.
            const Value *V = SI->getValueOperand();
            auto *Z = dyn_cast<ZExtInst>(V);
            const Value *B = Z ? Z->getOperand(0) : nullptr;
            bool Bool = B && B->getType()->isIntegerTy(1) &&
                        (isa<ICmpInst>(B) || isa<BinaryOperator>(B) ||
                         isa<ExtractValueInst>(B));
            const Value *Copied = nullptr;
            if (SI->getPointerOperand() == AI && copySlotOf(*SI))
              Copied =
                  cast<LoadInst>(V)->getPointerOperand()->stripPointerCasts();
            auto CopiedVar =
                Copied ? Ctx.FlagVars.find(Copied) : Ctx.FlagVars.end();
            if (CopiedVar != Ctx.FlagVars.end())
              // A copy of a tracked variable: its value, and its sign.
              NonNeg = NonNeg && Ctx.NonNegative.count(CopiedVar->second);
            else if (SI->getPointerOperand() == AI &&
                     (Bool || atomicResultOf(V)))
              NonNeg = NonNeg && Bool;
            else
              Ok = Ok && flagStoreOk(*SI, AI, NonNeg);
            Stored = true;
          } else if (auto *LI = dyn_cast<LoadInst>(U)) {
            for (const User *LU : LI->users()) {
              auto *Cmp = dyn_cast<ICmpInst>(LU);
              if (Cmp && !isa<ConstantInt>(Cmp->getOperand(0)) &&
                  !isa<ConstantInt>(Cmp->getOperand(1)))
                // Compared with another variable: its branches may not be
                // decided, and the count then runs on in the model. Only
                // a counter handed to the threads it starts is worth that.
                Ok = Ok && handedToCreation(*AI);
              auto *CX = dyn_cast<AtomicCmpXchgInst>(LU);
              Compared =
                  Compared || Cmp ||
                  (isa<TruncInst>(LU) && LU->getType()->isIntegerTy(1)) ||
                  (CX && CX->getCompareOperand() == LI);
            }
          } else if (auto *II = dyn_cast<IntrinsicInst>(U)) {
            Ok =
                Ok && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II));
          } else {
            Ok = false;
          }
        }
        // A -O0 temporary of an atomic result is followed to it instead
        // (FunctionGraphBuilder::trackedVarOf).
        const Value *Single = singleStoredValue(AI);
        if (Single && atomicResultOf(Single))
          continue;
        ObjectId O = PTA.objectFor(AI);
        if (Ok && Compared && Stored && O != InvalidObject &&
            !Ctx.EscapedStack.count(O))
          Track(AI, O, NonNeg);
      }
    }
    // Fields of globals the refinement asks for (DataFields.cpp).
    for (const Value *Hint : TrackHints) {
      std::optional<DataField> F = trackableField(Hint, M.getDataLayout());
      ObjectId O = F ? PTA.objectFor(F->GV) : InvalidObject;
      if (O == InvalidObject || any_of(F->Slots, [&](const Value *S) {
            return Ctx.FlagVars.count(S);
          }))
        continue;
      DataVar V;
      V.Id = TM.DataVars.size();
      V.IsMemory = true;
      V.Loc = {O, F->Offset};
      V.Value = F->Slots.front();
      const MemObject &Obj = TM.Objects[O];
      std::string Member = Obj.Type ? memberPath(Obj.Type, F->Offset, false)
                                    : "+" + std::to_string(F->Offset);
      V.Name = Obj.Name + Member;
      for (const Value *S : F->Slots)
        Ctx.FlagVars[S] = V.Id;
      if (F->NonNeg)
        Ctx.NonNegative.insert(V.Id);
      TM.DataVars.push_back(std::move(V));
    }
  }

  //===--------------------------------------------------------------===//
  // fresh-init: accesses to a heap object through the pointer its
  // allocation returned, in the allocating function or in callees that
  // receive it, before the pointer can reach another thread.
  //===--------------------------------------------------------------===//
  struct FreshWalk {
    std::vector<std::pair<const Instruction *, const Value *>> Accesses;
    std::vector<std::pair<const CallBase *, unsigned>> InitCalls;
    std::vector<const Instruction *> Escapes;
  };
  DenseMap<std::pair<const Function *, unsigned>, bool> NonCapturingMemo;

  /// Uses of Root and of pointers derived from it (casts, GEPs, local slots
  /// that hold only such pointers: steppedSlotBase) within its function.
  /// With Tables, also what is loaded back from a private local table it
  /// is stored into (`args[i] = a`): the table may hold other objects and
  /// older ones, so this holds for ownership (who may reach the object),
  /// not for freshness (whether it escaped yet).
  FreshWalk walkFresh(const Value *Root, bool Tables = false) {
    FreshWalk W;
    SmallVector<const Value *, 8> Work{Root};
    DenseSet<const Value *> Seen{Root};
    SmallPtrSet<const AllocaInst *, 4> Slots;
    auto Derived = [&](const Value *V) {
      if (Seen.insert(V).second)
        Work.push_back(V);
    };
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      for (const Use &U : V->uses()) {
        auto *I = dyn_cast<Instruction>(U.getUser());
        if (!I)
          continue;
        if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I) ||
            (isa<GetElementPtrInst>(I) && U.getOperandNo() == 0)) {
          Derived(I);
        } else if (isa<LoadInst>(I) || isa<ICmpInst>(I)) {
          if (isa<LoadInst>(I))
            W.Accesses.push_back({I, V});
        } else if (auto *SI = dyn_cast<StoreInst>(I)) {
          auto *Slot = dyn_cast<AllocaInst>(SI->getPointerOperand());
          if (U.getOperandNo() == 1) {
            W.Accesses.push_back({I, V});
          } else if (Slot && Slots.count(Slot)) {
            // A step stored back (`p++`): its loads are walked already.
          } else if (Slot && steppedSlotBase(Slot) == V) {
            Slots.insert(Slot);
            for (const User *SU : Slot->users())
              if (isa<LoadInst>(SU))
                Derived(SU);
          } else if (auto Table = Tables ? privateTable(SI->getPointerOperand())
                                         : std::nullopt) {
            for (const LoadInst *LI : Table->Loads)
              if (LI->getType()->isPointerTy())
                Derived(LI);
          } else {
            W.Escapes.push_back(I);
          }
        } else if (auto *II = dyn_cast<IntrinsicInst>(I)) {
          if (isa<AnyMemIntrinsic>(II) && II->isArgOperand(&U) &&
              U.getOperandNo() < 2)
            W.Accesses.push_back({I, V});
          else if (!II->isLifetimeStartOrEnd() && !isa<DbgInfoIntrinsic>(II))
            W.Escapes.push_back(I);
        } else if (auto *CB = dyn_cast<CallBase>(I);
                   CB && CB->isArgOperand(&U) && !Ctx.CreationOf.count(CB) &&
                   !isCreation(*CB)) {
          W.InitCalls.push_back({CB, CB->getArgOperandNo(&U)});
        } else {
          W.Escapes.push_back(I);
        }
      }
    }
    return W;
  }

  /// A C library function whose row keeps no pointer from argument J, or
  /// a synchronisation function:
  /// it does not keep it (Escapes, KeepsArg0, StoresArg0Into), return a
  /// pointer into it (IntoArg, realloc's Fresh) or call anything back with
  /// it. free is one: the object is dead after it, not handed on.
  static bool libcNonCapturing(const Function &G, unsigned J) {
    // Locking, waiting on, initialising or destroying a synchronisation
    // object keeps no pointer to it (pthread_exit hands its value over).
    StringRef N = G.getName();
    if (const SyncApi *S = lookupSyncApi(N))
      return S->Kind != ActionKind::Exit;
    if (isSyncObjectFunction(N))
      return true;
    const LibcFunction *Row = lookupLibc(N);
    return Row && !libcMayKeepArgument(*Row, J);
  }

  /// Parameter J of G is only dereferenced or passed to such parameters.
  bool nonCapturing(const Function *G, unsigned J) {
    if (G->isDeclaration())
      return libcNonCapturing(*G, J);
    if (J >= G->arg_size() || G->isVarArg())
      return false;
    auto Key = std::make_pair(G, J);
    auto It = NonCapturingMemo.find(Key);
    if (It != NonCapturingMemo.end())
      return It->second;
    NonCapturingMemo[Key] = false; // Recursion: assume it captures.
    FreshWalk W = walkFresh(G->getArg(J));
    bool Ok = W.Escapes.empty() && callsNonCapturing(W);
    NonCapturingMemo[Key] = Ok;
    return Ok;
  }
  bool callNonCapturing(const CallBase &CB, unsigned J) {
    ArrayRef<const Function *> Cs = PTA.callees(CB);
    return !Cs.empty() &&
           all_of(Cs, [&](const Function *C) { return nonCapturing(C, J); });
  }
  bool callsNonCapturing(const FreshWalk &W) {
    return all_of(W.InitCalls,
                  [&](const std::pair<const CallBase *, unsigned> &C) {
                    return callNonCapturing(*C.first, C.second);
                  });
  }

  /// Instructions reachable from one of Escapes (after it) without passing
  /// through Root again: re-executing an allocation makes a fresh object.
  static DenseSet<const Instruction *>
  taintedAfter(ArrayRef<const Instruction *> Escapes, const Value *Root) {
    return reachableAfter(Escapes, Root);
  }

  /// An atomic store, exchange or compare-exchange weaker than release.
  static bool publishesWithoutRelease(const Instruction *I) {
    if (auto *SI = dyn_cast<StoreInst>(I))
      return SI->isAtomic() && !isReleaseOrStronger(SI->getOrdering());
    if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
      return !isReleaseOrStronger(RMW->getOrdering());
    if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
      return !isReleaseOrStronger(CX->getSuccessOrdering());
    return false;
  }

  void findFreshInit() {
    struct RootInfo {
      const Value *Root;
      bool IsParam;
      std::vector<std::pair<const Instruction *, const Value *>> Accesses;
      std::vector<std::pair<const CallBase *, unsigned>> InitCalls;
      /// fresh-handover: defined functions the pointer goes to while
      /// still fresh, which may keep it (their parameter starts fresh).
      std::vector<std::pair<const CallBase *, unsigned>> HandedFresh;
    };
    std::vector<RootInfo> Roots;
    // Where a call passes a pre-escape fresh pointer: (call, arg) -> roots.
    std::map<std::pair<const CallBase *, unsigned>, std::vector<unsigned>>
        FreshArgs;
    // A function a thread or the library's callers start gets arguments
    // no call site of the module shows: its parameters are never fresh.
    DenseSet<const Function *> Started;
    for (TemplateId T = 0; T < TM.Templates.size(); ++T)
      for (const Function *F : TM.startFunctions(T))
        Started.insert(F);
    for (const Function &F : M) {
      if (F.isDeclaration() || !FuncTemplates.count(&F))
        continue;
      std::vector<std::pair<const Value *, bool>> Cands;
      if (!TemplateOf.count(&F) && !Started.contains(&F))
        for (const Argument &A : F.args())
          if (A.getType()->isPointerTy())
            Cands.push_back({&A, true});
      for (const Instruction &I : instructions(F)) {
        if (isa<CallBase>(I) && PTA.allocatesFresh(&I))
          Cands.push_back({&I, false});
      }
      for (auto [Root, IsParam] : Cands) {
        FreshWalk W = walkFresh(Root);
        std::vector<const Instruction *> Esc = W.Escapes;
        for (const auto &C : W.InitCalls)
          if (!callNonCapturing(*C.first, C.second))
            Esc.push_back(C.first);
        RACESIFT_DEBUG({
          debugs() << "racesift-threads: fresh root " << *Root << "\n";
          for (const Instruction *E : Esc)
            debugs() << "  escape " << *E << "\n";
        });
        // A relaxed atomic store publishes the object without ordering
        // its initialisation before the reader's accesses: those race.
        if (any_of(Esc, publishesWithoutRelease))
          continue;
        DenseSet<const Instruction *> Tainted = taintedAfter(Esc, Root);
        RootInfo R{Root, IsParam, {}, {}, {}};
        for (const auto &A : W.Accesses)
          if (!Tainted.count(A.first))
            R.Accesses.push_back(A);
        for (const auto &C : W.InitCalls) {
          if (Tainted.count(C.first))
            continue;
          if (!callNonCapturing(*C.first, C.second)) {
            // fresh-handover: `submit(j)` gets j before anyone else can
            // (its accesses before it publishes j are initialisation).
            if (const Function *Callee = C.first->getCalledFunction();
                Callee && !Callee->isDeclaration())
              R.HandedFresh.push_back(C);
            continue;
          }
          R.InitCalls.push_back(C);
          // A C library call's own access through the pointer (pipe's
          // descriptors, snprintf's buffer) initialises it as a store does.
          const Function *Callee = C.first->getCalledFunction();
          if (Callee && Callee->isDeclaration())
            R.Accesses.push_back({C.first, C.first->getArgOperand(C.second)});
        }
        for (const auto &C : R.InitCalls)
          FreshArgs[C].push_back(Roots.size());
        for (const auto &C : R.HandedFresh)
          FreshArgs[C].push_back(Roots.size());
        Roots.push_back(std::move(R));
      }
    }
    // Greatest fixpoint: a parameter is fresh if every call site passes a
    // pre-escape fresh pointer (from an allocation or a fresh parameter).
    std::vector<bool> Live(Roots.size(), true);
    DenseMap<const Value *, unsigned> RootIndex;
    for (unsigned I = 0; I < Roots.size(); ++I)
      RootIndex[Roots[I].Root] = I;
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (unsigned I = 0; I < Roots.size(); ++I) {
        if (!Live[I] || !Roots[I].IsParam)
          continue;
        auto *A = cast<Argument>(Roots[I].Root);
        const auto &Sites = CallSites.lookup(A->getParent());
        bool Ok = !Sites.empty();
        for (const CallBase *CS : Sites) {
          auto It = FreshArgs.find({CS, A->getArgNo()});
          Ok = Ok && It != FreshArgs.end() &&
               any_of(It->second, [&](unsigned R) { return Live[R]; });
        }
        if (!Ok) {
          Live[I] = false;
          Changed = true;
        }
      }
    }
    for (unsigned I = 0; I < Roots.size(); ++I)
      if (Live[I])
        for (const auto &A : Roots[I].Accesses)
          Ctx.FreshInit.insert(A);
  }

  /// The allocation a creation's argument comes from: the call itself, or
  /// the -O0 local slot it was stored to once.
  const CallBase *allocationPassed(const Value *Arg) const {
    Arg = throughSlot(Arg);
    auto *CB = dyn_cast<CallBase>(Arg);
    ObjectId O = CB ? PTA.objectFor(CB) : InvalidObject;
    if (O == InvalidObject || TM.Objects[O].Kind != ObjectKind::Heap)
      return nullptr;
    return CB;
  }

  /// Whether the object Alloc returns goes nowhere but Handover (a
  /// creation, or a call that hands it to one), once per allocation: the
  /// handover is not reached again without Alloc running again. With
  /// MayReturn its function may also return it (to a library's callers).
  bool handedOnlyTo(const CallBase *Alloc, const CallBase *Handover,
                    bool MayReturn) {
    FreshWalk W = walkFresh(Alloc, /*Tables=*/true);
    if (any_of(W.Escapes, [&](const Instruction *E) {
          return E != Handover && !(MayReturn && isa<ReturnInst>(E));
        }))
      return false;
    for (const auto &[CB, J] : W.InitCalls)
      if (CB != Handover && !callNonCapturing(*CB, J))
        return false;
    // From the handover itself: an invoke has no next instruction.
    return !taintedAfter({Handover}, Alloc).count(Handover);
  }

  /// instance-owned-handle: creation site C passes its function's parameter
  /// (a thread-start helper, `start_threads(h)`) into the creation and
  /// nowhere else, once per call; every call of the helper passes a heap
  /// object its caller allocated for it (handedOnlyTo), and that caller,
  /// if a library entry no function of the module calls, may return it to
  /// the library's callers (`h = lib_init()`). Those objects, or none.
  std::vector<ObjectId> ownedThroughHelper(const CreationSite &C,
                                           const Value *Passed) {
    auto *A = dyn_cast<Argument>(throughSlot(Passed));
    const Function *F = A ? A->getParent() : nullptr;
    if (!F || F != C.InFunction || F->hasAddressTaken())
      return {};
    FreshWalk WF = walkFresh(A);
    if (any_of(WF.Escapes, [&](const Instruction *E) { return E != C.Call; }) ||
        !callsNonCapturing(WF) ||
        reachableAfter({C.Call}, nullptr).count(C.Call))
      return {};
    std::vector<ObjectId> Out;
    const auto &Sites = CallSites.lookup(F);
    for (const CallBase *CS : Sites) {
      const Function *G = CS->getFunction();
      const CallBase *Alloc =
          CS->getCalledFunction() == F
              ? allocationPassed(CS->getArgOperand(A->getArgNo()))
              : nullptr;
      bool MayReturn =
          is_contained(TM.EnvEntries, G) && CallSites.lookup(G).empty();
      if (!Alloc || Alloc->getFunction() != G ||
          !handedOnlyTo(Alloc, CS, MayReturn))
        return {};
      Out.push_back(PTA.objectFor(Alloc));
    }
    return Out;
  }

  /// Ownership transfer through a creation's argument (see "instance-owned"
  /// in docs/design-threadmodel.md): a heap object allocated, handed to one
  /// pthread_create and to nothing else, once per allocation, to start
  /// routines that never let their parameter go, is reachable by its
  /// creator and one instance of the routine's template only. Two instances
  /// of that template never meet on it. The creation may be in a helper
  /// the allocating function hands the object to (ownedThroughHelper).
  void findInstanceOwned() {
    for (const CreationSite &C : TM.Creations) {
      const Value *Passed = startRoutineArgument(C, PTA);
      if (!Passed)
        continue;
      std::vector<ObjectId> Owned;
      const CallBase *Alloc = allocationPassed(Passed);
      if (Alloc && Alloc->getFunction() == C.Call->getFunction()) {
        if (handedOnlyTo(Alloc, C.Call, /*MayReturn=*/false))
          Owned.push_back(PTA.objectFor(Alloc));
      } else if (!Alloc) {
        Owned = ownedThroughHelper(C, Passed);
      }
      const auto &CreatorTs = FuncTemplates.lookup(C.InFunction);
      for (TemplateId T : C.Targets) {
        const Function *Entry = TM.Templates[T].Entry;
        // A template that creates its own kind hands the object from one
        // of its instances to another.
        if (!Entry || Entry->arg_size() < 1 ||
            !(nonCapturing(Entry, 0) || returnedToJoiner(*Entry, T)) ||
            is_contained(CreatorTs, T))
          continue;
        for (ObjectId O : Owned)
          if (!passedByAnotherCreation(O, T, C) &&
              !is_contained(TM.Objects[O].OwnedPerInstance, T))
            TM.Objects[O].OwnedPerInstance.push_back(T);
      }
    }
  }

  /// Whether start routine Entry of T lets its parameter go only by
  /// returning it, to the thread that joins it (thread-results), and no
  /// function T runs joins a thread: no other instance of T receives it.
  /// Another creation handing it on is passedByAnotherCreation's.
  bool returnedToJoiner(const Function &Entry, TemplateId T) {
    FreshWalk W = walkFresh(Entry.getArg(0));
    if (W.Escapes.empty() || !callsNonCapturing(W) ||
        any_of(W.Escapes, [&](const Instruction *E) {
          return !isa<ReturnInst>(E) || E->getFunction() != &Entry;
        }))
      return false;
    for (const auto &[G, Ts] : FuncTemplates)
      if (is_contained(Ts, T))
        for (const Instruction &I : instructions(*G))
          if (auto *CB = dyn_cast<CallBase>(&I))
            if (any_of(PTA.callees(*CB),
                       [](const Function *C) { return isJoinFunction(*C); }))
              return false;
    return true;
  }

  /// Whether a creation of T other than C may be handed O (a returned
  /// handle the library's callers pass back to another entry that starts
  /// T with it): then two instances of T may share it.
  bool passedByAnotherCreation(ObjectId O, TemplateId T,
                               const CreationSite &C) const {
    for (const CreationSite &C2 : TM.Creations) {
      if (&C2 == &C || !is_contained(C2.Targets, T))
        continue;
      const Value *Arg = startRoutineArgument(C2, PTA);
      if (!Arg || PTA.unresolved(Arg) ||
          any_of(PTA.pointsTo(Arg),
                 [&](const MemLoc &L) { return L.Obj == O; }))
        return true;
    }
    return false;
  }

  /// For each object of Of: the objects whose contents may hold its
  /// address.
  DenseMap<ObjectId, SmallVector<ObjectId, 2>>
  holdersOf(const DenseSet<ObjectId> &Of) const {
    DenseMap<ObjectId, SmallVector<ObjectId, 2>> Holders;
    for (const MemObject &Y : TM.Objects)
      for (const MemLoc &L : PTA.contentOf({Y.Id, AnyOffset}))
        if (Of.count(L.Obj))
          Holders[L.Obj].push_back(Y.Id);
    return Holders;
  }

  /// Objects another thread or unknown code may be handed: thread
  /// arguments, escaped objects, targets of unresolved pointers (computed
  /// once, for the ownership rules that ask).
  const DenseSet<ObjectId> &handedOver() {
    if (HandedOver)
      return *HandedOver;
    DenseSet<ObjectId> &Out = HandedOver.emplace();
    for (ObjectId O : PTA.escapedObjects())
      Out.insert(O);
    for (ObjectId O : PTA.unresolvedTargets())
      Out.insert(O);
    for (const CreationSite &C : TM.Creations)
      for (const Use &A : C.Call->args())
        for (const MemLoc &L : PTA.pointsTo(A.get()))
          Out.insert(L.Obj);
    return Out;
  }

  bool isPrivateStack(ObjectId Y) const {
    return TM.Objects[Y].Kind == ObjectKind::Stack &&
           !Ctx.EscapedStack.count(Y);
  }

  /// constructed-part (see docs/design-threadmodel.md): an object a
  /// constructor stored into an object owned per instance, whose pointer
  /// nothing else holds (no other object's content but private stack
  /// slots, no store or copy into the whole by the program, no escape or
  /// thread argument), is owned per instance by the same templates: each
  /// concrete whole has its own part, and only its holder reaches it.
  void findOwnedParts() {
    const auto &Parts = PTA.constructedParts();
    if (Parts.empty())
      return;
    DenseSet<ObjectId> IsPart;
    for (auto [Part, Whole] : Parts)
      IsPart.insert(Part);
    auto Holders = holdersOf(IsPart);
    const DenseSet<ObjectId> &Leaked = handedOver();
    // Wholes the program stores pointers into or copies over (`b->buf =
    // a->buf` would give two wholes one part).
    DenseSet<ObjectId> WrittenPointers;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F)) {
        const Value *Dst = nullptr;
        if (auto *SI = dyn_cast<StoreInst>(&I)) {
          if (!isa<ConstantPointerNull>(SI->getValueOperand()) &&
              SI->getValueOperand()->getType()->isPointerTy())
            Dst = SI->getPointerOperand();
        } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
          Dst = MT->getRawDest();
        } else if (auto *CB = dyn_cast<CallBase>(&I)) {
          for (const Function *G : PTA.callees(*CB))
            if (const LibcFunction *Row = lookupLibc(G->getName()))
              if (Row->CopiesPointers && CB->arg_size())
                Dst = CB->getArgOperand(0);
        }
        if (Dst)
          for (const MemLoc &L : PTA.pointsTo(Dst))
            WrittenPointers.insert(L.Obj);
      }
    for (auto [Part, WholeObj] : Parts) {
      // A structured binding cannot be captured in C++17: copy it.
      const ObjectId Whole = WholeObj;
      const MemObject &W = TM.Objects[Whole];
      if (W.OwnedPerInstance.empty() || Leaked.count(Part) ||
          WrittenPointers.count(Whole))
        continue;
      if (!all_of(Holders.lookup(Part),
                  [&](ObjectId Y) { return Y == Whole || isPrivateStack(Y); }))
        continue;
      TM.Objects[Part].OwnedPerInstance = W.OwnedPerInstance;
    }
  }

  /// stack-per-instance (see docs/design-threadmodel.md): a local whose
  /// address reaches only memory of the thread that runs its activation
  /// (other private locals, heap objects allocated-per-instance, locals
  /// kept so by this rule) and is never handed to another thread or to
  /// unknown code is owned per instance by every template that runs its
  /// function.
  void findPrivateStack() {
    auto FunctionOf = [&](ObjectId O) -> const Function * {
      auto *AI = dyn_cast_or_null<AllocaInst>(TM.Objects[O].Site);
      return AI ? AI->getFunction() : nullptr;
    };
    DenseSet<ObjectId> Candidates;
    for (ObjectId O : Ctx.EscapedStack)
      if (const Function *F = FunctionOf(O); F && FuncTemplates.count(F))
        Candidates.insert(O);
    if (Candidates.empty())
      return;
    auto Holders = holdersOf(Candidates);
    // Greatest fixpoint, as a worklist: a candidate goes when a holder is
    // neither a private local, thread-private heap nor a candidate, or
    // when a candidate holding it went.
    DenseMap<ObjectId, SmallVector<ObjectId, 2>> Holds;
    for (auto &[O, Hs] : Holders)
      for (ObjectId H : Hs)
        Holds[H].push_back(O);
    std::vector<ObjectId> Gone;
    for (ObjectId O : handedOver())
      if (Candidates.erase(O))
        Gone.push_back(O);
    for (ObjectId O :
         SmallVector<ObjectId, 16>(Candidates.begin(), Candidates.end()))
      if (!all_of(Holders.lookup(O), [&](ObjectId Y) {
            return isPrivateStack(Y) || ThreadPrivateHeap.count(Y) ||
                   Candidates.count(Y);
          })) {
        Candidates.erase(O);
        Gone.push_back(O);
      }
    while (!Gone.empty()) {
      ObjectId X = Gone.back();
      Gone.pop_back();
      for (ObjectId Y : Holds.lookup(X))
        if (Candidates.erase(Y))
          Gone.push_back(Y);
    }
    for (ObjectId O : Candidates)
      for (TemplateId T : FuncTemplates.lookup(FunctionOf(O)))
        if (!is_contained(TM.Objects[O].OwnedPerInstance, T))
          TM.Objects[O].OwnedPerInstance.push_back(T);
  }

  /// allocated-per-instance (see docs/design-threadmodel.md): a heap site
  /// whose objects never leave the activation that allocates them (no
  /// store but into a local slot that holds only them, no return, no
  /// creation, only non-capturing calls) is touched only by the thread
  /// that runs that activation: every template that runs the function owns
  /// its objects per instance.
  void findThreadPrivateHeap() {
    for (const Function &F : M) {
      auto Ts = FuncTemplates.find(&F);
      if (F.isDeclaration() || Ts == FuncTemplates.end())
        continue;
      for (const Instruction &I : instructions(F)) {
        ObjectId O = isa<CallBase>(I) ? PTA.objectFor(&I) : InvalidObject;
        if (O == InvalidObject || TM.Objects[O].Kind != ObjectKind::Heap)
          continue;
        FreshWalk W = walkFresh(&I);
        if (!W.Escapes.empty() || !callsNonCapturing(W))
          continue;
        ThreadPrivateHeap.insert(O);
        for (TemplateId T : Ts->second)
          if (!is_contained(TM.Objects[O].OwnedPerInstance, T))
            TM.Objects[O].OwnedPerInstance.push_back(T);
      }
    }
  }

  /// Defined helpers (not thread entries) whose every return yields a
  /// constant or the value of a tracked local (`return ok;` after
  /// `ok = !busy`), directly or through the -O0 return slot, with at least
  /// two different constants or one tracked local (one constant is folded,
  /// see foldedSuccessor).
  void findConstantHelpers() {
    for (const Function &F : M) {
      if (F.isDeclaration() || !FuncTemplates.count(&F) ||
          TemplateOf.count(&F) || !F.getReturnType()->isIntegerTy() ||
          F.getReturnType()->getIntegerBitWidth() > 64)
        continue;
      std::set<int64_t> Consts;
      const AllocaInst *Slot = nullptr;
      bool Ok = true, NonNeg = true;
      unsigned Tracked = 0;
      auto Returned = [&](const Value *V, const Instruction &At) {
        if (auto *C = dyn_cast<ConstantInt>(V)) {
          Consts.insert(C->getSExtValue());
        } else if (DataVarId D = trackedLoadVar(V, At, Ctx.FlagVars);
                   D != NoDataVar) {
          ++Tracked;
          NonNeg = NonNeg && Ctx.NonNegative.count(D);
        } else {
          Ok = false;
        }
      };
      for (const BasicBlock &BB : F) {
        auto *RI = dyn_cast<ReturnInst>(BB.getTerminator());
        if (!RI || !RI->getReturnValue())
          continue;
        const Value *RV = RI->getReturnValue();
        auto *LI = dyn_cast<LoadInst>(RV);
        auto *AI = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
        if (!AI || Ctx.FlagVars.count(AI)) {
          Returned(RV, *RI);
          continue;
        }
        if (Slot && Slot != AI) {
          Ok = false;
          continue;
        }
        Slot = AI;
        for (const User *U : AI->users()) {
          if (auto *SI = dyn_cast<StoreInst>(U))
            Ok = Ok && SI->getPointerOperand() == AI &&
                 (Returned(SI->getValueOperand(), *SI), true);
          else if (!isa<LoadInst>(U) && !isa<IntrinsicInst>(U))
            Ok = false;
        }
      }
      if (!Ok || (Consts.size() < 2 && !Tracked))
        continue;
      DataVar V;
      V.Id = TM.DataVars.size();
      V.Value = &F;
      V.Name = "ret@" + sourceNameOf(F);
      Ctx.HelperVars[&F] = V.Id;
      if (Slot)
        Ctx.RetSlots[Slot] = V.Id;
      if (NonNeg && (Consts.empty() || *Consts.begin() >= 0))
        Ctx.NonNegative.insert(V.Id);
      TM.DataVars.push_back(std::move(V));
    }
  }

  /// constant-argument (docs/design-threadmodel.md): an integer parameter
  /// of a helper that is only called directly and calls no defined
  /// function (so no activation of it is ever live twice in one thread),
  /// which some call passes a constant, is tracked: each call assigns it
  /// first, and branches on it in the helper become guards of the caller's
  /// value (`bump(locked)`: `if (locked) lock(&m)`).
  void findConstantParams() {
    for (const Function &F : M) {
      if (F.isDeclaration() || !FuncTemplates.count(&F) ||
          TemplateOf.count(&F) || F.arg_empty() || F.hasAddressTaken())
        continue;
      bool Leaf = llvm::all_of(instructions(F), [](const Instruction &I) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB || isa<IntrinsicInst>(CB))
          return true;
        const Function *Callee = CB->getCalledFunction();
        return Callee && Callee->isDeclaration();
      });
      if (!Leaf)
        continue;
      for (const Argument &A : F.args()) {
        if (!A.getType()->isIntegerTy() ||
            A.getType()->getIntegerBitWidth() > 64 || A.use_empty())
          continue;
        bool AnyConstant = false, NonNeg = true;
        for (const User *U : F.users()) {
          auto *CB = dyn_cast<CallBase>(U);
          if (!CB || CB->getCalledFunction() != &F ||
              A.getArgNo() >= CB->arg_size())
            continue;
          auto *C = dyn_cast<ConstantInt>(CB->getArgOperand(A.getArgNo()));
          AnyConstant = AnyConstant || C;
          NonNeg = NonNeg && C && !C->isNegative();
        }
        if (!AnyConstant)
          continue;
        DataVar V;
        V.Id = TM.DataVars.size();
        V.Value = &A;
        V.IsParameter = true;
        V.Name = sourceNameOf(F) + "." + parameterName(F, A.getArgNo());
        Ctx.ParamVars[&A] = V.Id;
        if (NonNeg)
          Ctx.NonNegative.insert(V.Id);
        TM.DataVars.push_back(std::move(V));
      }
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
      auto It = I ? FuncTemplates.find(I->getFunction()) : FuncTemplates.end();
      if (It == FuncTemplates.end())
        return;
      const std::vector<TemplateId> &Ts = It->second;
      // Locations come sorted by object: an object once per access (an
      // imprecise pointer has thousands of locations in hundreds of
      // objects).
      ObjectId Last = InvalidObject;
      for (const MemLoc &L : Locs) {
        if (L.Obj == Last)
          continue;
        Last = L.Obj;
        Users[L.Obj].insert(Ts.begin(), Ts.end());
      }
    };
    for (const Access &A : TM.Accesses)
      Note(A.Inst, A.Locs);
    for (const FunctionGraph &G : TM.Functions)
      for (const ActionEdge &E : G.Edges)
        Note(E.A.Inst, E.A.Objects);
    for (MemObject &O : TM.Objects) {
      if ((O.ThreadLocal && !O.ThreadLocalEscapes) ||
          O.Kind == ObjectKind::Function ||
          (O.Kind == ObjectKind::Stack && !Ctx.EscapedStack.count(O.Id)))
        continue;
      const auto &Ts = Users[O.Id];
      O.Shared = Ts.size() > 1 ||
                 (Ts.size() == 1 &&
                  TM.Templates[*Ts.begin()].Mult == Multiplicity::Many &&
                  !O.ownedPerInstance(*Ts.begin()));
    }
  }

  void run() {
    discoverThreads();
    computeMultiplicity();
    computeMaxRuns();
    findRecursive();
    computeSingletons();
    computeJoinLoops(); // cxx-member-join-loop reads the singletons.
    computeEscapes();
    findTlsConfinedHeap();
    findDirtyHandles();
    findMovedCxxHandles();
    findRecursiveLocks();
    findFlags();
    findThreadIds(M, TM, PTA, FuncTemplates, Ctx);
    addAtomicSection();
    findFreshInit();
    findInstanceOwned();
    findThreadPrivateHeap();
    findOwnedParts();
    findPrivateStack();
    findElementOwnership(M, TM, PTA, FuncTemplates, CallSites, Ctx);
    findConstantHelpers();
    findConstantParams();
    findThreadArgGuards(TM, PTA, Ctx);
    FunctionGraphBuilder FGB(TM, PTA, Ctx);
    for (const Function &F : M)
      if (FuncTemplates.count(&F)) {
        TM.FunctionIndex[&F] = TM.Functions.size();
        TM.Functions.push_back(FGB.build(F));
      }
    validateJoinLoops();
    findInstanceIndices(M, TM, PTA, FuncTemplates, CallSites, Ctx);
    findLambdaIndices(M, TM, PTA, FuncTemplates, Ctx);
    findClaimedIndices(M, TM);
    markJoinedInstances();
    computeShared();
  }
};

/// The points-to compromises as the user reads them: the functions without
/// a body (unknown-external, one entry each) become one sentence that says
/// what was assumed of them.
std::vector<std::string>
describeCompromises(const std::vector<std::string> &In) {
  constexpr StringLiteral Prefix = "unknown-external: ";
  std::vector<std::string> Out, Unknown;
  for (const std::string &C : In) {
    if (StringRef(C).starts_with(Prefix))
      Unknown.push_back("'" + C.substr(Prefix.size()) + "'");
    else
      Out.push_back(C);
  }
  if (Unknown.empty())
    return Out;
  size_t Shown = std::min<size_t>(Unknown.size(), 8);
  std::string Names = join(ArrayRef(Unknown).take_front(Shown), ", ");
  if (Shown < Unknown.size())
    Names += formatv(" and {0} more", Unknown.size() - Shown).str();
  Out.insert(Out.begin(),
             formatv("unknown-external: {0} function(s) without a body here "
                     "({1}) are assumed to read and write none of the memory "
                     "they are given; a race inside one of them is not seen "
                     "unless the whole program is analysed (LTO)",
                     Unknown.size(), Names)
                 .str());
  return Out;
}
} // namespace

ThreadModel
buildThreadModel(Module &M,
                 std::optional<std::chrono::steady_clock::time_point> Deadline,
                 unsigned MaxPointsTo, ArrayRef<const Value *> TrackHints,
                 uint64_t PointsToSteps, ArrayRef<FixedBranch> FixedBranches) {
  ThreadModel TM;
  TM.ModuleName = M.getSourceFileName();
  TM.HasDebugInfo =
      M.debug_compile_units_begin() != M.debug_compile_units_end();
  for (const DICompileUnit *CU : M.debug_compile_units())
    TM.UnitFiles.push_back(unitPath(CU->getDirectory(), CU->getFilename()));
  llvm::sort(TM.UnitFiles);
  PointsToAnalysis PTA(M, TM.Objects, Deadline, MaxPointsTo, PointsToSteps);
  if (PTA.exhausted()) {
    // Incomplete points-to sets would hide threads and aliases: give up on
    // the module rather than report from them.
    ThreadModel Empty;
    Empty.ModuleName = TM.ModuleName;
    Empty.HasDebugInfo = TM.HasDebugInfo;
    Empty.BudgetExhausted = true;
    Empty.PointsToStepsSpent = PTA.stepsSpent();
    Empty.PointsToSteps = PTA.steps();
    return Empty;
  }
  TM.PointsToSteps = PTA.steps();
  TM.Compromises = describeCompromises(PTA.compromises());
  TM.UnresolvedOrigin = PTA.unresolvedOrigin();
  ModelBuilder B(M, TM, PTA, TrackHints);
  for (const FixedBranch &F : FixedBranches)
    B.Ctx.FixedBranches[F.Branch] = F.Successor;
  B.run();
  addInitialValues(TM, M, PTA);
  RACESIFT_DEBUG(debugs() << "racesift-threads: " << TM.Templates.size()
                          << " templates, " << TM.Creations.size()
                          << " creation sites, " << TM.Objects.size()
                          << " objects, " << TM.Accesses.size()
                          << " accesses\n");
  return TM;
}

bool mayCreateThreads(const Module &M) {
  return any_of(M, [](const Function &F) {
    return !F.use_empty() &&
           (lookupCreateApi(F.getName()) || isCxxStartThread(F.getName()));
  });
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

std::vector<const Function *> ThreadModel::startFunctions(TemplateId T) const {
  std::vector<const Function *> Out;
  if (const Function *E = Templates[T].Entry) {
    if (T == 0)
      Out = MainConstructors;
    Out.push_back(E);
    llvm::append_range(Out, endHandlers(T).Fns);
    return Out;
  }
  Out = EnvConstructors;
  llvm::append_range(Out, EnvEntries);
  return Out;
}

ThreadModel::EndHandlers ThreadModel::endHandlers(TemplateId T) const {
  if (!Templates[T].Entry)
    return {};
  if (T == 0)
    return {ExitHandlers, ExitHandlerSites};
  if (Templates[T].RunsThreadExitHandlers)
    return {ThreadExitHandlers, ThreadExitHandlerSites};
  return {};
}

bool needsAnalysisCopy(const Module &M) {
  return mayCreateThreads(M) &&
         (hasMergedCxxThreadCallables(M) || hasCxxAtomicMembers(M));
}

void prepareAnalysisCopy(Module &M) {
  // Before the split: the copies of the library code then hold the
  // lowered atomics too.
  lowerCxxAtomicMembers(M);
  splitCxxThreadCallables(M);
}

std::unique_ptr<Module> analysisCopyOf(const Module &M) {
  if (!needsAnalysisCopy(M))
    return nullptr;
  std::unique_ptr<Module> Copy = CloneModule(M);
  prepareAnalysisCopy(*Copy);
  return Copy;
}

AnalysisKey ThreadModelAnalysis::Key;

ThreadModelAnalysis::Result ThreadModelAnalysis::run(Module &M,
                                                     ModuleAnalysisManager &) {
  std::shared_ptr<Module> Copy = analysisCopyOf(M);
  ThreadModel TM =
      buildThreadModel(Copy ? *Copy : M, std::nullopt, MaxPointsTo);
  TM.AnalysedCopy = std::move(Copy);
  return TM;
}

PreservedAnalyses ThreadModelPrinterPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  printThreadModel(MAM.getResult<ThreadModelAnalysis>(M), OS);
  return PreservedAnalyses::all();
}

} // namespace racesift
