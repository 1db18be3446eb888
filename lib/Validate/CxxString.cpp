//===- CxxString.cpp - libstdc++'s std::string in a replay ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Before C++20 libstdc++'s std::string is an extern template: at -O0 the
// program calls _M_append, _M_replace and the constructors in libstdc++.so,
// and the inline members it does emit (append, size, operator+=) branch on
// the length those wrote (`_M_check_length`). Opaque, their effects left
// every race on a string possible ("depends on what 'std::string::
// _M_replace(...)' writes"). The members below are run as libstdc++'s new
// ABI keeps a string: { char *_M_p; size_t _M_string_length; union { char
// _M_local_buf[16]; size_t _M_allocated_capacity; } }, the characters in
// the local buffer up to 15 of them and in a heap block past that, always
// NUL-terminated. Only concrete characters are computed; a string of input
// bytes, another member or another layout stays opaque.
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
constexpr uint64_t StringSize = 32, LocalCapacity = 15, MaxLength = 4096;
} // namespace

std::optional<std::string> Replayer::stringValue(Path &P, uint64_t S,
                                                 LLVMContext &C) {
  Type *Ptr = PointerType::get(C, 0), *I64 = Type::getInt64Ty(C);
  Val Data = load(P, S, Ptr, ""), Len = load(P, S + 8, I64, "");
  if (!Data.isConst() || !Len.isConst() || Len.K->getZExtValue() > MaxLength)
    return std::nullopt;
  std::optional<std::string> Chars =
      concreteString(P, Data, Len.K->getZExtValue() + 1, C);
  // Embedded NULs: not computed.
  if (!Chars || Chars->size() != Len.K->getZExtValue())
    return std::nullopt;
  return Chars;
}

void Replayer::setString(Path &P, uint64_t S, const std::string &Chars,
                         LLVMContext &C) {
  Type *Ptr = PointerType::get(C, 0), *I64 = Type::getInt64Ty(C);
  uint64_t Data = S + 16;
  if (Chars.size() > LocalCapacity) {
    Data = allocate(P, Chars.size() + 1);
    store(P, S + 16, Val::constant(64, Chars.size()), I64);
  }
  store(P, S, Val::constant(64, Data), Ptr);
  store(P, S + 8, Val::constant(64, Chars.size()), I64);
  storeString(P, Data, Chars);
}

