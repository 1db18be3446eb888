//===- Findings.cpp - Layer results to report findings --------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Findings.h"

#include "racesift/ThreadModel/CallPaths.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace racesift {

static const Access *findAccess(const ThreadModel &TM, AccessId Id) {
  return Id < TM.Accesses.size() ? &TM.Accesses[Id] : nullptr;
}

static std::string threadName(const ThreadModel &TM, TemplateId T) {
  return T < TM.Templates.size() ? TM.Templates[T].Name : "<unknown thread>";
}

static FindingAccess makeAccess(const ThreadModel &TM, const AccessContext &C,
                                std::vector<LockOperation> &LockOps) {
  FindingAccess FA;
  if (const Access *A = findAccess(TM, C.Acc)) {
    FA.Loc = A->Loc;
    FA.IsWrite = A->IsWrite;
    FA.IsAtomic = A->IsAtomic;
  }
  FA.Thread = threadName(TM, C.Thread);
  FA.ByCallers =
      C.Thread < TM.Templates.size() && !TM.Templates[C.Thread].Entry;
  for (const HeldLock &L : C.Held) {
    FA.LocksHeld.push_back(L.Mode == LockMode::Shared ? L.Name + " (shared)"
                                                      : L.Name);
    if (L.AcquiredAt.known() || !L.AcquiredAt.Function.empty())
      LockOps.push_back(
          {L.Name, "acquired by '" + FA.Thread + "'", L.AcquiredAt});
  }
  std::sort(FA.LocksHeld.begin(), FA.LocksHeld.end());
  return FA;
}

/// The member path an access names below its base: "r->count" and
/// "s.count" give ".count", "p->a.b" gives ".a.b", "buf[]" gives "[]"; "*p",
/// "x" and "p+8" give "".
static std::string memberPathOf(StringRef Name) {
  size_t End = 0;
  while (End < Name.size() &&
         (isAlnum(Name[End]) || Name[End] == '_' || Name[End] == ':'))
    ++End;
  if (End == 0 || isDigit(Name[0]))
    return "";
  StringRef Rest = Name.drop_front(End);
  // Past a pointer loaded on the way ("q->tail->next"), the member is the
  // last object's.
  if (size_t Last = Rest.rfind("->"); Last != StringRef::npos && Last > 0)
    Rest = Rest.drop_front(Last);
  if (Rest.consume_front("->"))
    return Rest.empty() ? "" : "." + Rest.str();
  if (Rest.starts_with(".") || Rest.starts_with("["))
    return Rest.str();
  return "";
}

/// Whether T (through typedefs, qualifiers and arrays) is a struct, class
/// or union: only such an object, or an array of them, has members.
static bool hasMembers(const DIType *T) {
  for (unsigned Depth = 0; T && Depth < 16; ++Depth) {
    if (auto *D = dyn_cast<DIDerivedType>(T)) {
      unsigned Tag = D->getTag();
      if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
          Tag != dwarf::DW_TAG_volatile_type &&
          Tag != dwarf::DW_TAG_atomic_type)
        return false;
      T = D->getBaseType();
      continue;
    }
    auto *C = dyn_cast<DICompositeType>(T);
    if (!C)
      return false;
    if (C->getTag() != dwarf::DW_TAG_array_type)
      return C->getTag() == dwarf::DW_TAG_structure_type ||
             C->getTag() == dwarf::DW_TAG_class_type ||
             C->getTag() == dwarf::DW_TAG_union_type;
    T = C->getBaseType();
  }
  return false;
}

