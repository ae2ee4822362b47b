"""pto.tprint on the three engines: each prints what pto-isa's CPU
simulator prints (include/pto/cpu/TPrint.hpp:59-75; docs/ops/tprint.md),
the simulator's own output being the expectation; and the forms the
simulator cannot run are refused by name (an f16 tile on pto-isa, a window
of global memory everywhere)."""
import numpy as np
import pytest

from pto_mlir import runtime


@pytest.fixture(params=["interp", "jit", "pto-isa"])
def engine(request):
    if request.param == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    return request.param


F32 = "!pto.tile_buf<vec, 2x8xf32, valid=2x3>"
ONE = f"""func.func @k(%a: {F32}) {{
  pto.tprint ins(%a : {F32})
  return
}}"""

# What the simulator printed for these values (a C++ program of pto-isa's
# TPRINT run by hand): %8.4f, the double's decimal correctly rounded, the
# last element of a row followed by the end of the line.
ONE_INPUT = np.zeros((2, 8), np.float32)
ONE_INPUT[0, :3] = [1.5, -0.0, np.nan]
ONE_INPUT[1, :3] = [np.inf, 123456.789, -1e-5]
ONE_PRINTED = ("TPRINT 2x3\n"
               "  1.5000  -0.0000      nan\n"
               "     inf 123456.7891  -0.0000\n")


def test_a_tile_prints_as_the_simulator_prints_it(engine, capsys):
    runtime.run(ONE, "k", ONE_INPUT, engine=engine)
    assert capsys.readouterr().out == ONE_PRINTED


