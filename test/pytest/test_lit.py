"""Runs the lit suites (test/**/*.mlir, *.ptoasm) once and reports each file as a test."""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import pytest

TEST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _lit_files():
    for root, dirs, files in os.walk(TEST_DIR):
        dirs[:] = [d for d in dirs if d not in ("pytest", "fuzz", "Inputs")]
        for name in files:
            if name.endswith((".mlir", ".ptoasm")):
                yield os.path.relpath(os.path.join(root, name), TEST_DIR)


@pytest.fixture(scope="session")
def lit_results():
    """Runs lit once; maps each test file to (passed, output)."""
    with tempfile.TemporaryDirectory() as tmp:
        xml_path = os.path.join(tmp, "lit.xml")
        env = dict(os.environ, PTO_LIT_EXEC_ROOT=tmp)
        proc = subprocess.run(
            [sys.executable, "-c",
             "import sys, lit.main; sys.argv[0] = 'lit'; lit.main.main()",
             TEST_DIR, "-q", "--xunit-xml-output", xml_path],
            capture_output=True, text=True, env=env)
        if not os.path.exists(xml_path):
            pytest.fail(f"lit did not run:\n{proc.stdout}\n{proc.stderr}")
        results = {}
        for case in ET.parse(xml_path).getroot().iter("testcase"):
            # classname "pto-mlir.Dialect", name "types.mlir"
            folder = case.get("classname").split(".", 1)[1].replace(".", os.sep)
            failure = case.find("failure")
            results[os.path.join(folder, case.get("name"))] = (
                failure is None and case.find("skipped") is None,
                failure.text if failure is not None else "")
        return results


@pytest.mark.parametrize("path", sorted(_lit_files()))
def test_lit(lit_results, path):
    assert path in lit_results, f"lit did not report {path}"
    passed, output = lit_results[path]
    assert passed, output
