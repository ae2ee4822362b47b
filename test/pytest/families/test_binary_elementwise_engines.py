"""Every op of the binary elementwise family, on every element type each
target allows, on the interpreter and the JIT (both targets) and on pto-isa's
CPU simulator (A5, whose element types include A2/A3's: the simulator's code
is the same for both), bit for bit against elementwise_model.py.

One kernel per (target, element type) computes every op of the family that
allows the type, so that the simulator compiles one kernel per element type.
The simulator runs what ptoas reads: PTOAS a56b18c3's A5 verifiers
(lib/PTO/IR/PTO.cpp: tadd :2717, tsub :8641, tmul :6078, tmax :4992, tmin
:5074, tand :2900, tor :6324, tdiv :3807) take fewer element types than the NPU headers
(no 8-byte integers; tmul no 1-byte ones; tsub, tmax, tmin no bf16): the
other ops and types run on the two host engines only. bf16 does not run on
the simulator anyway (pto-isa under C++20 makes bfloat16_t a half:
docs/ptoas.md); the host engines compute it as the hardware does.
"""
import numpy as np
from elementwise_model import DTYPES, inputs, model
from family_engines import FamilyCases

from pto_mlir import runtime

ROWS = 4


def _tile(element):
    cols = 64 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {ROWS}x{cols}x{element}>"


_INTS = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
PTOAS_A5 = {"tadd": (*_INTS, "f16", "bf16", "f32"), "tsub": (*_INTS, "f16", "f32"),
            "tmul": (*_INTS[2:], "f16", "f32"), "tmax": (*_INTS, "f16", "f32"),
            "tmin": (*_INTS, "f16", "f32"), "tand": _INTS, "tor": _INTS,
            "tdiv": ("f16", "f32")}
CASES = FamilyCases("binary_elementwise", PTOAS_A5)


def _kernel(target, element, engine):
    """@k(%a, %b: T) -> (T, ...): one result per op of CASES.ops_of(...)."""
    t = _tile(element)
    ops = CASES.ops_of(target, element, engine)
    body = "\n".join(f"    %r{k} = pto.{row.mnemonic} %a, %b : ({t}, {t}) -> {t}"
                     for k, row in enumerate(ops))
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return ops, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                 f"  func.func @k(%a: {t}, %b: {t}) -> ({types}) {{\n{body}\n"
                 f"    return {results} : {types}\n  }}\n}}\n")


def _check(target, element, engine):
    ops, text = _kernel(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}".encode()))
    cols = 64 // np.dtype(dtype).itemsize
    a, b = inputs(rng, dtype, (ROWS, cols))
    results = runtime.run(text, "k", a, b, engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = model(row.element_op, a, b)
        got = np.asarray(got)
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, a, b, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)
