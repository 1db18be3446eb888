#!/usr/bin/env python3
# ===- sarif-merge.py - Merge per-module SARIF logs into one -------------=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
"""Merge the SARIF logs of one build (sarif-dir=) into one log with one run.

Usage: sarif-merge.py [--baseline BASE.sarif] -o merged.sarif DIR_OR_FILE...

A directory contributes its *.sarif files (not recursively). Results with
the same ruleId and partialFingerprints are one finding seen from several
translation units (a race in a header) and are kept once. Artifacts are
merged and re-indexed; the invocations become one whose executionSuccessful
is true only if every input succeeded, with all notifications. The output
does not depend on the order or names of the inputs. Standard library only.

With --baseline, every result gets a baselineState against the baseline log
(a merged log of an earlier build, say): "unchanged" if the baseline has a
result with its ruleId and partialFingerprints, else "new"; the baseline's
results that no input has are added as "absent" (without their codeFlows).
The states the inputs carried (the plugin's baseline= option) are replaced:
only the whole build knows what is gone. Without --baseline, an absent
result that another input still reports is dropped.
"""

import argparse
import copy
import json
import os
import re
import sys
import tempfile
import urllib.parse

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

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


class MergeError(Exception):
    pass


def input_files(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += [os.path.join(p, n) for n in sorted(os.listdir(p))
                      if n.endswith(".sarif") and
                      os.path.isfile(os.path.join(p, n))]
        elif os.path.isfile(p):
            files.append(p)
        else:
            raise MergeError(f"{p}: no such file or directory")
    return files


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
    except (OSError, ValueError) as e:
        raise MergeError(f"{path}: cannot read SARIF: {e}")
    if not isinstance(log, dict) or not isinstance(log.get("runs"), list):
        raise MergeError(f"{path}: not a SARIF log (no 'runs' array)")
    return log


def walk_artifact_locations(node, fn):
    """Calls fn on every artifactLocation object below node."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "artifactLocation" and isinstance(value, dict):
                fn(value)
            else:
                walk_artifact_locations(value, fn)
    elif isinstance(node, list):
        for value in node:
            walk_artifact_locations(value, fn)


def dumps(node):
    return json.dumps(node, sort_keys=True, separators=(",", ":"))


OWN_FINGERPRINT = "racesiftFingerprint/v1"


def result_key(result):
    """One finding's identity across logs: its rule and fingerprints.
    Only RaceSift's own fingerprint counts when there is one: GitHub's
    primaryLocationLineHash changes with the line's text, and older logs
    lack it."""
    fp = result.get("partialFingerprints")
    if isinstance(fp, dict) and OWN_FINGERPRINT in fp:
        fp = {OWN_FINGERPRINT: fp[OWN_FINGERPRINT]}
    if fp:
        return dumps([result.get("ruleId"), fp])
    body = {k: v for k, v in result.items() if k != "baselineState"}
    return dumps(body)


def is_absent(result):
    return result.get("baselineState") == "absent"


class Merger:
    def __init__(self):
        self.driver = None
        self.rules = {}  # id -> rule, first definition wins
        self.base_ids = {}  # name -> {"uri": ...}
        self.artifacts = {}  # (uri, uriBaseId) -> artifact
        self.results = {}  # dedup key -> result
        self.notifications = {}
        self.success = True
        self.column_kind = None

    def add_run(self, run):
        run = copy.deepcopy(run)
        driver = run.get("tool", {}).get("driver", {})
        # Independent of input order: the driver that sorts first.
        this = {k: v for k, v in driver.items() if k != "rules"}
        if self.driver is None or dumps(this) < dumps(self.driver):
            self.driver = this
        for rule in driver.get("rules", []):
            self.rules.setdefault(rule["id"], rule)
        self.column_kind = self.column_kind or run.get("columnKind")

        # Base ids that disagree with an earlier input (another source root)
        # are resolved into absolute URIs rather than merged wrongly.
        resolve = {}
        for name, loc in run.get("originalUriBaseIds", {}).items():
            if self.base_ids.setdefault(name, loc) != loc:
                resolve[name] = loc.get("uri", "")

        old_artifacts = run.get("artifacts", [])

        def fix(loc):
            base = loc.get("uriBaseId")
            if "uri" not in loc and "index" in loc:
                idx = loc["index"]
                if 0 <= idx < len(old_artifacts):
                    art_loc = old_artifacts[idx].get("location", {})
                    loc["uri"] = art_loc.get("uri")
                    base = art_loc.get("uriBaseId")
                    if base:
                        loc["uriBaseId"] = base
            if base in resolve:
                loc["uri"] = urllib.parse.urljoin(resolve[base], loc["uri"])
                del loc["uriBaseId"]
            loc.pop("index", None)

        walk_artifact_locations(run, fix)
        for art in old_artifacts:
            loc = art.get("location", {})
            if loc.get("uriBaseId") in resolve:
                loc["uri"] = urllib.parse.urljoin(resolve[loc["uriBaseId"]],
                                                  loc["uri"])
                del loc["uriBaseId"]
            key = (loc.get("uri"), loc.get("uriBaseId", ""))
            merged = self.artifacts.setdefault(key, {"location": dict(loc)})
            roles = set(merged.get("roles", [])) | set(art.get("roles", []))
            if roles:
                merged["roles"] = sorted(roles)
            for k, v in art.items():
                if k not in ("location", "roles", "parentIndex"):
                    merged.setdefault(k, v)

        for result in run.get("results", []):
            result.pop("ruleIndex", None)
            key = result_key(result)
            # Equal keys: keep the result that sorts first, so the choice
            # does not depend on input order; one still reported wins over
            # an absent one.
            old = self.results.get(key)
            if old is None or (is_absent(old), dumps(result)) < (
                    is_absent(result), dumps(old)):
                self.results[key] = result

        for inv in run.get("invocations", []):
            if not inv.get("executionSuccessful", False):
                self.success = False
            for n in inv.get("toolExecutionNotifications", []):
                self.notifications[dumps(n)] = n

    def compare(self, baseline):
        """Sets baselineState against the Merger baseline (see the module
        doc) and adds its results missing here as absent ones."""
        self.results = {k: r for k, r in self.results.items()
                        if not is_absent(r)}
        known = {k for k, r in baseline.results.items() if not is_absent(r)}
        for rule_id, rule in baseline.rules.items():
            self.rules.setdefault(rule_id, rule)
        for key, result in self.results.items():
            result["baselineState"] = "unchanged" if key in known else "new"
        for key in sorted(known - set(self.results)):
            result = baseline.results[key]
            result.pop("codeFlows", None)
            result["baselineState"] = "absent"

            # The baseline's base ids may point elsewhere (another
            # checkout): such locations become absolute.
            def fix(loc):
                base = loc.get("uriBaseId")
                if base and baseline.base_ids.get(base) != \
                        self.base_ids.get(base):
                    root = baseline.base_ids.get(base, {}).get("uri", "")
                    loc["uri"] = urllib.parse.urljoin(root, loc["uri"])
                    del loc["uriBaseId"]
                art = (loc.get("uri"), loc.get("uriBaseId", ""))
                self.artifacts.setdefault(art, {"location": dict(loc)})

            walk_artifact_locations(result, fix)
            self.results[key] = result

    def log(self, category="racesift"):
        rules = [self.rules[k] for k in sorted(self.rules)]
        rule_index = {r["id"]: i for i, r in enumerate(rules)}
        keys = sorted(self.artifacts, key=lambda k: (k[1], k[0] or ""))
        index = {k: i for i, k in enumerate(keys)}

        def set_index(loc):
            key = (loc.get("uri"), loc.get("uriBaseId", ""))
            if key in index:
                loc["index"] = index[key]

        def sort_key(r):
            loc = (r.get("locations") or [{}])[0].get("physicalLocation", {})
            region = loc.get("region", {})
            return (loc.get("artifactLocation", {}).get("uri", ""),
                    region.get("startLine", 0), region.get("startColumn", 0),
                    r.get("ruleId", ""), dumps(r))

        results = sorted(self.results.values(), key=sort_key)
        for r in results:
            if r.get("ruleId") in rule_index:
                r["ruleIndex"] = rule_index[r["ruleId"]]
        driver = dict(self.driver or {"name": "RaceSift"})
        driver["rules"] = rules
        invocation = {"executionSuccessful": self.success}
        if self.notifications:
            invocation["toolExecutionNotifications"] = [
                self.notifications[k] for k in sorted(self.notifications)]
        run = {"tool": {"driver": driver}, "invocations": [invocation],
               "results": results}
        if self.column_kind:
            run["columnKind"] = self.column_kind
        # One analysis of its own for code scanning: the inputs' categories
        # (one per module) name parts of it.
        run["automationDetails"] = {
            "id": category if category.endswith("/") else category + "/"}
        if self.base_ids:
            run["originalUriBaseIds"] = self.base_ids
        if keys:
            run["artifacts"] = [self.artifacts[k] for k in keys]
        walk_artifact_locations(run["results"], set_index)
        return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".",
                               suffix=".tmp", dir=directory)
    try:
        # mkstemp makes the file private (0600); a log is for the team.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv):
    parser = argparse.ArgumentParser(
        description="Merge RaceSift SARIF logs into one deduplicated log "
        "(RaceSift " + racesift_version() + ").")
    parser.add_argument("-o", "--output", required=True,
                        help="merged SARIF file to write")
    parser.add_argument("--baseline", metavar="BASE.sarif",
                        help="mark results new, unchanged or absent "
                        "against this log")
    parser.add_argument("--category", default="racesift",
                        help="the merged run's automationDetails category "
                        "for code scanning (default: racesift)")
    parser.add_argument("inputs", nargs="+", metavar="DIR_OR_FILE",
                        help="SARIF files, or directories of *.sarif files")
    parser.add_argument("--version", action="version",
                        version="%(prog)s (RaceSift " + racesift_version() +
                        ")")
    args = parser.parse_args(argv)
    try:
        files = input_files(args.inputs)
        out = os.path.abspath(args.output)
        # Neither the output nor the baseline is an input, should a
        # directory of logs hold them.
        skip = {out} | ({os.path.abspath(args.baseline)} if args.baseline
                        else set())
        files = [f for f in files if os.path.abspath(f) not in skip]
        if not files:
            raise MergeError("no SARIF files in " + " ".join(args.inputs))
        merger = Merger()
        for path in files:
            for run in load(path)["runs"]:
                merger.add_run(run)
        if args.baseline:
            baseline = Merger()
            for run in load(args.baseline)["runs"]:
                baseline.add_run(run)
            merger.compare(baseline)
        text = json.dumps(merger.log(args.category), indent=2, sort_keys=True,
                          ensure_ascii=False) + "\n"
        write_atomically(args.output, text)
    except (MergeError, OSError) as e:
        print(f"sarif-merge: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
