//===- Summary.cpp - Translation-unit summaries for whole programs --------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Encoding (version 1), little-endian:
//   0  "RSIFTSUM"  magic
//   8  u32         format version
//   12 u32         flags (0)
//   16 u64         payload size
//   24 payload     the unit's bitcode, as the pipeline start saw it
// Summaries concatenate without padding, so a section holding several is
// read by walking the headers.
//
//===----------------------------------------------------------------------===//

#include "Summary.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace racesift {

static constexpr StringLiteral Magic = "RSIFTSUM";
static constexpr uint32_t FormatVersion = 1;
static constexpr size_t HeaderSize = 24;
/// On each function a summarised unit defines: a link tells them from the
/// functions of units compiled without the plugin.
static constexpr StringLiteral SummarisedKind = "racesift.summarised";

void embedSummary(Module &M) {
  // Marked first, so the code a summary carries says it is as written
  // wherever it ends up (a link, a section extracted by a script).
  LLVMContext &Ctx = M.getContext();
  MDNode *Mark = MDNode::get(Ctx, {});
  for (Function &F : M)
    if (!F.isDeclaration())
      F.setMetadata(SummarisedKind, Mark);
  SmallVector<char, 0> Bytes;
  raw_svector_ostream OS(Bytes);
  OS << Magic;
  support::endian::write<uint32_t>(OS, FormatVersion, endianness::little);
  support::endian::write<uint32_t>(OS, 0, endianness::little);
  support::endian::write<uint64_t>(OS, 0, endianness::little);
  WriteBitcodeToFile(M, OS);
  support::endian::write64le(Bytes.data() + 16, Bytes.size() - HeaderSize);

  Constant *Init = ConstantDataArray::get(
      Ctx, ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Bytes.data()),
                             Bytes.size()));
  auto *GV =
      new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                         GlobalValue::PrivateLinkage, Init, "racesift.summary");
  GV->setSection(SummarySection);
  GV->setAlignment(Align(1));
  // SHF_EXCLUDE: kept in objects and archives, dropped from executables.
  GV->setMetadata(LLVMContext::MD_exclude, MDNode::get(Ctx, {}));
  appendToCompilerUsed(M, {GV});
}

static bool isSummary(const GlobalVariable &G) {
  return G.getSection() == SummarySection && G.hasInitializer() &&
         isa<ConstantDataSequential>(G.getInitializer());
}

bool hasSummaries(const Module &M) { return any_of(M.globals(), isSummary); }

bool hasOptimisedCode(const Module &M) {
  // -O0 marks every function optnone but those that must be inlined.
  return any_of(M, [](const Function &F) {
    return !F.isDeclaration() && !F.hasOptNone() &&
           !F.hasFnAttribute(Attribute::AlwaysInline) &&
           !F.hasMetadata(SummarisedKind);
  });
}

Expected<std::vector<StringRef>> splitSummaries(StringRef Bytes) {
  std::vector<StringRef> Out;
  while (!Bytes.empty()) {
    if (Bytes.size() < HeaderSize || !Bytes.starts_with(Magic))
      return createStringError(inconvertibleErrorCode(),
                               "not a RaceSift unit summary");
    uint32_t Version = support::endian::read32le(Bytes.data() + 8);
    if (Version != FormatVersion)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("a unit summary of format {0}; this RaceSift reads format "
                  "{1} (rebuild the units with this plugin)",
                  Version, FormatVersion)
              .str());
    uint64_t Size = support::endian::read64le(Bytes.data() + 16);
    if (Size > Bytes.size() - HeaderSize)
      return createStringError(inconvertibleErrorCode(),
                               "a truncated unit summary");
    Out.push_back(Bytes.substr(HeaderSize, Size));
    Bytes = Bytes.drop_front(HeaderSize + Size);
  }
  return Out;
}

namespace {
/// Keeps the first error the context reports: the parse and link run in
/// RaceSift's own context, whose problems are RaceSift's note, not the
/// user's link error.
struct FirstError : DiagnosticHandler {
  std::shared_ptr<std::string> Out;
  explicit FirstError(std::shared_ptr<std::string> Out) : Out(std::move(Out)) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error && Out->empty()) {
      raw_string_ostream OS(*Out);
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    return true;
  }
};
} // namespace

static bool defines(const Module &M, StringRef Name) {
  const GlobalValue *GV = M.getNamedValue(Name);
  return GV && !GV->isDeclaration();
}

