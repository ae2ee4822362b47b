"""pto.tor built from Python at both levels."""
import pytest

from pto_mlir import ir
from pto_mlir.dialects import func, pto


def test_tor_both_levels():
    with ir.Context(), ir.Location.unknown():
        i16 = ir.IntegerType.get_signless(16)
        tile = pto.TileType.get([16, 32], i16)
        buf = pto.TileBufType.get([16, 32], i16)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(tile, tile)
            def level1(a, b):
                return pto.tor(a, b)

            @func.FuncOp.from_py_func(buf, buf, buf)
            def level2(a, b, d):
                op = pto.tor(a, b, outs=[d])
                # The generated accessors name the operands.
                assert (op.src0, op.src1, op.dst) == (a, b, d)
                assert pto.tile_op_outs(op.operation) == 1
        assert module.operation.verify()
        assert pto.tile_op_outs(level2.func_op.operation) is None
        t, bt = "!pto.tile<vec, 16x32xi16>", "!pto.tile_buf<vec, 16x32xi16>"
        text = str(module)
        assert (f"%0 = pto.tor %arg0, %arg1 : ({t}, {t}) -> {t}") in text
        assert (f"pto.tor ins(%arg0, %arg1 : {bt}, {bt}) outs(%arg2 : {bt})") in text


def test_tor_too_many_outs():
    with ir.Context(), ir.Location.unknown():
        buf = pto.TileBufType.get([16, 32], ir.IntegerType.get_signless(16))
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(buf, buf)
            def level2(a, d):
                with pytest.raises(ValueError) as error:
                    pto.tor(a, a, outs=[d, d])
                assert str(error.value) == "pto.tor writes at most 1 outs (dst), got 2"
