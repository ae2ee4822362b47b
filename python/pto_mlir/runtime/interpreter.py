"""The dispatcher: walks a function's ops and runs each through the registry.

Each op is looked up by its class (``operation.opview``, the generated
OpView of its dialect). Values live in one environment per function
invocation (SSA values are unique, so nested regions share it). Terminators
(``func.return``, ``scf.yield``, ``scf.condition``) end a block and hand
back their operands. Any failure of an op becomes a KernelError naming the
op and its location; an op without a handler is one too, raised when it is
reached.
"""
from ..dialects import func, pto, scf
from .errors import KernelError, OpFailure
from .memory import OnChipMemory
from .registry import handler
from . import ops  # noqa: F401  (registers every op)

__all__ = ["Interpreter", "OpCall"]

_TERMINATORS = (func.ReturnOp, scf.YieldOp, scf.ConditionOp)


def _fail(operation, reason):
    # The location as the compiled engine names it too (the dialect's).
    where = pto.describe_failure_location(operation.location)
    return KernelError(f"'{operation.name}' op at {where}: {reason}")


class OpCall:
    """What a handler may know about the op it executes: ``op``, its typed
    view (the generated accessors: ``op.relu``, ``op.addr``, ``op.into``,
    ...), and the runtime values of the enclosing function."""

    __slots__ = ("interpreter", "op", "_env")

    def __init__(self, interpreter, op, env):
        self.interpreter = interpreter
        self.op = op
        self._env = env

    @property
    def operation(self):
        return self.op.operation

    def value(self, ir_value):
        """The runtime value of an SSA value the op uses (e.g. ``op.into``)."""
        return self._env[ir_value]

    @property
    def result_types(self):
        return [r.type for r in self.operation.results]

    def run_region(self, index, args):
        """Runs region ``index`` of the op (it sees the enclosing values);
        returns its terminator's operands, or [] for an empty region."""
        region = self.operation.regions[index]
        if not region.blocks:
            return []
        return self.interpreter.run_region(region, args, self._env)

    @property
    def memory(self):
        return self.interpreter.memory

    def split_ins_outs(self, operands):
        """(ins, outs) of a tile op: its first two operand groups."""
        n_ins, n_outs = len(self.op.ins), len(self.op.outs)
        return operands[:n_ins], operands[n_ins:n_ins + n_outs]


class Interpreter:
    """Runs the functions of one module on one simulated core."""

    def __init__(self, module, target):
        self.functions = {op.sym_name.value: op.operation
                          for op in module.body.operations if isinstance(op, func.FuncOp)}
        self.memory = OnChipMemory(target)

    def call(self, name, args):
        """Runs function ``name`` on runtime values; returns its results."""
        function = self.functions[name]
        return self.run_region(function.regions[0], args, {})

    def run_region(self, region, args, env):
        """Runs the (single) block of ``region`` with its arguments bound to
        ``args``; returns the operands of its terminator."""
        block = region.blocks[0]
        for argument, value in zip(block.arguments, args):
            env[argument] = value
        for op in block.operations:
            operation = op.operation
            if isinstance(op, _TERMINATORS):
                return [env[v] for v in operation.operands]
            run = handler(op)
            if run is None:
                raise _fail(operation, "is not supported by the interpreter")
            try:
                results = run(OpCall(self, op, env), [env[v] for v in operation.operands])
            except OpFailure as failure:
                raise _fail(operation, str(failure)) from None
            for result, value in zip(operation.results, results):
                env[result] = value
        return []
