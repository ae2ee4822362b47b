"""engine="pto-isa" through the three front doors (runtime.run, pto-run, pl):
results returned as the other engines return them, arrays written in place,
refusals naming the construct, missing tools naming the variable.

The tests that run the simulator need PTOAS, PTO_ISA_ROOT and g++ (the
fixture pto_isa_tools names the missing one); the refusals need none.
"""
import os
import sys

import numpy as np
import pytest

import pto_mlir.language as pl
from pto_mlir import runtime
from pto_mlir.runtime import device_tools, pto_isa
from pto_mlir.tools import pto_run

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples")

T = "!pto.tile<vec, 8x32xi16>"
# Level 1: two tiles in, a result and a global output written in a window.
LEVEL1 = f"""
func.func @k(%a: {T}, %b: {T}, %out: !pto.ptr<i16>) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %out, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xi16>
  %w = pto.partition_view %v, offsets = [%c8, %c0], sizes = [%c8, %c32] : !pto.tensor_view<16x32xi16> -> !pto.partition_tensor_view<8x32xi16>
  %o = pto.tor %a, %b : ({T}, {T}) -> {T}
  pto.tstore %o, %w : ({T}, !pto.partition_tensor_view<8x32xi16>) -> ()
  return %a : {T}
}}
"""  # noqa: E501

B = "!pto.tile_buf<vec, 8x32xi16, valid=4x16>"
# Level 2: a written tile argument with a partial valid region.
LEVEL2 = f"""
func.func @k(%a: {B}, %d: {B}) {{
  pto.tor ins(%a, %d : {B}, {B}) outs(%d : {B})
  return
}}
"""


def _ints(seed, shape):
    return np.random.default_rng(seed).integers(-2**15, 2**15, shape, dtype=np.int16)


def test_level1_results_and_global_array(pto_isa_tools):
    a, b, out = _ints(1, (8, 32)), _ints(2, (8, 32)), _ints(3, (16, 32))
    out_copy = out.copy()
    returned_a, written = runtime.run(LEVEL1, "k", a, b, out_copy, engine="pto-isa")
    assert returned_a.dtype == np.int16 and returned_a.shape == (8, 32)
    assert returned_a.tobytes() == a.tobytes()
    # The caller's array, written in place: the window, the rest unchanged.
    assert written is out_copy
    expected = out.copy()
    expected[8:] = a | b
    assert out_copy.tobytes() == expected.tobytes()


def test_level2_tile_written_in_place(pto_isa_tools):
    a, d = _ints(4, (8, 32)), _ints(5, (8, 32))
    a_before, expected = a.copy(), d.copy()
    expected[:4, :16] = a[:4, :16] | d[:4, :16]
    written = runtime.run(LEVEL2, "k", a, d, engine="pto-isa")
    assert written is d
    assert d.tobytes() == expected.tobytes()
    assert a.tobytes() == a_before.tobytes()


def test_read_only_arrays_for_read_arguments(pto_isa_tools):
    a, b = _ints(6, (8, 32)), _ints(7, (8, 32))
    a.flags.writeable = b.flags.writeable = False
    out = np.zeros((16, 32), dtype=np.int16)
    returned_a, _ = runtime.run(LEVEL1, "k", a, b, out, engine="pto-isa")
    assert returned_a.tobytes() == a.tobytes()


def test_mat_tile_argument_is_refused():
    text = """\
func.func @k(%m: !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>) {
  return
}"""  # noqa: E501
    m = np.zeros((16, 16), dtype=np.float16)
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(text, "k", m, engine="pto-isa")
    assert str(error.value) == (
        "the pto-isa engine cannot pass argument 0 of @k (!pto.tile_buf<mat, 16x16xf16, "
        "blayout=col_major, slayout=row_major>) through global memory: it is in 'mat': "
        "the engine passes 'vec' tiles (tload and tstore take 'vec' and 'mat', and no 'mat' "
        "on a5: tload_c2, tstore_c1)")


def test_construct_without_ptoas_form_is_refused_with_its_location():
    t = "!pto.tile<vec, 16x64xf32>"
    text = f"""func.func @k(%a: {t}, %b: {t}) -> {t} {{
  %c, %d = pto.tinterleave %a, %b : ({t}, {t}) -> ({t}, {t})
  return %c : {t}
}}"""
    a = np.zeros((16, 64), dtype=np.float32)
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(text, "k", a, a, engine="pto-isa")
    assert str(error.value) == (
        "the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
        "-:2:12: error: 'pto.tinterleave' has no PTOAS form: PTOAS defines no tinterleave op")


