//===- ClangPlugin.cpp - RaceSiftClang.so: the clang -fplugin entry
//--------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A frontend plugin that runs before code generation to hand the racesift
// passes to clang through CodeGenOptions::PassBuilderCallbacks, to report
// their findings through clang's own DiagnosticsEngine, with real source
// locations, and to give the pass the bodies clang does not emit at -O0
// (UnemittedBodies below).
//
// Option precedence, lowest first: built-in defaults, RACESIFT_OPTIONS,
// then -fplugin-arg-racesift-<name>=<value>.
//
//===----------------------------------------------------------------------===//

#include "racesift/Pass/RaceSiftPass.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/SourceManager.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

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
    // A custom diagnostic ID belongs to no warning group, so -Werror, -w,
    // -W(no-)<group> and pragmas would pass it by, and clang 19 lets a
    // plugin register no group of its own (an unknown -W name draws
    // -Wunknown-warning-option, an error under -Werror). Warnings therefore
    // go out as clang's "warning from a backend plugin", whose group
    // -Wbackend-plugin clang maps from the command line and from the
    // pragmas in force at Loc. Notes after an ignored warning are dropped
    // by clang itself.
    unsigned ID = Lvl == DiagnosticsEngine::Warning
                      ? diag::warn_fe_backend_plugin
                      : Diags.getCustomDiagID(Lvl, "%0");
    Diags.Report(Loc, ID) << Text;
    return true;
  }
};

/// Code clang does not emit: at -O0 clang emits no body for an
/// available_externally function (a C99 `inline` definition without
/// `extern`, a gnu_inline `extern inline` one), so a thread that calls it
/// would call an unknown function. After code generation, when the pass
/// asks, a second code generator emits those bodies from the same AST into
/// a module of their own, and the pass analyses a copy of the user's module
/// with them linked in. The user's module is never touched, so the object
/// file is the same as without the plugin.
class UnemittedBodies {
  CompilerInstance &CI;
  /// Inline function definitions seen at top level. Whether one is
  /// available_externally is decided at the end: a later `extern`
  /// declaration makes a C99 inline definition an external one.
  std::vector<const FunctionDecl *> Inline;
  /// The AST outlives code generation, so the pass may generate from it.
  bool ASTKept = false;

  /// Whether the translation unit may start a thread: C names a creation
  /// function; C++ starts std::thread through library templates.
  static bool mayCreateThreads(ASTContext &Ctx) {
    if (Ctx.getLangOpts().CPlusPlus)
      return true;
    for (llvm::StringRef Name : {"pthread_create", "thrd_create"})
      for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(
               DeclarationName(&Ctx.Idents.get(Name))))
        if (D->isReferenced())
          return true;
    return false;
  }

  void collect(const Decl *D) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->isInlined() && FD->doesThisDeclarationHaveABody() &&
          !FD->isDependentContext())
        Inline.push_back(FD);
    } else if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      for (const Decl *Inner : cast<DeclContext>(D)->decls())
        collect(Inner);
    }
  }

public:
  explicit UnemittedBodies(CompilerInstance &CI) : CI(CI) {}

  void topLevel(DeclGroupRef G) {
    for (const Decl *D : G)
      collect(D);
  }

  /// Before code generation ends: clang frees the AST before the backend
  /// (-clear-ast-before-backend, a memory saving the driver asks for)
  /// unless told otherwise. Only a -O0 unit that may create threads and
  /// has bodies clang will not emit keeps it.
  void endOfTranslationUnit(ASTContext &Ctx) {
    const CodeGenOptions &CGO = CI.getCodeGenOpts();
    // A full-LTO compile is analysed at the link, from what it emits.
    if (CGO.OptimizationLevel == 0 &&
        !(CGO.PrepareForLTO && !CGO.PrepareForThinLTO))
      llvm::erase_if(Inline, [&](const FunctionDecl *FD) {
        return Ctx.GetGVALinkageForFunction(FD) != GVA_AvailableExternally;
      });
    else
      Inline.clear();
    if (Inline.empty() || !mayCreateThreads(Ctx))
      return;
    CI.getCodeGenOpts().ClearASTBeforeBackend = false;
    ASTKept = true;
  }

  std::unique_ptr<llvm::Module> operator()(const llvm::Module &M);
};

/// Swallows what the LLVM context reports while the bodies are linked: a
/// module flag mismatch is not the user's business.
struct QuietDiagnosticHandler : llvm::DiagnosticHandler {
  bool handleDiagnostics(const llvm::DiagnosticInfo &) override { return true; }
};

/// The symbols a function declaration stands for: a constructor or
/// destructor is several (complete object, base object, deleting), each
/// named on its own, and GlobalDecl(FD) is none of them (clang asserts).
static std::vector<GlobalDecl> variantsOf(const FunctionDecl *FD) {
  if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD))
    return {GlobalDecl(CD, Ctor_Complete), GlobalDecl(CD, Ctor_Base)};
  if (const auto *DD = dyn_cast<CXXDestructorDecl>(FD))
    return {GlobalDecl(DD, Dtor_Complete), GlobalDecl(DD, Dtor_Base),
            GlobalDecl(DD, Dtor_Deleting)};
  return {GlobalDecl(FD)};
}

