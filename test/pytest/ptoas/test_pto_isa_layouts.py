"""DN windows of three and more dimensions on the pto-isa engine (issue 38):
the export writes the layout pto-mlir moves each window in, so ptoas does
not infer another from the strides; what ptoas would infer otherwise from
constant strides is refused by name. Each run is compared with the host
engines and with a numpy model of pto-isa's DN mapping (a tile's rows are
the window's second-to-last dimension, its columns the others, outermost
first: include/pto/cpu/tile_offsets.hpp, MapTileIndicesToGlobalOffset).

Needs PTOAS, PTO_ISA_ROOT and g++ (the fixture pto_isa_tools).
"""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa

TILE = "!pto.tile_buf<vec, 256x64xf32, valid=255x64, blayout=col_major>"
WINDOW = "!pto.partition_tensor_view<2x2x2x255x8xf32>"
OUT_WINDOW = "!pto.partition_tensor_view<255x64xf32>"
# pto-isa's own TLOAD test case 10 (tests/cpu/st/testcase/tload/tload_kernel.cpp,
# launchTLOAD_10: runTLOADDN<float, 2, 2, 2, 255, 60, 256, 64>): a 2x2x2x255x8
# global tensor, DN, with row-major strides given at run time, loaded into a
# col_major 256x64 tile of 255x64 valid elements; stored here to a
# column-major output so that every loaded element is seen.
TLOAD_DN_5D = f"""
func.func @k(%src: !pto.ptr<f32>, %out: !pto.ptr<f32>, %s0: index, %s1: index, %s2: index, %s3: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %src, shape = [%c2, %c2, %c2, %c255, %c8], strides = [%s0, %s1, %s2, %s3, %c1] {{layout = #pto.layout<dn>}} : !pto.tensor_view<2x2x2x255x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c2, %c2, %c2, %c255, %c8] : !pto.tensor_view<2x2x2x255x8xf32> -> {WINDOW}
  %o = pto.make_tensor_view %out, shape = [%c256, %c64], strides = [%c1, %c256] {{layout = #pto.layout<dn>}} : !pto.tensor_view<256x64xf32>
  %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c255, %c64] : !pto.tensor_view<256x64xf32> -> {OUT_WINDOW}
  %t = pto.alloc_tile : {TILE}
  pto.tload ins(%w : {WINDOW}) outs(%t : {TILE})
  pto.tstore ins(%t : {TILE}) outs(%ow : {OUT_WINDOW})
  return
}}
"""  # noqa: E501


def _dn_model(src5, rows):
    """The tile pto-isa loads from a DN window ``src5`` (a C-contiguous
    array of the window's five dimensions): tile[r, c] with c running over
    dimensions 0, 1, 2 and 4, dimension 4 fastest."""
    d0, d1, d2, _, d4 = src5.shape
    tile = src5.transpose(3, 0, 1, 2, 4).reshape(rows, d0 * d1 * d2 * d4)
    return tile


# The same kernel in pto-mlir's spelling: the layout in the view types.
TLOAD_DN_5D_TYPED = (TLOAD_DN_5D.replace(" {{layout = #pto.layout<dn>}}", "")
                     .replace(" {layout = #pto.layout<dn>}", "")
                     .replace("xf32>", "xf32, dn>"))


@pytest.mark.parametrize("kernel", [TLOAD_DN_5D, TLOAD_DN_5D_TYPED], ids=["ptoas", "typed"])
def test_pto_isa_tload_test_from_a_5d_dn_view(pto_isa_tools, kernel):
    assert ("layout = " in kernel) != (kernel is TLOAD_DN_5D_TYPED)
    rng = np.random.default_rng(10)
    src = rng.standard_normal(2 * 2 * 2 * 255 * 8).astype(np.float32)
    strides = (2 * 255 * 8 * 2, 2 * 255 * 8, 255 * 8, 8)
    expected = np.full((64, 256), 7, np.float32)   # column-major: [col][row]
    expected[:, :255] = _dn_model(src.reshape(2, 2, 2, 255, 8), 255).T
    for engine in ("interp", "jit", "pto-isa"):
        out = np.full(256 * 64, 7, np.float32)
        runtime.run(kernel, "k", src, out, *strides, engine=engine)
        assert out.tobytes() == expected.tobytes(), engine


T3 = "!pto.tile_buf<vec, 16x16xf32, blayout=col_major>"
W3 = "!pto.partition_tensor_view<2x16x8xf32>"
# A 3-D window of a view naming no layout, loaded by a col_major tile: DN,
# which the export now writes. The strides are arguments (ptoas infers
# nothing from them); the output is stored ND from a row_major copy.
DN_3D = f"""
func.func @k(%src: !pto.ptr<f32>, %out: !pto.ptr<f32>, %plane: index, %row: index, %col: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %src, shape = [%c2, %c16, %c8], strides = [%plane, %row, %col] : !pto.tensor_view<2x16x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %c8] : !pto.tensor_view<2x16x8xf32> -> {W3}
  %o = pto.make_tensor_view %out, shape = [%c16, %c16], strides = [%c1, %c16] : !pto.tensor_view<16x16xf32>
  %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf32> -> !pto.partition_tensor_view<16x16xf32>
  %t = pto.alloc_tile : {T3}
  pto.tload ins(%w : {W3}) outs(%t : {T3})
  pto.tstore ins(%t : {T3}) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
  return
}}
"""  # noqa: E501


@pytest.mark.parametrize("strides", [(256, 8, 1), (128, 1, 16)], ids=["nd-strides", "dn-strides"])
def test_3d_dn_window_without_a_layout(pto_isa_tools, strides):
    """Row-major strides are the case ptoas inferred ND for; column-major
    ones it inferred DN for: both give the host engines' bits."""
    src = np.random.default_rng(3).standard_normal(512).astype(np.float32)
    plane, row, col = strides
    src5 = np.empty((1, 1, 2, 16, 8), np.float32)
    for p in range(2):
        for r in range(16):
            for c in range(8):
                src5[0, 0, p, r, c] = src[p * plane + r * row + c * col]
    expected = _dn_model(src5, 16).T.reshape(-1)   # stored column-major
    for engine in ("interp", "jit", "pto-isa"):
        out = np.zeros(256, np.float32)
        runtime.run(DN_3D, "k", src, out, *strides, engine=engine)
        assert out.tobytes() == expected.tobytes(), engine


CONSTANT_STRIDES = DN_3D.replace("%plane: index, %row: index, %col: index", "").replace(
    "strides = [%plane, %row, %col]", "strides = [%c16, %c8, %c1]").replace(
    "%out: !pto.ptr<f32>, )", "%out: !pto.ptr<f32>)")


def test_dn_window_ptoas_would_read_as_nd_is_refused():
    src, out = np.zeros(512, np.float32), np.zeros(256, np.float32)
    runtime.run(CONSTANT_STRIDES, "k", src, out)   # the host engines run it
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(CONSTANT_STRIDES, "k", src, out, engine="pto-isa")
    assert str(error.value) == (
        "the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
        "-:8:8: error: 'pto.make_tensor_view' has no PTOAS form: pto-mlir moves its windows "
        "as DN, but ptoas infers ND from its constant shape and strides and refuses another "
        "layout (its layout inference reads DN only for row stride 1 and column stride = rows "
        "in the last two dimensions); pass the shape or the strides as arguments, or lay the "
        "tensor out so")
