"""engine="pto-isa" gives the host engines' answer or a documented error
(issue 38): overlapping manual placements and empty valid shapes run as on
the other engines; what the simulator or the exported program would compute
otherwise (a 1 x C TSORT32 idx, a Level 1 tinsert without into over reused
bytes) is refused by name; every failure of a tool is an EngineError with
the reason, raised without the engine's frames.

The runs need PTOAS, PTO_ISA_ROOT and g++ (the fixture pto_isa_tools); the
refusals need none.
"""
import os
import traceback

import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa

F = "!pto.tile_buf<vec, 4x32xf32>"
U = "!pto.tile_buf<vec, 4x32xui32>"
D = "!pto.tile_buf<vec, 4x64xf32>"
TMP = "!pto.tile_buf<vec, 1x32xf32>"
W32 = "!pto.partition_tensor_view<4x32xf32>"
W32U = "!pto.partition_tensor_view<4x32xui32>"
W64 = "!pto.partition_tensor_view<4x64xf32>"
# pto-isa's own tsort32 test (tests/cpu/st/testcase/tsort32/tsort32_kernel.cpp:
# 37-40): src at 0, idx after it, dst after idx, and tmp inside dst.
OVERLAPPING = f"""
func.func @sort(%s: !pto.ptr<f32>, %i: !pto.ptr<ui32>, %o: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %vs = pto.make_tensor_view %s, shape = [%c4, %c32], strides = [%c32, %c1] : !pto.tensor_view<4x32xf32>
  %vi = pto.make_tensor_view %i, shape = [%c4, %c32], strides = [%c32, %c1] : !pto.tensor_view<4x32xui32>
  %vo = pto.make_tensor_view %o, shape = [%c4, %c64], strides = [%c64, %c1] : !pto.tensor_view<4x64xf32>
  %ws = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c4, %c32] : !pto.tensor_view<4x32xf32> -> {W32}
  %wi = pto.partition_view %vi, offsets = [%c0, %c0], sizes = [%c4, %c32] : !pto.tensor_view<4x32xui32> -> {W32U}
  %wo = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c4, %c64] : !pto.tensor_view<4x64xf32> -> {W64}
  %src = pto.alloc_tile : {F}
  pto.tassign %src, @tile(0x0) : {F}
  %idx = pto.alloc_tile : {U}
  pto.tassign %idx, @tile(0x200) : {U}
  %dst = pto.alloc_tile : {D}
  pto.tassign %dst, @tile(0x400) : {D}
  %tmp = pto.alloc_tile : {TMP}
  pto.tassign %tmp, @tile(0x600) : {TMP}
  pto.tload ins(%ws : {W32}) outs(%src : {F})
  pto.tload ins(%wi : {W32U}) outs(%idx : {U})
  pto.tsort32 ins(%src, %idx, %tmp : {F}, {U}, {TMP}) outs(%dst : {D})
  pto.tstore ins(%dst : {D}) outs(%wo : {W64})
  return
}}
"""  # noqa: E501


def _sort_inputs():
    rng = np.random.default_rng(38)
    src = rng.permutation(128).astype(np.float32).reshape(4, 32)
    idx = np.arange(128, dtype=np.uint32).reshape(4, 32)
    return src, idx


def test_overlapping_manual_placements_run_as_on_the_host_engines(pto_isa_tools):
    src, idx = _sort_inputs()
    outs = {}
    for engine in ("interp", "jit", "pto-isa"):
        out = np.zeros((4, 64), np.float32)
        runtime.run(OVERLAPPING, "sort", src, idx, out, engine=engine)
        outs[engine] = out
    # Each row's 32 values sorted descending, each record [value, index].
    order = np.argsort(-src, axis=1, kind="stable")
    expected = np.empty((4, 64), np.float32)
    expected[:, 0::2] = np.take_along_axis(src, order, axis=1)
    expected[:, 1::2] = np.take_along_axis(idx, order, axis=1).view(np.float32)
    for engine, out in outs.items():
        assert out.tobytes() == expected.tobytes(), engine


BROADCAST_IDX = """
func.func @sort(%s: !pto.tile_buf<vec, 4x32xf32>, %i: !pto.tile_buf<vec, 1x32xui32>, %d: !pto.tile_buf<vec, 4x64xf32>) {
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 1x32xui32>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  return
}
"""  # noqa: E501


def test_tsort32_with_a_one_row_idx_is_refused_citing_the_simulator():
    src, idx = _sort_inputs()
    dst = np.zeros((4, 64), np.float32)
    runtime.run(BROADCAST_IDX, "sort", src, idx[:1], dst)  # the host engines run it
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(BROADCAST_IDX, "sort", src, idx[:1], dst.copy(), engine="pto-isa")
    assert str(error.value) == (
        "the pto-isa engine cannot run @sort: its pto.tsort32 at -:3:3 sorts src of valid "
        "shape 4x32 with idx of valid shape 1x32, and pto-isa's CPU simulator returns without "
        "sorting unless the two are equal (include/pto/cpu/TSort32.hpp:124-125, pto-isa "
        "3186c381; the NPU code lets every row use a 1 x C idx)")


