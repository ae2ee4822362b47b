"""Control flow of a kernel body: which Python loops and ifs become
``scf.for`` / ``scf.if``, and what they carry.

- ``for i in range(...)`` is an ``scf.for`` (bounds from Python ints or
  kernel values), carrying every name the body assigns that holds an IR
  value before the loop (tiles and scalars), with the same type after each
  iteration (a name holding a Python int before the loop is carried as an
  ``index``). ``for i in pl.static_range(...)`` (Python ints only) unrolls
  the body at compile time; ``i`` is then a Python int.
- ``if`` on a Python value (a constant, a Python int parameter of a helper)
  is decided at compile time; on a kernel value it is an ``scf.if`` whose
  results are the names either branch assigns that hold IR values after it
  (defined before the if, or in both branches), with one type per name.
- Names first assigned inside a loop, or in only one branch of an
  ``scf.if``, are not visible after it.
"""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from .. import ir
from ..dialects import scf

__all__ = ["static_range", "assigned_names", "build_for", "build_if"]

# A branch's environment: the front end's names and their values.
_Env = TypeVar("_Env")


class static_range:
    """``pl.static_range(stop)`` / ``(start, stop[, step])``: a loop the
    compiler unrolls (Python ints only)."""

    def __init__(self, *args: int) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"pl.static_range takes 1 to 3 ints, got {len(args)}")
        for arg in args:
            if not isinstance(arg, int) or isinstance(arg, bool):
                raise TypeError(f"pl.static_range takes Python ints, got {arg!r} "
                                "(a kernel value as a bound needs range(...))")
        self.range = range(*args)


def assigned_names(statements: Iterable[ast.AST]) -> list[str]:
    """Names a list of statements assigns (nested blocks included, nested
    function definitions excluded), in first-assignment order."""
    names: dict[str, None] = {}  # (ordered, unlike a set)

    class Visitor(ast.NodeVisitor):
        def visit_Name(self, node: ast.Name) -> None:
            if isinstance(node.ctx, ast.Store):
                names.setdefault(node.id, None)

        def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
            pass

    for statement in statements:
        Visitor().visit(statement)
    return list(names)


def build_for(lower: ir.Value, upper: ir.Value, step: ir.Value,
              carried: Sequence[tuple[str, ir.Value]],
              body: Callable[[ir.Value, dict[str, ir.Value]], Mapping[str, ir.Value]]
              ) -> list[ir.Value]:
    """An scf.for over index values; ``carried`` (name, initial value) pairs;
    ``body(induction_variable, {name: block argument})`` builds the body and
    returns {name: value} of the carried names after it. Returns the loop's
    results, in ``carried``'s order."""
    loop = scf.ForOp(lower, upper, step, [value for _, value in carried])
    with ir.InsertionPoint(loop.body):
        after = body(loop.induction_variable,
                     {name: arg for (name, _), arg in zip(carried, loop.inner_iter_args)})
        scf.YieldOp([after[name] for name, _ in carried])
    return list(loop.results)


def build_if(condition: ir.Value, then_body: Callable[[], _Env], else_body: Callable[[], _Env],
             outputs: Callable[[_Env, _Env], Sequence[tuple[str, ir.Value, ir.Value]]]
             ) -> dict[str, ir.Value]:
    """An scf.if: each branch builder runs into its own block and returns its
    environment; ``outputs(then_env, else_env)`` picks [(name, then value,
    else value)] once both are built (their types are known only then).
    Returns {name: result}."""
    draft = scf.IfOp(condition, [], has_else=True)
    with ir.InsertionPoint(draft.then_block):
        then_env = then_body()
    with ir.InsertionPoint(draft.else_block):
        else_env = else_body()
    chosen = outputs(then_env, else_env)
    # The result types are known now: build the real op and move the ops over.
    with ir.InsertionPoint(draft):
        final = scf.IfOp(condition, [then.type for _, then, _ in chosen], has_else=True)
    for old, new, values in ((draft.then_block, final.then_block, [t for _, t, _ in chosen]),
                             (draft.else_block, final.else_block, [e for _, _, e in chosen])):
        with ir.InsertionPoint(new):
            terminator = scf.YieldOp(values)
        for op in list(old.operations):
            op.move_before(terminator)
    draft.operation.erase()
    return {name: result for (name, _, _), result in zip(chosen, final.results)}