/// The variable a finding names. The thread model names an offset-0 member
/// after its object (a lock is "m", not its first member) and knows no
/// member names for heap objects ("heap@t.c:12+4"); the source names of the
/// racing accesses ("r->count") supply the member: "stats.requests",
/// "heap@t.c:12 .count".
static std::string variableName(const ThreadModel &TM, const MemLoc &Loc,
                                const Access *A, const Access *B) {
  std::string Described = TM.describe(Loc);
  if (Loc.Obj >= TM.Objects.size())
    return Described;
  const MemObject &O = TM.Objects[Loc.Obj];
  // Folded elements (array-elements) are named "heap@t.c:12[]".
  std::string Base = O.Name + (O.ElementsFolded ? "[]" : "");
  if (Described != Base && !StringRef(Described).starts_with(Base + "+"))
    return Described; // Already names the member.
  std::string Path;
  for (const Access *X : {A, B}) {
    std::string P = !X                        ? ""
                    : X->MemberThroughPointer ? *X->MemberThroughPointer
                                              : memberPathOf(X->Name);
    // A reference a closure captured is a member of the closure, not of
    // the array it points to: `this->sums[]` in a lambda that captured
    // `&sums` is "sums[]", not "sums.sums[]".
    if (O.Type && !hasMembers(O.Type) && StringRef(P).starts_with(".")) {
      StringRef Rest = StringRef(P).drop_front().drop_while(
          [](char C) { return isAlnum(C) || C == '_' || C == ':'; });
      P = Rest.str();
    }
    // "workers[].state" and "w->state" name one member of the element.
    if (O.ElementsFolded && StringRef(P).starts_with("[]"))
      P = P.substr(2);
    if (P.empty())
      continue;
    if (!Path.empty() && P != Path)
      return Described; // The accesses disagree (a union): keep the offset.
    Path = P;
  }
  if (Path.empty())
    return Described;
  bool Spaced = O.Kind == ObjectKind::Heap && Path[0] != '+';
  return Base + (Spaced ? " " : "") + Path;
}

/// Variable in plain words when it names a heap object or memory an
/// external function returns ("heap@t.c:12#2 via t.c:30 .count": "field
/// .count of the heap object allocated at t.c:12 (its second allocation
/// there), through the call at t.c:30"); else "".
static std::string plainVariableText(const ThreadModel &TM, const MemLoc &Loc,
                                     StringRef Variable) {
  if (Loc.Obj >= TM.Objects.size())
    return "";
  const MemObject &O = TM.Objects[Loc.Obj];
  StringRef Name = O.Name;
  if (!Variable.starts_with(Name))
    return "";
  std::string Object;
  if (O.Kind == ObjectKind::Heap && Name.consume_front("heap@")) {
    auto [Site, Via] = Name.split(" via ");
    auto [At, Nth] = Site.split('#');
    Object = "the heap object allocated at " + At.str();
    if (!Nth.empty())
      Object += " (allocation " + Nth.str() + " there)";
    if (!Via.empty())
      Object += ", through the call at " + Via.str();
  } else if (O.Kind == ObjectKind::External && Name.consume_front("ext@")) {
    Object = "the memory that '" + Name.str() + "' returns";
  } else if (O.Kind == ObjectKind::Heap) {
    Object = Name.str(); // Words already: "a 'ctx' passed by the ...".
  } else {
    return "";
  }
  StringRef Rest = Variable.substr(O.Name.size());
  if (O.ElementsFolded && Rest.consume_front("[]"))
    Object = "an element of " + Object;
  Rest = Rest.ltrim();
  // A variable index through a pointer (`q->buf[i]`).
  if (Rest.consume_front("[]"))
    Object = "an element of " + Object;
  if (Rest.empty())
    return Object;
  if (Rest.starts_with("."))
    return "field " + Rest.str() + " of " + Object;
  if (Rest.starts_with("["))
    return "element " + Rest.str() + " of " + Object;
  if (Rest == "+?")
    return "an unknown part of " + Object;
  if (Rest.consume_front("+"))
    return "byte " + Rest.str() + " of " + Object;
  return "";
}

