"""PTOAS, the other MLIR ``pto`` dialect (docs/ptoas.md).

``emit`` writes a Level 2 module (the ``pto-to-dps`` pipeline's output) in
the text PTOAS's parser reads, for its ``ptoas`` to generate the C++ the
Ascend toolchain compiles. It calls the C++ exporter that
``pto-translate --export-ptoas`` runs. ``level`` is the ``--pto-level``
ptoas will be run with: "level2" (ptoas places the buffers: none is written
placed) or "level3" (every buffer written with its address; the module must
be placed); None is the exporter's default, level2. What PTOAS cannot
express (Level 1 tiles, TINTERLEAVE, attributes PTOAS would ignore, a tile
passed to or from a function, ...) raises ValueError with
``name:line:col: error: ...`` lines naming the op.
"""
from __future__ import annotations

from . import ir
from ._mlir_libs import _pto

__all__ = ["emit", "LEVELS"]

LEVELS = ("level2", "level3")


def emit(module: ir.Module, level: str | None = None) -> str:
    """``module`` (Level 2) as PTOAS text for ptoas at ``level``."""
    return _pto.ptoas_export(module, level or "")
