//===- DebugNames.cpp - Source names and locations from debug info -*- C++ -*-//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ThreadModelInternal.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/IntrinsicInst.h"

#include <set>

using namespace llvm;

namespace racesift {

std::string sourceNameOf(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram())
    if (!SP->getName().empty())
      return SP->getName().str();
  return F.getName().str();
}

std::string parameterName(const Function &F, unsigned ArgNo) {
  auto Matches = [&](const DILocalVariable *V) {
    return V && V->getArg() == ArgNo + 1;
  };
  for (const Instruction &I : instructions(F)) {
    if (const auto *DI = dyn_cast<DbgVariableIntrinsic>(&I))
      if (Matches(DI->getVariable()))
        return DI->getVariable()->getName().str();
    for (const DbgVariableRecord &DVR : filterDbgVars(I.getDbgRecordRange()))
      if (Matches(DVR.getVariable()))
        return DVR.getVariable()->getName().str();
  }
  return F.getArg(ArgNo)->hasName() ? F.getArg(ArgNo)->getName().str()
                                    : "#" + std::to_string(ArgNo + 1);
}

SourceLoc sourceLocOf(const Instruction &I) {
  SourceLoc L;
  L.Function = sourceNameOf(*I.getFunction());
  if (const DILocation *DL = I.getDebugLoc().get()) {
    L.File = DL->getFilename().str();
    L.Dir = DL->getDirectory().str();
    L.Line = DL->getLine();
    L.Col = DL->getColumn();
  } else if (const DISubprogram *SP = I.getFunction()->getSubprogram()) {
    // Code with no line of its own (at -O0, the spills of parameters into
    // their stack slots) is placed at the function's declaration, so that
    // a finding on it still points into the source.
    L.File = SP->getFilename().str();
    L.Dir = SP->getDirectory().str();
    L.Line = SP->getLine();
  }
  return L;
}

bool inSystemHeader(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return false;
  SourceLoc L;
  L.File = unitPath(SP->getDirectory(), SP->getFilename());
  return isSystemLoc(L);
}

std::string unitPath(StringRef Dir, StringRef File) {
  if (File.empty() || File.front() == '/' || Dir.empty())
    return File.str();
  return (Dir + "/" + File).str();
}

void setGlobalDebugInfo(MemObject &O, const GlobalVariable &GV) {
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  GV.getDebugInfo(GVEs);
  O.Loc.Function = "";
  for (DIGlobalVariableExpression *GVE : GVEs) {
    DIGlobalVariable *V = GVE->getVariable();
    O.Name = V->getName().str();
    O.Type = V->getType();
    O.Loc.File = V->getFilename().str();
    O.Loc.Dir = V->getDirectory().str();
    O.Loc.Line = V->getLine();
    break;
  }
}

/// Strips typedefs and qualifiers.
static const DIType *stripType(const DIType *T) {
  while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type &&
        Tag != dwarf::DW_TAG_atomic_type && Tag != dwarf::DW_TAG_restrict_type)
      break;
    T = D->getBaseType();
  }
  return T;
}

/// The name a pointer of type PT points to, under pointeeTypeName's rules.
static std::string pointeeKey(const DIType *PT) {
  auto *P = dyn_cast_or_null<DIDerivedType>(stripType(PT));
  if (!P || P->getTag() != dwarf::DW_TAG_pointer_type)
    return "";
  const DIType *Pointee = stripType(P->getBaseType());
  if (!Pointee || (isa<DIBasicType>(Pointee) && Pointee->getSizeInBits() <= 8))
    return ""; // void * and char *: any object.
  // A slot for a pointer to a named type (an out-parameter, `ctx **out`):
  // "ctx *".
  if (auto *PP = dyn_cast<DIDerivedType>(Pointee);
      PP && PP->getTag() == dwarf::DW_TAG_pointer_type) {
    const DIType *Inner = stripType(PP->getBaseType());
    if (Inner && !Inner->getName().empty() && !isa<DIBasicType>(Inner))
      return Inner->getName().str() + " *";
  }
  return Pointee->getName().str();
}

