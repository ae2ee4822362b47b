"""What a run derives from a module, derived once per module.

A ``Program`` is a verified module as the runtime uses it: its functions,
its declared target, the plans of its functions (plan.py) and, per entry
function, a ``Kernel``: the function's signature, the buffer arguments its
ops may write (writes.py) and its arguments' checks (arguments.py). Every
call still checks its arguments and runs afresh; only these IR-derived
facts are reused. __init__.py keeps a Program while its module is
unchanged.
"""
from .. import ir
from ..dialects import func, pto
from .arguments import Parameters, Tile, argument_names
from .errors import ArgumentError, KernelError
from .interp.plan import FunctionPlan
from .values import TileValue, is_tile_type, tile_spec
from .writes import written_arguments

__all__ = ["Program", "Kernel", "find_function", "function_type"]

_TARGET_ATTR = pto.TARGET_ARCH_ATTR


def _calls(function):
    """The func.call ops of ``function``, in order."""
    found = []

    def visit(op):
        if op.name == "func.call":
            found.append(op)
        return ir.WalkResult.ADVANCE

    function.walk(visit)
    return found


def _refuse_recursion(functions, entry):
    """KernelError at the first call (depth first from ``entry``) that
    closes a cycle of calls. PTO kernels do not recurse: PTOAS's C++
    emission refuses recursive calls, so neither the device nor the pto-isa
    engine could run one, and on the host engines it would exhaust the
    interpreter's stack or loop forever on the JIT."""
    path, done = [entry], set()

    def visit(name):
        for call in _calls(functions[name]):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            if callee in path:
                cycle = path[path.index(callee):] + [callee]
                chain = " calls ".join(f"@{n}" for n in cycle)
                where = pto.describe_failure_location(call.location)
                raise KernelError(f"'func.call' op at {where}: a recursive call ({chain}): "
                                  f"PTO kernels cannot recurse (PTOAS's C++ emission "
                                  f"refuses recursive calls)")
            if callee in functions and callee not in done:
                path.append(callee)
                visit(callee)
                path.pop()
        done.add(name)

    visit(entry)


def find_function(module, entry):
    """The func.func named ``entry``; ArgumentError listing the others."""
    names = []
    for op in module.body.operations:
        if isinstance(op, func.FuncOp):
            name = op.sym_name.value
            if name == entry:
                if not op.operation.regions[0].blocks:
                    raise ArgumentError(f"@{entry} is a declaration without a body")
                return op.operation
            names.append(name)
    raise ArgumentError(f"no func.func @{entry} in the module "
                        f"(found: {', '.join(names) or 'none'})")


def function_type(function):
    return ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)


class Kernel:
    """Entry function ``entry`` of a program: ``function``, ``signature``
    (its FunctionType), ``parameters`` (arguments.Parameters) and whether
    each result is handed back as a ``Tile`` (a dynamic valid shape)."""

    def __init__(self, module, entry):
        self.function = find_function(module, entry)
        self.signature = function_type(self.function)
        self.parameters = Parameters(entry, self.signature,
                                     written_arguments(module, entry),
                                     argument_names(self.function))
        self._as_tile = [is_tile_type(t) and None in tile_spec(t).static_valid
                         for t in self.signature.results]

    def to_caller(self, values):
        """The interpreter's result values as run() returns them."""
        results = []
        for value, as_tile in zip(values, self._as_tile):
            if isinstance(value, TileValue):
                array = value.to_array()
                value = Tile(array, value.valid) if as_tile else array
            results.append(value)
        return results


class Program:
    """A verified module (not changed while the Program is used). Built
    inside the module's context; what it builds later enters it itself."""

    def __init__(self, module):
        self.module = module
        self.functions = {op.sym_name.value: op.operation
                          for op in module.body.operations if isinstance(op, func.FuncOp)}
        # As written (for messages), and the target it names.
        self.written_target, self.declared_target = pto.declared_target(module)
        self._kernels = {}
        self._plans = {}

    def resolve_target(self, target):
        """The target a run on ``target`` (or None) uses; ArgumentError for
        an unknown one or one the module contradicts."""
        declared = self.declared_target
        if target is not None and target not in pto.TARGETS:
            raise ArgumentError(f"target '{target}' is unknown "
                                f"(targets: {', '.join(pto.TARGETS)})")
        if target is not None and declared is not None and target != declared:
            raise ArgumentError(f"target '{target}' contradicts the module's "
                                f"{_TARGET_ATTR} = \"{self.written_target}\"")
        return target or declared

    def kernel(self, entry):
        """The Kernel of ``entry`` (ArgumentError when it has none, every
        time: only kernels are kept); KernelError when ``entry`` reaches a
        recursive call."""
        kernel = self._kernels.get(entry)
        if kernel is None:
            with self.module.context, ir.Location.unknown():
                kernel = Kernel(self.module, entry)
                _refuse_recursion(self.functions, entry)
                self._kernels[entry] = kernel
        return kernel

    def function_plan(self, name):
        """The plan of function ``name`` (which has a body)."""
        plan = self._plans.get(name)
        if plan is None:
            with self.module.context, ir.Location.unknown():
                plan = self._plans[name] = FunctionPlan(self.functions[name])
        return plan
