"""The dispatcher: runs a function's planned ops through the registry.

Each op was looked up once by its class (``operation.opview``, the
generated OpView of its dialect) when its function was planned (plan.py).
Values live in one list of slots per function invocation (SSA values are
unique, so nested regions share it). Terminators (``func.return``,
``scf.yield``, ``scf.condition``) end a block and hand back their operands.
Any failure of an op becomes a KernelError naming the op and its location;
an op without a handler is one too, raised when it is reached.
"""
from ...dialects import pto
from ..errors import KernelError, OpFailure
from ..grid import SINGLE_CORE
from . import ops  # noqa: F401  (registers every op)
from .memory import OnChipMemory

__all__ = ["Interpreter", "OpCall"]


def _fail(operation, reason):
    # The location as the compiled engine names it too (the dialect's).
    where = pto.describe_failure_location(operation.location)
    return KernelError(f"'{operation.name}' op at {where}: {reason}")


class OpCall:
    """What a handler may know about the op it executes: ``op``, its typed
    view (the generated accessors: ``op.relu``, ``op.addr``, ``op.into``,
    ...), and the runtime values of the enclosing function."""

    __slots__ = ("interpreter", "op", "_env", "_step")

    def __init__(self, interpreter, step, env):
        self.interpreter = interpreter
        self.op = step.op
        self._env = env
        self._step = step

    @property
    def operation(self):
        return self.op.operation

    def value(self, ir_value):
        """The runtime value of an SSA value the op uses (e.g. ``op.into``)."""
        return self._env[self._step.slots[ir_value]]

    @property
    def result_types(self):
        return self._step.result_types

    def result_spec(self, index):
        """The TileSpec of result ``index``'s type."""
        return self._step.result_spec(index)

    def run_region(self, index, args):
        """Runs region ``index`` of the op (it sees the enclosing values);
        returns its terminator's operands, or [] for an empty region."""
        block = self._step.regions[index]
        if block is None:
            return []
        return self.interpreter.run_block(block, args, self._env)

    @property
    def memory(self):
        return self.interpreter.memory

    def static_fact(self, compute):
        """``compute(op)``, a fact of the op that depends on the IR only,
        computed on the op's first run and kept with its plan."""
        step = self._step
        if step.fact is None:
            step.fact = compute(self.op)
        return step.fact

    def outs(self, operands):
        """The runtime values of a tile op's ``outs`` (the buffers a Level 2
        op writes, its trailing operands) among its ``operands``."""
        step = self._step
        if step.num_outs is None:
            step.num_outs = pto.tile_op_outs(self.operation)
        return operands[len(operands) - step.num_outs:]


class Interpreter:
    """Runs the functions of one planned module (kernel.Program) on one
    simulated core, at ``core`` (a grid.CorePosition) of its grid."""

    def __init__(self, program, target, core=SINGLE_CORE):
        self.program = program
        self.functions = program.functions
        self.target = target
        self.core = core
        self._memory = None

    @property
    def memory(self):
        """The OnChipMemory of this run, made when an op first places a tile
        (most runs place none)."""
        if self._memory is None:
            self._memory = OnChipMemory(self.target)
        return self._memory

    def call(self, name, args):
        """Runs function ``name`` on runtime values; returns its results."""
        plan = self.program.function_plan(name)
        return self.run_block(plan.body, args, [None] * plan.size)

    def run_block(self, block, args, env):
        """Runs ``block`` (a plan.BlockPlan) with its arguments bound to
        ``args``; returns the operands of its terminator."""
        for slot, value in zip(block.arguments, args):
            env[slot] = value
        for step in block.steps:
            if step.run is None:
                raise _fail(step.operation, "is not supported by the interpreter")
            try:
                results = step.run(OpCall(self, step, env), [env[s] for s in step.operands])
            except OpFailure as failure:
                raise _fail(step.operation, str(failure)) from None
            for slot, value in zip(step.results, results):
                env[slot] = value
        return [] if block.returned is None else [env[s] for s in block.returned]
