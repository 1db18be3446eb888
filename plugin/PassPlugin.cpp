//===- PassPlugin.cpp - RaceSift.so: the LLVM pass plugin
//------------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Loaded by opt (-load-pass-plugin), clang (-fpass-plugin) and lld
// (--load-pass-plugin). It references no clang symbols.
//
// Option precedence, lowest first: built-in defaults, RACESIFT_OPTIONS,
// then -racesift-<name> flags. The flags only reach opt: clang and lld parse
// -mllvm before they load a pass plugin, so there the environment is the
// only channel.
//
//===----------------------------------------------------------------------===//

#include "racesift/Lockset/LocksetPrinter.h"
#include "racesift/MHP/MHP.h"
#include "racesift/ModelCheck/ModelCheckPrinter.h"
#include "racesift/Pass/RaceSiftPass.h"
#include "racesift/Pass/ValidatePrinter.h"
#include "racesift/PointsTo/PointsToPrinter.h"
#include "racesift/Support/Debug.h"
#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <memory>

using namespace llvm;
using namespace racesift;

namespace {
/// One -racesift-<name> flag per option of the table that the channel
/// accepts, all parsed by setOption so every channel accepts and rejects the
/// same values.
struct CommandLineOptions {
  std::deque<std::string> Names;
  std::deque<cl::opt<std::string>> Opts;
  std::vector<const OptionInfo *> Infos;

  CommandLineOptions() {
    static cl::OptionCategory Category("RaceSift options");
    for (const OptionInfo &I : optionTable()) {
      if (!(I.Channels & PassFlagChannel))
        continue;
      Names.push_back(std::string("racesift-") + I.Name);
      Opts.emplace_back(StringRef(Names.back()), cl::desc(I.Help),
                        cl::value_desc(I.Value), cl::ValueOptional,
                        cl::cat(Category));
      Infos.push_back(&I);
    }
  }

  Error applyTo(Options &O) const {
    for (size_t K = 0; K < Opts.size(); ++K) {
      if (!Opts[K].getNumOccurrences())
        continue;
      if (Error E = setOption(O, Infos[K]->Name, Opts[K].getValue(),
                              "-" + Names[K], PassFlagChannel))
        return E;
    }
    return Error::success();
  }
};
} // namespace

static CommandLineOptions &commandLine() {
  static CommandLineOptions CL;
  return CL;
}
// Register the flags when the plugin is loaded, before opt parses them.
static const CommandLineOptions &Registered = commandLine();

static Expected<Options> resolveOptions() {
  Expected<Options> O = optionsFromEnvironment();
  if (!O)
    return O.takeError();
  if (Error E = Registered.applyTo(*O))
    return std::move(E);
  setDebugOnly(O->DebugOnly); // Checked when parsed.
  return O;
}

static void registerCallbacks(PassBuilder &PB) {
  auto Config = std::make_shared<PassConfig>();
  Config->GetOptions = resolveOptions;
  auto CompileTime = std::make_shared<PassConfig>(*Config);
  CompileTime->When = Phase::CompileTime;
  auto LinkTime = std::make_shared<PassConfig>(*Config);
  LinkTime->When = Phase::LinkTime;
  registerRaceSiftPipeline(PB, CompileTime, LinkTime);

  PB.registerPipelineParsingCallback(
      [Config](StringRef Name, ModulePassManager &MPM,
               ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "racesift") {
          MPM.addPass(RaceSiftPass(Config));
          return true;
        }
        if (!Name.starts_with("print<racesift-"))
          return false;
        // Every printer traces (debug-only); a bad option is an error for
        // the printers whose output options change.
        Expected<Options> O = resolveOptions();
        bool ReadsOptions = Name == "print<racesift-pta>" ||
                            Name == "print<racesift-mc>" ||
                            Name == "print<racesift-validate>";
        if (!O) {
          if (!ReadsOptions) {
            consumeError(O.takeError());
            O = Options();
          } else {
            errs() << toString(O.takeError()) << "\n";
            return false;
          }
        }
        if (Name == "print<racesift-pta>") {
          std::optional<uint64_t> Steps;
          if (O->PointsToStepsGiven && O->PointsToSteps)
            Steps = O->PointsToSteps;
          MPM.addPass(
              PointsToPrinterPass(errs(), O->MaxPointsTo, Steps, O->PtaTrace));
          return true;
        }
        if (Name == "print<racesift-threads>") {
          MPM.addPass(ThreadModelPrinterPass(errs()));
          return true;
        }
        if (Name == "print<racesift-mhp>") {
          MPM.addPass(OrderFactsPrinterPass(errs()));
          return true;
        }
        if (Name == "print<racesift-lockset>") {
          MPM.addPass(LocksetPrinterPass(errs()));
          return true;
        }
        if (Name == "print<racesift-mc>") {
          MPM.addPass(
              ModelCheckPrinterPass(errs(), modelCheckOptions(*O, O->Timeout)));
          return true;
        }
        if (Name == "print<racesift-validate>") {
          MPM.addPass(ValidatePrinterPass(errs(), std::move(*O)));
          return true;
        }
        return false;
      });
}

extern "C" __attribute__((visibility("default")))
LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "RaceSift", RACESIFT_VERSION,
          registerCallbacks};
}
