#!/usr/bin/env python3
"""Checks that the two layers never disagree silently on a program: every
location the lockset layer reports as a candidate gets a verdict from the
model checker, a race, an unknown with its reason, or a refutation that
names what orders the accesses. Usage:
  layers_agree.py CLANG OPT PLUGIN OUTDIR SOURCE...
compiles each source to IR at -O0 -g, prints one line per location and
exits 1 if any location has no such verdict."""
import os
import re
import subprocess
import sys

clang, opt, plugin, outdir = sys.argv[1:5]
files = []
for src in sys.argv[5:]:
    ll = os.path.join(outdir, os.path.basename(src) + ".ll")
    subprocess.run([clang, "-g", "-O0", "-S", "-emit-llvm", "-Xclang",
                    "-disable-O0-optnone", src, "-o", ll], check=True)
    files.append(ll)


def printer(name, path):
    out = subprocess.run([opt, "-load-pass-plugin=" + plugin,
                          "-passes=print<racesift-%s>" % name,
                          "-disable-output", path],
                         capture_output=True, text=True, check=True)
    return out.stdout + out.stderr


failed = False
for path in files:
    lines = printer("lockset", path).splitlines()
    start = lines.index("candidates:") + 1
    candidates = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        loc = line.strip().split(": ", 1)[0]
        if loc not in candidates:
            candidates.append(loc)
    verdicts = {}
    for line in printer("mc", path).splitlines():
        m = re.match(r"^(\S.*?): (race|refuted \(states \d+\)(: .+)?|"
                     r"unknown \(.+\))$", line)
        if m:
            verdicts[m.group(1)] = m.group(2)
    for loc in candidates:
        v = verdicts.get(loc)
        ok = v is not None and (v == "race" or v.startswith("unknown (") or
                                ": " in v)
        print("%s %s: %s" % ("ok" if ok else "MISSING", loc, v))
        failed = failed or not ok
sys.exit(1 if failed else 0)
