#!/usr/bin/env python3
# ===- racesift-compdb.py - RaceSift from a compile_commands.json --------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
"""Analyse the whole program of a compile_commands.json, without touching
its build.

A unit whose object (the entry's "output", or its -o) was built with the
plugin carries its summary, its code before optimisation (an ELF section
.racesift with summary=1, or inside -flto bitcode): that summary is used as
it is, so the build's own compile jobs, local or distributed, did the work.
Every other C and C++ translation unit listed is compiled again to
unoptimised bitcode with its own flags (plus -O0 -g -emit-llvm -c -Xclang
-disable-O0-optnone; its output, dependency-file, optimisation, debug, LTO
and plugin flags are dropped). The bitcode is linked with llvm-link-19, and
the racesift pass runs once on the linked program through opt-19: the same
warnings, options and SARIF as the other routes.

usage: racesift-compdb.py [COMPDB | -p BUILD_DIR] [--plugin RaceSift.so]
                          [--llvm-bin DIR] [-j N] [--exclude REGEX]
                          [--keep-going] [--keep DIR] [--no-summaries]
                          [-racesift-NAME[=VALUE] ...]

Pass options: -racesift-NAME[=VALUE] (or --racesift-NAME[=VALUE]) go to
opt as they are (sarif=, thread-bound=, timeout=, werror, ...), and
RACESIFT_OPTIONS is read by the pass as on every route.

Exit status: the pass's (non-zero with werror and a race, or on an option
error); 2 when the compilation database is missing, unreadable or lists no
C or C++ translation unit, or when a unit does not compile (unless
--keep-going) or the bitcode does not link.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
C_EXT = {".c"}
CXX_EXT = {".cc", ".cpp", ".cxx", ".c++", ".cp", ".C", ".CPP"}
WRAPPERS = {"ccache", "sccache", "distcc", "icecc"}

# The version of RaceSift. CMake fills it in when it copies this script into
# the build's bin/ (and so into an installation); run from the source tree,
# the script reads it where CMake does, from the top CMakeLists.txt.
VERSION = "@RACESIFT_VERSION@"


def racesift_version():
    if not VERSION.startswith("@"):
        return VERSION
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
            m = re.search(r"project\(RaceSift VERSION ([0-9.]+)", f.read())
    except OSError:
        m = None
    return m.group(1) if m else "unknown"

# Flags dropped with the argument that follows them.
DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-MJ", "--serialize-diagnostics",
                   "-dependency-file"}
# Flags dropped alone.
DROP = {"-c", "-S", "-E", "-emit-llvm", "-MD", "-MMD", "-M", "-MM", "-MP",
        "-MG", "-pipe", "-save-temps", "-flto", "-fno-lto"}
# Flags dropped by prefix (joined values, families).
DROP_PREFIX = ("-o", "-O", "-g", "-MF", "-MT", "-MQ", "-MJ", "-flto=",
               "-fplugin", "-fpass-plugin", "-save-temps=", "-ftime-trace",
               "-Wp,-MD", "-Wp,-MMD", "-fthinlto-index", "-fprofile-use",
               "-fprofile-instr-use")


def die(msg, status=2):
    print("racesift-compdb: error: " + msg, file=sys.stderr)
    sys.exit(status)


def note(msg):
    print("racesift-compdb: " + msg, file=sys.stderr)


def entry_argv(entry):
    if "arguments" in entry:
        argv = list(entry["arguments"])
    elif "command" in entry:
        argv = shlex.split(entry["command"])
    else:
        return []
    # ccache clang ... : the compiler is the second word.
    while len(argv) > 1 and os.path.basename(argv[0]) in WRAPPERS:
        argv = argv[1:]
    return argv


def bitcode_flags(argv):
    """The entry's flags without its compiler, outputs and code-generation
    choices that the analysis replaces."""
    out, i, args = [], 0, argv[1:]
    while i < len(args):
        a = args[i]
        if a == "-Xclang" and i + 1 < len(args):
            x = args[i + 1]
            if x in ("-load", "-add-plugin") or x.startswith("-plugin-arg"):
                # -Xclang -load -Xclang <plugin> and the like: another
                # plugin's run.
                i += 4
            else:
                out += [a, x]
                i += 2
            continue
        if a in DROP_WITH_VALUE:
            i += 2
            continue
        if a in DROP or a.startswith(DROP_PREFIX):
            i += 1
            continue
        out.append(a)
        i += 1
    return out


def language(entry, argv):
    path = entry.get("file", "")
    ext = os.path.splitext(path)[1]
    if ext in C_EXT:
        return "c"
    if ext in CXX_EXT:
        return "c++"
    # An explicit -x c / -x c++ on an unusual extension.
    for i, a in enumerate(argv):
        x = argv[i + 1] if a == "-x" and i + 1 < len(argv) else \
            a[2:] if a.startswith("-x") and len(a) > 2 else None
        if x in ("c", "c++"):
            return x
    return None


def object_of(entry, argv, directory):
    """The object file the entry's compile writes, if it says."""
    out = entry.get("output")
    for i, a in enumerate(argv):
        if out:
            break
        if a == "-o" and i + 1 < len(argv):
            out = argv[i + 1]
        elif a.startswith("-o") and len(a) > 2:
            out = a[2:]
    return os.path.normpath(os.path.join(directory, out)) if out else None


