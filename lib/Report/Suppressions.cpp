//===- Suppressions.cpp - Sanitizer-style suppressions file ---------------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "racesift/Report/Report.h"

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

Expected<Suppressions> Suppressions::parse(StringRef Text, StringRef Name) {
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
    auto Fail = [&](const Twine &Why) {
      return createStringError(inconvertibleErrorCode(), "%s: %s: '%s'",
                               Where.c_str(), Why.str().c_str(),
                               Line.str().c_str());
    };
    auto [Kind, Glob] = Line.split(':');
    Kind = Kind.trim();
    Glob = Glob.trim();
    if (Kind.size() == Line.size())
      return Fail("expected '<type>:<glob>'");
    if (Kind != "race" && Kind != "var" && Kind != "fun" && Kind != "src")
      return Fail("unknown suppression type '" + Kind +
                  "' (expected race, var, fun or src)");
    if (Glob.empty())
      return Fail("empty pattern");
    // Checked here so a bad pattern is reported with its line, not ignored.
    if (Expected<GlobPattern> P = GlobPattern::create(Glob, /*Max=*/1024); !P)
      return Fail("invalid pattern (" + toString(P.takeError()) + ")");
    S.Rules.push_back({Kind.str(), Glob.str(), Where});
  }
  return S;
}

/// L's file as a path from its compilation directory: absolute if it has
/// one, else as written.
static std::string sourcePath(const SourceLoc &L) {
  if (sys::path::is_absolute(L.File) || L.Dir.empty())
    return L.File;
  SmallString<256> Full(L.Dir);
  sys::path::append(Full, L.File);
  sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
  return std::string(Full);
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

void Suppressions::apply(std::vector<Finding> &Fs) const {
  // GlobPattern refers to its pattern text: Rules outlive Patterns here.
  std::vector<GlobPattern> Patterns;
  for (const Rule &R : Rules) {
    Expected<GlobPattern> P = GlobPattern::create(R.Glob, /*Max=*/1024);
    // parse() rejected bad patterns already.
    Patterns.push_back(P ? std::move(*P) : GlobPattern());
    consumeError(P.takeError());
  }
  for (Finding &F : Fs) {
    if (F.Suppressed)
      continue;
    for (size_t I = 0; I < Rules.size(); ++I) {
      const Rule &R = Rules[I];
      const GlobPattern &P = Patterns[I];
      bool Hit = false;
      if (R.Kind == "var")
        Hit = P.match(F.Variable);
      else if (R.Kind == "race")
        // As ThreadSanitizer's race: the variable, or a function or a
        // source file of either access.
        Hit = P.match(F.Variable) || matchesFunction(P, F) ||
              matchesSource(P, R.Glob, F);
      else if (R.Kind == "fun")
        Hit = matchesFunction(P, F);
      else if (R.Kind == "src")
        Hit = matchesSource(P, R.Glob, F);
      if (Hit) {
        F.Suppressed = true;
        F.SuppressedInSource = false;
        F.SuppressedBy = R.Where + " " + R.Kind + ":" + R.Glob;
        break;
      }
    }
  }
}

namespace {
/// Source files read for comment suppressions, each once per run and cut
/// into lines once: a large unit has many findings.
class SourceLines {
  struct File {
    std::unique_ptr<MemoryBuffer> Buf;
    SmallVector<StringRef, 0> Lines;
  };
  std::map<std::string, File> Files;

public:
  /// Line N (1-based) of Path, or "" if there is none.
  StringRef line(const std::string &Path, unsigned N) {
    auto [It, New] = Files.try_emplace(Path);
    File &F = It->second;
    if (New)
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
              MemoryBuffer::getFile(Path, /*IsText=*/true)) {
        F.Buf = std::move(*Buf);
        F.Buf->getBuffer().split(F.Lines, '\n');
      }
    return N && N <= F.Lines.size() ? F.Lines[N - 1] : StringRef();
  }
};
} // namespace

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
  SourceLines Sources;
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
