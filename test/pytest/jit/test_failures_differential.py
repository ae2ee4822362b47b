"""Every kind of run-time failure (pto.RUN_TIME_FAILURES) fails both engines
with the same whole message: the op, its location, and the kind's template
filled with the values of the failing run."""
import ml_dtypes
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime
from pto_mlir.dialects import pto
from pto_mlir.testing import dps_kernel, tile_buf, tor_kernel, window_kernel
from test_tinsert_conversion_differential import acc_buf, convert_kernel, dst_buf

pytest.importorskip("pto_mlir.runtime.jit")

DYN = (None, None)


def _tiles(shape, dtype, *valids):
    return [runtime.Tile(np.zeros(shape, dtype), valid) for valid in valids]


def test_every_kind_is_tested_here():
    tested = {"valid_shape_mismatch", "odd_valid_cols", "deinterleave_source_shape",
              "valid_rows_exceed", "records_exceed_cols", "index_out_of_range",
              "window_exceeds_valid_shape", "fp_columns_too_few", "quantization_undefined",
              "valid_extent_out_of_range", "partial_sort_block", "sort_index_shape",
              "global_extent_not_positive", "global_extent_differs_from_type",
              "global_stride_negative", "tensor_exceeds_array", "window_exceeds_tensor",
              "window_tile_mismatch", "non_positive_step", "placement_exceeds_memory",
              "valid_rows_mismatch",
              # test_global_memory_overflow.py
              "global_index_overflow",
              # families/test_unary_elementwise_engines.py
              "division_by_zero",
              # families/test_tile_scalar_engines.py
              "scalar_division_by_zero", "scalar_shift_count_out_of_range",
              # families/test_binary_elementwise_engines.py
              "shift_count_out_of_range",
              # families/test_row_reduce_engines.py
              "empty_reduction", "row_reduction_shape",
              # tcvt/test_tcvt_engines.py
              "conversion_undefined",
              # families/test_expand_engines.py
              "row_expand_shape", "col_expand_shape",
              # runtime/test_tmrgsort.py
              "mrgsort_block_len", "partial_record", "merge_exceeds_lists",
              # generate/test_generate_engines.py
              "int_overflow",
              # families/test_col_reduce_engines.py
              "col_reduction_shape",
              # tmatmul/test_tmatmul_dynamic.py
              "matmul_shape"}
    assert set(pto.RUN_TIME_FAILURES) == tested


def test_failure_kinds_and_their_fields():
    assert pto.RUN_TIME_FAILURES["index_out_of_range"] == (
        "{operand} is {value}, allowed 0..{limit}", ("operand",), ("value", "limit"))
    assert pto.ERROR_SLOT_WORDS == 1 + max(len(values) for _, _, values
                                           in pto.RUN_TIME_FAILURES.values())


@pytest.mark.parametrize("valids,message", [
    ([(2, 3), (2, 4), (2, 3)], "valid shape of src1 is 2x4, src0's is 2x3; they must be equal"),
    ([(2, 3), (2, 3), (1, 3)], "valid shape of dst is 1x3, src0's is 2x3; they must be equal"),
])
def test_valid_shape_mismatch(valids, message):
    kernel = tor_kernel(4, 16, "i16", DYN)
    assert agree(kernel, _tiles((4, 16), np.int16, *valids), "tor") == (
        f"'pto.tor' op at -:2:3: {message}")


def test_odd_valid_cols():
    t = tile_buf(2, 16, "f32", DYN)
    kernel = dps_kernel("k", "pto.tinterleave", [t, t], [t, t])
    assert agree(kernel, _tiles((2, 16), np.float32, *[(2, 7)] * 4)) == (
        "'pto.tinterleave' op at -:2:3: dst0 has 7 valid columns; it must be even")


def test_deinterleave_source_shape():
    t = tile_buf(2, 16, "f32", DYN)
    kernel = dps_kernel("k", "pto.tdeinterleave", [t], [t, t])
    assert agree(kernel, _tiles((2, 16), np.float32, (2, 6), (2, 4), (2, 4))) == (
        "'pto.tdeinterleave' op at -:2:3: valid shape of src is 2x6; it must be 2x8 "
        "(dst0's rows by twice its columns)")


def _hardware_sort(dst_cols):
    return dps_kernel("k", "pto.tsort32", [tile_buf(2, 64, "f32", DYN),
                                           tile_buf(2, 64, "ui32", DYN)],
                      [tile_buf(2, dst_cols, "f32", DYN)])


