//===- CxxThreadCallables.cpp - std::thread construction per callable -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cxx-thread-callables (docs/design-threadmodel.md): `std::thread a(loader),
// b(user)` instantiates one constructor, one state type and one `_M_run` for
// both plain functions, so a context-insensitive points-to analysis lets
// each thread run either. On a copy of the module, each distinct callable a
// user function hands a thread-constructing library function gets its own
// copy of the library code between that call and the thread's body: the
// constructor, the state's constructors, its vtable and `_M_run`. The
// copies are the library's own code, so the program's behaviour is that of
// the original.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>

using namespace llvm;

namespace racesift {

bool isStdName(StringRef N) {
  // `Sa` and `Sb` abbreviate std::allocator and std::basic_string.
  return N.starts_with("_ZNSt") || N.starts_with("_ZNKSt") ||
         N.starts_with("_ZSt") || N.starts_with("_ZZNSt") ||
         N.starts_with("_ZZNKSt") || N.starts_with("_ZN9__gnu_cxx") ||
         N.starts_with("_ZNK9__gnu_cxx") || N.starts_with("_ZNSa") ||
         N.starts_with("_ZNKSa") || N.starts_with("_ZNSb") ||
         N.starts_with("_ZNKSb");
}

namespace {

/// Library code copied per call site at most: past it (or past the
/// module's share) the callables stay merged, as before (deterministic).
constexpr unsigned MaxFunctionsPerCopy = 160;
constexpr unsigned MaxFunctionsCopied = 1600;

bool isStdVTable(const GlobalVariable &GV) {
  StringRef N = GV.getName();
  return GV.isConstant() && GV.hasInitializer() &&
         (N.starts_with("_ZTVNSt") || N.starts_with("_ZTVSt"));
}

/// std::thread's (and libc++'s std::__1::thread's) callable constructors.
bool isThreadConstructor(StringRef N) {
  for (StringRef P : {"_ZNSt6threadC1I", "_ZNSt6threadC2I",
                      "_ZNSt3__16threadC1I", "_ZNSt3__16threadC2I"})
    if (N.starts_with(P))
      return true;
  return false;
}

/// Library functions the model recognises by name stay as they are.
bool mayCopy(const Function &F) {
  StringRef N = F.getName();
  return !F.isDeclaration() && isStdName(N) && !lookupSyncApi(N) &&
         !lookupCreateApi(N) && !isCxxStartThread(N) && !isCxxSyncFunction(N);
}

/// What the library code of the module refers to: per copyable function or
/// library vtable, the copyable functions and vtables it names; and those
/// from which a thread constructor is reached.
struct LibraryRefs {
  DenseMap<const GlobalValue *, SmallVector<const GlobalValue *, 8>> Refs;
  DenseSet<const GlobalValue *> ReachesConstructor;
};

void collectRefs(const Constant *C, SmallVectorImpl<const GlobalValue *> &Out,
                 DenseSet<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (auto *F = dyn_cast<Function>(C)) {
    if (mayCopy(*F))
      Out.push_back(F);
    return;
  }
  if (auto *GV = dyn_cast<GlobalVariable>(C)) {
    if (isStdVTable(*GV))
      Out.push_back(GV);
    return;
  }
  if (isa<GlobalValue>(C))
    return;
  for (const Use &Op : C->operands())
    if (auto *OC = dyn_cast<Constant>(Op))
      collectRefs(OC, Out, Seen);
}

LibraryRefs libraryRefsOf(const Module &M) {
  LibraryRefs L;
  DenseMap<const GlobalValue *, SmallVector<const GlobalValue *, 4>> Callers;
  std::vector<const GlobalValue *> Work;
  auto Add = [&](const GlobalValue *N, SmallVector<const GlobalValue *, 8> R) {
    for (const GlobalValue *X : R)
      Callers[X].push_back(N);
    L.Refs[N] = std::move(R);
    if (isThreadConstructor(N->getName()) &&
        L.ReachesConstructor.insert(N).second)
      Work.push_back(N);
  };
  for (const Function &F : M) {
    if (!mayCopy(F))
      continue;
    SmallVector<const GlobalValue *, 8> Out;
    DenseSet<const Constant *> Seen;
    for (const Instruction &Inst : instructions(F))
      for (const Use &Op : Inst.operands())
        if (auto *C = dyn_cast<Constant>(Op))
          collectRefs(C, Out, Seen);
    Add(&F, std::move(Out));
  }
  for (const GlobalVariable &GV : M.globals()) {
    if (!isStdVTable(GV))
      continue;
    SmallVector<const GlobalValue *, 8> Out;
    DenseSet<const Constant *> Seen;
    collectRefs(GV.getInitializer(), Out, Seen);
    Add(&GV, std::move(Out));
  }
  while (!Work.empty()) {
    const GlobalValue *N = Work.back();
    Work.pop_back();
    for (const GlobalValue *C : Callers.lookup(N))
      if (L.ReachesConstructor.insert(C).second)
        Work.push_back(C);
  }
  return L;
}

/// What a copy for calls of Root needs: the functions on the way from Root
/// to a thread constructor, and everything the constructors reach, in the
/// order met (so the copies are the same every run); empty past the limit.
SetVector<const GlobalValue *> partToCopy(const Function &Root,
                                          const LibraryRefs &L) {
  SetVector<const GlobalValue *> Part;
  Part.insert(&Root);
  for (size_t I = 0; I < Part.size(); ++I)
    for (const GlobalValue *R : L.Refs.lookup(Part[I]))
      if (L.ReachesConstructor.count(R))
        Part.insert(R);
  // Down from the constructors: all they reach.
  SetVector<const GlobalValue *> Below;
  for (const GlobalValue *N : Part)
    if (isThreadConstructor(N->getName()))
      Below.insert(N);
  for (size_t I = 0; I < Below.size() && Below.size() <= MaxFunctionsPerCopy;
       ++I)
    for (const GlobalValue *R : L.Refs.lookup(Below[I]))
      Below.insert(R);
  Part.insert(Below.begin(), Below.end());
  if (Part.size() > MaxFunctionsPerCopy)
    return {};
  return Part;
}

/// The functions a call hands the library: direct function operands, and
/// the functions stored in a local temporary passed by address (`&f`,
/// `&W::run` are passed as references to such temporaries at -O0).
std::vector<std::pair<unsigned, const Function *>>
callablesOf(const CallBase &CB) {
  std::vector<std::pair<unsigned, const Function *>> Key;
  for (unsigned I = 0; I < CB.arg_size(); ++I) {
    const Value *A = CB.getArgOperand(I)->stripPointerCasts();
    if (auto *F = dyn_cast<Function>(A)) {
      Key.push_back({I, F});
      continue;
    }
    auto *Slot = dyn_cast<AllocaInst>(A);
    if (!Slot)
      continue;
    for (const User *U : Slot->users()) {
      auto *SI = dyn_cast<StoreInst>(U);
      auto *C = SI && SI->getPointerOperand() == Slot
                    ? dyn_cast<Constant>(SI->getValueOperand())
                    : nullptr;
      if (!C)
        continue;
      SmallVector<const Constant *, 4> Work{C};
      while (!Work.empty()) {
        const Constant *X = Work.pop_back_val();
        if (auto *F = dyn_cast<Function>(X))
          Key.push_back({I, F});
        else if (!isa<GlobalValue>(X))
          for (const Use &Op : X->operands())
            Work.push_back(cast<Constant>(Op));
      }
    }
  }
  llvm::sort(Key, [](const auto &X, const auto &Y) {
    return std::make_pair(X.first, X.second->getName()) <
           std::make_pair(Y.first, Y.second->getName());
  });
  Key.erase(std::unique(Key.begin(), Key.end()), Key.end());
  return Key;
}

using CallableKey = std::vector<std::pair<unsigned, const Function *>>;

/// The calls to redirect: per library root, per callable after the first,
/// the calls handing it over.
struct SplitPlan {
  struct Group {
    const Function *Root;
    SetVector<const GlobalValue *> Part;
    std::vector<CallBase *> Calls;
  };
  std::vector<Group> Groups;
};

SplitPlan planSplit(const Module &M) {
  SplitPlan Plan;
  bool AnyConstructor = any_of(
      M, [](const Function &F) { return isThreadConstructor(F.getName()); });
  if (!AnyConstructor)
    return Plan;
  LibraryRefs L = libraryRefsOf(M);
  // Per root, the callables in the order met and their calls.
  using CallsByKey = MapVector<CallableKey, std::vector<CallBase *>,
                               std::map<CallableKey, unsigned>>;
  MapVector<const Function *, CallsByKey> Sites;
  for (const Function &U : M) {
    if (U.isDeclaration() || isStdName(U.getName()))
      continue;
    for (const Instruction &I : instructions(U)) {
      auto *CB = dyn_cast<CallBase>(&I);
      const Function *F = CB ? CB->getCalledFunction() : nullptr;
      if (!F || !L.ReachesConstructor.count(F))
        continue;
      CallableKey Key = callablesOf(*CB);
      if (!Key.empty())
        Sites[F][Key].push_back(const_cast<CallBase *>(CB));
    }
  }
  unsigned Copied = 0;
  for (auto &[Root, ByKey] : Sites) {
    if (ByKey.size() < 2)
      continue;
    SetVector<const GlobalValue *> Part = partToCopy(*Root, L);
    if (Part.empty())
      continue;
    // The first callable keeps the original code.
    for (auto It = std::next(ByKey.begin()); It != ByKey.end(); ++It) {
      if (Copied + Part.size() > MaxFunctionsCopied)
        return Plan;
      Copied += Part.size();
      Plan.Groups.push_back({Root, Part, It->second});
    }
  }
  return Plan;
}

} // namespace

bool hasMergedCxxThreadCallables(const Module &M) {
  return !planSplit(M).Groups.empty();
}

bool splitCxxThreadCallables(Module &M) {
  SplitPlan Plan = planSplit(M);
  unsigned Copy = 0;
  for (SplitPlan::Group &G : Plan.Groups) {
    std::string Suffix = ".racesift" + std::to_string(++Copy);
    ValueToValueMapTy VMap;
    std::vector<std::pair<Function *, const Function *>> Functions;
    std::vector<std::pair<GlobalVariable *, const GlobalVariable *>> VTables;
    for (const GlobalValue *N : G.Part) {
      if (auto *F = dyn_cast<Function>(N)) {
        Function *NF =
            Function::Create(F->getFunctionType(), GlobalValue::InternalLinkage,
                             F->getAddressSpace(), F->getName() + Suffix, &M);
        VMap[F] = NF;
        Functions.push_back({NF, F});
      } else {
        auto *GV = cast<GlobalVariable>(N);
        auto *NG = new GlobalVariable(
            M, GV->getValueType(), /*isConstant=*/true,
            GlobalValue::InternalLinkage, nullptr, GV->getName() + Suffix,
            nullptr, GV->getThreadLocalMode(), GV->getAddressSpace());
        NG->setAlignment(GV->getAlign());
        VMap[GV] = NG;
        VTables.push_back({NG, GV});
      }
    }
    for (auto &[NF, F] : Functions) {
      for (auto [A, NA] : zip(F->args(), NF->args())) {
        NA.setName(A.getName());
        VMap[&A] = &NA;
      }
      SmallVector<ReturnInst *, 4> Returns;
      CloneFunctionInto(NF, F, VMap, CloneFunctionChangeType::GlobalChanges,
                        Returns);
      NF->setLinkage(GlobalValue::InternalLinkage);
      NF->setVisibility(GlobalValue::DefaultVisibility);
      NF->setComdat(nullptr);
    }
    for (auto &[NG, GV] : VTables)
      NG->setInitializer(MapValue(GV->getInitializer(), VMap));
    auto *Root = cast<Function>(VMap[G.Root]);
    for (CallBase *CB : G.Calls)
      CB->setCalledFunction(Root);
  }
  return !Plan.Groups.empty();
}

} // namespace racesift
