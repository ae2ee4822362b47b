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
docs/ptoas.md); the host engines compute it as the hardware does. tshl and
tshr never run there: the simulator has no code for them (the pto-isa
engine refuses them, test_shifts_have_no_simulator_code). Their counts are
a third operand, every count in [0, the element's bits).
"""
import numpy as np
import pytest
from elementwise_model import DTYPES, SHIFTS, inputs, model, shift_counts
from family_engines import FamilyCases

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa

ROWS = 4


def _tile(element):
    cols = 64 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {ROWS}x{cols}x{element}>"


_INTS = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
PTOAS_A5 = {"tadd": (*_INTS, "f16", "bf16", "f32"), "tsub": (*_INTS, "f16", "f32"),
            "tmul": (*_INTS[2:], "f16", "f32"), "tmax": (*_INTS, "f16", "f32"),
            "tmin": (*_INTS, "f16", "f32"), "tand": _INTS, "tor": _INTS,
            "tdiv": ("f16", "f32"), "tshl": (), "tshr": ()}
CASES = FamilyCases("binary_elementwise", PTOAS_A5)


def _kernel(target, element, engine):
    """@k(%a, %b, %n: T) -> (T, ...): one result per op of CASES.ops_of(...),
    %n the counts of the shifts."""
    t = _tile(element)
    ops = CASES.ops_of(target, element, engine)
    body = "\n".join(f"    %r{k} = pto.{row.mnemonic} %a, "
                     f"{'%n' if row.element_op in SHIFTS else '%b'} : ({t}, {t}) -> {t}"
                     for k, row in enumerate(ops))
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return ops, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                 f"  func.func @k(%a: {t}, %b: {t}, %n: {t}) -> ({types}) {{\n{body}\n"
                 f"    return {results} : {types}\n  }}\n}}\n")


def _check(target, element, engine):
    ops, text = _kernel(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}".encode()))
    cols = 64 // np.dtype(dtype).itemsize
    a, b = inputs(rng, dtype, (ROWS, cols))
    counts = shift_counts(rng, dtype, (ROWS, cols)) if np.issubdtype(dtype, np.integer) else b
    results = runtime.run(text, "k", a, b, counts, engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = model(row.element_op, a, counts if row.element_op in SHIFTS else b)
        got = np.asarray(got)
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, a, b, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


def test_shifts_have_no_simulator_code(pto_isa_tools):
    t = _tile("i16")
    for op in ("tshl", "tshr"):
        kernel = (f"func.func @k(%a: {t}, %b: {t}) -> {t} {{\n"
                  f"  %r = pto.{op} %a, %b : ({t}, {t}) -> {t}\n  return %r : {t}\n}}\n")
        a = np.ones((ROWS, 32), np.int16)
        with pytest.raises(pto_isa.UnsupportedError) as info:
            runtime.run(kernel, "k", a, a, engine="pto-isa")
        assert str(info.value) == (
            f"the pto-isa engine cannot run @k: its pto.{op} at -:2:8 has no code in pto-isa's "
            f"CPU simulator (pto-isa 3186c381's include/pto/cpu defines no {op.upper()}_IMPL; "
            "only the NPU headers do), so it runs on the interpreter and the JIT only")


@pytest.mark.parametrize("op", ["tshl", "tshr"])
@pytest.mark.parametrize("element,count", [("i8", 8), ("i16", -1), ("ui32", 32), ("i64", 64)])
def test_a_shift_count_out_of_range(op, element, count):
    """The first count outside [0, bits) in row-major order fails, alike on
    both engines, before anything is written."""
    t = _tile(element)
    kernel = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
              f"  func.func @k(%a: {t}, %b: {t}) -> {t} {{\n"
              f"    %r = pto.{op} %a, %b : ({t}, {t}) -> {t}\n    return %r : {t}\n  }}\n}}\n")
    dtype = DTYPES[element]
    a = np.ones((ROWS, 64 // np.dtype(dtype).itemsize), dtype)
    b = np.zeros_like(a)
    b[2, 1], b[1, 3] = np.array(count).astype(dtype), np.array(count).astype(dtype)
    bits = np.dtype(dtype).itemsize * 8
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, b, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        f"'pto.{op}' op at -:3:10: src1 at element (1, 3) is not a shift count of a "
        f"{bits}-bit element: it must be in [0, {bits})"]
