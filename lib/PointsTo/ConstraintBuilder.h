//===- ConstraintBuilder.h - Points-to constraints from IR ------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/PointsTo: reads the module and emits its constraints to
// the solver. It creates the abstract objects (globals, stack slots, heap
// sites, functions, the objects of unknown code and of a library's
// callers), the node of each pointer value, and binds calls as the solver
// finds their callees (CallBinder). What it learns of calls (callees, thread
// start routines, callbacks) PointsToResult reads.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_POINTSTO_CONSTRAINTBUILDER_H
#define RACESIFT_LIB_POINTSTO_CONSTRAINTBUILDER_H

#include "AllocWrappers.h"
#include "AndersenSolver.h"
#include "InitClones.h"
#include "ReturnedArgs.h"
#include "ThreadModelInternal.h"
#include "racesift/PointsTo/PointsTo.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Argument;
class DataLayout;
class GEPOperator;
class Instruction;
} // namespace llvm

namespace racesift {

struct LibcFunction;

/// Whether a value of type T may hold a pointer (a pointer, or an
/// aggregate or vector with one): only those carry points-to facts.
bool mayHoldPointer(llvm::Type *T);

class ConstraintBuilder final : public CallBinder {
public:
  /// With UnknownResultsOwnOnly (compromise "unknown-external-result"),
  /// results of unknown functions, and the arguments they call back with,
  /// point only to the function's own External object, not to escaped
  /// memory: for a second solve when escaped memory passed the points-to
  /// budget, which would leave every such result, and all it flows to,
  /// unresolved.
  ConstraintBuilder(llvm::Module &M, std::vector<MemObject> &Objects,
                    ConstraintGraph &G, AndersenSolver &S,
                    bool UnknownResultsOwnOnly);

  /// The objects and constraints of every global, function and
  /// instruction of the module.
  void buildConstraints();
  /// Binds std::thread state objects to their _M_run, from the sets solved
  /// so far; true if any is new (the solver then has more to do).
  bool resolveCxxThreads();
  void pointeeFound(const ComplexConstraint &C, ObjectId Obj) override;
  void receiverFound(const ComplexConstraint &C, uint32_t Loc) override;
  void receiversUnresolved(const ComplexConstraint &C) override;
  /// Puts the callees and callbacks of each call in module order, whatever
  /// order the solver found them in.
  void sortCallees();

  //===--- What PointsToResult reads --------------------------------===//

  const llvm::Module &module() const { return M; }
  const std::vector<MemObject> &objects() const { return Objects; }
  const llvm::DenseMap<const llvm::Value *, uint32_t> &valueNodes() const {
    return ValueNode;
  }
  /// The node of escaped memory, or NoNode if nothing escaped.
  uint32_t escapedMemory() const { return EscapedNode; }
  const llvm::DenseMap<const llvm::Value *, ObjectId> &siteObjects() const {
    return SiteObject;
  }
  /// Sites whose value may be another object than their own (a call of an
  /// allocation wrapper with a custom allocator hook, alloc-hook): not the
  /// exact object a fresh allocation is.
  bool inexactSite(const llvm::Value *Site) const {
    return InexactSites.contains(Site);
  }
  /// A custom allocator's call whose result an allocation wrapper returns
  /// (alloc-hook).
  bool allocHook(const llvm::Value *Site) const;
  const llvm::DenseMap<const llvm::CallBase *,
                       std::vector<const llvm::Function *>> &
  calleeMap() const {
    return CalleeMap;
  }
  const llvm::DenseMap<const llvm::CallBase *,
                       std::vector<const llvm::Function *>> &
  callbackMap() const {
    return Callbacks;
  }
  const llvm::StringMap<ObjectId> &hiddenObjects() const { return HiddenObj; }
  const std::vector<ThreadStart> &threadStarts() const { return Starts; }
  const std::vector<std::pair<ObjectId, ObjectId>> &constructedParts() const {
    return Parts;
  }

private:
  //===--- Objects and nodes (ConstraintBuilder.cpp) ----------------===//

