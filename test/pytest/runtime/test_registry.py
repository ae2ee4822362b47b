"""The interpreter's registry: handlers keyed by generated op class."""
import pytest

from pto_mlir import ir, runtime
from pto_mlir.dialects import arith, func, pto, scf
from pto_mlir.runtime.interp import registry
from pto_mlir.runtime.interp.ops import control

T = "!pto.tile<vec, 2x16xi16>"


def _ops(text):
    """The ops of the first function of ``text``, as the dispatcher sees
    them (``block.operations``: typed views)."""
    module = ir.Module.parse(text)
    function = module.body.operations[0]
    return module, list(function.regions[0].blocks[0].operations)


def test_lookup_is_by_op_class_including_extension_subclasses():
    with ir.Context():
        module, ops = _ops(f"""func.func @k(%a: {T}, %n: index) -> {T} {{
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %r = pto.tor %a, %a : ({T}, {T}) -> {T}
          scf.for %i = %c0 to %n step %c1 {{
          }}
          %f = arith.constant 1.0 : f32
          %g = arith.negf %f : f32
          return %r : {T}
        }}""")
        constant, _, tor_op, loop, _, negf, ret = ops
        assert type(tor_op) is pto.TOrOp
        assert isinstance(loop, scf.ForOp) and isinstance(constant, arith.ConstantOp)
        # tile ops register a wrapper giving both levels; control ops the
        # function itself
        assert registry.handler(tor_op) is not None
        assert registry.handler(loop) is control.for_loop
        assert registry.handler(negf) is None
        assert registry.handler(ret) is None  # a terminator, ended by the dispatcher
        assert isinstance(ret, func.ReturnOp)


def test_an_op_without_handler_fails_when_reached():
    kernel = """func.func @k(%x: f32) -> f32 {
  %y = arith.negf %x : f32
  return %y : f32
}"""
    with pytest.raises(runtime.KernelError) as failure:
        runtime.run(kernel, "k", 1.0)
    assert str(failure.value) == ("'arith.negf' op at -:2:8: is not supported by the "
                                  "interpreter")


def test_register_takes_a_generated_op_class_once():
    with pytest.raises(TypeError) as by_name:
        registry.register("pto.tor")
    assert str(by_name.value) == ("handlers are registered for a generated op class "
                                  "(e.g. pto.TOrOp), not 'pto.tor'")
    with pytest.raises(ValueError) as twice:
        # pto.tor's handler is its family's (runtime/interp/ops/elementwise.py).
        registry.register(pto.TOrOp)(control.for_loop)
    assert str(twice.value) == "two handlers for pto.tor"
