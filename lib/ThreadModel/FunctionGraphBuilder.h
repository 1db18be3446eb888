//===- FunctionGraphBuilder.h - Action graph of one function ----*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/ThreadModel. Maps one function's IR to its action graph:
// accesses, synchronisation API calls (SyncApi), calls of defined functions,
// tracked data (Assign/Assume) and internal steps.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H
#define RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H

#include "EquivalentGeps.h"
#include "ThreadModelInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>

namespace llvm {
class AllocaInst;
class AtomicRMWInst;
class BranchInst;
class Function;
class LoadInst;
class StoreInst;
class Type;
class User;
} // namespace llvm

namespace racesift {

/// What the graph builder needs to know about the whole module.
struct GraphContext {
  /// Creation call -> index into ThreadModel::Creations.
  llvm::DenseMap<const llvm::CallBase *, unsigned> CreationOf;
  /// Stack objects whose address may reach another thread.
  llvm::DenseSet<ObjectId> EscapedStack;
  /// Thread handles the program may overwrite after a creation stored an
  /// id there ("handle-overwritten"): a join through one names no thread.
  llvm::DenseSet<ObjectId> DirtyHandles;
  /// std::thread objects that may be handed to anything but their start,
  /// join, joinable, detach, get_id and destructor (a move, a swap, an
  /// unknown function): libstdc++ moves their ids unseen
  /// (handle-overwritten-cxx), so whether they are joinable is not known.
  llvm::DenseSet<ObjectId> MovedCxxHandles;
  /// Lock objects initialised with a recursive attribute.
  llvm::DenseSet<ObjectId> RecursiveLocks;
  /// The one lock of SV-COMP atomic sections.
  ObjectId AtomicSection = InvalidObject;
  /// Tracked integer globals and locals (flags, loop counters) -> DataVar.
  llvm::DenseMap<const llvm::Value *, DataVarId> FlagVars;
  /// frozen-branch refinement: branches that take one successor in every
  /// execution -> that successor.
  llvm::DenseMap<const llvm::Instruction *, unsigned> FixedBranches;
  /// thread-arg-guard: start routines' parameters -> their per-instance
  /// variable (findThreadArgGuards).
  llvm::DenseMap<const llvm::Argument *, DataVarId> ThreadArgVars;
  /// Tracked variables that never hold a negative value, on which unsigned
  /// comparisons with non-negative constants are the signed ones.
  llvm::DenseSet<DataVarId> NonNegative;
  /// Defined helpers that return only constants (several of them) -> the
  /// DataVar of their result, assigned on each return.
  llvm::DenseMap<const llvm::Function *, DataVarId> HelperVars;
  /// The -O0 return-value slots of those helpers -> the same DataVar.
  llvm::DenseMap<const llvm::Value *, DataVarId> RetSlots;
  /// constant-argument: integer parameters of leaf helpers that some call
  /// passes a constant (`bump(1)`, `bump(0)`) -> the DataVar assigned
  /// before each call (a thread's own variable).
  llvm::DenseMap<const llvm::Argument *, DataVarId> ParamVars;
  /// Join loops' exit blocks -> the creation sites (and the join in the
  /// loop) all of whose instances are joined on entry (JoinLoops.cpp).
  llvm::DenseMap<const llvm::BasicBlock *, std::vector<JoinAllPoint>> JoinAllAt;
  /// Join loops in helpers: the JoinAll follows the call.
  llvm::DenseMap<const llvm::Instruction *, std::vector<JoinAllPoint>>
      JoinAllAfter;
  /// (instruction, pointer operand) pairs that initialise a fresh heap
  /// object before it escapes (compromise-free; see "fresh-init" in
  /// docs/design-threadmodel.md): not modelled as accesses.
  llvm::DenseSet<std::pair<const llvm::Instruction *, const llvm::Value *>>
      FreshInit;
  /// thread-ids: (global or alloca, byte offset) -> the DataVar of the
  /// pthread_t stored there (ThreadIds.cpp).
  std::map<std::pair<const llvm::Value *, int64_t>, DataVarId> IdSlots;
};

/// A constant byte offset of a global or an alloca.
struct IdSlot {
  const llvm::Value *Base = nullptr;
  int64_t Offset = 0;
};
/// Ptr as a global or alloca plus a constant offset (casts and constant
/// GEPs), or none.
std::optional<IdSlot> idSlotOf(const llvm::Value *Ptr);
/// Whether V is a call of pthread_self() or thrd_current().
bool isThreadIdSource(const llvm::Value *V);

/// Instructions reachable from one of From (after it) without passing
/// through Stop (an instruction, or null for plain reachability).
llvm::DenseSet<const llvm::Instruction *>
reachableAfter(llvm::ArrayRef<const llvm::Instruction *> From,
               const llvm::Value *Stop);

using FunctionTemplates =
    llvm::DenseMap<const llvm::Function *, std::vector<TemplateId>>;
using CallSiteMap =
    llvm::DenseMap<const llvm::Function *, std::vector<const llvm::CallBase *>>;

/// Array elements handed to one thread each (ElementOwnership.cpp): marks
/// the array owned per instance of the thread and the creator's accesses
/// to the element about to be handed as fresh-init.
void findElementOwnership(const llvm::Module &M, ThreadModel &TM,
                          const PointsToAnalysis &PTA,
                          const FunctionTemplates &FuncTemplates,
                          const CallSiteMap &CallSites, GraphContext &Ctx);

/// count-per-creation (ElementOwnership.cpp): whether the local counter
/// Slot has a new value at every run of C: C's function runs once (the
/// entry of a once template, called from nowhere), Slot only grows, is
/// never reset after C, and grows between two runs of C. Returns the
/// increment, or null; SameRun, if given, gets what C reaches before the
/// increment (reachableAfter({C}, increment)).
const llvm::StoreInst *
countsPerCreation(const CreationSite &C, const llvm::AllocaInst &Slot,
                  const ThreadModel &TM, const FunctionTemplates &FuncTemplates,
                  const CallSiteMap &CallSites,
                  llvm::DenseSet<const llvm::Instruction *> *SameRun = nullptr);

/// thread-ids (ThreadIds.cpp): integer memory that holds thread ids, every
/// write to it understood, gets a DataVar per offset (Ctx.IdSlots).
void findThreadIds(const llvm::Module &M, ThreadModel &TM,
                   const PointsToAnalysis &PTA,
                   const FunctionTemplates &FuncTemplates, GraphContext &Ctx);

/// per-instance-index (InstanceIndices.cpp): thread arguments that carry
/// the creator's loop counter, the worker variable that holds it, and the
/// accesses whose address it selects. Runs on the built function graphs.
void findInstanceIndices(const llvm::Module &M, ThreadModel &TM,
                         const PointsToAnalysis &PTA,
                         const FunctionTemplates &FuncTemplates,
                         const CallSiteMap &CallSites, const GraphContext &Ctx);

/// cxx-lambda-index (LambdaIndices.cpp): the same for std::thread
/// workers running a non-mutable lambda whose capture is the index.
void findLambdaIndices(const llvm::Module &M, ThreadModel &TM,
                       const PointsToAnalysis &PTA,
                       const FunctionTemplates &FuncTemplates,
                       const GraphContext &Ctx);

/// Helpers of the per-instance indices (InstanceIndices.cpp).
/// Whether cast C keeps the counter values the model checker knows.
bool keepsValue(const llvm::CastInst &C, bool NonNegative);
/// V without value-keeping casts and, if ThroughSlots, without loads of
/// local slots stored exactly once (-O0 homes of a parameter or a local).
const llvm::Value *stripIndex(const llvm::Value *V, bool NonNegative,
                              bool ThroughSlots);
/// The address of a load or store as Base + Const + Scale * Var, Base a
/// global or an alloca.
struct Affine {
  const llvm::Value *Base = nullptr;
  const llvm::Value *Var = nullptr;
  int64_t Scale = 0, Const = 0;
};
std::optional<Affine> affineAddress(const llvm::Value *Ptr,
                                    const llvm::DataLayout &DL);
/// Whether Slot, a tracked counter, holds values the casts keep.
bool counterFits(const llvm::AllocaInst &Slot);
/// No store to Slot between From and To (same block, From first).
bool counterSteady(const llvm::Instruction *From, const llvm::Instruction *To,
                   const llvm::Value *Slot);
/// The tracked counter V is (a load of its slot through casts that keep its
/// values; a zero extension only of a never-negative one), and that load;
/// NoDataVar otherwise.
std::pair<DataVarId, const llvm::LoadInst *>
counterValue(const llvm::Value *V, const GraphContext &Ctx);
/// Marks A as touching bytes B in terms of per-instance variable Var.
void setIndexVar(Access &A, DataVarId Var, const IndexBytes &B);

/// thread-arg-guard (InstanceIndices.cpp): before the graphs are built,
/// the start routines that compare their argument's value with a constant
/// (`if ((long)arg == 0)`) and run only as threads get the per-instance
/// variable findInstanceIndices links to the creator's counter
/// (Ctx.ThreadArgVars), so that their branches become guards on it.
void findThreadArgGuards(ThreadModel &TM, const PointsToAnalysis &PTA,
                         GraphContext &Ctx);

/// The thread-argument variable V is made of, through value-keeping casts
/// and locals stored once (`int id = (int)(long)arg`), or NoDataVar.
DataVarId threadArgVarOf(const llvm::Value *V, const GraphContext &Ctx);

/// `&Base[load Slot]`: a GEP whose base is an array object (a global or a
/// local, or a heap array through the local stored once with its
/// allocation) and whose last index is the current value of a local
/// counter slot (ElementOwnership.cpp).
struct ElementRef {
  /// The global or local array, or the local holding the heap array:
  /// equal for two references to one array.
  const llvm::Value *Base = nullptr;
  /// The site of the array's object (Base, or the allocation call).
  const llvm::Value *Array = nullptr;
  const llvm::AllocaInst *Slot = nullptr;
  const llvm::LoadInst *Index = nullptr; ///< The load of the counter.
  uint64_t ElemSize = 0;
};
std::optional<ElementRef> elementRef(const llvm::Value *V,
                                     const llvm::DataLayout &DL);

/// The locations `s.arr[i]` touches: arr's elements in each object its
/// base may point to (compromise "array-field"), or nullopt if Ptr is no
/// variable index into a non-trailing array member of a struct.
std::optional<std::vector<MemLoc>>
arrayFieldLocations(const PointsToAnalysis &PTA,
                    const std::vector<MemObject> &Objects,
                    const llvm::DataLayout &DL, const llvm::Value *Ptr);

/// Lifetime markers and debug intrinsics: uses of a slot that neither read
/// nor write it.
bool isSlotMarker(const llvm::User *U);
/// A local slot only loaded and stored through, never address-taken
/// (mem2reg's promotable allocas, as -O0 spills are): nothing but its own
/// function's stores changes it.
bool isLocalSlot(const llvm::AllocaInst &AI);

/// A private local table: an alloca only indexed, loaded from and stored
/// into (as the address), never address-taken, so what is stored there
/// stays with its function; with its loads and stores.
struct PrivateTable {
  std::vector<const llvm::LoadInst *> Loads;
  std::vector<const llvm::StoreInst *> Stores;
};
/// The private local table Ptr points into (through GEPs), or nullopt.
std::optional<PrivateTable> privateTable(const llvm::Value *Ptr);

/// The value a local slot holds if it is stored exactly once and otherwise
/// only loaded (the -O0 home of a parameter or a call result), else null.
const llvm::Value *singleStoredValue(const llvm::AllocaInst *AI);
/// The value a load of a local slot reads: the slot's single stored value,
/// or, for a slot stored several times and otherwise only loaded, the
/// nearest store before the load along a chain of single predecessors;
/// else null.
const llvm::Value *reachingStoredValue(const llvm::LoadInst &LI);

/// The value a local slot starts from if every store puts there that value,
/// null, or the slot's own value stepped by GEPs (`p = malloc(n); p++;`),
/// and it is otherwise only loaded: every load sees a pointer derived from
/// it. Else null.
const llvm::Value *steppedSlotBase(const llvm::AllocaInst *AI);

/// V without pointer casts, or, if that is a load of a local slot stored
/// exactly once (-O0's home of a parameter or a local), the value stored
/// there without pointer casts. One level only.
const llvm::Value *throughSlot(const llvm::Value *V);

/// If SI stores into Slot a constant (Relative false: Slot := C) or Slot's
/// own value plus a constant (Relative true: Slot := Slot + C), true.
bool counterStore(const llvm::StoreInst &SI, const llvm::Value *Slot,
                  bool &Relative, int64_t &C);
/// A store into a tracked variable: a counter store (flag-rules in
/// docs/design-threadmodel.md); NonNeg is cleared if it may store a
/// negative value or decrement.
bool flagStoreOk(const llvm::StoreInst &SI, const llvm::Value *Slot,
                 bool &NonNeg);
/// Whether U, a user of the tracked memory variable Slot (of integer type
/// Ty), is one the model checker understands: a counter store, a load only
/// compared or counted (any atomic load of width Ty), a non-relaxed atomic
/// read-modify-write. Sets Compared if some use tests the value.
bool flagUseOk(const llvm::User &U, const llvm::Value *Slot, llvm::Type *Ty,
               bool &NonNeg, bool &Compared);
/// If V is a load of a tracked local (a slot in FlagVars) in At's block,
/// with no store or call between them, that local's DataVar: At sees the
/// value the local holds there (`return ok;` at -O0). Else NoDataVar.
DataVarId
trackedLoadVar(const llvm::Value *V, const llvm::Instruction &At,
               const llvm::DenseMap<const llvm::Value *, DataVarId> &FlagVars);
/// If V is an atomic result (an atomicrmw, a compare-exchange's old value, an
/// atomic load; through -O0 temporaries), that instruction, else null.
const llvm::Instruction *atomicResultOf(const llvm::Value *V);
/// Whether I is a relaxed (or unordered) atomic instruction: it
/// synchronises with nothing ("relaxed-unknown").
bool isRelaxed(const llvm::Instruction &I);
/// Whether RMW writes back the value it read (`fetch_add(p, 0)`).
bool leavesMemoryUnchanged(const llvm::AtomicRMWInst &RMW);
/// If SI copies a plain load, used nowhere else, into a local slot of the
/// load's type in the same function (`int r = ready;`), that slot.
const llvm::AllocaInst *copySlotOf(const llvm::StoreInst &SI);
/// True if every use of the loaded value L is a comparison with a constant, a
/// truth test (trunc to i1, as for _Bool), part of a counter update of
/// Slot, or a copy into a local (copySlotOf).
bool onlyComparedOrCounted(const llvm::LoadInst &L, const llvm::Value *Slot);

/// Builds FunctionGraphs into one ThreadModel. Accesses and DataVars are
/// appended to TM as they are met.
class FunctionGraphBuilder {
public:
  FunctionGraphBuilder(ThreadModel &TM, const PointsToAnalysis &PTA,
                       GraphContext &Ctx)
      : TM(TM), PTA(PTA), Ctx(Ctx) {}

