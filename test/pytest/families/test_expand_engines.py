"""Every op of the row- and column-expand families, on every element type
each target allows, on the interpreter and the JIT (both targets) and on
pto-isa's CPU simulator (A5), bit for bit against expand_model.py; and the
run-time checks (the shape rules of `?` extents, a divisor's zeros) on both
host engines.

One kernel per (target, element type) computes every op of the two
families that allows the type: a row expand with src1 one value per row
(col_major, the pages' Mode 1), with src1 a 32-byte block per row (Mode 2)
and with src0 that block (src1 the full operand); a column expand with src1
one row. The pto-isa engine passes ND tiles only, so there the column is
made in the kernel (a trowmax into a DN tile, as PTOAS's softmax samples
make theirs). The simulator runs what ptoas reads: PTOAS a56b18c3's
verifiers (lib/PTO/IR/PTO.cpp:7613 TRowExpandMulOp and its neighbours,
:3269 verifyTColExpandBinaryLikeOp) take i8 i16 i32 f16 f32 on A5 (div and
expdif f16 f32), and the simulator's IsRowExpandAllowedType
(cpu/TRowExpandOp.hpp:21) no i8: i16 i32 f16 f32 run there, the rest on the
host engines. Divisors are nonzero: the simulator asserts so
(test_division_by_zero).
"""
import numpy as np
import pytest
from elementwise_model import DTYPES, inputs
from expand_model import col_expand, row_expand
from family_engines import FamilyCases
from row_reduce_model import model as row_reduce_model

from pto_mlir import families, runtime
from pto_mlir.runtime import pto_isa
from pto_mlir.testing import dps_kernel, tile_buf

ROWS = 32  # a DN column of 1-byte elements fills a 32-byte block
_SIM = ("i16", "i32", "f16", "f32")
_SIM_FLOAT = ("f16", "f32")


def _ptoas(row):
    return _SIM_FLOAT if row.element_op in ("div", "expdif") else _SIM


ROW_CASES = FamilyCases("row_expand", {row.mnemonic: _ptoas(row) for row in families.FAMILY_OPS
                                       if row.family == "row_expand"})
COL_CASES = FamilyCases("col_expand", {row.mnemonic: _ptoas(row) for row in families.FAMILY_OPS
                                       if row.family == "col_expand"})


def _shapes(element):
    size = np.dtype(DTYPES[element]).itemsize
    return 64 // size, 32 // size  # a row's columns, a block's


def _types(element):
    cols, block = _shapes(element)
    return {"a": f"!pto.tile<vec, {ROWS}x{cols}x{element}>",
            "v": f"!pto.tile<vec, {ROWS}x1x{element}, blayout=col_major>",
            "k": f"!pto.tile<vec, {ROWS}x{block}x{element}>",
            "g": f"!pto.tile<vec, 1x{cols}x{element}>"}


def _forms(row, engine):
    """(src0, src1) argument names of each form the kernel computes; PTOAS's
    trowexpandadd has no form of an expanded src0 (test_ptoas_refuses_...)."""
    if row.family == "col_expand":
        return [("a", "g")]
    if engine == "pto-isa" and row.mnemonic == "trowexpandadd":
        return [("a", "v"), ("a", "k")]
    return [("a", "v"), ("a", "k"), ("k", "a")]


def _kernel(target, element, engine, rows):
    """@k(%a, %v, %k, %g, and their nonzero twins for division) -> every
    form of every op; on pto-isa %v is trowmax(%a) made in the kernel."""
    t = _types(element)
    args = ["a", "v", "k", "g"]
    params = [f"%{n}: {t[n]}" for n in args if not (engine == "pto-isa" and n == "v")]
    params += [f"%{n}n: {t[n]}" for n in args if not (engine == "pto-isa" and n == "v")]
    lines = []
    if engine == "pto-isa":
        for suffix in ("", "n"):
            lines.append(f"    %v{suffix} = pto.trowmax %a{suffix}, %a{suffix} : "
                         f"({t['a']}, {t['a']}) -> {t['v']}")
    results = []
    for row in rows:
        suffix = "n" if row.element_op == "div" else ""
        for x, y in _forms(row, engine):
            name = f"%r{len(results)}"
            lines.append(f"    {name} = pto.{row.mnemonic} %{x}{suffix}, %{y}{suffix} : "
                         f"({t[x]}, {t[y]}) -> {t['a']}")
            results.append((row, x, y))
    types = ", ".join([t["a"]] * len(results))
    names = ", ".join(f"%r{k}" for k in range(len(results)))
    return results, (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                     f"  func.func @k({', '.join(params)}) -> ({types}) {{\n"
                     + "\n".join(lines) + f"\n    return {names} : {types}\n  }}\n}}\n")