# Every element type the simulator prints, valid regions smaller than the
# tiles, and a DN tile (loaded from a DN window: the pto-isa engine passes
# row-major tile arguments only): one kernel, so that the simulator
# compiles once.
TILES = [
    ("f32", "!pto.tile_buf<vec, 4x8xf32, valid=3x5>"),
    ("i8", "!pto.tile_buf<vec, 2x32xi8, valid=2x7>"),
    ("ui8", "!pto.tile_buf<vec, 2x32xui8, valid=2x7>"),
    ("i16", "!pto.tile_buf<vec, 2x16xi16, valid=2x9>"),
    ("ui16", "!pto.tile_buf<vec, 2x16xui16, valid=2x9>"),
    ("i32", "!pto.tile_buf<vec, 3x8xi32, valid=3x8>"),
    ("ui32", "!pto.tile_buf<vec, 3x8xui32, valid=2x6>"),
]
DN = "!pto.tile_buf<vec, 8x8xf32, blayout=col_major>"
EVERY_TYPE = ("func.func @k(" + ", ".join(f"%{n}: {t}" for n, t in TILES)
              + ", %p: !pto.ptr<f32>) {\n"
              + "".join(f"  pto.tprint ins(%{n} : {t})\n" for n, t in TILES)
              + f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %p, shape = [%c8, %c8], strides = [%c1, %c8] {{layout = #pto.layout<dn>}} : !pto.tensor_view<8x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<8x8xf32> -> !pto.partition_tensor_view<8x8xf32>
  %dn = pto.alloc_tile : {DN}
  pto.tload ins(%w : !pto.partition_tensor_view<8x8xf32>) outs(%dn : {DN})
  pto.tprint ins(%dn : {DN})
  return
}}""")  # noqa: E501
DTYPES = {"f32": np.float32, "i8": np.int8, "ui8": np.uint8, "i16": np.int16,
          "ui16": np.uint16, "i32": np.int32, "ui32": np.uint32, "dn": np.float32}
SHAPES = {"f32": (4, 8), "i8": (2, 32), "ui8": (2, 32), "i16": (2, 16), "ui16": (2, 16),
          "i32": (3, 8), "ui32": (3, 8), "dn": (8, 8)}


def _every_type_inputs():
    rng = np.random.default_rng(7)
    inputs = []
    for name in [n for n, _ in TILES] + ["dn"]:
        dtype, shape = DTYPES[name], SHAPES[name]
        if np.issubdtype(dtype, np.floating):
            # Magnitudes from 1e-6 to 1e7, both signs, and the specials:
            # -nan prints with its sign, as C's printf does.
            values = (rng.standard_normal(shape) * 10.0 ** rng.integers(-6, 8, shape))
            values = values.astype(dtype)
            specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0], dtype)
            values.flat[:5] = specials
            values.view(np.uint32).flat[5] = 0xFFC00000   # a NaN with the sign bit
        else:
            info = np.iinfo(dtype)
            values = rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
            values.flat[:2] = [info.min, info.max]
        inputs.append(values)
    return inputs


def test_every_element_type_prints_alike_on_the_three_engines(pto_isa_tools, capsys):
    inputs = _every_type_inputs()
    printed = {}
    for engine in ("pto-isa", "interp", "jit"):
        runtime.run(EVERY_TYPE, "k", *inputs, engine=engine)
        printed[engine] = capsys.readouterr().out
    assert printed["interp"] == printed["pto-isa"]
    assert printed["jit"] == printed["pto-isa"]
    # The simulator's text is what the kernel asked for: a block per tile.
    assert [line for line in printed["pto-isa"].splitlines() if line.startswith("TPRINT")] == [
        "TPRINT 3x5", "TPRINT 2x7", "TPRINT 2x7", "TPRINT 2x9", "TPRINT 2x9", "TPRINT 3x8",
        "TPRINT 2x6", "TPRINT 8x8"]
    assert " -nan" in printed["pto-isa"] and "-128" in printed["pto-isa"]


F16 = "!pto.tile_buf<vec, 2x16xf16, valid=2x5>"
F16_AS_F32 = "!pto.tile_buf<vec, 2x16xf32, valid=2x5>"


def test_f16_prints_its_value_on_the_host_engines(pto_isa_tools, capsys):
    # The simulator does not compile an f16 print; the host engines print
    # the half's value, exactly what the simulator prints for the same
    # values in an f32 tile.
    halves = np.array([[1.0009765625, -65504, 6e-8, np.nan, -np.inf] + [0] * 11,
                       [0.1, 3.140625, -0.0, 2049, 1e-4] + [0] * 11], np.float16)
    as_f32 = f"""func.func @k(%a: {F16_AS_F32}) {{
  pto.tprint ins(%a : {F16_AS_F32})
  return
}}"""
    runtime.run(as_f32, "k", halves.astype(np.float32), engine="pto-isa")
    expected = capsys.readouterr().out
    f16 = as_f32.replace(F16_AS_F32, F16)
    for engine in ("interp", "jit"):
        runtime.run(f16, "k", halves, engine=engine)
        assert capsys.readouterr().out == expected, engine


def test_the_pto_isa_engine_refuses_an_f16_print(pto_isa_tools):
    kernel = f"""func.func @k(%a: {F16}) {{
  pto.tprint ins(%a : {F16})
  return
}}"""
    with pytest.raises(runtime.pto_isa.UnsupportedError) as info:
        runtime.run(kernel, "k", np.zeros((2, 16), np.float16), engine="pto-isa")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: its pto.tprint at -:2:3 prints an f16 tile, which "
        "pto-isa's CPU simulator does not compile (include/pto/cpu/TPrint.hpp:56 streams the "
        "_Float16 with operator<<, which C++20's libstdc++ does not overload for it), so it "
        "runs on the interpreter and the JIT only")


WINDOW = """func.func @k(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c8], strides = [%c8, %c1] : !pto.tensor_view<1x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<1x8xf32> -> !pto.partition_tensor_view<1x8xf32>
  pto.tprint ins(%w : !pto.partition_tensor_view<1x8xf32>)
  return
}"""  # noqa: E501
REASON = ("prints a window of global memory, which no engine runs: pto-isa's CPU simulator "
          "prints tiles only (include/pto/cpu/TPrint.hpp:59-75 reads the tile's valid shape); "
          "tprint a tile loaded from it")


def test_a_window_print_is_refused_with_its_reason_on_every_engine(pto_isa_tools):
    array = np.zeros((1, 8), np.float32)
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(WINDOW, "k", array)
    assert str(info.value) == f"'pto.tprint' op at -:7:3: {REASON}"
    with pytest.raises(runtime.jit.UnsupportedError) as info:
        runtime.run(WINDOW, "k", array, engine="jit")
    assert str(info.value) == ("the kernel cannot be compiled for the host:\n"
                               f"'pto.tprint' op {REASON}")
    with pytest.raises(runtime.pto_isa.UnsupportedError) as info:
        runtime.run(WINDOW, "k", array, engine="pto-isa")
    assert str(info.value) == f"the pto-isa engine cannot run @k: its pto.tprint at -:7:3 {REASON}"


GRID = """func.func @k(%p: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %b64 = pto.get_block_idx
  %b = arith.index_cast %b64 : i64 to index
  %v = pto.make_tensor_view %p, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<8x8xi32>
  %w = pto.partition_view %v, offsets = [%b, %c0], sizes = [%c1, %c8] : !pto.tensor_view<8x8xi32> -> !pto.partition_tensor_view<1x8xi32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>
  pto.tload ins(%w : !pto.partition_tensor_view<1x8xi32>) outs(%t : !pto.tile_buf<vec, 1x8xi32>)
  pto.tprint ins(%t : !pto.tile_buf<vec, 1x8xi32>)
  return
}"""  # noqa: E501


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_the_cores_of_a_grid_print_in_core_order_on_the_host(engine, capsys):
    # Block b prints row b. (The simulator runs its cores as threads, whose
    # prints interleave as they come.)
    array = np.arange(64, dtype=np.int32).reshape(8, 8) * 1000 - 30000
    runtime.run(GRID, "k", array, grid=3, engine=engine)
    assert capsys.readouterr().out == "".join(
        "TPRINT 1x8\n" + " ".join(f"{v:8d}" for v in array[b]) + "\n" for b in range(3))
