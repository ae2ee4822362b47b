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
a third operand, every count in [0, the element's bits). trem's divisors
are src1's with the zeros made 1 (the simulator asserts them nonzero:
test_a_zero_divisor), its tmp a tile of twice dst's columns (A2/A3's
trem_c5), which no engine reads. tfmod's divisors are trem's, with a
signed type's most negative value divided by -1 (0: a 2-byte integer's
remainder is C++'s of its promotion to int); txor's tmp is of dst's type
(A2/A3's txor_c6); tprelu's slopes are src1's, its tmp A2/A3's mask of
bytes (tprelu_c6, c7) or, on A5, of dst's type.
"""
import numpy as np
import pytest
from elementwise_model import DTYPES, NONZERO_DIVISOR, SHIFTS, inputs, model, shift_counts
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
            "tdiv": ("f16", "f32"), "tshl": (), "tshr": (),
            # PTO.cpp:6959: i32 i16 f16 f32 on A5.
            "trem": ("f16", "f32"),
            # PTO.cpp:8851: 1-, 2-, 4-byte integers on A5.
            "txor": _INTS,
            # PTO.cpp:7005: 2- and 4-byte integers, f16 f32 on A5 (of ours).
            "tfmod": ("i16", "ui16", "ui32", "f16", "f32"),
            # PTOAS has no tsubrelu (the export refuses it:
            # test_tsubrelu_has_no_ptoas_form).
            "tsubrelu": (),
            # PTO.cpp:6598: f16 f32.
            "tprelu": ("f16", "f32")}
CASES = FamilyCases("binary_elementwise", PTOAS_A5)


def _scratch(element):
    cols = 64 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {ROWS}x{2 * cols}x{element}>"


# The ops whose ins end with the NPU's scratch tmp, and theirs: %t (twice
# dst's columns) for trem, %u (dst's type) for txor, %p for tprelu (A2/A3's
# mask of bytes, more rows than dst: tprelu_c6, c7; on A5 dst's type, as
# PTOAS's tprelu wants one shape for the four tiles).
_SCRATCH = {"trem": "%t", "txor": "%u", "tprelu": "%p"}
_PRELU_MASK = (f"!pto.tile<vec, {2 * ROWS}x32xui8>", (2 * ROWS, 32), np.uint8)


def _prelu_tmp(target, element):
    """tprelu's tmp on ``target``: its type, shape and dtype."""
    if target == "a2a3":
        return _PRELU_MASK
    cols = 64 // np.dtype(DTYPES[element]).itemsize
    return _tile(element), (ROWS, cols), DTYPES[element]


def _line(k, row, t, tmp, prelu_tmp):
    """``%r<k> = pto.<op> %a, <second>[, tmp]``: the second operand %n for
    the shifts, %q (no zeros) for trem and tfmod, else %b."""
    second = ("%n" if row.element_op in SHIFTS else
              "%q" if row.element_op in NONZERO_DIVISOR else "%b")
    scratch = _SCRATCH.get(row.mnemonic)
    if scratch:
        types = f"{t}, {t}, {dict(t=tmp, u=t, p=prelu_tmp)[scratch[1]]}"
        return f"    %r{k} = pto.{row.mnemonic} %a, {second}, {scratch} : ({types}) -> {t}"
    return f"    %r{k} = pto.{row.mnemonic} %a, {second} : ({t}, {t}) -> {t}"


def _kernel(target, element, engine):
    """@k(%a, %b, %n, %q: T, %t, %u: T, %p) -> (T, ...): one result per op
    of CASES.ops_of(...), %n the counts of the shifts, %q the divisors of
    trem and tfmod, %t trem's tmp, %u txor's, %p tprelu's."""
    t, tmp, prelu_tmp = _tile(element), _scratch(element), _prelu_tmp(target, element)[0]
    ops = CASES.ops_of(target, element, engine)
    body = "\n".join(_line(k, row, t, tmp, prelu_tmp) for k, row in enumerate(ops))
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return ops, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                 f"  func.func @k(%a: {t}, %b: {t}, %n: {t}, %q: {t}, %t: {tmp}, %u: {t}, "
                 f"%p: {prelu_tmp}) -> "
                 f"({types}) {{\n{body}\n"
                 f"    return {results} : {types}\n  }}\n}}\n")


def _check(target, element, engine):
    ops, text = _kernel(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}".encode()))
    cols = 64 // np.dtype(dtype).itemsize
    a, b = inputs(rng, dtype, (ROWS, cols))
    counts = shift_counts(rng, dtype, (ROWS, cols)) if np.issubdtype(dtype, np.integer) else b
    divisors = np.where(b == 0, np.ones_like(b), b)
    if np.issubdtype(dtype, np.signedinteger):
        a.flat[0], divisors.flat[0] = np.iinfo(dtype).min, -1
    scratch = np.zeros((ROWS, 2 * cols), dtype)
    _, prelu_shape, prelu_dtype = _prelu_tmp(target, element)
    results = runtime.run(text, "k", a, b, counts, divisors, scratch, np.zeros_like(a),
                          np.zeros(prelu_shape, prelu_dtype), engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        second = (counts if row.element_op in SHIFTS else
                  divisors if row.element_op in NONZERO_DIVISOR else b)
        want = model(row.element_op, a, second)
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


@pytest.mark.parametrize("op,element", [("trem", "f16"), ("trem", "f32"), ("tfmod", "f32"),
                                        ("tfmod", "i16"), ("tfmod", "ui32")])
def test_a_zero_divisor(op, element):
    """trem's and tfmod's divisors are asserted nonzero (ElementOp.h:202,
    :309): the first zero (or -0) in row-major order fails, alike on both
    engines, before anything is written."""
    t, tmp = _tile(element), _scratch(element)
    scratch, scratch_type = (", %t", f", {tmp}") if op == "trem" else ("", "")
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"  func.func @k(%a: {t}, %b: {t}, %t: {tmp}) -> {t} {{\n"
              f"    %r = pto.{op} %a, %b{scratch} : ({t}, {t}{scratch_type}) -> {t}\n"
              f"    return %r : {t}\n  }}\n}}\n")
    dtype = DTYPES[element]
    a = np.ones((ROWS, 64 // np.dtype(dtype).itemsize), dtype)
    b = np.ones_like(a)
    b[2, 1], b[1, 3] = 0, -0.0
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, b, np.zeros((ROWS, 2 * a.shape[1]), dtype),
                        engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [f"'pto.{op}' op at -:3:10: src1 is zero at element (1, 3); a "
                            "divisor must not be zero (pto-isa's simulator asserts it)"]


def test_tsubrelu_has_no_ptoas_form(pto_isa_tools):
    """PTOAS defines no tsubrelu: the pto-isa engine refuses it by name."""
    t = _tile("f32")
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"  func.func @k(%a: {t}, %b: {t}) -> {t} {{\n"
              f"    %r = pto.tsubrelu %a, %b : ({t}, {t}) -> {t}\n    return %r : {t}\n  }}\n}}\n")
    a = np.ones((ROWS, 16), np.float32)
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(kernel, "k", a, a, engine="pto-isa")
    assert "'pto.tsubrelu' has no PTOAS form: PTOAS defines no tsubrelu op" in str(info.value)
