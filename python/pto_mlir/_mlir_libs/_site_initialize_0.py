"""Registers pto, func, arith, scf and memref (PTOAS's memref form parses:
pto_mlir.ptoas.parse) in every Context of pto_mlir.ir, and keeps every
Context single-threaded.

Picked up by ``_mlir_libs/__init__.py``. The extension is imported inside the
hook because this module runs while ``pto_mlir.ir`` is still half imported.

Why single-threaded: with threading on, MLIR's verifier checks sibling
functions on worker threads, and a diagnostic they emit reaches the
bindings' error capture (``Module.parse``, ``verify``, pass runs) on that
worker thread, which builds Python objects without holding the GIL. Our
build keeps LLVM's assertions (and so nanobind's reference-count checks), so
that aborts the interpreter ("incref_check ... GIL was not held") where a
build without them would corrupt reference counts silently. On one thread
every diagnostic is handled by the caller, who holds the GIL.
"""

disable_multithreading = True


def context_init_hook(context):
    from ._mlir import ir
    from ._pto import register_dialects

    registry = ir.DialectRegistry()
    register_dialects(registry)
    context.append_dialect_registry(registry)