def test_refusals_are_raised_without_the_engines_frames():
    src, idx = _sort_inputs()
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(BROADCAST_IDX, "sort", src, idx[:1], np.zeros((4, 64), np.float32),
                    engine="pto-isa")
    frames = [os.path.relpath(frame.filename, os.path.dirname(runtime.__file__))
              for frame in traceback.extract_tb(error.value.__traceback__)]
    assert [f for f in frames if not f.startswith("..")] == [
        "__init__.py", os.path.join("pto_isa", "engine.py")]


T = "!pto.tile<vec, 8x32xi16>"
P = "!pto.tile<vec, 8x16xi16>"
# A Level 1 tinsert without into: zero outside its window on the host
# engines; its result is used, not returned.
FRESH_INSERT = f"""
func.func @k(%a: {P}, %b: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = pto.tinsert %a, %c0, %c16 : ({P}, index, index) -> {T}
  %y = pto.tor %x, %b : ({T}, {T}) -> {T}
  return %y : {T}
}}
"""


def test_level1_tinsert_without_into_is_refused_by_name():
    a = np.ones((8, 16), np.int16)
    b = np.full((8, 32), 2, np.int16)
    expected = b.copy()
    expected[:, 16:] |= a
    assert runtime.run(FRESH_INSERT, "k", a, b).tobytes() == expected.tobytes()
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(FRESH_INSERT, "k", a, b, engine="pto-isa")
    assert str(error.value) == (
        "the pto-isa engine cannot run @k: its Level 1 pto.tinsert at -:5:8 has no 'into', so "
        "its result is zero outside the window on the host engines, and the exported program "
        "has no such fill (PTOAS has no op that fills a tile; the buffer keeps the bytes its "
        "placement held): insert 'into' a tile of zeros instead")


E = "!pto.tile_buf<vec, 8x32xi16, valid=0x0>"
EMPTY = f"""
func.func @k(%a: {E}, %d: {E}) {{
  pto.tor ins(%a, %d : {E}, {E}) outs(%d : {E})
  return
}}
"""


def test_tile_arguments_with_an_empty_valid_shape(pto_isa_tools):
    rng = np.random.default_rng(1)
    a = rng.integers(-2**15, 2**15, (8, 32), dtype=np.int16)
    results = {}
    for engine in ("interp", "jit", "pto-isa"):
        d = rng.integers(-2**15, 2**15, (8, 32), dtype=np.int16)
        before = d.copy()
        assert runtime.run(EMPTY, "k", a, d, engine=engine) is d
        results[engine] = (before, d)
    for engine, (before, after) in results.items():
        assert after.tobytes() == before.tobytes(), engine


UNSIGNED = """
func.func @k(%a: !pto.tile_buf<vec, 8x32xi16>, %d: !pto.tile_buf<vec, 8x32xi16>, %n: ui64) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xi16>)
  return
}
"""  # noqa: E501


def test_ui64_scalar_of_2_to_the_63_or_more(pto_isa_tools):
    a = np.arange(256, dtype=np.int16).reshape(8, 32)
    for value in (2**63, 2**64 - 1):
        d = np.zeros((8, 32), np.int16)
        runtime.run(UNSIGNED, "k", a, d, value, engine="pto-isa")
        assert d.tobytes() == a.tobytes()
    assert pto_isa._scalar_bytes("int", 2**64 - 1) == b"\xff" * 8
    assert pto_isa._scalar_bytes("int", -1) == b"\xff" * 8
    with pytest.raises(ValueError) as error:
        pto_isa._scalar_bytes("int", 2**64)
    assert str(error.value) == "the scalar 18446744073709551616 does not fit in 64 bits"


L = "!pto.tile_buf<vec, 2x16xi16>"
# test/Lowering/placement.mlir's kernel: %d placed after its first use over
# %x's bytes. The host engines copy %d's bytes there at the tassign; PTOAS
# places a buffer where it is allocated, so the overlap stays refused.
LATE_PLACEMENT = f"""func.func @k(%a: {L}, %d: {L}) {{
  %c = arith.constant 32 : i64
  %x = pto.alloc_tile addr = %c : {L}
  pto.tor ins(%a, %a : {L}, {L}) outs(%x : {L})
  pto.tassign %d, @tile(0x0)
  pto.tor ins(%x, %d : {L}, {L}) outs(%d : {L})
  return
}}"""


def test_overlap_with_a_placement_after_first_use_is_refused():
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.pto_isa_text(LATE_PLACEMENT, "k")
    assert str(error.value) == (
        "the pto-isa engine cannot run @k: with its tile arguments loaded into on-chip memory, "
        "the kernel does not verify or place:\n"
        "pipeline 'builtin.module(func.func(pto-plan-memory{allow-overlap=false}))' failed:\n"
        "Failure while executing pass pipeline:\n"
        "error: \"-\":3:8: 'pto.tassign' op places 64 bytes at 0x20 in ub, overlapping the live "
        "buffer placed at 0x0 (64 bytes)\n"
        " note: \"-\":3:8: see current operation: \"pto.tassign\"(%22) <{addr = 32 : i64}> : "
        "(!pto.tile_buf<vec, 2x16xi16>) -> ()\n"
        " note: \"-\":5:3: the other placement\n"
        "reproduce with: pto-opt INPUT.mlir --pass-pipeline='builtin.module(func.func("
        "pto-plan-memory{allow-overlap=false}))' (error.save_reproducer('INPUT.mlir') writes the "
        "input)")


