"""pto-run on the example kernel: exact results, and errors by their text."""
import os

import numpy as np
import pytest

from pto_mlir.tools import pto_run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "tor_chain.mlir")


def test_example_with_given_inputs(tmp_path, capsys):
    a = np.array([[0x0001, 0x8000] * 32] * 16, dtype=np.uint16)
    b = np.full((16, 64), 0x0F00, dtype=np.uint16)
    c = np.arange(16 * 64, dtype=np.uint16).reshape(16, 64)
    out = np.full((16, 64), 0xFFFF, dtype=np.uint16)
    inputs, output = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(inputs, arg0=a, arg1=b, arg2=c, arg3=out)
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--inputs", str(inputs),
                         "--output", str(output)]) == 0
    result = np.load(output)["arg3"]
    # Element (r, c): a | 0x0F00 | (r*64 + c), written out by hand for two cells.
    assert result[0, 0] == 0x0001 | 0x0F00 | 0
    assert result[15, 63] == 0x8000 | 0x0F00 | (15 * 64 + 63)
    np.testing.assert_array_equal(result, a | b | c)
    np.testing.assert_array_equal(np.load(output)["arg0"], a)  # inputs unchanged
    assert "arg3: uint16 16x64" in capsys.readouterr().out


def test_random_inputs_are_reproducible(tmp_path):
    runs = []
    for name in ("one.npz", "two.npz"):
        assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--random-inputs",
                             "--seed", "7", "--output", str(tmp_path / name)]) == 0
        runs.append(np.load(tmp_path / name))
    for key in ("arg0", "arg1", "arg2", "arg3"):
        np.testing.assert_array_equal(runs[0][key], runs[1][key])
    d = runs[0]
    np.testing.assert_array_equal(d["arg3"], d["arg0"] | d["arg1"] | d["arg2"])


def test_unknown_entry(capsys):
    assert pto_run.main([EXAMPLE, "--entry", "nope"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: no func.func @nope in the module (found: tor_chain)\n")


def test_missing_input(capsys):
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: arg0 (!pto.tile_buf<vec, 16x64xui16>) is not in --inputs; "
        "give it or use --random-inputs\n")


def test_wrong_dtype_in_inputs(tmp_path, capsys):
    inputs = tmp_path / "in.npz"
    good = np.zeros((16, 64), dtype=np.uint16)
    np.savez(inputs, arg0=np.zeros((16, 64), dtype=np.int32), arg1=good, arg2=good, arg3=good)
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--inputs", str(inputs)]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: argument #0 (!pto.tile_buf<vec, 16x64xui16>): dtype is int32, "
        "expected uint16\n")


def test_level1_kernel_is_converted_and_run(tmp_path, capsys):
    example = os.path.join(ROOT, "examples", "or_reduce.mlir")
    tiles = [np.full((16, 64), 1 << k, dtype=np.uint16) for k in range(4)]
    inputs, output = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(inputs, **{f"arg{k}": t for k, t in enumerate(tiles)})
    assert pto_run.main([example, "--entry", "or_reduce", "--inputs", str(inputs),
                         "--output", str(output)]) == 0
    np.testing.assert_array_equal(np.load(output)["result0"],
                                  np.full((16, 64), 0b1111, dtype=np.uint16))
    assert "result0: uint16 16x64" in capsys.readouterr().out


def test_engines_agree_on_the_level2_example(tmp_path):
    outputs = {}
    for engine in ("interp", "jit"):
        path = tmp_path / f"{engine}.npz"
        assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--random-inputs", "--seed", "3",
                             "--engine", engine, "--output", str(path)]) == 0
        outputs[engine] = np.load(path)
    for key in ("arg0", "arg1", "arg2", "arg3"):
        assert outputs["interp"][key].tobytes() == outputs["jit"][key].tobytes()


def test_dynamic_valid_shape_from_inputs_and_kernel_error(tmp_path, capsys):
    kernel = tmp_path / "k.mlir"
    t = "!pto.tile_buf<vec, 1x16xi16, valid=1x?>"
    kernel.write_text(f"func.func @k(%a: {t}, %d: {t}) {{\n"
                      f"  pto.tor ins(%a, %a : {t}, {t}) outs(%d : {t})\n  return\n}}\n")
    a = np.arange(16, dtype=np.int16).reshape(1, 16)
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=a, arg0_valid=[1, 4], arg1=np.zeros_like(a), arg1_valid=[1, 4])
    assert pto_run.main([str(kernel), "--entry", "k", "--inputs", str(inputs)]) == 0
    out = capsys.readouterr().out
    assert "arg1: int16 1x16 valid=1x4\n[[0 1 2 3 0 0 0 0 0 0 0 0 0 0 0 0]]" in out
    np.savez(inputs, arg0=a, arg0_valid=[1, 4], arg1=np.zeros_like(a), arg1_valid=[1, 5])
    assert pto_run.main([str(kernel), "--entry", "k", "--inputs", str(inputs)]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: 'pto.tor' op at {kernel}:2:3: valid shape of dst is 1x5, src0's "
        f"is 1x4; they must be equal\n")


