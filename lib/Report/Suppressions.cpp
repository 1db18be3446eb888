//===- Suppressions.cpp - Sanitizer-style suppressions file ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SourceLines.h"

#include "racesift/Report/Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace racesift {

Expected<Suppressions> Suppressions::load(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(),
                             "cannot read suppressions file '%s': %s",
                             Path.c_str(), Buf.getError().message().c_str());
  return parse((*Buf)->getBuffer(), Path);
}

/// The types RaceSift matches, then ThreadSanitizer's others, which it
/// skips: a file written for ThreadSanitizer serves both.
static constexpr StringLiteral OwnKinds[] = {"race", "race_top", "var", "fun",
                                             "src"};
static constexpr StringLiteral TsanOnlyKinds[] = {"called_from_lib", "deadlock",
                                                  "mutex", "signal", "thread"};

/// The known type closest to a misspelt one, or "" if none is close.
static StringRef closestKind(StringRef Kind) {
  StringRef Best;
  unsigned BestDist = 0;
  for (ArrayRef<StringLiteral> Kinds :
       {ArrayRef(OwnKinds), ArrayRef(TsanOnlyKinds)})
    for (StringRef K : Kinds) {
      unsigned D = Kind.edit_distance(K, /*AllowReplacements=*/true);
      if (Best.empty() || D < BestDist) {
        Best = K;
        BestDist = D;
      }
    }
  // Past half the name a guess misleads more than it helps ("rcae" is two
  // edits from "race").
  return BestDist <= (Best.size() + 1) / 2 ? Best : "";
}

Suppressions Suppressions::parse(StringRef Text, StringRef Name) {
  Suppressions S;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    ++LineNo;
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    std::string Where = (Name + ":" + Twine(LineNo)).str();
    // A wrong line is skipped with a warning rather than failing the
    // build: what it meant to suppress is reported, so nothing is hidden.
    auto Skip = [&](const Twine &Why) {
      S.Problems.push_back(
          (Where + ": " + Why + ": '" + Line + "'; the line is ignored").str());
    };
    auto [Kind, Glob] = Line.split(':');
    Kind = Kind.trim();
    Glob = Glob.trim();
    if (Kind.size() == Line.size()) {
      Skip("expected '<type>:<pattern>'");
      continue;
    }
    if (is_contained(TsanOnlyKinds, Kind))
      continue;
    if (!is_contained(OwnKinds, Kind)) {
      std::string Lower = Kind.lower();
      StringRef Near = closestKind(Lower);
      std::string Hint = Near.empty()
                             ? " (expected race, race_top, var, fun or src)"
                             : " (did you mean '" + Near.str() + "'?)";
      Skip("unknown suppression type '" + Kind + "'" + Hint);
      continue;
    }
    if (Glob.empty()) {
      Skip("empty pattern");
      continue;
    }
    // ThreadSanitizer's templates have no syntax to get wrong; globs are
    // checked here so a bad one is reported with its line, not ignored.
    if (!Kind.starts_with("race"))
      if (Expected<GlobPattern> P = GlobPattern::create(Glob, /*Max=*/1024);
          !P) {
        Skip("invalid pattern (" + toString(P.takeError()) + ")");
        continue;
      }
    S.Rules.push_back({Kind.str(), Glob.str(), Where});
  }
  return S;
}

std::vector<std::string> Suppressions::unmatched() const {
  std::vector<std::string> Out;
  for (const Rule &R : Rules)
    if (!R.Used)
      Out.push_back(R.Where + ": '" + R.Kind + ":" + R.Glob +
                    "' matched no finding");
  return Out;
}

/// ThreadSanitizer's match of a suppression template (sanitizer_common's
/// TemplateMatch): Templ matches anywhere in Str unless anchored by a
/// leading '^' or a '$', and '*' matches any characters.
static bool tsanMatch(StringRef Templ, StringRef Str) {
  if (Str.empty())
    return false;
  bool Start = Templ.consume_front("^");
  bool Asterisk = false;
  while (!Templ.empty()) {
    if (Templ.front() == '*') {
      Templ = Templ.drop_front();
      Start = false;
      Asterisk = true;
      continue;
    }
    if (Templ.front() == '$')
      return Str.empty() || Asterisk;
    if (Str.empty())
      return false;
    StringRef Part =
        Templ.take_until([](char C) { return C == '*' || C == '$'; });
    size_t Pos = Str.find(Part);
    if (Pos == StringRef::npos || (Start && Pos != 0))
      return false;
    Str = Str.drop_front(Pos + Part.size());
    Templ = Templ.drop_front(Part.size());
    Start = Asterisk = false;
  }
  return true;
}

