"""pto.tci and pto.ttri on every element type of their rule tables, lower
and upper, diagonals on both sides and past the tile, partial valid regions,
on the interpreter, the JIT and pto-isa's simulator, bit for bit against
generate_model.py (written from include/pto/cpu/TCI.hpp and TTRI.hpp); the
simulator's int overflows (undefined in C++) fail alike on the host
engines and the pto-isa engine (int_overflow)."""
import numpy as np
import pytest
from generate_model import DTYPES, tci, ttri

from pto_mlir import rules, runtime
from pto_mlir.runtime import pto_isa

ROWS, COLS = 16, 32
VALID = (10, 20)
DIAGONALS = (-40, -3, 0, 5, 100)


def _ttri_kernel(target, element, valid):
    t = f"!pto.tile<vec, {ROWS}x{COLS}x{element}, valid={valid[0]}x{valid[1]}>"
    forms = [(d, u) for d in range(len(DIAGONALS)) for u in (0, 1)]
    lines = [f"    %r{k} = pto.ttri %d{d} {{upperOrLower = {u} : i32}} : (i32) -> {t}"
             for k, (d, u) in enumerate(forms)]
    args = ", ".join(f"%d{d}: i32" for d in range(len(DIAGONALS)))
    types = ", ".join([t] * len(forms))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({args}) -> ({types}) {{\n" + "\n".join(lines)
            + f"\n    return {', '.join(f'%r{k}' for k in range(len(forms)))} : {types}\n"
            "  }\n}\n"), forms


def _check_ttri(target, element, engine, valid=VALID):
    text, forms = _ttri_kernel(target, element, valid)
    results = runtime.run(text, "k", *DIAGONALS, engine=engine)
    zeros = np.zeros((ROWS, COLS), DTYPES[element])
    for (d, u), got in zip(forms, results):
        want = ttri(zeros, DIAGONALS[d], *valid, upper=u == 1)
        got = np.asarray(got)
        assert got.dtype == want.dtype
        assert got.tobytes() == want.tobytes(), (DIAGONALS[d], u, got, want)


TTRI = [(target, element) for target in ("a2a3", "a5")
        for element in rules.allowed("ttri_c1", target=target)]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,element", TTRI)
def test_ttri_host_engines(target, element, engine):
    _check_ttri(target, element, engine)


# The simulator compiles TTRI for 16- and 32-bit types only (TTRI.hpp:22-26;
# bf16 is its half: docs/ptoas.md). A returned tile of a partial valid shape
# is copied into its out-parameter by a treshape that PTOAS cannot express:
# the whole tile is valid there.
@pytest.mark.parametrize("target,element", [(t, e) for t, e in TTRI
                                            if e in ("i16", "ui16", "i32", "ui32", "f16",
                                                     "f32")])
def test_ttri_pto_isa(pto_isa_tools, target, element):
    _check_ttri(target, element, "pto-isa", valid=(ROWS, COLS))


def test_ttri_i8_is_refused_on_pto_isa(pto_isa_tools):
    t = f"!pto.tile<vec, {ROWS}x{COLS}xi8>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%d: i32) -> {t} {{\n"
            f"    %r = pto.ttri %d : (i32) -> {t}\n"
            f"    return %r : {t}\n  }}\n}}\n")
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(text, "k", 0, engine="pto-isa")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: its pto.ttri at -:3:10 is of i8, which pto-isa's CPU "
        "simulator does not compile TTRI for (TTriCheck, include/pto/cpu/TTRI.hpp:22-26), so it "
        "runs on the interpreter and the JIT only")


# (element, start, descending): signs, an i16 that wraps, i32 sequences
# that end at the range of int.
TCI = [("i16", -5, False), ("i16", 32760, False), ("i16", -32760, True),
       ("i32", 7, True), ("i32", 2**31 - 32, False), ("i32", -2**31 + 31, True)]
TCI_COLS = 32


