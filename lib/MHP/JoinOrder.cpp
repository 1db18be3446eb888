//===- JoinOrder.cpp - Accesses after every instance is joined ------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// after-join (docs/design.md, "Order facts"). A creation site is *tracked*
// if one thread P that runs at most once runs it (the thread model's
// Multiplicity::Once: one creation site, not in a loop, in a function that
// runs once) and nothing but P can lose or take its instances: no detach
// may name them, no other thread (nor a library's call-back) joins through
// its handles, and no attribute may create them detached. In P's functions
// a dataflow counts, per tracked site, the instances not yet joined:
// none (J), at most one, held in the site's private scalar handle (O), or
// any (U). A create steps J to O and O to U; a join through the private
// handle, loaded right before it, steps O to J; the join-all of a proven
// join loop (the thread model's JoinAll) sets J. Calls apply their
// callees' summaries (per site, what each of J, O, U becomes), computed
// bottom-up; pthread_once bodies and call-backs may or may not run. An
// access of P at a node where every site creating template T is J, on all
// its edges, happens after every access of every instance of T, when T
// creates no threads of its own (descendants would outlive it).
//
// Linear in P's graphs times the tracked sites (times a small constant
// for the three summaries and the call depth of the fixpoints).
//
//===----------------------------------------------------------------------===//

#include "MHPInternal.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"

#include <array>
#include <optional>

using namespace llvm;