@pytest.mark.parametrize("content, reason", [
    (b"", "No data left in file"),
    (b"PK\x03\x04 not a zip archive", "File is not a zip file"),
])
def test_unreadable_inputs_are_a_usage_error(tmp_path, capsys, content, reason):
    inputs = tmp_path / "in.npz"
    inputs.write_bytes(content)
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--inputs", str(inputs)]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: --inputs {inputs}: not a readable .npz archive ({reason})\n")


def test_output_into_a_missing_directory_fails_before_the_run(tmp_path, capsys):
    output = tmp_path / "missing" / "out.npz"
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--random-inputs",
                         "--output", str(output)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing ran, nothing printed
    assert captured.err == (f"pto-run: error: --output {output}: directory "
                            f"{tmp_path / 'missing'} does not exist\n")


LOOP = """func.func @k(%a: !pto.tile_buf<vec, 1x16xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x16xi16>, !pto.tile_buf<vec, 1x16xi16>) outs(%a : !pto.tile_buf<vec, 1x16xi16>)
  }
  return
}
"""  # noqa: E501


@pytest.mark.parametrize("value, got", [(1.5, "float"), ("7", "str"), (True, "bool")])
def test_index_scalars_are_not_truncated(tmp_path, capsys, value, got):
    kernel, inputs = tmp_path / "k.mlir", tmp_path / "in.npz"
    kernel.write_text(LOOP)
    np.savez(inputs, arg0=np.zeros((1, 16), dtype=np.int16), arg1=np.array(value))
    assert pto_run.main([str(kernel), "--entry", "k", "--inputs", str(inputs)]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: argument #1 (index): expected an int, got {got}\n")


def test_valid_extents_are_not_truncated(tmp_path, capsys):
    kernel = tmp_path / "k.mlir"
    t = "!pto.tile_buf<vec, 1x16xi16, valid=?x?>"
    kernel.write_text(f"func.func @k(%a: {t}, %d: {t}) {{\n"
                      f"  pto.tor ins(%a, %a : {t}, {t}) outs(%d : {t})\n  return\n}}\n")
    a = np.arange(16, dtype=np.int16).reshape(1, 16)
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=a, arg0_valid=[1.7, 2.2], arg1=a, arg1_valid=[1, 2])
    assert pto_run.main([str(kernel), "--entry", "k", "--inputs", str(inputs)]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: argument #0 ({t}): valid shape (1.7, 2.2) is not a pair of ints\n")
PTO_AS_EXAMPLE = os.path.join(ROOT, "examples", "tor_chain.ptoasm")


def test_pto_as_file(tmp_path, capsys):
    a = np.array([[0x0001, 0x8000] * 32] * 16, dtype=np.uint16)
    b = np.full((16, 64), 0x0F00, dtype=np.uint16)
    c = np.arange(16 * 64, dtype=np.uint16).reshape(16, 64)
    inputs, output = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(inputs, arg0=a, arg1=b, arg2=c)
    assert pto_run.main([PTO_AS_EXAMPLE, "--inputs", str(inputs), "--output", str(output)]) == 0
    np.testing.assert_array_equal(np.load(output)["result0"], a | b | c)
    assert "result0: uint16 16x64" in capsys.readouterr().out


def test_pto_as_file_error_is_located(tmp_path, capsys):
    kernel = tmp_path / "bad.ptoasm"
    kernel.write_text("%d = tor %a, %b : !pto.tile<vec, 16x64xui16>\n"
                      "%e, %f = tinterleav %d, %d : !pto.tile<vec, 16x64xui16>\n")
    assert pto_run.main([str(kernel), "--random-inputs"]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: {kernel}:2:10: error: unknown op 'tinterleav' (did you mean "
        "'tinterleave'?)\n")


def test_old_pto_as_extension_is_refused_with_the_new_name(tmp_path, capsys):
    kernel = tmp_path / "k.ptoas"
    kernel.write_text("%d = tor %a, %b : !pto.tile<vec, 16x64xui16>\n")
    assert pto_run.main([str(kernel), "--random-inputs"]) == 1
    assert capsys.readouterr().err == (
        f"pto-run: error: {kernel}: PTO-AS files are named '*.ptoasm' ('.ptoas' was their "
        "old extension): rename it\n")


def test_mlir_file_needs_entry(capsys):
    assert pto_run.main([EXAMPLE]) == 1
    assert capsys.readouterr().err == "pto-run: error: --entry is required for an MLIR file\n"


def test_a_misnamed_input_is_an_error_not_random_data(tmp_path, capsys):
    # `a0` for `arg0`: with --random-inputs it would silently be replaced.
    inputs = tmp_path / "in.npz"
    np.savez(inputs, a0=np.zeros((16, 64), np.uint16))
    assert pto_run.main([EXAMPLE, "--entry", "tor_chain", "--inputs", str(inputs),
                         "--random-inputs"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: --inputs has 'a0', which names no argument (the kernel takes "
        "arg0, arg1, arg2, arg3)\n")


def test_scalar_results_are_printed(tmp_path, capsys):
    kernel = tmp_path / "k.mlir"
    kernel.write_text("func.func @k(%x: i32) -> (i32, i1) {\n"
                      "  %c = arith.constant 0 : i32\n"
                      "  %neg = arith.cmpi slt, %x, %c : i32\n"
                      "  %y = arith.addi %x, %x : i32\n"
                      "  return %y, %neg : i32, i1\n}\n")
    inputs = tmp_path / "in.npz"
    np.savez(inputs, arg0=np.int32(-21))
    for engine in ("interp", "jit"):
        assert pto_run.main([str(kernel), "--entry", "k", "--inputs", str(inputs),
                             "--engine", engine]) == 0
        assert capsys.readouterr().out == "result0: -42\nresult1: True\n"


# A kernel on global memory (docs/ops/global_memory.md): out = a | b over a
# 16x32 window of 32x32 arrays.
GLOBAL_KERNEL = """
func.func @k(%a: !pto.ptr<i16>, %b: !pto.ptr<i16>, %out: !pto.ptr<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %ta = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xi16>
  %tb = pto.make_tensor_view %b, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xi16>
  %to = pto.make_tensor_view %out, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xi16>
  %wa = pto.partition_view %ta, offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wb = pto.partition_view %tb, offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %wo = pto.partition_view %to, offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %x = pto.tload %wa : !pto.partition_tensor_view<16x32xi16> -> !pto.tile<vec, 16x32xi16>
  %y = pto.tload %wb : !pto.partition_tensor_view<16x32xi16> -> !pto.tile<vec, 16x32xi16>
  %z = pto.tor %x, %y : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  pto.tstore %z, %wo : (!pto.tile<vec, 16x32xi16>, !pto.partition_tensor_view<16x32xi16>) -> ()
  return
}
"""  # noqa: E501


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_global_arrays_random_and_printed(tmp_path, capsys, engine):
    kernel, output = tmp_path / "k.mlir", tmp_path / "out.npz"
    kernel.write_text(GLOBAL_KERNEL)
    assert pto_run.main([str(kernel), "--entry", "k", "--random-inputs", "--engine", engine,
                         "--output", str(output)]) == 0
    saved = np.load(output)
    a, b, out = saved["arg0"], saved["arg1"], saved["arg2"]
    # Random arrays as long as the tensors need: 32 * 32 elements, 1-D.
    assert a.shape == b.shape == out.shape == (1024,)
    np.testing.assert_array_equal(out[512:], a[512:] | b[512:])
    assert "arg2: int16 1024" in capsys.readouterr().out


def test_global_array_without_constant_extents(tmp_path, capsys):
    kernel = tmp_path / "k.mlir"
    kernel.write_text(GLOBAL_KERNEL.replace("%c32, %c32], strides", "%c32, %n], strides")
                      .replace("%out: !pto.ptr<i16>)", "%out: !pto.ptr<i16>, %n: index)")
                      .replace("!pto.tensor_view<32x32xi16>", "!pto.tensor_view<32x?xi16>"))
    assert pto_run.main([str(kernel), "--entry", "k", "--random-inputs"]) == 1
    assert capsys.readouterr().err == (
        "pto-run: error: arg0 (!pto.ptr<i16>): the kernel makes no tensor of it with constant "
        "extents and strides, so its size is unknown: give it in --inputs\n")
