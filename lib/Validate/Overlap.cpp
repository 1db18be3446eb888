//===- Overlap.cpp - Whether the two racing accesses touch one byte -------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A confirmed race needs the two accesses to touch a common byte. Loads,
// stores, and counted copies and fills (memcpy, memset and their
// intrinsics) touch an exact range, and input functions (fgets, read) up
// to their count, all of it for some input; a string function touches the
// byte its pointer names and maybe more, so only that byte is certain;
// free touches its whole object.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace racesift {
namespace validate {

/// The argument that counts the bytes a call touches through its argument
/// Arg, or -1: exactly, or, for input functions, at most, where some input
/// (the file's or the socket's contents, which the replay does not fix)
/// fills them all.
static int countArgument(const CallBase &CB, int Arg) {
  if (isa<AnyMemIntrinsic>(CB))
    return 2; // Destination, source, length.
  const Function *F = CB.getCalledFunction();
  if (!F)
    return -1;
  StringRef N = F->getName();
  if (N == "memcpy" || N == "memmove" || N == "mempcpy" || N == "memset")
    return 2;
  if (N == "bzero" || N == "explicit_bzero")
    return 1;
  if (N == "strncpy" && Arg == 0) // Pads with zeros up to n.
    return 2;
  if (N == "fgets" || N == "fgets_unlocked")
    return 1;
  if (N == "read" || N == "pread" || N == "pread64" || N == "recv" ||
      N == "recvfrom")
    return 2;
  return -1;
}

/// Calls that touch the whole object their pointer is in.
/// The row of CB's callee and the first access it makes through argument
/// Arg, if it has a row and one.
static std::optional<std::pair<const LibcFunction *, LibcExtent>>
libcAccessOf(const CallBase &CB, int Arg) {
  const Function *F = CB.getCalledFunction();
  const LibcFunction *Row = F ? lookupLibc(F->getName()) : nullptr;
  if (!Row)
    return std::nullopt;
  for (const LibcAccess &A : Row->Accesses)
    if (A.Arg == Arg)
      return std::make_pair(Row, A.Extent);
  return std::nullopt;
}

/// Whether the call touches its argument Arg's whole object, wherever in it
/// the argument points: free, realloc, operator delete.
static bool touchesObject(const CallBase &CB, int Arg) {
  const Function *F = CB.getCalledFunction();
  StringRef N = F ? F->getName() : "";
  if (N == "cfree" || N.starts_with("_ZdlPv") || N.starts_with("_ZdaPv"))
    return true;
  auto A = libcAccessOf(CB, Arg);
  return A && A->second == LibcExtent::Block;
}

/// The bytes a call touches from argument Arg on when its row bounds them
/// (a std::string member's `*this`, a tree node through its links), or 0.
static uint64_t objectBytes(const CallBase &CB, int Arg) {
  auto A = libcAccessOf(CB, Arg);
  return A ? libcExtentBytes(*A->first, A->second, CB, Arg) : 0;
}

static std::string calleeName(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F ? "'" + displayName(F->getName()) + "'" : "an indirect call";
}

std::optional<std::pair<Val, uint64_t>> Replayer::accessRange(Path &P,
                                                              unsigned T) {
  Frame &F = P.Threads[T].Stack.back();
  const Instruction &I = *F.It;
  const Value *Ptr = nullptr;
  Type *Ty = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    Ptr = LI->getPointerOperand();
    Ty = LI->getType();
  } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
    Ptr = SI->getPointerOperand();
    Ty = SI->getValueOperand()->getType();
  } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Ptr = RMW->getPointerOperand();
    Ty = RMW->getValOperand()->getType();
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Ptr = CX->getPointerOperand();
    Ty = CX->getNewValOperand()->getType();
  }
  if (!Ptr)
    return std::nullopt;
  return std::make_pair(eval(P, F, Ptr), uint64_t(DL.getTypeStoreSize(Ty)));
}

uint64_t Replayer::objectOf(const Path &P, uint64_t Addr) const {
  auto It = P.Objects.upper_bound(Addr);
  if (It == P.Objects.begin())
    return ~uint64_t(0);
  --It;
  return Addr <= It->first + It->second ? It->first : ~uint64_t(0);
}

