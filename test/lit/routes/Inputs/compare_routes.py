"""Runs one source file through RaceSift's four routes, at -O0 and at -O2
(per translation unit and under LTO from unit summaries), and prints the
primary findings (warnings and errors), normalised to
'file:line:col: data race on ...', once per route, then whether all routes
agree.

usage: compare_routes.py BIN_DIR PASS_PLUGIN CLANG_PLUGIN WORK_DIR SOURCE
"""
import os
import re
import subprocess
import sys

bin_dir, pass_plugin, clang_plugin, work, src = sys.argv[1:6]
clang = os.path.join(bin_dir, "clang")
opt = os.path.join(bin_dir, "opt")
os.makedirs(work, exist_ok=True)
base = os.path.splitext(os.path.basename(src))[0]
lang = ["-x", "c++"] if src.endswith(".cpp") else []
cxxlib = ["-lstdc++"] if src.endswith(".cpp") else []
env = dict(os.environ)
env.pop("RACESIFT_OPTIONS", None)


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("command failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
    return p.stderr


LINE = re.compile(
    r"^(?:ld\.lld: )?(?:(?:warning|error): )?(?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+): "
    r"(?:(?:warning|error): )?(?P<msg>(?:possible )?data race on '[^']*')")


def findings(text):
    out = set()
    for l in text.splitlines():
        m = LINE.match(l)
        if m:
            out.add("%s:%s:%s: %s" % (os.path.basename(m["file"]), m["line"],
                                      m["col"], m["msg"]))
    return sorted(out)


cwd = os.path.dirname(os.path.abspath(src))
name = os.path.basename(src)
ll = os.path.join(work, base + ".ll")
run([clang, "-g", "-O0", "-S", "-emit-llvm", "-Xclang", "-disable-O0-optnone"]
    + lang + [name, "-o", ll], cwd)
routes = {
    "opt": findings(run([opt, "-load-pass-plugin=" + pass_plugin,
                         "-passes=racesift", "-disable-output", ll], cwd)),
    "fpass-plugin": findings(run([clang, "-g", "-O0", "-c", name, "-o",
                                  os.path.join(work, base + ".1.o"),
                                  "-fpass-plugin=" + pass_plugin], cwd)),
    "fplugin": findings(run([clang, "-g", "-O0", "-c", name, "-o",
                             os.path.join(work, base + ".2.o"),
                             "-fplugin=" + clang_plugin], cwd)),
}
lto_obj = os.path.join(work, base + ".lto.o")
run([clang, "-g", "-O0", "-flto", "-c", name, "-o", lto_obj], cwd)
routes["lto"] = findings(run([clang, "-flto", "-fuse-ld=lld",
                              "-Wl,--load-pass-plugin=" + pass_plugin,
                              lto_obj, "-o", os.path.join(work, base + ".exe"),
                              "-lpthread"] + cxxlib, cwd))

# At -O2 the racy accesses may be optimised away: the compile analyses the
# unit at the pipeline start, the LTO link the units' summaries.
routes["fplugin-O2"] = findings(run([clang, "-g", "-O2", "-c", name, "-o",
                                     os.path.join(work, base + ".3.o"),
                                     "-fplugin=" + clang_plugin], cwd))
lto2_obj = os.path.join(work, base + ".lto2.o")
run([clang, "-g", "-O2", "-flto", "-c", name, "-o", lto2_obj,
     "-fpass-plugin=" + pass_plugin], cwd)
routes["lto-O2"] = findings(run([clang, "-flto", "-fuse-ld=lld", "-O2",
                                 "-Wl,--load-pass-plugin=" + pass_plugin,
                                 lto2_obj, "-o",
                                 os.path.join(work, base + ".2.exe"),
                                 "-lpthread"] + cxxlib, cwd))

for route, fs in routes.items():
    for f in fs:
        print("%s: %s" % (route, f))
same = all(fs == routes["opt"] for fs in routes.values())
print("%s: %d finding(s), %s" % (name, len(routes["opt"]),
                                 "same on all routes" if same else "ROUTES DIFFER"))
