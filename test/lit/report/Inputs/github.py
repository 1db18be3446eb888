"""Prints what GitHub code scanning and VS Code's SARIF viewer take from a
RaceSift log, one fact per line, for FileCheck: the run's category, root
and analysed files, each rule's level and properties, and per result its
level, file, region, fingerprints, suppressions and whether the first
threadFlow of its first codeFlow (all a viewer shows) reaches both racing
accesses."""
import json
import re
import sys

log = json.load(open(sys.argv[1]))
run = log["runs"][0]
print("category", run["automationDetails"]["id"])
print("root", run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
for a in run.get("artifacts", []):
    if "analysisTarget" in a.get("roles", []):
        loc = a["location"]
        print("target", loc.get("uriBaseId", "-"), loc["uri"])
for r in run["tool"]["driver"]["rules"]:
    p = r["properties"]
    print("rule", r["id"], r["defaultConfiguration"]["level"],
          p["problem.severity"], p["precision"], p["security-severity"],
          ",".join(p["tags"]))


def line(loc):
    return loc["physicalLocation"]["region"]["startLine"]


for res in run["results"]:
    phys = res["locations"][0]["physicalLocation"]
    reg = phys["region"]
    fp = res["partialFingerprints"]
    lh = fp.get("primaryLocationLineHash", "")
    print("result", res["ruleId"], res["level"],
          phys["artifactLocation"].get("uriBaseId", "-"),
          phys["artifactLocation"]["uri"],
          "line", reg["startLine"], "to", reg.get("endLine"),
          "columns", reg.get("startColumn"), "to", reg.get("endColumn"),
          "linehash", "ok" if re.fullmatch(r"[0-9a-f]+:[0-9]+", lh) else
          repr(lh),
          "own", "ok" if "racesiftFingerprint/v1" in fp else "missing",
          "suppressed", [s["kind"] for s in res.get("suppressions", [])])
    flows = res.get("codeFlows", [])
    if flows:
        first = flows[0]["threadFlows"][0]["locations"]
        shown = {line(s["location"]) for s in first
                 if s["importance"] == "essential"}
        wanted = {line(res["locations"][0]),
                  line(res["relatedLocations"][0])}
        print("  viewer shows", len(first), "steps of",
              sum(len(t["locations"]) for t in flows[-1]["threadFlows"]),
              "both accesses" if shown == wanted else
              f"accesses {sorted(shown)} not {sorted(wanted)}",
              "threads", sorted({s["location"]["message"]["text"]
                                 .split(":")[0] for s in first}))
