"""Named pass pipelines, run from Python as pto-opt runs them.

Each function takes a module (``ir.Module``), runs the pipeline on it in place
and returns it. A failure raises ``PipelineError`` carrying the diagnostics and
a ``pto-opt`` command that reproduces it on a saved copy of the input.
"""
import os
import shlex
import tempfile

from . import ir, passmanager
from .dialects import pto

__all__ = ["PipelineError", "run", "set_target", "to_dps", "to_llvm"]


class PipelineError(RuntimeError):
    """A pipeline failed: ``diagnostics`` (text) and ``reproducer`` (command)."""

    def __init__(self, pipeline, diagnostics, reproducer):
        self.pipeline = pipeline
        self.diagnostics = diagnostics
        self.reproducer = reproducer
        super().__init__(f"pipeline '{pipeline}' failed:\n{diagnostics}\n"
                         f"reproduce with: {reproducer}")


def run(module, pipeline):
    """Runs the textual ``pipeline`` (as for ``pto-opt --pass-pipeline``) on
    ``module``; raises PipelineError on failure."""
    # Save the input first: a failing pass may leave the module half rewritten.
    saved = module.operation.get_asm(enable_debug_info=True)
    try:
        passmanager.PassManager.parse(pipeline, context=module.context).run(module.operation)
    except ir.MLIRError as error:
        fd, path = tempfile.mkstemp(prefix="pto-pipeline-", suffix=".mlir")
        with os.fdopen(fd, "w") as f:
            f.write(saved)
        command = f"pto-opt {shlex.quote(path)} --pass-pipeline={shlex.quote(pipeline)}"
        raise PipelineError(pipeline, str(error), command) from None
    return module


PLACEMENTS = ("auto", "manual", "none")


def set_target(module, target):
    """Sets ``pto.target_arch`` of ``module`` to ``target`` (one of
    ``pto.TARGETS``: "a2a3", "a5"); a module that already names another
    target raises ValueError."""
    if target not in pto.TARGETS:
        expected = " or ".join(repr(t) for t in pto.TARGETS)
        raise ValueError(f"unknown target {target!r} (expected {expected})")
    attributes = module.operation.attributes
    if pto.TARGET_ARCH_ATTR in attributes:
        current = ir.StringAttr(attributes[pto.TARGET_ARCH_ATTR]).value
        if current != target:
            raise ValueError(f"the module targets {current!r}, not {target!r}")
        return
    attributes[pto.TARGET_ARCH_ATTR] = ir.StringAttr.get(target, context=module.context)


def to_dps(module, *, target=None, placement="auto"):
    """Level 1 -> placed Level 2: the ``pto-to-dps`` pipeline
    (``pto-ssa-to-dps``, canonicalize, cse, ``pto-plan-memory``).

    ``target`` ("a2a3" / "a5") sets the module's target first (its memory
    capacities and rules); ``placement`` is "auto" (place every buffer),
    "manual" (check that ``pto.tassign`` places every buffer) or "none".
    """
    if placement not in PLACEMENTS:
        raise ValueError(f"unknown placement {placement!r} (expected one of "
                         f"{', '.join(PLACEMENTS)})")
    if target is not None:
        set_target(module, target)
    return run(module, f"builtin.module(pto-to-dps{{placement={placement}}})")


def to_llvm(module):
    """Level 2 -> the LLVM dialect, as the host engine compiles it."""
    return run(module, "builtin.module(pto-to-llvm)")
