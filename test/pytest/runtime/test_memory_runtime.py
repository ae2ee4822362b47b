"""Placed tiles (pto.tassign) in the simulated on-chip memory: aliasing,
data carried by placement, capacity and alignment errors; alloc_tile."""
import numpy as np
import pytest

from pto_mlir import ir, runtime
from pto_mlir.runtime.errors import OpFailure
from pto_mlir.runtime.interp.memory import OnChipMemory
from pto_mlir.runtime.values import TileValue, tile_spec

B = "!pto.tile_buf<vec, 2x16xi16>"
T = "!pto.tile<vec, 2x16xi16>"


def _tile(scale=1):
    return (np.arange(32, dtype=np.int16).reshape(2, 16) + 1) * scale


def test_buffers_at_one_address_see_each_others_writes():
    kernel = f"""func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  %x = pto.alloc_tile : {B}
  pto.tassign %x, @tile(0x1000)
  %y = pto.alloc_tile : {B}
  pto.tassign %y, @tile(0x1000)
  pto.tor ins(%a, %b : {B}, {B}) outs(%x : {B})
  pto.tor ins(%y, %y : {B}, {B}) outs(%d : {B})
  return
}}"""
    a, b, d = _tile(), _tile(0x100), np.zeros((2, 16), np.int16)
    runtime.run(kernel, "k", a, b, d)
    assert d.tobytes() == (a | b).tobytes()


def test_partial_overlap_shifts_by_the_byte_offset():
    # y starts 32 bytes (one row of 16 x i16) after x: y's row 0 is x's row 1,
    # y's row 1 is memory nobody wrote (zero).
    kernel = f"""func.func @k(%a: {B}, %d: {B}) {{
  %x = pto.alloc_tile : {B}
  pto.tassign %x, @tile(0x40)
  %y = pto.alloc_tile : {B}
  pto.tassign %y, @tile(0x60)
  pto.tor ins(%a, %a : {B}, {B}) outs(%x : {B})
  pto.tor ins(%y, %y : {B}, {B}) outs(%d : {B})
  return
}}"""
    a, d = _tile(), np.full((2, 16), -1, np.int16)
    runtime.run(kernel, "k", a, d)
    assert d.tolist() == [a[1].tolist(), [0] * 16]


def test_placed_argument_brings_its_data_and_alias_writes_reach_the_caller():
    # Placement stores the tile's bytes at the address: %x's zeros first,
    # then %a's data over them; %z's zeros over %d's.
    kernel = f"""func.func @k(%a: {B}, %d: {B}, %e: {B}) {{
  %x = pto.alloc_tile : {B}
  pto.tassign %x, @tile(0x0)
  pto.tassign %a, @tile(0x0)
  pto.tassign %d, @tile(0x2000)
  %z = pto.alloc_tile : {B}
  pto.tassign %z, @tile(0x2000)
  pto.tor ins(%x, %x : {B}, {B}) outs(%z : {B})
  return
}}"""
    a, d, e = _tile(), np.full((2, 16), 3, np.int16), np.zeros((2, 16), np.int16)
    # %z aliases %d, so the caller's d receives a; e is not written. The
    # placed arguments are out-parameters: placement shares their bytes.
    out_a, out_d = runtime.run(kernel, "k", a, d, e)
    assert out_a is a and out_d is d
    assert d.tobytes() == a.tobytes() and not e.any()


def test_placing_a_fresh_buffer_keeps_the_bytes_at_its_address():
    kernel = f"""func.func @k(%a: {B}, %d: {B}) {{
  pto.tassign %a, @tile(0x0)
  %x = pto.alloc_tile : {B}
  pto.tassign %x, @tile(0x20)
  pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  return
}}"""
    a, d = _tile(), np.zeros((2, 16), np.int16)
    runtime.run(kernel, "k", a, d)
    # %x covers a's second row (bytes 0x20..0x3f) and moves no byte.
    assert d.tobytes() == a.tobytes()


def test_level1_values_placed_on_one_address_clobber_each_other():
    kernel = f"""func.func @k(%a: {T}, %b: {T}) -> {T} {{
  %r = pto.tor %a, %b : ({T}, {T}) -> {T}
  pto.tassign %r, @tile(0x0)
  pto.tassign %b, @tile(0x0)
  return %r : {T}
}}"""
    a, b = _tile(), _tile(0x100)
    assert runtime.run(kernel, "k", a, b).tobytes() == b.tobytes()


PLACED = """func.func @k() {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  pto.tassign %x, @tile(0x2f020)
  return
}"""


def test_capacity_of_the_target():
    runtime.run(PLACED, "k")              # fits A5's 256 KiB UB (no target: the larger)
    runtime.run(PLACED, "k", target="a5")
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(PLACED, "k", target="a2a3")
    assert str(info.value) == (
        "'pto.tassign' op at -:3:3: tile of 4096 bytes at 0x2f020 does not fit in ub "
        "(vec tiles), which holds 196608 bytes on a2a3")


def test_misaligned_placement_fails():
    # The verifier rejects a misaligned literal address (tassign_c1); the
    # memory checks it again for any caller.
    with ir.Context():
        tile = TileValue.zeros(tile_spec(ir.Type.parse(B)), (2, 16))
        with pytest.raises(OpFailure, match=r"^address 0x10 is not a non-negative multiple "
                                            r"of 32 bytes$"):
            OnChipMemory("a5").place(tile, 0x10, keep_memory=True)


def test_alloc_tile_is_zero_filled_with_dynamic_valid_extents():
    d_type = "!pto.tile_buf<vec, 2x16xi16, valid=?x?>"
    kernel = f"""func.func @k(%d: {d_type}, %n: index) {{
  %c1 = arith.constant 1 : index
  %x = pto.alloc_tile valid_row = %c1 valid_col = %n : {d_type}
  pto.tor ins(%x, %x : {d_type}, {d_type}) outs(%d : {d_type})
  return
}}"""
    d = np.full((2, 16), 5, np.int16)
    runtime.run(kernel, "k", runtime.Tile(d, (1, 3)), 3)
    assert d.tolist() == [[0, 0, 0] + [5] * 13, [5] * 16]
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", runtime.Tile(d, (1, 3)), 17)
    assert str(info.value) == ("'pto.alloc_tile' op at -:3:8: valid extent 1 is 17, "
                               "allowed 0..16")

