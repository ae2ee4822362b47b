"""Diagnostics of sibling functions reach Python without a GIL abort.

With threading on, MLIR's verifier checks sibling modules and functions on
worker threads, and an error reported there can reach the bindings' error
capture on that thread, which builds Python objects without the GIL
(nanobind's checks abort the process: "incref_check ... GIL was not held").
pto_mlir's contexts are single-threaded (_mlir_libs/_site_initialize_0.py);
the repro runs in a subprocess because the failure kills the interpreter.
"""
import os
import subprocess
import sys

import pytest

from pto_mlir import ir

# Two nested modules, each holding two functions with empty bodies: the
# verifier checks the modules in parallel and, inside each, the functions in
# parallel, and every function fails (an empty block has no terminator).
NESTED = ("module { module { func.func @a() { ^bb0: } func.func @b() { ^bb0: } } "
          "module { func.func @c() { ^bb0: } func.func @d() { ^bb0: } } }")
REPRO = f"""
from pto_mlir import ir
for _ in range(200):
    with ir.Context():
        try:
            ir.Module.parse({NESTED!r})
        except ir.MLIRError:
            pass
print("survived")
"""


def test_parsing_sibling_errors_repeatedly_does_not_abort():
    # The child imports pto_mlir from where this process does.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.run([sys.executable, "-c", REPRO], capture_output=True, text=True,
                          timeout=300, env=env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "survived\n", "")


def test_both_errors_are_reported_in_order():
    with ir.Context():
        with pytest.raises(ir.MLIRError) as info:
            ir.Module.parse(NESTED)
    assert [(str(d.location), d.message) for d in info.value.error_diagnostics] == [
        ('loc("-":1:19)', "empty block: expect at least a terminator"),
        ('loc("-":1:44)', "empty block: expect at least a terminator"),
        ('loc("-":1:80)', "empty block: expect at least a terminator"),
        ('loc("-":1:105)', "empty block: expect at least a terminator")]