@pytest.mark.parametrize("idx_valid", [(2, 8), (1, 4)])
def test_sort_index_shape(idx_valid):
    """tsort32_c6: idx is src's valid shape or one row of its valid cols."""
    src, = _tiles((3, 64), np.float32, (3, 8))
    idx, = _tiles((2, 64), np.uint32, idx_valid)
    dst, = _tiles((2, 128), np.float32, (2, 16))
    kernel = dps_kernel("k", "pto.tsort32", [tile_buf(3, 64, "f32", DYN),
                                             tile_buf(2, 64, "ui32", DYN)],
                        [tile_buf(2, 128, "f32", DYN)])
    rows, cols = idx_valid
    assert agree(kernel, [src, idx, dst]) == (
        f"'pto.tsort32' op at -:2:3: valid shape of idx is {rows}x{cols}; it must be "
        "src's 3x8 or 1x8 (one row of indices for every row)")


def test_valid_rows_exceed():
    src, idx = _tiles((2, 64), np.float32, (1, 8)) + _tiles((2, 64), np.uint32, (1, 8))
    dst, = _tiles((2, 128), np.float32, (2, 16))
    assert agree(_hardware_sort(128), [src, idx, dst]) == (
        "'pto.tsort32' op at -:2:3: dst has 2 valid rows, more than src's 1")


def test_valid_rows_mismatch():
    """tcmp_c6 and tcmps_c6 on dynamic valid rows."""
    src, mask = tile_buf(4, 64, "f32", DYN), tile_buf(4, 32, "ui8", DYN)
    src_tile, = _tiles((4, 64), np.float32, (3, 64))
    mask_tile, = _tiles((4, 32), np.uint8, (2, 8))
    scalar = dps_kernel("k", "pto.tcmps", [src, "f32"], [mask])
    assert agree(scalar, [src_tile, 0.0, mask_tile]) == (
        "'pto.tcmps' op at -:2:3: dst has 2 valid rows, src 3; they must be equal")
    tiles = dps_kernel("k", "pto.tcmp", [src, src], [mask])
    assert agree(tiles, [src_tile, src_tile, mask_tile]) == (
        "'pto.tcmp' op at -:2:3: dst has 2 valid rows, src0 3; they must be equal")


def test_records_exceed_cols():
    src, idx = _tiles((2, 64), np.float32, (1, 40)) + _tiles((2, 64), np.uint32, (1, 40))
    dst, = _tiles((2, 64), np.float32, (1, 64))
    assert agree(_hardware_sort(64), [src, idx, dst]) == (
        "'pto.tsort32' op at -:2:3: dst has 64 columns; 40 records of 2 columns need 80")


def test_partial_sort_block():
    # tsort32_c10 on a dynamic valid shape: the verifier cannot see the tail.
    src, idx = _tiles((2, 64), np.float32, (1, 40)) + _tiles((2, 64), np.uint32, (1, 40))
    dst, = _tiles((2, 128), np.float32, (1, 80))
    assert agree(_hardware_sort(128), [src, idx, dst]) == (
        "'pto.tsort32' op at -:2:3: src has 40 valid columns, not a multiple of 32: "
        "without tmp the NPU drops the last 8 of each row (pass a tmp tile)")


def test_a_tail_with_tmp_is_sorted():
    # With tmp the NPU sorts the tail too: no failure, the same bytes.
    t = tile_buf(2, 64, "f32", DYN)
    kernel = dps_kernel("k", "pto.tsort32", [t, tile_buf(2, 64, "ui32", DYN), t],
                        [tile_buf(2, 128, "f32", DYN)])
    rng = np.random.default_rng(7)
    src = runtime.Tile(rng.standard_normal((2, 64)).astype(np.float32), (1, 40))
    idx = runtime.Tile(np.arange(128, dtype=np.uint32).reshape(2, 64), (1, 40))
    tmp, = _tiles((2, 64), np.float32, (1, 40))
    dst, = _tiles((2, 128), np.float32, (1, 80))
    assert agree(kernel, [src, idx, tmp, dst]) == "ok"


@pytest.mark.parametrize("index_type,row,col,message", [
    ("index", 0, 70000, "index_col is 70000, allowed 0..65535"),
    ("i64", -1, 70000, "index_row is -1, allowed 0..65535"),
    ("i32", 65536, 0, "index_row is 65536, allowed 0..65535"),
    ("ui64", 2**64 - 1, 0, "index_row is 18446744073709551615, allowed 0..65535"),
    ("ui32", 0, 2**32 - 1, "index_col is 4294967295, allowed 0..65535"),
])
def test_index_out_of_range(index_type, row, col, message):
    kernel = window_kernel("pto.tinsert", tile_buf(4, 16, "f32"), tile_buf(8, 32, "f32"),
                           index_type)
    args = [np.zeros((4, 16), np.float32), row, col, np.zeros((8, 32), np.float32)]
    assert agree(kernel, args) == f"'pto.tinsert' op at -:2:3: {message}"