  /// The graph of F (F must have a body).
  FunctionGraph build(const llvm::Function &F);

private:
  ThreadModel &TM;
  const PointsToAnalysis &PTA;
  GraphContext &Ctx;
  /// The function being built's equivalent GEPs (equivalent-index).
  const EquivalentGeps *Geps = nullptr;
  /// The module's index-relative shapes (index-relative-lock).
  IndexShapes Shapes;
  /// within-object: each type's shape in Shapes.
  llvm::DenseMap<const llvm::Type *, uint32_t> WithinShapes;
  /// Trylock (and tracked helper) call results -> DataVar.
  llvm::DenseMap<const llvm::Value *, DataVarId> ResultVars;
  /// Atomic instructions -> the DataVar of their old value / success.
  llvm::DenseMap<const llvm::Value *, DataVarId> AtomicVars, AtomicOkVars;
  /// pthread_self() results and loads of tracked thread ids -> their
  /// per-thread DataVar (thread-ids).
  llvm::DenseMap<const llvm::Value *, DataVarId> IdValueVars;

  void actionsOf(const llvm::Instruction &I, std::vector<Action> &Out);
  /// libstdc++'s mutexes, lock guards and condition variables, modelled at
  /// the user's call (CxxSync.cpp); false if CB is not one of them or its
  /// guard cannot be followed.
  bool cxxSyncActions(const llvm::CallBase &CB, std::vector<Action> &Out);
  /// The mutexes a local lock guard was constructed with, or none.
  std::vector<const llvm::Value *> guardMutexes(const llvm::Value *Guard,
                                                unsigned Depth = 0) const;
  void syncActions(const llvm::CallBase &CB, const SyncApi &Api,
                   std::vector<Action> &Out);
  bool addAccess(const llvm::Instruction &I, const llvm::Value *Ptr,
                 bool IsWrite, bool IsAtomic, std::vector<Action> &Out);
  /// Whether L is in the unit's own file(s), not in a header.
  bool inUnitFile(const SourceLoc &L) const;
  /// The objects Ptr lies inside (within-object), innermost first, the
  /// outermost one per base value, at most three.
  std::vector<WithinObject> withinObjects(const llvm::Value *Ptr);
  /// An access to Locs, through Ptr (null for a libc function's hidden
  /// state); false if no other thread can see them.
  bool addAccessAt(const llvm::Instruction &I, const llvm::Value *Ptr,
                   std::vector<MemLoc> Locs, bool Unresolved, bool IsWrite,
                   bool IsAtomic, std::string Name, std::vector<Action> &Out,
                   std::optional<std::string> Member = std::nullopt);
  /// The accesses of a call of a libc function (LibcModel.cpp).
  void libcActions(const llvm::CallBase &CB, const LibcFunction &Row,
                   std::vector<Action> &Out);
  /// handle-copy: the creation handles whose thread id V is (a load of
  /// one, or a defined function's result that always is), or none.
  std::vector<MemLoc> handlesHeldBy(const llvm::Value *V) const;
  /// Every field from each location's offset on (LibcExtent::Rest); with a
  /// Size, only those starting within Size bytes of it (Object).
  std::vector<MemLoc> restOf(llvm::ArrayRef<MemLoc> Starts,
                             uint64_t Size = 0) const;
  /// What the pointers stored at the locations point to.
  std::vector<MemLoc> storedIn(llvm::ArrayRef<MemLoc> Where) const;
  std::vector<MemLoc> objectsOf(const llvm::Value *Ptr) const;
  /// Compromise "sig-atomic-flag": Ptr names only `volatile sig_atomic_t`
  /// objects, the flags C lets signal handlers set; their volatile
  /// accesses are taken as relaxed atomics.
  bool sigAtomicFlag(const llvm::Value *Ptr) const;
  /// Access::BaseParam for an access at I with canonical base Base.
  int32_t baseParamOf(const llvm::Instruction &I, const llvm::Value *Base,
                      llvm::ArrayRef<MemLoc> Locs) const;
  /// Access::LoadParam and LoadParamContents for an access at I with
  /// canonical base Base (a load from what a parameter points to).
  void loadParamOf(const llvm::Instruction &I, const llvm::Value *Base,
                   Access &A) const;
  Action objectAction(ActionKind K, const llvm::Instruction &I,
                      const llvm::Value *Ptr) const;
  /// A condition on tracked data: Var Pred (RhsVar + C), or Var Pred C
  /// without RhsVar. GapLoad: the plain load of a shared variable the guard
  /// reads when it is evaluated rather than when loaded ("flag-read-gap"),
  /// or null.
  struct Guard {
    DataVarId Var = NoDataVar, RhsVar = NoDataVar;
    GuardPred Pred = GuardPred::EQ;
    int64_t C = 0;
    const llvm::Instruction *GapLoad = nullptr;
  };
  /// The guard an i1 condition (or an integer tested against 0) is, if any.
  bool guardOfValue(const llvm::Value *Cond, Guard &G);
  /// The tracked variable V is the value of, if any.
  DataVarId trackedVarOf(const llvm::Value *V,
                         const llvm::Instruction **GapLoad = nullptr);
  /// The variable holding the result of an atomic instruction on a tracked
  /// memory variable (Ok: a compare-exchange's success), made on first use;
  /// NoDataVar if its memory variable is not tracked.
  DataVarId atomicResultVar(const llvm::Instruction &I, bool Ok);
  /// A new tracked variable for CB's result, named Name: 0 or an errno
  /// value (a trylock's, a pthread_create's) unless !NonNegative.
  DataVarId callResultVar(const llvm::CallBase &CB, std::string Name,
                          bool NonNegative = true);
  /// The thread-id variable V is: a pthread_self() result, or the value a
  /// load of a tracked thread id took (its snapshot), made on first use;
  /// else NoDataVar.
  DataVarId idValueVar(const llvm::Value *V);
  /// The data actions of I on thread ids (thread-ids), if any; true if I
  /// is fully handled.
  bool threadIdActions(const llvm::Instruction &I, std::vector<Action> &Out);
  /// The data action of an atomic instruction on a tracked variable.
  void atomicActions(const llvm::Instruction &I, std::vector<Action> &Out);
  /// The Assign a store into a tracked local that is not a counter store
  /// makes (a comparison's result, an atomic result copied).
  void localStoreAction(const llvm::StoreInst &SI, DataVarId Var,
                        std::vector<Action> &Out);
  /// The guard of a __VERIFIER_assume that starts F before any visible
  /// step, for a guarded atomic-section lock.
  bool leadingAssume(const llvm::Function &F, Guard &G);
  bool isThreadId(DataVarId V) const {
    return V < TM.DataVars.size() && TM.DataVars[V].IsThreadId;
  }
  /// Whether nothing between From and To (same block) is visible to other
  /// threads: no call, no atomic, no memory access but to local slots.
  bool noActionsBetween(const llvm::Instruction *From,
                        const llvm::Instruction *To) const;

