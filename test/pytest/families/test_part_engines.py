"""Every op of the partial-region family, on every element type each target
allows, on the interpreter and the JIT (both targets) and on pto-isa's CPU
simulator (A5), bit for bit against part_model.py, in each overlap the
rules allow (src1 within src0 by rows, by columns, by both; src0 within
src1; equal), with the binary family's special operands.

Level 2 kernels (the sources' valid shapes differ from dst's, which a
Level 1 result takes from the larger source; the result's valid shape is
tested on its own). The simulator runs what ptoas reads: PTOAS a56b18c3's
A5 TPart* verifiers; its TPartCheck compiles i8 ui8 i16 i32 f16 f32 (bf16
aside: docs/ptoas.md; include/pto/cpu/TPartOp.hpp:79), the other types run
on the two host engines only.
"""
import numpy as np
import pytest
from elementwise_model import DTYPES, inputs
from family_engines import FamilyCases
from part_model import model

from pto_mlir import runtime

ROWS = 4
_SIM = ("i8", "ui8", "i16", "i32", "f16", "f32")
CASES = FamilyCases("part", {m: _SIM for m in ("tpartadd", "tpartmul", "tpartmax", "tpartmin")})


def _cols(element):
    return 64 // np.dtype(DTYPES[element]).itemsize


def _overlaps(cols):
    """(src0 valid, src1 valid) of tiles of ``cols`` columns: every overlap
    c4 allows (src1 within src0 by rows, by columns, by both; src0 within
    src1; equal)."""
    full = (ROWS, cols)
    return [(full, full), (full, (2, cols)), (full, (ROWS, 5)), (full, (3, 7)),
            ((1, cols // 2 + 1), full)]


def _buf(element, valid):
    return f"!pto.tile_buf<vec, {ROWS}x{_cols(element)}x{element}, valid={valid[0]}x{valid[1]}>"


def _kernel(target, ops, element, v0, v1):
    a, b, d = _buf(element, v0), _buf(element, v1), _buf(element, (ROWS, _cols(element)))
    dsts = ", ".join(f"%d{k}: {d}" for k in range(len(ops)))
    body = "\n".join(f"    pto.{row.mnemonic} ins(%a, %b : {a}, {b}) outs(%d{k} : {d})"
                     for k, row in enumerate(ops))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%a: {a}, %b: {b}, {dsts}) {{\n{body}\n    return\n  }}\n}}\n")


def _check(target, element, engine):
    ops = CASES.ops_of(target, element, engine)
    dtype = DTYPES[element]
    rng = np.random.default_rng(sum(f"{target}{element}p".encode()))
    cols = _cols(element)
    for v0, v1 in _overlaps(cols):
        a, b = inputs(rng, dtype, (ROWS, cols))
        outs = [np.full((ROWS, cols), 7, dtype) for _ in ops]
        runtime.run(_kernel(target, ops, element, v0, v1), "k", a, b, *outs, engine=engine)
        for row, got in zip(ops, outs):
            want = model(row.element_op, a[:v0[0], :v0[1]], b[:v1[0], :v1[1]], (ROWS, cols))
            assert got.tobytes() == want.tobytes(), (row.mnemonic, v0, v1, got, want)


test_every_op_runs_somewhere, test_host_engines, test_pto_isa = CASES.tests(_check)


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_level1_result_is_the_larger_source(engine):
    """A Level 1 result's valid shape is the larger source's in each
    dimension (dynamic extents: a `?` result)."""
    t0 = "!pto.tile<vec, 4x16xf32, valid=?x16>"
    t1 = "!pto.tile<vec, 4x16xf32, valid=4x?>"
    kernel = (f"func.func @k(%a: {t0}, %b: {t1}) -> !pto.tile<vec, 4x16xf32, valid=?x?> {{\n"
              f"  %r = pto.tpartadd %a, %b : ({t0}, {t1}) -> !pto.tile<vec, 4x16xf32, valid=?x?>\n"
              "  return %r : !pto.tile<vec, 4x16xf32, valid=?x?>\n}\n")
    a = np.arange(4 * 16, dtype=np.float32).reshape(4, 16)
    b = np.full((4, 16), 100, np.float32)
    got = runtime.run(kernel, "k", runtime.Tile(a, valid=(2, 16)), runtime.Tile(b, valid=(4, 9)),
                      engine=engine)
    assert got.valid == (4, 16)
    want = model("add", a[:2], b[:, :9], (4, 16))
    assert np.asarray(got.array).tobytes() == want.tobytes()
