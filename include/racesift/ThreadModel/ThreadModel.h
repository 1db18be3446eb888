//===- ThreadModel.h - Threads, memory and actions of a module --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The plain data every layer consumes: thread templates, abstract memory
// objects, accesses, synchronisation actions and per-function action graphs
// (section 3 of the layered lockset/model-checking paper). The model is built
// once per module by ThreadModelAnalysis; later layers read it and never
// reach into how it was built.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_THREADMODEL_THREADMODEL_H
#define RACESIFT_THREADMODEL_THREADMODEL_H

#include "racesift/Support/SourceLoc.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm {
class CallBase;
class DIType;
class Function;
class Instruction;
class Module;
class Type;
class Value;
} // namespace llvm

namespace racesift {

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

using ObjectId = uint32_t;
constexpr ObjectId InvalidObject = std::numeric_limits<ObjectId>::max();

using TemplateId = uint32_t;
constexpr TemplateId InvalidTemplate = std::numeric_limits<TemplateId>::max();

enum class ObjectKind : uint8_t {
  Global,   ///< A global variable.
  Heap,     ///< An allocation site (malloc, new, ...): many concrete objects.
  Stack,    ///< An alloca; shared only if its address escapes to a thread.
  Function, ///< A function, as the target of a function pointer.
  External, ///< Memory returned by an unknown external function.
};

struct MemObject {
  ObjectId Id = InvalidObject;
  ObjectKind Kind = ObjectKind::Global;
  const llvm::Value *Site = nullptr; ///< GlobalVariable, call or alloca.
  std::string Name;                  ///< "counter", "heap@main.c:12", ...
  SourceLoc Loc;                     ///< Definition or allocation site.
  uint64_t Size = 0;                 ///< Bytes, 0 if unknown.
  /// Bytes per element of an object that is an array of several elements
  /// (a global or local of array type, a heap block of n elements); 0
  /// otherwise. See ElementsFolded.
  uint64_t ElemSize = 0;
  /// array-elements: the points-to analysis folded the elements into one
  /// (a GEP at a variable index stepped through them), so every offset is
  /// taken modulo ElemSize and a location is that field of *every*
  /// element: several runtime locations, never one lock or one handle.
  bool ElementsFolded = false;
  /// Off's offset within its element (ElemSize set; Off may be negative or
  /// past the first element).
  int64_t elementOffset(int64_t Off) const {
    int64_t E = int64_t(ElemSize);
    return (Off % E + E) % E;
  }
  /// __thread / thread_local: one instance per thread, never shared unless
  /// its address escapes (ThreadLocalEscapes).
  bool ThreadLocal = false;
  /// A ThreadLocal object whose address may reach another thread (from a
  /// global, heap or a thread argument): modelled as memory like any other.
  bool ThreadLocalEscapes = false;
  /// Debug-info type of the object (globals, allocas), for member names.
  const llvm::DIType *Type = nullptr;
  /// One concrete object at a time (a global, or a stack slot of a thread
  /// that runs once). Heap sites are never singletons. Lock identity needs
  /// this: only a singleton lock can be must-held.
  bool Singleton = false;
  /// Reachable from two threads that may run at the same time.
  bool Shared = false;
  /// Templates each of whose instances has concrete objects of its own
  /// here (handed over at creation): two instances of one of them never
  /// access the same concrete object.
  std::vector<TemplateId> OwnedPerInstance;

  bool ownedPerInstance(TemplateId T) const;
};

/// Byte offset meaning "somewhere in the object" (variable index, collapsed
/// object). It may alias every offset of the same object.
constexpr int64_t AnyOffset = std::numeric_limits<int64_t>::min();

/// An abstract memory location: a field of an abstract object. Arrays are
/// collapsed to their first element (see docs/design.md).
struct MemLoc {
  ObjectId Obj = InvalidObject;
  int64_t Offset = 0;

