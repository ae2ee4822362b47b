"""Run pto kernels on numpy arrays: the bit-exact reference runtime.

``run(module, entry, *args, engine="interp", target=None, placement="check",
grid=1)`` runs function
``entry`` of ``module`` (an ``ir.Module`` or IR text), Level 1 or Level 2,
one caller value per function argument (see arguments.py: numpy arrays of
the full static tile, ``Tile(array, valid=(vr, vc))``, Python numbers).

It returns the function's results (numpy arrays; ``Tile`` when the result
type's valid shape is dynamic) followed by the out-parameters: every
``!pto.tile_buf`` argument the kernel's ops may write (decided from the IR,
writes.py, the same on both engines, whatever the data), written in place
into the caller's array (elements the ops do not write keep their values)
and returned as the caller passed it; a read-only array for one is an
ArgumentError before anything runs. One value is returned as is, several as a
tuple, none as None.

Engines: ``"interp"`` (default), the reference interpreter of this package
(interp/); ``"jit"``, the compiled engine (jit/), which
lowers every op and form the interpreter runs, with the exceptions
docs/lowering.md lists (packed 4-bit tiles, ...), for which it raises
``jit.UnsupportedError``; a Level 1 kernel goes through
``pipeline.to_dps`` first (a result with dynamic valid extents comes back
with the extents the kernel returns), whose refusals (``scf.while``
carrying tiles with dynamic valid extents, ops on tiles it does not
convert) raise ``pipeline.PipelineError``.
``"pto-isa"``, pto-isa's CPU simulator (pto_isa/:
the kernel exported for PTOAS, ptoas, the C++ compiled with a generated
driver against ``$PTO_ISA_ROOT``, run; tile arguments passed through
global memory), for kernels PTOAS can express; it raises
``pto_isa.UnsupportedError`` for the others,
``device_tools.ToolMissingError`` when ``PTOAS``, ``PTO_ISA_ROOT`` or g++ is
missing, and ``pto_isa.EngineError`` when a tool or the simulator fails
(docs/runtime.md). It first runs the kernel on the interpreter for the
host engines' run-time checks, which the exported program lacks: a kernel
that fails them raises their ``KernelError`` before the simulator runs.
``target`` (one of ``TARGETS``: "a2a3", "a5") sizes the simulated on-chip
memories when the module has no ``pto.target_arch``; without either, the
larger sizes apply.

``placement`` (one of ``PLACEMENTS``): "check" (default) refuses, on the
host engines, a kernel whose tiles cannot all be placed in the target's
on-chip memory, as the device and the pto-isa engine would
(``PlacementError``, a KernelError quoting the tile, its bytes and the
memory's capacity; placement.py); "none" runs it unplaced, each tile in
memory of its own (not on "pto-isa", which always places).

``grid``: a number of blocks, or a (blocks, subblocks) pair: the kernel
runs once per core of that grid, one after another, the core queries
(``pto.get_block_idx`` ...) answering each core's position; on more than
one core it must take global arrays and scalars only and return nothing
(grid.py, docs/runtime.md#grids). The default, 1, is block 0 of 1.

Errors: ``ArgumentError`` (a TypeError) for arguments that do not fit the
signature, before anything runs; ``KernelError`` (a RuntimeError) for a
kernel failing while it runs, naming the op and its location; invalid IR
raises ``ir.MLIRError`` from parsing or verification. After an error the
caller's arrays are untouched.

``tsort32_records(dst)``: the values and ui32 indices of the records
TSORT32's hardware form writes into ``dst`` (records.py), as views.
"""
from __future__ import annotations

import contextlib
import io
from typing import TypeAlias

import numpy as np

from .. import ir, passmanager, ptoas
from .._mlir_libs._pto import fingerprint_ir

# MLIR's Python bindings import a dialect's module the first time they hand
# out one of its ops; builtin's takes some 3 ms, which would otherwise fall
# on a kernel's first call (bench/first_call.py), not on this import.
from ..dialects import (
    builtin as _builtin,  # noqa: F401
    pto,
)
from .arguments import Tile
from .cache import BoundedCache
from .errors import ArgumentError, KernelError
from .grid import check_grid_kernel, grid_cores
from .kernel import Program, find_function, function_type  # noqa: F401  (public)
from .placement import PLACEMENTS, PlacementError, check_placeable
from .records import Records, tsort32_records

__all__ = ["run", "pto_isa_text", "Tile", "ArgumentError", "KernelError", "PlacementError",
           "ENGINES", "TARGETS", "PLACEMENTS", "Records", "tsort32_records"]

ENGINES = ("interp", "jit", "pto-isa")
# What a kernel returns: an array per tile result (and per written-back
# argument), a Python number per scalar result.
Result: TypeAlias = np.ndarray | int | float
TARGETS = pto.TARGETS


def _pack(values: list[Result]) -> Result | tuple[Result, ...] | None:
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


# Kernels given as text, parsed (and verified) once: text -> (module in its
# own context, its Program). Neither is changed once built, so calls (and
# threads) share them.
_PARSED_MAX = 32
_parsed_modules = BoundedCache(_PARSED_MAX)