@pytest.mark.parametrize("op,row,col,message", [
    ("pto.tinsert", 6, 0, "window [6:10, 0:16] exceeds dst's valid shape 8x32"),
    ("pto.tinsert", 0, 17, "window [0:4, 17:33] exceeds dst's valid shape 8x32"),
    ("pto.textract", 5, 16, "window [5:9, 16:32] exceeds src's valid shape 8x32"),
])
def test_window_exceeds_valid_shape(op, row, col, message):
    small, big = tile_buf(4, 16, "f32"), tile_buf(8, 32, "f32")
    arrays = [np.zeros((4, 16), np.float32), np.zeros((8, 32), np.float32)]
    if op == "pto.textract":
        small, big, arrays = big, small, arrays[::-1]
    args = [arrays[0], row, col, arrays[1]]
    assert agree(window_kernel(op, small, big), args) == f"'{op}' op at -:2:3: {message}"


def test_window_of_dynamic_shapes():
    kernel = window_kernel("pto.tinsert", tile_buf(4, 16, "f32", DYN),
                           tile_buf(8, 32, "f32", DYN))
    src, dst = _tiles((4, 16), np.float32, (2, 5)) + _tiles((8, 32), np.float32, (5, 9))
    assert agree(kernel, [src, 4, 4, dst]) == (
        "'pto.tinsert' op at -:2:3: window [4:6, 4:9] exceeds dst's valid shape 5x9")


def test_fp_columns_too_few():
    fp = "!pto.tile_buf<scaling, 1x64xui64, valid=1x?>"
    kernel = convert_kernel("a5", "pto.textract", acc_buf(32, 64, "i32"),
                            dst_buf("mat", 16, 32, "i8"), "vector", quant_type=fp)
    words = runtime.Tile(np.zeros((1, 64), np.uint64), (1, 40))
    args = [np.zeros((32, 64), np.int32), 0, 16, words, np.zeros((16, 32), np.int8)]
    assert agree(kernel, args) == (
        "'pto.textract' op at -:3:3: fp has 40 valid columns; columns 16..47 are needed")


# (scalar f32 -> bf16 is defined: test_tinsert_conversion_differential.py)
@pytest.mark.parametrize("quant,word", [("vector", np.zeros((1, 64), np.uint64))])
def test_quantization_undefined(quant, word):
    kernel = convert_kernel("a5", "pto.tinsert", acc_buf(16, 32, "f32"),
                            dst_buf("mat", 32, 64, "bf16"), quant)
    args = [np.zeros((16, 32), np.float32), 0, 0, word,
            np.zeros((32, 64), ml_dtypes.bfloat16)]
    assert agree(kernel, args) == (
        f"'pto.tinsert' op at -:3:3: {quant} quantization from f32 to bf16 is not defined "
        "(the pairs are listed in docs/semantics.md, TINSERT)")



@pytest.mark.parametrize("loc,where", [
    ('loc("k.mlir":4:5)', "k.mlir:4:5"),
    ('loc("tor"("k.mlir":4:5))', "k.mlir:4:5"),
    ('loc(callsite("inner.mlir":7:9 at "outer.mlir":1:1))', "inner.mlir:7:9"),
    ('loc(fused["a.mlir":2:3, "b.mlir":5:6])', "a.mlir:2:3"),
    ("loc(unknown)", "loc(unknown)"),
])
def test_both_engines_name_the_location_alike(loc, where):
    t = tile_buf(4, 16, "i16", DYN)
    kernel = (f"func.func @tor(%a: {t}, %b: {t}, %d: {t}) {{\n"
              f"  pto.tor ins(%a, %b : {t}, {t}) outs(%d : {t}) {loc}\n"
              f"  return\n}}\n")
    tiles = _tiles((4, 16), np.int16, (2, 3), (2, 4), (2, 3))
    assert agree(kernel, tiles, "tor") == (
        f"'pto.tor' op at {where}: valid shape of src1 is 2x4, src0's is 2x3; "
        f"they must be equal")


ALLOC = """func.func @k(%r: index, %c: index, %d: !pto.tile_buf<vec, 1x32xi16>) {
  %t = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 1x32xi16, valid=?x?>
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 1x32xi16, valid=?x?>, !pto.tile_buf<vec, 1x32xi16, valid=?x?>) outs(%t : !pto.tile_buf<vec, 1x32xi16, valid=?x?>)
  return
}"""  # noqa: E501