namespace racesift {
namespace mhp {

namespace {

/// Unjoined instances of a tracked site: none (J), at most one, in the
/// private handle (O), any (U). Join of paths: the maximum.
enum Count : uint8_t { J = 0, O = 1, U = 2 };

/// The counts of all tracked sites as two bit vectors, so a node costs a
/// few words: Some (O or U) and Many (U); J is neither. The maximum of two
/// counts is the union of both. Empty (no bits): no path gets here.
struct Vec {
  BitVector Some, Many;
  Vec() = default;
  Vec(size_t K, Count C) : Some(K, C != J), Many(K, C == U) {}
  bool empty() const { return Some.size() == 0; }
  Count at(unsigned S) const { return Many[S] ? U : Some[S] ? O : J; }
  void set(unsigned S, Count C) {
    Some[S] = C != J;
    Many[S] = C == U;
  }
  bool operator==(const Vec &V) const {
    return Some == V.Some && Many == V.Many;
  }
  bool operator!=(const Vec &V) const { return !(*this == V); }
  /// The maximum into this; true if it changed.
  bool merge(const Vec &From) {
    if (From.empty())
      return false;
    if (empty()) {
      *this = From;
      return true;
    }
    if (From.Some.test(Some) || From.Many.test(Many)) { // Bits not here.
      Some |= From.Some;
      Many |= From.Many;
      return true;
    }
    return false;
  }
};

std::string locText(const SourceLoc &L) {
  if (!L.known())
    return L.Function.empty() ? "<unknown>" : "in " + L.Function;
  return L.File.substr(L.File.find_last_of('/') + 1) + ":" +
         std::to_string(L.Line);
}

/// Site is a private scalar thread handle that only Create stores into:
/// a global or local of integer or pointer type (pthread_t, thrd_t) whose
/// every use is a load, Create's handle operand or a lifetime marker.
bool privateScalarHandle(const Value *Site, const CallBase *Create,
                         int HandleOperand) {
  Type *Ty = nullptr;
  if (auto *AI = dyn_cast_or_null<AllocaInst>(Site)) {
    if (AI->isArrayAllocation())
      return false;
    Ty = AI->getAllocatedType();
  } else if (auto *GV = dyn_cast_or_null<GlobalVariable>(Site)) {
    if (GV->isDeclaration() || GV->isThreadLocal())
      return false;
    Ty = GV->getValueType();
  }
  if (!Ty || !(Ty->isIntegerTy() || Ty->isPointerTy()) || HandleOperand < 0)
    return false;
  for (const Use &U : Site->uses()) {
    const User *Usr = U.getUser();
    if (auto *LI = dyn_cast<LoadInst>(Usr)) {
      if (LI->getPointerOperand() == Site)
        continue;
      return false;
    }
    if (Usr == Create && U.getOperandNo() == unsigned(HandleOperand))
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(Usr))
      if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
        continue;
    return false;
  }
  return true;
}

/// cxx-thread-handle: Site is a std::thread local whose only uses are
/// one creating constructor (Create's function: its `this`), join,
/// joinable, get_id and the destructor: no move, swap or assignment can
/// take its id elsewhere or give it another, so a join of Site joins what
/// the constructor started (a join reads the object itself, not a copy).
bool privateCxxThread(const Value *Site, const CallBase *Create) {
  auto *AI = dyn_cast_or_null<AllocaInst>(Site);
  auto *ST = AI ? dyn_cast<StructType>(AI->getAllocatedType()) : nullptr;
  if (!ST || !ST->hasName() || ST->getName() != "class.std::thread" ||
      AI->isArrayAllocation() || !Create)
    return false;
  unsigned Ctors = 0;
  for (const Use &U : AI->uses()) {
    const User *Usr = U.getUser();
    if (auto *II = dyn_cast<IntrinsicInst>(Usr))
      if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
        continue;
    auto *CB = dyn_cast<CallBase>(Usr);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F || !CB->isArgOperand(&U) || CB->getArgOperandNo(&U) != 0)
      return false;
    StringRef N = F->getName();
    if (F == Create->getFunction()) {
      ++Ctors;
      continue;
    }
    if (N != "_ZNSt6thread4joinEv" && N != "_ZNKSt6thread8joinableEv" &&
        N != "_ZNKSt6thread6get_idEv" && N != "_ZNSt6threadD1Ev" &&
        N != "_ZNSt6threadD2Ev")
      return false;
  }
  return Ctors == 1;
}

/// The join call Join is passed the value of a load of Site made just
/// before it in its block (nothing between may write memory): the id the
/// handle holds at the join, not an older copy.
bool joinLoadsNow(const Instruction *Join, const Value *Site) {
  auto *CB = dyn_cast_or_null<CallBase>(Join);
  if (!CB)
    return false;
  for (const Value *Arg : CB->args()) {
    auto *LI = dyn_cast<LoadInst>(Arg);
    if (!LI || LI->getPointerOperand() != Site ||
        LI->getParent() != CB->getParent() || !LI->comesBefore(CB))
      continue;
    bool Clean = true;
    for (const Instruction *I = LI->getNextNode(); I && I != CB;
         I = I->getNextNode())
      Clean = Clean && !I->mayWriteToMemory();
    if (Clean)
      return true;
  }
  return false;
}

/// cxx-thread-handle: Join is std::thread::join called on Site itself.
bool joinsObject(const Instruction *Join, const Value *Site) {
  auto *CB = dyn_cast_or_null<CallBase>(Join);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == "_ZNSt6thread4joinEv" && CB->arg_size() == 1 &&
         CB->getArgOperand(0)->stripPointerCasts() == Site;
}

/// The thread model's graphs, who runs them and what they reach.
struct Reachability {
  const ThreadModel &TM;
  DenseMap<const Function *, unsigned> Index;
  /// By function: the one template that runs it, Many if several, None.
  static constexpr TemplateId None = InvalidTemplate;
  static constexpr TemplateId Many = InvalidTemplate - 1;
  std::vector<TemplateId> Runner;
  std::vector<std::vector<unsigned>> Reach; ///< By template.
  std::vector<bool> CreatesAny;             ///< By template.
  std::vector<bool> CalledBack;             ///< By function.

  explicit Reachability(const ThreadModel &TM) : TM(TM) {
    for (unsigned I = 0; I < TM.Functions.size(); ++I)
      Index.try_emplace(TM.Functions[I].F, I);
    Runner.assign(TM.Functions.size(), None);
    CalledBack.assign(TM.Functions.size(), false);
    for (const ThreadTemplate &T : TM.Templates) {
      // exit-handlers and key-destructors: run after the entry.
      std::vector<const Function *> Roots{T.Entry};
      append_range(Roots, TM.endHandlers(T.Id).Fns);
      std::vector<unsigned> R = closure(Roots, /*OnlyCallbacks=*/false);
      bool Creates = false;
      for (unsigned F : R) {
        Runner[F] = Runner[F] == None ? T.Id : Many;
        Creates = Creates || any_of(TM.Functions[F].Edges, [](auto &E) {
                    return E.A.Kind == ActionKind::Create;
                  });
      }
      Reach.push_back(std::move(R));
      CreatesAny.push_back(Creates);
    }
    std::vector<const Function *> Back;
    for (const FunctionGraph &G : TM.Functions)
      for (const ActionEdge &E : G.Edges)
        if (E.A.Kind == ActionKind::Call && E.A.Callback)
          append_range(Back, E.A.Callees);
    for (unsigned F : closure(Back, false))
      CalledBack[F] = true;
  }

