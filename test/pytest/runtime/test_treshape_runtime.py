"""pto.treshape in the reference interpreter: byte reinterpretation in
storage order (ND row-major, DN column-major, NZ boxes), views that alias,
the DPS copy of every byte."""
import numpy as np
import pytest

from pto_mlir import runtime


def _view_l1(src, dst):
    return f"""func.func @k(%s: {src}) -> {dst} {{
  %d = pto.treshape %s : {src} -> {dst}
  return %d : {dst}
}}"""


def test_nd_to_nd_keeps_the_row_major_bytes():
    a = np.arange(32, dtype=np.int32).reshape(2, 16)
    d = runtime.run(_view_l1("!pto.tile<vec, 2x16xi32>", "!pto.tile<vec, 4x8xi32>"), "k", a)
    assert d.tolist() == np.arange(32).reshape(4, 8).tolist()


def test_nd_to_dn_transposes_the_logical_view():
    a = np.arange(32, dtype=np.int16).reshape(2, 16)
    d = runtime.run(_view_l1("!pto.tile<vec, 2x16xi16>",
                             "!pto.tile<vec, 16x2xi16, blayout=col_major>"), "k", a)
    # DN storage: element (r, c) at c*16 + r, i.e. ND element (c, r).
    assert d.tolist() == [[r, 16 + r] for r in range(16)]


def test_integer_widths_reinterpret_little_endian_bytes():
    a = np.array([[0x00020001, -1, 0x7FFF8000, 0, 5, 6, 7, 8]], dtype=np.int32)
    d = runtime.run(_view_l1("!pto.tile<vec, 1x8xi32>", "!pto.tile<vec, 1x16xi16>"), "k", a)
    assert d[0, :6].tolist() == [1, 2, -1, -1, -0x8000, 0x7FFF]


def test_nz_to_nz_follows_the_boxes():
    # 16x32 i16 NZ = two 16x16 boxes side by side, stored one after the other;
    # read as 32x16 NZ they are stacked.
    src = "!pto.tile<vec, 16x32xi16, blayout=col_major, slayout=row_major>"
    dst = "!pto.tile<vec, 32x16xi16, blayout=col_major, slayout=row_major>"
    a = np.arange(512, dtype=np.int16).reshape(16, 32)
    d = runtime.run(_view_l1(src, dst), "k", a)
    assert d.tobytes() == np.vstack([a[:, :16], a[:, 16:]]).tobytes()


def test_bytes_outside_the_valid_region_are_carried_and_dst_keeps_its_valid_shape():
    src, dst = "!pto.tile<vec, 2x16xi32, valid=1x3>", "!pto.tile<vec, 4x8xi32, valid=2x2>"
    a = np.arange(32, dtype=np.int32).reshape(2, 16)
    d = runtime.run(_view_l1(src, dst), "k", a)
    assert d.tolist() == np.arange(32).reshape(4, 8).tolist()


def test_buffer_view_aliases_the_source():
    s, v = "!pto.tile_buf<vec, 2x16xi32>", "!pto.tile_buf<vec, 4x8xi32>"
    kernel = f"""func.func @k(%s: {s}, %a: {v}) {{
  %view = pto.treshape %s : {s} -> {v}
  pto.tor ins(%a, %a : {v}, {v}) outs(%view : {v})
  return
}}"""
    s_arr = np.zeros((2, 16), dtype=np.int32)
    a = np.arange(32, dtype=np.int32).reshape(4, 8)
    assert runtime.run(kernel, "k", s_arr, a) is s_arr
    assert s_arr.tolist() == np.arange(32).reshape(2, 16).tolist()


def test_dps_form_copies_every_byte():
    s, d = "!pto.tile_buf<vec, 2x16xi16, valid=1x1>", "!pto.tile_buf<vec, 1x16xi32>"
    kernel = f"""func.func @k(%s: {s}, %d: {d}) {{
  pto.treshape ins(%s : {s}) outs(%d : {d})
  return
}}"""
    a = np.arange(32, dtype=np.int16).reshape(2, 16)
    out = np.zeros((1, 16), dtype=np.int32)
    runtime.run(kernel, "k", a, out)
    assert out.tolist() == [[(2 * k + 1) << 16 | 2 * k for k in range(16)]]


def test_a_view_nothing_reads_is_not_evaluated_on_either_engine():
    """A Level 1 view whose `?` valid extent it cannot determine fails only
    when read: unused, the kernel runs on both engines (the compiled one
    erases the dead view), and used, the interpreter names the op."""
    src, view = "!pto.tile<vec, 16x16xi32, valid=3x5>", "!pto.tile<vec, 16x64xui8, valid=?x64>"
    unused = f"""func.func @k(%s: {src}) {{
  %v = pto.treshape %s : {src} -> {view}
  return
}}"""
    a = np.arange(256, dtype=np.int32).reshape(16, 16)
    for engine in ("interp", "jit"):
        assert runtime.run(unused, "k", runtime.Tile(a, (3, 5)), engine=engine) is None
    used = f"""func.func @k(%s: {src}) -> {view} {{
  %v = pto.treshape %s : {src} -> {view}
  return %v : {view}
}}"""
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(used, "k", runtime.Tile(a, (3, 5)))
    assert str(info.value) == (
        f"'pto.treshape' op at -:2:8: result #0 ({view}) has a dynamic valid shape "
        "that the op does not determine")