SUMMARY_MAGIC = b"RSIFTSUM"
SUMMARY_VERSION = 1
SUMMARY_HEADER = 24


def split_summaries(data):
    """The bitcode payloads of concatenated summaries (the plugin's format,
    lib/Pass/Summary.cpp), or None if the bytes are not summaries of the
    version this script reads."""
    parts, off = [], 0
    while off < len(data):
        if data[off:off + 8] != SUMMARY_MAGIC or len(data) - off < SUMMARY_HEADER:
            return None
        version = int.from_bytes(data[off + 8:off + 12], "little")
        size = int.from_bytes(data[off + 16:off + 24], "little")
        if version != SUMMARY_VERSION or off + SUMMARY_HEADER + size > len(data):
            return None
        parts.append(data[off + SUMMARY_HEADER:off + SUMMARY_HEADER + size])
        off += SUMMARY_HEADER + size
    return parts or None


def summaries_of(obj, source, work, i, llvm_bin):
    """Bitcode files that stand for the unit, from the summary its object
    carries; None if it carries none or is older than its source."""
    try:
        if os.path.getmtime(obj) < os.path.getmtime(source):
            return None
        with open(obj, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data[:4] in (b"BC\xc0\xde", b"\xde\xc0\x17\x0b"):
        # -flto bitcode: the pass reads the summary inside it. Global names
        # are plain bytes in the bitcode's string table.
        return [obj] if b"racesift.summary" in data else None
    if data[:4] != b"\x7fELF" or b".racesift" not in data:
        return None
    dump = os.path.join(work, "%04d.racesift" % i)
    p = subprocess.run([tool(llvm_bin, "llvm-objcopy"), "--dump-section",
                        ".racesift=" + dump, obj, os.devnull],
                       capture_output=True)
    if p.returncode != 0 or not os.path.isfile(dump):
        return None
    with open(dump, "rb") as f:
        parts = split_summaries(f.read())
    if not parts:
        return None
    files = []
    for k, part in enumerate(parts):
        bc = os.path.join(work, "%04d-summary-%d.bc" % (i, k))
        with open(bc, "wb") as f:
            f.write(part)
        files.append(bc)
    return files


def tool(llvm_bin, name):
    if llvm_bin:
        return os.path.join(llvm_bin, name)
    versioned = name + "-19"
    if shutil.which(versioned):
        return versioned
    return os.path.join("/usr/lib/llvm-19/bin", name)


def default_plugin():
    """RaceSift.so beside this script: installed (PREFIX/bin and
    PREFIX/lib/racesift), in the build's bin/ (beside its lib/), or in the
    source tree's scripts/ (the default build directory, build/)."""
    candidates = [os.path.join(ROOT, "lib", "racesift", "RaceSift.so"),
                  os.path.join(ROOT, "lib", "RaceSift.so"),
                  os.path.join(ROOT, "build", "lib", "RaceSift.so")]
    for c in candidates:
        if os.path.isfile(c):
            return c
    return candidates[-1]


def main():
    argv = sys.argv[1:]
    pass_opts = ["-" + a.lstrip("-") for a in argv
                 if a.startswith(("-racesift-", "--racesift-"))]
    argv = [a for a in argv if not a.startswith(("-racesift-", "--racesift-"))]

    ap = argparse.ArgumentParser(
        prog="racesift-compdb.py",
        description="Run RaceSift on the whole program of a "
        "compile_commands.json. Pass options: -racesift-NAME[=VALUE] "
        "or RACESIFT_OPTIONS (RaceSift " + racesift_version() + ").")
    ap.add_argument("compdb", nargs="?",
                    help="compile_commands.json (default: BUILD_DIR/"
                    "compile_commands.json)")
    ap.add_argument("-p", dest="build_dir", default=".",
                    help="the build directory holding compile_commands.json")
    ap.add_argument("--plugin", default=os.environ.get(
        "RACESIFT_PLUGIN", default_plugin()),
        help="RaceSift.so (default: $RACESIFT_PLUGIN, or the one beside "
        "this script: PREFIX/lib/racesift once installed, the build's lib/)")
    ap.add_argument("--version", action="version",
                    version="%(prog)s (RaceSift " + racesift_version() + ")")
    ap.add_argument("--llvm-bin", default=os.environ.get("RACESIFT_LLVM_BIN"),
                    help="directory of clang, llvm-link and opt (default: "
                    "clang-19, llvm-link-19, opt-19 on PATH)")
    ap.add_argument("-j", type=int, default=min(2, os.cpu_count() or 1),
                    help="parallel compiles (default 2)")
    ap.add_argument("--exclude", metavar="REGEX",
                    help="skip translation units whose path matches "
                    "(a second main, tests, ...)")
    ap.add_argument("--keep-going", action="store_true",
                    help="leave out translation units that do not compile")
    ap.add_argument("--keep", metavar="DIR",
                    help="keep the bitcode and the linked program in DIR")
    ap.add_argument("--no-summaries", action="store_true",
                    help="compile every unit again, also those whose "
                    "object carries a RaceSift summary")
    args = ap.parse_args(argv)

    path = args.compdb or os.path.join(args.build_dir, "compile_commands.json")
    if os.path.isdir(path):
        path = os.path.join(path, "compile_commands.json")
    if not os.path.isfile(path):
        die("%s: no such file; give the compilation database or its build "
            "directory (-p DIR); CMake writes it with "
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, other builds with bear"
            % path)
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        die("%s: not a readable compilation database: %s" % (path, e))
    if not isinstance(entries, list):
        die("%s: not a compilation database (expected a JSON list of "
            "entries)" % path)
    if not os.path.isfile(args.plugin):
        die("%s: no such plugin (build RaceSift first, or give --plugin)"
            % args.plugin)

    units, seen = [], set()
    for e in entries:
        if not isinstance(e, dict) or "file" not in e:
            continue
        argv_e = entry_argv(e)
        lang = language(e, argv_e)
        if not lang or not argv_e:
            continue
        directory = e.get("directory", os.path.dirname(os.path.abspath(path)))
        file = os.path.normpath(os.path.join(directory, e["file"]))
        if file in seen:
            continue
        if args.exclude and re.search(args.exclude, file):
            continue
        seen.add(file)
        units.append((directory, file, lang, argv_e,
                      object_of(e, argv_e, directory)))
    if not units:
        die("%s: lists no C or C++ translation unit (%d entr%s)"
            % (path, len(entries), "y" if len(entries) == 1 else "ies"))

    clang = {"c": tool(args.llvm_bin, "clang"),
             "c++": tool(args.llvm_bin, "clang++")}
    work = args.keep or tempfile.mkdtemp(prefix="racesift-compdb-")
    os.makedirs(work, exist_ok=True)
    work = os.path.abspath(work)

    def build(i):
        directory, file, lang, argv_e, obj = units[i]
        if obj and not args.no_summaries:
            parts = summaries_of(obj, file, work, i, args.llvm_bin)
            if parts:
                return i, parts, None
        bc = os.path.join(work, "%04d-%s.bc" % (i, os.path.basename(file)))
        flags = bitcode_flags(argv_e)
        cmd = [clang[lang]] + flags + [
            "-O0", "-g", "-emit-llvm", "-c", "-Xclang", "-disable-O0-optnone",
            "-w", "-o", bc]
        # The source is normally among the flags; add it when it is not.
        if not any(os.path.normpath(os.path.join(directory, a)) == file
                   for a in flags if not a.startswith("-")):
            cmd.append(file)
        p = subprocess.run(cmd, cwd=directory, capture_output=True, text=True)
        return i, [bc], p

    note("preparing %d translation unit(s): summaries from their objects, "
         "or compiled again to bitcode" % len(units))
    bcs, failed, summarised = [], 0, 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as ex:
        for i, files, p in ex.map(build, range(len(units))):
            file = units[i][1]
            if p is None:
                note("[%d/%d] %s: summary from %s" % (i + 1, len(units), file,
                                                      units[i][4]))
                bcs += files
                summarised += 1
                continue
            if p.returncode != 0:
                sys.stderr.write(p.stderr)
                if not args.keep_going:
                    die("%s does not compile with %s (--keep-going leaves it "
                        "out)" % (file, clang[units[i][2]]))
                note("leaving out %s: it does not compile" % file)
                failed += 1
                continue
            note("[%d/%d] %s" % (i + 1, len(units), file))
            bcs += files
    if not bcs:
        die("no translation unit compiled")

    linked = os.path.join(work, "program.bc")
    p = subprocess.run([tool(args.llvm_bin, "llvm-link"), "-o", linked] + bcs,
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        die("llvm-link failed (two definitions of one symbol, from two "
            "programs in one database? leave one out with --exclude)")
    note("analysing the linked program (%d unit(s)%s%s)"
         % (len(units) - failed,
            ", %d from their objects' summaries" % summarised
            if summarised else "",
            ", %d left out" % failed if failed else ""))
    rc = subprocess.run([tool(args.llvm_bin, "opt"),
                         "-load-pass-plugin=" + args.plugin,
                         "-passes=racesift", "-disable-output", linked] +
                        pass_opts).returncode
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