def _tci_kernel(element, descending, valid_cols):
    t = f"!pto.tile<vec, 1x{TCI_COLS}x{element}, valid=1x{valid_cols}>"
    return ('module attributes {pto.target_arch = "a2a3"} {\n'
            f"  func.func @k(%s: {element}) -> {t} {{\n"
            f"    %r = pto.tci %s {{descending = {str(descending).lower()}}} : ({element}) -> {t}\n"
            f"    return %r : {t}\n  }}\n}}\n")


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("element,start,descending", TCI)
def test_tci(element, start, descending, engine, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    got = runtime.run(_tci_kernel(element, descending, TCI_COLS), "k", start, engine=engine)
    want = tci(np.zeros((1, TCI_COLS), DTYPES[element]), start, TCI_COLS, descending)
    assert np.asarray(got).tobytes() == want.tobytes(), (got, want)


def test_tci_writes_only_the_valid_columns_of_a_buffer():
    t = f"!pto.tile_buf<vec, 1x{TCI_COLS}xi32, valid=?x?>"
    text = (f"func.func @k(%s: i32, %t: {t}) {{\n"
            f"  pto.tci ins(%s : i32) outs(%t : {t})\n  return\n}}\n")
    for engine in ("interp", "jit"):
        before = np.full((1, TCI_COLS), 99, np.int32)
        tile = runtime.Tile(before.copy(), valid=(0, 12))
        runtime.run(text, "k", -4, tile, engine=engine)
        # Row 0 whatever the valid rows (TCI.hpp:21).
        assert tile.array.tobytes() == tci(before, -4, 12, False).tobytes()


OVERFLOWS = [
    (_tci_kernel("i32", False, TCI_COLS), 2**31 - 31,
     "'pto.tci' op at -:3:10: S = 2147483617 takes the simulator's int arithmetic out of the "
     "range of int over 32 valid columns (undefined behaviour in C++)"),
    (_tci_kernel("i32", True, TCI_COLS), -2**31 + 30,
     "'pto.tci' op at -:3:10: S = -2147483618 takes the simulator's int arithmetic out of the "
     "range of int over 32 valid columns (undefined behaviour in C++)"),
    ('module attributes {pto.target_arch = "a5"} {\n'
     f"  func.func @k(%d: i32) -> !pto.tile<vec, {ROWS}x{COLS}xf32> {{\n"
     f"    %r = pto.ttri %d : (i32) -> !pto.tile<vec, {ROWS}x{COLS}xf32>\n"
     f"    return %r : !pto.tile<vec, {ROWS}x{COLS}xf32>\n  }}\n}}\n",
     2**31 - 16,
     "'pto.ttri' op at -:3:10: diagonal = 2147483632 takes the simulator's int arithmetic out "
     "of the range of int over 16 valid rows (undefined behaviour in C++)")]


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
@pytest.mark.parametrize("case", range(len(OVERFLOWS)))
def test_int_overflow(case, engine, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    text, value, message = OVERFLOWS[case]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(text, "k", value, engine=engine)
    assert str(info.value) == message


def test_ttri_upper_at_the_edge_of_int():
    """The upper triangle's largest sum is diagonal + rows - 1: one less
    than the lower's, which fails at the same diagonal."""
    t = f"!pto.tile<vec, {ROWS}x{COLS}xi32, valid=10x20>"
    upper = ('module attributes {pto.target_arch = "a5"} {\n'
             f"  func.func @k(%d: i32) -> {t} {{\n"
             f"    %r = pto.ttri %d {{upperOrLower = 1 : i32}} : (i32) -> {t}\n"
             f"    return %r : {t}\n  }}\n}}\n")
    d = 2**31 - 10
    for engine in ("interp", "jit"):
        got = runtime.run(upper, "k", d, engine=engine)
        want = ttri(np.zeros((ROWS, COLS), np.int32), d, 10, 20, upper=True)
        assert np.asarray(got).tobytes() == want.tobytes()
