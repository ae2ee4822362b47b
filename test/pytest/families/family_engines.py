"""What the families' engine tests share (test_*_engines.py): which ops of a
family run on which element types, per target and engine, and the three
tests every family makes of its ``check(target, element, engine)``: each op
runs in some kernel of each target, every (target, element type) on the
two host engines, and on pto-isa's simulator (A5) what ptoas reads."""
import pytest
from elementwise_model import DTYPES

from pto_mlir import families, rules


class FamilyCases:
    """The rows of ``family`` and, per op, the element types PTOAS's A5
    verifier takes (``ptoas_a5``: what the pto-isa engine can run)."""

    def __init__(self, family, ptoas_a5):
        self.rows = [row for row in families.FAMILY_OPS if row.family == family]
        self.ptoas_a5 = ptoas_a5

    def ops_of(self, target, element, engine=None):
        """The ops of the family that take ``element`` on ``target`` (and
        that ptoas reads, for the pto-isa engine)."""
        return [row for row in self.rows
                if element in rules.allowed(f"{row.mnemonic}_c1", target=target)
                and (engine != "pto-isa" or element in self.ptoas_a5[row.mnemonic])]

    def cases(self, targets, engine=None):
        """The (target, element) pairs with at least one op."""
        return [(target, element) for target in targets for element in DTYPES
                if self.ops_of(target, element, engine)]

    def tests(self, check):
        """The three tests of ``check``, to bind at a test module's top level:
        ``test_every_op_runs_somewhere, test_host_engines, test_pto_isa =
        CASES.tests(_check)``. bf16 never runs on the simulator (pto-isa under
        C++20 makes bfloat16_t a half: docs/ptoas.md)."""

        def test_every_op_runs_somewhere():
            for target in ("a2a3", "a5"):
                covered = {row.mnemonic for _, element in self.cases([target])
                           for row in self.ops_of(target, element)}
                assert covered == {row.mnemonic for row in self.rows}

        @pytest.mark.parametrize("engine", ["interp", "jit"])
        @pytest.mark.parametrize("target,element", self.cases(["a2a3", "a5"]))
        def test_host_engines(target, element, engine):
            check(target, element, engine)

        @pytest.mark.parametrize("target,element",
                                 [case for case in self.cases(["a5"], "pto-isa")
                                  if case[1] != "bf16"])
        def test_pto_isa(pto_isa_tools, target, element):
            check(target, element, "pto-isa")

        return test_every_op_runs_somewhere, test_host_engines, test_pto_isa
