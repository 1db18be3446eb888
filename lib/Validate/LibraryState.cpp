//===- LibraryState.cpp - The C library's own state in a replay -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// State the C library keeps for the program, replayed as the library keeps
// it: the character classes and case tables of the "C" locale (isdigit()
// and toupper() read them through __ctype_b_loc() and friends, or call
// the functions), the environment setenv and putenv change, strdup's
// copies, glibc's random() sequences, and strtok's tokens. Taken as inputs,
// `isdigit('x')` said "digit" and `strcmp(mode, "multi")` on a strdup'd
// "single" said "equal": confirmed races on race-free programs
// (validate/library-state.c).
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Instructions.h"

#include <cctype>
#include <cstdlib>
#include <locale.h>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
/// The "C" locale, whatever the locale of the compiler's process.
locale_t cLocale() {
  static locale_t L = newlocale(LC_ALL_MASK, "C", nullptr);
  return L;
}

/// The character-class functions of <ctype.h> in the "C" locale.
std::optional<int> classify(StringRef N, int C) {
  locale_t L = cLocale();
  if (!L || C < -128 || C > 255)
    return std::nullopt;
  using Fn = int (*)(int, locale_t);
  static const std::pair<StringRef, Fn> Fns[] = {
      {"isalnum", isalnum_l}, {"isalpha", isalpha_l}, {"isblank", isblank_l},
      {"iscntrl", iscntrl_l}, {"isdigit", isdigit_l}, {"isgraph", isgraph_l},
      {"islower", islower_l}, {"isprint", isprint_l}, {"ispunct", ispunct_l},
      {"isspace", isspace_l}, {"isupper", isupper_l}, {"isxdigit", isxdigit_l},
      {"tolower", tolower_l}, {"toupper", toupper_l}};
  for (const auto &[Name, F] : Fns)
    if (Name == N)
      return F(C, L);
  if (N == "isascii")
    return (C & ~0x7f) == 0;
  if (N == "toascii")
    return C & 0x7f;
  return std::nullopt;
}
} // namespace

std::optional<bool> Replayer::libraryState(Path &P, unsigned T,
                                           const CallBase &CB, StringRef N) {
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  Type *RT = CB.getType();
  LLVMContext &C = CB.getContext();
  if (CB.arg_size() == 1 && RT->isIntegerTy()) {
    Val X = Arg(0);
    if (X.isConst())
      if (std::optional<int> R = classify(N, int(X.K->getSExtValue()))) {
        finishCall(P, T, CB, Val::constant(RT->getIntegerBitWidth(), *R));
        return true;
      }
  }
  // glibc's macros index the tables from -128 to 255 through a pointer
  // the *_loc function returns.
  bool Classes = N == "__ctype_b_loc";
  if (Classes || N == "__ctype_tolower_loc" || N == "__ctype_toupper_loc") {
    uint64_t &Slot = P.Threads[T].LibraryState[CB.getCalledFunction()];
    if (!Slot) {
      locale_t L = cLocale();
      if (!L)
        return std::nullopt;
      unsigned Size = Classes ? 2 : 4;
      const void *Src = Classes ? static_cast<const void *>(L->__ctype_b)
                        : N == "__ctype_tolower_loc"
                            ? static_cast<const void *>(L->__ctype_tolower)
                            : static_cast<const void *>(L->__ctype_toupper);
      const auto *Bytes = static_cast<const uint8_t *>(Src) - 128 * Size;
      uint64_t Table = allocate(P, 384 * Size);
      for (unsigned I = 0; I < 384 * Size; ++I)
        P.Mem.set(Table + I, Val::constant(8, Bytes[I]));
      Slot = allocate(P, 8);
      store(P, Slot, Val::constant(64, Table + 128 * Size),
            PointerType::get(C, 0));
    }
    finishCall(P, T, CB, Val::constant(64, Slot));
    return true;
  }
  if ((N == "strdup" || N == "strndup") && RT->isPointerTy()) {
    std::optional<std::string> S = concreteString(P, Arg(0), 4096, C);
    if (!S)
      return std::nullopt;
    if (N == "strndup") {
      Val Max = Arg(1);
      if (!Max.isConst())
        return std::nullopt;
      S->resize(std::min<uint64_t>(S->size(), Max.K->getZExtValue()));
    }
    uint64_t A = allocate(P, S->size() + 1);
    storeString(P, A, *S);
    finishCall(P, T, CB, Val::constant(64, A));
    return true;
  }
  // The environment: what the program set is what getenv finds; a name it
  // did not set is the outside world's (an input).
  if (N == "setenv" || N == "unsetenv" || N == "putenv") {
    std::optional<std::string> Name = concreteString(P, Arg(0), 4096, C);
    if (!Name)
      return std::nullopt;
    if (N == "putenv") {
      size_t Eq = Name->find('=');
      if (Eq == std::string::npos)
        return std::nullopt;
      P.Env[Name->substr(0, Eq)] = Arg(0).K->getZExtValue() + Eq + 1;
    } else if (N == "unsetenv") {
      P.Env[*Name] = 0;
    } else {
      std::optional<std::string> Value = concreteString(P, Arg(1), 4096, C);
      Val Overwrite = Arg(2);
      if (!Value || !Overwrite.isConst())
        return std::nullopt;
      auto It = P.Env.find(*Name);
      bool Overwrites = !Overwrite.K->isZero();
      if (It == P.Env.end() && !Overwrites)
        return std::nullopt; // The outside world's value, if any, stays.
      if (It == P.Env.end() || !It->second || Overwrites) {
        uint64_t A = allocate(P, Value->size() + 1);
        storeString(P, A, *Value);
        P.Env[*Name] = A;
      }
    }
    finishCall(P, T, CB, Val::constant(RT->getIntegerBitWidth(), 0));
    return true;
  }
  if (N == "getenv" || N == "secure_getenv") {
    std::optional<std::string> Name = concreteString(P, Arg(0), 4096, C);
    auto It = Name ? P.Env.find(*Name) : P.Env.end();
    if (It == P.Env.end())
      return std::nullopt;
    finishCall(P, T, CB, Val::constant(64, It->second));
    return true;
  }
  if (std::optional<bool> R = randomCall(P, T, CB, N))
    return R;
  if (std::optional<bool> R = tokenCall(P, T, CB, N))
    return R;
  return std::nullopt;
}

