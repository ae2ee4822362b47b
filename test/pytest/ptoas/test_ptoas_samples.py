"""PTOAS's own samples (its test/samples/**/*.pto) that use only ops
pto-mlir defines parse, verify, and run on both engines alike.

The samples come from the PTOAS source tree the environment variable
PTOAS_SRC names (tested with PTOAS a56b18c3); without it the test is
skipped and says so. The repository's own kernels in PTOAS's spelling are
test/Dialect/global-memory.mlir (its Addc sample's shape) and
test/pytest/jit/test_global_memory_differential.py.
"""
import os
import sys

import numpy as np
import pytest

from pto_mlir import ir

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "jit"))
from agreement import agree  # noqa: E402
from ptoas_samples import argument_arrays, survey  # noqa: E402

PTOAS_SRC = os.environ.get("PTOAS_SRC")

pytestmark = pytest.mark.skipif(
    not PTOAS_SRC,
    reason="PTOAS_SRC is not set: point it at a PTOAS source tree "
           "(github.com/hw-native-sys/PTOAS, tested at a56b18c3) to read its test/samples")


def _read_samples():
    rows = survey(PTOAS_SRC)
    assert rows, f"no test/samples/**/*.pto under PTOAS_SRC={PTOAS_SRC}"
    return [(name, status) for name, missing, status in rows if not missing]


def test_samples_we_read_verify():
    failed = [(name, status) for name, status in _read_samples() if status != "verified"]
    assert failed == []


def test_samples_we_read_run_alike_on_both_engines():
    rng = np.random.default_rng(0)
    ran = 0
    for name, _ in _read_samples():
        with open(os.path.join(PTOAS_SRC, name)) as f:
            text = f.read()
        with ir.Context():
            module = ir.Module.parse(text)
            entries = [(op.sym_name.value, argument_arrays(op, rng))
                       for op in module.body.operations
                       if op.operation.name == "func.func" and op.regions[0].blocks]
        for entry, arrays in entries:
            if arrays is None:
                continue
            assert agree(text, arrays, entry=entry) == "ok", (name, entry)
            ran += 1
    assert ran > 0