  bool mayAlias(const MemLoc &O) const {
    return Obj == O.Obj &&
           (Offset == O.Offset || Offset == AnyOffset || O.Offset == AnyOffset);
  }
  bool operator==(const MemLoc &O) const {
    return Obj == O.Obj && Offset == O.Offset;
  }
  bool operator!=(const MemLoc &O) const { return !(*this == O); }
  bool operator<(const MemLoc &O) const {
    return Obj != O.Obj ? Obj < O.Obj : Offset < O.Offset;
  }
};

/// A pointer expressed relative to a canonical base value: the base with
/// copies through single-assignment locals, casts and constant GEPs
/// stripped. Two pointers with the same Base and Offset denote the same
/// concrete address whenever they are evaluated in the same activation of the
/// function, which lets `p->lock` protect `p->count` for every object `p` may
/// point to.
struct BaseRef {
  const llvm::Value *Base = nullptr; ///< nullptr: no canonical base.
  int64_t Offset = 0;                ///< May be AnyOffset.
  bool operator==(const BaseRef &O) const {
    return Base == O.Base && Offset == O.Offset;
  }
  bool operator<(const BaseRef &O) const {
    return Base != O.Base ? Base < O.Base : Offset < O.Offset;
  }
};

/// index-relative-lock (docs/design-lockset.md): an address that is a fixed
/// function of one index value, `&locks[b % N]` or `&counts[b]` with
/// `locks` and `counts` globals, or fields of one canonical base
/// (`&t->locks[b % N]`, `&t->counts[b]`). Index names the value: a load of
/// a local slot (the first of the loads that read the same value), so a
/// lock and an access with equal Index use one value of `b` in one
/// activation; Base is the canonical base (null for a global). Shape names the
/// function (interned: equal shapes, equal functions), and for an access
/// one that is injective: two accesses of one shape touch one address
/// only at equal index values, and two locks of one shape at equal values
/// are one lock. Shape 0: none.
struct IndexKey {
  const llvm::Value *Index = nullptr;
  const llvm::Value *Base = nullptr;
  uint32_t Shape = 0;
  explicit operator bool() const { return Index && Shape; }
};

/// within-object: an address inside the object of one type that a base
/// value points to, whatever its variable indices (`&b->e[i].count` lies
/// in the bucket *b: member arrays indexed in bounds).
struct WithinObject {
  const llvm::Value *Base = nullptr; ///< A canonical base value.
  int64_t Offset = 0;                ///< Where the object starts from Base.
  uint32_t Shape = 0;                ///< The object's type, interned.
};

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

enum class Multiplicity : uint8_t {
  Once, ///< At most one instance at a time.
  Many, ///< Possibly several instances at once: races with itself.
};

/// A function that runs as a thread: main (or the environment root of a
/// library module), or the start routine of a creation site.
struct ThreadTemplate {
  TemplateId Id = InvalidTemplate;
  const llvm::Function *Entry = nullptr; ///< nullptr for the environment root.
  std::string Name;                      ///< "main", "worker", ...
  Multiplicity Mult = Multiplicity::Once;
  std::vector<unsigned> CreatedBy; ///< Indices into ThreadModel::Creations.
  /// key-destructors: a created thread that may set thread-specific data
  /// (or construct a thread_local object) runs
  /// ThreadModel::ThreadExitHandlers when its start routine returns.
  bool RunsThreadExitHandlers = false;
};

/// One pthread_create / thrd_create / std::thread construction site.
struct CreationSite {
  const llvm::CallBase *Call = nullptr;
  const llvm::Function *InFunction = nullptr;
  std::vector<TemplateId> Targets; ///< Start routines it may run.
  std::vector<MemLoc> Handles;     ///< Where the new thread id is stored.
  bool InLoop = false;             ///< May execute more than once per run.
  /// The most times it executes in one run of the program, when its
  /// function runs once and its loop has a constant maximal trip count
  /// (`for (i = 0; i < 4; ++i)`); 0 if unknown.
  unsigned MaxRuns = 0;
  /// Operands of Call a replay needs: where the handle goes, and the start
  /// routine's argument (-1: none). For std::thread the argument is the
  /// state object that the ArgOperand (a unique_ptr) holds: ArgLoaded.
  int HandleOperand = -1;
  int ArgOperand = -1;
  bool ArgLoaded = false;
  /// library-thread: a library runs the routines on threads of its own,
  /// any number of times, unjoined (uv_queue_work, g_thread_pool_new,
  /// FUSE's operations).
  bool Library = false;
  /// per-instance-index: the created instance's ParamVar starts as the
  /// creator's value of ArgVar (a loop counter) at the creation, because
  /// the thread argument carries that index (`(void *)i`, or `&ids[i]`
  /// with `ids[i] == i`). NoDataVar: not known.
  uint32_t ArgVar = std::numeric_limits<uint32_t>::max();
  uint32_t ParamVar = std::numeric_limits<uint32_t>::max();
  /// context-parameters: the objects the start routine's argument may
  /// point to (pthread-style creations), sorted; empty if not known. And
  /// the parameter of InFunction the argument's canonical base is, or -1:
  /// a creation in a helper (`thread_init(&t1, ...)`, `thread_init(&t2,
  /// ...)`) passes only what the helper's caller passes there.
  std::vector<ObjectId> ArgObjects;
  int32_t ArgParam = -1;
  SourceLoc Loc;
};

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

using AccessId = uint32_t;

/// A memory access: a load, store, atomic, memory intrinsic or libc call that
/// reads or writes through an argument.
struct Access {
  AccessId Id = 0;
  const llvm::Instruction *Inst = nullptr;
  bool IsWrite = false;
  bool IsAtomic = false; ///< volatile is not atomic.
  /// Through a pointer past the points-to budget: Locs is empty and the
  /// access is not checked (compromise "points-to-budget").
  bool Unresolved = false;
  /// Names a thread-local object itself (through llvm.threadlocal.address,
  /// not a pointer), or a local of its own function (own-frame: the alloca
  /// plus offsets, not a pointer loaded from memory): it touches the
  /// accessing thread's own instance, or frame, so two such accesses never
  /// touch one concrete object.
  bool OwnThreadInstance = false;
  /// A call's access: the argument it goes through (memcpy's destination
  /// 0, its source 1), -1 for a library function's hidden state.
  int8_t Arg = -1;
  std::vector<MemLoc> Locs; ///< Abstract locations it may touch, sorted.
  /// per-instance-index: the access touches bytes [IndexScale * v +
  /// IndexLo, IndexScale * v + IndexHi) of the one object of Locs, where v
  /// is the accessing thread's value of IndexVar (its thread argument's
  /// index, set at its creation). NoDataVar: no such address is known.
  uint32_t IndexVar = std::numeric_limits<uint32_t>::max();
  int64_t IndexScale = 0, IndexLo = 0, IndexHi = 0;
  /// joined-instance: the access touches only the record handed to the
  /// thread of this creation site (index into Creations) that a join loop
  /// joined just before it, in the same iteration (JoinedInstances.cpp);
  /// -1 if not. Its templates' instances each own their record.
  int32_t JoinedInstance = -1;
  BaseRef Base; ///< Canonical address, for lock correlation.
  /// The address as an injective function of one index value, for
  /// index-relative locks; empty if not.
  IndexKey Index;
  /// The objects the address lies inside by its GEPs' types, innermost
  /// first (within-object); empty if none.
  std::vector<WithinObject> Within;
  /// context-parameters: the canonical base is this parameter of the
  /// access's function and every object of Locs is one the parameter may
  /// point to, so a call whose argument points to fewer objects touches
  /// only those; -1 if not.
  int32_t BaseParam = -1;
  /// context-parameter-loads: the canonical base is a pointer loaded from
  /// what this parameter points to (`q->buf[i]` in a helper given q), and
  /// every object of Locs is one such a pointer may point to; per object
  /// the parameter may point to, sorted by it, the objects the load may
  /// read from that object. A call whose argument points to fewer objects
  /// touches only theirs. -1 if not.
  int32_t LoadParam = -1;
  std::vector<std::pair<ObjectId, std::vector<ObjectId>>> LoadParamContents;
  /// claimed-index: the address is `&A[v]` (a global A, constant offsets
  /// otherwise) with v a value claimed from an atomic counter that never
  /// returns a value twice (`v = atomic_fetch_add(&next, 1)`), over
  /// elements no smaller than the access. Two accesses of one key (same
  /// array, counter and offsets) at distinct claims touch disjoint bytes,
  /// and a claim is one thread's own, so they never conflict. 0: none.
  uint32_t ClaimKey = 0;
  std::string Name; ///< Source-level name: "x", "p->count", ...
  /// When Name reaches the memory through a loaded pointer, the path inside
  /// what it points to: "[1]" of "r.buf[1]", ".count" of "p->count".
  std::optional<std::string> MemberThroughPointer;
  SourceLoc Loc;
  /// Loc is in one of ThreadModel::UnitFiles, not in a header.
  bool InUnitFile = false;
};

/// Whether two accesses to one abstract location conflict: at least one
/// writes, not both are atomic, not both are to their own thread's instance
/// of a thread-local object, not both at one claimed index (ClaimKey), and
/// their types may denote one object.
/// Compromise "type-based-aliasing": two scalar accesses of different IR
/// types (an i32 and a pointer, an i32 and a float) never touch one object
/// in a C program without undefined behaviour (the effective-type rule);
/// char accesses, aggregates and library calls conflict with any type, and
/// so does every access at a location inside a union (InUnion, from
/// ThreadModel::inUnion), whose members C lets pun each other.
bool accessesConflict(const Access &A, const Access &B, bool InUnion);

/// What accessesConflict and the lockset's pairing read of an access's
/// instruction: its opcode and the type it loads or stores (null if none),
/// so that layers after the thread model need not read IR. A key finer
/// than accessesConflict needs only costs the pairing classes; a coarser
/// one would change verdicts.
std::pair<unsigned, const llvm::Type *> accessTypeKey(const Access &A);

/// The position of V among F's parameters, or -1 if V is not one of them.
int parameterIndex(const llvm::Value *V, const llvm::Function *F);
/// How many parameters F declares, and its K-th.
unsigned parameterCount(const llvm::Function *F);
const llvm::Value *parameter(const llvm::Function *F, unsigned K);

//===----------------------------------------------------------------------===//
// Actions (section 3.1 of the paper, plus barrier/once/semaphore)
//===----------------------------------------------------------------------===//

/// The kinds of actions, one per row of ActionKinds.def (which documents
/// each).
enum class ActionKind : uint8_t {
#define RACESIFT_ACTION_KIND(Kind, Name, Group) Kind,
#include "racesift/ThreadModel/ActionKinds.def"
};

/// How many kinds ActionKinds.def lists.
constexpr unsigned NumActionKinds = 0
#define RACESIFT_ACTION_KIND(Kind, Name, Group) +1
#include "racesift/ThreadModel/ActionKinds.def"
    ;

/// What an action does, as the layers tell actions apart: the slice keeps
/// Thread and Sync actions, the replay takes them as its steps, reports
/// word them by group.
enum class ActionGroup : uint8_t {
  Step,   ///< Internal steps and calls: no effect of their own.
  Access, ///< Read, Write.
  Thread, ///< Thread management: create, join, detach, cancel, exit.
  Sync,   ///< Locks, condition variables, barriers, once, semaphores.
  Data,   ///< Tracked data: assign, assume, atomic update.
};

/// K's group, from ActionKinds.def.
constexpr ActionGroup actionGroup(ActionKind K) {
  switch (K) {
#define RACESIFT_ACTION_KIND(Kind, Name, Group)                                \
  case ActionKind::Kind:                                                       \
    return ActionGroup::Group;
#include "racesift/ThreadModel/ActionKinds.def"
  }
  return ActionGroup::Step;
}

/// The name describeAction prints for K ("lock", "barrier_wait", "tau").
const char *actionKindName(ActionKind K);

/// What an AtomicUpdate does to its memory variable.
enum class AtomicOp : uint8_t {
  Load,     ///< Unchanged: ResultVar := Var only (a snapshot).
  Exchange, ///< Var := Const (unknown if !HasConst).
  Add,      ///< Var := Var + Const (unknown if !HasConst).
  /// OkVar := (Var == Expected); if so, Var := Const (unknown if !HasConst).
  /// Expected is SrcVar if set, else ExpectedConst if HasExpected, else
  /// unknown. Weak: may also fail when equal.
  CompareExchange,
};

enum class LockMode : uint8_t { Exclusive, Shared };
enum class LockKind : uint8_t {
  Mutex,
  RecursiveMutex,
  RWLock,
  SpinLock,
  AtomicSection ///< __VERIFIER_atomic_*: one global lock.
};

/// Comparison of an Assume guard, as on signed integers.
enum class GuardPred : uint8_t { EQ, NE, LT, LE, GT, GE };

/// A variable whose value the model checker may track exactly: a memory
/// location (flag, state variable, local that holds a trylock result) or the
/// result of a call (trylock, a helper returning constants). Unique per
/// model; Name is for printing.
using DataVarId = uint32_t;
constexpr DataVarId NoDataVar = std::numeric_limits<DataVarId>::max();
struct DataVar {
  DataVarId Id = NoDataVar;
  bool IsMemory = false; ///< Loc is valid; else the result of Call.
  /// A thread's index, set when it is created (CreationSite::ParamVar).
  bool IsThreadIndex = false;
  /// distinct-indices: a thread index whose template's instances all hold
  /// different values (one creation site, its counter never repeats), so
  /// two instances' accesses at their own index never share bytes when one
  /// index step covers both (docs/design-threadmodel.md).
  bool DistinctPerInstance = false;
  /// Holds a thread id (thread-ids): the model's id of instance I is I + 1,
  /// 0 is no thread; a join or detach of I makes I + 1 unknown (glibc
  /// reuses the id).
  bool IsThreadId = false;
  /// A helper's parameter, assigned at each call (constant-argument): it
  /// tells the calls apart, it counts nothing.
  bool IsParameter = false;
  MemLoc Loc;
  const llvm::Value *Value = nullptr; ///< The call result or alloca.
  std::string Name;
};

struct Action {
  ActionKind Kind = ActionKind::Internal;
  /// Read/Write: the access.
  AccessId Acc = 0;
  /// Create: index into ThreadModel::Creations. Join with JoinAll: the
  /// creation site whose instances it joins.
  unsigned Creation = 0;
  /// Join: the exit of a join loop that joins every handle a counted create
  /// loop stored (docs/design-threadmodel.md, "join-loop"): waits for every
  /// instance of Creation still joinable through Objects and joins them all.
  bool JoinAll = false;
  /// Wait: a timed wait (pthread_cond_timedwait, pthread_cond_clockwait,
  /// cnd_timedwait): its deadline may pass before any signal, and it then
  /// returns without one (timed-wait).
  bool Timed = false;
  /// JoinAll of a std::thread container (docs/design-threadmodel.md,
  /// "cxx-join-loop"): waits for and joins every instance of Creation's
  /// templates, which that site alone creates, whatever handle holds it
  /// (their ids were moved into the container); Objects is empty.
  bool AllInstances = false;
  /// The synchronisation object(s) the pointer operand may denote (lock,
  /// condition variable, barrier, semaphore, once-control, thread handle).
  std::vector<MemLoc> Objects;
  /// True if Objects is a single location of a singleton object: the action
  /// certainly acts on that one concrete object
  /// (ThreadModel::isOneRuntimeObject).
  bool MustObject = false;
  BaseRef ObjectBase; ///< Canonical address of the object operand.
  /// Lock/TryLock/Unlock: the object's address as a function of one index
  /// value (index-relative-lock); empty if not.
  IndexKey ObjectIndex;
  /// The object operand's source name ("c->lock"): what messages call a
  /// lock that may be one of several objects.
  std::string ObjectName;
  /// The operand of Inst whose value is the object's runtime address, or
  /// -1 (a thread handle passed by value, a lock_guard, an atomic section).
  int8_t ObjectOperand = -1;
  /// A C++ guard's lock, unlock or wait: the mutex's address, a value of
  /// Inst's function (the guard constructor's argument), where no operand
  /// of Inst holds it. The replay reads it there.
  const llvm::Value *ObjectValue = nullptr;
  /// Wait: the mutex released while waiting.
  std::vector<MemLoc> Mutex;
  /// HandleCopy: the handles whose thread id is stored into Objects
  /// (`pthread_t a = spawn();` where spawn returns its `t`).
  std::vector<MemLoc> Source;
  /// A std::condition_variable's wait: the mutex's address (the guard's).
  const llvm::Value *MutexValue = nullptr;
  LockMode Mode = LockMode::Exclusive;
  LockKind Lock = LockKind::Mutex;
  /// Unlock: releases the lock only if this thread holds it (a
  /// std::unique_lock's destructor after an explicit unlock()).
  bool IfHeld = false;
  /// TryLock/SemTryWait: result variable (0 = acquired, as pthreads).
  /// Assign/Assume: the variable. Create: the thread-id variable of the
  /// handle, which gets the new instance's id (thread-ids).
  DataVarId Var = NoDataVar;
  /// Assign: Var := the running instance's id (a pthread_self() result).
  bool SelfId = false;
  /// Assign: Var := Const if HasConst; else, if SrcVar is set,
  /// Var := SrcVar + Const (Const is 0 for a plain copy, 1 for `++i`, so a
  /// loop counter is `i := 0`, `i := i + 1`, `assume i < N`); else unknown.
  bool HasConst = false;
  int64_t Const = 0;
  DataVarId SrcVar = NoDataVar;
  /// Assume: Var Pred Const, or Var Pred RhsVar + Const if RhsVar is set.
  /// Lock of an atomic section with Var set: enabled only while that guard
  /// holds (a __VERIFIER_assume at the start of a __VERIFIER_atomic_ body).
  GuardPred Pred = GuardPred::EQ;
  DataVarId RhsVar = NoDataVar;
  /// Assign with Compare: Var := (SrcVar Pred Rhs) ? 1 : 0, where Rhs is
  /// RhsVar + Const if RhsVar is set, else Const (a _Bool result stored in a
  /// local, `ok = !busy`).
  bool Compare = false;
  /// AtomicUpdate: the operation, the variable receiving the old value and,
  /// for a compare-exchange, the one receiving its success (1 or 0).
  AtomicOp Op = AtomicOp::Load;
  DataVarId ResultVar = NoDataVar;
  DataVarId OkVar = NoDataVar;
  bool HasExpected = false;
  bool Weak = false;
  int64_t ExpectedConst = 0;
  /// Call/Once: defined functions that may be called.
  std::vector<const llvm::Function *> Callees;
  /// Call: the callees are called back by a library function at Inst (qsort's
  /// comparator); Inst's arguments are not theirs.
  bool Callback = false;
  /// Call (not Callback): the canonical address of each argument of Inst,
  /// an empty BaseRef for non-pointers. Exported so that the lockset maps
  /// relative locks across calls by the rule that made ObjectBase, without
  /// reading IR itself.
  std::vector<BaseRef> ArgBases;
  /// Call (not Callback), per argument (context-parameters): the caller's
  /// parameter the argument's canonical base is, or -1; and the objects the
  /// argument may point to, sorted, empty if unknown (not a pointer,
  /// unresolved, or more than MaxArgObjects).
  /// Create in a ThreadGraph: ArgObjects[0], if present, is what the start
  /// routine's argument points to in this inlined context (narrower than
  /// CreationSite::ArgObjects; see CreationSite::ArgParam).
  std::vector<int32_t> ArgParams;
  std::vector<std::vector<ObjectId>> ArgObjects;
  static constexpr size_t MaxArgObjects = 32;
  /// The call or instruction that produced the action.
  const llvm::Instruction *Inst = nullptr;
  SourceLoc Loc;
};

using NodeId = uint32_t;
constexpr NodeId InvalidNode = std::numeric_limits<NodeId>::max();

struct ActionEdge {
  NodeId From = 0;
  NodeId To = 0;
  Action A;
  /// In a ThreadGraph: the inlined call the action runs in (an index into
  /// ThreadGraph::Calls; 0 is the start routine's own body).
  uint32_t Context = 0;
};

/// The action graph of one function: nodes are program points, edges are
/// actions; chains of internal steps are collapsed into one Internal edge.
/// Returning from the function is reaching Exit.
struct FunctionGraph {
  const llvm::Function *F = nullptr;
  std::string Name; ///< F's (linkage) name, for layers that read no IR.
  NodeId Entry = 0;
  NodeId Exit = 0;
  /// A library entry's exceptional exit (its resumes), with a step to Exit;
  /// InvalidNode elsewhere or when no exception leaves it (env-unwind).
  NodeId Unwind = InvalidNode;
  unsigned NumNodes = 0;
  std::vector<ActionEdge> Edges;
  std::vector<std::vector<unsigned>> Succs; ///< Node -> indices into Edges.
};

/// A call a ThreadGraph inlined: where it was made and from which call.
struct InlinedCall {
  uint32_t Parent = 0; ///< The caller's context (index into Calls).
  SourceLoc Loc;       ///< The call, in its caller (Loc.Function).
};

/// A thread template's graph with calls inlined (call strings, recursion
/// cut-off): what the model checker explores. Edges remember the call
/// string that produced them (Context) so witnesses can print it.
struct ThreadGraph {
  TemplateId Template = InvalidTemplate;
  NodeId Entry = 0;
  NodeId Exit = 0; ///< Reaching it is the thread's regular termination.
  unsigned NumNodes = 0;
  std::vector<ActionEdge> Edges;
  std::vector<std::vector<unsigned>> Succs;
  bool Truncated = false; ///< Recursion cut-off or size budget hit.
  /// Calls[0] stands for the start routine's body; every other entry is
  /// one inlined call. Calls in system headers before any other (in
  /// std::thread's machinery) are left out: the thread starts at the
  /// user's routine.
  std::vector<InlinedCall> Calls = {InlinedCall()};

