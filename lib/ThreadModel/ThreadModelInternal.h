//===- ThreadModelInternal.h - Shared internals of the model ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel: the tables of synchronisation, thread
// creation and libc APIs, debug-info naming and graph compression. The
// points-to analysis (lib/PointsTo) reads the API tables and the debug-info
// names too.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H
#define RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H

#include "racesift/PointsTo/PointsTo.h"
#include "racesift/ThreadModel/LibcModel.h"
#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Argument;
class BasicBlock;
class CallBase;
class Constant;
class DataLayout;
class DICompositeType;
class GEPOperator;
class GlobalVariable;
class Instruction;
class LoopInfo;
class Module;
class SCEVAddRecExpr;
class ScalarEvolution;
class Type;
class Value;
} // namespace llvm

namespace racesift {

class PromotedCopy;

/// A field of a global struct the refinement may track as data
/// (DataFields.cpp): the pointers its accesses use, all of one value each.
struct DataField {
  const llvm::GlobalVariable *GV = nullptr;
  int64_t Offset = 0;
  llvm::Type *Ty = nullptr;
  std::vector<const llvm::Value *> Slots;
  bool NonNeg = false; ///< Never negative: no negative store, no decrement.
};
/// The field Ptr points to, if tracking it is exact (see DataFields.cpp).
std::optional<DataField> trackableField(const llvm::Value *Ptr,
                                        const llvm::DataLayout &DL);

/// Source location of an instruction (function name always set).
SourceLoc sourceLocOf(const llvm::Instruction &I);
/// Whether F's debug info places it in the system's or the toolchain's
/// headers (isSystemLoc); false without debug info.
bool inSystemHeader(const llvm::Function &F);

/// A debug-info file's path as ThreadModel::UnitFiles holds it: File, or
/// Dir/File if File is relative.
std::string unitPath(llvm::StringRef Dir, llvm::StringRef File);

/// A function of the C++ standard library by its mangled name (std::,
/// including the lambdas and locals of std:: functions, and __gnu_cxx::).
bool isStdName(llvm::StringRef Name);

/// For calls of one function: the most times each can run in one run of
/// the function when it sits in a single (not nested) loop with a constant
/// maximal trip count; 0 if unknown (TripCount.cpp). The function is
/// analysed once, on a copy.
std::vector<unsigned>
maxRunsInOutermostLoop(llvm::ArrayRef<const llvm::CallBase *> Calls);
/// A join loop's exit at whose start every instance of a creation site has
/// been joined (JoinLoops.cpp).
struct JoinAllPoint {
  const llvm::BasicBlock *At = nullptr; ///< The join loop's exit block.
  unsigned Creation = 0;                ///< Index into ThreadModel::Creations.
  const llvm::CallBase *Join = nullptr; ///< The join in the loop.
  /// Joins every instance of Creation, wherever its id now is (a
  /// std::thread container: the ids were moved from where the site stored
  /// them), rather than those its handles hold.
  bool AllInstances = false;
  /// The loop is in a helper this call of the site's function runs
  /// (`join_all(t, n)`): the JoinAll follows the call, and At is null.
  const llvm::CallBase *After = nullptr;
};
/// For creation sites of one function that runs once (index, pthread_create
/// or thrd_create call) and the pthread_join/thrd_join calls of that
/// function: the join loops proven to join every handle a create loop
/// stored (docs/design-threadmodel.md, "join-loop"), from PC, the
/// function's promoted copy (Sites and Joins not empty).
std::vector<JoinAllPoint> findJoinAllLoops(
    PromotedCopy &PC,
    llvm::ArrayRef<std::pair<unsigned, const llvm::CallBase *>> Sites,
    llvm::ArrayRef<const llvm::CallBase *> Joins);
/// pthread_join or thrd_join.
bool isJoinFunction(const llvm::Function &F);
/// A defined function whose only calls are pthread_join/thrd_join (and
/// markers), at least one: a join helper such as `join_all(t, n)`.
bool isJoinHelper(const llvm::Function &H);
/// As findJoinAllLoops, for join loops in helpers F calls (HelperCalls,
/// direct calls of isJoinHelper functions): each is inlined into a copy of
/// F, and a loop that joins every handle a create loop of F stored, and
/// that every return of the helper follows, joins all after the call
/// (JoinAllPoint::After).
std::vector<JoinAllPoint> findHelperJoinAllLoops(
    const llvm::Function &F,
    llvm::ArrayRef<std::pair<unsigned, const llvm::CallBase *>> Sites,
    llvm::ArrayRef<const llvm::CallBase *> HelperCalls);
/// A lifetime, debug, assume or noalias-scope marker: no effect on memory
/// the thread model tracks.
bool isMarker(const llvm::Instruction &I);
/// For a function Main that runs once, its std::thread::join calls, and
/// std::thread creation sites (index, the constructor that calls
/// _M_start_thread) whose every instance is started from Main: the
/// range-for loops over a local std::vector or std::array of std::thread
/// proven to join every instance of a site (docs/design-threadmodel.md,
/// "cxx-join-loop"). Main is analysed once, on a copy.
std::vector<JoinAllPoint> findCxxContainerJoinLoops(
    const llvm::Function &Main,
    llvm::ArrayRef<std::pair<unsigned, const llvm::Function *>> Sites,
    llvm::ArrayRef<const llvm::CallBase *> Joins);
/// cxx-member-join-loop: a join loop over a std::vector<std::thread>
/// member of a function's `this` (a pool's destructor), filled by Entry
/// through its own `this` (the pool's constructor). Whether the two are
/// one object, and no other code reaches the member, is the caller's to
/// prove (points-to).
struct MemberJoinLoop {
  JoinAllPoint Point;
  const llvm::Function *Entry = nullptr;
  uint64_t Offset = 0, Size = 0; ///< The member's bytes in the object.
};
/// For a function D that runs once and its std::thread::join calls, and
/// std::thread creation sites (index, the constructor that calls
/// _M_start_thread): the range-for loops in D over a std::vector<std::thread>
/// member of D's `this` that join every element, each with the function
/// every thread of a site starts from, appending them to that member of
/// its own `this` (docs/design-threadmodel.md, "cxx-member-join-loop").
std::vector<MemberJoinLoop> findCxxMemberJoinLoops(
    const llvm::Function &D,
    llvm::ArrayRef<std::pair<unsigned, const llvm::Function *>> Sites,
    llvm::ArrayRef<const llvm::CallBase *> Joins);
/// Whether ML's member keeps every thread of its site: D's and the entry's
/// `this` are one object that exists once, and no code but D, the entry
/// and the library functions they call on the member holds a pointer into
/// it or its element storage.
bool memberKeepsThreads(const MemberJoinLoop &ML, const llvm::Function &D,
                        const PointsToAnalysis &PTA,
                        const std::vector<MemObject> &Objects);
/// Ptr, used at At, as `{Start,+,Step}<L>` with L At's loop, of depth 1,
/// Start invariant in L and Step a positive constant of at most 32 bits:
/// the address of element k in iteration k. Null otherwise.
const llvm::SCEVAddRecExpr *elementRecurrence(llvm::ScalarEvolution &SE,
                                              llvm::LoopInfo &LI,
                                              const llvm::Instruction &At,
                                              const llvm::Value *Ptr);
/// An access after a join in a join loop that touches only what belongs to
/// the thread that join waits for (docs/design-threadmodel.md,
/// "joined-instance"): the record the create loop stored into a private
/// table for it (Base null), or, in iteration k, bytes Offset + Stride * k
/// + [0, Size) of Base (a global or the creating function's alloca) where
/// the create of iteration k passed the counter value C0 + C1 * k.
struct JoinedInstanceAccess {
  const llvm::Instruction *Inst = nullptr;
  unsigned Creation = 0;
  const llvm::Value *Base = nullptr;
  int64_t Offset = 0, Stride = 0, Size = 0, C0 = 0, C1 = 0;
};
/// For creation sites of one function that runs once (index, pthread_create
/// or thrd_create call) and the pthread_join/thrd_join calls of that
/// function, and its promoted copy PC (Sites and Joins not empty): the
/// JoinedInstanceAccesses. The caller checks that the
/// handles hold only that site's ids, and that the record is owned per
/// instance or the bytes are the instance's per-instance-index bytes.
std::vector<JoinedInstanceAccess> findJoinedInstanceAccesses(
    PromotedCopy &PC,
    llvm::ArrayRef<std::pair<unsigned, const llvm::CallBase *>> Sites,
    llvm::ArrayRef<const llvm::CallBase *> Joins);
/// How a worker's entry reads its per-instance index value v: its first
/// parameter's value, or the integer of type Ty that parameter points to,
/// Offset bytes in (`*(int *)a`, or a field `a->id` of a struct argument).
struct IndexRead {
  bool Deref = false;
  llvm::Type *Ty = nullptr;
  int64_t Offset = 0;
  bool operator==(const IndexRead &O) const {
    return Deref == O.Deref && Ty == O.Ty && Offset == O.Offset;
  }
};
/// The bytes an access touches: Scale * v + [Lo, Hi) of Base.
struct IndexBytes {
  const llvm::Value *Base = nullptr;
  int64_t Scale = 0, Lo = 0, Hi = 0;
};
/// For accesses of one worker entry: the bytes each touches in terms of v,
/// over every iteration of the loop that steps its address, where that is
/// known (IndexRanges.cpp, docs/design-threadmodel.md "per-instance-index").
/// The function is analysed once, on a copy.
std::vector<std::optional<IndexBytes>>
indexRanges(llvm::ArrayRef<const llvm::Instruction *> Accesses, IndexRead R);
/// Allocas whose address never leaves their activation's thread: only
/// loaded and stored through, compared, kept in -O0 spill slots, or passed
/// to parameters of defined functions that do the same (Captures.cpp,
/// "uncaptured-stack" in docs/design-threadmodel.md).
llvm::DenseSet<const llvm::AllocaInst *>
findUncapturedAllocas(const llvm::Module &M);
/// The source name of a function (DISubprogram name, else IR name).
std::string sourceNameOf(const llvm::Function &F);

/// A C++ function's mangled name in the demangler's parts: "std::string",
/// "append", "(char const*)"; nullopt for a name that is no function's.
struct DemangledFunction {
  std::string Context, Base, Params;
};
std::optional<DemangledFunction> demangleFunction(llvm::StringRef Mangled);
/// Sets Loc and Type of a global's object from its debug info.
void setGlobalDebugInfo(MemObject &O, const llvm::GlobalVariable &GV);
/// ".f", ".a.b", "[]": the member path of byte Off in type T, or "" if none.
std::string memberPath(const llvm::DIType *T, int64_t Off, bool ViaPointer);
/// The path of byte Off through a pointer to Pointee: "->f" inside the
/// first element, "[2]" or "[2].f" past it (an element, not a byte, index),
/// or "" if the type does not say; Type is what lies there, if known.
std::string pointeePath(const llvm::DIType *Pointee, int64_t Off,
                        const llvm::DIType *&Type);
/// The type of the innermost member of T that starts at byte Off (typedefs
/// and qualifiers stripped), or null: what a pointer field there points to
/// names the next step of "q->tail->next".
const llvm::DIType *memberTypeAt(const llvm::DIType *T, int64_t Off);
/// Whether byte Off of debug-info type T lies inside a union (AnyOffset: T
/// holds a union anywhere).
bool declaredInUnion(const llvm::DIType *T, int64_t Off);
/// Whether the address Ptr is computed through a union member: a GEP that
/// indexes a union or yields one (Unions.cpp).
bool addressThroughUnion(const llvm::Value *Ptr);
/// The name of the type a pointer parameter points to, from debug
/// information (typedefs and qualifiers stripped); "" if unknown or
/// `void *` / `char *`.
std::string pointeeTypeName(const llvm::Argument &A);
/// The same for the pointer F returns.
std::string returnPointeeTypeName(const llvm::Function &F);
/// A pointer inside a record: its byte offset, and the name of what it
/// points to under pointeeTypeName's rules.
struct PointerMember {
  uint64_t Offset;
  std::string Pointee;
};
/// T's pointer members, nested records' and array elements' included;
/// nullopt if there are more than Limit.
std::optional<std::vector<PointerMember>>
pointerMembers(const llvm::DICompositeType &T, unsigned Limit);
/// The module's defined structs, unions and classes by name (names with
/// two definitions of different sizes left out).
std::map<std::string, const llvm::DICompositeType *>
namedRecordTypes(const llvm::Module &M);

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
  /// Wait: may return when its deadline passes (Action::Timed).
  bool Timed = false;
};
const SyncApi *lookupSyncApi(llvm::StringRef Name);

