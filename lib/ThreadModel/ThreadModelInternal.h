//===- ThreadModelInternal.h - Shared internals of the model ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel: the points-to constraint solver, the table of
// synchronisation and libc APIs, debug-info naming and graph compression.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H
#define RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H

#include "racesift/ThreadModel/PointsTo.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"

namespace llvm {
class Constant;
class GEPOperator;
class GlobalVariable;
class Instruction;
} // namespace llvm

namespace racesift {

/// Source location of an instruction (function name always set).
SourceLoc sourceLocOf(const llvm::Instruction &I);

/// For calls of one function: the most times each can run in one run of
/// the function when it sits in a single (not nested) loop with a constant
/// maximal trip count; 0 if unknown (TripCount.cpp). The function is
/// analysed once, on a copy.
std::vector<unsigned>
maxRunsInOutermostLoop(llvm::ArrayRef<const llvm::CallBase *> Calls);
/// The source name of a function (DISubprogram name, else IR name).
std::string sourceNameOf(const llvm::Function &F);
/// Sets Loc and Type of a global's object from its debug info.
void setGlobalDebugInfo(MemObject &O, const llvm::GlobalVariable &GV);
/// "obj", "obj+8", "obj+?": the points-to printer's form.
std::string describeLocPlain(const MemObject &O, int64_t Off);
/// ".f", ".a.b", "[]": the member path of byte Off in type T, or "" if none.
std::string memberPath(const llvm::DIType *T, int64_t Off, bool ViaPointer);

//===----------------------------------------------------------------------===//
// API tables
//===----------------------------------------------------------------------===//

/// One synchronisation API: what it does and which argument is the object.
struct SyncApi {
  llvm::StringRef Name;
  ActionKind Kind;
  int ObjArg;    ///< Argument of the object (-1: none).
  int SecondArg; ///< Wait: the mutex; Once: the routine; else -1.
  LockKind Lock;
  LockMode Mode;
};
const SyncApi *lookupSyncApi(llvm::StringRef Name);

/// A libc function that reads or writes memory through an argument.
struct LibcEffect {
  int Arg;
  bool IsWrite;
};
llvm::ArrayRef<LibcEffect> lookupLibcEffects(llvm::StringRef Name);

/// Thread creation: the argument indices of handle, routine and argument.
struct CreateApi {
  int HandleArg, RoutineArg, ArgArg;
};
const CreateApi *lookupCreateApi(llvm::StringRef Name);
/// libstdc++'s std::thread::_M_start_thread.
bool isCxxStartThread(llvm::StringRef Name);

/// Compresses chains of Internal edges (see FunctionGraph) and renumbers the
/// nodes reachable from Entry; Exit (if not ~0u) is kept. The result goes to
/// Out in order of source node; Edges is left empty, with its capacity.
void compressGraph(unsigned &NumNodes, std::vector<ActionEdge> &Edges,
                   NodeId &Entry, NodeId &Exit,
                   std::vector<std::vector<unsigned>> &Succs,
                   std::vector<ActionEdge> &Out);

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H