  ObjectId newObject(ObjectKind K, const llvm::Value *Site, std::string Name,
                     uint64_t Size);
  /// The declared type of an object, or null (heap memory).
  llvm::Type *declaredType(ObjectId Obj) const;
  uint32_t nodeOf(const llvm::Value *V);
  uint32_t returnNode(const llvm::Function &F);
  ObjectId objectForFunction(const llvm::Function *F);
  ObjectId unknownObject(llvm::StringRef Why);
  /// A GEP's constant offset (AnyOffset if it indexes a member array at a
  /// variable position), and the gcd of the strides of its variable
  /// indices into the array it starts in (the first index, and array
  /// indices before the first struct field), 0 if none: see GepEdge.
  struct GepStep {
    int64_t Off = 0;
    uint64_t Stride = 0;
    uint32_t Count = 0; ///< member-array-elements, see GepEdge.
  };
  /// member-array-elements: arrays of at most this many elements are
  /// listed element by element (larger ones are AnyOffset, as before).
  static constexpr uint32_t MaxMemberElements = 16;
  GepStep gepStep(const llvm::GEPOperator &GEP) const;
  /// Adds the constraint of GEP (an instruction or a constant) into Dst,
  /// from Src (its pointer operand's node if NoNode).
  void addGepConstraint(const llvm::GEPOperator &GEP, uint32_t Dst,
                        uint32_t Src = ConstraintGraph::NoNode);
  /// array-elements: the element size of an object of declared type T
  /// (an array of more than one element: its innermost element's size), or
  /// 0 if T is no such array.
  uint64_t arrayElementSize(llvm::Type *T) const;
  /// array-elements: the element size of heap block CB allocates when its
  /// size is a count of elements (calloc(n, sizeof(T)), malloc(n *
  /// sizeof(T)), new T[n], or an allocation wrapper given those), else 0.
  uint64_t heapElementSize(const llvm::CallBase &CB) const;
  /// const-size-array: the element size of an allocation of constant Size
  /// (`malloc(N * sizeof *p)` folded to `malloc(48)`) that its pointer, or
  /// a local stored once with it, is indexed as (`p[i]`), if several of
  /// those fit exactly; else 0.
  uint64_t indexedElementSize(const llvm::CallBase &CB, uint64_t Size) const;
  /// wrapperElements' memo.
  mutable llvm::DenseMap<const llvm::Function *, std::optional<WrapperElements>>
      ElementWrappers;
  void addInitializer(uint32_t ObjLoc, const llvm::Constant *C, int64_t Off);
  /// What escaped to unknown code (pthread_setspecific's values, ...), and
  /// what unknown code may hand back.
  uint32_t escapedNode();
  /// thread-results: what start routines return or pass to pthread_exit,
  /// which pthread_join stores through its second argument.
  uint32_t threadResultNode();
  /// pointer-channels: the pointers written into channel Name (pipes and
  /// sockets: "io"; epoll sets: "epoll").
  uint32_t channelNode(llvm::StringRef Name);

  //===--- Member-function pointers (MemberPointers.cpp) -------------===//

  /// The functions constant C carries as integers (`ptrtoint (ptr @f to
  /// i64)`, alone or in a constant aggregate), each at its offset in C.
  void memberFunctions(
      const llvm::Constant *C, int64_t Off,
      llvm::SmallVectorImpl<std::pair<int64_t, const llvm::Function *>> &Out)
      const;
  /// Sets MemberPointersExact.
  void scanMemberPointers();
  /// The constraints of I if it is one of clang's member-pointer idioms
  /// (store, call through `inttoptr`, this-adjustment, vtable slot);
  /// false if visit() handles I as usual.
  bool visitMemberPointer(llvm::Instruction &I);
  /// Rule atomic-pointer-integer (AtomicPointers.cpp): whether V, an
  /// integer of pointer width, carries a pointer through a C11 atomic.
  bool carriesPointer(const llvm::Value *V) const;
  /// The constraints of I if it moves such an integer; false otherwise.
  bool visitAtomicPointer(llvm::Instruction &I);
  /// Dst >= the function integer V (a member pointer's first field) holds.
  void addMemberFunction(const llvm::Value *V, uint32_t Dst, unsigned Depth);
  /// Stores member pointer V (of member-pointer type) through Ptr.
  void storeMemberPointer(const llvm::Value *V, const llvm::Value *Ptr,
                          unsigned Depth);
  /// Every member pointer of the module is a non-virtual function with a
  /// zero this-adjustment, made from constants and copied whole.
  bool MemberPointersExact = true;
  /// Some constant of the module is a member-function pointer.
  bool HasMemberPointers = false;

