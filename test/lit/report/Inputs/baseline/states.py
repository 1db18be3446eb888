"""Prints each result of SARIF logs as: baselineState variable line."""
import json
import sys

for path in sys.argv[1:]:
    for run in json.load(open(path))["runs"]:
        for r in run["results"]:
            var = r["message"]["text"].split("'")[1]
            loc = r["locations"][0]["physicalLocation"]
            print(r.get("baselineState", "-"), var, loc["region"]["startLine"])