@pytest.mark.parametrize("rows,cols,message", [
    (1, 33, "valid extent 1 is 33, allowed 0..32"),
    (1, 65536, "valid extent 1 is 65536, allowed 0..32"),
    (1, 10**8, "valid extent 1 is 100000000, allowed 0..32"),
    (1, -1, "valid extent 1 is -1, allowed 0..32"),
    (2, 40, "valid extent 0 is 2, allowed 0..1"),
    (-1, 0, "valid extent 0 is -1, allowed 0..1"),
])
def test_valid_extent_out_of_range(rows, cols, message):
    assert agree(ALLOC, [rows, cols, np.ones((1, 32), np.int16)]) == (
        f"'pto.alloc_tile' op at -:2:8: {message}")


@pytest.mark.parametrize("rows,cols", [(0, 0), (1, 32), (1, 7)])
def test_valid_extents_in_range_run(rows, cols):
    assert agree(ALLOC, [rows, cols, np.ones((1, 32), np.int16)]) == "ok"


STEP = f"""func.func @k(%n: index, %s: index, %d: {tile_buf(1, 32, "i16")}) {{
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %s {{
    pto.tor ins(%d, %d : {tile_buf(1, 32, "i16")}, {tile_buf(1, 32, "i16")}) outs(%d : {tile_buf(1, 32, "i16")})
  }}
  return
}}"""  # noqa: E501


@pytest.mark.parametrize("step", [0, -3])
def test_non_positive_step(step):
    assert agree(STEP, [4, step, np.ones((1, 32), np.int16)]) == (
        f"'scf.for' op at -:3:3: step is {step}; it must be positive")


def test_placement_exceeds_memory():
    # 0x30000 is the end of a2a3's UB: the whole tile lies past it (fits a5).
    kernel = f"""func.func @k(%d: {tile_buf(1, 32, "i16")}) {{
  pto.tassign %d, @tile(0x30000)
  return
}}"""
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(kernel, "k", np.ones((1, 32), np.int16), engine=engine, target="a2a3")
        messages.append(str(info.value))
    assert messages == 2 * [
        "'pto.tassign' op at -:2:3: tile of 64 bytes at 0x30000 does not fit in ub (vec "
        "tiles), which holds 196608 bytes on a2a3"]


# Global memory (docs/ops/global_memory.md): every extent, stride and
# offset an argument, so each check is reached at run time.
GLOBAL_KERNEL = """func.func @k(%p: !pto.ptr<f32>, %m: index, %n: index, %s: index, %r: index, %rows: index, %c0: index, %c1: index, %c16: index) {
  %tv = pto.make_tensor_view %p, shape = [%m, %n], strides = [%s, %c1] : !pto.tensor_view<?x16xf32>
  %w = pto.partition_view %tv, offsets = [%r, %c0], sizes = [%rows, %c16] : !pto.tensor_view<?x16xf32> -> !pto.partition_tensor_view<?x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf32>
  pto.tload ins(%w : !pto.partition_tensor_view<?x16xf32>) outs(%b : !pto.tile_buf<vec, 8x16xf32>)
  return
}
"""  # noqa: E501


@pytest.mark.parametrize("m,n,s,r,rows,message", [
    (0, 16, 16, 0, 8,
     "'pto.make_tensor_view' op at -:2:9: extent 0 of the tensor is 0; it must be positive"),
    (16, 15, 16, 0, 8,
     "'pto.make_tensor_view' op at -:2:9: extent 1 of the tensor is 15, its type says 16"),
    (16, 16, -1, 0, 8,
     "'pto.make_tensor_view' op at -:2:9: stride 0 of the tensor is -1; it must not be "
     "negative"),
    (17, 16, 16, 0, 8,
     "'pto.make_tensor_view' op at -:2:9: the tensor reaches element 271 of an array of "
     "256 elements"),
    (16, 16, 16, 10, 8,
     "'pto.partition_view' op at -:3:8: window [10, 18) of dimension 0 exceeds the "
     "tensor's extent 16"),
    (16, 16, 16, 0, 4,
     "'pto.tload' op at -:5:3: the window covers 4x16, dst's valid shape is 8x16"),
])
def test_global_memory_checks(m, n, s, r, rows, message):
    array = np.zeros(256, np.float32)
    assert agree(GLOBAL_KERNEL, [array, m, n, s, r, rows, 0, 1, 16]) == message
