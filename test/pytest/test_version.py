"""One version (pyproject.toml's) everywhere, and LLVM's test tools reachable
for users' own lit suites."""
import os
import re
import subprocess
import sys

import pto_mlir
from pto_mlir.tools import filecheck_path, llvm_tools_dir

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _pyproject_version():
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        return re.search(r'^version = "([^"]+)"$', f.read(), re.M)[1]


def test_package_version_is_pyprojects():
    assert pto_mlir.__version__ == _pyproject_version()


def test_pto_opt_version_names_pto_mlir_and_llvm():
    out = subprocess.run(["pto-opt", "--version"], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[-1] == f"pto-mlir version {_pyproject_version()}"
    assert "LLVM version 22.1.8" in out.stdout


def test_filecheck_path_is_a_working_filecheck():
    path = filecheck_path()
    assert os.path.dirname(path) == llvm_tools_dir()
    out = subprocess.run([path, "--version"], capture_output=True, text=True, check=True)
    assert "LLVM version 22.1.8" in out.stdout


def test_pto_lit_runs_a_suite_with_filecheck(tmp_path):
    (tmp_path / "lit.cfg.py").write_text(
        "import lit.formats\n"
        "config.name = 'mine'\n"
        "config.test_format = lit.formats.ShTest(execute_external=False)\n"
        "config.suffixes = ['.txt']\n")
    (tmp_path / "echo.txt").write_text("// RUN: echo hello | FileCheck %s\n// CHECK: hello\n")
    (tmp_path / "wrong.txt").write_text("// RUN: echo hello | FileCheck %s\n// CHECK: bye\n")
    proc = subprocess.run([sys.executable, "-m", "pto_mlir.tools.pto_lit", str(tmp_path), "-v"],
                          capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"^PASS: mine :: echo\.txt \([12] of 2\)$", proc.stdout, re.M)
    assert re.search(r"^FAIL: mine :: wrong\.txt \([12] of 2\)$", proc.stdout, re.M)
