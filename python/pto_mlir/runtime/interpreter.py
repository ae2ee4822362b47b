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
        step = self._step
        if step.groups is None:
            step.groups = (len(self.op.ins), len(self.op.outs))
        n_ins, n_outs = step.groups
        return operands[:n_ins], operands[n_ins:n_ins + n_outs]


class _Step:
    """One op of a block, looked up once: its view, handler and SSA values."""

    __slots__ = ("op", "operation", "run", "operands", "results", "groups")

    def __init__(self, op):
        self.op = op
        self.operation = op.operation
        self.run = handler(op)
        self.operands = tuple(self.operation.operands)
        self.results = tuple(self.operation.results)
        self.groups = None  # (ins, outs) operand counts, when first asked


class _Plan:
    """A block as the interpreter walks it: its arguments, the steps before
    the first terminator, and that terminator's operands (None without one)."""

    __slots__ = ("arguments", "steps", "returned")

    def __init__(self, block):
        self.arguments = tuple(block.arguments)
        self.steps, self.returned = [], None
        for op in block.operations:
            if isinstance(op, _TERMINATORS):
                self.returned = tuple(op.operation.operands)
                break
            self.steps.append(_Step(op))


class Interpreter:
    """Runs the functions of one module on one simulated core.

    ``plans`` holds the blocks already looked up (by block); runs of the same
    module may share it, so that a module run again is not walked through
    the IR bindings again."""

    def __init__(self, module, target, plans=None):
        self.functions = {op.sym_name.value: op.operation
                          for op in module.body.operations if isinstance(op, func.FuncOp)}
        self.memory = OnChipMemory(target)
        self.plans = {} if plans is None else plans

    def call(self, name, args):
        """Runs function ``name`` on runtime values; returns its results."""
        function = self.functions[name]
        return self.run_region(function.regions[0], args, {})

    def run_region(self, region, args, env):
        """Runs the (single) block of ``region`` with its arguments bound to
        ``args``; returns the operands of its terminator."""
        block = region.blocks[0]
        plan = self.plans.get(block)
        if plan is None:
            plan = self.plans[block] = _Plan(block)
        for argument, value in zip(plan.arguments, args):
            env[argument] = value
        for step in plan.steps:
            if step.run is None:
                raise _fail(step.operation, "is not supported by the interpreter")
            try:
                results = step.run(OpCall(self, step, env), [env[v] for v in step.operands])
            except OpFailure as failure:
                raise _fail(step.operation, str(failure)) from None
            for result, value in zip(step.results, results):
                env[result] = value
        return [] if plan.returned is None else [env[v] for v in plan.returned]
