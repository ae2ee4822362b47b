"""Registers pto, func, arith and scf in every Context of pto_mlir.ir.

Picked up by ``_mlir_libs/__init__.py``. The extension is imported inside the
hook because this module runs while ``pto_mlir.ir`` is still half imported.
"""


def context_init_hook(context):
    from ._mlir import ir
    from ._pto import register_dialects

    registry = ir.DialectRegistry()
    register_dialects(registry)
    context.append_dialect_registry(registry)
