"""Every placed kernel of the corpus (corpus.py) prints and re-parses, in the custom
and in the generic form, to the same IR.

A placed kernel is one split (`// -----`) of a test/**/*.mlir file that
parses and verifies and either places its tiles itself (`pto.tassign` in
the text: manual-mode inputs, lowering inputs) or that the `pto-to-dps`
pipeline places (auto placement; these are the outputs the test/Passes
files check). Negative tests do not parse or verify and are no kernels.
"""
import os

import pytest

from corpus import splits
from pto_mlir import ir, pipeline


def _placed(text):
    """The placed module of one split, printed, or None if it is no kernel."""
    with ir.Context():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError:
            return None
        if "pto.tassign" not in str(module):
            try:
                pipeline.to_dps(module, placement="auto")
            except pipeline.PipelineError:
                return None
        printed = str(module)
        return printed if "pto.tassign" in printed else None


PLACED = {f"{path}#{number}": placed
          for path, number, text in splits()
          if (placed := _placed(text)) is not None}


def test_the_corpus_walk_finds_the_placed_kernels():
    """Every family of placed kernels is in the walk: manual placement in the
    dialect tests, auto placement of the pass tests, lowering inputs."""
    files = {key.split("#")[0] for key in PLACED}
    for expected in ("Dialect/buffers.mlir", "Dialect/tor.mlir", "Dialect/tinsert.mlir",
                     "Dialect/tsort32.mlir", "Passes/plan-memory.mlir",
                     "Passes/pto-to-dps-pipeline.mlir", "Passes/ssa-to-dps.mlir",
                     "Passes/ssa-to-dps-control-flow.mlir", "Lowering/tor.mlir"):
        assert os.path.normpath(expected) in files, expected


@pytest.mark.parametrize("key", sorted(PLACED))
def test_placed_kernel_round_trips(key):
    custom = PLACED[key]
    with ir.Context():
        module = ir.Module.parse(custom)
        generic = module.operation.get_asm(print_generic_op_form=True)
        assert '"pto.tassign"' in generic
        assert str(ir.Module.parse(generic)) == custom
        assert str(ir.Module.parse(custom)) == custom
    # The custom form carries the tile's type, so it never needs the
    # type-less page form's lookup.
    for line in custom.splitlines():
        if "pto.tassign" in line:
            assert " : !pto.tile" in line, line