/// The pointee type name of entry I of F's subroutine type (0: the
/// return type, I: parameter I - 1).
static std::string pointeeTypeNameAt(const Function &F, unsigned I) {
  const DISubprogram *SP = F.getSubprogram();
  const DISubroutineType *ST = SP ? SP->getType() : nullptr;
  if (!ST || I >= ST->getTypeArray().size())
    return "";
  return pointeeKey(ST->getTypeArray()[I]);
}

/// Adds T's pointer members at Base on; false once Out passes Limit.
static bool addPointerMembers(const DIType *T, uint64_t Base,
                              std::vector<PointerMember> &Out, unsigned Limit) {
  T = stripType(T);
  if (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    if (D->getTag() != dwarf::DW_TAG_pointer_type)
      return true;
    Out.push_back({Base, pointeeKey(D)});
    return Out.size() <= Limit;
  }
  auto *CT = dyn_cast_or_null<DICompositeType>(T);
  if (!CT)
    return true;
  if (CT->getTag() == dwarf::DW_TAG_array_type) {
    const DIType *Elem = stripType(CT->getBaseType());
    uint64_t ElemBytes = Elem ? Elem->getSizeInBits() / 8 : 0;
    if (!ElemBytes)
      return true;
    for (uint64_t Off = 0; Off < CT->getSizeInBits() / 8; Off += ElemBytes)
      if (!addPointerMembers(Elem, Base + Off, Out, Limit))
        return false;
    return true;
  }
  for (const DINode *E : CT->getElements()) {
    auto *M = dyn_cast_or_null<DIDerivedType>(E);
    if (!M || M->getTag() != dwarf::DW_TAG_member || M->isStaticMember() ||
        M->isBitField())
      continue;
    if (!addPointerMembers(M->getBaseType(), Base + M->getOffsetInBits() / 8,
                           Out, Limit))
      return false;
  }
  return true;
}

std::optional<std::vector<PointerMember>>
pointerMembers(const DICompositeType &T, unsigned Limit) {
  std::vector<PointerMember> Out;
  if (!addPointerMembers(&T, 0, Out, Limit))
    return std::nullopt;
  return Out;
}

std::map<std::string, const DICompositeType *>
namedRecordTypes(const Module &M) {
  DebugInfoFinder Finder;
  Finder.processModule(M);
  std::map<std::string, const DICompositeType *> Named;
  std::set<std::string> Ambiguous;
  for (const DIType *T : Finder.types()) {
    auto *CT = dyn_cast<DICompositeType>(T);
    if (!CT || CT->getName().empty() || CT->isForwardDecl() ||
        (CT->getTag() != dwarf::DW_TAG_structure_type &&
         CT->getTag() != dwarf::DW_TAG_class_type &&
         CT->getTag() != dwarf::DW_TAG_union_type))
      continue;
    auto [It, New] = Named.try_emplace(CT->getName().str(), CT);
    // Two definitions of one name (units linked under LTO): neither.
    if (!New && It->second != CT &&
        It->second->getSizeInBits() != CT->getSizeInBits())
      Ambiguous.insert(It->first);
  }
  for (const std::string &Name : Ambiguous)
    Named.erase(Name);
  return Named;
}

std::string pointeeTypeName(const Argument &A) {
  return pointeeTypeNameAt(*A.getParent(), A.getArgNo() + 1);
}

std::string returnPointeeTypeName(const Function &F) {
  return pointeeTypeNameAt(F, 0);
}

/// The members of CT whose bytes cover Off (a union's overlap), in order.
static SmallVector<const DIDerivedType *, 2>
membersCovering(const DICompositeType &CT, int64_t Off) {
  SmallVector<const DIDerivedType *, 2> Out;
  for (const DINode *E : CT.getElements()) {
    auto *M = dyn_cast_or_null<DIDerivedType>(E);
    if (!M || M->getTag() != dwarf::DW_TAG_member || M->isStaticMember())
      continue;
    int64_t Start = M->getOffsetInBits() / 8;
    int64_t Size = std::max<int64_t>(M->getSizeInBits() / 8, 1);
    if (Off >= Start && Off < Start + Size)
      Out.push_back(M);
  }
  return Out;
}

