#!/usr/bin/env python3
# ===- realcode-tally.py - Tally scripts/realcode.sh's compiles ---------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
"""Tally the per-unit compiles of scripts/realcode.sh into a markdown table.

Usage: realcode-tally.py --results DIR [--findings F.md] [--units U.tsv]
                         [--wall S] [--jobs N] [--version V] [--options O]
                         LIB...

DIR/<lib>/meta holds the library's name, package and wall time; each unit
has a dir DIR/<lib>/units/<unit> with its source (relative to the
library's root, DIR/<lib>/root), plain.time and plugin.time ("status wall
user sys maxrss-KiB"), plain.log and plugin.log (the compiles' stderr) and
sarif/ (the plugin's log). A unit whose plain compile failed is skipped.

Counted per library, from the stats lines on stderr (option stats): units
whose threads were analysed (a "N thread templates" line), candidate
locations and the model checker's verdicts (the "decided:" line); from the
SARIF logs: confirmed (ruleId data-race) and possible (possible-data-race)
races; internal errors (a diagnostic saying "internal error"); units where
the timeout safety net fired or a step budget ran out.

Prints the table and its notes on stdout; --findings writes every finding
with both accesses, --units one line per unit. Exits 1 if a plugin compile
failed where the plain one had not, or on an internal error. Standard
library only.
"""

import argparse
import json
import os
import re
import sys
import urllib.parse

THREADS = re.compile(r"racesift: stats: (\d+) thread templates, (\d+) creation sites")
NOT_BUILT = re.compile(r"racesift: stats: thread model not built")
DECIDED = re.compile(
    r"racesift: stats: decided: MHP layer (\d+) pairs ordered; lockset layer "
    r"(\d+) pairs protected, (\d+) pairs at (\d+) locations left"
    r"(?:; model checker (\d+) locations racing, (\d+) refuted, (\d+) undecided)?")
NO_THREADS = re.compile(r"creates no threads")
INTERNAL = re.compile(r"(warning|error): .*internal error")
# The safety net: the budget in seconds ran out somewhere in the module, so
# what was found depends on the machine's speed and load.
SAFETY = re.compile(r"time budget")
# A deterministic work budget of a layer ran out.
STEPS = re.compile(r"step budget \(")
ERROR = re.compile(r"\berror: ")


def read_time(path):
    """(status, wall, cpu) of a plain.time/plugin.time, or None."""
    if not os.path.exists(path):
        return None
    f = open(path).read().split()
    status = int(f[0])
    try:
        wall, cpu = float(f[1]), float(f[2]) + float(f[3])
    except (IndexError, ValueError):
        # /usr/bin/time wrote no figures: the compile was killed.
        wall = cpu = 0.0
    return status, wall, cpu


