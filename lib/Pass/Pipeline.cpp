//===- Pipeline.cpp - Where the racesift pass runs in a pipeline
//-----------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// At the start of every default pipeline, before any optimisation could
// erase or merge a racy access, at -O0 as at -O2; and at the start of the
// full-LTO link-time pipeline, where the module is the whole program.
//
//===----------------------------------------------------------------------===//

#include "racesift/Pass/RaceSiftPass.h"

#include "racesift/ThreadModel/ThreadModelAnalysis.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace racesift {

void registerRaceSiftPipeline(PassBuilder &PB,
                              std::shared_ptr<const PassConfig> CompileTime,
                              std::shared_ptr<const PassConfig> LinkTime) {
  PB.registerAnalysisRegistrationCallback(
      [LinkTime](ModuleAnalysisManager &MAM) {
        // The printers' model takes the user's points-to budget; a bad option
        // is reported by the passes that read it.
        unsigned MaxPointsTo = DefaultMaxPointsTo;
        if (Expected<Options> O = LinkTime->GetOptions())
          MaxPointsTo = O->MaxPointsTo;
        else
          consumeError(O.takeError());
        MAM.registerPass(
            [MaxPointsTo] { return ThreadModelAnalysis(MaxPointsTo); });
      });
  PB.registerPipelineStartEPCallback(
      [CompileTime](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(RaceSiftPass(CompileTime));
      });
  PB.registerFullLinkTimeOptimizationEarlyEPCallback(
      [LinkTime](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(RaceSiftPass(LinkTime));
      });
}

} // namespace racesift