  /// 0 or 1 if BI's condition is decided by a constant-returning helper.
  int foldedSuccessor(const llvm::BranchInst &BI) const;
  /// joinable-test: for a branch on `t.joinable()` of a std::thread, the
  /// action its false edge takes (NotJoinable on t's object).
  std::optional<Action> notJoinableOf(const llvm::BranchInst &BI);
  /// handle-overwritten: a handle written otherwise than by its creations,
  /// or a std::thread some call may move, may hold any thread or none.
  bool mayHoldOtherThreads(llvm::ArrayRef<MemLoc> Handles) const;
};

/// The canonical address of Ptr (see BaseRef): a GEP at a variable index
/// (`&a[i]`) is a base of its own, since the same base value must mean the
/// same address; with Geps, the earlier GEP that computes its address
/// (equivalent-index).
BaseRef canonicalBase(const llvm::Value *Ptr,
                      const EquivalentGeps *Geps = nullptr);
/// The value Ptr is derived from, through GEPs at variable indices too:
/// the parameter an access or argument is based on (context-parameters).
const llvm::Value *rootBase(const llvm::Value *Ptr);
/// Source-level name of the memory Ptr denotes ("x", "p->count", "arr[]").
/// Whole: the access covers the object from Ptr on (free, memset), so a
/// pointer to its start names the object ("*p", "s"), not its first member.
/// Member, if given, is set to the path inside the memory reached through
/// the last pointer the name loads ("[1]" of "r.buf[1]", ".count" of
/// "p->count", "" of "*p"), or nullopt when the name loads none.
std::string sourceNameOfPointer(const ThreadModel &TM,
                                const PointsToAnalysis &PTA,
                                const llvm::Value *Ptr, bool Whole = false,
                                std::optional<std::string> *Member = nullptr);

} // namespace racesift

#endif // RACESIFT_LIB_THREADMODEL_FUNCTIONGRAPHBUILDER_H