  /// Functions with graphs reachable from Roots through calls and once.
  std::vector<unsigned> closure(ArrayRef<const Function *> Roots, bool) {
    std::vector<unsigned> Out;
    std::vector<bool> Seen(TM.Functions.size(), false);
    auto Visit = [&](const Function *F) {
      auto It = F ? Index.find(F) : Index.end();
      if (It != Index.end() && !Seen[It->second]) {
        Seen[It->second] = true;
        Out.push_back(It->second);
      }
    };
    for (const Function *F : Roots)
      Visit(F);
    for (size_t I = 0; I < Out.size(); ++I)
      for (const ActionEdge &E : TM.Functions[Out[I]].Edges)
        if (isCall(E.A))
          for (const Function *C : E.A.Callees)
            Visit(C);
    return Out;
  }

  unsigned functionOf(const llvm::Function *F) const {
    auto It = Index.find(F);
    return It == Index.end() ? ~0u : It->second;
  }
};

bool handlesMeet(ArrayRef<MemLoc> A, ArrayRef<MemLoc> B) {
  return any_of(A, [&](const MemLoc &L) {
    return any_of(B, [&](const MemLoc &K) { return L.mayAlias(K); });
  });
}

/// Which sites are tracked, and by which creating thread.
void classifySites(const ThreadModel &TM, const Reachability &R,
                   std::vector<JoinSite> &Sites) {
  const Module *M = nullptr;
  for (const CreationSite &S : TM.Creations)
    if (S.Call)
      M = S.Call->getModule();
  const Function *SetDetach =
      M ? M->getFunction("pthread_attr_setdetachstate") : nullptr;
  bool MayCreateDetached = SetDetach && !SetDetach->use_empty();

  Sites.clear();
  for (unsigned C = 0; C < TM.Creations.size(); ++C) {
    const CreationSite &S = TM.Creations[C];
    JoinSite JS;
    JS.Creation = C;
    unsigned F = R.functionOf(S.InFunction);
    TemplateId P = F == ~0u ? R.None : R.Runner[F];
    if (P == R.None)
      JS.Why = "no modelled thread runs it";
    else if (P == R.Many)
      JS.Why = "several threads run its function";
    else if (TM.Templates[P].Mult != Multiplicity::Once ||
             !TM.Templates[P].Entry)
      JS.Why =
          "its thread '" + TM.Templates[P].Name + "' may run more than once";
    else if (R.CalledBack[F])
      JS.Why = "a library calls its function back";
    else if (S.Targets.empty())
      JS.Why = "its start routine is unknown";
    else if (MayCreateDetached && S.Call && S.Call->arg_size() > 1 &&
             (!S.Call->getCalledFunction() ||
              S.Call->getCalledFunction()->getName() == "pthread_create") &&
             !isa<ConstantPointerNull>(S.Call->getArgOperand(1)))
      JS.Why = "its attributes may create it detached";
    if (P != R.None && P != R.Many)
      JS.Creator = P;
    if (JS.Why.empty() && S.HandleOperand >= 0 && S.Handles.size() == 1) {
      const MemLoc &L = S.Handles[0];
      const MemObject &O = TM.Objects[L.Obj];
      if (L.Offset == 0 && O.Singleton && !O.ElementsFolded &&
          (privateScalarHandle(O.Site, S.Call, S.HandleOperand) ||
           privateCxxThread(O.Site, S.Call)))
        JS.Handle = L.Obj;
    }
    JS.Tracked = JS.Why.empty();
    Sites.push_back(std::move(JS));
  }

  // Detaches anywhere, and joins by other threads, that may take a
  // site's instances.
  for (unsigned F = 0; F < TM.Functions.size(); ++F)
    for (const ActionEdge &E : TM.Functions[F].Edges) {
      const Action &A = E.A;
      if (A.Kind != ActionKind::Detach && A.Kind != ActionKind::Join)
        continue;
      for (JoinSite &JS : Sites) {
        if (!JS.Tracked)
          continue;
        const CreationSite &S = TM.Creations[JS.Creation];
        bool Named =
            A.JoinAll ? A.Creation == JS.Creation
                      : A.Objects.empty() || handlesMeet(A.Objects, S.Handles);
        if (!Named)
          continue;
        if (A.Kind == ActionKind::Detach) {
          JS.Why = "a detach at " + locText(A.Loc) + " may name it";
        } else if (R.Runner[F] != JS.Creator || R.CalledBack[F]) {
          JS.Why = "a join at " + locText(A.Loc) +
                   " by another thread may "
                   "take it";
        } else {
          continue;
        }
        JS.Tracked = false;
        JS.Handle = InvalidObject;
      }
    }
}

/// The dataflow in the functions one creating thread P runs.
class JoinFlow {
  const ThreadModel &TM;
  const Reachability &R;
  std::vector<unsigned> Sites; ///< Creation indices tracked for P.
  DenseMap<unsigned, unsigned> SiteOf;
  DenseMap<ObjectId, unsigned> ByHandle; ///< Private handle -> site.
  std::vector<unsigned> Funcs;           ///< Graph indices P runs.
  DenseMap<unsigned, unsigned> Local;
  /// By local function, by entry J/O/U: the exit counts (empty: never
  /// returns).
  std::vector<std::array<Vec, 3>> Sum;
  std::vector<std::vector<unsigned>> RPO; ///< By local function.

public:
  /// By local function: the counts at each node, from the entry counts.
  std::vector<std::vector<Vec>> States;

