"""Execution plans: a function's ops looked up once, then run many times.

Walking a function through the IR bindings (op views, operand lists, value
hashing) costs far more than most ops' work, so each function is planned
once per module (kernel.py keeps the plans while the module is unchanged):
every op becomes a ``Step`` with its handler, its result types and the
plans of its regions' blocks, and every SSA value of the function gets a
slot, an index into the list that holds its runtime values during one
invocation (SSA values are unique, so nested regions share the list).
A plan holds no runtime value: calls and threads share it.
"""
from ...dialects import func, scf
from ..values import tile_spec
from .registry import handler

__all__ = ["FunctionPlan", "BlockPlan", "Step"]

_TERMINATORS = (func.ReturnOp, scf.YieldOp, scf.ConditionOp)


class Step:
    """One op: its view, handler (None when the interpreter has none), the
    slots of its operands and results, its result types and the plans of
    its regions' blocks (None for an empty region); ``fact`` caches what its
    handler derives from the IR alone (OpCall.static_fact)."""

    __slots__ = ("op", "operation", "run", "operands", "results", "result_types",
                 "regions", "slots", "num_outs", "fact", "_specs")

    def __init__(self, op, slots):
        self.op = op
        self.operation = op.operation
        self.run = handler(op)
        self.slots = slots
        self.operands = tuple(slots.setdefault(v, len(slots)) for v in self.operation.operands)
        self.results = tuple(slots.setdefault(v, len(slots)) for v in self.operation.results)
        self.result_types = tuple(r.type for r in self.operation.results)
        self.regions = tuple(BlockPlan(r.blocks[0], slots) if r.blocks else None
                             for r in self.operation.regions)
        self.num_outs = None   # of a tile op, when first asked
        self.fact = None
        self._specs = {}

    def result_spec(self, index):
        """The TileSpec of result ``index``'s type (looked up once)."""
        spec = self._specs.get(index)
        if spec is None:
            spec = self._specs[index] = tile_spec(self.result_types[index])
        return spec


class BlockPlan:
    """A block: the slots of its arguments, the steps before its first
    terminator, and the slots of that terminator's operands (None without
    one)."""

    __slots__ = ("arguments", "steps", "returned")

    def __init__(self, block, slots):
        self.arguments = tuple(slots.setdefault(a, len(slots)) for a in block.arguments)
        self.steps, self.returned = [], None
        for op in block.operations:
            if isinstance(op, _TERMINATORS):
                self.returned = tuple(slots.setdefault(v, len(slots))
                                      for v in op.operation.operands)
                break
            self.steps.append(Step(op, slots))


class FunctionPlan:
    """A function's body and the number of value slots an invocation needs
    (``slots`` maps each SSA value to its slot)."""

    __slots__ = ("body", "slots", "size")

    def __init__(self, function):
        self.slots = {}
        self.body = BlockPlan(function.regions[0].blocks[0], self.slots)
        self.size = len(self.slots)