std::optional<Replayer::Touch> Replayer::touchOf(Path &P, unsigned T,
                                                 AccessId Acc) {
  Touch X;
  if (auto R = accessRange(P, T)) {
    X.Addr = R->first;
    X.Size = Val::constant(64, R->second);
    return X;
  }
  Frame &F = P.Threads[T].Stack.back();
  auto *CB = dyn_cast<CallBase>(&*F.It);
  if (!CB)
    return std::nullopt;
  X.Callee = calleeName(*CB);
  const Access *A = Acc < TM.Accesses.size() ? &TM.Accesses[Acc] : nullptr;
  if (!A || A->Inst != CB || unsigned(A->Arg) >= CB->arg_size() ||
      touchesObject(*CB, A->Arg)) {
    // Somewhere in the objects of its pointer arguments (of the one it
    // frees); none: the function's hidden state, which every call touches.
    X.InObjectOf.emplace();
    for (const Use &U : CB->args())
      if (U->getType()->isPointerTy() &&
          (!A || A->Arg < 0 || U.getOperandNo() == unsigned(A->Arg)))
        X.InObjectOf->push_back(eval(P, F, U.get()));
    if (A && A->Arg < 0)
      X.InObjectOf->clear();
    return X;
  }
  X.Addr = eval(P, F, CB->getArgOperand(A->Arg));
  int N = countArgument(*CB, A->Arg);
  const Function *Callee = CB->getCalledFunction();
  StringRef Name = Callee ? Callee->getName() : "";
  // An array of nmemb elements of size bytes: fread's buffer (all of it
  // for a long enough file), the array qsort sorts or bsearch searches
  // (none of it when nmemb is 0).
  int Elems = -1;
  if (Name == "fread" && CB->arg_size() == 4)
    Elems = 1;
  else if ((Name == "qsort" || Name == "qsort_r") && A->Arg == 0)
    Elems = 1;
  else if (Name == "bsearch" && A->Arg == 1)
    Elems = 2;
  if (uint64_t Bytes = objectBytes(*CB, A->Arg)) {
    X.Size = Val::constant(64, Bytes);
  } else if (Elems >= 0 && unsigned(Elems + 1) < CB->arg_size()) {
    X.Size = *Ops.binary(
        Instruction::Mul, Ops.zext(eval(P, F, CB->getArgOperand(Elems)), 64),
        Ops.zext(eval(P, F, CB->getArgOperand(Elems + 1)), 64));
  } else if (N >= 0 && unsigned(N) < CB->arg_size()) {
    X.Size = Ops.zext(eval(P, F, CB->getArgOperand(N)), 64);
  } else {
    X.Size = Val::constant(64, 1);
    X.Exact = false;
  }
  return X;
}

z3::expr Replayer::meets(Path &P, const Touch &A, const Touch &B,
                         std::string &Unsure) {
  Unsure.clear();
  if (!A.Exact || !B.Exact) {
    // A library function stays within the object it is given: pointers
    // into two different live objects (each thread's own buffer) never
    // meet, however many bytes the call touches.
    if (A.Addr && B.Addr && A.Addr->isConst() && B.Addr->isConst()) {
      uint64_t OA = objectOf(P, A.Addr->K->getZExtValue());
      uint64_t OB = objectOf(P, B.Addr->K->getZExtValue());
      if (OA != ~uint64_t(0) && OB != ~uint64_t(0) && OA != OB)
        return Ctx.bool_val(false);
    }
    Unsure = "how many bytes " + (A.Exact ? B.Callee : A.Callee) +
             " touches is not known before it runs";
  }
  if (A.InObjectOf || B.InObjectOf) {
    const Touch &W = A.InObjectOf ? A : B, &O = A.InObjectOf ? B : A;
    if (W.InObjectOf->empty() || (O.InObjectOf && O.InObjectOf->empty()))
      return Ctx.bool_val(true); // Hidden state.
    std::vector<Val> Others =
        O.InObjectOf ? *O.InObjectOf : std::vector<Val>{*O.Addr};
    // Two pointers meet if one is in the other's object; a pointer in no
    // object (free(NULL)) touches nothing; two unknown ones cannot tell.
    z3::expr Any = Ctx.bool_val(false);
    auto InObject = [&](const Val &C, const Val &V) -> std::optional<z3::expr> {
      uint64_t Base = objectOf(P, C.K->getZExtValue());
      if (Base == ~uint64_t(0))
        return std::nullopt;
      uint64_t Size = P.Objects.at(Base);
      if (V.isConst())
        return Ctx.bool_val(objectOf(P, V.K->getZExtValue()) == Base);
      z3::expr E = Ops.expr(V);
      return z3::uge(E, Ctx.bv_val(Base, 64)) &&
             z3::ult(E, Ctx.bv_val(Base + Size, 64));
    };
    for (const Val &X : *W.InObjectOf)
      for (const Val &Y : Others) {
        std::optional<z3::expr> C;
        if (X.isConst())
          C = InObject(X, Y);
        else if (Y.isConst())
          C = InObject(Y, X);
        else
          Unsure = "whether the object " + W.Callee +
                   " touches is the other access's depends on pointers "
                   "the replay does not know";
        if (C)
          Any = Any || *C;
      }
    return Any.simplify();
  }
  // [a, a+n) and [b, b+m) overlap; a string function's [p, p+1) is the
  // part it certainly touches.
  if (A.Addr->isConst() && B.Addr->isConst() && A.Size.isConst() &&
      B.Size.isConst()) {
    // Concrete addresses need no solver.
    uint64_t X = A.Addr->K->getZExtValue(), Y = B.Addr->K->getZExtValue();
    uint64_t N = A.Size.K->getZExtValue(), M = B.Size.K->getZExtValue();
    return Ctx.bool_val(X < Y + M && Y < X + N);
  }
  z3::expr X = Ops.expr(*A.Addr), Y = Ops.expr(*B.Addr);
  z3::expr XE = X + Ops.expr(A.Size), YE = Y + Ops.expr(B.Size);
  return z3::ult(X, YE) && z3::ult(Y, XE);
}

} // namespace validate
} // namespace racesift