def _arrays(target, element):
    dtype = DTYPES[element]
    cols, block = _shapes(element)
    rng = np.random.default_rng(sum(f"{target}{element}x".encode()))
    a, b = inputs(rng, dtype, (ROWS, cols))
    nonzero = [np.where(x == 0, np.ones_like(x), x) for x in (a, b)]
    values = {}
    for suffix, (x, y) in (("", (a, b)), ("n", nonzero)):
        values.update({f"a{suffix}": x, f"v{suffix}": np.ascontiguousarray(y[:, :1]),
                       f"k{suffix}": np.ascontiguousarray(y[:, :block]),
                       f"g{suffix}": np.ascontiguousarray(y[:1, :])})
    return values


def _check_cases(cases, target, element, engine):
    rows = cases.ops_of(target, element, engine)
    results, text = _kernel(target, element, engine, rows)
    values = _arrays(target, element)
    if engine == "pto-isa":
        for suffix in ("", "n"):
            values[f"v{suffix}"] = row_reduce_model("max", values[f"a{suffix}"])
        names = [n for n in ("a", "k", "g")]
    else:
        names = ["a", "v", "k", "g"]
    args = [values[n] for n in names] + [values[n + "n"] for n in names]
    got = runtime.run(text, "k", *args, engine=engine)
    got = got if isinstance(got, tuple) else (got,)
    cols = values["a"].shape[1]
    for (row, x, y), result in zip(results, got):
        suffix = "n" if row.element_op == "div" else ""
        src0, src1 = values[x + suffix], values[y + suffix]
        want = (row_expand(row.element_op, src0, src1, cols) if row.family == "row_expand"
                else col_expand(row.element_op, src0, src1))
        result = np.asarray(result)
        assert result.dtype == want.dtype, row.mnemonic
        assert result.tobytes() == want.tobytes(), (row.mnemonic, x, y, src0, src1, result, want)


def _check_row(target, element, engine):
    _check_cases(ROW_CASES, target, element, engine)


def _check_col(target, element, engine):
    _check_cases(COL_CASES, target, element, engine)


(test_every_row_op_runs_somewhere, test_row_host_engines,
 test_row_pto_isa) = ROW_CASES.tests(_check_row)
(test_every_col_op_runs_somewhere, test_col_host_engines,
 test_col_pto_isa) = COL_CASES.tests(_check_col)


def test_ptoas_refuses_trowexpandadd_of_an_expanded_src0(pto_isa_tools):
    """PTOAS's trowexpandadd takes src0 of dst's valid shape only
    (lib/PTO/IR/PTO.cpp:7697): the export refuses the other form by name;
    the host engines run it (test_row_host_engines)."""
    t, k = "!pto.tile<vec, 16x64xf32>", "!pto.tile<vec, 16x8xf32>"
    kernel = (f"func.func @k(%k: {k}, %a: {t}) -> {t} {{\n"
              f"  %d = pto.trowexpandadd %k, %a : ({k}, {t}) -> {t}\n  return %d : {t}\n}}\n")
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(kernel, "k", np.ones((16, 8), np.float32), np.ones((16, 64), np.float32),
                    engine="pto-isa")
    assert str(info.value).endswith(
        "'pto.trowexpandadd' with src0 expanded has no PTOAS form: PTOAS's trowexpandadd "
        "takes src0 of dst's valid shape")


def _messages(kernel, *args):
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", *args, engine=engine)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    return messages[0]


