"""Every op of the tile-scalar family, on every element type each target
allows and scalars that tell roundings and operand orders apart, on the
interpreter and the JIT (both targets) and on pto-isa's CPU simulator (A5),
bit for bit against a model written from the simulator
(elementwise_model.py: the binary family's model with the scalar as the
second operand of every element, as UnaryTileScalarOpImpl computes,
include/pto/cpu/TBinSOps.hpp; texpands: every element the scalar).

One kernel per (target, element type) computes every op of the family that
allows the type, tdivs in both orders. The simulator runs what ptoas reads:
PTOAS a56b18c3's A5 verifiers (lib/PTO/IR/PTO.cpp: tadds :2742, tsubs
:8664, tmuls :6084, tmaxs :4998, tmins :5080, tdivs :3814, texpands :3899)
take 1-, 2- and 4-byte integers (tmaxs, tdivs and texpands no bf16), f16,
f32 (trems :7011 f16 f32 of ours),
f32; its PTOViewToMemref takes tmaxs and tmins of a float scalar only
(lib/PTO/Transforms/PTOViewToMemref.cpp:2932, :2988), and its texpands
verifier a scalar of the tile's own element type (ui16 for a ui16 tile,
PTO.cpp:3911), where ours is signless (rule c2). The other types run on the
two host engines only (bf16 never on the simulator: docs/ptoas.md).
"""
import numpy as np
import pytest
from elementwise_model import DTYPES, SHIFTS, inputs, model
from family_engines import FamilyCases

from pto_mlir import runtime

ROWS = 4

_INTS = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
PTOAS_A5 = {"tadds": (*_INTS, "f16", "f32"), "tsubs": (*_INTS, "f16", "f32"),
            "tmuls": (*_INTS, "f16", "f32"), "tmaxs": ("f16", "f32"),
            "tmins": ("f16", "f32"), "tdivs": ("f16", "f32"),
            "texpands": ("i8", "i16", "i32", "f16", "f32"),
            "tshls": _INTS, "tshrs": _INTS,
            # PTO.cpp:7048: i32 i16 f16 f32 on A5.
            "trems": ("f16", "f32"),
            # PTO.cpp:3047, :6381, :8909: 1-, 2-, 4-byte integers on A5.
            "tands": _INTS, "tors": _INTS, "txors": _INTS,
            # PTO.cpp:7081: i32 i16 f16 f32 on A5, the scalar of the tile's
            # own element type (:7071: ui16 for a ui16 tile, where ours is
            # signless).
            "tfmods": ("i16", "f16", "f32"),
            # PTOAS's tlrelu takes an f32 slope only (PTOOps.td:3834; the
            # export refuses an f16 one).
            "tlrelu": ("f32",)}
CASES = FamilyCases("tile_scalar", PTOAS_A5)


def _tile(element):
    cols = 64 // np.dtype(DTYPES[element]).itemsize
    return f"!pto.tile<vec, {ROWS}x{cols}x{element}>"


def _forms(row):
    """(operands, what the model computes) of each form of ``row`` in the
    kernel: ``a`` the tile, ``s`` the scalar."""
    if row.mnemonic == "texpands":
        return [("%s", "expands")]
    if row.mnemonic == "tdivs":
        return [("%a, %s", "tile first"), ("%s, %a", "scalar first")]
    if row.element_op in SHIFTS:
        return [("%a, %n", "tile first")]
    if row.mnemonic in ("trems", "txors"):  # and the NPU's scratch tmp
        return [("%a, %s, %t", "tile first")]
    return [("%a, %s", "tile first")]