def first_error(log):
    try:
        with open(log, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return "(no log)"
    for line in lines:
        if ERROR.search(line):
            line = line.strip()
            return line if len(line) <= 160 else line[:157] + "..."
    return lines[-1].strip()[:160] if lines else "(empty log)"


def location_text(loc, bases, root):
    """path:line:col of a SARIF location, relative to the library's root."""
    phys = loc.get("physicalLocation", {})
    art = phys.get("artifactLocation", {})
    uri = art.get("uri", "?")
    base = art.get("uriBaseId")
    if base and base in bases:
        uri = bases[base].get("uri", "") + uri
    path = urllib.parse.unquote(urllib.parse.urlparse(uri).path) if "://" in uri \
        else urllib.parse.unquote(uri)
    if os.path.isabs(path):
        rel = os.path.relpath(path, root)
        if not rel.startswith(".."):
            path = rel
    reg = phys.get("region", {})
    return "%s:%s:%s" % (path, reg.get("startLine", "?"), reg.get("startColumn", "?"))


def tally_unit(d, root):
    u = {"source": open(os.path.join(d, "source")).read().strip()}
    u["plain"] = read_time(os.path.join(d, "plain.time"))
    u["plugin"] = read_time(os.path.join(d, "plugin.time"))
    u.update(analysed=0, not_built=0, no_threads=0, locations=0, race=0,
             refuted=0, undecided=0, confirmed=0, possible=0, internal=0,
             safety=0, steps=0, findings=[], keys=set())
    if u["plain"] is None or u["plain"][0] != 0:
        u["skip"] = first_error(os.path.join(d, "plain.log"))
        return u
    u["skip"] = None
    text = ""
    log = os.path.join(d, "plugin.log")
    if os.path.exists(log):
        with open(log, errors="replace") as f:
            text = f.read()
    for line in text.splitlines():
        if THREADS.search(line):
            u["analysed"] = 1
        if NOT_BUILT.search(line):
            u["not_built"] = 1
        if NO_THREADS.search(line):
            u["no_threads"] = 1
        m = DECIDED.search(line)
        if m:
            u["locations"] += int(m[4])
            if m[5] is not None:
                u["race"] += int(m[5])
                u["refuted"] += int(m[6])
                u["undecided"] += int(m[7])
        if INTERNAL.search(line):
            u["internal"] += 1
    sarif_text = ""
    sdir = os.path.join(d, "sarif")
    for name in sorted(os.listdir(sdir)) if os.path.isdir(sdir) else []:
        if not name.endswith(".sarif"):
            continue
        with open(os.path.join(sdir, name)) as f:
            raw = f.read()
        sarif_text += raw
        log = json.loads(raw)
        for run in log.get("runs", []):
            bases = run.get("originalUriBaseIds", {})
            for r in run.get("results", []):
                if r.get("baselineState") == "absent":
                    continue
                rule = r.get("ruleId")
                if rule == "data-race":
                    u["confirmed"] += 1
                elif rule == "possible-data-race":
                    u["possible"] += 1
                else:
                    continue
                fp = tuple(sorted(r.get("partialFingerprints", {}).items()))
                u["keys"].add((rule, fp))
                rel = r.get("relatedLocations", [])
                u["findings"].append({
                    "rule": rule,
                    "message": r.get("message", {}).get("text", ""),
                    "first": location_text(r["locations"][0], bases, root)
                    if r.get("locations") else "?",
                    "second": location_text(rel[0], bases, root) if rel else "?",
                    "second_message": rel[0].get("message", {}).get("text", "") if rel else "",
                    "reason": r.get("properties", {}).get("reason", ""),
                    "suppressed": bool(r.get("suppressions")),
                })
    u["safety"] = int(bool(SAFETY.search(text) or SAFETY.search(sarif_text)))
    u["steps"] = int(bool(STEPS.search(text) or STEPS.search(sarif_text)))
    return u


def load_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            meta[k] = v
    return meta


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", required=True)
    ap.add_argument("--findings")
    ap.add_argument("--units")
    ap.add_argument("--wall", type=int)
    ap.add_argument("--jobs", default="1")
    ap.add_argument("--version", default="?")
    ap.add_argument("--options", default="")
    ap.add_argument("libs", nargs="+")
    a = ap.parse_args()

    rows, notes, bad = [], [], False
    slowest = []
    total = None
    findings_out = []
    units_out = ["library\tunit\tstatus\tplain_wall\tplain_cpu\tplugin_wall\tplugin_cpu"
                 "\tanalysed\tlocations\trace\trefuted\tundecided\tconfirmed\tpossible"
                 "\tinternal\ttimeout\tsteps"]
    for lib in a.libs:
        ldir = os.path.join(a.results, lib)
        meta = load_meta(os.path.join(ldir, "meta"))
        root = open(os.path.join(ldir, "root")).read().strip()
        udirs = sorted(os.listdir(os.path.join(ldir, "units")))
        units = [tally_unit(os.path.join(ldir, "units", n), root) for n in udirs]
        units.sort(key=lambda u: u["source"])
        t = {"units": len(units), "compiled": 0, "skipped": 0, "failed": 0,
             "analysed": 0, "not_built": 0, "locations": 0, "race": 0,
             "refuted": 0, "undecided": 0, "confirmed": 0, "possible": 0,
             "internal": 0, "safety": 0, "steps": 0, "plain": 0.0,
             "plugin": 0.0, "plain_cpu": 0.0, "plugin_cpu": 0.0, "keys": set()}
        skipped, failed, safety, steps, internal, not_built = [], [], [], [], [], []
        for u in units:
            src = u["source"]
            if u["skip"] is not None:
                t["skipped"] += 1
                skipped.append("`%s`: %s" % (src, u["skip"]))
                status = "skipped"
            else:
                t["compiled"] += 1
                t["plain"] += u["plain"][1]
                t["plain_cpu"] += u["plain"][2]
                if u["plugin"] is not None:
                    t["plugin"] += u["plugin"][1]
                    t["plugin_cpu"] += u["plugin"][2]
                status = "ok"
                if u["plugin"] is None or u["plugin"][0] != 0:
                    t["failed"] += 1
                    failed.append("`%s` (status %s): %s" % (
                        src, u["plugin"][0] if u["plugin"] else "?",
                        first_error(os.path.join(ldir, "units", src.replace("/", "__"),
                                                 "plugin.log"))))
                    status = "plugin-failed"
                for k in ("analysed", "not_built", "locations", "race", "refuted",
                          "undecided", "confirmed", "possible", "internal", "safety",
                          "steps"):
                    t[k] += u[k]
                t["keys"] |= u["keys"]
                if u["plugin"] is not None:
                    slowest.append((u["plugin"][1], u["plugin"][2], u["plain"][1],
                                    src, meta.get("name", lib)))
                if u["safety"]:
                    safety.append("`%s`" % src)
                if u["steps"]:
                    steps.append("`%s`" % src)
                if u["internal"]:
                    internal.append("`%s`" % src)
                if u["not_built"]:
                    not_built.append("`%s`" % src)
            pl, pg = u["plain"] or (0, 0.0, 0.0), u["plugin"] or (0, 0.0, 0.0)
            units_out.append("\t".join(str(x) for x in (
                lib, src, status, "%.2f" % pl[1], "%.2f" % pl[2],
                "%.2f" % pg[1] if u["plugin"] else "", "%.2f" % pg[2] if u["plugin"] else "",
                u["analysed"], u["locations"], u["race"], u["refuted"], u["undecided"],
                u["confirmed"], u["possible"], u["internal"], u["safety"], u["steps"])))
            for f in u["findings"]:
                findings_out.append((lib, meta.get("name", lib), src, f))
        t["distinct"] = len(t["keys"])
        t["distinct_possible"] = sum(1 for k in t["keys"] if k[0] == "possible-data-race")
        t["distinct_confirmed"] = t["distinct"] - t["distinct_possible"]
        rows.append((meta.get("name", lib), meta.get("package", ""), t))
        if total is None:
            total = {k: (0.0 if isinstance(v, float) else 0) for k, v in t.items()
                     if not isinstance(v, set)}
        for k in total:
            total[k] += t[k]
        name = meta.get("name", lib)
        if skipped:
            notes.append("* %s, skipped (the plain compile fails): %s"
                         % (name, "; ".join(skipped)))
        if failed:
            bad = True
            notes.append("* **%s, plugin compile failed** where the plain one did not: %s"
                         % (name, "; ".join(failed)))
        if internal:
            bad = True
            notes.append("* **%s, internal error** in: %s" % (name, ", ".join(internal)))
        if not_built:
            notes.append("* %s, thread model not built (points-to budget) in: %s"
                         % (name, ", ".join(not_built)))
        if safety:
            # Issue 22: the findings must not depend on the machine, so on
            # the sample the safety net must never decide (as in bench.sh).
            bad = True
            notes.append("* **%s, safety net (`timeout`) fired** in: %s"
                         % (name, ", ".join(safety)))
        if steps:
            notes.append("* %s, a step budget ran out in: %s" % (name, ", ".join(steps)))

    def races(t, kind):
        n, d = t[kind], t["distinct_" + kind]
        return "%d" % n if n == d else "%d (%d distinct)" % (n, d)

    def row(name, pkg, t):
        ratio = "%.2fx" % (t["plugin"] / t["plain"]) if t["plain"] else ""
        return ("| %s | %s | %d | %d | %d | %d | %d | %d / %d / %d | %s | %s | %d | %d / %d "
                "| %.1f | %.1f | %s |" % (
                    name, pkg, t["units"], t["compiled"], t["skipped"], t["analysed"],
                    t["locations"], t["race"], t["refuted"], t["undecided"],
                    races(t, "confirmed"), races(t, "possible"), t["internal"],
                    t["safety"], t["steps"], t["plain"], t["plugin"], ratio))

    print("| library | package | units | compiled | skipped | threads analysed | "
          "candidate locations | model checker: race / refuted / undecided | "
          "confirmed races | possible races | internal errors | timeout fired / "
          "step budget out (units) | plain s | plugin s | plugin / plain |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, pkg, t in rows:
        print(row(name, pkg, t))
    if len(rows) > 1:
        print(row("**total**", "", total).replace("| **total** |  |", "| **total** | |"))
    print()
    opts = a.options or "default budgets"
    print("RaceSift %s, `clang-19 -O0 -g -c` per unit, %s, -j%s; times are wall "
          "seconds summed over the compiled units (CPU: plain %.1f s, plugin %.1f s)%s. "
          "Races are counted per translation unit (\"distinct\": a race in a header "
          "reported by several units once)."
          % (a.version, opts, a.jobs, total["plain_cpu"], total["plugin_cpu"],
             "; the whole run took %d s" % a.wall if a.wall is not None else ""))
    slowest.sort(reverse=True)
    if slowest:
        notes.append("* slowest plugin compiles (wall, CPU, plain wall): %s" % "; ".join(
            "`%s` (%s) %.1f s, %.1f s, %.1f s" % (src, name, wall, cpu, plain)
            for wall, cpu, plain, src, name in slowest[:5]))
    if notes:
        print()
        print("\n".join(notes))

    if a.units:
        with open(a.units, "w") as f:
            f.write("\n".join(units_out) + "\n")
    if a.findings:
        with open(a.findings, "w") as f:
            f.write("# RaceSift findings per translation unit\n\n")
            f.write("Paths are relative to each library's root (the compiles' "
                    "directory). `first` is the access the warning points at, "
                    "`second` the conflicting one.\n")
            last = None
            n = 0
            for lib, name, src, fd in findings_out:
                if lib != last:
                    f.write("\n## %s\n\n" % name)
                    last = lib
                    n = 0
                n += 1
                kind = "confirmed" if fd["rule"] == "data-race" else "possible"
                f.write("%d. **%s** (unit `%s`)%s: %s\n" % (
                    n, kind, src, " (suppressed)" if fd["suppressed"] else "",
                    fd["message"].replace("\n", " ")))
                f.write("   - first: `%s`\n" % fd["first"])
                f.write("   - second: `%s` (%s)\n" % (fd["second"], fd["second_message"]))
                if fd["reason"]:
                    f.write("   - why possible: %s\n" % fd["reason"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
