"""Prints each SARIF result's stacks, one per line, for FileCheck: the
stack's message, then its frames innermost first as function@line."""
import json
import os
import sys


def frame(f):
    loc = f["location"]
    name = loc.get("logicalLocations", [{}])[0].get("name", "?")
    phys = loc.get("physicalLocation", {})
    uri = os.path.basename(phys.get("artifactLocation", {}).get("uri", "?"))
    line = phys.get("region", {}).get("startLine", 0)
    return "%s@%s:%d" % (name, uri, line)


log = json.load(open(sys.argv[1]))
for res in log["runs"][0]["results"]:
    print("result", res["ruleId"])
    for st in res.get("stacks", []):
        example = " (example)" if st.get("properties", {}).get("example") else ""
        print("  stack" + example, st["message"]["text"])
        print("   ", " <- ".join(frame(f) for f in st["frames"]))
    for flow in res.get("codeFlows", []):
        for tf in flow["threadFlows"]:
            for s in tf["locations"]:
                if s["importance"] == "essential":
                    print("  essential", tf["id"], s["location"]["message"]["text"],
                          "nestingLevel", s.get("nestingLevel"))
