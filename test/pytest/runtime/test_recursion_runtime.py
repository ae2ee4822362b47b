"""A kernel that reaches a recursive call is refused on every engine, with
the call's location (the long fuzz run of issue 38 found the interpreter
raising RecursionError and the JIT looping forever on one; PTOAS's C++
emission refuses recursive calls, so no device runs one)."""
import pytest

from pto_mlir import runtime

DIRECT = """func.func @helper() {
  func.call @helper() : () -> ()
  return
}"""

# Mutual, with a base case: even a recursion that would end is refused.
MUTUAL = """func.func @k(%n: index) {
  func.call @even(%n) : (index) -> ()
  return
}
func.func @even(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi ne, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @odd(%m) : (index) -> ()
  }
  return
}
func.func @odd(%n: index) {
  func.call @even(%n) : (index) -> ()
  return
}"""

# Calls that share a callee are no recursion.
SHARED = """func.func @k() {
  func.call @leaf() : () -> ()
  func.call @leaf() : () -> ()
  func.call @middle() : () -> ()
  return
}
func.func @middle() {
  func.call @leaf() : () -> ()
  return
}
func.func @leaf() {
  return
}"""


@pytest.mark.parametrize("engine", runtime.ENGINES)
def test_a_direct_recursion_is_refused_at_the_call(engine):
    with pytest.raises(runtime.KernelError) as error:
        runtime.run(DIRECT, "helper", engine=engine)
    assert str(error.value) == (
        "'func.call' op at -:2:3: a recursive call (@helper calls @helper): PTO kernels cannot "
        "recurse (PTOAS's C++ emission refuses recursive calls)")


@pytest.mark.parametrize("engine", runtime.ENGINES)
def test_a_mutual_recursion_is_refused_at_the_call_closing_it(engine):
    with pytest.raises(runtime.KernelError) as error:
        runtime.run(MUTUAL, "k", 3, engine=engine)
    assert str(error.value) == (
        "'func.call' op at -:16:3: a recursive call (@even calls @odd calls @even): PTO kernels "
        "cannot recurse (PTOAS's C++ emission refuses recursive calls)")


@pytest.mark.parametrize("engine", ("interp", "jit"))
def test_calls_of_a_shared_callee_run(engine):
    assert runtime.run(SHARED, "k", engine=engine) is None
