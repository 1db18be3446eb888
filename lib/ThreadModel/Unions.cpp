//===- Unions.cpp - Where accesses of different types may meet -----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The type-based-aliasing compromise pairs no two scalar accesses of
// different types, by C's effective-type rule. A union is where C lets them
// meet: `u.i = 42` in one thread races with a read of `u.f` in another. The
// rule is lifted per location, not per access, so that an object a points-to
// set merges with a union keeps the rule everywhere else.
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace racesift {

/// Whether IR type T is one of clang's unions (named "union.*").
static bool irIsUnion(Type *T) {
  auto *ST = dyn_cast<StructType>(T);
  return ST && ST->hasName() && ST->getName().starts_with("union.");
}

/// Whether IR type T is, or holds, one of clang's unions.
static bool irHasUnion(Type *T, unsigned Depth = 0) {
  if (Depth > 16)
    return false;
  if (auto *AT = dyn_cast<ArrayType>(T))
    return irHasUnion(AT->getElementType(), Depth + 1);
  auto *ST = dyn_cast<StructType>(T);
  if (!ST)
    return false;
  return irIsUnion(ST) || any_of(ST->elements(), [&](Type *E) {
           return irHasUnion(E, Depth + 1);
         });
}

bool addressThroughUnion(const Value *Ptr) {
  const Value *V = Ptr;
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    V = V->stripPointerCasts();
    auto *GEP = dyn_cast<GEPOperator>(V);
    if (!GEP)
      return false;
    if (irIsUnion(GEP->getResultElementType()))
      return true;
    for (gep_type_iterator It = gep_type_begin(GEP), E = gep_type_end(GEP);
         It != E; ++It)
      if (irIsUnion(It.getIndexedType()))
        return true;
    V = GEP->getPointerOperand();
  }
  return false;
}

bool ThreadModel::inUnion(const MemLoc &L) const {
  if (L.Obj >= Objects.size())
    return false;
  const MemObject &O = Objects[L.Obj];
  if (O.Type)
    return declaredInUnion(O.Type, L.Offset);
  // No debug info: a global or local whose IR type holds a union anywhere.
  if (auto *GV = dyn_cast_or_null<GlobalVariable>(O.Site))
    return irHasUnion(GV->getValueType());
  if (auto *AI = dyn_cast_or_null<AllocaInst>(O.Site))
    return irHasUnion(AI->getAllocatedType());
  // Heap: where accesses went through a union member, at that offset or
  // anywhere in the object if either side is AnyOffset.
  auto It = UnionLocs.lower_bound(MemLoc{L.Obj, AnyOffset});
  for (; It != UnionLocs.end() && It->Obj == L.Obj; ++It)
    if (It->mayAlias(L))
      return true;
  return false;
}

} // namespace racesift
