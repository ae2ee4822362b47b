"""Every op of the ternary elementwise family, on every element type each
target allows, on the interpreter and the JIT (both targets) and on pto-isa's
CPU simulator (A5), bit for bit against elementwise_model.py: the binary
model applied left to right, each operation rounded in the element type, as
ElementOpCal<OP_ADDC>, <OP_SUBC>, <OP_ADDCS> and <OP_SUBCS> compute
(include/pto/cpu/ElementOp.h:392, :397, :556, :561; g++ 12 computes each
_Float16 operation in float and rounds it back). taddsc and tsubsc take a
scalar as their middle operand: each kernel runs for scalars that tell
roundings apart (NaN, -0, infinity, the largest finite value, a subnormal;
an integer's extremes). PTOAS a56b18c3's TAddCOp, TSubCOp, TAddSCOp and
TSubSCOp verifiers (lib/PTO/IR/PTO.cpp:2722, :8647, :2833, :8700) check
shapes only; bf16 does not run on the simulator (docs/ptoas.md); the 8-byte
integers run on the host engines only.
"""
import ml_dtypes
import numpy as np
from elementwise_model import DTYPES, inputs, model
from family_engines import FamilyCases

from pto_mlir import runtime
from pto_mlir.dialects._pto_families import ins_of

ROWS = 4
_PTOAS = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "f32")
CASES = FamilyCases("ternary_elementwise", {"taddc": _PTOAS, "tsubc": _PTOAS,
                                            "taddsc": _PTOAS, "tsubsc": _PTOAS})
_FIRST = {"addc": "add", "subc": "sub"}


def _tile(element):
    return f"!pto.tile<vec, {ROWS}x{64 // np.dtype(DTYPES[element]).itemsize}x{element}>"


def _kernel(target, ops, t, s):
    """@k(%a: T, %b: T, %c: T, %s: S): taddc and tsubc of %a, %b, %c;
    taddsc and tsubsc of %a, %s, %c."""
    lines = []
    for k, row in enumerate(ops):
        if "scalar" in ins_of(row):
            lines.append(f"    %r{k} = pto.{row.mnemonic} %a, %s, %c : ({t}, {s}, {t}) -> {t}")
        else:
            lines.append(f"    %r{k} = pto.{row.mnemonic} %a, %b, %c : ({t}, {t}, {t}) -> {t}")
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {t}, %b: {t}, %c: {t}, %s: {s}) -> ({types}) {{\n"
            + "\n".join(lines) + f"\n    return {results} : {types}\n  }}\n}}\n")


def _scalars(rng, dtype):
    """The middle operands of taddsc and tsubsc."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return [rng.integers(info.min, info.max, endpoint=True, dtype=dtype), dtype(info.min),
                dtype(info.max)]
    finfo = ml_dtypes.finfo(dtype) if dtype == ml_dtypes.bfloat16 else np.finfo(dtype)
    return [dtype(rng.standard_normal() * 4), dtype(-0.0), dtype(np.nan), dtype(-np.inf),
            dtype(float(finfo.max)), dtype(float(finfo.smallest_subnormal))]


def _argument(scalar):
    """The kernel argument of a scalar: an integer as the signless value, a
    float as the Python float of the same value (exact)."""
    if np.issubdtype(scalar.dtype, np.integer):
        bits = scalar.dtype.itemsize * 8
        value = int(scalar)
        return value - (1 << bits) if value >= 1 << (bits - 1) else value
    return float(scalar)


def _check(target, element, engine):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}c".encode()))
    shape = (ROWS, 64 // np.dtype(dtype).itemsize)
    a, b = inputs(rng, dtype, shape)
    c, _ = inputs(rng, dtype, shape)
    c = np.roll(c, 1)  # the special pairs meet other values in the second operation
    text = _kernel(target, ops, _tile(element), element.replace("ui", "i"))
    for scalar in _scalars(rng, dtype):
        results = runtime.run(text, "k", a, b, c, _argument(scalar), engine=engine)
        results = results if isinstance(results, tuple) else (results,)
        for row, got in zip(ops, results):
            second = np.full_like(a, scalar) if "scalar" in ins_of(row) else b
            want = model("add", model(_FIRST[row.element_op], a, second), c)
            got = np.asarray(got)
            assert got.dtype == want.dtype, row.mnemonic
            assert got.tobytes() == want.tobytes(), (row.mnemonic, scalar, a, b, c, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)
