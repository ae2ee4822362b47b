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

``parse`` reads PTOAS text as ``ptoas --pto-arch`` does (``pto-opt
--pto-arch``): ptoas's parser gives every ``left`` tile the target's block
layout (row_major for a3, col_major for a5), whatever the text writes, with
a remark when it differs. Without ``arch`` the layout is read as written.
The setting is the process's while ``parse`` runs: parse nothing else in
another thread meanwhile.
"""
from __future__ import annotations

from . import ir
from ._mlir_libs import _pto

__all__ = ["emit", "parse", "LEVELS", "ARCHS"]

LEVELS = ("level2", "level3")
# ptoas --pto-arch's targets.
ARCHS = ("a3", "a5")


def emit(module: ir.Module, level: str | None = None) -> str:
    """``module`` (Level 2) as PTOAS text for ptoas at ``level``."""
    return _pto.ptoas_export(module, level or "")


def parse(text: str, arch: str | None = None) -> ir.Module:
    """``text`` parsed in the current context as ``ptoas --pto-arch=arch``
    reads it (``arch`` one of ARCHS, or None: as written)."""
    if arch is not None and arch not in ARCHS:
        raise ValueError(f"PTOAS target '{arch}' is unknown ({' or '.join(ARCHS)})")
    _pto.set_ptoas_parser_arch(arch or "")
    try:
        return ir.Module.parse(text)
    finally:
        _pto.set_ptoas_parser_arch("")