static std::string sourcePath(const SourceLoc &L) {
  return report::sourcePath(L.File, L.Dir);
}

static bool matchesFile(const GlobPattern &P, StringRef Glob,
                        const SourceLoc &L) {
  if (L.File.empty())
    return false;
  if (P.match(L.File) || P.match(sourcePath(L)))
    return true;
  // "src:util.h" reads as the file, wherever it is.
  return !Glob.contains('/') && P.match(sys::path::filename(L.File));
}

static bool matchesFunction(const GlobPattern &P, const Finding &F) {
  return (!F.First.Loc.Function.empty() && P.match(F.First.Loc.Function)) ||
         (!F.Second.Loc.Function.empty() && P.match(F.Second.Loc.Function));
}

static bool matchesSource(const GlobPattern &P, StringRef Glob,
                          const Finding &F) {
  return matchesFile(P, Glob, F.First.Loc) ||
         matchesFile(P, Glob, F.Second.Loc);
}

/// ThreadSanitizer matches a race: template against the frames' functions
/// and files; here the accesses' functions are the top frames.
static bool tsanMatchesAccesses(StringRef Templ, const Finding &F) {
  for (const SourceLoc *L : {&F.First.Loc, &F.Second.Loc})
    if (tsanMatch(Templ, L->Function) ||
        (!L->File.empty() && tsanMatch(Templ, sourcePath(*L))))
      return true;
  return false;
}

void Suppressions::apply(std::vector<Finding> &Fs) {
  // GlobPattern refers to its pattern text: Rules outlive Patterns here.
  std::vector<GlobPattern> Patterns;
  for (const Rule &R : Rules) {
    Expected<GlobPattern> P = GlobPattern::create(R.Glob, /*Max=*/1024);
    // parse() skipped bad globs; race: templates need none.
    Patterns.push_back(P ? std::move(*P) : GlobPattern());
    consumeError(P.takeError());
  }
  for (Finding &F : Fs) {
    // Every rule is tried, also on findings suppressed otherwise, so that
    // only a rule that matches nothing at all is reported as unmatched.
    for (size_t I = 0; I < Rules.size(); ++I) {
      Rule &R = Rules[I];
      const GlobPattern &P = Patterns[I];
      bool Hit = false;
      if (R.Kind == "var")
        Hit = P.match(F.Variable);
      else if (R.Kind == "race")
        Hit = tsanMatch(R.Glob, F.Variable) || tsanMatchesAccesses(R.Glob, F);
      else if (R.Kind == "race_top")
        Hit = tsanMatchesAccesses(R.Glob, F);
      else if (R.Kind == "fun")
        Hit = matchesFunction(P, F);
      else if (R.Kind == "src")
        Hit = matchesSource(P, R.Glob, F);
      if (!Hit)
        continue;
      R.Used = true;
      if (!F.Suppressed) {
        F.Suppressed = true;
        F.SuppressedInSource = false;
        F.SuppressedBy = R.Where + " " + R.Kind + ":" + R.Glob;
      }
    }
  }
}

static constexpr StringLiteral IgnoreMarker = "racesift-ignore";

/// Whether Line carries the marker inside a comment; OnlyComment: and
/// nothing but the comment.
static bool hasIgnoreComment(StringRef Line, bool OnlyComment) {
  size_t Comment = std::min(Line.find("//"), Line.find("/*"));
  if (Comment == StringRef::npos)
    return false;
  if (OnlyComment && !Line.take_front(Comment).trim().empty())
    return false;
  return Line.drop_front(Comment).contains(IgnoreMarker);
}

void applyCommentSuppressions(std::vector<Finding> &Fs) {
  report::SourceLines Sources;
  for (Finding &F : Fs) {
    if (F.Suppressed)
      continue;
    for (const FindingAccess *A : {&F.First, &F.Second}) {
      const SourceLoc &L = A->Loc;
      if (!L.known() || L.File.empty())
        continue;
      std::string Path = sourcePath(L);
      unsigned At = 0;
      if (hasIgnoreComment(Sources.line(Path, L.Line), false))
        At = L.Line;
      else if (L.Line > 1 &&
               hasIgnoreComment(Sources.line(Path, L.Line - 1), true))
        At = L.Line - 1;
      if (!At)
        continue;
      F.Suppressed = true;
      F.SuppressedInSource = true;
      F.SuppressedBy = (Twine("comment '") + IgnoreMarker + "' at " + L.File +
                        ":" + Twine(At))
                           .str();
      break;
    }
  }
}

} // namespace racesift
