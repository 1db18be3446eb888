"""Prints what a SARIF result's codeFlow shows, one fact per line, for
FileCheck: its threadFlows, whether executionOrder numbers the steps of all
threadFlows 1..N, every step in that global order, and the related
locations."""
import json
import sys


def region(loc):
    r = loc.get("physicalLocation", {}).get("region", {})
    return r.get("startLine", 0)


log = json.load(open(sys.argv[1]))
for res in log["runs"][0]["results"]:
    print("result", res["ruleId"], region(res["locations"][0]))
    for rel in res.get("relatedLocations", []):
        print("  related", rel["id"], region(rel), rel["message"]["text"])
    flows = res.get("codeFlows", [])
    # The last codeFlow has a threadFlow per thread.
    for flow in flows[-1:]:
        steps = []
        print("  threadFlows", *[tf["id"] for tf in flow["threadFlows"]])
        for tf in flow["threadFlows"]:
            for s in tf["locations"]:
                steps.append((s["executionOrder"], tf["id"], s))
        steps.sort(key=lambda x: x[0])
        orders = [o for o, _, _ in steps]
        print("  executionOrder",
              "1..N" if orders == list(range(1, len(steps) + 1)) else orders)
        for order, thread, s in steps:
            print("  step", order, s["importance"], thread + ":",
                  s["location"]["message"]["text"], region(s["location"]))
        viewer = [(s["executionOrder"], s["importance"],
                   s["location"]["message"]["text"], region(s["location"]))
                  for s in flows[0]["threadFlows"][0]["locations"]]
        ordered = [(o, s["importance"],
                    t + ": " + s["location"]["message"]["text"],
                    region(s["location"])) for o, t, s in steps]
        print("  viewer flow", "same" if len(flows) == 2 and
              len(flows[0]["threadFlows"]) == 1 and viewer == ordered
              else viewer)
