//===- FieldViews.cpp - GEP views that fit an object's type ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Compromise "type-incompatible-field": a field or element access through a
// type (p->f or p[3]: a GEP whose source element type is a struct or a
// non-char scalar) only reaches an object with a declared type if that type
// has a subobject of the GEP's type where the pointer points. An imprecise
// pointer that may point to a char buffer and to a `struct Parse` otherwise
// creates a Parse field in the buffer, and on sqlite3.c every stack object
// gathered 120 such fields. Unions, literal structs and heap memory accept
// every view; a char array accepts it at an unknown offset in the array;
// every object accepts a literal struct view (an ABI coercion type).
//
//===----------------------------------------------------------------------===//

#include "FieldViews.h"
#include "racesift/PointsTo/PointsTo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"

using namespace llvm;

namespace racesift {

/// The name of a struct type without the suffixes the IR linker and clang
/// add to one source type: "struct.S.12", "class.B.base".
static StringRef sourceTypeName(StructType *ST) {
  StringRef Name = ST->getName();
  for (;;) {
    auto [Head, Tail] = Name.rsplit('.');
    if (Head.empty() || Tail.empty())
      return Name;
    if (Tail == "base" || all_of(Tail, [](char C) { return isDigit(C); })) {
      Name = Head;
      continue;
    }
    return Name;
  }
}

static bool sameSourceType(StructType *A, StructType *B) {
  if (A == B)
    return true;
  if (!A->hasName() || !B->hasName())
    return false;
  return sourceTypeName(A) == sourceTypeName(B);
}

/// Types whose memory C code reuses for anything: unions (clang's IR keeps
/// only the largest member) and the literal structs of constant
/// initialisers.
static bool holdsAnyType(Type *T) {
  if (auto *ST = dyn_cast<StructType>(T))
    return ST->isOpaque() || ST->isLiteral() ||
           ST->getName().starts_with("union.");
  return !T->isSized();
}

Type *gepView(Type *SourceElement) {
  while (auto *AT = dyn_cast<ArrayType>(SourceElement))
    SourceElement = AT->getElementType();
  // Byte arithmetic says nothing of the type beneath.
  if (SourceElement->isIntegerTy(8) || !SourceElement->isSized())
    return nullptr;
  return SourceElement;
}

FieldView viewAs(const DataLayout &DL, Type *Declared, uint64_t Off,
                 Type *View) {
  auto *ViewST = dyn_cast<StructType>(View);
  // A literal struct view is clang's ABI coercion of a source type (`{ ptr,
  // ptr }` for a struct of two pointers returned by value): it names no
  // source type to check. Before, it fitted no declared struct, and the
  // second pointer of a returned pair reached no object (a missed race).
  if (ViewST && ViewST->isLiteral())
    return FieldView::Fits;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    if (holdsAnyType(Declared))
      return FieldView::Fits;
    // A char buffer used as a struct or an array (packet headers, pools):
    // the field may lie anywhere in it.
    if (Declared->isIntegerTy(8))
      return FieldView::Bytes;
    if (auto *ST = dyn_cast<StructType>(Declared)) {
      if (Off == 0 && ViewST && sameSourceType(ST, ViewST))
        return FieldView::Fits;
      const StructLayout *SL = DL.getStructLayout(ST);
      if (Off >= SL->getSizeInBytes() || ST->getNumElements() == 0)
        return FieldView::Misfit;
      unsigned I = SL->getElementContainingOffset(Off);
      Off -= SL->getElementOffset(I);
      Declared = ST->getElementType(I);
      continue;
    }
    if (auto *AT = dyn_cast<ArrayType>(Declared)) {
      uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
      if (Size == 0)
        return FieldView::Fits;
      Off %= Size;
      Declared = AT->getElementType();
      continue;
    }
    // A scalar, pointer or vector: only an element of its own type.
    return Off == 0 && Declared == View ? FieldView::Fits : FieldView::Misfit;
  }
  return FieldView::Fits;
}

uint64_t byteFieldStart(const DataLayout &DL, Type *Declared, uint64_t Off) {
  uint64_t Start = 0;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    // Clang's IR type of a union is one of its members: its fields are not
    // the union's.
    if (holdsAnyType(Declared))
      return Start + Off;
    if (auto *ST = dyn_cast<StructType>(Declared)) {
      const StructLayout *SL = DL.getStructLayout(ST);
      if (Off >= SL->getSizeInBytes() || ST->getNumElements() == 0)
        return Start + Off;
      unsigned I = SL->getElementContainingOffset(Off);
      Start += SL->getElementOffset(I);
      Off -= SL->getElementOffset(I);
      Declared = ST->getElementType(I);
      continue;
    }
    if (auto *AT = dyn_cast<ArrayType>(Declared)) {
      Type *Inner = AT->getElementType();
      while (auto *IA = dyn_cast<ArrayType>(Inner))
        Inner = IA->getElementType();
      // A char array is one location: its bytes are indexed at run time.
      if (Inner->isIntegerTy(8))
        return Start;
      uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
      if (Size == 0)
        return Start + Off;
      Start += Off - Off % Size;
      Off %= Size;
      Declared = AT->getElementType();
      continue;
    }
    // Inside a scalar: the byte belongs to it.
    return Declared->isSized() && Off < DL.getTypeAllocSize(Declared)
               ? Start
               : Start + Off;
  }
  return Start + Off;
}

} // namespace racesift
