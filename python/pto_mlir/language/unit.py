"""One module being compiled: the entry kernel and every kernel it calls.

Each (kernel, argument types) pair becomes one ``func.func`` of the module,
named after the Python function (``name_1``, ``name_2``, ... when one
kernel is called with several signatures); calls between kernels are
``func.call``s of these functions.
"""
from .. import ir
from ..dialects import arith, func, pto
from .errors import CompileError, format_diagnostics
from .frontend import FunctionCompiler

__all__ = ["Unit"]


class Unit:
    def __init__(self, target):
        self.module = ir.Module.create()
        if target is not None:
            self.module.operation.attributes[pto.TARGET_ARCH_ATTR] = ir.StringAttr.get(target)
        self._functions = {}     # (kernel, argument types) -> func.func
        self._building = []      # kernels whose body is being built (recursion)
        self._names = set()

    def define(self, kernel, arg_types):
        """The func.func of ``kernel`` for ``arg_types`` (built once)."""
        key = (id(kernel), tuple(str(t) for t in arg_types))
        if key in self._functions:
            return self._functions[key]
        if kernel in self._building:
            chain = " -> ".join(k.__name__ for k in self._building + [kernel])
            raise CompileError(f"recursive kernel calls are not supported ({chain})",
                               kernel.source.where(kernel.source.tree))
        name = kernel.__name__
        suffix = 0
        while name in self._names:
            suffix += 1
            name = f"{kernel.__name__}_{suffix}"
        self._names.add(name)
        self._building.append(kernel)
        try:
            with ir.InsertionPoint(self.module.body):
                function = FunctionCompiler(self, kernel.source, name, kernel.param_names,
                                            arg_types).build()
        finally:
            self._building.pop()
        self._functions[key] = function
        return function

    def call(self, compiler, node, kernel, args):
        """A call of another kernel from ``compiler``'s body: func.call."""
        if len(args) != len(kernel.params):
            raise compiler.error(node, f"@{kernel.__name__} takes {len(kernel.params)} "
                                 f"arguments, got {len(args)}")
        values, types = [], []
        for position, (param, arg) in enumerate(zip(kernel.params, args)):
            try:
                arg_type = param.type_for_value(arg)
            except (TypeError, ValueError) as problem:
                raise compiler.error(node, f"argument #{position} of @{kernel.__name__}: "
                                     f"{problem}") from None
            if not isinstance(arg, ir.Value):
                arg = arith.ConstantOp(arg_type, arg).result
            values.append(arg)
            types.append(arg_type)
        function = self.define(kernel, types)
        results = func.CallOp(function, values).results
        return results[0] if len(results) == 1 else tuple(results)

    def verified(self):
        """The module, verified; a failure is a CompileError at its line."""
        try:
            self.module.operation.verify()
        except ir.MLIRError as error:
            raise CompileError(*format_diagnostics(error)) from None
        return self.module
