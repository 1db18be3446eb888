//===- Determined.cpp - Library results the program's own data decides ----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A library function without a body returns an input: any value. For a
// string or formatting function whose arguments the program made itself
// (sscanf of a constant line, snprintf into a buffer, strtol of a number
// it printed), the value is fixed by those arguments, and a confirmed race
// that needed another value was a claim the program cannot take. The
// common string functions are computed when their bytes are concrete; the
// others' results are untrusted then (Path::Untrusted): a race whose
// interleaving depends on one is reported as possible. Arguments with
// input bytes (argv, what read returned) keep the result an input. strcpy,
// stpcpy and strcat of concrete strings are replayed.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <strings.h>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
constexpr uint64_t MaxString = 256;

/// Functions whose result their arguments (and the bytes they point to)
/// fix.
bool isDetermined(StringRef N) {
  return isOneOf(N, {"strlen",
                     "strnlen",
                     "strcmp",
                     "strncmp",
                     "strcasecmp",
                     "strncasecmp",
                     "memcmp",
                     "atoi",
                     "atol",
                     "atoll",
                     "strtol",
                     "strtoul",
                     "strtoll",
                     "strtoull",
                     "__isoc23_strtol",
                     "__isoc23_strtoul",
                     "__isoc23_strtoll",
                     "__isoc23_strtoull",
                     "snprintf",
                     "sprintf",
                     "vsnprintf",
                     "vsprintf",
                     "sscanf",
                     "__isoc99_sscanf",
                     "__isoc23_sscanf",
                     "strspn",
                     "strcspn",
                     "pthread_getname_np",
                     "pthread_setname_np"});
}
} // namespace

std::optional<std::string> Replayer::concreteString(Path &P, const Val &Ptr,
                                                    uint64_t Limit,
                                                    LLVMContext &C) {
  if (!Ptr.isConst())
    return std::nullopt;
  uint64_t A = Ptr.K->getZExtValue();
  if (!A)
    return std::nullopt;
  std::string S;
  Type *I8 = Type::getInt8Ty(C);
  for (uint64_t I = 0; I < Limit; ++I) {
    Val B = load(P, A + I, I8, "");
    if (!B.isConst())
      return std::nullopt;
    char Ch = char(B.K->getZExtValue());
    if (!Ch)
      return S;
    S.push_back(Ch);
  }
  return S;
}

void Replayer::storeString(Path &P, uint64_t Addr, const std::string &S) {
  for (size_t I = 0; I <= S.size(); ++I)
    P.Mem.set(Addr + I, Val::constant(8, I < S.size() ? uint8_t(S[I]) : 0));
}

std::optional<bool> Replayer::stringCopy(Path &P, unsigned T,
                                         const CallBase &CB, StringRef N) {
  if (!isOneOf(N, {"strcpy", "stpcpy", "strcat"}) || CB.arg_size() != 2)
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  Val Dst = eval(P, F, CB.getArgOperand(0));
  std::optional<std::string> Src =
      concreteString(P, eval(P, F, CB.getArgOperand(1)), 4096, CB.getContext());
  if (!Dst.isConst() || !Src)
    return std::nullopt; // Input bytes: not replayed, as before.
  uint64_t D = Dst.K->getZExtValue();
  if (N == "strcat") {
    std::optional<std::string> Head =
        concreteString(P, Dst, 4096, CB.getContext());
    if (!Head)
      return std::nullopt;
    D += Head->size();
  }
  storeString(P, D, *Src);
  finishCall(P, T, CB,
             Val::constant(64, N == "stpcpy" ? D + Src->size()
                                             : Dst.K->getZExtValue()));
  return true;
}

