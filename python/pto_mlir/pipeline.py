"""Named pass pipelines, run from Python as pto-opt runs them.

Each function takes a module (``ir.Module``), runs the pipeline on it in place
and returns it. A failure raises ``PipelineError`` carrying the diagnostics and
a ``pto-opt`` command that reproduces it on a saved copy of the input.
"""
import os
import shlex
import tempfile

from . import ir, passmanager

__all__ = ["PipelineError", "run", "to_dps", "to_llvm"]


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


def to_dps(module):
    """Level 1 -> Level 2 (``pto-ssa-to-dps``), then canonicalize and cse."""
    return run(module, "builtin.module(pto-ssa-to-dps,canonicalize,cse)")


def to_llvm(module):
    """Level 2 -> the LLVM dialect, as the host engine compiles it."""
    return run(module, "builtin.module(pto-to-llvm)")
