//===- CxxStringRows.cpp - std::basic_string members without a body ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cxx-string-members (docs/design-threadmodel.md): libstdc++ declares
// basic_string<char> and <wchar_t> extern templates, so before C++20 (where
// they are constexpr) a compile without inlining calls the members in
// libstdc++.so and emits no body: `s += "x"` from two threads was no access
// at all, a race missed without a word. Each declared member of
// basic_string gets a libc-table row made from its mangled name: a const
// member reads the whole string object, any other reads and writes it;
// strings it is given by reference are read (const) or read and written;
// character pointers are strings read (const) or buffers written; a
// pointer result (c_str(), data(), a returned `*this`) is the string
// object. The characters are not an object of their own: a member that
// changes them changes the string object (cxx-string-buffer). What the
// string's pointer field points to is not modelled: the inline members
// would merge every string's buffer pointer into every other's (one
// `_M_data()` for all strings), so an access through it in code clang
// emits (`s[0] = 'w'` with an inline operator[]) touches nothing.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

#include <memory>
#include <mutex>

using namespace llvm;

namespace racesift {

namespace {

/// The top-level parameter types of "(a, b<c, d>, e)".
SmallVector<StringRef, 4> splitParameters(StringRef Params) {
  SmallVector<StringRef, 4> Out;
  Params = Params.trim();
  if (!Params.consume_front("(") || !Params.consume_back(")"))
    return Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I <= Params.size(); ++I) {
    char C = I < Params.size() ? Params[I] : ',';
    if (C == '<' || C == '(')
      ++Depth;
    else if (C == '>' || C == ')')
      --Depth;
    else if (C == ',' && Depth == 0) {
      StringRef P = Params.slice(Start, I).trim();
      if (!P.empty())
        Out.push_back(P);
      Start = I + 1;
    }
  }
  return Out;
}

bool isCharType(StringRef T) {
  return T == "char" || T == "wchar_t" || T == "char8_t" || T == "char16_t" ||
         T == "char32_t";
}

/// A cheap test before the demangler: a nested name that mentions
/// basic_string, or the old ABI's std::string (`Ss`).
bool mayNameStringMember(StringRef Mangled) {
  return Mangled.starts_with("_ZN") &&
         (Mangled.contains("basic_string") || Mangled.starts_with("_ZNSs") ||
          Mangled.starts_with("_ZNKSs"));
}

/// Whether Context is basic_string itself (not a class nested in it).
bool isStringClass(StringRef Context) {
  if (Context == "std::string" || Context == "std::wstring")
    return true;
  if (!Context.consume_front("std::basic_string<") &&
      !Context.consume_front("std::__cxx11::basic_string<"))
    return false;
  int Depth = 1;
  for (size_t I = 0; I < Context.size(); ++I) {
    if (Context[I] == '<')
      ++Depth;
    else if (Context[I] == '>' && --Depth == 0)
      return Context.drop_front(I + 1).trim().empty();
  }
  return false;
}

/// The accesses through one parameter at IR argument Arg, appended to Row.
void addParameter(LibcFunction &Row, StringRef Type, int Arg) {
  auto Add = [&](bool Read, bool Write, LibcExtent E) {
    if (Read)
      Row.Accesses.push_back({Arg, false, E});
    if (Write)
      Row.Accesses.push_back({Arg, true, E});
  };
  bool Const = false;
  StringRef Base = Type;
  if (Base.consume_back("&&") || Base.consume_back("&")) {
    Const = Base.consume_back(" const");
    if (Base == "S")
      Add(true, !Const, LibcExtent::Object); // append(s), swap(s), move.
    else if (!Const && (Base == "unsigned long" || Base == "unsigned int"))
      Add(true, true, LibcExtent::Pointee); // _M_create's capacity.
    return;
  }
  if (Base.consume_back("*")) {
    Const = Base.consume_back(" const");
    if (isCharType(Base))
      Add(Const, !Const, LibcExtent::Rest); // append(const char *), copy().
  }
}

std::optional<LibcFunction> stringMemberRow(StringRef Mangled) {
  std::optional<CxxStringMember> M = cxxStringMember(Mangled);
  if (!M)
    return std::nullopt;
  LibcFunction Row;
  // The string's first field: its constructor stores the buffer pointer.
  if (M->Hider) {
    Row.Accesses.push_back({0, true, LibcExtent::Object});
    return Row;
  }
  if (StringRef(M->Base).starts_with("_S_"))
    return std::nullopt; // Static members take no object.
  // substr returns a string by value: the caller's result slot comes
  // first, written whole.
  int This = 0;
  if (M->Base == "substr") {
    Row.Accesses.push_back({0, true, LibcExtent::Object});
    This = 1;
  }
  Row.Accesses.push_back({This, false, LibcExtent::Object});
  if (!M->Const)
    Row.Accesses.push_back({This, true, LibcExtent::Object});
  int Arg = This + 1;
  for (StringRef P : splitParameters(M->Params))
    addParameter(Row, P, Arg++);
  if (This == 0) {
    Row.Ret = LibcReturn::Arg;
    Row.RetArg = 0;
  }
  return Row;
}

bool isStringStruct(Type *T) {
  auto *ST = dyn_cast<StructType>(T);
  if (!ST || !ST->hasName())
    return false;
  StringRef N = ST->getName();
  return N.starts_with("class.std::__cxx11::basic_string") ||
         N.starts_with("class.std::basic_string");
}

/// Whether T, or a subobject of it, is a string (any offset).
bool containsString(Type *T, unsigned Depth = 0) {
  if (isStringStruct(T))
    return true;
  if (Depth > 8)
    return true; // Deep nesting: not worth the walk, kept.
  if (auto *AT = dyn_cast<ArrayType>(T))
    return containsString(AT->getElementType(), Depth + 1);
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(),
                  [&](Type *E) { return containsString(E, Depth + 1); });
  return false;
}
} // namespace