std::unique_ptr<llvm::Module>
UnemittedBodies::operator()(const llvm::Module &M) {
  if (!ASTKept || !CI.hasASTContext() || !CI.hasSourceManager())
    return nullptr;
  ASTContext &Ctx = CI.getASTContext();
  // Its own diagnostics: the user saw this code's diagnostics once already,
  // and an error here only means the bodies are not analysed.
  IgnoringDiagConsumer Ignore;
  DiagnosticsEngine Diags(new DiagnosticIDs, new DiagnosticOptions, &Ignore,
                          /*ShouldOwnClient=*/false);
  Diags.setSourceManager(&CI.getSourceManager());
  // Above -O0 clang emits available_externally bodies; nothing else of the
  // options that changes the bodies matters to the analysis. Coverage and
  // profiles are per build and need state this generator has not.
  CodeGenOptions CGO = CI.getCodeGenOpts();
  CGO.OptimizationLevel = 1;
  CGO.CoverageMapping = false;
  CGO.setProfileInstr(CodeGenOptions::ProfileNone);
  CGO.setProfileUse(CodeGenOptions::ProfileNone);
  CGO.ProfileInstrumentUsePath.clear();
  CGO.PassBuilderCallbacks.clear();
  llvm::LLVMContext &LLVMCtx = M.getContext();
  std::unique_ptr<CodeGenerator> Gen(CreateLLVMCodeGen(
      Diags, "racesift-bodies", &CI.getVirtualFileSystem(),
      CI.getHeaderSearchOpts(), CI.getPreprocessorOpts(), CGO, LLVMCtx));
  Gen->Initialize(Ctx);
  std::vector<GlobalDecl> Wanted;
  for (const FunctionDecl *FD : Inline) {
    // Every one is offered, for the bodies that call each other.
    Gen->HandleTopLevelDecl(DeclGroupRef(const_cast<FunctionDecl *>(FD)));
    for (GlobalDecl GD : variantsOf(FD)) {
      const llvm::Function *Decl = M.getFunction(Gen->GetMangledName(GD));
      if (Decl && Decl->isDeclaration())
        Wanted.push_back(GD);
    }
  }
  if (Wanted.empty())
    return nullptr;
  // A use makes clang emit a deferred definition.
  for (GlobalDecl GD : Wanted)
    Gen->GetAddrOfGlobal(GD, /*isForDefinition=*/false);
  Gen->HandleTranslationUnit(Ctx);
  std::unique_ptr<llvm::Module> Bodies(Gen->ReleaseModule());
  if (!Bodies || Diags.hasErrorOccurred())
    return nullptr;
  // The copy keeps the user's module flags and identification.
  for (llvm::StringRef Name : {"llvm.module.flags", "llvm.ident"})
    if (llvm::NamedMDNode *N = Bodies->getNamedMetadata(Name))
      Bodies->eraseNamedMetadata(N);
  Bodies->setDataLayout(M.getDataLayout());
  Bodies->setTargetTriple(M.getTargetTriple());
  std::unique_ptr<llvm::Module> Copy = llvm::CloneModule(M);
  std::unique_ptr<llvm::DiagnosticHandler> UserHandler =
      LLVMCtx.getDiagnosticHandler();
  LLVMCtx.setDiagnosticHandler(std::make_unique<QuietDiagnosticHandler>());
  bool Failed = llvm::Linker::linkModules(*Copy, std::move(Bodies),
                                          llvm::Linker::LinkOnlyNeeded);
  LLVMCtx.setDiagnosticHandler(std::move(UserHandler));
  if (Failed)
    return nullptr;
  return Copy;
}

/// Records the inline definitions for UnemittedBodies; no other effect.
class InlineCollector : public ASTConsumer {
  std::shared_ptr<UnemittedBodies> Bodies;

public:
  explicit InlineCollector(std::shared_ptr<UnemittedBodies> Bodies)
      : Bodies(std::move(Bodies)) {}
  bool HandleTopLevelDecl(DeclGroupRef G) override {
    Bodies->topLevel(G);
    return true;
  }
  // Runs before clang's own code generator finishes the unit.
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Bodies->endOfTranslationUnit(Ctx);
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
              setOption(*O, Name, Value, "-fplugin-arg-racesift-" + Name.str(),
                        PluginArgChannel))
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
    // The pass runs after code generation, with the AST still alive.
    auto Bodies = std::make_shared<UnemittedBodies>(CI);
    Config->AnalysisModule = [Bodies](const llvm::Module &M) {
      return (*Bodies)(M);
    };
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [Config, LinkTime](llvm::PassBuilder &PB) {
          registerRaceSiftPipeline(PB, Config, LinkTime);
        });
    return std::make_unique<InlineCollector>(Bodies);
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