  /// The calls from the start routine to the function that Context runs,
  /// outermost first.
  std::vector<SourceLoc> callPath(uint32_t Context) const;
  /// The number of calls in callPath(Context).
  unsigned callDepth(uint32_t Context) const;
};

/// A conditional branch that takes one successor in every execution
/// (frozen-branch refinement): the model keeps only that edge.
struct FixedBranch {
  const llvm::Instruction *Branch = nullptr;
  unsigned Successor = 0;
  bool operator==(const FixedBranch &O) const {
    return Branch == O.Branch && Successor == O.Successor;
  }
};

/// The whole-program thread model of one module.
struct ThreadModel {
  /// The copy of the module the model describes when it is not the module
  /// it was asked of (analysisCopyOf); declared first, so it outlives
  /// everything that points into it.
  std::shared_ptr<llvm::Module> AnalysedCopy;
  std::vector<ThreadTemplate> Templates; ///< Templates[0] is the root.
  /// Without main, the functions the environment root calls, in any order
  /// and any number of times: the external definitions and the defined
  /// functions whose address reached unknown code, but not the module's own
  /// start routines nor its global constructors (env-root), in module order.
  std::vector<const llvm::Function *> EnvEntries;
  /// Without main, the global constructors the environment runs once,
  /// before any entry, by priority.
  std::vector<const llvm::Function *> EnvConstructors;
  /// The module's global constructors (C++ globals, constructor
  /// attributes), by priority, with main or without: the replay runs them
  /// before main.
  std::vector<const llvm::Function *> Constructors;
  /// The module's destructor functions (`__attribute__((destructor))`), in
  /// the order they run at exit, after the registered exit handlers (with
  /// main; they end ExitHandlers).
  std::vector<const llvm::Function *> Destructors;
  /// ctor-threads: with main, the global constructors the root thread runs
  /// before main when one of them may start a thread (a library's worker
  /// started from a constructor); empty otherwise, as constructors that
  /// start no thread cannot race with anything.
  std::vector<const llvm::Function *> MainConstructors;
  /// exit-handlers: the defined functions a program registers with atexit
  /// or on_exit, and the destructors of its C++ static objects
  /// (__cxa_atexit), latest registration first. Main's thread runs them
  /// after main returns, and a call of exit() runs them, while the other
  /// threads go on. Empty for a library (no main).
  std::vector<const llvm::Function *> ExitHandlers;
  /// By exit handler: where it is registered (a static object's
  /// declaration), the call witnesses show it made from.
  std::vector<SourceLoc> ExitHandlerSites;
  /// key-destructors: the destructors of thread_local objects
  /// (__cxa_thread_atexit) and the defined functions pthread_key_create
  /// and tss_create register, run at a created thread's end (its start
  /// routine's return, pthread_exit) on the thread's object or its value
  /// for the key; and by handler, its registration.
  std::vector<const llvm::Function *> ThreadExitHandlers;
  std::vector<SourceLoc> ThreadExitHandlerSites;
  std::vector<CreationSite> Creations;
  std::vector<MemObject> Objects; ///< Objects[Id].Id == Id.
  std::vector<Access> Accesses;   ///< Accesses[Id].Id == Id.
  std::vector<DataVar> DataVars;  ///< DataVars[Id].Id == Id.
  /// Locations an access reaches through a union member (`m->u.f`):
  /// inUnion reads them for objects without a declared type (the heap).
  std::set<MemLoc> UnionLocs;
  /// One graph per defined function reachable from a template.
  std::vector<FunctionGraph> Functions;
  /// F -> index into Functions, for graphOf (filled by buildThreadModel).
  std::unordered_map<const llvm::Function *, unsigned> FunctionIndex;
  bool HasDebugInfo = false;
  /// The paths of the module's compile units' files (the sources being
  /// compiled, not their headers), sorted (Access::InUnitFile).
  std::vector<std::string> UnitFiles;
  /// A budget ran out while building: the model is empty.
  bool BudgetExhausted = false;
  /// It was the points-to solver's step budget, not the clock (the
  /// safety net).
  bool PointsToStepsSpent = false;
  /// Points-to solver steps taken (PointsToAnalysis::steps).
  uint64_t PointsToSteps = 0;
  std::string ModuleName; ///< The module's source file name.
  /// Named soundness/precision compromises taken while building the model
  /// (unknown callee, unresolved pointer, ...), for reports and stats.
  std::vector<std::string> Compromises;
  /// Where the points-to budget was passed by the set most pointers
  /// followed (PointsToAnalysis::unresolvedOrigin), or empty.
  std::string UnresolvedOrigin;
  /// Values tracked global data holds when the program starts, from the
  /// globals' initialisers.
  std::map<DataVarId, int64_t> InitialValues;
  /// Constant counts sem_init / pthread_barrier_init give global objects
  /// (none for an object initialised with two different counts).
  std::vector<std::pair<MemLoc, int64_t>> SyncInitCounts;