/// The libc-table row of a declared member of std::basic_string, made from
/// its mangled name (CxxStringRows.cpp), or null.
const LibcFunction *cxxStringRow(llvm::StringRef Name);
/// Whether O may hold a std::string at Off, by the IR type of a global or
/// stack object (heap objects: always), for the rows' `*this` (compromise
/// type-incompatible-field, as for field accesses).
bool mayHoldStringAt(const MemObject &O, int64_t Off,
                     const llvm::DataLayout &DL);
/// The argument of an init call (sem_init, pthread_barrier_init) that
/// gives the object its count, or -1.
int syncInitCountArg(llvm::StringRef Name);
/// ThreadModel::InitialValues and SyncInitCounts (InitialValues.cpp); no
/// initial value for what the global constructors may write before main.
void addInitialValues(ThreadModel &TM, const llvm::Module &M,
                      const PointsToAnalysis &PTA);
/// A function on a lock, condition variable, barrier or semaphore object
/// (its init, destroy, lock, wait, ...): it keeps no pointer to it and
/// writes none into it.
bool isSyncObjectFunction(llvm::StringRef Name);

/// Thread creation: the argument indices of handle, routine and argument
/// (-1: none). Library: a library runs the routine on threads of its own,
/// any number of times ("library-thread"); Table: an argument whose
/// memory holds the routines (FUSE's operations).
struct CreateApi {
  int HandleArg, RoutineArg, ArgArg;
  bool Library = false;
  /// A struct whose every function pointer is a routine (FUSE's operations,
  /// a struct sigevent's sigev_notify_function).
  int TableArg = -1;
  /// The routines get what the table holds (a struct sigevent's
  /// sigev_value), not an argument of the call.
  bool ArgInTable = false;
};
const CreateApi *lookupCreateApi(llvm::StringRef Name);
/// The defined functions a pthread_once call given Routine runs: those it
/// points to, and for libstdc++'s `__once_proxy` those stored in
/// `std::__once_call` (once-proxy).
std::vector<const llvm::Function *> onceRoutines(const PointsToAnalysis &PTA,
                                                 const ThreadModel &TM,
                                                 const llvm::Value *Routine);
