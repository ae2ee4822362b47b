"""The code generator: a kernel's Python AST -> one Level 1 ``func.func``.

Like Triton's, it interprets the body statement by statement instead of
tracing a call: each expression evaluates to a Python value (ints, pl
types, tuples: computed at compile time) or an IR value (tiles and kernel
scalars: built with the dialects' builders, at the expression's own file
location). Control flow follows control.py. Any error becomes a
``CompileError`` at the line that caused it.
"""
import ast
import operator

from .. import ir
from ..dialects import arith, func, pto
from . import control
from .errors import CompileError, format_diagnostics
from .methods import TILE_METHODS, tile_method
from .ops import family_function, make_tensor_view, matmul, needs_scratch, takes_scalar_first
from .types import dtype_of

__all__ = ["FunctionCompiler"]

# Errors of Python code run at compile time (the user's helpers, our
# checks of op operands) that become a CompileError at the current line.
_USER_ERRORS = (TypeError, ValueError, NameError, AttributeError, IndexError, KeyError,
                ZeroDivisionError, AssertionError, OverflowError)

_PY_BINOPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_, ast.BitXor: operator.xor, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.Div: operator.truediv, ast.Pow: operator.pow,
}
# Integer/index arithmetic on kernel scalars (signless, as arith takes them).
_IR_BINOPS = {
    ast.Add: arith.AddIOp, ast.Sub: arith.SubIOp, ast.Mult: arith.MulIOp,
    ast.FloorDiv: arith.FloorDivSIOp, ast.Mod: arith.RemSIOp, ast.BitOr: arith.OrIOp,
    ast.BitAnd: arith.AndIOp, ast.BitXor: arith.XOrIOp,
}
# Operators on two tiles: the binary elementwise op of each element op
# (pto_mlir.families); an operator whose element op no op has yet is an
# unsupported operand error, as for any other operand.
_TILE_BINOPS = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.BitOr: "or",
    ast.BitAnd: "and", ast.BitXor: "xor", ast.LShift: "shl", ast.RShift: "shr",
}
# Element ops whose operands commute: a scalar on the left of a tile is
# given on the right (`2.0 * x` is tmuls(x, 2.0)).
_COMMUTATIVE = {"add", "mul", "max", "min", "and", "or", "xor"}
# Operators on one tile: the unary elementwise op of each element op.
_TILE_UNARYOPS = {ast.USub: "neg", ast.Invert: "not"}
_PY_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}
_IR_COMPARE = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "slt", ast.LtE: "sle",
               ast.Gt: "sgt", ast.GtE: "sge"}
_CMPI = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5}


def _is_tile(value):
    return isinstance(value, ir.Value) and pto.TileType.isinstance(value.type)


def _is_scalar(value):
    return (isinstance(value, ir.Value)
            and isinstance(value.type, (ir.IndexType, ir.IntegerType)))


def _is_scalar_operand(value):
    """A tile-scalar op's scalar: a Python number or an integer/float kernel
    value."""
    if isinstance(value, ir.Value):
        return isinstance(value.type, (ir.IntegerType, ir.FloatType))
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _view_type(value):
    """The tensor or window type of a global memory view value, or None."""
    if isinstance(value, ir.Value):
        for view_class in (pto.TensorViewType, pto.PartitionTensorViewType):
            if view_class.isinstance(value.type):
                return view_class(value.type)
    return None


def _describe(value):
    if isinstance(value, ir.Value):
        return f"a value of type {value.type}"
    return f"{type(value).__name__} {value!r}"


class _Return(Exception):
    """Ends the body: the returned values."""

    def __init__(self, values):
        self.values = values