/// The calls that lead to C's access: those W took (it ends with the
/// racing accesses, First's then Second's), or else one shortest path.
static void setCallPath(const ThreadModel &TM, CallPathFinder &Paths,
                        const AccessContext &C, const Witness *W, bool IsFirst,
                        FindingAccess &FA) {
  size_t N = W ? W->Steps.size() : 0;
  if (N >= 2) {
    FA.CallPath = W->Steps[IsFirst ? N - 2 : N - 1].Calls;
    return;
  }
  const Access *A = findAccess(TM, C.Acc);
  if (!A || !A->Inst)
    return;
  FA.CallPath = Paths.shortestPath(C.Thread, A->Inst->getFunction());
  // No calls: the access is in the start routine, the only way there.
  FA.CallPathExample = !FA.CallPath.empty();
}

/// An access inside a system header is reported at the user's call that
/// leads there, as clang reports a template's errors where it was
/// instantiated: the innermost call site of the path in user code.
static void liftToUserCode(FindingAccess &FA) {
  if (!isSystemLoc(FA.Loc))
    return;
  for (size_t K = FA.CallPath.size(); K-- > 0;) {
    if (!FA.CallPath[K].known() || isSystemLoc(FA.CallPath[K]))
      continue;
    FA.InLibrary = FA.Loc;
    FA.Loc = FA.CallPath[K];
    FA.CallPath.resize(K);
    return;
  }
}

static ModelFinding makeFinding(const ThreadModel &TM, CallPathFinder &Paths,
                                const MemLoc &Loc, const AccessContext &First,
                                const AccessContext &Second,
                                const Witness *W = nullptr) {
  ModelFinding MF;
  MF.Loc = Loc;
  MF.F.HeapObject = Loc.Obj < TM.Objects.size() &&
                    TM.Objects[Loc.Obj].Kind == ObjectKind::Heap;
  // The warning goes to the write: that is the access a user changes.
  const AccessContext *A = &First, *B = &Second;
  const Access *AA = findAccess(TM, A->Acc), *BA = findAccess(TM, B->Acc);
  MF.F.Variable = variableName(TM, Loc, AA, BA);
  MF.F.VariableText = plainVariableText(TM, Loc, MF.F.Variable);
  bool Swapped = AA && BA && !AA->IsWrite && BA->IsWrite;
  if (Swapped) {
    std::swap(A, B);
    std::swap(AA, BA);
  }
  MF.F.First = makeAccess(TM, *A, MF.F.LockOps);
  MF.F.Second = makeAccess(TM, *B, MF.F.LockOps);
  setCallPath(TM, Paths, *A, W, !Swapped, MF.F.First);
  setCallPath(TM, Paths, *B, W, Swapped, MF.F.Second);
  liftToUserCode(MF.F.First);
  liftToUserCode(MF.F.Second);
  MF.FirstInst = AA ? AA->Inst : nullptr;
  MF.SecondInst = BA ? BA->Inst : nullptr;
  return MF;
}

std::vector<ModelFinding> findingsFromCandidates(const ThreadModel &TM,
                                                 const LocksetResult &LS) {
  // Candidates come sorted by location; keep the first pair of each and
  // count the rest, so one location gives one warning.
  std::vector<ModelFinding> Out;
  std::map<MemLoc, size_t> Index;
  CallPathFinder Paths(TM);
  for (const Candidate &C : LS.Candidates) {
    auto [It, New] = Index.try_emplace(C.Loc, Out.size());
    if (!New)
      continue;
    ModelFinding MF = makeFinding(TM, Paths, C.Loc, C.First, C.Second);
    MF.F.Kind = FindingKind::PossibleRace;
    MF.F.Reason = "reported by the lockset layer alone (layers=lockset)";
    Out.push_back(std::move(MF));
  }
  for (ModelFinding &MF : Out) {
    auto It = LS.PairsPerLocation.find(MF.Loc);
    if (It != LS.PairsPerLocation.end() && It->second > 1)
      MF.F.Notes.push_back(std::to_string(It->second - 1) +
                           " more unprotected access pair(s) on '" +
                           MF.F.Variable + "'");
  }
  return Out;
}

