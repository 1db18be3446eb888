# ===- verdicts-match.awk - a racy program's race among the warnings -----=== #
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===---------------------------------------------------------------------=== #
#
# Reads one compile's diagnostics and prints "BEST OTHER": BEST is
# "confirmed", "possible" or "none", the strongest warning whose two lines
# (the warning's and its "conflicting ... here" note's, or for a possible
# race one of its "also a possible data race ... here" notes') are a race
# of SPEC;
# OTHER counts confirmed warnings on other lines. A warning on the right
# variable but the wrong lines (a library write reaching the object
# through a merged pointer) is not the race the program has.
#
#   awk -v FILE=path/NAME_racy.c -v SPEC='28,29 vs 12; 19 vs 19,32' -f ...
#
# SPEC lists races as "LINES vs LINES" separated by ';', LINES as
# comma-separated numbers or ranges (15-16); either side may be the
# warning's.
#
# ===---------------------------------------------------------------------=== #
function expand(list, set,    n, parts, i, r, l) {
  n = split(list, parts, ",")
  for (i = 1; i <= n; i++) {
    if (split(parts[i], r, "-") == 2) {
      for (l = r[1] + 0; l <= r[2] + 0; l++)
        set[l] = 1
    } else
      set[parts[i] + 0] = 1
  }
}
function is_race(l1, l2,    p, a, b) {
  for (p = 1; p <= npairs; p++) {
    delete a
    delete b
    expand(A[p], a)
    expand(B[p], b)
    if ((l1 in a && l2 in b) || (l1 in b && l2 in a))
      return 1
  }
  return 0
}
# The line a diagnostic names in the program itself, or 0 (a header).
function line_in_program(s,    i, f) {
  i = index(s, BASE ":")
  if (i == 0 || (i > 1 && substr(s, i - 1, 1) != "/"))
    return 0
  split(substr(s, i + length(BASE) + 1), f, ":")
  return f[1] + 0
}
BEGIN {
  npairs = split(SPEC, pairs, ";")
  for (p = 1; p <= npairs; p++) {
    gsub(/ /, "", pairs[p])
    split(pairs[p], sides, "vs")
    A[p] = sides[1]
    B[p] = sides[2]
  }
  BASE = FILE
  sub(/.*\//, "", BASE)
  best = "none"
  other = 0
  pending = ""
}
/: warning: (possible )?data race/ {
  wline = line_in_program($0)
  pending = ""
  group = 0
  if (wline)
    pending = ($0 ~ /: warning: possible data race/) ? "possible" : "confirmed"
  group = pending == "possible"
  next
}
pending != "" && /: note: conflicting (read|write) .* here/ {
  if (is_race(wline, line_in_program($0))) {
    if (pending == "confirmed" || best == "none")
      best = pending
  } else if (pending == "confirmed")
    other++
  pending = ""
  next
}
# Possible races at one access are one warning; its other pairs are notes.
group && /: note: also a possible data race .* here$/ {
  if (is_race(wline, line_in_program($0)) && best == "none")
    best = "possible"
}
END { print best, other }
