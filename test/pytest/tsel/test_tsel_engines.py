"""pto.tsel and pto.tsels on every element type of their rule tables, with
random masks of 8- and 32-bit elements, partial valid regions and a mask
whose valid columns end before a dst row does (TSEL's stream runs on), on
the interpreter, the JIT and pto-isa's simulator, bit for bit against
tsel_model.py (written from include/pto/cpu/TSel.hpp and TSelS.hpp)."""
import ml_dtypes
import numpy as np
import pytest
from tsel_model import tsel, tsels

from pto_mlir import rules, runtime

DTYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "i64": np.int64, "ui64": np.uint64,
          "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}
ROWS, COLS = 4, 64
VALID = (3, 40)
# TSEL's mask: 4 rows of 32 bytes, 8 of them valid per row (tsel_c5: 32
# bytes, a bit per cell of dst's 4 x 64); the stream of 3 x 40 bits is 15
# bytes, so it wraps into mask row 1 at column 8, within a dst row.
MASK_SHAPE, MASK_VALID = (4, 32), (4, 8)


def _values(element, rng, shape):
    dtype = np.dtype(DTYPES[element])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    return (rng.standard_normal(shape) * 50).astype(dtype)


def _tile(element, valid=VALID):
    return f"!pto.tile<vec, {ROWS}x{COLS}x{element}, valid={valid[0]}x{valid[1]}>"


def _tsel_kernel(target, element, valid):
    m = (f"!pto.tile<vec, {MASK_SHAPE[0]}x{MASK_SHAPE[1]}xui8, "
         f"valid={MASK_VALID[0]}x{MASK_VALID[1]}>")
    t, tmp = _tile(element, valid), "!pto.tile<vec, 1x16xui32>"
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%m: {m}, %a: {t}, %b: {t}, %t: {tmp}) -> {t} {{\n"
            f"    %d = pto.tsel %m, %a, %b, %t : ({m}, {t}, {t}, {tmp}) -> {t}\n"
            f"    return %d : {t}\n  }}\n}}\n")


def _check_tsel(target, element, engine, valid=VALID):
    rng = np.random.default_rng(sum(f"tsel{target}{element}".encode()))
    mask = rng.integers(0, 256, MASK_SHAPE, dtype=np.uint8)
    a, b = _values(element, rng, (ROWS, COLS)), _values(element, rng, (ROWS, COLS))
    got = runtime.run(_tsel_kernel(target, element, valid), "k",
                      runtime.Tile(mask, valid=MASK_VALID), runtime.Tile(a, valid=valid),
                      runtime.Tile(b, valid=valid), np.zeros((1, 16), np.uint32), engine=engine)
    want = tsel(np.zeros((ROWS, COLS), a.dtype), mask, a, b, *valid, MASK_VALID[1])
    got = np.asarray(got)
    assert got.dtype == want.dtype
    assert got.tobytes() == want.tobytes(), (got, want)


def _scalar_text(element):
    return "f32" if element == "f32" else "f16" if element == "f16" else \
        "bf16" if element == "bf16" else f"i{np.dtype(DTYPES[element]).itemsize * 8}"


def _tsels_kernel(target, element, mask_element, valid):
    bits = np.dtype(DTYPES[mask_element]).itemsize * 8
    mcols = max(COLS // bits, 32 // np.dtype(DTYPES[mask_element]).itemsize)
    m = f"!pto.tile<vec, {ROWS}x{mcols}x{mask_element}>"
    t, s = _tile(element, valid), _scalar_text(element)
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%m: {m}, %a: {t}, %t: {t}, %x: {s}) -> {t} {{\n"
            f"    %d = pto.tsels %m, %a, %t, %x : ({m}, {t}, {t}, {s}) -> {t}\n"
            f"    return %d : {t}\n  }}\n}}\n"), (ROWS, mcols)


def _check_tsels(target, element, mask_element, engine, valid=VALID):
    rng = np.random.default_rng(sum(f"tsels{target}{element}{mask_element}".encode()))
    text, mask_shape = _tsels_kernel(target, element, mask_element, valid)
    mask = _values(mask_element, rng, mask_shape)
    a = _values(element, rng, (ROWS, COLS))
    scalar = _values(element, rng, (1,))[0]
    dtype = np.dtype(DTYPES[element])
    # A kernel's integer scalars are signless: an unsigned value goes as its bits.
    arg = (int(np.array(scalar).view(f"i{dtype.itemsize}")) if dtype.kind in "iu"
           else float(scalar))
    got = runtime.run(text, "k", mask, runtime.Tile(a, valid=valid), runtime.Tile(a, valid=valid),
                      arg, engine=engine)
    want = tsels(np.zeros((ROWS, COLS), a.dtype), mask, a, scalar, *valid)
    got = np.asarray(got)
    assert got.dtype == want.dtype
    assert got.tobytes() == want.tobytes(), (got, want)


TSEL = [(t, e) for t in ("a2a3", "a5") for e in rules.allowed("tsel_c1", target=t)]
TSELS = [(t, e, m) for t in ("a2a3", "a5") for e in rules.allowed("tsels_c1", target=t)
         for m in ("ui8", "i32")]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,element", TSEL)
def test_tsel_host_engines(target, element, engine):
    _check_tsel(target, element, engine)


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,element,mask_element", TSELS)
def test_tsels_host_engines(target, element, mask_element, engine):
    _check_tsels(target, element, mask_element, engine)


# bf16 is the simulator's half (docs/ptoas.md): host engines only. A returned
# tile of a partial valid shape is copied into its out-parameter by a
# treshape PTOAS cannot express: the whole tile is valid there.
# ptoas's verifier takes fewer types than the headers (PTOAS PTO.cpp:8270-8299:
# tsel of 8- (A5), 16- and 32-bit integers, f16, f32; tsels of signless
# ones): it refuses the others with its message (an EngineError).
PTOAS_TSEL = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "f32")
PTOAS_TSELS = ("i8", "i16", "i32", "f16", "f32")


@pytest.mark.parametrize("target,element", [c for c in TSEL if c[1] in PTOAS_TSEL])
def test_tsel_pto_isa(pto_isa_tools, target, element):
    _check_tsel(target, element, "pto-isa", valid=(ROWS, COLS))


@pytest.mark.parametrize("target,element,mask_element",
                         [c for c in TSELS if c[1] in PTOAS_TSELS])
def test_tsels_pto_isa(pto_isa_tools, target, element, mask_element):
    _check_tsels(target, element, mask_element, "pto-isa", valid=(ROWS, COLS))