std::optional<bool> Replayer::tokenCall(Path &P, unsigned T, const CallBase &CB,
                                        StringRef N) {
  bool Reentrant = N == "strtok_r" || N == "__strtok_r";
  bool Sep = N == "strsep";
  if (!(N == "strtok" || Reentrant || Sep) ||
      CB.arg_size() != (Reentrant ? 3u : 2u))
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  LLVMContext &C = CB.getContext();
  Type *Ptr = PointerType::get(C, 0);
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  std::optional<std::string> Delim = concreteString(P, Arg(1), 4096, C);
  // Where the saved position lives: strtok_r's and strsep's pointer
  // argument, or strtok's hidden state.
  std::optional<uint64_t> Slot;
  if (Reentrant || Sep) {
    Val S = Arg(Sep ? 0 : 2);
    if (!S.isConst())
      return std::nullopt;
    Slot = S.K->getZExtValue();
  }
  auto Saved = [&]() -> std::optional<uint64_t> {
    if (!Slot)
      return P.TokenNext;
    Val V = load(P, *Slot, Ptr, "");
    if (!V.isConst())
      return std::nullopt;
    return V.K->getZExtValue();
  };
  auto Save = [&](uint64_t A) {
    if (Slot)
      store(P, *Slot, Val::constant(64, A), Ptr);
    else
      P.TokenNext = A;
  };
  std::optional<uint64_t> Start;
  if (Sep) {
    Start = Saved();
  } else {
    Val S = Arg(0);
    if (!S.isConst())
      return std::nullopt;
    Start = S.K->getZExtValue() ? S.K->getZExtValue() : Saved();
  }
  if (!Delim || !Start)
    return std::nullopt;
  auto Done = [&](uint64_t R) {
    finishCall(P, T, CB, Val::constant(64, R));
    return true;
  };
  if (!*Start) // strsep of NULL, strtok after the last token.
    return Done(0);
  std::optional<std::string> Str =
      concreteString(P, Val::constant(64, *Start), 1 << 16, C);
  if (!Str)
    return std::nullopt;
  size_t Begin = Sep ? 0 : Str->find_first_not_of(*Delim);
  if (Begin == std::string::npos) { // strtok: no token left.
    Save(*Start + Str->size());
    return Done(0);
  }
  size_t End = Str->find_first_of(*Delim, Begin);
  if (End == std::string::npos) {
    Save(Sep ? 0 : *Start + Str->size());
    return Done(*Start + Begin);
  }
  P.Mem.set(*Start + End, Val::constant(8, 0));
  Save(*Start + End + 1);
  return Done(*Start + Begin);
}

std::optional<bool> Replayer::randomCall(Path &P, unsigned T,
                                         const CallBase &CB, StringRef N) {
  Frame &F = P.Threads[T].Stack.back();
  Type *RT = CB.getType();
  // glibc's rand() is random(): one sequence per seed, one state for the
  // process (its calls in the order the schedule makes them).
  if ((N == "srand" || N == "srandom") && CB.arg_size() == 1) {
    Val Seed = eval(P, F, CB.getArgOperand(0));
    P.Random =
        Seed.isConst()
            ? std::optional(RandomState{unsigned(Seed.K->getZExtValue()), 0})
            : std::nullopt;
    finishCall(P, T, CB, std::nullopt);
    return true;
  }
  if ((N == "rand" || N == "random") && CB.arg_size() == 0 &&
      RT->isIntegerTy()) {
    unsigned W = RT->getIntegerBitWidth();
    std::string What = "the result of '" + displayName(N) + "'" + atLine(CB);
    if (!P.Random) // Seeded with an input (the clock): an input too.
      return opaqueCall(P, T, CB, "'" + displayName(N) + "'");
    if (P.Random->Calls >= MaxRandomCalls) {
      finishCall(P, T, CB, untrusted(P, W, What));
      return true;
    }
    std::vector<int32_t> &Seq = RandomSequences[P.Random->Seed];
    if (Seq.empty()) {
      random_data D{};
      std::vector<char> State(128);
      initstate_r(P.Random->Seed, State.data(), State.size(), &D);
      Seq.resize(MaxRandomCalls);
      for (int32_t &X : Seq)
        random_r(&D, &X);
    }
    finishCall(P, T, CB, Val::constant(W, Seq[P.Random->Calls++]));
    return true;
  }
  if (N == "rand_r" && CB.arg_size() == 1 && RT->isIntegerTy()) {
    Val Ptr = eval(P, F, CB.getArgOperand(0));
    Type *I32 = Type::getInt32Ty(CB.getContext());
    if (!Ptr.isConst())
      return std::nullopt;
    Val Seed = load(P, Ptr.K->getZExtValue(), I32, "");
    if (!Seed.isConst())
      return std::nullopt;
    unsigned S = unsigned(Seed.K->getZExtValue());
    int R = rand_r(&S);
    store(P, Ptr.K->getZExtValue(), Val::constant(32, S), I32);
    finishCall(P, T, CB, Val::constant(RT->getIntegerBitWidth(), R));
    return true;
  }
  return std::nullopt;
}

} // namespace validate
} // namespace racesift