  //===--- First-class aggregates (Aggregates.cpp) -------------------===//

  /// aggregate-fields: the byte offsets of the pointers in aggregate type
  /// T, or none (not an aggregate, no pointer, or too many: one node).
  llvm::SmallVector<int64_t, 4> pointerFields(llvm::Type *T) const;
  /// The node of the pointer at byte Off of aggregate value V.
  uint32_t fieldNode(const llvm::Value *V, int64_t Off);
  /// The node of the pointer at byte Off of what F returns.
  uint32_t fieldReturnNode(const llvm::Function &F, int64_t Off);
  /// CB's aggregate result, field by field, from F's returns.
  void bindAggregateResult(const llvm::CallBase &CB, const llvm::Function &F);
  /// The constraints of I if it makes or takes an aggregate with pointer
  /// fields (load, store, extractvalue, insertvalue, phi, select); false
  /// if visit() handles I as usual (a return: as well).
  bool visitAggregate(llvm::Instruction &I);
  llvm::DenseMap<std::pair<const llvm::Value *, int64_t>, uint32_t> FieldNode;
  llvm::DenseMap<std::pair<const llvm::Function *, int64_t>, uint32_t> FieldRet;

  //===--- Calls (ConstraintBuilder.cpp) ----------------------------===//

  void bindCall(const llvm::CallBase &CB, const llvm::Function &F);
  /// Passes Arg as argument Pos of CB to F.
  void bindArgument(const llvm::CallBase &CB, const llvm::Function &F,
                    unsigned Pos, uint32_t Arg);
  void fillConstructed(ObjectId O, const llvm::CallBase &CB,
                       const llvm::Function &F, unsigned Depth);
  ObjectId clonedObject(const llvm::CallBase &Outer,
                        const llvm::CallBase &Inner);
  /// A new heap object standing for what Inner allocates during a run of
  /// Outer, named `<Inner's object> via <Outer's line>` (and `#n` after
  /// the first of that name if Numbered).
  ObjectId newClone(const llvm::CallBase &Outer, const llvm::CallBase &Inner,
                    bool Numbered);
  /// returned-path: the node of V, a path from a parameter of a function
  /// (ReturnSources::Paths), stepped again from the nodes Arg gives its
  /// parameters at one call; Steps keeps the nodes of that call's steps.
  uint32_t pathNode(const llvm::Value *V,
                    llvm::function_ref<uint32_t(unsigned)> Arg,
                    llvm::DenseMap<const llvm::Value *, uint32_t> &Steps,
                    unsigned Depth = 0);
  /// init-clone: does entry K of F's summary (InitClones.h) at call CB:
  /// stores an object of CB's own at that member of what CB passes.
  void storeInitClone(const llvm::CallBase &CB, const llvm::Function &F,
                      unsigned K);
  void findForwardings();
  void addCallerMemory();
  void bindCallerMemory(const llvm::Function &F);
  ObjectId callerMemory(const llvm::Argument &A);
  ObjectId callerMemory(const std::string &PointeeType);
  /// The pointer members of the record named Key (typed-caller-memory), or
  /// nullopt: no such record, or more than MaxCallerPointers of them.
  std::optional<std::vector<PointerMember>>
  recordPointers(const std::string &Key);
  static constexpr unsigned MaxCallerPointers = 256;
  uint32_t givenOutNode(const std::string &PointeeType);

