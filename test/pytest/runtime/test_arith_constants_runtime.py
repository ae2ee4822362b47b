"""arith.constant of every scalar kind in the interpreter, i1 included."""
import pytest

from pto_mlir import runtime


@pytest.mark.parametrize("literal, expected", [("true", True), ("false", False)])
def test_i1_constants(literal, expected):
    kernel = f"""
func.func @f(%x: i1) -> (i1, i1) {{
  %c = arith.constant {literal}
  %n = arith.xori %x, %c : i1
  return %c, %n : i1, i1
}}"""
    assert runtime.run(kernel, "f", True) == (expected, not expected)