/// The objects Ptr may point to, sorted, without duplicates.
std::vector<ObjectId> pointeeObjects(const PointsToAnalysis &PTA,
                                     const llvm::Value *Ptr);
/// The objects an argument passes (Action::ArgObjects,
/// CreationSite::ArgObjects): pointeeObjects, or empty (not known) if Arg
/// is unresolved or points to more than Action::MaxArgObjects.
std::vector<ObjectId> passedObjects(const PointsToAnalysis &PTA,
                                    const llvm::Value *Arg);
/// The argument C's call passes to its start routine (the ArgArg operand of
/// the first callee with a CreateApi), or null: no such callee, a library
/// creation (the library passes its own), no argument operand.
const llvm::Value *startRoutineArgument(const CreationSite &C,
                                        const PointsToAnalysis &PTA);
/// libstdc++'s std::thread::_M_start_thread.
bool isCxxStartThread(llvm::StringRef Name);

/// cleanup-handlers (CleanupHandlers.cpp): the blocks of F that run a
/// pthread_cleanup_push routine when its __sigsetjmp returns again, and by
/// instruction, the handler blocks a thread may go to right before it (a
/// cancellation point or pthread_exit inside the push/pop region).
struct CleanupEdges {
  llvm::SmallPtrSet<const llvm::BasicBlock *, 2> Handlers;
  llvm::DenseMap<const llvm::Instruction *,
                 llvm::SmallVector<const llvm::BasicBlock *, 1>>
      From;
};
CleanupEdges findCleanupEdges(const llvm::Function &F);