# Modules of the caller's: id(module) -> (module, fingerprint_ir of it when
# verified, its Program, the operation's C API capsule). The caller may
# change a module between calls: its fingerprint then differs, and it is
# verified and planned again. An entry holds its module, so the id is not
# reused and the capsule's operation lives while it is kept.
_planned_modules = BoundedCache(_PARSED_MAX)


def _move_view_layouts(module: ir.Module) -> None:
    """PTOAS's layout attributes moved into the view types, where every
    engine reads a window's layout (pto-view-layouts); raises ir.MLIRError
    with the diagnostics when a view cannot take its layout or a transfer
    does not match it. Run on verified IR."""
    passmanager.PassManager.parse("builtin.module(pto-view-layouts)",
                                  context=module.context).run(module.operation)


def _parsed(text: str) -> Program:
    entry = _parsed_modules.get(text)
    if entry is None:
        with ir.Context():
            # PTOAS's memref form too; raises ir.MLIRError, nothing cached.
            module = ptoas.parse(text)
            _move_view_layouts(module)
            entry = (module, Program(module))
        _parsed_modules.put(text, entry)
    return entry[1]


def _verified(module: ir.Module) -> Program:
    entry = _planned_modules.get(id(module))
    if entry is not None and entry[0] is module:
        # The capsule, not module.operation: the binding takes it as is,
        # where an Operation costs a lookup and a capsule per call.
        fingerprint = fingerprint_ir(entry[3])
        if fingerprint == entry[1]:
            return entry[2]
    capsule = module.operation._CAPIPtr
    with module.context, ir.Location.unknown():
        module.operation.verify()   # raises ir.MLIRError; nothing cached
        # Before the fingerprint: the next call finds the module so.
        _move_view_layouts(module)
        program = Program(module)
    fingerprint = fingerprint_ir(capsule)
    _planned_modules.put(id(module), (module, fingerprint, program, capsule))
    return program


def run(module: ir.Module | str, entry: str, *args: object, engine: str = "interp",
        target: str | None = None, placement: str = "check",
        grid: int | tuple[int, int] = 1) -> Result | tuple[Result, ...] | None:
    """Runs ``entry`` of ``module`` on ``args``; see the module docstring."""
    cores = grid_cores(grid)
    if engine not in ENGINES:
        raise ArgumentError(f"engine '{engine}' is unknown (engines: {', '.join(ENGINES)})")
    if placement not in PLACEMENTS:
        raise ArgumentError(f"placement '{placement}' is unknown "
                            f"(placements: {', '.join(PLACEMENTS)})")
    if placement == "none" and engine == "pto-isa":
        raise ArgumentError("placement 'none' runs a kernel unplaced; the pto-isa engine "
                            "always runs it placed, as the device does")
    program = _parsed(module) if isinstance(module, str) else _verified(module)
    target = program.resolve_target(target)
    kernel = program.kernel(entry)
    check_grid_kernel(entry, kernel.signature, cores)
    binding = kernel.parameters.bind(args)
    if engine != "pto-isa":   # which places the kernel itself, and says so
        check_placeable(program.module, entry, kernel, target, placement)
    # Each engine's modules load with its first use: a JIT run does not pay
    # for the interpreter's op tables (some 6 ms of pto-run's start-up).
    if engine == "jit":
        from .jit.engine import run_jit
        with program.module.context, ir.Location.unknown():
            results = run_jit(program.module, entry, kernel, binding, target, cores)
    elif engine == "pto-isa":
        from .interp.interpreter import Interpreter
        from .pto_isa.engine import run_pto_isa

        def host_checks() -> None:
            # The exported program checks nothing at run time (ptoas writes
            # none of the host engines' checks, and the device has none):
            # a window outside its array, say, would read the bytes beside
            # it. So the reference interpreter runs the kernel first, on its
            # own copies of the written arguments (a second binding, never
            # written back): a kernel that fails there fails here, with the
            # same KernelError, before the simulator runs. What its tprints
            # print is dropped: the simulator prints.
            values = kernel.parameters.bind(args).values
            with contextlib.redirect_stdout(io.StringIO()):
                for core in cores:
                    Interpreter(program, target, core).call(entry, values)

        with program.module.context, ir.Location.unknown():
            results = run_pto_isa(program.module, entry, kernel, binding, target, host_checks,
                                  cores)
    else:
        from .interp.interpreter import Interpreter

        # Running a plan makes no IR: no context needs entering. Every core
        # runs on the binding's values; the caller's arrays are written after
        # the last (grid.py).
        for core in cores:
            values = Interpreter(program, target, core).call(entry, binding.values)
        results = kernel.to_caller(values) + binding.write_back()
    return _pack(results)


def pto_isa_text(module: ir.Module | str, entry: str, target: str | None = None) -> str:
    """The PTOAS text the ``"pto-isa"`` engine hands ptoas for ``entry``
    (its tile arguments passed through global memory, placed, for level3);
    raises ``pto_isa.UnsupportedError`` naming what PTOAS cannot express.
    Needs none of the outside tools."""
    from .pto_isa.engine import engine_input
    program = _parsed(module) if isinstance(module, str) else _verified(module)
    target = program.resolve_target(target)
    with program.module.context, ir.Location.unknown():
        return engine_input(program.module, entry, program.kernel(entry), target).text
