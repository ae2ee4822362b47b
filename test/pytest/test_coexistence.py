"""pto_mlir shares a process with another MLIR Python package (CIRCT's).

Both carry a copy of MLIR; without the export map of python/capi_exports.map
the dynamic loader merges their TypeID statics and ops of one copy stop
verifying in the other ("symbol's parent must have the SymbolTable trait").
"""
import circt
from circt import ir as circt_ir

from pto_mlir import ir, passmanager

KERNEL = """
func.func @k(%a: !pto.tile<16x32xi8>) -> !pto.tile<16x32xi8> {
  %d = pto.tor %a, %a : (!pto.tile<16x32xi8>, !pto.tile<16x32xi8>) -> !pto.tile<16x32xi8>
  return %d : !pto.tile<16x32xi8>
}"""


def _circt_module_verifies():
    with circt_ir.Context() as ctx:
        circt.register_dialects(ctx)
        module = circt_ir.Module.parse(
            "hw.module @top(in %a : i8, out b : i8) { hw.output %a : i8 }")
        return module.operation.verify()


def test_both_packages_work_in_one_process():
    assert _circt_module_verifies()
    with ir.Context():
        module = ir.Module.parse(KERNEL)
        assert module.operation.verify()
        passmanager.PassManager.parse("builtin.module(canonicalize,cse)").run(module.operation)
        assert "pto.tor %arg0, %arg0" in str(module)
    assert _circt_module_verifies()
