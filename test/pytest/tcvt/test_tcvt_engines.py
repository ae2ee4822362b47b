"""pto.tcvt on every src -> dst pair of each target (rule tcvt_c1's table),
every rounding mode, with and without saturation, on the interpreter and
the JIT, bit for bit against tcvt_model.py (written from pto-isa's
include/pto/cpu/TCvt.hpp); the conversions the simulator's C++ leaves
undefined fail alike on both engines (conversion_undefined)."""
import numpy as np
import pytest
from tcvt_model import MODES, UNDEFINED, convert, dtype, inputs

from pto_mlir import rules, runtime
from pto_mlir.runtime import pto_isa

COLS = 32
ROWS = 2


def _tile(element):
    return f"!pto.tile<vec, {ROWS}x{COLS}x{element}>"


def _pairs(target):
    return [(src, dst) for (row_target, src), dsts in rules.table("tcvt_c1").rows.items()
            if row_target == target for dst in dsts]


FORMS = [(mode, sat) for mode in MODES for sat in (False, True)]


def _kernel(target, src, dst):
    t, d = _tile(src), _tile(dst)
    lines = []
    for k, (mode, sat) in enumerate(FORMS):
        attrs = f"rmode = #pto<round_mode {mode}>" + (
            ", sat_mode = #pto<saturation_mode ON>" if sat else "")
        lines.append(f"    %r{k} = pto.tcvt %a{k} {{{attrs}}} : {t} -> {d}")
    args = ", ".join(f"%a{k}: {t}" for k in range(len(FORMS)))
    results = ", ".join(f"%r{k}" for k in range(len(FORMS)))
    types = ", ".join([d] * len(FORMS))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({args}) -> ({types}) {{\n" + "\n".join(lines)
            + f"\n    return {results} : {types}\n  }}\n}}\n")


def _case(src, dst, mode, sat, values):
    """The form's input tile (its defined values, then zeros) and the
    model's result."""
    kept = [v for v in values if convert(v, src, dst, mode, sat) is not UNDEFINED]
    a = np.zeros(ROWS * COLS, dtype(src))
    a[:len(kept)] = kept[:ROWS * COLS]
    want = np.array([convert(v, src, dst, mode, sat) for v in a], dtype(dst))
    return a.reshape(ROWS, COLS), want.reshape(ROWS, COLS)


def _check(target, src, dst, engine):
    rng = np.random.default_rng(sum(f"{target}{src}{dst}".encode()))
    values = inputs(src, rng)
    cases = [_case(src, dst, mode, sat, values) for mode, sat in FORMS]
    results = runtime.run(_kernel(target, src, dst), "k", *[a for a, _ in cases], engine=engine)
    for (mode, sat), (a, want), got in zip(FORMS, cases, results):
        got = np.asarray(got)
        assert got.dtype == want.dtype
        assert got.tobytes() == want.tobytes(), (mode, sat, a, got, want)


CASES = [(target, src, dst) for target in ("a2a3", "a5") for src, dst in _pairs(target)]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,src,dst", CASES)
def test_host_engines(target, src, dst, engine):
    _check(target, src, dst, engine)


def _one(src, dst, attrs):
    t, d = _tile(src), _tile(dst)
    return ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%a: {t}) -> {d} {{\n"
            f"    %r = pto.tcvt %a {{{attrs}}} : {t} -> {d}\n"
            f"    return %r : {d}\n  }}\n}}\n")


@pytest.mark.parametrize("src,dst,attrs,value", [
    ("f32", "i32", "rmode = #pto<round_mode RINT>", np.nan),
    ("f32", "i16", "rmode = #pto<round_mode FLOOR>", -32768.5),
    ("f16", "ui8", "rmode = #pto<round_mode ROUND>", np.inf),
    # Saturated to 2^31 - 1, which is 2^31 as the f32 it is cast back to.
    ("f32", "i32", "rmode = #pto<round_mode RINT>, sat_mode = #pto<saturation_mode ON>", 3e9),
    # 2^63 - 1 is 2^63 as a double: its cast back to int64 is undefined.
    ("i64", "f32", "sat_mode = #pto<saturation_mode ON>", 2 ** 63 - 1),
])
def test_undefined_conversions_fail_alike(src, dst, attrs, value):
    """The first element whose C++ cast is undefined, on both engines,
    before anything is written."""
    a = np.zeros((ROWS, COLS), dtype(src))
    a[1, 3] = value
    a[1, 9] = value
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(_one(src, dst, attrs), "k", a, engine=engine)
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.tcvt' op at -:3:10: src element (1, 3) converts to a value its destination type "
        "cannot hold (NaN or out of range); pto-isa's simulator's C++ cast is undefined there"]


# A representative table on pto-isa's simulator (one kernel each, every
# mode with and without saturation): float -> float, float -> integer
# (signed, unsigned through int64), integer -> integer narrowing, integer ->
# float; bf16 never (the simulator's bf16 is half: docs/ptoas.md).
PTO_ISA = [("a5", "f32", "f16"), ("a5", "f32", "i32"), ("a5", "f16", "i8"),
           ("a5", "f16", "ui8"), ("a5", "i32", "i16"), ("a5", "i16", "f16"),
           ("a2a3", "i32", "f16")]


@pytest.mark.parametrize("target,src,dst", PTO_ISA)
def test_pto_isa(pto_isa_tools, target, src, dst):
    _check(target, src, dst, "pto-isa")


def test_undefined_conversion_is_checked_on_pto_isa(pto_isa_tools):
    """The pto-isa engine runs the host engines' checks before the
    simulator: an undefined cast fails there too, instead of giving what
    x86's cvttsd2si happens to give."""
    a = np.zeros((ROWS, COLS), np.float32)
    a[1, 3] = np.nan
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(_one("f32", "i32", "rmode = #pto<round_mode RINT>"), "k", a,
                    engine="pto-isa")
    assert str(info.value) == (
        "'pto.tcvt' op at -:3:10: src element (1, 3) converts to a value its destination type "
        "cannot hold (NaN or out of range); pto-isa's simulator's C++ cast is undefined there")


def test_tmp_form_is_refused_on_pto_isa():
    """The simulator declares TCVT with a tmp tile and defines none."""
    t = "!pto.tile_buf<vec, 16x16xf32>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"  func.func @k(%s: {t}, %tmp: {t}, %d: !pto.tile_buf<vec, 16x16xi16>) {{\n"
            f"    pto.tcvt ins(%s, %tmp : {t}, {t}) outs(%d : !pto.tile_buf<vec, 16x16xi16>)\n"
            "    return\n  }\n}\n")
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(text, "k")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: its pto.tcvt at -:3:5 takes a tmp tile, whose TCVT "
        "the CPU simulator declares and does not define "
        "(include/pto/common/pto_instr.hpp:1351): drop tmp (the host engines do not read it)")
