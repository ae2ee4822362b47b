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

``parse`` also reads PTOAS's memref form (the IR of its own passes: on-chip
buffers as ``memref.alloc`` in ``#pto.address_space<vec>``, global tensors
as ``#pto.address_space<gm>`` memref arguments, ``pto.bind_tile``,
``pto.pointer_cast``): the text is parsed without the verifier, rewritten
into tile buffers and tensor views by pto-memref-to-tiles, and verified
after it (docs/ptoas.md, "PTOAS's memref form"), as ``pto-opt`` reads it.
Errors raise ``ir.MLIRError``: a text that does not parse, a construct of
that form that is not read (named at its location), a module that does not
verify. ``parse_file`` reads a file so, its name in the locations.
"""
from __future__ import annotations

from . import ir, passmanager
from ._mlir_libs import _pto

__all__ = ["emit", "parse", "parse_file", "LEVELS", "ARCHS"]

LEVELS = ("level2", "level3")
# ptoas --pto-arch's targets.
ARCHS = ("a3", "a5")


def emit(module: ir.Module, level: str | None = None) -> str:
    """``module`` (Level 2) as PTOAS text for ptoas at ``level``."""
    return _pto.ptoas_export(module, level or "")


def parse(text: str, arch: str | None = None) -> ir.Module:
    """``text`` parsed in the current context as ``ptoas --pto-arch=arch``
    reads it (``arch`` one of ARCHS, or None: as written), its memref form
    read as tile buffers and tensor views."""
    return _parse(text, arch, None)


def parse_file(path: str, arch: str | None = None) -> ir.Module:
    """The file at ``path`` read as ``parse`` reads text."""
    with open(path) as f:
        return _parse(f.read(), arch, path)


def _parse(text: str, arch: str | None, path: str | None) -> ir.Module:
    if arch is not None and arch not in ARCHS:
        raise ValueError(f"PTOAS target '{arch}' is unknown ({' or '.join(ARCHS)})")
    _pto.set_ptoas_parser_arch(arch or "")
    try:
        # "-" is the name ir.Module.parse gives its text.
        module = _pto.parse_unverified(text, path or "-")
        if module is None:
            # It does not parse: parsing it so again raises its MLIRError.
            return ir.Module.parseFile(path) if path else ir.Module.parse(text)
    finally:
        _pto.set_ptoas_parser_arch("")
    # The pass manager verifies what the pass leaves (and raises MLIRError
    # with the diagnostics of either).
    passmanager.PassManager.parse("builtin.module(pto-memref-to-tiles)",
                                  context=module.context).run(module.operation)
    return module