void foldFindingsByAccessPair(std::vector<Finding> &Fs) {
  auto Key = [](const Finding &F) {
    return std::make_tuple(F.Kind, F.Suppressed, F.Unexamined, F.First.Loc,
                           F.First.Thread, F.First.IsWrite, F.Second.Loc,
                           F.Second.Thread, F.Second.IsWrite);
  };
  std::map<decltype(Key(Fs.front())), size_t> Kept;
  std::vector<std::vector<std::string>> Others(Fs.size());
  std::vector<Finding> Out;
  for (Finding &F : Fs) {
    auto [It, New] = Kept.try_emplace(Key(F), Out.size());
    if (New)
      Out.push_back(std::move(F));
    else
      Others[It->second].push_back(F.Variable);
  }
  constexpr size_t Listed = 4;
  for (size_t I = 0; I < Out.size(); ++I) {
    const std::vector<std::string> &O = Others[I];
    if (O.empty())
      continue;
    std::string Note = "the same two accesses also touch " +
                       std::to_string(O.size()) + " other location(s): ";
    // Elements of one array share a name: each name once.
    std::vector<std::string> Names;
    for (const std::string &N : O)
      if (!is_contained(Names, N))
        Names.push_back(N);
    for (size_t J = 0; J < Names.size() && J < Listed; ++J)
      Note += (J ? ", '" : "'") + Names[J] + "'";
    if (Names.size() > Listed)
      Note += ", ...";
    Out[I].Notes.push_back(std::move(Note));
  }
  Fs = std::move(Out);
}

static FlowStepKind stepKind(ActionKind K) {
  switch (actionGroup(K)) {
  case ActionGroup::Thread:
    return FlowStepKind::Thread;
  case ActionGroup::Sync:
    return FlowStepKind::Sync;
  case ActionGroup::Access:
    return FlowStepKind::Access;
  case ActionGroup::Data:
    return FlowStepKind::Data;
  case ActionGroup::Step:
    return FlowStepKind::Other;
  }
  return FlowStepKind::Other;
}

ReplayInput replayOf(const Witness &W) {
  ReplayInput In;
  for (const WitnessStep &S : W.Steps) {
    // An AtomicUpdate, an Assign that stores and an Assume stay: the
    // thread must run that instruction there, where the model read the
    // data (`ok = !busy` before another thread's `busy = 1`), though it may
    // have no later step (a worker's last fetch_sub).
    bool Stores = S.Inst && isa<StoreInst>(S.Inst);
    if (!S.Inst || (S.Kind == ActionKind::Assign && !Stores) ||
        S.Kind == ActionKind::Internal || S.Kind == ActionKind::Call)
      continue;
    In.Steps.push_back(ReplayStep{S.Thread, S.Template, S.Kind, S.Inst,
                                  S.Target, S.Succeeds, S.Resume});
  }
  return In;
}