class FunctionCompiler:
    """Builds one func.func from a KernelSource, given its argument types."""

    def __init__(self, unit, source, name, params, arg_types):
        self.unit = unit
        self.source = source
        self.name = name
        self.params = params
        self.arg_types = arg_types

    # -- errors and locations ------------------------------------------------

    def error(self, node, message):
        return CompileError(message, self.source.where(node))

    def location(self, node):
        where = self.source.where(node)
        return ir.Location.file(where.file, where.line, where.col)

    # -- the function ----------------------------------------------------------

    def build(self):
        """Adds the function to the unit's module; returns it."""
        tree = self.source.tree
        # A pl.Tensor parameter's type is its tensor view: the function takes
        # the pointer (as PTOAS's kernels do) and makes the view first.
        signature = [pto.PtrType.get(pto.TensorViewType(t).element_type)
                     if pto.TensorViewType.isinstance(t) else t for t in self.arg_types]
        with self.location(tree):
            function = func.FuncOp(self.name, ir.FunctionType.get(signature, []))
        # Each argument's location carries its parameter's name: the runtime
        # names the argument in its errors (runtime/arguments.py).
        entry = function.add_entry_block(
            arg_locs=[ir.Location.name(arg.arg, childLoc=self.location(arg))
                      for arg in tree.args.args])
        env = {}
        with ir.InsertionPoint(entry):
            for name, arg, arg_type, node in zip(self.params, entry.arguments,
                                                 self.arg_types, tree.args.args):
                env[name] = arg
                if pto.TensorViewType.isinstance(arg_type):
                    with self.location(node):
                        env[name] = self.tensor_view(arg, pto.TensorViewType(arg_type))
        body = tree.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]  # the docstring
        results = []
        with ir.InsertionPoint(entry):
            try:
                self.statements(body, env, top=True)
            except _Return as returned:
                results = returned.values
            with self.location(body[-1] if body else tree):
                func.ReturnOp(results)
        function.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(signature, [r.type for r in results]))
        return function

    @staticmethod
    def tensor_view(pointer, view_type):
        """The C-ordered tensor of ``view_type`` at ``pointer`` (the default
        strides of pl.make_tensor_view)."""
        return make_tensor_view(pointer, list(view_type.shape))

    # -- statements -------------------------------------------------------------

    def statements(self, statements, env, top=False):
        for index, statement in enumerate(statements):
            if isinstance(statement, ast.Return):
                if not top:
                    raise self.error(statement, "return inside a loop or an if is not "
                                     "supported: assign the results and return at the end")
                if index != len(statements) - 1:
                    raise self.error(statements[index + 1], "code after return")
                raise _Return(self.returned(statement, env))
            self.statement(statement, env)

    def statement(self, node, env):
        with self.location(node):
            if isinstance(node, ast.Assign):
                value = self.expr(node.value, env)
                for target in node.targets:
                    self.assign(target, value, env)
            elif isinstance(node, ast.AugAssign):
                if not isinstance(node.target, ast.Name):
                    raise self.error(node, "only a name can be the target of "
                                     f"{type(node.op).__name__} assignment")
                value = self.binop(node, node.op, self.name_value(node.target, env),
                                   self.expr(node.value, env))
                env[node.target.id] = value
            elif isinstance(node, ast.Expr):
                self.expr(node.value, env)
            elif isinstance(node, ast.For):
                self.for_loop(node, env)
            elif isinstance(node, ast.If):
                self.if_statement(node, env)
            elif isinstance(node, ast.Assert):
                self.assertion(node, env)
            elif not isinstance(node, ast.Pass):
                raise self.error(node, f"a {type(node).__name__} statement is not supported "
                                 "in a kernel")

    def returned(self, node, env):
        value = () if node.value is None else self.expr(node.value, env)
        values = list(value) if isinstance(value, tuple) else [value]
        for value in values:
            if not _is_tile(value):
                raise self.error(node.value, "a kernel returns tiles; this returns "
                                 f"{_describe(value)}")
        return values

    def assign(self, target, value, env):
        if isinstance(target, ast.Name):
            env[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                count = len(value) if isinstance(value, (tuple, list)) else 1
                raise self.error(target, f"cannot unpack {count} value(s) into "
                                 f"{len(target.elts)} names")
            for element, item in zip(target.elts, value):
                self.assign(element, item, env)
        else:
            raise self.error(target, f"cannot assign to a {type(target).__name__}")

    def assertion(self, node, env):
        condition = self.expr(node.test, env)
        if isinstance(condition, ir.Value):
            raise self.error(node, "assert needs a condition known at compile time")
        if not condition:
            message = "" if node.msg is None else f": {self.expr(node.msg, env)}"
            raise self.error(node, f"assertion failed{message}")

    # -- control flow -------------------------------------------------------------

    def for_loop(self, node, env):
        if node.orelse:
            raise self.error(node, "for ... else is not supported in a kernel")
        iterator = node.iter
        callee = (self.expr(iterator.func, env) if isinstance(iterator, ast.Call) else None)
        if callee is not range and callee is not control.static_range:
            raise self.error(iterator, "a kernel loops over range(...) or "
                             "pl.static_range(...)")
        args = [self.expr(a, env) for a in iterator.args]
        if callee is control.static_range:
            for value in self.call_python(iterator, callee, args, {}).range:
                self.assign(node.target, value, env)
                self.loop_body(node, env)
            return
        if not isinstance(node.target, ast.Name):
            raise self.error(node.target, "the variable of a range loop must be a name")
        if not 1 <= len(args) <= 3:
            raise self.error(iterator, f"range takes 1 to 3 arguments, got {len(args)}")
        if len(args) == 1:
            args = [0, args[0], 1]
        elif len(args) == 2:
            args = [*args, 1]
        if isinstance(args[2], int) and args[2] <= 0:
            raise self.error(iterator, f"the step of a range loop must be positive, got {args[2]}")
        bounds = [self.as_index(iterator, a) for a in args]
        carried = []
        for name in control.assigned_names(node.body):
            if name == node.target.id or name not in env:
                continue
            value = env[name]
            if isinstance(value, int) and not isinstance(value, bool):
                value = self.constant(ir.IndexType.get(), value)  # a counter
            elif not isinstance(value, ir.Value):
                raise self.error(node, f"'{name}' holds a Python value "
                                 f"({_describe(value)}) and is assigned in the loop; an "
                                 "scf.for carries only IR values and ints (as index): use "
                                 "pl.static_range to unroll the loop")
            carried.append((name, value))

        def body(induction, args):
            inner = dict(env, **args)
            inner[node.target.id] = induction
            self.loop_body(node, inner)
            for name, before in carried:
                after = inner[name]
                if not isinstance(after, ir.Value) or after.type != before.type:
                    raise self.error(node, f"'{name}' changes type in the loop: "
                                     f"{before.type} before, {_describe(after)} after the body")
            return inner

        results = control.build_for(*bounds, carried, body)
        for (name, _), result in zip(carried, results):
            env[name] = result

    def loop_body(self, node, env):
        for statement in node.body:
            if isinstance(statement, (ast.Break, ast.Continue)):
                raise self.error(statement, f"{type(statement).__name__.lower()} is not "
                                 "supported in a kernel loop")
        self.statements(node.body, env)

    def if_statement(self, node, env):
        condition = self.expr(node.test, env)
        if not isinstance(condition, ir.Value):
            self.statements(node.body if condition else node.orelse, env)
            return
        condition = self.as_condition(node.test, condition)
        names = control.assigned_names(node.body + node.orelse)

        def branch(statements):
            def build():
                inner = dict(env)
                self.statements(statements, inner)
                return inner
            return build

        def outputs(then_env, else_env):
            chosen = []
            for name in names:
                then, other = then_env.get(name), else_env.get(name)
                if then is None or other is None:
                    continue  # assigned in one branch only, undefined before
                if not isinstance(then, ir.Value) or not isinstance(other, ir.Value):
                    if then is other:
                        continue
                    raise self.error(node, f"'{name}' is assigned a Python value under a "
                                     "condition known only when the kernel runs")
                if then.type != other.type:
                    raise self.error(node, f"'{name}' has type {then.type} after the if "
                                     f"branch and {other.type} after the else branch")
                chosen.append((name, then, other))
            return chosen

        env.update(control.build_if(condition, branch(node.body), branch(node.orelse),
                                    outputs))

    # -- expressions -----------------------------------------------------------------

    def expr(self, node, env):
        with self.location(node):
            try:
                return self.evaluate(node, env)
            except CompileError:
                raise
            except _USER_ERRORS as problem:
                raise self.error(node, str(problem)) from None
            except ir.MLIRError as problem:  # e.g. a mode name a builder cannot parse
                raise self.error(node, format_diagnostics(problem)[0]) from None

    def evaluate(self, node, env):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self.name_value(node, env)
        if isinstance(node, ast.Attribute):
            return self.attribute(node, self.expr(node.value, env))
        if isinstance(node, (ast.Tuple, ast.List)):
            values = [self.expr(e, env) for e in node.elts]
            return tuple(values) if isinstance(node, ast.Tuple) else values
        if isinstance(node, ast.BinOp):
            return self.binop(node, node.op, self.expr(node.left, env),
                              self.expr(node.right, env))
        if isinstance(node, ast.Compare):
            return self.compare(node, env)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node, self.expr(node.operand, env))
        if isinstance(node, ast.BoolOp):
            return self.boolop(node, env)
        if isinstance(node, ast.Subscript):
            value = self.expr(node.value, env)
            if isinstance(value, ir.Value):
                raise self.error(node, f"cannot index {_describe(value)}")
            return value[self.expr(node.slice, env)]
        if isinstance(node, ast.Slice):
            return slice(*(None if p is None else self.expr(p, env)
                           for p in (node.lower, node.upper, node.step)))
        if isinstance(node, ast.Call):
            return self.call(node, env)
        if isinstance(node, ast.IfExp):
            condition = self.expr(node.test, env)
            if isinstance(condition, ir.Value):
                raise self.error(node, "a conditional expression needs a condition known at "
                                 "compile time (use an if statement)")
            return self.expr(node.body if condition else node.orelse, env)
        raise self.error(node, f"a {type(node).__name__} expression is not supported "
                         "in a kernel")

    def name_value(self, node, env):
        if node.id in env:
            return env[node.id]
        return self.source.lookup(node.id)

    def attribute(self, node, value):
        if _is_tile(value):
            tile = pto.TileType(value.type)
            facts = {"shape": lambda: tuple(tile.shape),
                     "valid_shape": lambda: tuple(tile.valid_shape),
                     "dtype": lambda: dtype_of(tile.element_type), "type": lambda: value.type}
            method = tile_method(value, node.attr)
            if method is not None:
                return method
            if node.attr not in facts:
                raise self.error(node, f"a tile has no attribute '{node.attr}' (it has: "
                                 f"{', '.join([*facts, *TILE_METHODS])})")
            return facts[node.attr]()
        view = _view_type(value)
        if view is not None:
            facts = {"shape": lambda: tuple(view.shape),
                     "dtype": lambda: dtype_of(view.element_type), "type": lambda: value.type}
            if node.attr not in facts:
                raise self.error(node, f"a view has no attribute '{node.attr}' (it has: "
                                 f"{', '.join(facts)})")
            return facts[node.attr]()
        if isinstance(value, ir.Value):
            raise self.error(node, f"{_describe(value)} has no attribute '{node.attr}'")
        return getattr(value, node.attr)

    def binop(self, node, op, left, right):
        if not isinstance(left, ir.Value) and not isinstance(right, ir.Value):
            return _PY_BINOPS[type(op)](left, right)
        if isinstance(op, ast.MatMult) and _is_tile(left) and _is_tile(right):
            return matmul(left, right)
        if type(op) in _TILE_BINOPS and _is_tile(left) and _is_tile(right):
            tile_op = family_function("binary_elementwise", _TILE_BINOPS[type(op)])
            if tile_op is not None:
                self.check_no_scratch(node, op, "binary_elementwise", tile_op)
                return tile_op(left, right)
        if type(op) in _TILE_BINOPS and (
                _is_tile(left) and _is_scalar_operand(right)
                or _is_scalar_operand(left) and _is_tile(right)):
            tile_op = family_function("tile_scalar", _TILE_BINOPS[type(op)])
            if tile_op is not None:
                self.check_no_scratch(node, op, "tile_scalar", tile_op)
            result = self.tile_scalar(node, _TILE_BINOPS[type(op)], left, right)
            if result is not None:
                return result
        if type(op) in _IR_BINOPS and (_is_scalar(left) or _is_scalar(right)):
            left, right = self.scalar_pair(node, left, right)
            if left is not None:
                return _IR_BINOPS[type(op)](left, right).result
        raise self.error(node, f"unsupported operands for {type(op).__name__}: "
                         f"{_describe(left)} and {_describe(right)}")

    def check_no_scratch(self, node, op, family, tile_op):
        """Refuses operator ``op`` where its op takes the NPU's scratch tile."""
        if needs_scratch(family, _TILE_BINOPS[type(op)]):
            raise self.error(node, f"{type(op).__name__} of these operands is "
                             f"pl.{tile_op.__name__}, which takes the NPU's scratch tile "
                             f"tmp: call pl.{tile_op.__name__}(..., tmp)")

    def tile_scalar(self, node, element_op, left, right):
        """The tile-scalar op of ``element_op`` on a tile and a scalar (either
        side), or None when the family has none."""
        tile_op = family_function("tile_scalar", element_op)
        if tile_op is None or _is_tile(left):
            return None if tile_op is None else tile_op(left, right)
        if element_op in _COMMUTATIVE:
            return tile_op(right, left)
        if takes_scalar_first(element_op):
            return tile_op(left, right)
        raise self.error(node, f"a scalar {type(node.op).__name__} a tile is not supported: "
                         f"pto.{tile_op.__name__} takes the scalar on the right only")

    def scalar_pair(self, node, left, right):
        """Two scalar operands of one type (a Python int becomes a constant of
        the other's type), or (None, None)."""
        if isinstance(left, int) and not isinstance(left, bool) and _is_scalar(right):
            left = self.constant(right.type, left)
        if isinstance(right, int) and not isinstance(right, bool) and _is_scalar(left):
            right = self.constant(left.type, right)
        if not (_is_scalar(left) and _is_scalar(right)) or left.type != right.type:
            return None, None
        if isinstance(left.type, ir.IntegerType) and not left.type.is_signless:
            raise self.error(node, f"arithmetic on {left.type} values is not supported "
                             "(signless integers and index only)")
        return left, right

    def constant(self, scalar_type, value):
        return arith.ConstantOp(scalar_type, value).result

    def compare(self, node, env):
        if len(node.ops) != 1:
            raise self.error(node, "chained comparisons are not supported in a kernel")
        left = self.expr(node.left, env)
        right = self.expr(node.comparators[0], env)
        op = type(node.ops[0])
        if op in (ast.Is, ast.IsNot):  # identity: a compile-time question
            return (left is right) == (op is ast.Is)
        if not isinstance(left, ir.Value) and not isinstance(right, ir.Value):
            if op in _PY_COMPARE:
                return _PY_COMPARE[op](left, right)
            return (left in right) == (op is ast.In)
        pair = self.scalar_pair(node, left, right) if op in _IR_COMPARE else (None, None)
        if pair[0] is None:
            raise self.error(node, f"unsupported comparison {op.__name__} of "
                             f"{_describe(left)} and {_describe(right)}")
        predicate = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), _CMPI[_IR_COMPARE[op]])
        return arith.CmpIOp(predicate, *pair).result

    def unary(self, node, value):
        if not isinstance(value, ir.Value):
            return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
                    ast.Invert: operator.invert}[type(node.op)](value)
        if type(node.op) in _TILE_UNARYOPS and _is_tile(value):
            tile_op = family_function("unary_elementwise", _TILE_UNARYOPS[type(node.op)])
            if tile_op is not None:
                return tile_op(value)
        if isinstance(node.op, ast.USub) and _is_scalar(value):
            return arith.SubIOp(self.constant(value.type, 0), value).result
        if isinstance(node.op, ast.Not) and _is_scalar(value):
            return arith.CmpIOp(ir.IntegerAttr.get(ir.IntegerType.get_signless(64), _CMPI["eq"]),
                                value, self.constant(value.type, 0)).result
        raise self.error(node, f"unsupported operand for {type(node.op).__name__}: "
                         f"{_describe(value)}")

    def boolop(self, node, env):
        values = [self.expr(v, env) for v in node.values]
        if not any(isinstance(v, ir.Value) for v in values):
            result = values[0]
            for value in values[1:]:
                result = (result and value) if isinstance(node.op, ast.And) else (result or value)
            return result
        conditions = [self.as_condition(n, v) for n, v in zip(node.values, values)]
        combine = arith.AndIOp if isinstance(node.op, ast.And) else arith.OrIOp
        result = conditions[0]
        for condition in conditions[1:]:
            result = combine(result, condition).result
        return result

    def as_condition(self, node, value):
        """An i1 value: an i1 as is, another scalar compared with 0."""
        if not isinstance(value, ir.Value):
            return arith.ConstantOp(ir.IntegerType.get_signless(1), int(bool(value))).result
        if isinstance(value.type, ir.IntegerType) and value.type.width == 1:
            return value
        if not _is_scalar(value):
            raise self.error(node, f"a condition must be a scalar, got {_describe(value)}")
        return arith.CmpIOp(ir.IntegerAttr.get(ir.IntegerType.get_signless(64), _CMPI["ne"]),
                            *self.scalar_pair(node, value, 0)).result

    def as_index(self, node, value):
        """A loop bound as an index value."""
        index = ir.IndexType.get()
        if isinstance(value, int) and not isinstance(value, bool):
            return self.constant(index, value)
        if _is_scalar(value):
            if isinstance(value.type, ir.IndexType):
                return value
            if value.type.is_signless:
                return arith.IndexCastOp(index, value).result
        raise self.error(node, f"a range bound must be an int or an index/integer value, "
                         f"got {_describe(value)}")

    # -- calls -----------------------------------------------------------------------

    def call(self, node, env):
        callee = self.expr(node.func, env)
        args = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.extend(self.expr(arg.value, env))
            else:
                args.append(self.expr(arg, env))
        kwargs = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                kwargs.update(self.expr(keyword.value, env))
            else:
                kwargs[keyword.arg] = self.expr(keyword.value, env)
        if getattr(callee, "_pl_kernel", False):
            if kwargs:
                raise self.error(node, "a call of a kernel takes positional arguments only")
            return self.unit.call(self, node, callee, args)
        return self.call_python(node, callee, args, kwargs)

    def call_python(self, node, callee, args, kwargs):
        """A Python callable run at compile time: pl ops build IR, helpers
        compute Python values (or build IR through pl ops)."""
        try:
            return callee(*args, **kwargs)
        except CompileError as problem:
            if problem.location is None:
                raise self.error(node, problem.message) from None
            raise
        except _USER_ERRORS as problem:
            raise self.error(node, str(problem)) from None
