"""func.call, scf.for, scf.if and arith in the reference interpreter."""
import numpy as np
import pytest

from pto_mlir import runtime

T = "!pto.tile<vec, 1x16xi16>"
B = "!pto.tile_buf<vec, 1x16xi16>"


def test_for_loop_carries_a_level1_tile():
    kernel = f"""func.func @k(%a: {T}, %b: {T}, %n: index) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> ({T}) {{
    %next = pto.tor %acc, %b : ({T}, {T}) -> {T}
    scf.yield %next : {T}
  }}
  return %r : {T}
}}"""
    a = np.array([[1] * 16], dtype=np.int16)
    b = np.array([[2] * 16], dtype=np.int16)
    assert runtime.run(kernel, "k", a, b, 3).tolist() == [[3] * 16]
    assert runtime.run(kernel, "k", a, b, 0).tolist() == [[1] * 16]


def test_if_and_index_arithmetic_select_the_branch():
    kernel = f"""func.func @k(%a: {T}, %b: {T}, %x: index) -> ({T}, index) {{
  %c3 = arith.constant 3 : index
  %q = arith.divsi %x, %c3 : index
  %m = arith.remsi %x, %c3 : index
  %big = arith.cmpi sgt, %q, %c3 : index
  %r = scf.if %big -> ({T}) {{
    %o = pto.tor %a, %b : ({T}, {T}) -> {T}
    scf.yield %o : {T}
  }} else {{
    scf.yield %a : {T}
  }}
  %s = arith.select %big, %q, %m : index
  return %r, %s : {T}, index
}}"""
    a = np.array([[1] * 16], dtype=np.int16)
    b = np.array([[4] * 16], dtype=np.int16)
    tile, s = runtime.run(kernel, "k", a, b, 13)
    assert tile.tolist() == [[5] * 16] and s == 4
    tile, s = runtime.run(kernel, "k", a, b, -7)
    assert tile.tolist() == [[1] * 16] and s == -1      # remsi rounds toward zero


def test_call_passes_buffers_by_reference():
    kernel = f"""func.func @inner(%a: {B}, %d: {B}) {{
  pto.tor ins(%a, %d : {B}, {B}) outs(%d : {B})
  return
}}
func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  func.call @inner(%a, %d) : ({B}, {B}) -> ()
  func.call @inner(%b, %d) : ({B}, {B}) -> ()
  return
}}"""
    a = np.array([[1] * 16], dtype=np.int16)
    b = np.array([[8] * 16], dtype=np.int16)
    d = np.array([[16] * 16], dtype=np.int16)
    assert runtime.run(kernel, "k", a, b, d) is d
    assert d.tolist() == [[25] * 16]


@pytest.mark.parametrize("op,a,b,expected", [
    ("addi", 127, 1, -128), ("subi", -128, 1, 127), ("muli", 16, 16, 0),
    ("divsi", -7, 2, -3), ("divui", -1, 2, 127), ("remsi", -7, 2, -1), ("remui", -1, 10, 5),
    ("floordivsi", -7, 2, -4), ("ceildivsi", 7, 2, 4), ("shrsi", -128, 7, -1),
    ("shrui", -128, 7, 1), ("shli", 1, 7, -128), ("maxui", -1, 1, -1), ("minsi", -1, 1, -1),
    ("andi", 12, 10, 8), ("ori", 12, 10, 14), ("xori", 12, 10, 6)])
def test_i8_arithmetic_wraps(op, a, b, expected):
    kernel = f"""func.func @k(%a: i8, %b: i8) -> i8 {{
  %r = arith.{op} %a, %b : i8
  return %r : i8
}}"""
    assert runtime.run(kernel, "k", a, b) == expected


def test_division_by_zero_is_a_kernel_error():
    kernel = """func.func @k(%a: index, %b: index) -> index {
  %r = arith.divsi %a, %b : index
  return %r : index
}"""
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 1, 0)
    assert str(info.value) == "'arith.divsi' op at -:2:8: division by zero"


def test_casts_and_unsigned_compare():
    kernel = """func.func @k(%a: i8) -> (index, index, i1, i8) {
  %s = arith.index_cast %a : i8 to index
  %u = arith.index_castui %a : i8 to index
  %c1 = arith.constant 1 : i8
  %lt = arith.cmpi ult, %c1, %a : i8
  %w = arith.constant 300 : i16
  %t = arith.trunci %w : i16 to i8
  return %s, %u, %lt, %t : index, index, i1, i8
}"""
    assert runtime.run(kernel, "k", -2) == (-2, 254, True, 44)


def test_calling_a_declaration_fails():
    kernel = """func.func private @ext(index) -> index
func.func @k(%a: index) -> index {
  %r = func.call @ext(%a) : (index) -> index
  return %r : index
}"""
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 1)
    assert str(info.value) == ("'func.call' op at -:3:8: calls @ext, which has no body in "
                               "the module")
    with pytest.raises(runtime.ArgumentError, match="^@ext is a declaration without a body$"):
        runtime.run(kernel, "ext", 1)