std::optional<bool> Replayer::cxxStringCall(Path &P, unsigned T,
                                            const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  std::optional<CxxStringMember> M =
      Callee ? cxxStringMember(Callee->getName()) : std::nullopt;
  if (!M || !M->NewAbiChar || CB.arg_size() == 0)
    return std::nullopt;
  const std::string &Base = M->Base, &Params = M->Params;
  const bool Hider = M->Hider;
  if (dereferenceableBytes(CB, 0) != (Hider ? 8 : StringSize))
    return std::nullopt;
  LLVMContext &C = CB.getContext();
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  auto Count = [&](unsigned I) -> std::optional<uint64_t> {
    Val V = Arg(I);
    if (!V.isConst() || V.K->getZExtValue() > MaxLength)
      return std::nullopt;
    return V.K->getZExtValue();
  };
  Val ThisV = Arg(0);
  if (!ThisV.isConst())
    return std::nullopt;
  uint64_t This = ThisV.K->getZExtValue();
  auto Other = [&](unsigned I) -> std::optional<std::string> {
    Val V = Arg(I);
    return V.isConst() ? stringValue(P, V.K->getZExtValue(), C) : std::nullopt;
  };
  auto Chars = [&](unsigned I,
                   std::optional<uint64_t> N) -> std::optional<std::string> {
    if (!N)
      return concreteString(P, Arg(I), MaxLength, C);
    Val V = Arg(I);
    if (!V.isConst())
      return std::nullopt;
    std::string Out;
    Type *I8 = Type::getInt8Ty(C);
    for (uint64_t K = 0; K < *N; ++K) {
      Val B = load(P, V.K->getZExtValue() + K, I8, "");
      if (!B.isConst())
        return std::nullopt;
      Out.push_back(char(B.K->getZExtValue()));
    }
    return Out;
  };
  auto Set = [&](const std::string &S, bool ReturnsThis) {
    setString(P, This, S, C);
    finishCall(P, T, CB,
               ReturnsThis ? std::optional(Val::constant(64, This))
                           : std::nullopt);
    return true;
  };
  // The pointer field's constructor: _M_p = p.
  if (Hider) {
    if (Params != "(char*, std::allocator<char> const&)")
      return std::nullopt;
    store(P, This, Arg(1), PointerType::get(C, 0));
    finishCall(P, T, CB, std::nullopt);
    return true;
  }
  // Constructors: the string is new.
  if (Base == "basic_string") {
    if (Params == "()")
      return Set("", false);
    if (Params == "(char const*, std::allocator<char> const&)")
      if (std::optional<std::string> S = Chars(1, std::nullopt))
        return Set(*S, false);
    if (Params == "(char const*, unsigned long, std::allocator<char> const&)")
      if (std::optional<uint64_t> N = Count(2))
        if (std::optional<std::string> S = Chars(1, N))
          return Set(*S, false);
    if (Params == "(unsigned long, char, std::allocator<char> const&)")
      if (std::optional<uint64_t> N = Count(1); N && Arg(2).isConst())
        return Set(std::string(*N, char(Arg(2).K->getZExtValue())), false);
    if (Params == "(S const&)")
      if (std::optional<std::string> S = Other(1))
        return Set(*S, false);
    if (Params == "(S&&)")
      if (std::optional<std::string> S = Other(1)) {
        setString(P, Arg(1).K->getZExtValue(), "", C);
        return Set(*S, false);
      }
    return std::nullopt;
  }
  if (Base == "~basic_string" && Params == "()") {
    finishCall(P, T, CB, std::nullopt);
    return true;
  }
  if (Base == "_M_create" && Params == "(unsigned long&, unsigned long)") {
    // A block for at least *Capacity characters and the NUL, doubling a
    // growing string's old capacity as libstdc++ does; the capacity chosen
    // is written back.
    Type *I64 = Type::getInt64Ty(C);
    Val CapAt = Arg(1);
    std::optional<uint64_t> OldCap = Count(2);
    if (!CapAt.isConst() || !OldCap)
      return std::nullopt;
    Val Cap = load(P, CapAt.K->getZExtValue(), I64, "");
    if (!Cap.isConst() || Cap.K->getZExtValue() > MaxLength)
      return std::nullopt;
    uint64_t N = Cap.K->getZExtValue();
    if (N > *OldCap && N < 2 * *OldCap)
      N = 2 * *OldCap;
    store(P, CapAt.K->getZExtValue(), Val::constant(64, N), I64);
    finishCall(P, T, CB, Val::constant(64, allocate(P, N + 1)));
    return true;
  }
  std::optional<std::string> Old = stringValue(P, This, C);
  if (!Old)
    return std::nullopt;
  // Members that read it.
  if (Base == "size" || Base == "length") {
    finishCall(P, T, CB, Val::constant(64, Old->size()));
    return true;
  }
  if (Base == "c_str" || Base == "data") {
    finishCall(P, T, CB, load(P, This, PointerType::get(C, 0), ""));
    return true;
  }
  if (Base == "compare") {
    std::optional<std::string> With = Params == "(S const&)" ? Other(1)
                                      : Params == "(char const*)"
                                          ? Chars(1, {})
                                          : std::nullopt;
    if (!With)
      return std::nullopt;
    int R = Old->compare(*With);
    finishCall(P, T, CB,
               Val::constant(32, uint32_t(R < 0   ? -1
                                          : R > 0 ? 1
                                                  : 0)));
    return true;
  }
  // Members that change it.
  if ((Base == "_M_append" || Base == "append") &&
      Params == "(char const*, unsigned long)")
    if (std::optional<uint64_t> N = Count(2))
      if (std::optional<std::string> S = Chars(1, N))
        return Set(*Old + *S, true);
  if ((Base == "append" || Base == "operator+=") && Params == "(char const*)")
    if (std::optional<std::string> S = Chars(1, std::nullopt))
      return Set(*Old + *S, true);
  if ((Base == "append" || Base == "operator+=" || Base == "_M_assign" ||
       Base == "assign" || Base == "operator=") &&
      Params == "(S const&)")
    if (std::optional<std::string> S = Other(1)) {
      bool Assign = Base != "append" && Base != "operator+=";
      return Set(Assign ? *S : *Old + *S, Base != "_M_assign");
    }
  if ((Base == "operator=" || Base == "assign") && Params == "(char const*)")
    if (std::optional<std::string> S = Chars(1, std::nullopt))
      return Set(*S, true);
  if ((Base == "push_back" || Base == "operator+=") && Params == "(char)" &&
      Arg(1).isConst())
    return Set(*Old + char(Arg(1).K->getZExtValue()), Base != "push_back");
  if (Base == "_M_replace" &&
      Params == "(unsigned long, unsigned long, char const*, unsigned long)") {
    std::optional<uint64_t> Pos = Count(1), N1 = Count(2), N2 = Count(4);
    std::optional<std::string> S = N2 ? Chars(3, N2) : std::nullopt;
    if (Pos && N1 && S && *Pos <= Old->size())
      return Set(Old->substr(0, *Pos) + *S +
                     Old->substr(std::min(Old->size(), *Pos + *N1)),
                 true);
  }
  if (Base == "_M_replace_aux" &&
      Params == "(unsigned long, unsigned long, unsigned long, char)") {
    std::optional<uint64_t> Pos = Count(1), N1 = Count(2), N2 = Count(3);
    if (Pos && N1 && N2 && Arg(4).isConst() && *Pos <= Old->size())
      return Set(Old->substr(0, *Pos) +
                     std::string(*N2, char(Arg(4).K->getZExtValue())) +
                     Old->substr(std::min(Old->size(), *Pos + *N1)),
                 true);
  }
  if (Base == "_M_erase" && Params == "(unsigned long, unsigned long)") {
    std::optional<uint64_t> Pos = Count(1), N = Count(2);
    if (Pos && N && *Pos <= Old->size()) {
      setString(P, This,
                Old->substr(0, *Pos) +
                    Old->substr(std::min(Old->size(), *Pos + *N)),
                C);
      finishCall(P, T, CB, std::nullopt);
      return true;
    }
  }
  if (Base == "clear" && Params == "()")
    return Set("", false);
  if (Base == "reserve" && Params == "(unsigned long)")
    return Set(*Old, false);
  if (Base == "swap" && Params == "(S&)")
    if (std::optional<std::string> S = Other(1)) {
      setString(P, Arg(1).K->getZExtValue(), *Old, C);
      return Set(*S, false);
    }
  return std::nullopt;
}

} // namespace validate
} // namespace racesift
