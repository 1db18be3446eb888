//===- DiagnosticEmitter.cpp - Findings to the host's diagnostics ---------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "DiagnosticEmitter.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace racesift {

namespace {
/// A plugin-kind diagnostic: hosts print its text after their severity
/// prefix, so the text carries the source position itself.
class RaceSiftDiagnosticInfo : public DiagnosticInfo {
  std::string Text;

public:
  RaceSiftDiagnosticInfo(DiagnosticSeverity Sev, std::string Text)
      : DiagnosticInfo(kind(), Sev), Text(std::move(Text)) {}
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }
  void print(DiagnosticPrinter &DP) const override { DP << Text; }
};
} // namespace

static DiagnosticSeverity severityOf(Diagnostic::Severity S) {
  switch (S) {
  case Diagnostic::Severity::Error:
    return DS_Error;
  case Diagnostic::Severity::Warning:
    return DS_Warning;
  case Diagnostic::Severity::Note:
    return DS_Note;
  case Diagnostic::Severity::Remark:
    return DS_Remark;
  }
  return DS_Warning;
}

static std::string positionOf(const SourceLoc &L) {
  if (!L.known())
    return "";
  return L.File + ":" + std::to_string(L.Line) +
         (L.Col ? ":" + std::to_string(L.Col) : "") + ": ";
}

const Instruction *DiagnosticEmitter::anchorFor(const SourceLoc &L) {
  if (!L.known())
    return nullptr;
  if (!AnchorsBuilt) {
    AnchorsBuilt = true;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F))
        if (const DILocation *DL = I.getDebugLoc())
          Anchors.try_emplace(std::make_tuple(DL->getFilename().str(),
                                              DL->getLine(), DL->getColumn()),
                              &I);
  }
  auto It = Anchors.find(std::make_tuple(L.File, L.Line, L.Col));
  return It == Anchors.end() ? nullptr : It->second;
}

void DiagnosticEmitter::send(const Diagnostic &D) {
  const Instruction *Anchor = anchorFor(D.Loc);
  if (Sink && Sink(D, Anchor))
    return;
  // Clang prints this kind, and only this kind of warning, at its source
  // location ("file:line:col: warning: ..."), which IDEs and build-log
  // parsers expect; other hosts print it like any warning.
  if (D.Sev == Diagnostic::Severity::Warning && Anchor &&
      Anchor->getDebugLoc()) {
    M.getContext().diagnose(DiagnosticInfoOptimizationFailure(
        *Anchor->getFunction(), Anchor->getDebugLoc(), D.Message));
    return;
  }
  M.getContext().diagnose(
      RaceSiftDiagnosticInfo(severityOf(D.Sev), positionOf(D.Loc) + D.Message));
}

void DiagnosticEmitter::error(const std::string &Msg) {
  PendingErrors.push_back({Diagnostic::Severity::Error, {}, Msg});
}

void DiagnosticEmitter::warning(const std::string &Msg) {
  send({Diagnostic::Severity::Warning, {}, Msg});
}

void DiagnosticEmitter::remark(const std::string &Msg) {
  send({Diagnostic::Severity::Remark, {}, Msg});
}

void DiagnosticEmitter::emit(const std::vector<Diagnostic> &Ds) {
  bool Deferring = false;
  for (const Diagnostic &D : Ds) {
    if (D.Sev != Diagnostic::Severity::Note)
      Deferring = D.Sev == Diagnostic::Severity::Error;
    if (Deferring)
      PendingErrors.push_back(D);
    else
      send(D);
  }
}

void DiagnosticEmitter::flushErrors() {
  std::vector<Diagnostic> Ds = std::move(PendingErrors);
  PendingErrors.clear();
  for (const Diagnostic &D : Ds)
    send(D);
}

} // namespace racesift
