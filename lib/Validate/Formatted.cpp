//===- Formatted.cpp - printf- and scanf-style functions in a replay ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// sprintf and snprintf of concrete values, sscanf of a concrete string, and
// atof/strtod are computed: the host's C library formats or scans one
// conversion at a time, with the argument's value as the program has it.
// Anything else (%p, %n in printf, long double, a va_list, input bytes)
// leaves the call to Determined.cpp, where its result and what it writes
// are untrusted. A configuration parsed with sscanf ("threads=%d") or a
// name made with snprintf decides which threads run and which locks are
// taken; untrusted, the race it allows was only possible
// (validate/formatted.c).
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/Instructions.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
/// The conversions of Fmt, and the text after the last; nullopt if it does
/// not parse.
std::optional<std::pair<std::vector<FormatConversion>, std::string>>
parseFormat(StringRef Fmt, bool Scan) {
  std::vector<FormatConversion> Out;
  std::string Text;
  size_t I = 0;
  auto Digits = [&]() -> std::optional<unsigned> {
    if (I >= Fmt.size() || !isdigit(Fmt[I]))
      return std::nullopt;
    unsigned V = 0;
    while (I < Fmt.size() && isdigit(Fmt[I]) && V < 100000)
      V = V * 10 + (Fmt[I++] - '0');
    return V;
  };
  while (I < Fmt.size()) {
    char Ch = Fmt[I++];
    if (Ch != '%') {
      Text.push_back(Ch);
      continue;
    }
    if (I < Fmt.size() && Fmt[I] == '%') {
      Text += Scan ? "%%" : "%";
      ++I;
      continue;
    }
    FormatConversion C;
    C.Literal = std::move(Text);
    Text.clear();
    if (Scan && I < Fmt.size() && Fmt[I] == '*') {
      C.Suppress = true;
      ++I;
    }
    while (!Scan && I < Fmt.size() && StringRef("-+ #0").contains(Fmt[I]))
      C.Flags.push_back(Fmt[I++]);
    if (!Scan && I < Fmt.size() && Fmt[I] == '*') {
      C.StarWidth = true;
      ++I;
    } else {
      C.Width = Digits();
    }
    if (!Scan && I < Fmt.size() && Fmt[I] == '.') {
      ++I;
      if (I < Fmt.size() && Fmt[I] == '*') {
        C.StarPrecision = true;
        ++I;
      } else {
        C.Precision = Digits().value_or(0);
      }
    }
    while (I < Fmt.size() && StringRef("hlLjztq").contains(Fmt[I]))
      C.Length.push_back(Fmt[I++]);
    if (I >= Fmt.size())
      return std::nullopt;
    C.Conv = Fmt[I++];
    if (C.Conv == '[') {
      if (!Scan)
        return std::nullopt;
      size_t Start = I - 1;
      if (I < Fmt.size() && Fmt[I] == '^')
        ++I;
      if (I < Fmt.size() && Fmt[I] == ']')
        ++I;
      while (I < Fmt.size() && Fmt[I] != ']')
        ++I;
      if (I >= Fmt.size())
        return std::nullopt;
      C.Set = Fmt.slice(Start, ++I).str();
    } else if (!StringRef("diuoxXcsfFeEgGaA").contains(C.Conv) &&
               !(Scan && C.Conv == 'n')) {
      return std::nullopt; // %p, printf's %n, wide and unknown conversions.
    }
    Out.push_back(std::move(C));
  }
  return std::make_pair(std::move(Out), std::move(Text));
}

bool isInteger(char Conv) { return StringRef("diuoxX").contains(Conv); }
bool isFloat(char Conv) { return StringRef("fFeEgGaA").contains(Conv); }

/// The bytes an integer of this length modifier has (int without one).
unsigned integerBytes(StringRef Length) {
  if (Length == "hh")
    return 1;
  if (Length == "h")
    return 2;
  return Length.empty() ? 4 : 8;
}
} // namespace

