"""An entry function's closure: the part of a module an engine converts.

The JIT compiles, and the placement check (placement.py) and the pto-isa
engine convert, only an entry and the functions it calls, so that another
function of the module that they cannot take refuses only the entries that
reach it.
"""
from __future__ import annotations

import functools
from typing import Any

from .. import ir, ptoas

__all__ = ["entry_closure"]


# As many as the JIT keeps compiled modules (jit/__init__.py).
@functools.lru_cache(maxsize=64)
def entry_closure(text: str, entry: str) -> str:
    """``text`` (a module) with only ``entry`` and the functions it calls
    or otherwise names (PTOAS's ``import_reserved_buffer {peer_func = @f}``),
    directly or not; ``text`` unchanged when that is every function (or
    there is no ``entry``). Compiling it leaves out what ``entry`` cannot reach, so a
    function the host cannot lower refuses only the entries that call it."""
    with ir.Context():
        module = ptoas.parse(text)   # PTOAS's memref form too
        functions = {op.attributes["sym_name"].value: op for op in module.body.operations
                     if op.operation.name == "func.func"}
        reached: set[str] = set()
        pending = [entry]

        def callees(op: ir.Operation) -> Any:
            # Every function an op names, so that what remains verifies.
            for name in op.attributes:
                attribute = op.attributes[name]
                if isinstance(attribute, ir.FlatSymbolRefAttr):
                    pending.append(attribute.value)
            return ir.WalkResult.ADVANCE

        while pending:
            name = pending.pop()
            if name in functions and name not in reached:
                reached.add(name)
                functions[name].operation.walk(callees)
        if not reached or len(reached) == len(functions):
            return text
        for name, op in functions.items():
            if name not in reached:
                op.operation.erase()
        return module.operation.get_asm(enable_debug_info=True)
