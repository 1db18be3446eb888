//===- Summary.h - Translation-unit summaries for whole programs -*- C++
//-*-===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A unit's summary is what the whole-program analysis needs from it, taken
// at the start of the unit's pipeline, before optimisation can erase or
// merge a racy access: the unit's IR, as bitcode, with a small versioned
// header (docs/design.md, "Unit summaries"). It travels in the unit's output
// as a global in the `.racesift` section, so it survives ar, ccache and
// distributed compiles; at the link the program is built from the
// summaries instead of the optimised bitcode.
//
//===----------------------------------------------------------------------===//

#ifndef RACESIFT_LIB_PASS_SUMMARY_H
#define RACESIFT_LIB_PASS_SUMMARY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace racesift {

/// The object-file section that holds summaries; several units' summaries
/// concatenate there when objects are linked with -r or archived.
inline constexpr const char *SummarySection = ".racesift";

/// Embeds the summary of M as it stands now, and marks M's functions as
/// summarised so a link can tell them from those of units without one.
void embedSummary(llvm::Module &M);

/// Whether M carries at least one unit summary.
bool hasSummaries(const llvm::Module &M);

/// Whether a full-LTO link's module M has functions that were optimised
/// (not optnone, as -O0 makes them) and that no summary stands for.
bool hasOptimisedCode(const llvm::Module &M);

/// Splits a byte string made of concatenated summaries (a section's
/// contents) into their bitcode payloads; an error names what is wrong.
llvm::Expected<std::vector<llvm::StringRef>>
splitSummaries(llvm::StringRef Bytes);

/// The program as its units were before optimisation.
struct SummarisedProgram {
  /// The linked summaries, in the caller's context; null when the
  /// summaries cannot be used (Problem says why).
  std::unique_ptr<llvm::Module> Program;
  unsigned Units = 0;
  /// Functions of units compiled without a summary, taken as the linked
  /// module has them.
  std::vector<std::string> Unsummarised;
  std::string Problem;
};

/// Builds the program from the summaries embedded in Linked (a full-LTO
/// link's module, or linked bitcode under opt), parsed into Ctx; the
/// functions of units without a summary come from Linked itself.
SummarisedProgram programFromSummaries(const llvm::Module &Linked,
                                       llvm::LLVMContext &Ctx);

} // namespace racesift

#endif // RACESIFT_LIB_PASS_SUMMARY_H
