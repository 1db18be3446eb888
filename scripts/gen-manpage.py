#!/usr/bin/env python3
# ===- gen-manpage.py - racesift(1) from its template and the README ----=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
"""Write the racesift(1) man page.

Usage: gen-manpage.py --version V README.md racesift.1.in racesift.1

The OPTIONS section is README.md's options table (the rows after the
"| option | value | meaning |" header), so the options are described in one
place; @VERSION@ becomes V. Standard library only.
"""

import argparse
import re
import sys

HEADER = "| option | value | meaning |"


def roff_text(text):
    """Markdown cell text to roff: `code` in bold, roff's specials escaped."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = re.sub(r"`([^`]*)`", r"\\fB\1\\fR", text)
    text = re.sub(r"\*([^*]+)\*", r"\\fI\1\\fR", text)
    # A line may not start with a control character.
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def options_section(readme):
    lines = readme.splitlines()
    try:
        start = lines.index(HEADER)
    except ValueError:
        raise SystemExit("gen-manpage: README.md has no options table "
                         "(a line '%s')" % HEADER)
    out = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3:
            raise SystemExit("gen-manpage: README.md: bad options row: "
                             + line)
        name, value, meaning = cells
        name = name.strip("`")
        out.append(".TP")
        head = "\\fB%s\\fR" % roff_text(name)
        if value:
            head += "=\\fI%s\\fR" % roff_text(value)
        out.append(head)
        out.append(roff_text(meaning))
    if not out:
        raise SystemExit("gen-manpage: README.md: the options table is empty")
    return "\n".join(out)


def main(argv):
    ap = argparse.ArgumentParser(description="Write the racesift(1) man "
                                 "page from its template and README.md.")
    ap.add_argument("--version", required=True)
    ap.add_argument("readme")
    ap.add_argument("template")
    ap.add_argument("output")
    args = ap.parse_args(argv)
    with open(args.readme, encoding="utf-8") as f:
        options = options_section(f.read())
    with open(args.template, encoding="utf-8") as f:
        page = f.read()
    page = page.replace("@VERSION@", args.version)
    page = page.replace("@OPTIONS@", options)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
