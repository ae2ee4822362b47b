"""pto.tfillpad, pto.tfillpad_inplace and pto.tfillpad_expand on every
element type of their rule tables and every pad, with a partial source
region, on the interpreter, the JIT and pto-isa's simulator, bit for bit
against tfillpad_model.py (written from include/pto/cpu/TFillPad.hpp)."""
import numpy as np
import pytest
from tfillpad_model import DTYPES, fill_pad

from pto_mlir import rules, runtime
from pto_mlir.runtime import pto_isa

ROWS, COLS = 4, 32
SRC_VALID = (3, 20)
# (op, dst shape): expand writes a larger tile.
OPS = [("tfillpad", (ROWS, COLS)), ("tfillpad_inplace", (ROWS, COLS)),
       ("tfillpad_expand", (2 * ROWS, 2 * COLS))]
PADS = ("zero", "max", "min")


def _elements(op):
    """Table tfillpad_c1 (the three ops' c1)."""
    return rules.allowed("tfillpad_c1", target="a5")


def _kernel(op, element, dst_shape):
    src = f"!pto.tile<vec, {ROWS}x{COLS}x{element}, valid={SRC_VALID[0]}x{SRC_VALID[1]}>"
    dsts = [f"!pto.tile<vec, {dst_shape[0]}x{dst_shape[1]}x{element}, pad={pad}>"
            for pad in PADS]
    lines = [f"    %r{k} = pto.{op} %s : {src} -> {d}" for k, d in enumerate(dsts)]
    return ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {src}) -> ({', '.join(dsts)}) {{\n" + "\n".join(lines)
            + f"\n    return {', '.join(f'%r{k}' for k in range(len(PADS)))} : "
            f"{', '.join(dsts)}\n  }}\n}}\n")


def _source(element):
    """Values of every sign and size; 0xAB bytes outside the valid region,
    which the op must not copy."""
    dtype = np.dtype(DTYPES[element])
    rng = np.random.default_rng(len(element) * 7 + dtype.itemsize)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, (ROWS, COLS), dtype=dtype, endpoint=True)
    else:
        a = (rng.standard_normal((ROWS, COLS)) * 100).astype(dtype)
        a[0, :3] = [np.inf, -np.inf, -0.0]
    bytes_ = a.view(np.uint8).reshape(ROWS, -1)
    bytes_[SRC_VALID[0]:, :] = 0xAB
    bytes_[:, SRC_VALID[1] * dtype.itemsize:] = 0xAB
    return a


def _check(op, dst_shape, element, engine):
    a = _source(element)
    results = runtime.run(_kernel(op, element, dst_shape), "k", runtime.Tile(a, valid=SRC_VALID),
                          engine=engine)
    for pad, got in zip(PADS, results):
        want = fill_pad(a, SRC_VALID, np.zeros(dst_shape, a.dtype), dst_shape, pad)
        got = np.asarray(got)
        assert got.dtype == want.dtype
        assert got.tobytes() == want.tobytes(), (pad, got, want)


HOST_CASES = [(op, shape, element) for op, shape in OPS for element in _elements(op)]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("op,dst_shape,element", HOST_CASES)
def test_host_engines(op, dst_shape, element, engine):
    _check(op, dst_shape, element, engine)


# The simulator's bf16 is half (docs/ptoas.md) and its f16 max/min pads are
# 0 (test_f16_pad_is_refused_on_pto_isa): those run on the host engines only.
PTO_ISA_CASES = [(op, shape, element) for op, shape, element in HOST_CASES
                 if element not in ("bf16", "f16")]


@pytest.mark.parametrize("op,dst_shape,element", PTO_ISA_CASES)
def test_pto_isa(pto_isa_tools, op, dst_shape, element):
    _check(op, dst_shape, element, "pto-isa")


def test_f16_zero_pad_on_pto_isa(pto_isa_tools):
    t = f"!pto.tile<vec, {ROWS}x{COLS}xf16, valid={SRC_VALID[0]}x{SRC_VALID[1]}>"
    d = f"!pto.tile<vec, {ROWS}x{COLS}xf16, pad=zero>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {t}) -> {d} {{\n"
            f"    %r = pto.tfillpad %s : {t} -> {d}\n"
            f"    return %r : {d}\n  }}\n}}\n")
    a = _source("f16")
    got = runtime.run(text, "k", runtime.Tile(a, valid=SRC_VALID), engine="pto-isa")
    want = fill_pad(a, SRC_VALID, np.zeros((ROWS, COLS), a.dtype), (ROWS, COLS), "zero")
    assert np.asarray(got).tobytes() == want.tobytes()


def test_f16_pad_is_refused_on_pto_isa(pto_isa_tools):
    t = f"!pto.tile<vec, {ROWS}x{COLS}xf16>"
    d = f"!pto.tile<vec, {ROWS}x{COLS}xf16, pad=max>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {t}) -> {d} {{\n"
            f"    %r = pto.tfillpad %s : {t} -> {d}\n"
            f"    return %r : {d}\n  }}\n}}\n")
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(text, "k", np.zeros((ROWS, COLS), np.float16), engine="pto-isa")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: its pto.tfillpad at -:3:10 pads an f16 tile with max, "
        "which pto-isa's CPU simulator takes from std::numeric_limits<_Float16> (include/pto/cpu/"
        "TFillPad.hpp:41-53), unspecialized in g++ 12's libstdc++ (0, not +inf), so it runs on "
        "the interpreter and the JIT only")


def _level2(op):
    """The in-place form PTOAS writes (one buffer as src and dst) and a dst
    of no valid rows, which the op leaves as it is."""
    t = f"!pto.tile_buf<vec, {ROWS}x{COLS}xi16, valid=?x?, pad=min>"
    return ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%t: {t}, %e: {t}) {{\n"
            f"    pto.{op} ins(%t : {t}) outs(%t : {t})\n"
            f"    pto.{op} ins(%t : {t}) outs(%e : {t})\n"
            "    return\n  }\n}\n")


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("op", ["tfillpad", "tfillpad_inplace", "tfillpad_expand"])
def test_one_buffer_and_empty_dst(op, engine):
    a = np.arange(ROWS * COLS, dtype=np.int16).reshape(ROWS, COLS) - 50
    e = np.full((ROWS, COLS), 7, np.int16)
    t, empty = runtime.Tile(a.copy(), valid=(2, 5)), runtime.Tile(e.copy(), valid=(0, COLS))
    runtime.run(_level2(op), "k", t, empty, engine=engine)
    assert t.array.tobytes() == fill_pad(a, (2, 5), a, (2, 5), "min").tobytes()
    assert empty.array.tobytes() == e.tobytes()
