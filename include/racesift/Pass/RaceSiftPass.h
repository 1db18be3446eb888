//===- RaceSiftPass.h - The module pass every entry point runs --*- C++ -*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `racesift` module pass: thread model, lockset layer, model-checking
// layer, findings, diagnostics and SARIF, in that order. The four entry
// points differ only in where their options come from and where their
// diagnostics go, so both are parameters here.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_PASS_RACESIFTPASS_H
#define RACESIFT_PASS_RACESIFTPASS_H

#include "racesift/ModelCheck/ModelCheck.h"
#include "racesift/Report/Report.h"
#include "racesift/Support/Options.h"

#include "llvm/IR/PassManager.h"

#include <functional>
#include <memory>

namespace llvm {
class Instruction;
class Module;
class PassBuilder;
} // namespace llvm

namespace racesift {

/// Where the pass runs. A full-LTO pre-link compile is skipped at
/// CompileTime because the same code is analysed whole at LinkTime.
enum class Phase : uint8_t { Explicit, CompileTime, LinkTime };

/// Receives the diagnostics of one module. Anchor is an instruction at the
/// diagnostic's location, or nullptr. Returns false to fall back to LLVM's
/// diagnostic machinery.
using DiagnosticSink =
    std::function<bool(const Diagnostic &, const llvm::Instruction *Anchor)>;

/// Produces the options of one run, or the error that names a bad option.
using OptionsProvider = std::function<llvm::Expected<Options>()>;

/// Returns a copy of M to analyse in its place, or nullptr to analyse M
/// itself. The clang plugin adds the bodies of functions the translation
/// unit defines but clang did not emit (C99 inline functions at -O0); M,
/// which becomes the user's object file, is never changed.
using AnalysisModuleProvider =
    std::function<std::unique_ptr<llvm::Module>(const llvm::Module &M)>;

struct PassConfig {
  Phase When = Phase::Explicit;
  OptionsProvider GetOptions;
  DiagnosticSink Sink;                   ///< Empty: LLVM DiagnosticInfo.
  AnalysisModuleProvider AnalysisModule; ///< Empty: analyse M.
};

class RaceSiftPass : public llvm::PassInfoMixin<RaceSiftPass> {
  std::shared_ptr<const PassConfig> Config;

public:
  explicit RaceSiftPass(std::shared_ptr<const PassConfig> Config)
      : Config(std::move(Config)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// The model checker's share of the options, with SecondsLeft of the
/// module's time budget.
ModelCheckOptions modelCheckOptions(const Options &O, double SecondsLeft);

/// Options from RACESIFT_OPTIONS on top of the defaults.
llvm::Expected<Options> optionsFromEnvironment();

/// Registers the `racesift` pass at the start of every default pipeline
/// (per translation unit, also at -O0) and at the start of the full-LTO
/// link-time pipeline, plus the analyses the printers need.
void registerRaceSiftPipeline(llvm::PassBuilder &PB,
                              std::shared_ptr<const PassConfig> CompileTime,
                              std::shared_ptr<const PassConfig> LinkTime);

} // namespace racesift

#endif // RACESIFT_PASS_RACESIFTPASS_H