std::optional<CxxStringMember> cxxStringMember(StringRef Mangled) {
  if (!mayNameStringMember(Mangled))
    return std::nullopt;
  std::optional<DemangledFunction> D = demangleFunction(Mangled);
  if (!D)
    return std::nullopt;
  CxxStringMember M;
  StringRef Class = D->Context;
  M.Hider = Class.consume_back("::_Alloc_hider");
  if (!isStringClass(Class) || (M.Hider && D->Base != "_Alloc_hider"))
    return std::nullopt;
  M.Base = std::move(D->Base);
  M.Params = std::move(D->Params);
  for (size_t At; (At = M.Params.find(Class.str())) != std::string::npos;)
    M.Params.replace(At, Class.size(), "S");
  M.Const = Mangled.starts_with("_ZNK");
  M.NewAbiChar = Class.starts_with("std::__cxx11::basic_string<char,");
  return M;
}

bool mayHoldStringAt(const MemObject &O, int64_t Off, const DataLayout &DL) {
  Type *T = nullptr;
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site))
    T = GV->getValueType();
  else if (auto *AI = dyn_cast_or_null<AllocaInst>(O.Site))
    T = AI->getAllocatedType();
  if (!T || !T->isSized())
    return true; // Heap memory takes its type from its stores.
  if (Off == AnyOffset || Off < 0)
    return containsString(T);
  uint64_t At = Off;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (isStringStruct(T))
      return At == 0;
    if (auto *AT = dyn_cast<ArrayType>(T)) {
      uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
      if (!Size)
        return false;
      At %= Size;
      T = AT->getElementType();
      continue;
    }
    auto *ST = dyn_cast<StructType>(T);
    if (!ST || ST->isOpaque() || At >= DL.getTypeAllocSize(ST))
      return false;
    const StructLayout *SL = DL.getStructLayout(ST);
    unsigned I = SL->getElementContainingOffset(At);
    At -= SL->getElementOffset(I);
    T = ST->getElementType(I);
  }
  return true;
}

const LibcFunction *cxxStringRow(StringRef Name) {
  if (!mayNameStringMember(Name))
    return nullptr;
  // One row per mangled name for the process; the map's keys own the
  // rows' names.
  static std::mutex Lock;
  static StringMap<std::unique_ptr<LibcFunction>> Rows;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Rows.try_emplace(Name);
  if (Inserted)
    if (std::optional<LibcFunction> Row = stringMemberRow(Name)) {
      It->second = std::make_unique<LibcFunction>(std::move(*Row));
      It->second->Name = It->getKey();
    }
  return It->second.get();
}

} // namespace racesift
