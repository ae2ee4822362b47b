"""Level 1 results with `?` valid extents on both engines: pto-ssa-to-dps
allocates their buffers with the extents their op determines and returns a
function's `?` extents (docs/bufferization.md#dynamic-valid-extents), so the
JIT runs what the interpreter runs. Each result is checked against a numpy
model, its valid shape included; failures must read the same."""
import numpy as np
import pytest

from pto_mlir import runtime

pytest.importorskip("pto_mlir.runtime.jit")

ENGINES = ("interp", "jit")
R = "!pto.tile<vec, 16x32xi16, valid=?x32>"

ROWS = f"""
func.func @k(%a: {R}, %b: {R}) -> {R} {{
  %0 = pto.tor %a, %b : ({R}, {R}) -> {R}
  return %0 : {R}
}}
"""


def _operands():
    a = np.arange(512, dtype=np.int16).reshape(16, 32)
    return a, (a * 7 + 3).astype(np.int16)


def _only(valid, values, shape, dtype):
    """A fresh result: ``values`` over the valid region, zero elsewhere."""
    expected = np.zeros(shape, dtype)
    expected[:valid[0], :valid[1]] = values[:valid[0], :valid[1]]
    return expected


@pytest.mark.parametrize("engine", ENGINES)
def test_a_result_is_valid_where_its_op_says(engine):
    a, b = _operands()
    result = runtime.run(ROWS, "k", runtime.Tile(a, (5, 32)), runtime.Tile(b, (5, 32)),
                         engine=engine)
    assert isinstance(result, runtime.Tile)
    assert result.valid == (5, 32)
    np.testing.assert_array_equal(result.array, _only((5, 32), a | b, (16, 32), np.int16))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_chain_of_dynamic_results_through_a_call(engine):
    # @twice's result comes back through an out-parameter with its extents;
    # @k ORs it with b again.
    kernel = f"""
func.func @twice(%a: {R}) -> {R} {{
  %0 = pto.tor %a, %a : ({R}, {R}) -> {R}
  return %0 : {R}
}}
func.func @k(%a: {R}, %b: {R}) -> ({R}, {R}) {{
  %0 = func.call @twice(%a) : ({R}) -> {R}
  %1 = pto.tor %0, %b : ({R}, {R}) -> {R}
  return %1, %0 : {R}, {R}
}}
"""
    a, b = _operands()
    first, second = runtime.run(kernel, "k", runtime.Tile(a, (9, 32)),
                                runtime.Tile(b, (9, 32)), engine=engine)
    assert (first.valid, second.valid) == ((9, 32), (9, 32))
    np.testing.assert_array_equal(first.array, _only((9, 32), a | b, (16, 32), np.int16))
    np.testing.assert_array_equal(second.array, _only((9, 32), a, (16, 32), np.int16))


@pytest.mark.parametrize("engine", ENGINES)
def test_one_source_deinterleave_halves_the_columns(engine):
    src = "!pto.tile<vec, 8x64xf32, valid=?x?>"
    dst = "!pto.tile<vec, 8x32xf32, valid=?x?>"
    kernel = f"""
func.func @k(%s: {src}) -> ({dst}, {dst}) {{
  %d0, %d1 = pto.tdeinterleave %s : {src} -> ({dst}, {dst})
  return %d0, %d1 : {dst}, {dst}
}}
"""
    s = np.arange(512, dtype=np.float32).reshape(8, 64)
    even, odd = runtime.run(kernel, "k", runtime.Tile(s, (3, 20)), engine=engine)
    assert (even.valid, odd.valid) == ((3, 10), (3, 10))
    np.testing.assert_array_equal(even.array, _only((3, 10), s[:, 0::2], (8, 32), np.float32))
    np.testing.assert_array_equal(odd.array, _only((3, 10), s[:, 1::2], (8, 32), np.float32))


@pytest.mark.parametrize("engine", ENGINES)
def test_unequal_valid_shapes_fail_alike(engine):
    a, b = _operands()
    with pytest.raises(runtime.KernelError) as error:
        runtime.run(ROWS, "k", runtime.Tile(a, (5, 32)), runtime.Tile(b, (6, 32)),
                    engine=engine)
    assert str(error.value) == ("'pto.tor' op at -:3:8: valid shape of src1 is 6x32, "
                                "src0's is 5x32; they must be equal")