/// The member of CT whose bytes cover Off, or null.
static const DIDerivedType *memberAt(const DICompositeType &CT, int64_t Off) {
  SmallVector<const DIDerivedType *, 2> Ms = membersCovering(CT, Off);
  return Ms.empty() ? nullptr : Ms.front();
}

std::optional<bool> ThreadModel::inArray(const MemLoc &L) const {
  if (L.Offset == AnyOffset || L.Obj >= Objects.size())
    return std::nullopt;
  int64_t Off = L.Offset;
  for (const DIType *T = stripType(Objects[L.Obj].Type); T; T = stripType(T)) {
    auto *CT = dyn_cast<DICompositeType>(T);
    if (!CT)
      return Off == 0 ? std::optional<bool>(false) : std::nullopt;
    if (CT->getTag() == dwarf::DW_TAG_array_type)
      return true;
    // Unlike memberPath, unions (and enums) are not walked into: their
    // members overlap, so the first one covering Off need not be where the
    // value lives, and the model checker's fallback decides instead.
    if (CT->getTag() != dwarf::DW_TAG_structure_type &&
        CT->getTag() != dwarf::DW_TAG_class_type)
      return std::nullopt;
    const DIDerivedType *M = memberAt(*CT, Off);
    if (!M)
      return std::nullopt;
    Off -= M->getOffsetInBits() / 8;
    T = M->getBaseType();
  }
  return std::nullopt;
}

/// Whether T holds a union anywhere (members and array elements, not
/// pointees).
static bool hasUnion(const DIType *T, unsigned Depth = 0) {
  auto *CT = dyn_cast_or_null<DICompositeType>(stripType(T));
  if (!CT || Depth > 16)
    return false;
  if (CT->getTag() == dwarf::DW_TAG_union_type)
    return true;
  if (CT->getTag() == dwarf::DW_TAG_array_type)
    return hasUnion(CT->getBaseType(), Depth + 1);
  for (const DINode *E : CT->getElements())
    if (auto *M = dyn_cast_or_null<DIDerivedType>(E);
        M && M->getTag() == dwarf::DW_TAG_member && !M->isStaticMember() &&
        hasUnion(M->getBaseType(), Depth + 1))
      return true;
  return false;
}

bool declaredInUnion(const DIType *T, int64_t Off) {
  if (Off == AnyOffset)
    return hasUnion(T);
  for (unsigned Depth = 0; Depth <= 16; ++Depth) {
    auto *CT = dyn_cast_or_null<DICompositeType>(stripType(T));
    if (!CT)
      return false;
    if (CT->getTag() == dwarf::DW_TAG_union_type)
      return true;
    if (CT->getTag() == dwarf::DW_TAG_array_type) {
      T = CT->getBaseType();
      const DIType *Elem = stripType(T);
      uint64_t ElemBytes = Elem ? Elem->getSizeInBits() / 8 : 0;
      if (!ElemBytes)
        return hasUnion(T);
      Off %= int64_t(ElemBytes);
      continue;
    }
    const DIDerivedType *M = memberAt(*CT, Off);
    if (!M)
      return false;
    Off -= M->getOffsetInBits() / 8;
    T = M->getBaseType();
  }
  return false;
}

std::string memberPath(const DIType *T, int64_t Off, bool ViaPointer) {
  std::string Out;
  T = stripType(T);
  bool First = true;
  while (T) {
    auto *CT = dyn_cast<DICompositeType>(T);
    if (!CT)
      break;
    if (CT->getTag() == dwarf::DW_TAG_array_type) {
      Out += "[]";
      T = stripType(CT->getBaseType());
      uint64_t ElemBytes = T ? T->getSizeInBits() / 8 : 0;
      if (Off != AnyOffset && ElemBytes)
        Off %= ElemBytes;
      First = false;
      continue;
    }
    if (CT->getTag() != dwarf::DW_TAG_structure_type &&
        CT->getTag() != dwarf::DW_TAG_class_type &&
        CT->getTag() != dwarf::DW_TAG_union_type)
      break;
    if (Off == AnyOffset)
      break;
    const DIDerivedType *Best = memberAt(*CT, Off);
    // Overlapping members of a union: which one the bytes hold is not the
    // type's to say, so the union is named.
    if (Best && CT->getTag() == dwarf::DW_TAG_union_type &&
        membersCovering(*CT, Off).size() > 1)
      break;
    // Names reserved to the implementation are its internals (glibc's
    // `pthread_mutex_t.__data.__lock`): the object they are in is named.
    if (!Best || Best->getName().starts_with("__"))
      break;
    Out += (First && ViaPointer) ? "->" : ".";
    Out += Best->getName().str();
    Off -= Best->getOffsetInBits() / 8;
    T = stripType(Best->getBaseType());
    First = false;
  }
  return Out;
}

