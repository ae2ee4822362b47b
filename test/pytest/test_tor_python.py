"""pto.tor built from Python at both levels."""
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
                pto.tor(a, b, outs=[d])
        assert module.operation.verify()
        t, bt = "!pto.tile<vec, 16x32xi16>", "!pto.tile_buf<vec, 16x32xi16>"
        text = str(module)
        assert (f"%0 = pto.tor %arg0, %arg1 : ({t}, {t}) -> {t}") in text
        assert (f"pto.tor ins(%arg0, %arg1 : {bt}, {bt}) outs(%arg2 : {bt})") in text
