"""Named pass pipelines, run from Python as pto-opt runs them.

Each function takes a module (``ir.Module``), runs the pipeline on it in place
and returns it. A failure raises ``PipelineError`` carrying the diagnostics and
the input; ``save_reproducer(path)`` writes the input to a file of the
caller's choosing and returns the ``pto-opt`` command that reproduces the
failure (nothing is written unless asked).
"""
from __future__ import annotations

import os
import shlex

from . import ir, passmanager
from .dialects import pto

__all__ = ["PipelineError", "run", "set_target", "to_dps", "to_llvm"]


class PipelineError(RuntimeError):
    """A pipeline failed: ``pipeline`` (its text), ``diagnostics`` (text)
    and ``input`` (the module as it was before the pipeline, with its
    locations)."""

    def __init__(self, pipeline: str, diagnostics: str, input: str) -> None:
        self.pipeline = pipeline
        self.diagnostics = diagnostics
        self.input = input
        super().__init__(f"pipeline '{pipeline}' failed:\n{diagnostics}\n"
                         f"reproduce with: {self.command('INPUT.mlir')} "
                         f"(error.save_reproducer('INPUT.mlir') writes the input)")

    def command(self, path: str | os.PathLike[str]) -> str:
        """The pto-opt command that runs the pipeline on ``path``."""
        return f"pto-opt {shlex.quote(str(path))} --pass-pipeline={shlex.quote(self.pipeline)}"

    def save_reproducer(self, path: str | os.PathLike[str]) -> str:
        """Writes the input to ``path``; returns the command reproducing the
        failure on it."""
        with open(path, "w") as f:
            f.write(self.input)
        return self.command(path)


def run(module: ir.Module, pipeline: str) -> ir.Module:
    """Runs the textual ``pipeline`` (as for ``pto-opt --pass-pipeline``) on
    ``module``; raises PipelineError on failure."""
    # Save the input first: a failing pass may leave the module half rewritten.
    saved = module.operation.get_asm(enable_debug_info=True)
    try:
        # The passes take verified IR (pto-opt verifies what it parses); a
        # module built in Python may not be (a function an exception left
        # without its return), and the pass manager does not check its input.
        with module.context, ir.Location.unknown():
            module.operation.verify()
        passmanager.PassManager.parse(pipeline, context=module.context).run(module.operation)
    except ir.MLIRError as error:
        raise PipelineError(pipeline, str(error), saved) from None
    return module


PLACEMENTS = ("auto", "manual", "none")


def _check_target(target: str) -> None:
    if target not in pto.TARGETS:
        expected = " or ".join(repr(t) for t in pto.TARGETS)
        raise ValueError(f"unknown target {target!r} (expected {expected})")


def set_target(module: ir.Module, target: str) -> None:
    """Sets ``pto.target_arch`` of ``module`` to ``target`` (one of
    ``pto.TARGETS``: "a2a3", "a5"); a module that already names another
    target raises ValueError."""
    _check_target(target)
    current = pto.declared_target(module)[1]
    if current is not None and current != target:
        raise ValueError(f"the module targets {current!r}, not {target!r}")
    module.operation.attributes[pto.TARGET_ARCH_ATTR] = ir.StringAttr.get(
        target, context=module.context)


def to_dps(module: ir.Module, *, target: str | None = None,
           placement: str = "auto") -> ir.Module:
    """Level 1 -> placed Level 2: the ``pto-to-dps`` pipeline
    (``pto-ssa-to-dps``, canonicalize, cse, ``pto-plan-memory``).

    ``target`` (one of ``pto.TARGETS``) sets the module's target first (its memory
    capacities and rules); a module that names another target fails as the
    pipeline would, with PipelineError. ``placement`` is "auto" (place every
    buffer), "manual" (check that ``pto.tassign`` places every buffer) or
    "none". Unknown option values raise ValueError.
    """
    if placement not in PLACEMENTS:
        raise ValueError(f"unknown placement {placement!r} (expected one of "
                         f"{', '.join(PLACEMENTS)})")
    pipeline = f"builtin.module(pto-to-dps{{placement={placement}}})"
    if target is not None:
        _check_target(target)
        current = pto.declared_target(module)[1]
        if current is not None and current != target:
            raise PipelineError(
                pipeline, f"the module targets {current!r} (pto.target_arch), "
                f"not {target!r}", module.operation.get_asm(enable_debug_info=True))
        set_target(module, target)
    return run(module, pipeline)


def to_llvm(module: ir.Module) -> ir.Module:
    """Level 2 -> the LLVM dialect, as the host engine compiles it."""
    return run(module, "builtin.module(pto-to-llvm)")
