//===- ObjectPairing.h - Candidates of one shared object -------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to lib/Lockset. Pairs the access contexts of one shared object,
// location by location, by classes instead of one by one
// (docs/design-lockset.md, item 7):
//  * contexts with one ClassKey form a class: one verdict per class pair;
//  * an access's classes (one per context) form its signature, and every
//    access pair between two signature groups has one verdict, so the
//    counts come from group sizes;
//  * the first candidates in source order come from a merge of the context
//    lists of the unprotected class pairs.
// Classes and signatures are the module's (PairingClasses), computed once:
// an imprecise pointer puts one access on hundreds of objects.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_LOCKSET_OBJECTPAIRING_H
#define RACESIFT_LIB_LOCKSET_OBJECTPAIRING_H

#include "racesift/Lockset/Lockset.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <vector>

namespace racesift {
namespace lockset {

/// Finds accesses by id whether or not Accesses is indexed by Id.
class AccessTable {
  const ThreadModel &TM;
  std::map<AccessId, const Access *> Sparse;

public:
  explicit AccessTable(const ThreadModel &TM);
  const Access *get(AccessId Id) const {
    if (Id < TM.Accesses.size() && TM.Accesses[Id].Id == Id)
      return &TM.Accesses[Id];
    auto It = Sparse.find(Id);
    return It == Sparse.end() ? nullptr : It->second;
  }
};

/// The classes of R's contexts and the signatures of their accesses.
struct PairingClasses {
  /// Per class: one of its contexts, and that context's access.
  std::vector<unsigned> ClassRep;
  std::vector<const Access *> ClassAccess;
  /// Per class: what the order facts know of its contexts.
  std::vector<OrderKey> ClassOrder;
  const OrderFacts *Order = nullptr;
  /// Per signature: its sorted, unique classes.
  std::vector<std::vector<unsigned>> Sigs;
  /// One access with contexts.
  struct AccessInfo {
    const Access *A = nullptr;
    /// (context, class), contexts ascending (source order).
    std::vector<std::pair<unsigned, unsigned>> Ctxs;
    unsigned Sig = 0;
    /// A.Locs sorted by object then offset (AnyOffset first).
    std::vector<MemLoc> SortedLocs;
  };
  std::vector<AccessInfo> Accesses;

  PairingClasses(const AccessTable &AT, const LocksetResult &R,
                 const OrderFacts *Order);
};

/// An access of a shared object with the offsets it may touch there, sorted
/// (AnyOffset first when present).
struct Member {
  unsigned Acc; ///< Index in PairingClasses::Accesses.
  llvm::ArrayRef<MemLoc> Locs;
  bool any() const { return Locs.front().Offset == AnyOffset; }
};

class ObjectPairing {
public:
  ObjectPairing(const ThreadModel &TM, const PairingClasses &PC,
                const LocksetOptions &Opts, LocksetResult &R, ObjectId Obj,
                llvm::ArrayRef<Member> Members,
                llvm::function_ref<bool()> OutOfTime);

  /// Pairs every location of the object; false if the time ran out (the
  /// location being paired then contributes nothing).
  bool run();

private:
  /// What a pair of contexts is on one location.
  /// Ordered*: conflicting on concurrent templates, but ordered by that
  /// rule of the order facts. A signature pair takes the greatest verdict
  /// of its class pairs: ordered pairs that needed two rules count under
  /// the later one.
  enum PairVerdict : uint8_t {
    NoPair,
    OrderedBeforeThreads,
    OrderedAfterJoin,
    OrderedOnce,
    ProtectedPair,
    UnprotectedPair
  };
  static PairVerdict orderedBy(OrderRule R) {
    return R == OrderRule::BeforeThreads ? OrderedBeforeThreads
           : R == OrderRule::AfterJoin   ? OrderedAfterJoin
                                         : OrderedOnce;
  }

  const ThreadModel &TM;
  const PairingClasses &PC;
  const LocksetOptions &Opts;
  LocksetResult &R;
  ObjectId Obj;
  llvm::ArrayRef<Member> Members;
  llvm::function_ref<bool()> OutOfTime;
  uint64_t Ticks = 0; ///< For the clock's cadence.

  /// The location being paired lies in a union (ThreadModel::inUnion):
  /// accesses of any types conflict there. The verdicts are cached per case.
  bool AtUnion = false;
  llvm::DenseMap<uint64_t, PairVerdict> ClassVerdicts[2], SigVerdicts[2];
  /// The members naming each concrete offset, by offset.
  std::vector<std::pair<int64_t, std::vector<unsigned>>> NamedMembers;
  /// The members at AnyOffset: how many per signature (by signature), and
  /// their contexts per class in source order (by class). They are shared
  /// by every location of the object.
  std::vector<std::pair<unsigned, uint64_t>> AnyPerSig;
  std::vector<std::pair<unsigned, std::vector<unsigned>>> AnyContexts;

  /// One step of the layer's budget (LocksetResult::Steps), false once it
  /// is spent; the clock, the safety net, is read every 65536 ticks.
  bool tick() {
    if (Opts.MaxSteps && R.Steps >= Opts.MaxSteps)
      return !OutOfTime();
    ++R.Steps;
    return ++Ticks % 65536 != 0 || !OutOfTime();
  }
  PairVerdict classVerdict(unsigned P, unsigned Q);
  PairVerdict sigVerdict(unsigned S, unsigned T);
  /// Named: the members naming Off (none for AnyOffset).
  bool pairLocation(int64_t Off, llvm::ArrayRef<unsigned> Named);
  bool firstCandidates(MemLoc L, llvm::ArrayRef<unsigned> NamedMs,
                       uint64_t Target, std::vector<Candidate> &Out);
};

} // namespace lockset
} // namespace racesift

#endif // RACESIFT_LIB_LOCKSET_OBJECTPAIRING_H