# A loop carrying a tile with `?` extents, through a branch in its body
# (pto-ssa-to-dps carries its bytes and its extents side by side).
LOOP = f"""
func.func @k(%a: {R}, %b: {R}, %n: index, %p: i1) -> {R} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> {R} {{
    %y = scf.if %p -> {R} {{
      %o = pto.tor %x, %b : ({R}, {R}) -> {R}
      scf.yield %o : {R}
    }} else {{
      scf.yield %b : {R}
    }}
    scf.yield %y : {R}
  }}
  return %r : {R}
}}
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("taken", [True, False])
def test_loops_and_branches_carry_dynamic_valid_tiles(engine, taken):
    a, b = _operands()
    result = runtime.run(LOOP, "k", runtime.Tile(a, (7, 32)), runtime.Tile(b, (7, 32)), 3,
                         taken, engine=engine)
    assert result.valid == (7, 32)
    # A fresh tor result is zero outside its valid region; an argument
    # passed on is all of its bytes.
    expected = _only((7, 32), a | b, (16, 32), np.int16) if taken else b
    np.testing.assert_array_equal(result.array, expected)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_loop_that_does_not_run_returns_its_init(engine):
    a, b = _operands()
    result = runtime.run(LOOP, "k", runtime.Tile(a, (3, 32)), runtime.Tile(b, (5, 32)), 0,
                         True, engine=engine)
    assert result.valid == (3, 32)
    np.testing.assert_array_equal(result.array, a)


def _load(tile, shape, strides, attributes=""):
    """@k(%x, %rows, %cols): the tile loaded from the rows x cols window at
    (0, 0) of a tensor of ``shape`` and ``strides`` over %x; the window's
    sizes are the kernel's scalars, so is the tile's valid shape."""
    (m, n), (s0, s1) = shape, strides
    tensor = f"!pto.tensor_view<{m}x{n}xf32>"
    return f"""
func.func @k(%x: !pto.ptr<f32>, %rows: index, %cols: index) -> {tile} {{
  %c0 = arith.constant 0 : index
  %m = arith.constant {m} : index
  %n = arith.constant {n} : index
  %s0 = arith.constant {s0} : index
  %s1 = arith.constant {s1} : index
  %t = pto.make_tensor_view %x, shape = [%m, %n], strides = [%s0, %s1]{attributes} : {tensor}
  %w = pto.partition_view %t, offsets = [%c0, %c0], sizes = [%rows, %cols] : {tensor} -> !pto.partition_tensor_view<?x?xf32>
  %v = pto.tload %w : !pto.partition_tensor_view<?x?xf32> -> {tile}
  return %v : {tile}
}}
"""  # noqa: E501


@pytest.mark.parametrize("engine", ENGINES)
def test_a_load_is_valid_over_its_window(engine):
    kernel = _load("!pto.tile<vec, 8x32xf32, valid=?x?>", (8, 32), (32, 1))
    x = np.arange(256, dtype=np.float32).reshape(8, 32) + 0.5
    result = runtime.run(kernel, "k", x, 6, 11, engine=engine)
    assert result.valid == (6, 11)
    np.testing.assert_array_equal(result.array, _only((6, 11), x, (8, 32), np.float32))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_column_major_load_is_valid_over_its_window(engine):
    # A DN window: its rows are the second-to-last extent, its columns the
    # others (pto-isa's five-dimensional GlobalTensor, padded with ones).
    kernel = _load("!pto.tile<vec, 16x8xf32, blayout=col_major, valid=?x?>", (16, 8), (1, 16),
                   " {layout = #pto.layout<dn>}")
    x = np.arange(128, dtype=np.float32) + 0.5
    result = runtime.run(kernel, "k", x, 5, 3, engine=engine)
    assert result.valid == (5, 3)
    # Column c of the window is x[16c : 16c + 16]: the array seen as 8
    # columns of 16 rows.
    np.testing.assert_array_equal(result.array,
                                  _only((5, 3), x.reshape(8, 16).T, (16, 8), np.float32))


@pytest.mark.parametrize("engine", ENGINES)
def test_valid_shape_reads_a_tiles_valid_rows_and_columns(engine):
    buf = "!pto.tile_buf<vec, 16x32xi16, valid=?x?>"
    kernel = f"""
func.func @k(%t: {buf}, %n: index) -> (index, index, index, index) {{
  %r, %c = pto.valid_shape %t : {buf}
  %a = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 8x16xi16, valid=?x16>
  %ar, %ac = pto.valid_shape %a : !pto.tile_buf<vec, 8x16xi16, valid=?x16>
  return %r, %c, %ar, %ac : index, index, index, index
}}
"""
    a, _ = _operands()
    assert runtime.run(kernel, "k", runtime.Tile(a, (5, 17)), 3, engine=engine) == (5, 17, 3, 16)