  JoinFlow(const ThreadModel &TM, const Reachability &R,
           const std::vector<JoinSite> &AllSites, TemplateId P)
      : TM(TM), R(R) {
    for (const JoinSite &JS : AllSites)
      if (JS.Tracked && JS.Creator == P) {
        SiteOf[JS.Creation] = Sites.size();
        if (JS.Handle != InvalidObject)
          ByHandle[JS.Handle] = Sites.size();
        Sites.push_back(JS.Creation);
      }
    Funcs = R.Reach[P];
    for (unsigned I = 0; I < Funcs.size(); ++I) {
      Local[Funcs[I]] = I;
      RPO.push_back(visitOrder(TM.Functions[Funcs[I]]));
    }
  }

  unsigned numSites() const { return Sites.size(); }
  const std::vector<unsigned> &functions() const { return Funcs; }
  std::optional<unsigned> siteIndex(unsigned Creation) const {
    auto It = SiteOf.find(Creation);
    if (It == SiteOf.end())
      return std::nullopt;
    return It->second;
  }

  void run() {
    const size_t K = Sites.size();
    if (K == 0 || Funcs.empty())
      return;
    Sum.assign(Funcs.size(), {});
    // Bottom-up summaries: Kleene iteration from "never returns".
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned L = Funcs.size(); L-- > 0;)
        for (uint8_t V = J; V <= U; ++V) {
          std::vector<Vec> S = flow(L, Vec(K, Count(V)));
          const Vec &Exit = S[TM.Functions[Funcs[L]].Exit];
          if (Exit != Sum[L][V]) {
            Sum[L][V] = Exit;
            Changed = true;
          }
        }
    }
    // Top-down entries: P's entry with nothing created, callers' counts,
    // anything for a call-back.
    std::vector<Vec> Entry(Funcs.size());
    States.assign(Funcs.size(), {});
    std::vector<unsigned> Work;
    Entry[0] = Vec(K, J); // Funcs[0] is P's entry function.
    Work.push_back(0);
    std::vector<bool> Queued(Funcs.size(), false);
    Queued[0] = true;
    while (!Work.empty()) {
      unsigned L = Work.back();
      Work.pop_back();
      Queued[L] = false;
      States[L] = flow(L, Entry[L]);
      if (L == 0)
        enterExitHandlers(Entry, Queued, Work);
      for (const ActionEdge &E : TM.Functions[Funcs[L]].Edges) {
        if (!isCall(E.A) || States[L][E.From].empty())
          continue;
        Vec In = E.A.Callback ? Vec(K, U) : States[L][E.From];
        for (const Function *C : E.A.Callees) {
          auto It = Local.find(R.functionOf(C));
          if (It == Local.end())
            continue;
          if (mergeInto(Entry[It->second], In) && !Queued[It->second]) {
            Queued[It->second] = true;
            Work.push_back(It->second);
          }
        }
      }
    }
  }