std::string pointeePath(const DIType *Pointee, int64_t Off,
                        const DIType *&Type) {
  Type = nullptr;
  const DIType *T = stripType(Pointee);
  uint64_t Bytes = T ? T->getSizeInBits() / 8 : 0;
  if (!T || Off == AnyOffset || Off < 0)
    return "";
  if (!Bytes || Off < int64_t(Bytes)) {
    Type = memberTypeAt(T, Off);
    return memberPath(T, Off, true);
  }
  // Past the first element: the pointer is indexed, `p[2].f`.
  int64_t Rem = Off % int64_t(Bytes);
  std::string Member = memberPath(T, Rem, false);
  if (Rem && Member.empty())
    return "";
  Type = Rem ? memberTypeAt(T, Rem) : T;
  return "[" + std::to_string(Off / int64_t(Bytes)) + "]" + Member;
}

const DIType *memberTypeAt(const DIType *T, int64_t Off) {
  if (Off == AnyOffset) {
    // Some element of an array (`args[i]`): the element's type.
    const DIType *Elem = nullptr;
    for (T = stripType(T); auto *CT = dyn_cast_or_null<DICompositeType>(T);
         T = stripType(CT->getBaseType())) {
      if (CT->getTag() != dwarf::DW_TAG_array_type)
        break;
      Elem = stripType(CT->getBaseType());
    }
    return Elem;
  }
  for (T = stripType(T); T; T = stripType(T)) {
    auto *CT = dyn_cast<DICompositeType>(T);
    if (!CT || CT->getTag() == dwarf::DW_TAG_union_type)
      return Off == 0 ? T : nullptr;
    if (CT->getTag() == dwarf::DW_TAG_array_type) {
      T = CT->getBaseType();
      uint64_t ElemBytes = stripType(T) ? stripType(T)->getSizeInBits() / 8 : 0;
      if (!ElemBytes)
        return nullptr;
      Off %= ElemBytes;
      continue;
    }
    if (CT->getTag() != dwarf::DW_TAG_structure_type &&
        CT->getTag() != dwarf::DW_TAG_class_type)
      return Off == 0 ? T : nullptr;
    if (Off == 0 && !memberAt(*CT, 0))
      return T;
    const DIDerivedType *M = memberAt(*CT, Off);
    if (!M)
      return Off == 0 ? T : nullptr;
    Off -= M->getOffsetInBits() / 8;
    T = M->getBaseType();
  }
  return nullptr;
}

std::optional<DemangledFunction> demangleFunction(StringRef Mangled) {
  if (!Mangled.starts_with("_Z"))
    return std::nullopt;
  std::string Name = Mangled.str(); // The demangler's nodes point into it.
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Name.c_str()) || !D.isFunction())
    return std::nullopt;
  // Each part is malloc'ed by the demangler; null if it has none.
  auto Take = [](char *Part) {
    std::string S = Part ? Part : "";
    std::free(Part);
    return S;
  };
  char *Base = D.getFunctionBaseName(nullptr, nullptr);
  char *Params = D.getFunctionParameters(nullptr, nullptr);
  bool Whole = Base && Params;
  DemangledFunction F{Take(D.getFunctionDeclContextName(nullptr, nullptr)),
                      Take(Base), Take(Params)};
  if (!Whole)
    return std::nullopt;
  return F;
}

} // namespace racesift
