"""Every exportable kernel of the corpus (corpus.py: the lit tests' splits
and examples/*.mlir) is accepted by ptoas at both levels, and the C++ it
writes compiles against pto-isa's headers (the CPU simulator's, -D__CPU_SIM).

A kernel is a split that parses and verifies; pto-to-dps converts and
places it (a split it refuses is taken as it is). It is exportable at a
level when `ptoas.emit` writes it; what the exporter refuses is its own
tests' business (test/Translate/ptoas). Needs PTOAS, PTO_ISA_ROOT and g++.
"""
import pytest

from corpus import splits
from pto_mlir import ir, pipeline, ptoas
from pto_mlir.runtime import pto_isa


def _exported(text):
    """{level: PTOAS text} of one split, for the levels it exports at."""
    with ir.Context():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError:
            return {}
        try:
            pipeline.to_dps(module, placement="auto")
        except pipeline.PipelineError:
            pass
        exported = {}
        for level in ptoas.LEVELS:
            try:
                exported[level] = ptoas.emit(module, level=level)
            except ValueError:
                pass
        return exported


EXPORTED = {f"{path}#{number}@{level}": (level, text)
            for path, number, split in splits()
            for level, text in _exported(split).items()}


def test_the_walk_finds_exportable_kernels():
    """The exporter's own tests, PTOAS-spelled kernels and the lowering
    corpus all contribute, at both levels."""
    for expected in ("Translate/ptoas/buffers.mlir#0", "Translate/ptoas/control.mlir#1",
                     "Translate/ptoas/tinsert.mlir#1", "Translate/ptoas/tsort32.mlir#0",
                     "Dialect/ptoas/tassign-ssa.mlir#0", "Lowering/buffers.mlir#0"):
        for level in ptoas.LEVELS:
            assert f"{expected}@{level}" in EXPORTED


@pytest.mark.parametrize("key", sorted(EXPORTED))
def test_ptoas_accepts_and_its_cxx_compiles(pto_isa_tools, key):
    level, text = EXPORTED[key]
    pto_isa.check_compiles(text, level)
