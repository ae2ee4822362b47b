"""Whether a kernel's tiles fit in its target's on-chip memory.

The host engines give every tile memory of its own (the interpreter's
values, the JIT's unplaced module), so they would run a kernel whose tiles
cannot all be live at once on the target, which the device, the pto-isa
engine and ``pipeline.to_dps`` refuse (issue 38). By default ``run``
checks first that the kernel can be placed: its entry and the functions it
calls are converted as the JIT's are (``pipeline.to_dps``, unplaced, for
the run's target) and placed by ``pto-plan-memory`` (auto mode); when a
buffer does not fit, ``PlacementError`` quotes the planner's error, which
names the tile (the op that makes it, located), its bytes and the memory's
capacity on the target. ``placement="none"`` runs the kernel unplaced
without the check. What the check cannot decide is left to the engine: a
kernel ``to_dps`` cannot convert (the interpreter runs it, the JIT names
the reason), or whose manual placements (``pto.tassign``) overlap, which
Level 2 allows and the runtime runs.
"""
import weakref
from typing import Any

from .. import ir, pipeline
from ..dialects import pto
from .closure import entry_closure
from .errors import KernelError

__all__ = ["PLACEMENTS", "PlacementError", "check_placeable", "placement_problem"]

# "check": refuse a kernel that cannot be placed; "none": run it unplaced.
PLACEMENTS = ("check", "none")

_PLAN = "builtin.module(func.func(pto-plan-memory))"
# The planner's error for a buffer that does not fit (PlanMemory.cpp's
# place()): reported on the buffer's allocation. Its other errors (manual
# placements that overlap) are on pto.tassign, and not this check's.
_DOES_NOT_FIT = "'pto.alloc_tile' op needs "


class PlacementError(KernelError):
    """The kernel's tiles cannot be placed in its target's memory: the
    message quotes where and by how much; ``placement="none"`` runs it
    unplaced."""


def _target_name(target):
    return f"target {target}" if target else "the larger target (no target named)"


def placement_problem(module, entry, target):
    """The PlacementError message for ``entry`` of ``module`` on ``target``,
    or None when it can be placed (or the check cannot tell); ``target``
    None: the module's own, if it names one."""
    target = target or pto.declared_target(module)[1]
    text = module.operation.get_asm(enable_debug_info=True)
    with ir.Context(), ir.Location.unknown():
        converted = ir.Module.parse(entry_closure(text, entry))
        try:
            pipeline.to_dps(converted, target=target, placement="none")
        except pipeline.PipelineError:
            return None   # the engine's own conversion says why, or runs it as written
        try:
            pipeline.run(converted, _PLAN)
        except pipeline.PipelineError as error:
            if _DOES_NOT_FIT not in error.diagnostics:
                return None
            return (f"@{entry} cannot be placed in the on-chip memory of "
                    f"{_target_name(target)}, as the device would place it:\n"
                    f"{_located(error.diagnostics)}\n"
                    f"(runtime.run(..., placement=\"none\") and pto-run --placement none run "
                    f"it unplaced, each tile in memory of its own)")
    return None


def _located(diagnostics):
    """The planner's errors and notes, without the pass manager's header and
    the notes that print the IR (internal, not the user's)."""
    return "\n".join(line for line in diagnostics.splitlines()
                     if line.strip() and not line.startswith("Failure while executing")
                     and "see current operation" not in line)


# Kernel -> {target: the message, or None}: the check is made once per
# kernel and target.
_verdicts: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def check_placeable(module, entry, kernel, target, placement):
    """Raises PlacementError when ``placement`` is "check" (one of
    PLACEMENTS, run() checked it) and ``entry`` of ``module`` (its Kernel
    ``kernel``) cannot be placed on ``target``."""
    if placement == "none":
        return
    by_target = _verdicts.setdefault(kernel, {})
    if target not in by_target:
        by_target[target] = placement_problem(module, entry, target)
    if by_target[target] is not None:
        raise PlacementError(by_target[target])