# A window whose row offset is an argument: the verifier cannot place it,
# the host engines check it against the tensor when the kernel runs.
ROW_WINDOW = """
func.func @k(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c32], strides = [%c32, %c1] : !pto.tensor_view<4x32xf32>
  %w = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c1, %c32] : !pto.tensor_view<4x32xf32> -> !pto.partition_tensor_view<1x32xf32>
  %vq = pto.make_tensor_view %q, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<1x32xf32>
  %wq = pto.partition_view %vq, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<1x32xf32> -> !pto.partition_tensor_view<1x32xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  pto.tload ins(%w : !pto.partition_tensor_view<1x32xf32>) outs(%t : !pto.tile_buf<vec, 1x32xf32>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 1x32xf32>) outs(%wq : !pto.partition_tensor_view<1x32xf32>)
  return
}
"""  # noqa: E501


def test_a_window_outside_its_tensor_fails_as_on_the_host_engines(pto_isa_tools, monkeypatch):
    # The exported program has no check: the simulator read the 32 floats
    # after the array (issue 38, the fuzzer's device surface, seed 12).
    # Now the interpreter's check fails the call before anything is built.
    src = np.arange(128, dtype=np.float32).reshape(4, 32)
    messages = set()
    for engine in ("interp", "jit", "pto-isa"):
        out = np.full((1, 32), -1, np.float32)
        with pytest.raises(runtime.KernelError) as error:
            runtime.run(ROW_WINDOW, "k", src, out, 4, engine=engine)
        assert out.tobytes() == np.full((1, 32), -1, np.float32).tobytes(), engine
        messages.add(str(error.value))
    assert messages == {
        "'pto.partition_view' op at -:8:8: window [4, 5) of dimension 0 exceeds the tensor's "
        "extent 4"}


def test_a_window_inside_its_tensor_runs_on_the_simulator(pto_isa_tools):
    src = np.arange(128, dtype=np.float32).reshape(4, 32)
    out = np.zeros((1, 32), np.float32)
    runtime.run(ROW_WINDOW, "k", src, out, 3, engine="pto-isa")
    assert out.tobytes() == src[3:].tobytes()


def test_the_host_checks_fail_without_the_engines_frames(pto_isa_tools):
    src = np.arange(128, dtype=np.float32).reshape(4, 32)
    with pytest.raises(runtime.KernelError) as error:
        runtime.run(ROW_WINDOW, "k", src, np.zeros((1, 32), np.float32), 7, engine="pto-isa")
    frames = [os.path.relpath(frame.filename, os.path.dirname(runtime.__file__))
              for frame in traceback.extract_tb(error.value.__traceback__)]
    assert [f for f in frames if not f.startswith("..")] == [
        "__init__.py", os.path.join("pto_isa", "engine.py")]


def _padded_load(pad, valid_rows):
    result = f"!pto.tile<vec, 8x16xi16, valid={valid_rows}x16, pad={pad}>"
    return f"""func.func @k(%p: !pto.ptr<i16>) -> {result} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant {valid_rows} : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<{valid_rows}x16xi16>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rows, %c16] : !pto.tensor_view<{valid_rows}x16xi16> -> !pto.partition_tensor_view<{valid_rows}x16xi16>
  %t = pto.tload %w : !pto.partition_tensor_view<{valid_rows}x16xi16> -> {result}
  return %t : {result}
}}"""  # noqa: E501


def test_a_level1_result_padded_with_max_is_refused_by_name():
    # The host engines' result holds 32767 in rows 4..7; the simulator's
    # held zeros there (the out-parameter), with no error.
    kernel = _padded_load("max", 4)
    loaded = runtime.run(kernel, "k", np.arange(64, dtype=np.int16).reshape(4, 16))
    assert (loaded[4:] == 32767).all()
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.pto_isa_text(kernel, "k")
    assert str(error.value) == (
        "the pto-isa engine cannot run @k: its result #0 (!pto.tile<vec, 8x16xi16, valid=4x16, "
        "pad=max>) holds pad max outside its valid region on the host engines, and the exported "
        "program stores only the valid region (PTOAS has no op that fills a tile); give the "
        "result pad=zero or its whole shape as valid shape")


@pytest.mark.parametrize("pad, valid_rows", [("zero", 4), ("max", 8)])
def test_a_level1_result_with_nothing_to_pad_or_zero_pad_runs(pto_isa_tools, pad, valid_rows):
    kernel = _padded_load(pad, valid_rows)
    src = np.arange(16 * valid_rows, dtype=np.int16).reshape(valid_rows, 16)
    expected = runtime.run(kernel, "k", src)
    assert runtime.run(kernel, "k", src, engine="pto-isa").tobytes() == expected.tobytes()