def _kernel(target, element, engine):
    """@k(%a: T, %s: S, %n: S, %t: T) -> (T, ...): one result per form of
    CASES.ops_of(...), %n the count of the shifts, %t the tmp of trems and
    txors (of dst's type: the simulator's TREMS_IMPL and TXORS_IMPL take it
    as a `TileDst&`, include/pto/cpu/TBinSOps.hpp:211, :246)."""
    t, s = _tile(element), element.replace("ui", "i")
    forms = [(row, operands, how) for row in CASES.ops_of(target, element, engine)
             for operands, how in _forms(row)]
    lines = []
    for k, (row, operands, _) in enumerate(forms):
        types = s if operands == "%s" else ", ".join(
            t if name in ("%a", "%t") else s for name in operands.split(", "))
        types = types if operands == "%s" else f"({types})"
        lines.append(f"    %r{k} = pto.{row.mnemonic} {operands} : {types} -> {t}")
    results = ", ".join(f"%r{k}" for k in range(len(forms)))
    result_types = ", ".join([t] * len(forms))
    return forms, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                   f"  func.func @k(%a: {t}, %s: {s}, %n: {s}, %t: {t}) -> ({result_types}) {{\n"
                   + "\n".join(lines) + f"\n    return {results} : {result_types}\n  }}\n}}\n")