/// The part of Linked that no summary covers, with what it references and
/// nothing else; null if there is none.
static std::unique_ptr<Module>
unsummarisedPart(const Module &Linked, const Module &Program,
                 std::vector<std::string> &Names) {
  auto Uncovered = [&](const GlobalValue *GV) {
    if (GV->isDeclaration() || defines(Program, GV->getName()))
      return false;
    if (const auto *F = dyn_cast<Function>(GV))
      return !F->hasMetadata(SummarisedKind) && !F->isIntrinsic();
    if (const auto *G = dyn_cast<GlobalVariable>(GV))
      return !isSummary(*G);
    return true;
  };
  for (const Function &F : Linked)
    if (Uncovered(&F))
      Names.push_back(F.getName().str());
  if (Names.empty())
    return nullptr;

  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Part = CloneModule(Linked, VMap, Uncovered);
  // The link's special arrays list the summarised units' objects too.
  for (StringRef Special : {"llvm.used", "llvm.compiler.used",
                            "llvm.global_ctors", "llvm.global_dtors"})
    if (GlobalVariable *G = Part->getGlobalVariable(Special))
      G->eraseFromParent();
  // The link may have internalised what the summarised units call.
  for (GlobalValue &GV : Part->global_values())
    if (!GV.isDeclaration() && GV.hasLocalLinkage() &&
        Program.getNamedValue(GV.getName()))
      GV.setLinkage(GlobalValue::ExternalLinkage);
  // Drop what nothing uses any more, to a fixpoint.
  std::vector<GlobalValue *> Dead;
  do {
    Dead.clear();
    for (GlobalValue &GV : Part->global_values()) {
      GV.removeDeadConstantUsers();
      if (GV.use_empty() && (GV.isDeclaration() || GV.hasLocalLinkage()))
        Dead.push_back(&GV);
    }
    for (GlobalValue *GV : Dead)
      GV->eraseFromParent();
  } while (!Dead.empty());
  return Part;
}

SummarisedProgram programFromSummaries(const Module &Linked, LLVMContext &Ctx) {
  SummarisedProgram Out;
  auto Reported = std::make_shared<std::string>();
  Ctx.setDiagnosticHandler(std::make_unique<FirstError>(Reported));
  auto Program = std::make_unique<Module>("racesift-program", Ctx);
  Program->setSourceFileName(Linked.getSourceFileName());
  Linker L(*Program);
  auto Link = [&](std::unique_ptr<Module> Part) {
    if (!L.linkInModule(std::move(Part)))
      return true;
    Out.Problem = "the unit summaries do not link" +
                  (Reported->empty() ? "" : ": " + *Reported);
    return false;
  };
  for (const GlobalVariable &G : Linked.globals()) {
    if (!isSummary(G))
      continue;
    auto Payloads = splitSummaries(
        cast<ConstantDataSequential>(G.getInitializer())->getRawDataValues());
    if (!Payloads) {
      Out.Problem = toString(Payloads.takeError());
      return Out;
    }
    for (StringRef P : *Payloads) {
      Expected<std::unique_ptr<Module>> Unit =
          parseBitcodeFile(MemoryBufferRef(P, "racesift-summary"), Ctx);
      if (!Unit) {
        Out.Problem =
            "a unit summary does not read: " + toString(Unit.takeError());
        return Out;
      }
      if (!Link(std::move(*Unit)))
        return Out;
      ++Out.Units;
    }
  }

  if (std::unique_ptr<Module> Rest =
          unsummarisedPart(Linked, *Program, Out.Unsummarised)) {
    // Into this context through bitcode: a module cannot move between
    // contexts, and the link's context stays free of RaceSift's copies.
    SmallVector<char, 0> Bytes;
    raw_svector_ostream OS(Bytes);
    WriteBitcodeToFile(*Rest, OS);
    Rest.reset();
    Expected<std::unique_ptr<Module>> Part = parseBitcodeFile(
        MemoryBufferRef(StringRef(Bytes.data(), Bytes.size()), "unsummarised"),
        Ctx);
    if (!Part) {
      Out.Problem = toString(Part.takeError());
      return Out;
    }
    if (!Link(std::move(*Part)))
      return Out;
  }
  Out.Program = std::move(Program);
  return Out;
}

} // namespace racesift