std::string checkWitness(const ThreadModel &TM, RacePair &P,
                         ValidationCounts &Counts) {
  ValidationResult VR;
  ReplayInput In = replayOf(P.W);
  In.FirstAccess = P.First.Acc;
  In.SecondAccess = P.Second.Acc;
  std::vector<uint64_t> Key{In.FirstAccess, In.SecondAccess};
  for (const ReplayStep &S : In.Steps)
    Key.insert(Key.end(), {S.Thread, S.Template, uint64_t(S.Kind),
                           reinterpret_cast<uintptr_t>(S.Inst), S.Target,
                           uint64_t(S.Succeeds) << 1 | uint64_t(S.Resume)});
  auto Known = Counts.Replayed.find(Key);
  bool OutOfBudget =
      Known == Counts.Replayed.end() && Counts.Steps >= Counts.ModuleSteps;
  if (Known != Counts.Replayed.end()) {
    VR = Known->second;
    ++Counts.Repeated;
  } else if (!OutOfBudget) {
    ValidationOptions VO;
    uint64_t Left = Counts.ModuleSteps - Counts.Steps;
    VO.MaxSteps = std::min(VO.MaxSteps, Left);
    VO.MaxSolverWork =
        std::min(VO.MaxSolverWork, Left / ValidationCounts::StepsPerSolverUnit);
    VR = validateWitness(TM, In, VO);
    // The solver's work counts against the module's budget too: on deep
    // terms a few checks cost more than the interpretation.
    uint64_t Charged =
        VR.Steps + VR.SolverWork * ValidationCounts::StepsPerSolverUnit;
    Counts.Steps = std::min(Counts.ModuleSteps, Counts.Steps + Charged);
    Counts.Queries += VR.Queries;
    Counts.SolverWork += VR.SolverWork;
    OutOfBudget =
        VR.F == Feasibility::Unknown && Counts.Steps >= Counts.ModuleSteps;
    if (!OutOfBudget)
      Counts.Replayed.emplace(std::move(Key), VR);
  }
  if (OutOfBudget) {
    VR.F = Feasibility::Unknown;
    VR.Reason = "the module's validation budget (validate-steps=" +
                std::to_string(Counts.ModuleSteps) + ") ran out";
    VR.Deciding.clear();
  }
  if (Counts.OnReplay)
    Counts.OnReplay(P, VR);
  if (OutOfBudget) {
    ++Counts.Unknown;
    return "the model checker's interleaving was not replayed against the "
           "program: " +
           VR.Reason;
  }
  for (const Value *H : VR.Deciding)
    if (!is_contained(Counts.Hints, H))
      Counts.Hints.push_back(H);
  if (VR.F != Feasibility::Feasible)
    for (const FixedBranch &B : VR.ConcreteBranches) {
      auto [It, New] =
          Counts.ConcreteBranches.insert({B.Branch, int(B.Successor)});
      if (!New && It->second != int(B.Successor))
        It->second = -1;
    }
  switch (VR.F) {
  case Feasibility::Feasible:
    ++Counts.Validated;
    break;
  case Feasibility::Infeasible:
    ++Counts.Infeasible;
    P.Infeasible = true;
    return "the model checker's interleavings are not ones the program can "
           "take: " +
           VR.Reason;
  case Feasibility::Unknown:
    ++Counts.Unknown;
    return "the model checker's interleaving could not be replayed against "
           "the program: " +
           VR.Reason;
  }
  // The condition goes to the note and to SARIF's codeFlow.
  std::string Cond;
  if (!VR.Entries.empty())
    Cond = "when " + describeEntryCalls(VR.Entries, VR.PassedBack);
  if (!VR.Values.empty()) {
    Cond += Cond.empty() ? "with " : ", with ";
    constexpr size_t Listed = 6;
    for (size_t I = 0; I < VR.Values.size() && I < Listed; ++I)
      Cond +=
          (I ? ", " : "") + VR.Values[I].first + " = " + VR.Values[I].second;
    if (VR.Values.size() > Listed)
      Cond += ", ...";
  }
  if (!Cond.empty())
    P.Notes.push_back("the interleaving happens " + Cond);
  auto NameOf = [&](unsigned T) -> std::string {
    auto Step = llvm::find_if(
        P.W.Steps, [T](const WitnessStep &S) { return S.Thread == T; });
    return Step == P.W.Steps.end() ? "" : Step->ThreadName;
  };
  for (auto [Thread, Locks] : VR.RanToEnd)
    if (std::string Name = NameOf(Thread); !Name.empty())
      P.Notes.push_back("'" + Name +
                        "' runs to its end alone where it is joined or exits, "
                        "with " +
                        std::to_string(Locks) +
                        " lock and unlock calls the interleaving does not "
                        "show");
  if (VR.RanPast && P.W.Steps.size() >= 2) {
    // The last two steps are the accesses. The race happens with the one
    // that runs on first: the interleaving ends in that order (the model
    // checker had them both about to run, in either order).
    size_t Last = P.W.Steps.size() - 1;
    if (P.W.Steps[Last].Thread == *VR.RanPast)
      std::swap(P.W.Steps[Last - 1], P.W.Steps[Last]);
    const WitnessStep &Runs = P.W.Steps[Last - 1], &Other = P.W.Steps[Last];
    if (Runs.Thread == *VR.RanPast)
      P.Notes.push_back("'" + Runs.ThreadName + "' makes its " + Runs.Step +
                        " and runs on, releasing nothing, before '" +
                        Other.ThreadName + "' makes its " + Other.Step +
                        ": no happens-before orders the two");
  }
  for (auto [Thread, Waits] : VR.TimedOut)
    if (std::string Name = NameOf(Thread); !Name.empty())
      P.Notes.push_back("'" + Name + "' times out in " + std::to_string(Waits) +
                        " timed wait(s) the interleaving does not show");
  for (auto [Thread, Locks] : VR.ExtraLocks)
    if (std::string Name = NameOf(Thread); !Name.empty())
      P.Notes.push_back("'" + Name + "' also makes " + std::to_string(Locks) +
                        " lock and unlock calls the interleaving does not "
                        "show, while the other threads wait");
  P.W.Condition = std::move(Cond);
  return "";
}

