//===- MHP.h - Accesses that cannot happen in parallel ----------*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The may-happen-in-parallel layer (issue 22): order facts the thread model
// proves without interleavings, in time linear in its function graphs, so
// the lockset layer pairs fewer accesses and the model checker sees only
// what needs interleavings (docs/design.md, "Order facts"). Three rules:
//  * before-threads: an access the root thread (main) makes on every run
//    before it creates any thread happens before every access of every
//    other thread;
//  * after-join: an access a thread that runs once makes on every path
//    after it joined every instance of a template (which creates no
//    threads) happens after every access of that template;
//  * once: an access made on every path after pthread_once(&c, ...)
//    returned happens after every access of the once body of c.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_MHP_MHP_H
#define RACESIFT_MHP_MHP_H

#include "racesift/ThreadModel/ThreadModel.h"

#include "llvm/IR/PassManager.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace racesift {

/// Which rule orders a pair of accesses (the order the stats list them).
enum class OrderRule : uint8_t { None, BeforeThreads, AfterJoin, Once };

/// What the rules know of one (thread, access) context, as interned ids:
/// two contexts with equal keys on equal threads are ordered with the same
/// contexts by the same rule.
struct OrderKey {
  bool Early = false;
  uint32_t Joined = 0;     ///< Index into OrderFacts::JoinedSets.
  uint32_t OnceBody = 0;   ///< 1 + index into OnceControls; 0: none.
  uint32_t OncePassed = 0; ///< Index into OrderFacts::PassedSets.
  bool operator<(const OrderKey &O) const {
    return std::tie(Early, Joined, OnceBody, OncePassed) <
           std::tie(O.Early, O.Joined, O.OnceBody, O.OncePassed);
  }
  bool operator==(const OrderKey &O) const {
    return std::tie(Early, Joined, OnceBody, OncePassed) ==
           std::tie(O.Early, O.Joined, O.OnceBody, O.OncePassed);
  }
  bool operator!=(const OrderKey &O) const { return !(*this == O); }
};

/// after-join: what one creation site is for the rule.
struct JoinSite {
  unsigned Creation = 0;
  /// The one template that runs the site (InvalidTemplate: none).
  TemplateId Creator = InvalidTemplate;
  /// Tracked: joins can prove all its instances joined.
  bool Tracked = false;
  /// Tracked, and a join through this private scalar handle joins its
  /// last instance (InvalidObject: only a join-all loop does).
  ObjectId Handle = InvalidObject;
  std::string Why; ///< Why it is not tracked.
};

struct OrderFacts {
  /// By AccessId: the root thread performs the access only while no other
  /// thread exists (before its first thread creation, on every path).
  std::vector<bool> BeforeAnyThread;
  /// Functions the root thread enters only while it is the only thread.
  std::vector<const llvm::Function *> EarlyFunctions;
  /// Why before-threads has no facts ("" if it has): the module has no
  /// main, or main's thread calls setjmp.
  std::string NotApplied;

  /// after-join: sorted template sets; JoinedSets[0] is empty.
  std::vector<std::vector<TemplateId>> JoinedSets{{}};
  /// (creating thread << 32 | access) -> index into JoinedSets: the
  /// templates every instance of which that thread has joined, on every
  /// path, before it performs the access.
  std::map<uint64_t, uint32_t> JoinedBefore;
  /// Every creation site, by creation index.
  std::vector<JoinSite> JoinSites;
  /// Creating threads the rule stands down for, with why.
  std::vector<std::pair<TemplateId, std::string>> JoinNotApplied;

  /// once: the once controls the rule knows (single global objects that
  /// nothing but pthread_once writes), with why others are not.
  std::vector<MemLoc> OnceControls;
  std::vector<std::pair<MemLoc, std::string>> OnceRefused;
  /// By AccessId: 1 + the control whose once body alone performs it, or 0.
  std::vector<uint32_t> OnceBody;
  /// By function: 1 + the control whose once body it belongs to.
  std::vector<std::pair<const llvm::Function *, uint32_t>> OnceFunctions;
  /// Sorted control sets; PassedSets[0] is empty.
  std::vector<std::vector<uint32_t>> PassedSets{{}};
  /// By AccessId: index into PassedSets: the controls whose pthread_once
  /// returned, on every path, before the access.
  std::vector<uint32_t> OncePassed;

  bool beforeAnyThread(TemplateId T, AccessId A) const {
    return T == 0 && A < BeforeAnyThread.size() && BeforeAnyThread[A];
  }
  OrderKey keyOf(TemplateId T, AccessId A) const;
  /// The rule that orders context (TA, KA) with context (TB, KB), or None.
  /// The first that does in the order of OrderRule.
  OrderRule ordered(TemplateId TA, const OrderKey &KA, TemplateId TB,
                    const OrderKey &KB) const;
};

OrderFacts computeOrderFacts(const ThreadModel &TM);

void printOrderFacts(const ThreadModel &TM, const OrderFacts &F,
                     llvm::raw_ostream &OS);

/// print<racesift-mhp>
class OrderFactsPrinterPass
    : public llvm::PassInfoMixin<OrderFactsPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit OrderFactsPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace racesift

#endif // RACESIFT_MHP_MHP_H