/// A C++ standard library member function the model reads as a
/// synchronisation action (std::mutex::lock, lock_guard's constructor...).
bool isCxxSyncFunction(llvm::StringRef Name);

/// A local slot whose address is only loaded from and stored to (never
/// stored itself, passed, or offset): the values it holds are exactly the
/// values stored into it.
bool isPrivateSlot(const llvm::AllocaInst &AI);

/// claimed-index (ClaimedIndices.cpp): sets Access::ClaimKey of the loads
/// and stores at an index claimed from an atomic counter.
void findClaimedIndices(const llvm::Module &M, ThreadModel &TM);

/// cxx-thread-callables (CxxThreadCallables.cpp): whether M hands two
/// different functions to one library function that constructs a
/// std::thread, and the copy of the library code per callable.
bool hasMergedCxxThreadCallables(const llvm::Module &M);
bool splitCxxThreadCallables(llvm::Module &M);

/// cxx-atomic-members (CxxAtomicMembers.cpp): whether M uses std::atomic
/// members, and their lowering to IR atomics.
bool hasCxxAtomicMembers(const llvm::Module &M);
bool lowerCxxAtomicMembers(llvm::Module &M);

/// Compresses chains of Internal edges (see FunctionGraph) and renumbers the
/// nodes reachable from Entry; Exit (if not ~0u) and *Keep (if given; ~0u
/// when unreachable) are kept. The result goes to Out in order of source
/// node; Edges is left empty, with its capacity.
void compressGraph(unsigned &NumNodes, std::vector<ActionEdge> &Edges,
                   NodeId &Entry, NodeId &Exit,
                   std::vector<std::vector<unsigned>> &Succs,
                   std::vector<ActionEdge> &Out, NodeId *Keep = nullptr);

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_THREADMODELINTERNAL_H