private:
  static bool mergeInto(Vec &To, const Vec &From) { return To.merge(From); }

  /// exit-handlers: when P is main's thread, the handlers run one after
  /// another from the counts main returns with.
  void enterExitHandlers(std::vector<Vec> &Entry, std::vector<bool> &Queued,
                         std::vector<unsigned> &Work) const {
    if (TM.Templates.empty() || Funcs.empty() ||
        TM.Functions[Funcs[0]].F != TM.Templates[0].Entry)
      return;
    const FunctionGraph &Main = TM.Functions[Funcs[0]];
    Vec In = Main.Exit < States[0].size() ? States[0][Main.Exit] : Vec();
    for (const Function *H : TM.ExitHandlers) {
      auto It = Local.find(R.functionOf(H));
      if (In.empty() || It == Local.end())
        return;
      if (mergeInto(Entry[It->second], In) && !Queued[It->second]) {
        Queued[It->second] = true;
        Work.push_back(It->second);
      }
      In = callEffect(H, In);
    }
  }

  /// The counts after calling Callees with counts X (empty: no callee
  /// returns; X: no callee is P's).
  Vec callEffect(ArrayRef<const Function *> Callees, const Vec &X) const {
    Vec Out;
    bool Any = false;
    for (const Function *C : Callees) {
      auto It = Local.find(R.functionOf(C));
      if (It == Local.end())
        continue;
      Any = true;
      const std::array<Vec, 3> &S = Sum[It->second];
      if (any_of(S, [](const Vec &V) { return V.empty(); }))
        continue; // Never returns (so far).
      // Site by site, the summary of the count it has: word by word.
      BitVector IsJ = X.Some, IsO = X.Some, IsU = X.Many;
      IsJ.flip();
      IsO.reset(X.Many);
      Vec Y;
      Y.Some = S[J].Some;
      Y.Some &= IsJ;
      Y.Many = S[J].Many;
      Y.Many &= IsJ;
      for (auto [C, Mask] : {std::pair{O, &IsO}, std::pair{U, &IsU}}) {
        BitVector T = S[C].Some;
        T &= *Mask;
        Y.Some |= T;
        T = S[C].Many;
        T &= *Mask;
        Y.Many |= T;
      }
      mergeInto(Out, Y);
    }
    return Any ? Out : X;
  }

  /// The counts after edge E from counts X (empty: the path ends).
  Vec transfer(const ActionEdge &E, const Vec &X) const {
    const Action &A = E.A;
    switch (A.Kind) {
    case ActionKind::Create: {
      Vec Y = X;
      if (auto S = siteIndex(A.Creation))
        Y.set(*S, Y.at(*S) == J ? O : U);
      return Y;
    }
    case ActionKind::Join: {
      Vec Y = X;
      if (A.JoinAll) {
        if (auto S = siteIndex(A.Creation))
          Y.set(*S, J);
        return Y;
      }
      if (A.Objects.size() != 1 || A.Objects[0].Offset != 0)
        return Y;
      auto It = ByHandle.find(A.Objects[0].Obj);
      if (It != ByHandle.end() && Y.at(It->second) == O &&
          (joinLoadsNow(A.Inst, TM.Objects[It->first].Site) ||
           joinsObject(A.Inst, TM.Objects[It->first].Site)))
        Y.set(It->second, J);
      return Y;
    }
    case ActionKind::Call:
    case ActionKind::Once: {
      Vec Y = callEffect(A.Callees, X);
      // A once body or a call-back may not run here.
      if (A.Kind == ActionKind::Once || A.Callback) {
        Vec Z = X;
        mergeInto(Z, Y);
        return Z;
      }
      return Y;
    }
    case ActionKind::Internal:
    case ActionKind::Read:
    case ActionKind::Write:
    case ActionKind::Detach:
    case ActionKind::Cancel:
    case ActionKind::HandleCopy: // A join through the copy orders nothing.
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
    case ActionKind::Assign:
    case ActionKind::Assume:
    case ActionKind::NotJoinable: // std::thread handles are not tracked here.
    case ActionKind::AtomicUpdate:
      return X;
    }
    llvm_unreachable("a kind ActionKinds.def does not list");
  }

  /// Forward dataflow over local function L from entry counts In.
  std::vector<Vec> flow(unsigned L, const Vec &In) const {
    const FunctionGraph &G = TM.Functions[Funcs[L]];
    if (In.empty())
      return std::vector<Vec>(G.NumNodes);
    return forwardFlow(
        G, RPO[L], In,
        [&](const ActionEdge &E, const Vec &X) { return transfer(E, X); },
        [&](Vec &Into, const Vec &X) { return mergeInto(Into, X); });
  }
};

} // namespace

