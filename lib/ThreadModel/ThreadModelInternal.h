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
#include "llvm/ADT/SparseBitVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DataLayout.h"

#include <deque>
#include <set>

namespace llvm {
class Constant;
class GEPOperator;
class GlobalVariable;
class Instruction;
} // namespace llvm

namespace racesift {

/// Source location of an instruction (function name always set).
SourceLoc sourceLocOf(const llvm::Instruction &I);
/// The source name of a function (DISubprogram name, else IR name).
std::string sourceNameOf(const llvm::Function &F);
/// Sets Loc and Type of a global's object from its debug info.
void setGlobalDebugInfo(MemObject &O, const llvm::GlobalVariable &GV);
/// "obj", "obj+8", "obj+?": the points-to printer's form.
std::string describeLocPlain(const MemObject &O, int64_t Off);
/// ".f", ".a.b", "[]": the member path of byte Off in type T, or "" if none.
std::string memberPath(const llvm::DIType *T, int64_t Off, bool ViaPointer);

/// The solver behind PointsToAnalysis.
struct PTASolver {
  struct Node {
    llvm::SparseBitVector<> Pts;  ///< Location ids.
    llvm::SparseBitVector<> Prev; ///< Already propagated.
    llvm::SmallVector<uint32_t, 2> Copy;
    llvm::SmallVector<uint32_t, 1> Loads;  ///< Dst nodes: Dst >= *this.
    llvm::SmallVector<uint32_t, 1> Stores; ///< Src nodes: *this >= Src.
    llvm::SmallVector<std::pair<uint32_t, int64_t>, 1> Geps;
    llvm::SmallVector<unsigned, 0> Complex;
    bool Queued = false;
  };
  struct LocInfo {
    MemLoc Loc;
    uint32_t Content; ///< Node of what is stored at Loc.
  };
  struct PerObject {
    std::vector<uint32_t> Locs;
    std::vector<uint32_t> AnyLoaders, AnyStorers;
    std::vector<unsigned> CopySources;
  };
  /// Constraints that need the pointees of a watched node.
  struct Complex {
    enum Kind { IndirectCall, ThreadRoutine, CopySrc, CopyDst } K;
    const llvm::CallBase *CB = nullptr;
    uint32_t Arg = 0; ///< Thread argument node, or the other memcpy side.
    uint32_t Watch = 0;
  };
  /// Bounds the locations of one object (compromise "field-limit").
  static constexpr size_t MaxFieldsPerObject = 128;

  llvm::Module &M;
  const llvm::DataLayout &DL;
  std::vector<MemObject> &Objects;
  std::deque<Node> Nodes;
  std::vector<LocInfo> Locs;
  std::vector<PerObject> ObjLocs;
  std::vector<Complex> Complexes;
  std::deque<uint32_t> Worklist;
  llvm::DenseSet<uint64_t> CopyEdges;
  void push(uint32_t N) {
    if (!Nodes[N].Queued) {
      Nodes[N].Queued = true;
      Worklist.push_back(N);
    }
  }
  llvm::DenseMap<std::pair<ObjectId, int64_t>, uint32_t> LocIndex;
  llvm::DenseMap<const llvm::Value *, uint32_t> ValueNode;
  llvm::DenseMap<const llvm::Function *, uint32_t> RetNode;
  llvm::DenseMap<const llvm::Value *, ObjectId> SiteObject;
  llvm::DenseMap<const llvm::CallBase *, std::vector<const llvm::Function *>>
      CalleeMap, Bound;
  llvm::DenseMap<const llvm::Function *, ObjectId> ExternalObj;
  llvm::DenseMap<uint32_t, std::vector<MemLoc>> SortedCache;
  std::set<std::pair<const llvm::CallBase *, const llvm::Function *>> StartSeen;
  std::vector<ThreadStart> Starts;
  std::vector<std::string> Compromises;
  llvm::StringSet<> CompromiseSet;
  llvm::StringMap<unsigned> HeapNames;
  ObjectId UnknownObj = InvalidObject;

  PTASolver(llvm::Module &M, std::vector<MemObject> &Objects);
  void buildConstraints();
  void solve();
  /// Binds std::thread state objects to their _M_run; true if any is new.
  bool resolveCxxThreads();
  llvm::ArrayRef<MemLoc> pointsTo(const llvm::Value *V);
  std::vector<MemLoc> contentOf(const MemLoc &L);

  uint32_t newNode();
  ObjectId newObject(ObjectKind K, const llvm::Value *Site, std::string Name,
                     uint64_t Size);
  uint32_t locFor(ObjectId Obj, int64_t Off);
  uint32_t nodeOf(const llvm::Value *V);
  uint32_t returnNode(const llvm::Function &F);
  ObjectId objectForFunction(const llvm::Function *F);
  ObjectId unknownObject(llvm::StringRef Why);
  void compromise(std::string C);
  int64_t gepOffset(const llvm::GEPOperator &GEP) const;
  void pushFull(uint32_t N);
  void addPts(uint32_t N, uint32_t L);
  void addCopy(uint32_t Src, uint32_t Dst);
  void addGep(uint32_t Src, uint32_t Dst, int64_t Off);
  void addLoad(uint32_t Ptr, uint32_t Dst);
  void addStore(uint32_t Src, uint32_t Ptr);
  void addComplex(uint32_t Watch, Complex C);
  void addMemCopy(const llvm::Value *Dst, const llvm::Value *Src);
  void addInitializer(uint32_t ObjLoc, const llvm::Constant *C, int64_t Off);
  void loadFrom(uint32_t L, uint32_t Dst);
  void storeTo(uint32_t L, uint32_t Src);
  uint32_t shift(uint32_t L, int64_t Off);
  void handleComplex(unsigned CI, uint32_t L);
  void bindCall(const llvm::CallBase &CB, const llvm::Function &F);
  void visit(llvm::Instruction &I);
  void visitCall(llvm::CallBase &CB);
  void modelExternal(const llvm::CallBase &CB, const llvm::Function &F);
  ObjectId heapObject(const llvm::CallBase &CB);
};

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
/// nodes reachable from Entry; Exit (if not ~0u) is kept.
void compressGraph(unsigned &NumNodes, std::vector<ActionEdge> &Edges,
                   NodeId &Entry, NodeId &Exit,
                   std::vector<std::vector<unsigned>> &Succs);

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H
