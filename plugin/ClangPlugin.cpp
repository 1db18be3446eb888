//===- ClangPlugin.cpp - RaceSiftClang.so: the clang -fplugin entry
//--------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A frontend plugin that runs before code generation only to hand the
// racesift passes to clang through CodeGenOptions::PassBuilderCallbacks, and
// to report their findings through clang's own DiagnosticsEngine, with real
// source locations.
//
// Option precedence, lowest first: built-in defaults, RACESIFT_OPTIONS,
// then -fplugin-arg-racesift-<name>=<value>.
//
//===----------------------------------------------------------------------===//

#include "racesift/Pass/RaceSiftPass.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace racesift;

namespace {

/// Reports RaceSift diagnostics as clang diagnostics.
class ClangDiagnosticSink {
  CompilerInstance &CI;

  SourceLocation locationOf(const racesift::SourceLoc &L) const {
    if (!L.known() || !CI.hasSourceManager())
      return {};
    SourceManager &SM = CI.getSourceManager();
    FileManager &FM = SM.getFileManager();
    auto File = FM.getOptionalFileRef(L.File);
    if (!File && !L.Dir.empty() && !llvm::sys::path::is_absolute(L.File)) {
      llvm::SmallString<256> Full(L.Dir);
      llvm::sys::path::append(Full, L.File);
      File = FM.getOptionalFileRef(Full);
    }
    if (!File)
      return {};
    return SM.translateFileLineCol(*File, L.Line, L.Col ? L.Col : 1);
  }

public:
  explicit ClangDiagnosticSink(CompilerInstance &CI) : CI(CI) {}

  bool operator()(const racesift::Diagnostic &D,
                  const llvm::Instruction *) const {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    DiagnosticsEngine::Level Lvl = DiagnosticsEngine::Warning;
    switch (D.Sev) {
    case racesift::Diagnostic::Severity::Error:
      Lvl = DiagnosticsEngine::Error;
      break;
    case racesift::Diagnostic::Severity::Warning:
      Lvl = DiagnosticsEngine::Warning;
      break;
    case racesift::Diagnostic::Severity::Note:
      Lvl = DiagnosticsEngine::Note;
      break;
    case racesift::Diagnostic::Severity::Remark:
      Lvl = DiagnosticsEngine::Remark;
      break;
    }
    SourceLocation Loc = locationOf(D.Loc);
    std::string Text = D.Message;
    if (Loc.isInvalid() && D.Loc.known())
      Text = D.Loc.File + ":" + std::to_string(D.Loc.Line) + ": " + Text;
    Diags.Report(Loc, Diags.getCustomDiagID(Lvl, "%0")) << Text;
    return true;
  }
};

class RaceSiftAction : public PluginASTAction {
  std::vector<std::string> Args;

  void reportError(CompilerInstance &CI, const std::string &Msg) {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg;
  }

  llvm::Expected<Options> resolve() const {
    llvm::Expected<Options> O = optionsFromEnvironment();
    if (!O)
      return O.takeError();
    for (const std::string &Arg : Args) {
      auto [Name, Value] = llvm::StringRef(Arg).split('=');
      if (llvm::Error E =
              setOption(*O, Name, Value, "-fplugin-arg-racesift-" + Name.str()))
        return std::move(E);
    }
    return O;
  }

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // Check the options now, so a typo fails fast even in a file that is
    // never analysed.
    llvm::Expected<Options> O = resolve();
    if (!O) {
      reportError(CI, llvm::toString(O.takeError()));
      return std::make_unique<ASTConsumer>();
    }
    Options Resolved = *O;
    auto Config = std::make_shared<PassConfig>();
    Config->When = Phase::CompileTime;
    Config->GetOptions = [Resolved]() -> llvm::Expected<Options> {
      return Resolved;
    };
    Config->Sink = ClangDiagnosticSink(CI);
    auto LinkTime = std::make_shared<PassConfig>(*Config);
    LinkTime->When = Phase::LinkTime;
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [Config, LinkTime](llvm::PassBuilder &PB) {
          registerRaceSiftPipeline(PB, Config, LinkTime);
        });
    return std::make_unique<ASTConsumer>();
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &A) override {
    Args = A;
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<RaceSiftAction>
    X("racesift", "static data-race detection for pthreads programs");