  //===--- Virtual calls (VirtualCalls.cpp) -------------------------===//

  /// virtual-receivers: if CB calls through its first argument's vtable
  /// (`p->vptr[k](p, ...)`), watches that argument so that each receiver
  /// location is bound as `this` only to the functions its own vtable
  /// slot holds (the IndirectCall binds the rest).
  void addVirtualCall(const llvm::CallBase &CB);
  /// Binds argument 0 of CB as a plain indirect call's from now on.
  void unfilterReceivers(const llvm::CallBase &CB);
  /// Virtual calls whose argument 0 is bound per receiver location, with
  /// the locations seen so far.
  llvm::DenseMap<const llvm::CallBase *, llvm::SmallVector<uint32_t, 2>>
      Receivers;
  /// Receiver locations per call before binding falls back to the whole
  /// argument (a bound on the nodes filtering adds).
  static constexpr unsigned MaxReceivers = 64;

  //===--- Instructions (PointsToConstraints.cpp) -------------------===//

  void visit(llvm::Instruction &I);
  void visitCall(llvm::CallBase &CB);
  /// memcpy(Dst, Src, Len): Len bytes if a constant, else to the end.
  void addMemCopy(const llvm::Value *Dst, const llvm::Value *Src,
                  const llvm::Value *Len = nullptr);
  void modelExternal(const llvm::CallBase &CB, const llvm::Function &F);
  /// A call of a function with a row in the libc table (LibcModel.cpp).
  void modelLibc(const llvm::CallBase &CB, const llvm::Function &F,
                 const LibcFunction &Row);
  /// The singleton object of a libc function's hidden state, by group.
  ObjectId hiddenObject(llvm::StringRef Group);
  /// The library's own memory a function returns (FILE, DIR): one External
  /// object per callee.
  ObjectId ownObject(const llvm::Function &F, bool ThreadLocal);
  /// tsd-thread-local: what pthread_setspecific keeps (one thread-local
  /// object for every key).
  ObjectId threadSpecificObject();
  ObjectId ThreadSpecific = InvalidObject;
  ObjectId heapObject(const llvm::CallBase &CB);
  ObjectId varArgObject(const llvm::Function &F);
  /// va_start(List) in F.
  void startVarArgs(const llvm::Function &F, const llvm::Value *List);
  /// va_arg(List) into Dst.
  void loadVarArg(const llvm::Value *List, uint32_t Dst);
  /// The sorted locations V's node holds now (none if V has no node).
  std::vector<MemLoc> solvedPointsTo(const llvm::Value *V) const;

  /// once-callable (PointsToConstraints.cpp): the node standing for
  /// libstdc++'s thread-local std::__once_callable when I, in a
  /// std::call_once execution (once_flag::_Prepare_execution's constructor
  /// or its lambda), loads or stores it through Ptr; NoNode otherwise.
  uint32_t onceCallableSlot(const llvm::Instruction &I, const llvm::Value *Ptr);
  /// The _Prepare_execution constructors' names without their prefix, each
  /// with its slot (made on first use).
  std::optional<std::vector<std::pair<std::string, uint32_t>>> OnceExecutions;

  /// Promotes F's local pointer slots to SSA values ("slot-ssa", see
  /// PointsToSlots.cpp); visit() then skips their loads and stores.
  void promoteSlots(llvm::Function &F);

  llvm::Module &M;
  const llvm::DataLayout &DL;
  std::vector<MemObject> &Objects;
  ConstraintGraph &G;
  AndersenSolver &S;
  bool UnknownResultsOwnOnly;