std::optional<bool> Replayer::formatted(Path &P, unsigned T, const CallBase &CB,
                                        StringRef N) {
  bool Bounded = N == "snprintf" || N == "__snprintf_chk";
  bool Print = Bounded || N == "sprintf" || N == "__sprintf_chk";
  bool Scan = N == "sscanf"; // determinedCall gives the standard name.
  if (N == "atof" || N == "strtod" || N == "strtof")
    return floatParse(P, T, CB, N);
  if (!Print && !Scan)
    return std::nullopt;
  unsigned FmtArg = N == "__snprintf_chk"  ? 4
                    : N == "__sprintf_chk" ? 3
                    : Bounded              ? 2
                                           : 1;
  if (CB.arg_size() <= FmtArg)
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  LLVMContext &Context = CB.getContext();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  std::optional<std::string> Fmt =
      concreteString(P, Arg(FmtArg), 4096, Context);
  if (!Fmt)
    return std::nullopt;
  auto Parsed = parseFormat(*Fmt, Scan);
  if (!Parsed)
    return std::nullopt;
  auto &[Convs, Tail] = *Parsed;
  unsigned Next = FmtArg + 1;
  // The next variadic argument, concrete, or nullopt.
  auto Take = [&]() -> std::optional<Val> {
    if (Next >= CB.arg_size())
      return std::nullopt;
    Val V = Arg(Next++);
    if (!V.isConst())
      return std::nullopt;
    return V;
  };
  Type *RT = CB.getType();
  unsigned RW = RT->isIntegerTy() ? RT->getIntegerBitWidth() : 32;
  if (Scan)
    return scanString(P, T, CB, Convs, Take, RW);

  std::string Out;
  for (const FormatConversion &C : Convs) {
    Out += C.Literal;
    // Width and precision, `*` taken from the arguments in order.
    std::string Spec = "%" + C.Flags;
    if (C.StarWidth) {
      std::optional<Val> W = Take();
      if (!W)
        return std::nullopt;
      Spec += std::to_string(int(W->K->getSExtValue()));
    } else if (C.Width) {
      Spec += std::to_string(*C.Width);
    }
    if (C.StarPrecision) {
      std::optional<Val> Pr = Take();
      if (!Pr)
        return std::nullopt;
      if (int X = int(Pr->K->getSExtValue()); X >= 0) // Negative: none.
        Spec += "." + std::to_string(X);
    } else if (C.Precision) {
      Spec += "." + std::to_string(*C.Precision);
    }
    std::optional<Val> V = Take();
    if (!V || V->W > 64)
      return std::nullopt;
    char Buf[4200];
    int Len = -1;
    if (isInteger(C.Conv)) {
      unsigned Bytes = integerBytes(C.Length);
      APInt X = V->K->zextOrTrunc(64);
      if (V->W < 64 && (C.Conv == 'd' || C.Conv == 'i'))
        X = V->K->sext(64);
      X = X.trunc(Bytes * 8);
      bool Signed = C.Conv == 'd' || C.Conv == 'i';
      std::string S = Spec + "ll" + C.Conv;
      Len = Signed ? snprintf(Buf, sizeof Buf, S.c_str(),
                              (long long)X.getSExtValue())
                   : snprintf(Buf, sizeof Buf, S.c_str(),
                              (unsigned long long)X.getZExtValue());
    } else if (C.Conv == 'c' && C.Length.empty()) {
      Len = snprintf(Buf, sizeof Buf, (Spec + "c").c_str(),
                     int(uint8_t(V->K->getZExtValue())));
    } else if (C.Conv == 's' && C.Length.empty()) {
      std::optional<std::string> S = concreteString(P, *V, 4096, Context);
      if (!S)
        return std::nullopt;
      Len = snprintf(Buf, sizeof Buf, (Spec + "s").c_str(), S->c_str());
    } else if (isFloat(C.Conv) && C.Length.empty() && V->W == 64) {
      double D = APFloat(APFloat::IEEEdouble(), *V->K).convertToDouble();
      Len = snprintf(Buf, sizeof Buf, (Spec + C.Conv).c_str(), D);
    }
    if (Len < 0 || size_t(Len) >= sizeof Buf)
      return std::nullopt;
    Out.append(Buf, Len);
  }
  Out += Tail;
  uint64_t Dst = concretize(P, Arg(0), "format buffer");
  std::optional<uint64_t> Room;
  if (Bounded) {
    Val Size = Arg(1);
    if (!Size.isConst())
      return std::nullopt;
    Room = Size.K->getZExtValue();
  }
  if (!Room)
    storeString(P, Dst, Out);
  else if (*Room)
    storeString(P, Dst,
                Out.substr(0, std::min<uint64_t>(Out.size(), *Room - 1)));
  finishCall(P, T, CB, Val::constant(RW, Out.size()));
  return true;
}

