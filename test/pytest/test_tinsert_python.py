"""pto.tinsert and pto.textract built from Python at both levels."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto

NZ = dict(blayout="col_major", slayout="row_major")
ACC = dict(location="acc", fractal=1024, **NZ)


def _op_lines(build, mnemonic):
    """Builds an A5 module with `build()`, verifies it and returns its
    `mnemonic` ops as printed, one line each."""
    module = ir.Module.parse('module attributes {pto.target_arch = "a5"} {}')
    with ir.InsertionPoint(module.body):
        build()
    assert module.operation.verify()
    return [line.strip() for line in str(module).splitlines()
            if f"pto.{mnemonic} " in line]


def test_tinsert_both_levels():
    with ir.Context(), ir.Location.unknown():
        f16, f32 = ir.F16Type.get(), ir.F32Type.get()
        i16, ui64 = ir.IntegerType.get_signless(16), ir.IntegerType.get_unsigned(64)
        src = pto.TileType.get([16, 32], f16, **NZ)
        mat = pto.TileType.get([32, 32], f16, location="mat", **NZ)
        acc = pto.TileType.get([16, 16], f32, **ACC)
        vec = pto.TileType.get([16, 16], f16)
        acc_buf = pto.TileBufType.get([16, 16], f32, **ACC)
        fp_buf = pto.TileBufType.get([1, 16], ui64, location="scaling")
        mat_buf = pto.TileBufType.get([16, 32], f16, location="mat", **NZ)

        def build():
            @func.FuncOp.from_py_func(src, mat, i16)
            def level1(s, d, row):
                fresh = pto.tinsert(s, 16, 0, result_type=mat)
                placed = pto.tinsert(s, row, 0, into=d, split=pto.SplitMode.Split2)
                return fresh, placed

            @func.FuncOp.from_py_func(acc, ir.IntegerType.get_signless(64))
            def acc_to_vec(a, word):
                return pto.tinsert(a, 0, 0, quant=word, relu=True,
                                   acc_to_vec="single_vec1",
                                   result_type=pto.TileType.get(
                                       [16, 32], ir.IntegerType.get_signless(8)))

            @func.FuncOp.from_py_func(acc)
            def saturated(a):
                return pto.tinsert(a, 0, 0, saturate=True,
                                   acc_to_vec=pto.AccToVecMode.DualSplitM,
                                   result_type=vec)

            @func.FuncOp.from_py_func(acc_buf, fp_buf, mat_buf)
            def level2(a, fp, d):
                op = pto.tinsert(a, 0, 16, quant=fp, relu=True, outs=[d])
                assert isinstance(op, pto.TInsertOp) and op.relu
                assert op.into is None and op.quant == fp and op.dst == d

        lines = _op_lines(build, "tinsert")
    s = "!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>"
    m = "!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>"
    a = "!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    ab = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    mb = "!pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>"
    assert lines == [
        f"%0 = pto.tinsert %arg0, %c16, %c0 : ({s}, index, index) -> {m}",
        f"%1 = pto.tinsert %arg0, %arg2, %c0_0 into %arg1 "
        f"{{split = #pto.split<split2>}} : ({s}, i16, index) -> {m}",
        f"%0 = pto.tinsert %arg0, %c0, %c0_0, %arg1 {{acc_to_vec = "
        f"#pto.acc_to_vec<single_vec1>, relu}} : ({a}, index, index, i64) "
        f"-> !pto.tile<vec, 16x32xi8>",
        f"%0 = pto.tinsert %arg0, %c0, %c0_0 {{acc_to_vec = "
        f"#pto.acc_to_vec<dual_split_m>, saturate}} : ({a}, index, index) "
        f"-> !pto.tile<vec, 16x16xf16>",
        f"pto.tinsert ins(%arg0, %c0, %c16, %arg1 : {ab}, index, index, "
        f"!pto.tile_buf<scaling, 1x16xui64>) outs(%arg2 : {mb}) {{relu}}",
    ]


def test_textract_both_levels():
    with ir.Context(), ir.Location.unknown():
        f16, f32 = ir.F16Type.get(), ir.F32Type.get()
        mat = pto.TileType.get([32, 32], f16, location="mat", **NZ)
        left = pto.TileType.get([16, 16], f16, location="left", **NZ)
        acc_buf = pto.TileBufType.get([32, 32], f32, **ACC)
        vec_buf = pto.TileBufType.get([16, 16], f16, blayout="col_major")

        def build():
            @func.FuncOp.from_py_func(mat)
            def level1(s):
                return pto.textract(s, 16, 0, result_type=left)

            @func.FuncOp.from_py_func(acc_buf, vec_buf)
            def level2(a, d):
                op = pto.textract(a, 0, 16, saturate=True,
                                  acc_to_vec="single_vec0", outs=[d])
                assert isinstance(op, pto.TExtractOp) and op.saturate

        lines = _op_lines(build, "textract")
    m = "!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>"
    left_t = "!pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>"
    ab = "!pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>"
    assert lines == [
        f"%0 = pto.textract %arg0, %c16, %c0 : ({m}, index, index) -> {left_t}",
        f"pto.textract ins(%arg0, %c0, %c16 : {ab}, index, index) outs(%arg1 : "
        f"!pto.tile_buf<vec, 16x16xf16, blayout=col_major>) "
        f"{{acc_to_vec = #pto.acc_to_vec<single_vec0>, saturate}}",
    ]


def test_modes_are_python_enums_both_ways():
    """Builders take an enum member or its spelling; the op accessors give
    the attribute class whose value is the member."""
    with ir.Context(), ir.Location.unknown():
        f16, f32 = ir.F16Type.get(), ir.F32Type.get()
        acc = pto.TileType.get([16, 16], f32, **ACC)
        src = pto.TileType.get([16, 32], f16, **NZ)
        mat = pto.TileType.get([32, 32], f16, location="mat", **NZ)
        vec = pto.TileType.get([16, 16], f16)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(acc, src)
            def f(a, s):
                by_member = pto.tinsert(a, 0, 0, result_type=vec,
                                        acc_to_vec=pto.AccToVecMode.SingleVec1).owner.opview
                by_name = pto.textract(a, 0, 0, result_type=vec,
                                       acc_to_vec="dual_split_n").owner.opview
                split = pto.tinsert(s, 0, 0, result_type=mat, split="split4").owner.opview
                plain = pto.tinsert(s, 0, 0, result_type=mat).owner.opview
                assert isinstance(by_member.acc_to_vec, pto.AccToVecModeAttr)
                assert by_member.acc_to_vec.value is pto.AccToVecMode.SingleVec1
                assert by_name.acc_to_vec.value is pto.AccToVecMode.DualSplitN
                assert isinstance(split.split, pto.SplitModeAttr)
                assert split.split.value is pto.SplitMode.Split4
                assert plain.split is None and plain.acc_to_vec is None
                with pytest.raises(ValueError) as bad_mode:
                    pto.tinsert(a, 0, 0, result_type=vec, acc_to_vec="dual")
                assert str(bad_mode.value) == (
                    "acc_to_vec is 'dual'; expected one of single_vec0, single_vec1, "
                    "dual_split_m, dual_split_n or a member of AccToVecMode")
                with pytest.raises(ValueError) as bad_split:
                    pto.tinsert(s, 0, 0, result_type=mat, split=2)
                assert str(bad_split.value) == (
                    "split is 2; expected one of split2, split4 or a member of SplitMode")


def test_level1_needs_a_destination_type():
    with ir.Context(), ir.Location.unknown():
        src = pto.TileType.get([16, 32], ir.F16Type.get())
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(src)
            def f(s):
                with pytest.raises(ValueError, match="needs result_type"):
                    pto.tinsert(s, 0, 0)
                with pytest.raises(ValueError, match="needs result_type"):
                    pto.textract(s, 0, 0)


def test_verifier_rejects_from_python():
    with ir.Context(), ir.Location.unknown():
        src = pto.TileType.get([16, 32], ir.F16Type.get())
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(src)
            def f(s):
                return pto.tinsert(s, 8, 0, result_type=src)
        # tinsert_c24: 8 + 16 rows > 16.
        with pytest.raises(ir.MLIRError,
                           match="index_row 8 \\+ src valid rows 16 = 24 exceeds dst rows 16"):
            module.operation.verify()
