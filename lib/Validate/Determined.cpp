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
/// How far strings are read, and how many bytes memcmp compares.
constexpr uint64_t MaxString = 4096;

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
                     "snprintf",
                     "sprintf",
                     "vsnprintf",
                     "vsprintf",
                     "sscanf",
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
  return std::nullopt; // No NUL within Limit.
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

std::optional<bool> Replayer::stringSearch(Path &P, unsigned T,
                                           const CallBase &CB, StringRef N) {
  bool Mem = N == "memchr" || N == "memrchr";
  if (!isOneOf(N, {"strchr", "strrchr", "strchrnul", "index", "rindex",
                   "strstr", "strpbrk", "memchr", "memrchr"}) ||
      CB.arg_size() < (Mem ? 3u : 2u) || !CB.getType()->isPointerTy())
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  Val Hay = eval(P, F, CB.getArgOperand(0));
  Val Needle = eval(P, F, CB.getArgOperand(1));
  if (!Hay.isConst() || !Needle.isConst())
    return std::nullopt;
  LLVMContext &C = CB.getContext();
  char Ch = char(Needle.K->getZExtValue() & 0xff);
  std::optional<std::string> Bytes;
  if (Mem) {
    Val Len = eval(P, F, CB.getArgOperand(2));
    if (!Len.isConst() || Len.K->getZExtValue() > MaxString)
      return std::nullopt;
    Bytes.emplace();
    for (uint64_t I = 0; I < Len.K->getZExtValue(); ++I) {
      Val B = load(P, Hay.K->getZExtValue() + I, Type::getInt8Ty(C), "");
      if (!B.isConst())
        return std::nullopt;
      Bytes->push_back(char(B.K->getZExtValue()));
    }
  } else {
    // Searching for NUL finds the terminator.
    Bytes = concreteString(P, Hay, MaxString, C);
    if (Bytes)
      Bytes->push_back('\0');
  }
  if (!Bytes)
    return std::nullopt;
  size_t At = std::string::npos;
  if (N == "strstr" || N == "strpbrk") {
    std::optional<std::string> Set = concreteString(P, Needle, MaxString, C);
    if (!Set)
      return std::nullopt;
    Bytes->pop_back();
    At = N == "strstr" ? Bytes->find(*Set) : Bytes->find_first_of(*Set);
  } else if (N == "strrchr" || N == "rindex" || N == "memrchr") {
    At = Bytes->rfind(Ch);
  } else {
    At = Bytes->find(Ch);
    if (At == std::string::npos && N == "strchrnul")
      At = Bytes->size() - 1;
  }
  finishCall(P, T, CB,
             Val::constant(
                 64, At == std::string::npos ? 0 : Hay.K->getZExtValue() + At));
  return true;
}

std::optional<bool> Replayer::determinedCall(Path &P, unsigned T,
                                             const CallBase &CB, StringRef N) {
  // Matched by the standard name (glibc's __isoc23_strtol is strtol),
  // named as called.
  StringRef Called = N;
  if (const LibcFunction *Row = lookupLibc(N))
    N = Row->Name;
  if (std::optional<bool> Found = stringSearch(P, T, CB, N))
    return Found;
  if (std::optional<bool> Done = formatted(P, T, CB, N))
    return Done;
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
    // strtol's endptr and a buffer being printed into are no strings.
    bool Output = (I == 0 && (N == "snprintf" || N == "sprintf" ||
                              N == "vsnprintf" || N == "vsprintf")) ||
                  (I > 0 && N.contains("strto"));
    if (CB.getArgOperand(I)->getType()->isPointerTy() && N != "memcmp" &&
        !Output) {
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
    bool Ato = N.starts_with("ato");
    int Base = Ato ? 10 : int(Count(2));
    const char *S = Str(0).c_str();
    char *End = nullptr;
    errno = 0;
    int64_t V = N.ends_with("strtoul") || N.ends_with("strtoull")
                    ? int64_t(std::strtoull(S, &End, Base))
                    : std::strtoll(S, &End, Base);
    if (!Ato && Count(1)) // *endptr: where the number ends.
      store(P, Count(1), Val::constant(64, Count(0) + uint64_t(End - S)),
            PointerType::get(CB.getContext(), 0));
    return Done(V);
  }
  // Formatting, scanning, thread names: fixed, but not computed here; so
  // are what they write (untrustWrites).
  if (P.Assumed.empty())
    P.Assumed = "'" + Called.str() + "'";
  untrustWrites(P, T, CB, Called);
  finishCall(
      P, T, CB,
      untrusted(P, RW, "the result of '" + Called.str() + "'" + atLine(CB)));
  return true;
}

std::set<unsigned> Replayer::untrustedIn(const Path &P,
                                         std::vector<z3::expr> Terms) {
  std::set<unsigned> Ids, Seen;
  while (!Terms.empty()) {
    z3::expr E = Terms.back();
    Terms.pop_back();
    if (!Seen.insert(E.id()).second)
      continue;
    if (E.is_const() && E.decl().decl_kind() == Z3_OP_UNINTERPRETED)
      Ids.insert(E.id());
    for (unsigned I = 0; I < E.num_args(); ++I)
      Terms.push_back(E.arg(I));
  }
  std::set<unsigned> Out;
  for (size_t I = 0; I < P.Untrusted.size(); ++I)
    if (Ids.count(P.Untrusted[I].second.id()))
      Out.insert(I);
  return Out;
}

bool Replayer::dependsOnUntrusted(const Path &P, const z3::expr &Also,
                                  std::string &Which) {
  if (P.Untrusted.empty())
    return false;
  std::vector<z3::expr> Terms(P.PC.begin(), P.PC.end());
  Terms.push_back(Also);
  std::set<unsigned> In = untrustedIn(P, std::move(Terms));
  if (In.empty())
    return false;
  Which = P.Untrusted[*In.begin()].first;
  return true;
}

} // namespace validate
} // namespace racesift
