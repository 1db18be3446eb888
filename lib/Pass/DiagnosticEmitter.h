//===- DiagnosticEmitter.h - Findings to the host's diagnostics -*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Sends RaceSift's diagnostics to a route-specific sink (clang's
// DiagnosticsEngine for -fplugin) or to LLVM's diagnostic machinery, which
// opt, clang -fpass-plugin and lld all print like their own.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_PASS_DIAGNOSTICEMITTER_H
#define RACESIFT_LIB_PASS_DIAGNOSTICEMITTER_H

#include "racesift/Pass/RaceSiftPass.h"

#include <map>
#include <tuple>
#include <vector>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace racesift {

class DiagnosticEmitter {
public:
  DiagnosticEmitter(llvm::Module &M, DiagnosticSink Sink)
      : M(M), Sink(std::move(Sink)) {}
  ~DiagnosticEmitter() { flushErrors(); }

  void error(const std::string &Msg);
  void warning(const std::string &Msg);
  void remark(const std::string &Msg);
  /// Emits primaries with their notes; error groups wait for flushErrors()
  /// because an error may end the host process.
  void emit(const std::vector<Diagnostic> &Ds);
  void flushErrors();

private:
  void send(const Diagnostic &D);
  const llvm::Instruction *anchorFor(const SourceLoc &L);

  llvm::Module &M;
  DiagnosticSink Sink;
  std::vector<Diagnostic> PendingErrors;
  bool AnchorsBuilt = false;
  std::map<std::tuple<std::string, unsigned, unsigned>,
           const llvm::Instruction *>
      Anchors;
};

} // namespace racesift

#endif // RACESIFT_LIB_PASS_DIAGNOSTICEMITTER_H
