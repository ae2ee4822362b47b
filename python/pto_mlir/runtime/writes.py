"""Which ``!pto.tile_buf`` and ``!pto.ptr`` arguments a kernel may write,
decided from the IR.

Both engines return these arguments as out-parameters and refuse a
read-only array for them, whatever the data: what a call returns follows
from the kernel's text, never from whether the bytes happened to change.

A buffer argument may be written when some op of the function, on any path,
writes a value that may alias it:
- a tile op writes its ``outs`` (the TileOpInterface destinations);
- ``pto.tassign`` places the buffer in on-chip memory, whose bytes other
  placed tiles share;
- a ``func.call`` writes the operands its callee may write;
- ``pto.tstore`` writes the global tensor its window is a view of.
A value aliases what it is derived from without a copy: the source of a
``pto.treshape`` view, the pointer of a tensor view and the tensor of a
window, the operands an ``scf`` region argument or result
may carry (loop inits and yields, ``scf.if`` yields, ``scf.while``
forwarded values) and, for a call result, the arguments the callee may
return.
"""
from .. import ir
from ..dialects import func, pto, scf

__all__ = ["written_arguments"]


def written_arguments(module, entry):
    """The positions of ``entry``'s ``!pto.tile_buf`` and ``!pto.ptr``
    arguments its ops may write (a frozenset)."""
    return _Analysis(module).written(entry)


def _functions(module):
    return {op.sym_name.value: op.operation
            for op in module.body.operations if isinstance(op, func.FuncOp)}


def _walk(region):
    for block in region.blocks:
        for op in block.operations:
            yield op
            for inner in op.operation.regions:
                yield from _walk(inner)


def _terminator_operands(region, op_class, skip=0):
    """Operands (past the first ``skip``) of the ``op_class`` terminators of
    ``region``'s blocks."""
    operands = []
    for block in region.blocks:
        ops = list(block.operations)
        if ops and isinstance(ops[-1], op_class):
            operands.append(list(ops[-1].operation.operands)[skip:])
    return operands


class _Analysis:
    def __init__(self, module):
        self.functions = _functions(module)
        self._written = {}
        self._returned = {}

    def written(self, name):
        """Argument positions of function ``name`` its ops may write."""
        if name not in self._written:
            self._written[name] = frozenset()  # a recursive call adds nothing new
            function = self.functions.get(name)
            if function is not None and function.regions[0].blocks:
                self._written[name] = self._positions(function, self._writes(function))
        return self._written[name]

    def returned(self, name, index):
        """Argument positions function ``name``'s result ``index`` may alias."""
        key = (name, index)
        if key not in self._returned:
            self._returned[key] = frozenset()
            function = self.functions.get(name)
            if function is not None and function.regions[0].blocks:
                values = [ops[index] for ops in
                          _terminator_operands(function.regions[0], func.ReturnOp)]
                self._returned[key] = self._positions(function, values)
        return self._returned[key]

    def _writes(self, function):
        """The values the function's ops write."""
        for op in _walk(function.regions[0]):
            if isinstance(op, pto.TAssignOp):
                yield op.operation.operands[0]
            elif isinstance(op, func.CallOp):
                operands = list(op.operation.operands)
                yield from (operands[i] for i in self.written(op.callee.value))
            elif isinstance(op, pto.TStoreOp):
                yield op.dst
            elif hasattr(op, "outs"):
                yield from op.outs

    def _positions(self, function, values):
        """Positions of the function's arguments that ``values`` may alias."""
        entry = function.regions[0].blocks[0]
        positions, seen, pending = set(), set(), list(values)
        while pending:
            value = pending.pop()
            if value in seen:
                continue
            seen.add(value)
            if isinstance(value, ir.BlockArgument) and value.owner == entry:
                if pto.TileBufType.isinstance(value.type) or pto.PtrType.isinstance(value.type):
                    positions.add(value.arg_number)
                continue
            pending.extend(self._aliased(value))
        return frozenset(positions)

    def _aliased(self, value):
        """The values ``value`` may be, or view, without a copy."""
        if isinstance(value, ir.BlockArgument):
            parent = value.owner.owner.operation.opview
            return _region_argument_sources(parent, value)
        op = value.owner.operation.opview
        index = value.result_number
        if isinstance(op, pto.TReshapeOp):
            return list(op.operation.operands)
        if isinstance(op, pto.MakeTensorViewOp):
            return [op.ptr]
        if isinstance(op, pto.PartitionViewOp):
            return [op.source]
        if isinstance(op, func.CallOp):
            operands = list(op.operation.operands)
            return [operands[i] for i in self.returned(op.callee.value, index)]
        if isinstance(op, scf.ForOp):
            inits = list(op.operation.operands)[3:]
            return [inits[index]] + [ops[index] for ops in
                                     _terminator_operands(op.operation.regions[0], scf.YieldOp)]
        if isinstance(op, scf.IfOp):
            return [ops[index] for region in op.operation.regions
                    for ops in _terminator_operands(region, scf.YieldOp)]
        if isinstance(op, scf.WhileOp):
            return [ops[index] for ops in
                    _terminator_operands(op.operation.regions[0], scf.ConditionOp, skip=1)]
        return []


def _region_argument_sources(parent, argument):
    index = argument.arg_number
    if isinstance(parent, scf.ForOp):
        if index == 0:
            return []  # the induction variable
        inits = list(parent.operation.operands)[3:]
        return [inits[index - 1]] + [ops[index - 1] for ops in
                                     _terminator_operands(parent.operation.regions[0],
                                                          scf.YieldOp)]
    if isinstance(parent, scf.WhileOp):
        before, after = parent.operation.regions
        if argument.owner == before.blocks[0]:
            return [list(parent.operation.operands)[index]] + [
                ops[index] for ops in _terminator_operands(after, scf.YieldOp)]
        return [ops[index] for ops in _terminator_operands(before, scf.ConditionOp, skip=1)]
    return []