std::vector<ModelFinding>
findingsFromVerdicts(const ThreadModel &TM, const std::vector<Candidate> &Cands,
                     const std::vector<LocationVerdict> &Verdicts,
                     unsigned ThreadBound) {
  std::vector<ModelFinding> Out;
  CallPathFinder Paths(TM);
  std::map<MemLoc, const Candidate *> FirstCandidate;
  for (const Candidate &C : Cands)
    FirstCandidate.try_emplace(C.Loc, &C);
  for (const LocationVerdict &V : Verdicts) {
    if (V.V == Verdict::Refuted)
      continue;
    AccessContext First = V.First, Second = V.Second;
    if (V.V == Verdict::Unknown) {
      // The explorer did not pick a pair: show the first candidate pair.
      auto It = FirstCandidate.find(V.Loc);
      if (It != FirstCandidate.end()) {
        First = It->second->First;
        Second = It->second->Second;
      }
    }
    auto AddNotes = [&](ModelFinding &MF) {
      if (V.BoundMayCut)
        MF.F.Notes.push_back("explored with at most " +
                             std::to_string(ThreadBound) +
                             " threads per creation site; a thread created in "
                             "a loop may run more often (option thread-bound)");
    };
    // Pairs whose interleavings the program could not take (witness
    // validation): possible races that say why, one per pair of lines.
    std::set<std::pair<std::string, std::string>> LinePairs;
    auto LineOf = [](const SourceLoc &L) {
      return L.File + ":" + (L.known() ? std::to_string(L.Line) : L.Function);
    };
    auto AddUnconfirmed = [&] {
      for (const RacePair &R : V.Unconfirmed) {
        // The program cannot take R.W: its calls are no fact either.
        ModelFinding MF = makeFinding(TM, Paths, V.Loc, R.First, R.Second);
        std::string LA = LineOf(MF.F.First.Loc), LB = LineOf(MF.F.Second.Loc);
        if (!LinePairs.insert({std::min(LA, LB), std::max(LA, LB)}).second)
          continue;
        MF.F.Kind = FindingKind::PossibleRace;
        MF.F.Reason = R.Rejected;
        // The search stopped at its budget: other interleavings of the
        // pair were never tried, which the rejection alone does not say.
        if (V.OutOfStates)
          MF.F.Reason += "; the state budget ran out before other "
                         "interleavings were tried";
        AddNotes(MF);
        Out.push_back(std::move(MF));
      }
    };
    if (V.V != Verdict::Race && !V.Unconfirmed.empty()) {
      AddUnconfirmed();
      continue;
    }
    if (V.V != Verdict::Race) {
      ModelFinding MF = makeFinding(TM, Paths, V.Loc, First, Second);
      MF.F.Kind = FindingKind::PossibleRace;
      MF.F.Reason = V.Reason.empty() ? "not decided" : V.Reason;
      MF.F.Unexamined = !V.Examined;
      AddNotes(MF);
      Out.push_back(std::move(MF));
      continue;
    }
    // One finding per racing pair of source lines, each with its own
    // interleaving: `x += 1` against `x += 1` is one finding, not one for
    // the write-read and one for the write-write pair.
    // Without debug info an access has only its function.
    auto AddRace = [&](const AccessContext &A, const AccessContext &B,
                       const Witness &W,
                       const std::vector<std::string> &Notes) {
      ModelFinding MF = makeFinding(TM, Paths, V.Loc, A, B, &W);
      std::string LA = LineOf(MF.F.First.Loc), LB = LineOf(MF.F.Second.Loc);
      if (!LinePairs.insert({std::min(LA, LB), std::max(LA, LB)}).second)
        return;
      AddNotes(MF);
      MF.F.Notes.insert(MF.F.Notes.end(), Notes.begin(), Notes.end());
      MF.F.Kind = FindingKind::Race;
      for (const WitnessStep &S : W.Steps)
        MF.F.Interleaving.push_back({S.Thread, S.ThreadName, S.Step, S.Loc,
                                     stepKind(S.Kind), S.CallDepth});
      MF.F.Interleaving = foldRepeatedSteps(MF.F.Interleaving);
      MF.F.InterleavingCondition = W.Condition;
      if (V.PairsUndecided)
        MF.F.Notes.push_back("other access pairs on '" + MF.F.Variable +
                             "' were not decided: " + V.Reason);
      Out.push_back(std::move(MF));
    };
    AddRace(V.First, V.Second, V.W, V.Notes);
    for (const RacePair &R : V.OtherRaces)
      AddRace(R.First, R.Second, R.W, R.Notes);
    AddUnconfirmed();
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// In-source suppressions
//===----------------------------------------------------------------------===//

static constexpr StringLiteral IgnoreAnnotation = "racesift::ignore";

static bool isIgnoreString(const Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return false;
  auto *CDA = dyn_cast<ConstantDataArray>(GV->getInitializer());
  return CDA && CDA->isCString() && CDA->getAsCString() == IgnoreAnnotation;
}

static std::string sourceName(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram())
    return SP->getName().str();
  return F.getName().str();
}

void applySourceSuppressions(Module &M, const ThreadModel &TM,
                             std::vector<ModelFinding> &Fs) {
  SmallPtrSet<const Value *, 8> Globals;
  std::vector<std::string> Functions;
  // Variables and functions: llvm.global.annotations.
  if (GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations"))
    if (auto *Arr = dyn_cast_or_null<ConstantArray>(
            GA->hasInitializer() ? GA->getInitializer() : nullptr))
      for (const Use &U : Arr->operands()) {
        auto *CS = dyn_cast<ConstantStruct>(U.get());
        if (!CS || CS->getNumOperands() < 2 ||
            !isIgnoreString(CS->getOperand(1)))
          continue;
        const Value *Target = CS->getOperand(0)->stripPointerCasts();
        if (auto *F = dyn_cast<Function>(Target))
          Functions.push_back(sourceName(*F));
        else
          Globals.insert(Target);
      }
  // Fields: clang wraps each access path of an annotated field in
  // llvm.ptr.annotation; an access through such a pointer is suppressed.
  SmallPtrSet<const Instruction *, 16> FieldAccesses;
  for (Function &F : M)
    if (F.isIntrinsic() && F.getName().starts_with("llvm.ptr.annotation"))
      for (User *U : F.users())
        if (auto *CI = dyn_cast<CallInst>(U))
          if (CI->arg_size() >= 2 && isIgnoreString(CI->getArgOperand(1)))
            for (User *PU : CI->users())
              if (auto *I = dyn_cast<Instruction>(PU))
                FieldAccesses.insert(I);

  for (ModelFinding &MF : Fs) {
    std::string By;
    if (MF.Loc.Obj < TM.Objects.size() &&
        Globals.count(TM.Objects[MF.Loc.Obj].Site))
      By = "attribute annotate(\"racesift::ignore\") on '" +
           TM.Objects[MF.Loc.Obj].Name + "'";
    for (const std::string &Fn : Functions)
      if (By.empty() &&
          (MF.F.First.Loc.Function == Fn || MF.F.Second.Loc.Function == Fn))
        By =
            "attribute annotate(\"racesift::ignore\") on function '" + Fn + "'";
    if (By.empty() && ((MF.FirstInst && FieldAccesses.count(MF.FirstInst)) ||
                       (MF.SecondInst && FieldAccesses.count(MF.SecondInst))))
      By = "attribute annotate(\"racesift::ignore\") on field '" +
           MF.F.Variable + "'";
    if (!By.empty()) {
      MF.F.Suppressed = true;
      MF.F.SuppressedInSource = true;
      MF.F.SuppressedBy = By;
    }
  }
}

/// The text of a constant C string, or "" if V is none.
static StringRef cString(const Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return "";
  auto *CDA = dyn_cast<ConstantDataArray>(GV->getInitializer());
  return CDA && CDA->isCString() ? CDA->getAsCString() : "";
}

std::vector<Diagnostic> misspeltAnnotations(const Module &M) {
  // Each annotation carries its text, file and line (operands or
  // arguments 1, 2 and 3), wherever clang put it.
  std::vector<std::tuple<const Value *, const Value *, const Value *>> Found;
  if (const GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations"))
    if (auto *Arr = dyn_cast_or_null<ConstantArray>(
            GA->hasInitializer() ? GA->getInitializer() : nullptr))
      for (const Use &U : Arr->operands())
        if (auto *CS = dyn_cast<ConstantStruct>(U.get());
            CS && CS->getNumOperands() >= 4)
          Found.emplace_back(CS->getOperand(1), CS->getOperand(2),
                             CS->getOperand(3));
  for (const Function &F : M)
    if (F.isIntrinsic() && (F.getName().starts_with("llvm.ptr.annotation") ||
                            F.getName().starts_with("llvm.var.annotation")))
      for (const User *U : F.users())
        if (auto *CI = dyn_cast<CallInst>(U); CI && CI->arg_size() >= 4)
          Found.emplace_back(CI->getArgOperand(1), CI->getArgOperand(2),
                             CI->getArgOperand(3));

  std::vector<Diagnostic> Out;
  std::set<std::tuple<std::string, unsigned, std::string>> Seen;
  for (auto [Text, File, Line] : Found) {
    StringRef Name = cString(Text);
    // Other tools' annotations are none of ours; "RaceSift:ignore" and
    // "racesift-ignore" are meant for us.
    if (!Name.starts_with_insensitive("racesift") || Name == IgnoreAnnotation)
      continue;
    SourceLoc L;
    L.File = cString(File).str();
    if (auto *C = dyn_cast<ConstantInt>(Line))
      L.Line = C->getZExtValue();
    if (!Seen.insert({L.File, L.Line, Name.str()}).second)
      continue;
    Out.push_back({Diagnostic::Severity::Warning, L,
                   "racesift: unknown annotation '" + Name.str() +
                       "' (did you mean '" + IgnoreAnnotation.str() +
                       "'?); it suppresses nothing"});
  }
  return Out;
}

} // namespace racesift