def test_tor_with_a_dynamic_valid_extent_runs_or_fails_as_on_the_host_engines(pto_isa_tools):
    # test/Dialect/ptoas/alloc-tile-addr.mlir's @placed: %y is 16 x %n.
    # The host engines fail a %n other than 32 with valid_shape_mismatch,
    # where the simulator asserts (ElementTileOp.h:26): the call's host
    # checks fail first. With %n = 32 the simulator runs it (it writes no
    # argument: the check is that its assert passes).
    path = os.path.join(EXAMPLES, "..", "test", "Dialect", "ptoas", "alloc-tile-addr.mlir")
    with open(path) as f:
        chunk = next(c for c in f.read().split("// -----") if "func.func @placed(" in c)
    a = _ints(4, (16, 32))
    for engine in ("jit", "pto-isa"):
        with pytest.raises(runtime.KernelError) as error:
            runtime.run(chunk, "placed", a, 5, engine=engine)
        assert str(error.value) == ("'pto.tor' op at -:29:3: valid shape of dst is 16x5, "
                                    "src0's is 16x32; they must be equal")
    assert runtime.run(chunk, "placed", a, 32, engine="pto-isa") is None


def test_tinsert_with_a_dynamic_valid_extent_fails_as_on_the_host_engines(pto_isa_tools):
    # test/Translate/ptoas/tinsert.mlir's @vec_to_mat inserts a 16x32 src at
    # (%r, %c) into a dst of valid shape %r x %c: the host engines fail it
    # with window_exceeds_valid_shape, the simulator aborted (TInsert.hpp:22;
    # found by the fuzzer). The call's host checks fail first.
    path = os.path.join(EXAMPLES, "..", "test", "Translate", "ptoas", "tinsert.mlir")
    with open(path) as f:
        chunk = f.read().split("// -----")[0]
    for engine in ("jit", "pto-isa"):
        with pytest.raises(runtime.KernelError) as error:
            runtime.run(chunk, "vec_to_mat", 1, 2, engine=engine)
        assert str(error.value) == ("'pto.tinsert' op at -:14:5: window [1:17, 2:34] exceeds "
                                    "dst's valid shape 1x2")


def test_missing_tool_is_named_before_anything_runs(monkeypatch):
    monkeypatch.delenv("PTOAS", raising=False)
    a, d = _ints(8, (8, 32)), _ints(9, (8, 32))
    before = d.copy()
    with pytest.raises(device_tools.ToolMissingError) as error:
        runtime.run(LEVEL2, "k", a, d, engine="pto-isa")
    assert str(error.value) == (
        "ptoas is needed and PTOAS is not set: set PTOAS to the ptoas binary, built from "
        "github.com/hw-native-sys/PTOAS (tested at a56b18c3 (\"ptoas 0.27\"); docs/ptoas.md "
        "says how)")
    assert d.tobytes() == before.tobytes()


def test_pto_run_engine_pto_isa_agrees_with_the_interpreter(pto_isa_tools, tmp_path):
    example = os.path.join(EXAMPLES, "tor_chain.mlir")
    outputs = {}
    for engine in ("interp", "pto-isa"):
        path = tmp_path / f"{engine}.npz"
        assert pto_run.main([example, "--entry", "tor_chain", "--random-inputs", "--seed", "3",
                             "--engine", engine, "--output", str(path)]) == 0
        outputs[engine] = np.load(path)
    a, b, c = (outputs["interp"][f"arg{k}"] for k in range(3))
    assert outputs["interp"]["arg3"].tobytes() == ((a | b) | (b | c)).tobytes()
    for key in ("arg0", "arg1", "arg2", "arg3"):
        assert outputs["interp"][key].tobytes() == outputs["pto-isa"][key].tobytes()


def test_pto_run_names_the_missing_tool(monkeypatch, capsys):
    # Any executable file passes for ptoas until it runs: pto-isa is missing.
    monkeypatch.setenv("PTOAS", sys.executable)
    monkeypatch.delenv("PTO_ISA_ROOT", raising=False)
    example = os.path.join(EXAMPLES, "tor_chain.mlir")
    assert pto_run.main([example, "--entry", "tor_chain", "--random-inputs",
                         "--engine", "pto-isa"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: pto-isa is needed and PTO_ISA_ROOT is not set: set PTO_ISA_ROOT to a "
        "pto-isa tree (the directory holding include/pto/pto-inst.hpp), from "
        "github.com/hw-native-sys/pto-isa (tested at 3186c381)\n")


@pl.kernel
def or_three(a: pl.Tile[8, 32, pl.i8], b: pl.Tile[8, 32, pl.i8], c: pl.Tile[8, 32, pl.i8]):
    return (a | b) | c


def test_pl_kernel_on_pto_isa(pto_isa_tools):
    rng = np.random.default_rng(10)
    a, b, c = (rng.integers(-128, 128, (8, 32), dtype=np.int8) for _ in range(3))
    result = or_three(a, b, c, engine="pto-isa")
    assert result.dtype == np.int8 and result.shape == (8, 32)
    assert result.tobytes() == (a | b | c).tobytes()
