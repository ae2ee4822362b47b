"""Storage order of tile layouts (runtime/storage.py), by hand-computed offsets."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime.storage import element_offsets


def test_nd_is_row_major_and_dn_column_major():
    assert element_offsets(2, 3, "row_major", "none_box", 512, 4).tolist() == [[0, 1, 2],
                                                                               [3, 4, 5]]
    assert element_offsets(2, 3, "col_major", "none_box", 512, 4).tolist() == [[0, 2, 4],
                                                                               [1, 3, 5]]


def test_nz_boxes_are_16_rows_of_32_bytes_ordered_down_the_columns():
    # f32: boxes of 16 x 8; a 32x16 tile has 2x2 boxes, column of boxes first.
    offsets = element_offsets(32, 16, "col_major", "row_major", 512, 4)
    assert offsets[0, 0] == 0 and offsets[0, 7] == 7 and offsets[1, 0] == 8
    assert offsets[15, 7] == 127 and offsets[16, 0] == 128     # box below
    assert offsets[0, 8] == 256 and offsets[31, 15] == 511     # next column of boxes


def test_acc_fractal_boxes_are_16x16():
    offsets = element_offsets(16, 32, "col_major", "row_major", 1024, 4)
    assert offsets[0, 15] == 15 and offsets[1, 0] == 16 and offsets[0, 16] == 256


def test_zn_and_zz():
    # i16 Zn: boxes of 16 rows x 16 cols (32 bytes / 2) stored column-major inside.
    zn = element_offsets(16, 32, "row_major", "col_major", 512, 2)
    assert zn[1, 0] == 1 and zn[0, 1] == 16 and zn[0, 16] == 256
    zz = element_offsets(32, 16, "row_major", "row_major", 512, 2)
    assert zz[0, 1] == 1 and zz[1, 0] == 16 and zz[16, 0] == 256


@pytest.mark.parametrize("blayout,slayout,fractal", [
    ("row_major", "none_box", 512), ("col_major", "none_box", 512),
    ("col_major", "row_major", 512), ("col_major", "row_major", 1024),
    ("row_major", "col_major", 512), ("row_major", "row_major", 512)])
def test_every_layout_is_a_permutation_of_the_storage(blayout, slayout, fractal):
    offsets = element_offsets(32, 32, blayout, slayout, fractal, 2)
    assert sorted(offsets.ravel().tolist()) == list(range(32 * 32))


def test_col_major_boxes_of_col_major_elements_are_rejected():
    with pytest.raises(ValueError) as error:
        element_offsets(16, 16, "col_major", "col_major", 512, 2)
    assert str(error.value) == "layout blayout=col_major, slayout=col_major has no storage order"


@pytest.mark.parametrize("rows,cols", [(16, 20), (20, 16)])
def test_a_boxed_tile_of_partial_boxes_is_rejected(rows, cols):
    # f32 Zz boxes are 16x8: 20 rows or 20 cols leave a partial box, whose
    # elements would land past the tile's storage.
    with pytest.raises(ValueError) as error:
        element_offsets(rows, cols, "row_major", "row_major", 512, 4)
    assert str(error.value) == f"a boxed {rows}x{cols} tile is not whole 16x8 boxes"


def test_a_partial_box_argument_is_an_argument_error_not_a_crash():
    # Partial box rows in vec are the one partial box the type allows
    # (tile_c9); the runtime cannot address them.
    t = "!pto.tile_buf<vec, 8x8xf32, blayout=col_major, slayout=row_major>"
    kernel = f"""func.func @f(%a: {t}) {{
  return
}}"""
    with pytest.raises(runtime.ArgumentError) as error:
        runtime.run(kernel, "f", np.zeros((8, 8), np.float32))
    assert str(error.value) == f"argument #0 ({t}): a boxed 8x8 tile is not whole 16x8 boxes"