@pytest.mark.parametrize("valid1", [(3, 1), (4, 2)])
def test_row_expand_shape(valid1):
    """trowexpandmul_c5 at run time: a column of dst's rows."""
    kernel = dps_kernel("k", "pto.trowexpandmul",
                        [tile_buf(4, 16, "f32"),
                         tile_buf(4, 8, "f32", (None, None))],
                        [tile_buf(4, 16, "f32")])
    src1 = runtime.Tile(np.ones((4, 8), np.float32), valid1)
    assert _messages(kernel, np.ones((4, 16), np.float32), src1,
                     np.zeros((4, 16), np.float32)) == (
        f"'pto.trowexpandmul' op at -:2:3: valid shapes of src0 (4x16) and src1 "
        f"({valid1[0]}x{valid1[1]}) do not row-expand into dst's 4x16: one must be a "
        "row-major tile of it, the other 4x1 col_major or 4x8 row_major")


def test_col_expand_shape():
    """tcolexpandadd_c5 at run time: src1 has dst's columns."""
    kernel = dps_kernel("k", "pto.tcolexpandadd",
                        [tile_buf(4, 16, "f32"), tile_buf(1, 16, "f32", (None, None))],
                        [tile_buf(4, 16, "f32")])
    src1 = runtime.Tile(np.ones((1, 16), np.float32), (1, 8))
    assert _messages(kernel, np.ones((4, 16), np.float32), src1,
                     np.zeros((4, 16), np.float32)) == (
        "'pto.tcolexpandadd' op at -:2:3: valid shape of src1 is 1x8; a column expand into "
        "dst's 16 columns needs at least 1 row of 16 columns")


@pytest.mark.parametrize("op", ["trowexpanddiv", "tcolexpanddiv"])
def test_division_by_zero(op):
    """The simulator's OP_DIV asserts each divisor it reads is nonzero
    (ElementOp.h:143): the first zero (or -0) of what src1 is read at fails,
    on both host engines; a zero a column expand does not read (src1's row
    1) does not."""
    shape = (2, 16) if op == "tcolexpanddiv" else (4, 8)
    kernel = dps_kernel("k", f"pto.{op}", [tile_buf(4, 16, "f32"), tile_buf(*shape, "f32")],
                        [tile_buf(4, 16, "f32")])
    a, divisor = np.ones((4, 16), np.float32), np.ones(shape, np.float32)
    divisor[1, 3] = -0.0
    if op == "tcolexpanddiv":
        for engine in ("interp", "jit"):
            dst = np.zeros((4, 16), np.float32)
            runtime.run(kernel, "k", a, divisor, dst, engine=engine)
            assert dst.tobytes() == np.ones((4, 16), np.float32).tobytes(), engine
        divisor[0, 5] = 0.0
    want = (0, 5) if op == "tcolexpanddiv" else (1, 3)
    assert _messages(kernel, a, divisor, np.zeros((4, 16), np.float32)) == (
        f"'pto.{op}' op at -:2:3: src1 is zero at element ({want[0]}, {want[1]}); a divisor "
        "must not be zero (pto-isa's simulator asserts it)")


def test_simulator_refuses_its_uncompiled_types(pto_isa_tools):
    """A5's i8 expands, which PTOAS takes and the simulator's static_assert
    does not (cpu/TRowExpandOp.hpp:21): the pto-isa engine refuses them by
    name; the host engines run them (test_row_host_engines)."""
    t, v = "!pto.tile<vec, 32x64xi8>", "!pto.tile<vec, 32x1xi8, blayout=col_major>"
    kernel = ('module attributes {pto.target_arch = "a5"} {\n'
              f"func.func @k(%a: {t}, %v: {v}) -> {t} {{\n"
              f"  %d = pto.trowexpandmul %a, %v : ({t}, {v}) -> {t}\n  return %d : {t}\n}}\n}}\n")
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(kernel, "k", np.ones((32, 64), np.int8), np.ones((32, 1), np.int8),
                    engine="pto-isa")
    assert "its pto.trowexpandmul at -:3:8 is of i8, which pto-isa's CPU simulator does not " \
        "compile its expands for" in str(info.value)
