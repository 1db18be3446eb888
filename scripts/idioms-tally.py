#!/usr/bin/env python3
# ===- idioms-tally.py - Tally scripts/idioms.sh's verdicts -------------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
"""Tally RaceSift's verdicts on bench/idioms into a markdown table.

Usage: idioms-tally.py --progs DIR --work DIR

DIR (--progs) holds the programs, NN_name_{racy,safe}.c (or .cpp); the first line of
each is its expected verdict, one of

    // EXPECTED: no race
    // EXPECTED: race at lines A x B[, C x D ...][ -- prose]

--work holds what scripts/idioms.sh wrote per program <name>: <name>.sarif
(the plugin's SARIF log), <name>.log (the compile's stderr) and
<name>.status (the compile's exit status).

Results with ruleId data-race are confirmed races, possible-data-race
possible ones (suppressed results are not counted); a result's line is the
startLine of its primary (first) location, in the program's own file. A
race-free program is `ok` without a race result, else `false-possible`
(possible races only) or `false-confirmed`. A racy program is `ok` if a
confirmed race is on one of the expected lines, `weak` if only possible
races are, `wrong-line` if races are reported on other lines only and
`missed` if none is reported.

Prints the table, one row per program, and a summary line per kind of
program on stdout. Exits 0 whatever the verdicts (a benchmark, not a
test), but 2 if a compile failed or crashed, a SARIF log is missing or
unreadable, or an EXPECTED line is malformed. Standard library only.
"""

import argparse
import json
import os
import re
import sys
import urllib.parse

EXPECTED = re.compile(r"^//\s*EXPECTED:\s*(.*?)\s*$")
PAIR = re.compile(r"^(\d+)\s*x\s*(\d+)$")
RACY_CLASSES = ("ok", "weak", "wrong-line", "missed")
SAFE_CLASSES = ("ok", "false-possible", "false-confirmed")


def parse_expected(path):
    """(None, text) for 'no race', or (list of line pairs, text).

    Raises ValueError on a malformed line."""
    with open(path, errors="replace") as f:
        first = f.readline()
    m = EXPECTED.match(first)
    if not m:
        raise ValueError("no '// EXPECTED:' on line 1")
    text = m.group(1).split(" -- ", 1)[0].strip()
    if text == "no race":
        return None, text
    if not text.startswith("race at lines "):
        raise ValueError("neither 'no race' nor 'race at lines ...': %r"
                         % text)
    pairs = []
    for part in text[len("race at lines "):].split(","):
        p = PAIR.match(part.strip())
        if not p:
            raise ValueError("not a line pair 'A x B': %r" % part.strip())
        pairs.append((int(p.group(1)), int(p.group(2))))
    return pairs, text


def result_line(result, run, prog):
    """The primary location's line, or None if not in the program's file."""
    locs = result.get("locations") or []
    if not locs:
        return None
    phys = locs[0].get("physicalLocation", {})
    art = phys.get("artifactLocation", {})
    uri = art.get("uri")
    if uri is None and "index" in art:
        arts = run.get("artifacts", [])
        if 0 <= art["index"] < len(arts):
            uri = arts[art["index"]].get("location", {}).get("uri")
    if uri is None:
        return None
    path = urllib.parse.unquote(urllib.parse.urlparse(uri).path)
    if os.path.basename(path) != prog:
        return None
    return phys.get("region", {}).get("startLine")


def read_sarif(path, prog):
    """[(ruleId, line)] of the unsuppressed race results of a SARIF log."""
    with open(path) as f:
        log = json.load(f)
    found = []
    for run in log.get("runs", []):
        for r in run.get("results", []):
            rule = r.get("ruleId")
            if rule not in ("data-race", "possible-data-race"):
                continue
            if r.get("suppressions"):
                continue
            found.append((rule, result_line(r, run, prog)))
    return found


def classify(pairs, found):
    confirmed = [line for rule, line in found if rule == "data-race"]
    possible = [line for rule, line in found if rule != "data-race"]
    if pairs is None:
        if confirmed:
            return "false-confirmed"
        return "false-possible" if possible else "ok"
    lines = {n for pair in pairs for n in pair}
    if any(line in lines for line in confirmed):
        return "ok"
    if any(line in lines for line in possible):
        return "weak"
    return "wrong-line" if found else "missed"


def read_status(path):
    try:
        with open(path) as f:
            return int(f.read().split()[0])
    except (OSError, IndexError, ValueError):
        return None


def first_error(log):
    try:
        with open(log, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return "(no log)"
    for line in lines:
        if "error:" in line or "Stack dump" in line:
            return line.strip()[:120]
    return lines[-1].strip()[:120] if lines else "(empty log)"


def summary(kind, classes, counts):
    return "%s %d: %s" % (kind, sum(counts[c] for c in classes),
                          ", ".join("%s %d" % (c, counts[c])
                                    for c in classes))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--progs", required=True,
                    help="the programs (bench/idioms)")
    ap.add_argument("--work", required=True,
                    help="idioms.sh's work dir (SARIF logs, stderr)")
    args = ap.parse_args()

    progs = sorted(n for n in os.listdir(args.progs)
                   if n.endswith(".c") or n.endswith(".cpp"))
    if not progs:
        print("idioms-tally.py: error: no programs in %s" % args.progs,
              file=sys.stderr)
        return 2
    racy = {c: 0 for c in RACY_CLASSES}
    safe = {c: 0 for c in SAFE_CLASSES}
    problems = []
    print("| program | expected | confirmed | possible | class |")
    print("|---|---|---|---|---|")
    for prog in progs:
        name = os.path.splitext(prog)[0]
        try:
            pairs, text = parse_expected(os.path.join(args.progs, prog))
        except ValueError as e:
            problems.append("%s: malformed EXPECTED line: %s" % (prog, e))
            print("| %s | ? | | | **bad EXPECTED** |" % name)
            continue
        status = read_status(os.path.join(args.work, name + ".status"))
        sarif = os.path.join(args.work, name + ".sarif")
        log = os.path.join(args.work, name + ".log")
        if status != 0:
            problems.append("%s: compile %s: %s" % (
                prog, "not run" if status is None else
                "exited with status %d" % status, first_error(log)))
            print("| %s | %s | | | **compile failed** |" % (name, text))
            continue
        try:
            found = read_sarif(sarif, prog)
        except (OSError, ValueError) as e:
            problems.append("%s: SARIF log %s: %s" % (prog, sarif, e))
            print("| %s | %s | | | **no SARIF** |" % (name, text))
            continue
        cls = classify(pairs, found)
        (safe if pairs is None else racy)[cls] += 1
        confirmed = sum(1 for rule, _ in found if rule == "data-race")
        print("| %s | %s | %d | %d | %s |"
              % (name, text, confirmed, len(found) - confirmed, cls))
    print()
    print("%s; %s" % (summary("racy", RACY_CLASSES, racy),
                      summary("race-free", SAFE_CLASSES, safe)))
    if problems:
        print()
        print("Not tallied:")
        for p in problems:
            print("- " + p)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
