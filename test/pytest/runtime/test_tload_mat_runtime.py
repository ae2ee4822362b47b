"""tload into boxed mat tiles (TLOAD.md: "ND->NZ and DN->ZN"), on the
interpreter and the JIT. pto-isa's simulator fills the whole tile with the
pad value, then sets each valid (row, col) from the window
(include/pto/cpu/TLoad.hpp, TLOAD_TILE_IMPL): the model below does the same
on the tile's logical cells; where the cells sit in the boxes is the
storage order's (runtime/storage.py, test_storage_offsets.py)."""
import numpy as np
import pytest

from pto_mlir import runtime

NZ = "blayout=col_major, slayout=row_major"
ZN = "blayout=row_major, slayout=col_major"


def _kernel(layout, view_layout, strides):
    tile = f"!pto.tile<mat, 32x32xf16, valid=20x24, {layout}, pad=max>"
    window = "!pto.partition_tensor_view<20x24xf16>"
    attr = f" {{layout = #pto.layout<{view_layout}>}}" if view_layout else ""
    return f"""func.func @k(%src: !pto.ptr<f16>) -> {tile} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %c24 = arith.constant 24 : index
  %c40 = arith.constant 40 : index
  %v = pto.make_tensor_view %src, shape = [%c40, %c40], strides = [{strides}]{attr} : !pto.tensor_view<40x40xf16>
  %w = pto.partition_view %v, offsets = [%c2, %c0], sizes = [%c20, %c24] : !pto.tensor_view<40x40xf16> -> {window}
  %t = pto.tload %w : {window} -> {tile}
  return %t : {tile}
}}"""  # noqa: E501


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("layout,view_layout,strides,column_major", [
    (NZ, "nd", "%c40, %c1", False),
    (NZ, None, "%c40, %c1", False),   # an NZ tile's boxes: ND
    (ZN, "dn", "%c1, %c40", True),
    (ZN, None, "%c1, %c40", True)])   # a ZN tile's boxes: DN
def test_tload_into_boxed_mat_tile(engine, layout, view_layout, strides, column_major):
    rng = np.random.default_rng(35)
    src = rng.standard_normal(40 * 40).astype(np.float16)
    grid = src.reshape(40, 40).T if column_major else src.reshape(40, 40)
    want = np.full((32, 32), np.inf, np.float16)   # pad=max: +inf
    want[:20, :24] = grid[2:22, 0:24]
    out = runtime.run(_kernel(layout, view_layout, strides), "k", src, engine=engine)
    assert np.asarray(out).tobytes() == want.tobytes()


def test_pto_isa_simulator_accepts_the_nz_load(pto_isa_tools):
    # The simulator's CheckTileData asserts the window covers the NZ tile's
    # valid region (include/pto/cpu/TLoad.hpp:66); a mat tile cannot reach
    # global memory again without the matrix unit, so the run is the check.
    tile = f"!pto.tile_buf<mat, 32x32xf16, valid=20x24, {NZ}, pad=max>"
    window = "!pto.partition_tensor_view<20x24xf16>"
    text = f"""func.func @k(%src: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c24 = arith.constant 24 : index
  %c40 = arith.constant 40 : index
  %v = pto.make_tensor_view %src, shape = [%c40, %c40], strides = [%c40, %c1] : !pto.tensor_view<40x40xf16>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c20, %c24] : !pto.tensor_view<40x40xf16> -> {window}
  %t = pto.alloc_tile : {tile}
  pto.tload ins(%w : {window}) outs(%t : {tile})
  return
}}"""  # noqa: E501
    src = np.zeros(40 * 40, np.float16)
    assert runtime.run(text, "k", src, engine="pto-isa") is None


A5 = 'module attributes {pto.target_arch = "a5"} {\n%s\n}'
A2A3 = 'module attributes {pto.target_arch = "a2a3"} {\n%s\n}'


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("module,dst", [
    (A5, f"!pto.tile<left, 32x32xf16, valid=20x24, {NZ}>"),
    (A2A3, "!pto.tile<left, 32x32xf16, valid=20x24, slayout=row_major>"),
    (A5, f"!pto.tile<right, 32x32xf16, valid=20x24, {ZN}>")])
def test_tmov_mat_to_left_and_right_moves_the_loaded_cells(engine, module, dst):
    # tload ND -> NZ, then tmov into the cube's tile: the simulator copies
    # cell by cell over the valid region (include/pto/cpu/TMov.hpp:27-32);
    # dst's other cells are what the alloc gave (not asserted).
    mat = f"!pto.tile<mat, 32x32xf16, valid=20x24, {NZ}>"
    window = "!pto.partition_tensor_view<20x24xf16>"
    text = module % f"""func.func @k(%src: !pto.ptr<f16>) -> {dst} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c24 = arith.constant 24 : index
  %c40 = arith.constant 40 : index
  %v = pto.make_tensor_view %src, shape = [%c40, %c40], strides = [%c40, %c1] : !pto.tensor_view<40x40xf16>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c20, %c24] : !pto.tensor_view<40x40xf16> -> {window}
  %m = pto.tload %w : {window} -> {mat}
  %l = pto.tmov %m : {mat} -> {dst}
  return %l : {dst}
}}"""  # noqa: E501
    src = np.random.default_rng(7).standard_normal(40 * 40).astype(np.float16)
    out = np.asarray(runtime.run(text, "k", src, engine=engine))
    assert out[:20, :24].tobytes() == src.reshape(40, 40)[:20, :24].tobytes()