  /// Whether Ls certainly denotes one runtime object: a single location, at
  /// a known offset, of a singleton object. The one rule by which every
  /// layer decides whether a synchronisation object can order or exclude
  /// anything (Action::MustObject): a heap site allocated in a loop, a lock
  /// array at a variable index or the result of an unknown function may be
  /// many runtime locks, and two threads locking "it" may hold different
  /// ones (docs/design.md, "many-runtime-objects").
  bool isOneRuntimeObject(const std::vector<MemLoc> &Ls) const;

  /// The graph of F, or nullptr if F is not modelled.
  const FunctionGraph *graphOf(const llvm::Function *F) const;
  /// The functions template T's thread starts from, in order: its entry,
  /// after the constructors and before the exit handlers for main's
  /// (MainConstructors, ExitHandlers), before the thread exit handlers for
  /// a thread that runs them, or for the environment root the constructors
  /// and then the entries it calls.
  std::vector<const llvm::Function *> startFunctions(TemplateId T) const;
  /// What template T's thread runs, one after another, once its entry
  /// returns: main's ExitHandlers, a created thread's ThreadExitHandlers
  /// if it runs them (none for the environment root); Sites by function.
  struct EndHandlers {
    llvm::ArrayRef<const llvm::Function *> Fns;
    llvm::ArrayRef<SourceLoc> Sites;
  };
  EndHandlers endHandlers(TemplateId T) const;
  /// A printable name for a location: "x", "s.count", "heap@f.c:3+8".
  std::string describe(const MemLoc &L) const;
  /// As describe, but offset 0 names the member there: data at the start
  /// of a struct ("s.busy"), where describe names the object (a lock "m").
  std::string describeMember(const MemLoc &L) const;
  /// Whether L lies inside an array of its object's declared type (a thread
  /// handle in `pthread_t t[4]` or `s.workers[i]`), or nullopt if the type
  /// does not tell: no type, AnyOffset, a union on the way, or an offset no
  /// member covers.
  std::optional<bool> inArray(const MemLoc &L) const;
  /// Whether L may lie inside a union, where accesses of different types
  /// meet (accessesConflict): by the object's debug-info type (at
  /// AnyOffset, a union anywhere in it), without one by the IR type of a
  /// global or local, and for other objects (the heap) by UnionLocs.
  bool inUnion(const MemLoc &L) const;

