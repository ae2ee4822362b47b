"""PTOAS, the other MLIR ``pto`` dialect (docs/ptoas.md).

``emit`` writes a placed Level 2 module (the ``pto-to-dps`` pipeline's
output) in the text PTOAS's parser reads, for its ``ptoas`` to generate the
C++ the Ascend toolchain compiles. It calls the C++ exporter that
``pto-translate --export-ptoas`` runs. What PTOAS cannot express (Level 1
tiles, TINTERLEAVE, attributes PTOAS would ignore, an unplaced buffer, ...)
raises ValueError with ``name:line:col: error: ...`` lines naming the op.
"""
from ._mlir_libs import _pto

__all__ = ["emit"]


def emit(module):
    """``module`` (placed Level 2) as PTOAS text."""
    return _pto.ptoas_export(module)