  AllocationWrappers AllocWrappers;
  /// returned-argument: functions that may return a parameter as it is;
  /// each call's result gets that call's argument (ReturnedArgs.cpp).
  llvm::DenseMap<const llvm::Function *, ReturnSources> ReturnedArgs;
  /// Those whose other returned values were bound to the return node.
  llvm::DenseSet<const llvm::Function *> ReturnsBound;
  /// init-clone: initialisers' stores of fresh objects, done per call.
  InitClones Inits;
  /// Their objects, per (outermost call, summary entry).
  llvm::DenseMap<std::pair<const llvm::CallBase *, unsigned>, ObjectId> InitObj;
  /// A constructor's inner objects cloned per call site of the outer one.
  llvm::DenseMap<std::pair<const llvm::CallBase *, const llvm::CallBase *>,
                 ObjectId>
      ClonedObj;
  /// Call-string depth of cloned objects: a wrapper's own object is 1, the
  /// objects its constructor stores in it 2; deeper ones are the
  /// constructor body's own objects (context-insensitive).
  static constexpr unsigned MaxCloneDepth = 2;
  /// (part, whole) of each cloned object, as constructedParts() says.
  std::vector<std::pair<ObjectId, ObjectId>> Parts;
  llvm::DenseMap<const llvm::Value *, uint32_t> ValueNode;
  llvm::DenseMap<const llvm::Function *, uint32_t> RetNode;
  llvm::DenseMap<const llvm::Value *, ObjectId> SiteObject;
  llvm::DenseSet<const llvm::Value *> InexactSites;
  llvm::DenseMap<const llvm::CallBase *, std::vector<const llvm::Function *>>
      CalleeMap, Bound;
  llvm::DenseMap<const llvm::Function *, ObjectId> ExternalObj;
  std::set<std::pair<const llvm::CallBase *, const llvm::Function *>> StartSeen;
  std::vector<ThreadStart> Starts;
  llvm::StringMap<unsigned> HeapNames;
  ObjectId UnknownObj = InvalidObject;
  /// Functions bound as the library's callers would call them, and the
  /// callers' memory by pointee type name.
  llvm::DenseSet<const llvm::Function *> EnvCalled;
  std::map<std::string, ObjectId> CallerMemory;
  /// The module's records by name, read on the first typed caller object.
  std::optional<std::map<std::string, const llvm::DICompositeType *>>
      RecordTypes;
  /// Per pointee type, the pointers the library's exported functions
  /// returned: its callers may pass them back (env-handles).
  std::map<std::string, uint32_t> GivenOut;
  /// An indirect call CB in a function F whose callee is F's parameter
  /// FnParam and whose argument ArgPos is F's parameter ArgParam, both
  /// unchanged (`void each(cb_t cb, void *arg) { cb(arg); }`): per call
  /// site of F, that argument goes only to the callees that call site
  /// passes, instead of every call site's argument to every callee
  /// ("callback-argument" in docs/design-threadmodel.md).
  struct Forwarding {
    const llvm::CallBase *CB;
    unsigned FnParam, ArgParam, ArgPos;
  };
  llvm::DenseMap<const llvm::Function *, llvm::SmallVector<Forwarding, 1>>
      Forwardings;
  /// (CB, ArgPos) of every Forwarding: bound per call site of F instead.
  llvm::DenseSet<std::pair<const llvm::CallBase *, unsigned>> ForwardedArgs;
  llvm::DenseSet<const llvm::Value *> PromotedSlots;
  llvm::StringMap<ObjectId> HiddenObj;
  uint32_t EscapedNode = ConstraintGraph::NoNode;
  uint32_t ThreadResultNode = ConstraintGraph::NoNode;
  llvm::StringMap<uint32_t> ChannelNodes;
  /// Defined functions a libc call calls back (qsort's comparator).
  llvm::DenseMap<const llvm::CallBase *, std::vector<const llvm::Function *>>
      Callbacks;
  /// The variadic arguments of F, as one object: call sites store their
  /// extra pointer arguments into it at AnyOffset, va_start points the
  /// va_list at it, and va_arg (or its lowering) loads from it.
  llvm::DenseMap<const llvm::Function *, ObjectId> VarArgObj;
};

} // namespace racesift

#endif // RACESIFT_LIB_POINTSTO_CONSTRAINTBUILDER_H
