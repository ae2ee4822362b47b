"""PTO-AS, the assembly spelling of pto kernels (docs/pto-as.md).

``parse`` reads a PTO-AS file as one kernel and ``emit`` writes one back;
both call the C++ importer and exporter that pto-translate runs
(``--import-pto-asm``, ``--export-pto-asm``). Malformed text raises
ValueError with ``name:line:col: error: ...`` lines.
"""
from __future__ import annotations

from . import ir
from ._mlir_libs import _pto

__all__ = ["parse", "emit"]


def parse(text: str, *, entry: str = "kernel", context: ir.Context | None = None,
          filename: str = "<pto-as>") -> ir.Module:
    """The kernel ``text`` spells, as a verified module holding
    ``func.func @<entry>``. ``context`` defaults to the current one, or a new
    one; ``filename`` names the text in error messages."""
    if context is None:
        context = ir.Context.current or ir.Context()
    return _pto.assembly_import(text, entry, filename, context=context)


def emit(module: ir.Module) -> str:
    """The one kernel of ``module`` as PTO-AS text."""
    return _pto.assembly_export(module)