def _scalars(rng, dtype):
    """Scalars of ``dtype`` that tell operand orders and roundings apart."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return [rng.integers(info.min, info.max, endpoint=True, dtype=dtype), dtype(info.min),
                dtype(info.max), dtype(-1) if info.min < 0 else dtype(info.max - 1)]
    import ml_dtypes
    finfo = ml_dtypes.finfo(dtype) if dtype == ml_dtypes.bfloat16 else np.finfo(dtype)
    return [dtype(rng.standard_normal() * 4), dtype(-0.0), dtype(np.nan), dtype(np.inf),
            dtype(float(finfo.max)), dtype(float(finfo.smallest_subnormal))]


def _shift_counts(rng, dtype):
    """Counts for the shifts (any value of a float type, which no shift
    takes): 0, 1, the largest, a random one."""
    if not np.issubdtype(dtype, np.integer):
        return [dtype(1)]
    bits = np.dtype(dtype).itemsize * 8
    return [dtype(0), dtype(1), dtype(bits - 1), dtype(rng.integers(0, bits))]


def _want(how, element_op, a, scalar):
    s = np.full_like(a, scalar)
    if how == "expands":
        return s
    return model(element_op, a, s) if how == "tile first" else model(element_op, s, a)


def _argument(scalar):
    """The kernel argument of a scalar: integers as the signless value,
    floats as the Python float of the same value (exact)."""
    if np.issubdtype(scalar.dtype, np.integer):
        bits = scalar.dtype.itemsize * 8
        value = int(scalar)
        return value - (1 << bits) if value >= 1 << (bits - 1) else value
    return float(scalar)


def _check(target, element, engine):
    forms, text = _kernel(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}s".encode()))
    a, _ = inputs(rng, dtype, (ROWS, 64 // np.dtype(dtype).itemsize))
    divides = any(row.mnemonic in ("tdivs", "trems", "tfmods") for row, _, _ in forms)
    if divides:  # tdivs, trems, tfmods fail on a zero divisor (test_*division_by_zero)
        a[a == 0] = 1
    if np.issubdtype(dtype, np.signedinteger):  # for a scalar -1 (tfmods)
        a.flat[0] = np.iinfo(dtype).min
    counts = _shift_counts(rng, dtype)
    for k, scalar in enumerate(_scalars(rng, dtype)):
        if divides and scalar == 0:
            continue
        count = counts[k % len(counts)]
        results = runtime.run(text, "k", a, _argument(scalar), _argument(count),
                              np.zeros_like(a), engine=engine)
        results = results if isinstance(results, tuple) else (results,)
        for (row, _, how), got in zip(forms, results):
            want = _want(how, row.element_op, a, count if row.element_op in SHIFTS else scalar)
            got = np.asarray(got)
            assert got.dtype == want.dtype, row.mnemonic
            assert got.tobytes() == want.tobytes(), (row.mnemonic, how, scalar, a, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


def _divs(order):
    t = _tile("f32")
    operands, types = ("%a, %s", f"({t}, f32)") if order == "tile first" else \
        ("%s, %a", f"(f32, {t})")
    return ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%a: {t}, %s: f32) -> {t} {{\n"
            f"    %r = pto.tdivs {operands} : {types} -> {t}\n"
            f"    return %r : {t}\n  }}\n}}\n")


@pytest.mark.parametrize("scalar", [0.0, -0.0])
def test_scalar_division_by_zero(scalar):
    """TDIVS_IMPL asserts the scalar divisor is not zero: a failure on both
    engines, before anything is written."""
    a = np.ones((ROWS, 16), np.float32)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(_divs("tile first"), "k", a, scalar, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.tdivs' op at -:3:10: src1 is zero; a divisor must not be zero "
        "(pto-isa's simulator asserts it)"]


def test_division_by_zero_of_the_scalar_first_form():
    """OP_RDIVS asserts each divisor element is not zero: the first zero (or
    -0) in row-major order, on both engines."""
    a = np.ones((ROWS, 16), np.float32)
    a[2, 5], a[1, 7] = -0.0, 0.0
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(_divs("scalar first"), "k", a, 2.0, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.tdivs' op at -:3:10: src1 is zero at element (1, 7); a divisor must not be zero "
        "(pto-isa's simulator asserts it)"]


@pytest.mark.parametrize("op", ["tshls", "tshrs"])
@pytest.mark.parametrize("element,count", [("i16", -1), ("i16", 16), ("ui8", 8), ("i64", 64)])
def test_a_scalar_shift_count_out_of_range(op, element, count):
    """A count outside [0, bits) fails on both engines before anything is
    written (docs/isa/TSHLS.md: "Scalar only supports zero and positive
    values"; C++'s shift is undefined past the width)."""
    t, s = _tile(element), element.replace("ui", "i")
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"  func.func @k(%a: {t}, %s: {s}) -> {t} {{\n"
              f"    %r = pto.{op} %a, %s : ({t}, {s}) -> {t}\n    return %r : {t}\n  }}\n}}\n")
    dtype = DTYPES[element]
    a = np.ones((ROWS, 64 // np.dtype(dtype).itemsize), dtype)
    bits = np.dtype(dtype).itemsize * 8
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, _argument(np.array(count).astype(dtype)[()]),
                        engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        f"'pto.{op}' op at -:3:10: scalar is not a shift count of a {bits}-bit element: "
        f"it must be in [0, {bits})"]


@pytest.mark.parametrize("element,scalar", [("f32", 0.0), ("f32", -0.0), ("i16", 0),
                                            ("ui32", 0)])
def test_tfmods_scalar_zero(element, scalar):
    """TFMODS_IMPL asserts the scalar is not zero (TBinSOps.hpp:260): a
    failure on both engines, before anything is written."""
    t, s = _tile(element), element.replace("ui", "i")
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"  func.func @k(%a: {t}, %s: {s}) -> {t} {{\n"
              f"    %r = pto.tfmods %a, %s : ({t}, {s}) -> {t}\n"
              f"    return %r : {t}\n  }}\n}}\n")
    dtype = DTYPES[element]
    a = np.ones((ROWS, 64 // np.dtype(dtype).itemsize), dtype)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, scalar, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.tfmods' op at -:3:10: scalar is zero; a divisor must not be zero "
        "(pto-isa's simulator asserts it)"]


@pytest.mark.parametrize("scalar", [0.0, -0.0])
def test_trems_scalar_zero(scalar):
    """TREMS's tmp form asserts the scalar is not zero (TBinSOps.hpp:214):
    a failure on both engines, before anything is written."""
    t = _tile("f32")
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"  func.func @k(%a: {t}, %s: f32, %t: {t}) -> {t} {{\n"
              f"    %r = pto.trems %a, %s, %t : ({t}, f32, {t}) -> {t}\n"
              f"    return %r : {t}\n  }}\n}}\n")
    a = np.ones((ROWS, 16), np.float32)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", a, scalar, np.zeros_like(a), engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.trems' op at -:3:10: scalar is zero; a divisor must not be zero "
        "(pto-isa's simulator asserts it)"]