void computeJoinFacts(const ThreadModel &TM, OrderFacts &F) {
  Reachability R(TM);
  classifySites(TM, R, F.JoinSites);

  std::vector<TemplateId> Creators;
  for (const JoinSite &JS : F.JoinSites)
    if (JS.Tracked && !is_contained(Creators, JS.Creator))
      Creators.push_back(JS.Creator);
  llvm::sort(Creators);

  std::map<std::vector<TemplateId>, uint32_t> SetIds;
  SetIds[{}] = 0;
  for (TemplateId P : Creators) {
    // Templates whose every instance P creates and may join.
    std::vector<TemplateId> Joinable;
    for (const ThreadTemplate &T : TM.Templates)
      if (T.Id != P && !T.CreatedBy.empty() && !R.CreatesAny[T.Id] &&
          all_of(T.CreatedBy, [&](unsigned C) {
            return F.JoinSites[C].Tracked && F.JoinSites[C].Creator == P;
          }))
        Joinable.push_back(T.Id);
    if (Joinable.empty() || R.Reach[P].empty() ||
        TM.Functions[R.Reach[P][0]].F != TM.Templates[P].Entry)
      continue;
    std::string Jump;
    for (unsigned Fn : R.Reach[P])
      if (Jump.empty())
        Jump = returnsTwiceCallee(TM.Functions[Fn]);
    if (!Jump.empty()) {
      F.JoinNotApplied.push_back(
          {P, "its thread calls '" + Jump +
                  "': a longjmp may return before a join after it"});
      continue;
    }

    JoinFlow Flow(TM, R, F.JoinSites, P);
    Flow.run();
    // By access: the templates joined on all its edges so far.
    std::map<AccessId, std::vector<TemplateId>> Joined;
    for (unsigned L = 0; L < Flow.functions().size(); ++L) {
      const FunctionGraph &G = TM.Functions[Flow.functions()[L]];
      for (const ActionEdge &E : G.Edges) {
        if (E.A.Kind != ActionKind::Read && E.A.Kind != ActionKind::Write)
          continue;
        static const Vec None;
        const std::vector<Vec> &S = Flow.States[L];
        const Vec &X = E.From < S.size() ? S[E.From] : None;
        std::vector<TemplateId> Here;
        if (!X.empty())
          for (TemplateId T : Joinable)
            if (all_of(TM.Templates[T].CreatedBy, [&](unsigned C) {
                  return X.at(*Flow.siteIndex(C)) == J;
                }))
              Here.push_back(T);
        auto [It, New] = Joined.try_emplace(E.A.Acc, Here);
        if (!New)
          erase_if(It->second,
                   [&](TemplateId T) { return !is_contained(Here, T); });
      }
    }
    // joined-instance: an access through the record of the thread a join
    // loop just joined is ordered with every access of the site's
    // templates: the joined instance ran before it, and the others never
    // touch that record (each owns its own). Not for templates that create
    // threads: a child could outlive its joined parent.
    for (const Access &A : TM.Accesses) {
      if (A.JoinedInstance < 0 || !F.JoinSites[A.JoinedInstance].Tracked ||
          F.JoinSites[A.JoinedInstance].Creator != P || !Joined.count(A.Id))
        continue;
      std::vector<TemplateId> &Ts = Joined[A.Id];
      for (TemplateId T : TM.Creations[A.JoinedInstance].Targets)
        if (!R.CreatesAny[T] && !is_contained(Ts, T))
          Ts.push_back(T);
      llvm::sort(Ts);
    }
    for (auto &[A, Ts] : Joined) {
      if (Ts.empty())
        continue;
      auto [It, New] = SetIds.try_emplace(Ts, F.JoinedSets.size());
      if (New)
        F.JoinedSets.push_back(Ts);
      F.JoinedBefore[uint64_t(P) << 32 | A] = It->second;
    }
  }
}

} // namespace mhp
} // namespace racesift