std::optional<bool>
Replayer::scanString(Path &P, unsigned T, const CallBase &CB,
                     const std::vector<FormatConversion> &Convs,
                     const std::function<std::optional<Val>()> &Take,
                     unsigned RW) {
  Frame &F = P.Threads[T].Stack.back();
  LLVMContext &C = CB.getContext();
  std::optional<std::string> In =
      concreteString(P, eval(P, F, CB.getArgOperand(0)), 4096, C);
  if (!In)
    return std::nullopt;
  // Each conversion scanned alone, with its literal text before it and
  // %n after it: how far it read. Stores wait until all succeeded in the
  // host, so an unsupported conversion leaves memory as it was.
  std::vector<std::pair<uint64_t, std::string>> Stores; // Address, bytes.
  size_t Pos = 0;
  int Count = 0;
  bool Converted = false, InputFailure = false;
  for (const FormatConversion &SC : Convs) {
    std::string Spec = SC.Literal + "%" + (SC.Suppress ? "*" : "");
    std::optional<Val> Ptr;
    if (!SC.Suppress && !(Ptr = Take()))
      return std::nullopt;
    int Used = -1, R = 0;
    const char *At = In->c_str() + Pos;
    std::string Bytes;
    if (SC.Conv == 'n') {
      R = sscanf(At, (SC.Literal + "%n").c_str(), &Used);
      if (Used < 0)
        break;
      APInt V(integerBytes(SC.Length) * 8, Pos + Used);
      for (unsigned I = 0; I < V.getBitWidth() / 8; ++I)
        Bytes.push_back(char(V.extractBitsAsZExtValue(8, I * 8)));
      Pos += Used;
      Stores.push_back({Ptr->K->getZExtValue(), Bytes});
      continue;
    }
    std::string Width = SC.Width ? std::to_string(*SC.Width) : "";
    if (isInteger(SC.Conv)) {
      unsigned long long X = 0;
      bool Signed = SC.Conv == 'd' || SC.Conv == 'i';
      Spec += Width + "ll" + SC.Conv + "%n";
      R = SC.Suppress ? sscanf(At, Spec.c_str(), &Used)
                      : sscanf(At, Spec.c_str(), &X, &Used);
      APInt V(64, X, Signed);
      V = V.trunc(integerBytes(SC.Length) * 8);
      for (unsigned I = 0; I < V.getBitWidth() / 8; ++I)
        Bytes.push_back(char(V.extractBitsAsZExtValue(8, I * 8)));
    } else if (isFloat(SC.Conv) && SC.Length.size() <= 1 && SC.Length != "L") {
      double D = 0;
      Spec += Width + "l" + SC.Conv + "%n";
      R = SC.Suppress ? sscanf(At, Spec.c_str(), &Used)
                      : sscanf(At, Spec.c_str(), &D, &Used);
      APFloat V(D);
      bool Loses = false;
      if (SC.Length.empty())
        V.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &Loses);
      APInt Bits = V.bitcastToAPInt();
      for (unsigned I = 0; I < Bits.getBitWidth() / 8; ++I)
        Bytes.push_back(char(Bits.extractBitsAsZExtValue(8, I * 8)));
    } else if (SC.Conv == 's' || SC.Conv == 'c' || SC.Conv == '[') {
      if (!SC.Length.empty() || (SC.Width && *SC.Width > 4096))
        return std::nullopt;
      // A string needs a width the buffer holds.
      std::string W = SC.Width ? Width : SC.Conv == 'c' ? "1" : "4096";
      std::vector<char> Buf(4098, 0);
      Spec += W + (SC.Conv == '[' ? SC.Set : std::string(1, SC.Conv)) + "%n";
      R = SC.Suppress ? sscanf(At, Spec.c_str(), &Used)
                      : sscanf(At, Spec.c_str(), Buf.data(), &Used);
      size_t Len = SC.Conv == 'c' ? std::stoul(W) : strlen(Buf.data()) + 1;
      Bytes.assign(Buf.data(), Len);
    } else {
      return std::nullopt;
    }
    if (Used < 0) { // This conversion failed: the scan stops.
      InputFailure = R == EOF;
      break;
    }
    Pos += Used;
    Converted = true;
    if (!SC.Suppress) {
      ++Count;
      Stores.push_back({Ptr->K->getZExtValue(), Bytes});
    }
  }
  for (const auto &[Addr, Bytes] : Stores)
    for (size_t I = 0; I < Bytes.size(); ++I)
      P.Mem.set(Addr + I, Val::constant(8, uint8_t(Bytes[I])));
  finishCall(P, T, CB,
             Val::constant(RW, InputFailure && !Converted ? uint64_t(EOF)
                                                          : uint64_t(Count)));
  return true;
}

std::optional<bool> Replayer::floatParse(Path &P, unsigned T,
                                         const CallBase &CB, StringRef N) {
  Frame &F = P.Threads[T].Stack.back();
  Type *RT = CB.getType();
  Val S = eval(P, F, CB.getArgOperand(0));
  std::optional<std::string> Str = concreteString(P, S, 4096, CB.getContext());
  if (!Str || !(RT->isDoubleTy() || RT->isFloatTy()))
    return std::nullopt;
  char *End = nullptr;
  APFloat V(std::strtod(Str->c_str(), &End));
  if (RT->isFloatTy()) { // strtof rounds once, from the decimal.
    V = APFloat(std::strtof(Str->c_str(), &End));
  }
  if (N != "atof" && CB.arg_size() > 1) {
    Val EndPtr = eval(P, F, CB.getArgOperand(1));
    if (!EndPtr.isConst())
      return std::nullopt;
    if (uint64_t A = EndPtr.K->getZExtValue())
      store(
          P, A,
          Val::constant(64, S.K->getZExtValue() + uint64_t(End - Str->c_str())),
          PointerType::get(CB.getContext(), 0));
  }
  finishCall(P, T, CB, Val::constant(V.bitcastToAPInt()));
  return true;
}

} // namespace validate
} // namespace racesift
