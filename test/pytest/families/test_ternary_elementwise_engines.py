"""Every op of the ternary elementwise family, on every element type each
target allows, on the interpreter and the JIT (both targets) and on pto-isa's
CPU simulator (A5), bit for bit against elementwise_model.py: the binary
model applied left to right, each operation rounded in the element type, as
ElementOpCal<OP_ADDC> and <OP_SUBC> compute (include/pto/cpu/ElementOp.h:392,
:397; g++ 12 computes each _Float16 operation in float and rounds it back).
PTOAS a56b18c3's TAddCOp and TSubCOp verifiers (lib/PTO/IR/PTO.cpp:2722,
:8647) check shapes only; bf16 does not run on the simulator
(docs/ptoas.md); the 8-byte integers run on the host engines only.
"""
import numpy as np
from elementwise_model import DTYPES, inputs, model
from family_engines import FamilyCases

from pto_mlir import runtime

ROWS = 4
_PTOAS = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "f32")
CASES = FamilyCases("ternary_elementwise", {"taddc": _PTOAS, "tsubc": _PTOAS})
_FIRST = {"addc": "add", "subc": "sub"}


def _tile(element):
    return f"!pto.tile<vec, {ROWS}x{64 // np.dtype(DTYPES[element]).itemsize}x{element}>"


def _kernel(target, ops, t):
    body = "\n".join(f"    %r{k} = pto.{row.mnemonic} %a, %b, %c : ({t}, {t}, {t}) -> {t}"
                     for k, row in enumerate(ops))
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {t}, %b: {t}, %c: {t}) -> ({types}) {{\n{body}\n"
            f"    return {results} : {types}\n  }}\n}}\n")


def _check(target, element, engine):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}c".encode()))
    shape = (ROWS, 64 // np.dtype(dtype).itemsize)
    a, b = inputs(rng, dtype, shape)
    c, _ = inputs(rng, dtype, shape)
    c = np.roll(c, 1)  # the special pairs meet other values in the second operation
    results = runtime.run(_kernel(target, ops, _tile(element)), "k", a, b, c, engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = model("add", model(_FIRST[row.element_op], a, b), c)
        got = np.asarray(got)
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, a, b, c, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)
