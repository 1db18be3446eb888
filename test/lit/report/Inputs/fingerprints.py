"""Compares two SARIF logs of the same program: prints how many results
each has, how far their first locations moved, and whether every result's
partialFingerprints are the same in both."""
import json
import sys


def results(path):
    with open(path) as f:
        return json.load(f)["runs"][0]["results"]


def line(r):
    return r["locations"][0]["physicalLocation"]["region"]["startLine"]


a, b = results(sys.argv[1]), results(sys.argv[2])
print("results", len(a), len(b))
print("moved", *[line(y) - line(x) for x, y in zip(a, b)])
same = all(x["partialFingerprints"] == y["partialFingerprints"] for x, y in zip(a, b))
print("fingerprints", "equal" if same and len(a) == len(b) else "differ")
