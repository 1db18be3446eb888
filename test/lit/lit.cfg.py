# Lit configuration for RaceSift's end-to-end and printer tests.
import os
import sys

import lit.formats

config.name = "RaceSift"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.racesift_obj_root, "test", "lit")

bin = config.llvm_bin
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%llvm_bin", bin))
config.substitutions.append(("%clang", os.path.join(bin, "clang")))
config.substitutions.append(("%opt", os.path.join(bin, "opt")))
config.substitutions.append(("%lld", os.path.join(bin, "ld.lld")))
config.substitutions.append(("%FileCheck", os.path.join(bin, "FileCheck")))
config.substitutions.append(("%not", os.path.join(bin, "not")))
config.substitutions.append(("%racesift_clang_plugin",
                             config.racesift_clang_plugin))
config.substitutions.append(("%racesift_plugin", config.racesift_plugin))
config.substitutions.append(("%examples", os.path.join(
    config.racesift_src_root, "examples", "pthreads")))
config.substitutions.append(("%scripts", os.path.join(
    config.racesift_src_root, "scripts")))
# What a user's build uses: the build's bin/ (racesift-cc, racesift-c++ and
# the scripts, with the version filled in), the build tree itself (for
# `cmake --install` and find_package), and the version CMake set.
config.substitutions.append(("%racesift_bin", os.path.join(
    config.racesift_obj_root, "bin")))
config.substitutions.append(("%racesift_build", config.racesift_obj_root))
config.substitutions.append(("%racesift_version", config.racesift_version))
config.substitutions.append(("%cmake", config.cmake))

# A hung test fails alone instead of stopping the suite (lit needs psutil
# to kill it: python3-psutil, which scripts/setup.sh installs). Generous:
# the sanitized build runs several times slower.
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = 600
except ImportError:
    lit_config.note("no psutil: lit tests run without a per-test timeout")

# Tests must not inherit a developer's RACESIFT_OPTIONS. The whole suite
# can run with options of its own, for checks that change no output:
# `lit --param racesift_options=verify` (tests that set RACESIFT_OPTIONS
# themselves replace it).
config.environment.pop("RACESIFT_OPTIONS", None)
if lit_config.params.get("racesift_options"):
    config.environment["RACESIFT_OPTIONS"] = lit_config.params[
        "racesift_options"]
for var in ("HOME", "PATH", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if config.racesift_sanitized:
    # The plugin is loaded into uninstrumented clang/opt/lld, which must
    # carry the sanitizer runtime for it (the shared ASan runtime holds the
    # UBSan handlers too).
    import subprocess as _sp
    runtime = _sp.run([os.path.join(bin, "clang"),
                       "-print-file-name=libclang_rt.asan-x86_64.so"],
                      capture_output=True, text=True).stdout.strip()
    config.environment["LD_PRELOAD"] = runtime
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:verify_asan_link_order=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# The SARIF Multitool comes from npm; scripts/setup.sh installs it into
# RACESIFT_TOOLS_DIR (default ~/.cache/racesift), the tests install
# nothing. Where it is missing the validation test is unsupported, except
# under CI, where a missing validator must fail the suite rather than hide.
import subprocess
for var in ("RACESIFT_TOOLS_DIR", "CI"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if os.environ.get("CI") or subprocess.run(
        [os.path.join(config.racesift_src_root, "scripts", "validate-sarif.sh"),
         "--check-installed"], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("sarif-multitool")
