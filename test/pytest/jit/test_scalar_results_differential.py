"""Functions with scalar arguments and results on both engines (issue 25,
item 1: the JIT read no result and crashed). Each value is checked against
the one computed here, and both engines must return it, with its type."""
import os

import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import jit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def _both(kernel, entry, *args):
    """The results of both engines, which must be equal and of one type."""
    interp = runtime.run(kernel, entry, *args)
    compiled = runtime.run(kernel, entry, *args, engine="jit")
    pair = list(zip(interp, compiled)) if isinstance(interp, tuple) else [(interp, compiled)]
    for a, b in pair:
        assert type(a) is type(b)
        assert np.array(a).tobytes() == np.array(b).tobytes()
    return compiled


def test_a_returned_argument():
    kernel = "func.func @id(%x: i64) -> i64 { return %x : i64 }"
    for x in (0, 7, -1, 2**63 - 1, -2**63):
        assert _both(kernel, "id", x) == x


def test_several_results_of_every_integer_kind():
    kernel = """func.func @k(%a: i32, %b: i32, %n: index, %u: ui8) -> (i32, i1, index, ui8, i8) {
  %s = arith.addi %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %m = arith.muli %n, %n : index
  %c = arith.constant -3 : i8
  return %s, %lt, %m, %u, %c : i32, i1, index, ui8, i8
}"""
    # 2**31 - 1 + 1 wraps to -2**31 in i32.
    assert _both(kernel, "k", 2**31 - 1, 1, 5, 200) == (-2**31, False, 25, 200, -3)
    assert _both(kernel, "k", -4, 3, -3, 0) == (-1, True, 9, 0, -3)


def test_float_arguments_and_results():
    kernel = """func.func @k(%x: f32, %h: f16, %b: bf16, %d: f64, %c: i1) -> (f32, f16, bf16, f64) {
  %a = arith.constant 1.5 : f32
  %r = arith.select %c, %a, %x : f32
  %s = arith.mulf %r, %r : f32
  %g = arith.addf %h, %h : f16
  %e = arith.subf %d, %d : f64
  return %s, %g, %b, %e : f32, f16, bf16, f64
}"""
    s, g, b, e = _both(kernel, "k", 0.1, 0.1, 0.1, float("inf"), False)
    x = np.float32(0.1)
    assert s == x * x and g == np.float16(0.1) + np.float16(0.1) and np.isnan(e)
    # 0.1 as bf16 rounds to nearest even: 0x3dcccccd -> 0x3dcd.
    assert np.array(b).view(np.uint16) == 0x3dcd
    assert _both(kernel, "k", -2.0, 0.0, -0.0, 1.0, True)[0] == np.float32(2.25)


def test_the_loop_of_the_std_to_llvm_test():
    # test/Lowering/std-to-llvm.mlir's @loop: n + (0 + 1 + ... + 64).
    with open(os.path.join(ROOT, "test", "Lowering", "std-to-llvm.mlir")) as f:
        chunk = next(c for c in f.read().split("// -----") if "func.func @loop(" in c)
    for n in (0, 5, -2080):
        assert _both(chunk, "loop", n) == n + sum(range(65))


def test_the_float_casts_of_the_std_to_llvm_test():
    # @straight: (2, x as bf16), rounded to nearest even; the interpreter
    # had no arith.truncf (found by the fuzzer once the JIT took floats).
    with open(os.path.join(ROOT, "test", "Lowering", "std-to-llvm.mlir")) as f:
        chunk = next(c for c in f.read().split("// -----") if "func.func @straight(" in c)
    for x, bits in ((0.1, 0x3dcd), (1.0, 0x3f80), (-0.0, 0x8000), (float("inf"), 0x7f80),
                    (3.4e38, 0x7f80)):
        two, y = _both(chunk, "straight", x)
        assert two == 2 and np.array(y).view(np.uint16) == bits


def test_the_jit_returns_its_results_from_compile():
    kernel = "func.func @id(%x: i16) -> (i16, i16) { return %x, %x : i16, i16 }"
    assert jit.compile(kernel, "id")(-5) == (-5, -5)


def test_a_result_type_the_jit_cannot_return_is_refused():
    kernel = ("func.func @k(%x: i64) -> i128 { %y = arith.extsi %x : i64 to i128\n"
              " return %y : i128 }")
    with pytest.raises(jit.UnsupportedError) as info:
        jit.compile(kernel, "k")
    assert str(info.value) == (
        "result #0 of type i128 cannot be returned from a compiled kernel (allowed: "
        "index, integers of 1, 8, 16, 32 or 64 bits, f16, bf16, f32, f64)")
