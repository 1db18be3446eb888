//===- Interleaving.cpp - Folding loops in an interleaving ----------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A witness that runs a loop a thousand times before the race repeats the
// same few steps a thousand times: a 4,800-line program gave a 359 MB SARIF
// log (issue 21). The repetitions say nothing new; the first and the last
// show how the loop starts and ends.
//
//===----------------------------------------------------------------------===//

#include "racesift/Report/Finding.h"

#include <string>

namespace racesift {

static bool sameStep(const FlowStep &A, const FlowStep &B) {
  return A.Thread == B.Thread && A.Kind == B.Kind && A.Action == B.Action &&
         A.Loc == B.Loc;
}

/// How often the K steps at I repeat back to back, up to Limit (the steps
/// from Limit on are not folded).
static size_t repetitions(const std::vector<FlowStep> &S, size_t I, size_t K,
                          size_t Limit) {
  size_t R = 1;
  while (I + (R + 1) * K <= Limit) {
    for (size_t J = 0; J < K; ++J)
      if (!sameStep(S[I + J], S[I + R * K + J]))
        return R;
    ++R;
  }
  return R;
}

std::vector<FlowStep> foldRepeatedSteps(const std::vector<FlowStep> &Steps) {
  constexpr size_t MaxPeriod = 16, MinRepetitions = 3;
  // The two racing accesses end the interleaving: never folded.
  size_t Limit = Steps.size() >= 2 ? Steps.size() - 2 : 0;
  std::vector<FlowStep> Out;
  size_t I = 0;
  while (I < Limit) {
    size_t BestK = 0, BestR = 0, BestSaved = 0;
    for (size_t K = 1; K <= MaxPeriod && I + K * MinRepetitions <= Limit; ++K) {
      size_t R = repetitions(Steps, I, K, Limit);
      // The fold that leaves out the most steps.
      if (R >= MinRepetitions && (R - 2) * K > BestSaved)
        BestK = K, BestR = R, BestSaved = (R - 2) * K;
    }
    if (!BestK) {
      Out.push_back(Steps[I++]);
      continue;
    }
    Out.insert(Out.end(), Steps.begin() + I, Steps.begin() + I + BestK);
    FlowStep Fold = Steps[I];
    Fold.Action = "(" + std::to_string(BestR - 2) + " more times the " +
                  std::to_string(BestK) + " step(s) above)";
    for (size_t J = 0; J < BestK; ++J)
      if (Steps[I + J].Kind != FlowStepKind::Data)
        Fold.Kind = FlowStepKind::Other;
    Out.push_back(Fold);
    size_t Last = I + (BestR - 1) * BestK;
    Out.insert(Out.end(), Steps.begin() + Last, Steps.begin() + Last + BestK);
    I += BestR * BestK;
  }
  Out.insert(Out.end(), Steps.begin() + I, Steps.end());
  return Out;
}

} // namespace racesift
