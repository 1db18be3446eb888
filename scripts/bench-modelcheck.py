#!/usr/bin/env python3
"""Benchmarks the model-checking layer (issue 5, item 8).

Generates pthreads programs with a growing number of worker threads, each
started from its own creation site, and runs print<racesift-mc> on them and
on examples/pthreads with partial-order reduction on and off. Prints a
markdown table of verdicts, states, transitions, time, states per second,
bytes per state and the reduction POR gives (states without / with).

Each worker takes a common lock around a shared counter (refuted by the
lockset layer, so it never reaches the explorer), writes a variable of its
own a few times (independent visible actions, what POR prunes), reads a
flag main sets before creating it (refuted by creation order) and bumps
an unprotected counter (a race). main reads every worker's variable after
joining all (refuted by join order).

Exits non-zero on a crash, or if a verdict differs between POR on and off
where both finished (POR must never change a verdict).

usage: scripts/bench-modelcheck.py [--plugin RaceSift.so] [--max-threads N]
                                   [--timeout S] [--max-states N]
"""
import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generate(n, accesses=3):
    out = ["#include <pthread.h>", "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;",
           "int counter, unprotected, flag;"]
    out += ["int own%d;" % i for i in range(n)]
    for i in range(n):
        body = ["  pthread_mutex_lock(&m);", "  counter++;",
                "  pthread_mutex_unlock(&m);"]
        body += ["  own%d = %d;" % (i, k) for k in range(accesses)]
        body += ["  if (flag) own%d++;" % i, "  unprotected++;", "  return 0;"]
        out += ["void *worker%d(void *arg) {" % i] + body + ["}"]
    out += ["int main(void) {", "  pthread_t t[%d];" % n, "  flag = 1;"]
    out += ["  pthread_create(&t[%d], 0, worker%d, 0);" % (i, i) for i in range(n)]
    out += ["  for (int i = 0; i < %d; i++)" % n, "    pthread_join(t[i], 0);"]
    out += ["  int s = 0;"] + ["  s += own%d;" % i for i in range(n)]
    out += ["  return s;", "}"]
    return "\n".join(out) + "\n"


VERDICT = re.compile(r"^(\S.*): (race|refuted|unknown)\b")
STATS = re.compile(r"stats: states (\d+) transitions (\d+) bytes/state (\d+) "
                   r"seconds ([0-9.]+)")


def run(plugin, ll, por, args):
    cmd = ["opt-19", "-load-pass-plugin=" + plugin, "-passes=print<racesift-mc>",
           "-racesift-stats", "-racesift-por=%d" % por,
           "-racesift-timeout=%g" % args.timeout,
           "-racesift-max-states=%d" % args.max_states, "-disable-output", ll]
    start = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - start
    if p.returncode != 0 and p.returncode != 1:
        raise RuntimeError("opt failed (%d) on %s:\n%s" % (p.returncode, ll, p.stderr[-2000:]))
    verdicts, states, trans, bytes_, secs = {}, 0, 0, [], 0.0
    for line in (p.stdout + p.stderr).splitlines():
        m = VERDICT.match(line)
        if m and not line.startswith("racesift-mc"):
            verdicts[m.group(1)] = m.group(2)
        m = STATS.search(line)
        if m:
            states += int(m.group(1))
            trans += int(m.group(2))
            bytes_.append(int(m.group(3)))
            secs += float(m.group(4))
    return {"verdicts": verdicts, "states": states, "transitions": trans,
            "bytes": max(bytes_) if bytes_ else 0, "seconds": secs, "wall": wall}


def compile_c(src, ll):
    subprocess.run(["clang-19", "-g", "-O0", "-S", "-emit-llvm", "-Xclang",
                    "-disable-O0-optnone", src, "-o", ll], check=True,
                   capture_output=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib", "RaceSift.so"))
    ap.add_argument("--max-threads", type=int, default=6)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--max-states", type=int, default=2000000)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="racesift-bench-mc-")
    # The build may be rebuilt while this runs: load a private copy.
    plugin = os.path.join(work, "RaceSift.so")
    shutil.copy(args.plugin, plugin)

    programs = []
    for n in range(2, args.max_threads + 1):
        src = os.path.join(work, "workers%d.c" % n)
        with open(src, "w") as f:
            f.write(generate(n))
        programs.append(("generated, %d workers" % n, src))
    for name in sorted(os.listdir(os.path.join(ROOT, "examples", "pthreads"))):
        if name.endswith(".c"):
            programs.append((name, os.path.join(ROOT, "examples", "pthreads", name)))

    rows, bad = [], 0
    for label, src in programs:
        ll = os.path.join(work, os.path.basename(src) + ".ll")
        compile_c(src, ll)
        res = {}
        for por in (1, 0):
            print("[bench-mc] %s, por=%d ..." % (label, por), file=sys.stderr, flush=True)
            res[por] = run(plugin, ll, por, args)
        a, b = res[1]["verdicts"], res[0]["verdicts"]
        for loc in sorted(set(a) | set(b)):
            va, vb = a.get(loc), b.get(loc)
            if va != vb and "unknown" not in (va, vb):
                print("[bench-mc] POR CHANGED A VERDICT: %s %s: por=1 %s, por=0 %s"
                      % (label, loc, va, vb), file=sys.stderr)
                bad += 1
        rows.append((label, res))

    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print("Machine: %d cores, %s, %s; %s" % (os.cpu_count(), cpu, platform.platform(),
                                            time.strftime("%Y-%m-%d")))
    print("Budgets: timeout %gs, max-states %d per location.\n" % (args.timeout, args.max_states))
    print("| program | POR | verdicts (race/refuted/unknown) | states | transitions "
          "| seconds | states/s | bytes/state | POR reduction |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, res in rows:
        for por in (1, 0):
            r = res[por]
            v = list(r["verdicts"].values())
            counts = "%d/%d/%d" % (v.count("race"), v.count("refuted"), v.count("unknown"))
            rate = r["states"] / r["seconds"] if r["seconds"] > 0 else float("nan")
            red = ""
            if por == 1 and res[1]["states"]:
                red = "%.1fx" % (res[0]["states"] / res[1]["states"])
            print("| %s | %s | %s | %d | %d | %.3f | %s | %d | %s |" % (
                label, "on" if por else "off", counts, r["states"], r["transitions"],
                r["seconds"], "%.0f" % rate if rate == rate else "-", r["bytes"], red))
    shutil.rmtree(work, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