std::optional<bool> Replayer::determinedCall(Path &P, unsigned T,
                                             const CallBase &CB, StringRef N) {
  if (std::optional<bool> Copied = stringCopy(P, T, CB, N))
    return Copied;
  if (!isDetermined(N))
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  Type *RT = CB.getType();
  if (!RT->isIntegerTy())
    return std::nullopt;
  unsigned RW = RT->getIntegerBitWidth();
  // Every argument concrete, every string argument's bytes too: else an
  // input (argv's bytes, a number read from a file) decides the result.
  std::vector<Val> Args;
  for (const Use &U : CB.args())
    Args.push_back(eval(P, F, U.get()));
  std::vector<std::optional<std::string>> Strings(Args.size());
  for (size_t I = 0; I < Args.size(); ++I) {
    if (!Args[I].isConst())
      return std::nullopt;
    if (CB.getArgOperand(I)->getType()->isPointerTy() && N != "memcmp" &&
        !((N == "snprintf" || N == "sprintf" || N == "vsnprintf" ||
           N == "vsprintf") &&
          I == 0)) {
      Strings[I] = concreteString(P, Args[I], MaxString, CB.getContext());
      if (!Strings[I] && Args[I].K->getZExtValue())
        return std::nullopt;
    }
  }
  auto Done = [&](int64_t V) {
    finishCall(P, T, CB, Val::constant(RW, uint64_t(V)));
    return true;
  };
  auto Str = [&](size_t I) -> const std::string & { return *Strings[I]; };
  auto Has = [&](size_t I) { return I < Strings.size() && Strings[I]; };
  auto Count = [&](size_t I) { return Args[I].K->getZExtValue(); };
  if ((N == "strlen" || N == "strnlen") && Has(0))
    return Done(N == "strnlen" ? std::min<uint64_t>(Str(0).size(), Count(1))
                               : Str(0).size());
  if ((N == "strcmp" || N == "strcasecmp") && Has(0) && Has(1))
    return Done(N == "strcmp" ? std::strcmp(Str(0).c_str(), Str(1).c_str())
                              : strcasecmp(Str(0).c_str(), Str(1).c_str()));
  if ((N == "strncmp" || N == "strncasecmp") && Has(0) && Has(1))
    return Done(N == "strncmp"
                    ? std::strncmp(Str(0).c_str(), Str(1).c_str(), Count(2))
                    : strncasecmp(Str(0).c_str(), Str(1).c_str(), Count(2)));
  if ((N == "strspn" || N == "strcspn") && Has(0) && Has(1))
    return Done(N == "strspn" ? std::strspn(Str(0).c_str(), Str(1).c_str())
                              : std::strcspn(Str(0).c_str(), Str(1).c_str()));
  if (N == "memcmp" && Count(2) <= MaxString) {
    Type *I8 = Type::getInt8Ty(CB.getContext());
    for (uint64_t I = 0; I < Count(2); ++I) {
      Val A = load(P, Count(0) + I, I8, ""), B = load(P, Count(1) + I, I8, "");
      if (!A.isConst() || !B.isConst())
        return std::nullopt;
      int D = int(A.K->getZExtValue()) - int(B.K->getZExtValue());
      if (D)
        return Done(D);
    }
    return Done(0);
  }
  bool Parse = N.starts_with("ato") || N.contains("strto");
  if (Parse && Has(0)) {
    // endptr is not written: the replay leaves a library's memory effects
    // alone (validation-library-effects).
    int Base = N.starts_with("ato") ? 10 : int(Count(2));
    if (!N.starts_with("ato") && Count(1) && P.Assumed.empty())
      P.Assumed = "'" + N.str() + "'";
    errno = 0;
    if (N.ends_with("strtoul") || N.ends_with("strtoull"))
      return Done(int64_t(std::strtoull(Str(0).c_str(), nullptr, Base)));
    return Done(std::strtoll(Str(0).c_str(), nullptr, Base));
  }
  // Formatting, scanning, thread names: fixed, but not computed here (nor
  // what they write: validation-library-effects).
  if (P.Assumed.empty())
    P.Assumed = "'" + N.str() + "'";
  Val R = fresh(P, RW, "");
  P.Untrusted.push_back(
      {"the result of '" + N.str() + "'" + atLine(CB), Ops.expr(R)});
  finishCall(P, T, CB, R);
  return true;
}

bool Replayer::dependsOnUntrusted(const Path &P, const z3::expr &Also,
                                  std::string &Which) {
  if (P.Untrusted.empty())
    return false;
  std::set<unsigned> Ids;
  std::set<unsigned> Seen;
  std::function<void(const z3::expr &)> Walk = [&](const z3::expr &E) {
    if (!Seen.insert(E.id()).second)
      return;
    if (E.is_const() && E.decl().decl_kind() == Z3_OP_UNINTERPRETED)
      Ids.insert(E.id());
    for (unsigned I = 0; I < E.num_args(); ++I)
      Walk(E.arg(I));
  };
  for (const z3::expr &C : P.PC)
    Walk(C);
  Walk(Also);
  for (const auto &[Name, E] : P.Untrusted)
    if (Ids.count(E.id())) {
      Which = Name;
      return true;
    }
  return false;
}

} // namespace validate
} // namespace racesift
