"""pto.set_validshape on the three engines: the valid shape it sets in place
is the one every later op of the buffer reads (after a branch, in each
iteration of a loop), bit for bit against a numpy model of PTOAS's
set_validshape_if.pto kernel; extents out of range fail alike
(valid_extent_out_of_range, pto-isa's Tile::SetValidShape asserts
rowMask <= Rows and colMask <= Cols: include/pto/common/pto_tile.hpp:1635).
"""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime

T = "!pto.tile_buf<vec, 32x32xf32, valid=?x?>"
W = "!pto.partition_tensor_view<32x32xf32>"
V = "!pto.tensor_view<?x?xf32>"

# The tile loads x (valid 32x32), gets the valid shape of the scalars'
# choice, adds itself into itself over that region (TADD reads the valid
# shape of dst: include/pto/cpu/TBinOp.hpp), then is stored whole.
HEAD = f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] : {V}
  %vy = pto.make_tensor_view %y, shape = [%c32, %c32], strides = [%c32, %c1] : {V}
  %wx = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32] : {V} -> {W}
  %wy = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c32] : {V} -> {W}
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c32 : {T}
  pto.tload ins(%wx : {W}) outs(%t : {T})
"""
DOUBLE = f"pto.tadd ins(%t, %t : {T}, {T}) outs(%t : {T})"
TAIL = f"""
  pto.set_validshape %t, %c32, %c32 : {T}
  pto.tstore ins(%t : {T}) outs(%wy : {W})
  return
"""

BRANCH = f"""
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %cond: i1) {{
{HEAD}
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  scf.if %cond {{
    pto.set_validshape %t, %c16, %c24 : {T}
  }} else {{
    pto.set_validshape %t, %c8, %c12 : {T}
  }}
  {DOUBLE}
{TAIL}
}}
"""

# Iteration i doubles the first i + 1 rows of the first 8 (i + 1) columns.
LOOP = f"""
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %n: index) {{
{HEAD}
  scf.for %i = %c0 to %n step %c1 {{
    %r = arith.addi %i, %c1 : index
    %c = arith.muli %r, %c8 : index
    pto.set_validshape %t, %r, %c : {T}
    {DOUBLE}
  }}
{TAIL}
}}
"""

# The extents are the caller's.
GIVEN = f"""
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %r: index, %c: index) {{
{HEAD}
  pto.set_validshape %t, %r, %c : {T}
  {DOUBLE}
{TAIL}
}}
"""

ENGINES = ("interp", "jit", "pto-isa")


def _x():
    return np.random.default_rng(7).standard_normal(32 * 32).astype(np.float32)


def _model(x, regions):
    """x as a 32x32 tile with each region (rows, cols) in turn doubled."""
    tile = x.reshape(32, 32).copy()
    for rows, cols in regions:
        tile[:rows, :cols] += tile[:rows, :cols]
    return tile.reshape(-1)


def _run(kernel, engine, *scalars):
    x, y = _x(), np.zeros(32 * 32, np.float32)
    runtime.run(kernel, "k", x, y, *scalars, engine=engine)
    return y


CASES = [
    (BRANCH, (True,), [(16, 24)]),
    (BRANCH, (False,), [(8, 12)]),
    (LOOP, (0,), []),
    (LOOP, (4,), [(1, 8), (2, 16), (3, 24), (4, 32)]),
    (GIVEN, (0, 32), [(0, 32)]),
    (GIVEN, (32, 5), [(32, 5)]),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kernel,scalars,regions", CASES)
def test_later_ops_read_the_valid_shape_set(kernel, scalars, regions, engine, request):
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    y = _run(kernel, engine, *scalars)
    assert y.tobytes() == _model(_x(), regions).tobytes()


def _line(kernel, text):
    """The line of ``kernel`` (1-based) that starts with ``text``."""
    return next(n for n, line in enumerate(kernel.splitlines(), 1)
                if line.strip().startswith(text))


@pytest.mark.parametrize("r,c,message", [
    (33, 4, "valid extent 0 is 33, allowed 0..32"),
    (4, 40, "valid extent 1 is 40, allowed 0..32"),
    (-1, 4, "valid extent 0 is -1, allowed 0..32"),
])
def test_extents_out_of_range_fail_alike(r, c, message):
    x, y = _x(), np.zeros(32 * 32, np.float32)
    line = _line(GIVEN, "pto.set_validshape %t, %r")
    assert agree(GIVEN, [x, y, r, c]) == f"'pto.set_validshape' op at -:{line}:3: {message}"
