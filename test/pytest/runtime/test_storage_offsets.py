"""Storage order of tile layouts: the dialect's facts (pto.storage_order) and
the offsets runtime/storage.py computes from them, by hand-computed offsets."""
import numpy as np
import pytest

from pto_mlir import ir, runtime
from pto_mlir.dialects import pto
from pto_mlir.runtime.storage import element_offsets


def _type(rows, cols, element, blayout, slayout, fractal=512):
    elements = {"f32": ir.F32Type.get, "f16": ir.F16Type.get,
                "i16": lambda: ir.IntegerType.get_signless(16)}
    return pto.TileBufType.get([rows, cols], elements[element](), blayout=blayout,
                               slayout=slayout, fractal=fractal)


def test_nd_is_row_major_and_dn_column_major(ctx):
    nd = _type(2, 8, "f32", "row_major", "none_box")
    assert pto.storage_order(nd) == (1, 1, 8, 1, 0, 0)
    assert element_offsets(nd).tolist() == [list(range(8)), list(range(8, 16))]
    dn = _type(8, 2, "f32", "col_major", "none_box")
    assert pto.storage_order(dn) == (1, 1, 1, 8, 0, 0)
    assert element_offsets(dn).tolist() == [[r, 8 + r] for r in range(8)]


def test_nz_boxes_are_16_rows_of_32_bytes_ordered_down_the_columns(ctx):
    # f32: boxes of 16 x 8; a 32x16 tile has 2x2 boxes, column of boxes first.
    nz = _type(32, 16, "f32", "col_major", "row_major")
    assert pto.storage_order(nz) == (16, 8, 128, 256, 8, 1)
    offsets = element_offsets(nz)
    assert offsets[0, 0] == 0 and offsets[0, 7] == 7 and offsets[1, 0] == 8
    assert offsets[15, 7] == 127 and offsets[16, 0] == 128     # box below
    assert offsets[0, 8] == 256 and offsets[31, 15] == 511     # next column of boxes


def test_acc_fractal_boxes_are_16x16(ctx):
    acc = _type(16, 32, "f32", "col_major", "row_major", fractal=1024)
    assert pto.storage_order(acc) == (16, 16, 256, 256, 16, 1)
    offsets = element_offsets(acc)
    assert offsets[0, 15] == 15 and offsets[1, 0] == 16 and offsets[0, 16] == 256


def test_mx_fractal_boxes_are_16x2(ctx):
    mx = _type(32, 4, "f16", "col_major", "row_major", fractal=32)
    assert pto.storage_order(mx) == (16, 2, 32, 64, 2, 1)
    offsets = element_offsets(mx)
    assert offsets[0, 1] == 1 and offsets[1, 0] == 2 and offsets[16, 0] == 32
    assert offsets[0, 2] == 64 and offsets[31, 3] == 127


def test_zn_and_zz(ctx):
    # i16 Zn: boxes of 16 rows x 16 cols (32 bytes / 2) stored column-major inside.
    zn = _type(16, 32, "i16", "row_major", "col_major")
    assert pto.storage_order(zn) == (16, 16, 512, 256, 1, 16)
    offsets = element_offsets(zn)
    assert offsets[1, 0] == 1 and offsets[0, 1] == 16 and offsets[0, 16] == 256
    zz = _type(32, 16, "i16", "row_major", "row_major")
    assert pto.storage_order(zz) == (16, 16, 256, 256, 16, 1)
    offsets = element_offsets(zz)
    assert offsets[0, 1] == 1 and offsets[1, 0] == 16 and offsets[16, 0] == 256


@pytest.mark.parametrize("blayout,slayout,fractal", [
    ("row_major", "none_box", 512), ("col_major", "none_box", 512),
    ("col_major", "row_major", 512), ("col_major", "row_major", 1024),
    ("row_major", "col_major", 512), ("row_major", "row_major", 512)])
def test_every_layout_is_a_permutation_of_the_storage(ctx, blayout, slayout, fractal):
    offsets = element_offsets(_type(32, 32, "i16", blayout, slayout, fractal))
    assert sorted(offsets.ravel().tolist()) == list(range(32 * 32))


def test_offsets_are_read_only(ctx):
    offsets = element_offsets(_type(16, 16, "i16", "col_major", "row_major"))
    with pytest.raises(ValueError):
        offsets[0, 0] = 1


def test_col_major_boxes_of_col_major_elements_are_rejected(ctx):
    with pytest.raises(ValueError) as error:
        pto.storage_order(_type(16, 16, "i16", "col_major", "col_major"))
    assert str(error.value) == "layout blayout=col_major, slayout=col_major has no storage order"


@pytest.mark.parametrize("rows,cols", [(20, 16), (8, 8)])
def test_a_boxed_tile_of_partial_boxes_is_rejected(ctx, rows, cols):
    # f32 Zz boxes are 16x8: 20 or 8 rows leave a partial box, whose elements
    # would land past the tile's storage. (The type allows partial box rows
    # in vec only, tile_c9.)
    with pytest.raises(ValueError) as error:
        element_offsets(_type(rows, cols, "f32", "row_major", "row_major"))
    assert str(error.value) == f"a boxed {rows}x{cols} tile is not whole 16x8 boxes"


def test_partial_box_cols_are_refused_by_the_type(ctx):
    with pytest.raises(ValueError) as error:
        _type(16, 20, "f32", "row_major", "row_major")
    assert str(error.value) == ("boxed vec tile 16x20xf32 must be whole 16x8 boxes, "
                                "got cols=20 (a multiple of 8)")


def test_storage_order_takes_only_tile_types(ctx):
    with pytest.raises(TypeError) as error:
        pto.storage_order(ir.F32Type.get())
    assert str(error.value) == "storage_order takes a !pto.tile or !pto.tile_buf type"


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
