"""Every op of the unary elementwise family, on every element type each
target allows, on the interpreter and the JIT (both targets) and on pto-isa's
CPU simulator (A5, what ptoas reads), bit for bit against unary_model.py;
each f16 float op over all 2^16 inputs on the two host engines; a divisor of
zero (TRECIP) fails alike on both (the simulator asserts).

One kernel per (target, element type) computes every op of the family that
allows the type. PTOAS a56b18c3's verifiers (lib/PTO/IR/PTO.cpp: tabs :1908
f16/f32, tneg :6202 and :6229 no 8-byte integers, tnot :6252 A2/A3 i16 only,
trelu :6895, texp :3891, tlog :4906, tsqrt :8505, trsqrt :8170, trecip
:6876) take fewer types than the NPU headers: the others run on the two host
engines only.
"""
import numpy as np
import pytest
from elementwise_model import DTYPES
from family_engines import FamilyCases
from unary_model import every_f16, model

from pto_mlir import families, rules, runtime

ROWS = 4
DIVIDES = ("trecip",)

_INTS = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
PTOAS_A5 = {"tabs": ("f16", "f32"), "tneg": ("i16", "ui16", "i32", "ui32", "f16", "f32"),
            "tnot": _INTS, "trelu": ("i32", "f16", "f32"), "texp": ("f16", "f32"),
            "tlog": ("f16", "f32"), "tsqrt": ("f16", "f32"), "trsqrt": ("f16", "f32"),
            "trecip": ("f16", "f32")}
CASES = FamilyCases("unary_elementwise", PTOAS_A5)


def _tile(element, rows=ROWS, cols=None):
    cols = cols or 64 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {rows}x{cols}x{element}>"


def _kernel(target, ops, t):
    """@k(%a: T) -> (T, ...): one result per op."""
    body = "\n".join(f"    %r{k} = pto.{row.mnemonic} %a : {t} -> {t}"
                     for k, row in enumerate(ops))
    results = ", ".join(f"%r{k}" for k in range(len(ops)))
    types = ", ".join([t] * len(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {t}) -> ({types}) {{\n{body}\n"
            f"    return {results} : {types}\n  }}\n}}\n")


def _inputs(rng, dtype, shape):
    """Every bit pattern for integers; for floats normal values, then the
    ones that tell roundings and special cases apart (NaNs quiet and
    signalling of both signs, zeros, infinities, the extremes, subnormals,
    negative numbers for log and sqrt). No zero for the ops that divide."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    a = (rng.standard_normal(shape) * 4).astype(dtype)
    if dtype == DTYPES["bf16"]:
        return a
    finfo = np.finfo(dtype)
    unsigned = np.dtype(f"u{np.dtype(dtype).itemsize}")
    signalling = np.array(1 << (finfo.nmant - 2) | int(np.array(np.inf, dtype).view(unsigned)),
                          unsigned).view(dtype)
    special = [np.nan, -np.nan, signalling, -signalling, np.inf, -np.inf, finfo.max, -finfo.max,
               finfo.smallest_subnormal, -finfo.smallest_subnormal, finfo.tiny, -1.0, 88.7, 11.1]
    flat = a.reshape(-1)
    for k, x in enumerate(special):
        flat[k] = x
    return a


def _check(target, element, engine):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}".encode()))
    a = _inputs(rng, dtype, (ROWS, 64 // np.dtype(dtype).itemsize))
    a[a == 0] = 1  # the ops that divide fail on zero (test_division_by_zero)
    results = runtime.run(_kernel(target, ops, _tile(element)), "k", a, engine=engine)
    results = results if isinstance(results, tuple) else (results,)
    for row, got in zip(ops, results):
        want = model(row.element_op, a)
        got = np.asarray(got)
        assert got.dtype == want.dtype, row.mnemonic
        assert got.tobytes() == want.tobytes(), (row.mnemonic, a, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


FLOAT_OPS = [row for row in CASES.rows if "f16" in rules.allowed(f"{row.mnemonic}_c1", target="a5")
             and row.mnemonic != "tnot"]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("row", FLOAT_OPS, ids=lambda row: row.mnemonic)
def test_every_f16_input(row, engine):
    """All 2^16 f16 values (zeros replaced by 1 for the ops that divide), as
    16 tiles of 32 x 128, against the model of the simulator's formula."""
    a = every_f16().reshape(16, 32, 128).copy()
    if row.mnemonic in DIVIDES:
        a[a == 0] = 1
    kernel = _kernel("a5", [row], _tile("f16", 32, 128))
    got = np.stack([np.asarray(runtime.run(kernel, "k", part, engine=engine)) for part in a])
    want = model(row.element_op, a)
    bad = np.nonzero(got.view(np.uint16) != want.view(np.uint16))
    assert not len(bad[0]), [(hex(int(a.view(np.uint16)[i])), hex(int(got.view(np.uint16)[i])),
                              hex(int(want.view(np.uint16)[i]))) for i in zip(*bad)][:8]


@pytest.mark.parametrize("op", DIVIDES)
@pytest.mark.parametrize("element", ["f16", "f32"])
def test_division_by_zero(op, element):
    """The first zero (or -0) in row-major order, on both engines, before
    anything is written (pto-isa's simulator asserts a nonzero divisor)."""
    dtype = DTYPES[element]
    a = np.ones((ROWS, 64 // np.dtype(dtype).itemsize), dtype)
    a[2, 5], a[1, 7], a[3, 0] = -0.0, 0.0, 0.0
    kernel = _kernel("a5", [families.op(op)], _tile(element))
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        f"'pto.{op}' op at -:3:11: src is zero at element (1, 7); a divisor must not be zero "
        "(pto-isa's simulator asserts it)"]


def _trsqrt_tmp_kernel(element):
    """PTOAS's form of trsqrt with tmp (its test/basic/trsqrt_emitc.pto):
    Level 2, tmp a 1-row tile no engine reads."""
    b = _tile(element).replace("tile<", "tile_buf<")
    tmp = f"!pto.tile_buf<vec, 1x{64 // np.dtype(DTYPES[element]).itemsize}x{element}>"
    return ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%a: {b}, %d: {b}) {{\n"
            f"    %t = pto.alloc_tile : {tmp}\n"
            f"    pto.trsqrt ins(%a, %t : {b}, {tmp}) outs(%d : {b})\n"
            "    return\n  }\n}\n")


def _check_trsqrt_tmp(element, engine):
    dtype = DTYPES[element]
    a = _inputs(np.random.default_rng(7), dtype, (ROWS, 64 // np.dtype(dtype).itemsize))
    a[a == 0] = 1
    out = np.zeros_like(a)
    runtime.run(_trsqrt_tmp_kernel(element), "k", a, out, engine=engine)
    assert out.tobytes() == model("rsqrt", a).tobytes()


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("element", ["f16", "f32"])
def test_trsqrt_with_tmp(element, engine):
    """The tmp form computes what the plain form does (TRSqrt.hpp:48-51:
    the simulator ignores tmp)."""
    _check_trsqrt_tmp(element, engine)


@pytest.mark.parametrize("element", ["f16", "f32"])
def test_trsqrt_with_tmp_on_pto_isa(pto_isa_tools, element):
    _check_trsqrt_tmp(element, "pto-isa")
