"""Reading PTOAS's spellings through the Python API (docs/ptoas.md):
`pto.alloc_tile addr` placements in the interpreter, PTOAS target names in
the runtime and the pipeline, the `_fp` ops and the keyed type fields."""
import numpy as np
import pytest

from pto_mlir import ir, pipeline, ptoas, runtime
from pto_mlir.dialects import pto

B = "!pto.tile_buf<vec, 2x16xi16>"


def _tile(scale=1):
    return (np.arange(32, dtype=np.int16).reshape(2, 16) + 1) * scale


def test_alloc_tile_addr_places_like_tassign():
    # %y is allocated at %x's address: it reads what was written into %x.
    kernel = f"""func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  %c = arith.constant 4096 : i64
  %x = pto.alloc_tile addr = %c : {B}
  %y = pto.alloc_tile addr = %c : {B}
  pto.tor ins(%a, %b : {B}, {B}) outs(%x : {B})
  pto.tor ins(%y, %y : {B}, {B}) outs(%d : {B})
  return
}}"""
    a, b, d = _tile(), _tile(0x100), np.zeros((2, 16), np.int16)
    runtime.run(kernel, "k", a, b, d)
    assert d.tobytes() == (a | b).tobytes()


def test_alloc_tile_addr_comes_before_the_valid_extent():
    # The interpreter takes addr first and valid_col second: 20 columns of a
    # 16-column buffer fail (the address 0 read as the extent would not).
    kernel = """func.func @k(%n: index) {
  %c = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %c valid_col = %n : !pto.tile_buf<vec, 2x16xi16, valid=2x?>
  return
}"""
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 20)
    assert str(info.value) == "'pto.alloc_tile' op at -:3:8: valid extent 1 is 20, allowed 0..16"


def test_alloc_tile_addr_becomes_tassign_in_pipeline():
    text = f"""func.func @k(%a: {B}, %d: {B}) {{
  %c = arith.constant 64 : i64
  %x = pto.alloc_tile addr = %c : {B}
  pto.tor ins(%a, %a : {B}, {B}) outs(%x : {B})
  pto.tor ins(%x, %a : {B}, {B}) outs(%d : {B})
  return
}}"""
    with ir.Context():
        module = ir.Module.parse(text)
        pipeline.run(module, "builtin.module(func.func(pto-plan-memory{mode=manual}))")
        ops = [op.operation.name for op in module.body.operations[0].regions[0].blocks[0]]
        # The address constant is the tassign's attribute now, and dropped.
        assert ops == ["pto.alloc_tile", "pto.tassign", "pto.tor", "pto.tor", "func.return"]
        assign = module.body.operations[0].regions[0].blocks[0].operations[1]
        assert assign.addr.value == 64


@pytest.mark.parametrize("spelling", ["a2", "a3"])
def test_ptoas_target_names_are_a2a3(spelling):
    assert pto.TARGET_ARCH_NAMES == {"a2a3": "a2a3", "a5": "a5", "a2": "a2a3", "a3": "a2a3"}
    kernel = f"""module attributes {{"pto.target_arch" = "{spelling}"}} {{
func.func @k(%a: {B}, %d: {B}) {{
  pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  return
}}
}}"""
    a, d = _tile(), np.zeros((2, 16), np.int16)
    # The module's target is a2a3: asking for a2a3 agrees, a5 contradicts.
    runtime.run(kernel, "k", a, d, target="a2a3")
    assert d.tolist() == a.tolist()
    with pytest.raises(runtime.ArgumentError) as info:
        runtime.run(kernel, "k", a, d, target="a5")
    assert str(info.value) == (f"target 'a5' contradicts the module's "
                               f"pto.target_arch = \"{spelling}\"")
    with ir.Context():
        module = ir.Module.parse(kernel)
        with pytest.raises(ValueError) as info:
            pipeline.set_target(module, "a5")
        assert str(info.value) == "the module targets 'a2a3', not 'a5'"
        pipeline.set_target(module, "a2a3")


def test_fp_op_reads_as_tinsert_with_the_quant_tile_last():
    acc = "!pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>"
    fp = "!pto.tile_buf<scaling, 1x16xui64>"
    mat = "!pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>"
    text = f"""func.func @k(%s: {acc}, %fp: {fp}, %d: {mat}, %r: index, %c: index) {{
  pto.tinsert_fp ins(%s, %fp, %r, %c : {acc}, {fp}, index, index) outs(%d : {mat})
  return
}}"""
    with ir.Context():
        module = ir.Module.parse(text)
        op = module.body.operations[0].regions[0].blocks[0].operations[0]
        assert isinstance(op, pto.TInsertOp)
        args = module.body.operations[0].regions[0].blocks[0].arguments
        assert list(op.operation.operands) == [args[0], args[3], args[4], args[1], args[2]]


def test_keyed_fields_compact_and_f8e4m3():
    with ir.Context():
        t = pto.TileBufType(ir.Type.parse(
            "!pto.tile_buf<loc=vec, dtype=f8E4M3, rows=16, cols=32, compact=0>"))
        assert str(t) == "!pto.tile_buf<vec, 16x32xf8E4M3FN>"
        with pytest.raises(ir.MLIRError) as info:
            ir.Type.parse("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, compact=1>")
        assert [d.message for d in info.value.error_diagnostics] == [
            "compact=1 (pto-isa's CompactMode::Normal, packed tail blocks) is not "
            "supported: pto-mlir models only uncompacted tiles, compact=0"]


LEFT = ("func.func @k(%t: !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, "
        "v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>) {\n  return\n}")


def _left_type(module):
    func = module.body.operations[0]
    return str(func.regions[0].blocks[0].arguments[0].type)


def test_ptoas_parse_gives_a_left_tile_the_targets_block_layout():
    with ir.Context():
        a5 = _left_type(ptoas.parse(LEFT, "a5"))
        a3 = _left_type(ptoas.parse(LEFT, "a3"))
        written = _left_type(ptoas.parse(LEFT))
        after = _left_type(ir.Module.parse(LEFT))   # the setting ends with the parse
    assert a5 == "!pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>"
    assert a3 == written == after == "!pto.tile_buf<left, 16x16xf16, slayout=row_major>"


def test_ptoas_parse_names_an_unknown_target():
    with ir.Context(), pytest.raises(ValueError) as error:
        ptoas.parse(LEFT, "a2a3")
    assert str(error.value) == "PTOAS target 'a2a3' is unknown (a3 or a5)"
