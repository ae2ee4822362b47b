"""PTOAS's layout attribute reaches the values loops carry (pto-view-layouts):
a DN tensor carried through an scf.for's iteration argument, windows cut from
the carried value each trip, runs on both host engines as the same kernel
written with the layout in its types; and a carried view whose tile does not
match the layout is refused (tload_c4) once the layout is in the types."""
import numpy as np
import pytest

from pto_mlir import ir, runtime

TILE = "!pto.tile_buf<vec, 8x1xf32, blayout=col_major>"
# Column j of a DN 8x4 tensor (column-major in memory) loaded each trip and
# stored into column j of an ND 8x4 output.
CARRIED = f"""
func.func @k(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %tv = pto.make_tensor_view %src, shape = [%c8, %c4], strides = [%c1, %c8] {{layout = #pto.layout<dn>}} : !pto.tensor_view<8x4xf32>
  %ov = pto.make_tensor_view %dst, shape = [%c8, %c4], strides = [%c1, %c8] {{layout = #pto.layout<dn>}} : !pto.tensor_view<8x4xf32>
  %t = pto.alloc_tile : {TILE}
  %last = scf.for %j = %c0 to %c4 step %c1 iter_args(%v = %tv) -> (!pto.tensor_view<8x4xf32>) {{
    %w = pto.partition_view %v, offsets = [%c0, %j], sizes = [%c8, %c1] : !pto.tensor_view<8x4xf32> -> !pto.partition_tensor_view<8x1xf32>
    pto.tload ins(%w : !pto.partition_tensor_view<8x1xf32>) outs(%t : {TILE})
    %o = pto.partition_view %ov, offsets = [%c0, %j], sizes = [%c8, %c1] : !pto.tensor_view<8x4xf32> -> !pto.partition_tensor_view<8x1xf32>
    pto.tstore ins(%t : {TILE}) outs(%o : !pto.partition_tensor_view<8x1xf32>)
    scf.yield %v : !pto.tensor_view<8x4xf32>
  }}
  return
}}
"""  # noqa: E501
TYPED = CARRIED.replace(" {layout = #pto.layout<dn>}", "").replace("xf32>", "xf32, dn>")


@pytest.mark.parametrize("kernel", [CARRIED, TYPED], ids=["ptoas", "typed"])
@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_a_carried_dn_tensor_keeps_its_layout(kernel, engine):
    src = np.arange(32, dtype=np.float32)
    dst = np.zeros(32, np.float32)
    runtime.run(kernel, "k", src, dst, engine=engine)
    # Column-major in, column-major out, column by column: the same bytes.
    assert dst.tobytes() == src.tobytes()


def test_a_carried_view_the_tile_does_not_match_is_refused():
    # The source an ND tensor (row-major strides): its column windows do not
    # fit the col_major tile, which nothing could tell before the layout
    # reached the loop's values.
    nd = CARRIED.replace("strides = [%c1, %c8] {layout = #pto.layout<dn>} : "
                         "!pto.tensor_view<8x4xf32>\n  %ov",
                         "strides = [%c4, %c1] {layout = #pto.layout<nd>} : "
                         "!pto.tensor_view<8x4xf32>\n  %ov")
    assert nd != CARRIED
    with pytest.raises(ir.MLIRError) as error:
        runtime.run(nd, "k", np.zeros(32, np.float32), np.zeros(32, np.float32))
    assert "'pto.tload' op dst layout DN does not match the window's layout ND" in str(
        error.value)