  /// The invariants every later layer relies on without checking (option
  /// verify): each Id is its index; every template, creation site, memory
  /// object, access and data variable an entry names exists, and templates
  /// and creation sites name each other; accesses' locations are sorted,
  /// none for an unresolved access; each graph's entry, exit and edges are
  /// within its nodes and its successor lists are its edges; a read or
  /// write names an access of its own kind, a create (or join-all) a
  /// creation site, tracked data its variable; MustObject means one runtime
  /// object. One line of text per violation; empty if the model holds them.
  std::vector<std::string> verify() const;
};

/// An unlock whose lock could not be resolved (an uninitialised pointer, the
/// result of an unknown function, a pointer past the points-to budget): it
/// may release any lock its thread holds, in every layer.
inline bool releasesAnyLock(const Action &A) {
  return A.Kind == ActionKind::Unlock && A.Lock != LockKind::AtomicSection &&
         A.Objects.empty();
}

/// Tracked-data variables an action tests (Assume, a guarded lock, a
/// trylock's result) and those it writes and reads (Assign, AtomicUpdate):
/// if a written variable is tracked exactly, everything it was computed
/// from must be too.
struct DataUse {
  llvm::SmallVector<DataVarId, 2> Tested;
  llvm::SmallVector<DataVarId, 3> Written;
  llvm::SmallVector<DataVarId, 2> Read;
};
DataUse dataUseOf(const Action &A);

/// The one text of an action ("lock m", "write x", "create worker", ...),
/// shared by the printers and the model checker's witnesses.
std::string describeAction(const ThreadModel &TM, const Action &A);

} // namespace racesift

#endif // RACESIFT_THREADMODEL_THREADMODEL_H
