"""What the families' rule tests share (test_*_rules.py): the element types
in ElementKind order, tile types of 64-byte rows, a Level 1 kernel of one
op, the verifier's messages of a text, and the checks of rule c1 (the
element types per target), which every family states alike."""
import pytest

from pto_mlir import ir, rules

# ElementKind order (pto/ElementKind.h): the order of a union over targets.
KINDS = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
BYTES = {"i8": 1, "ui8": 1, "i16": 2, "ui16": 2, "i32": 4, "ui32": 4, "i64": 8, "ui64": 8,
         "f16": 2, "bf16": 2, "f32": 4, "f8E4M3FN": 1}


def tile(element, level="tile", extra=""):
    """A 4-row tile type of ``element`` with 64-byte rows."""
    return f"!pto.{level}<vec, 4x{64 // BYTES[element]}x{element}{extra}>"


def level1(op, operand_types, td, target=None):
    """``%d = pto.<op> %x0, ... : (types) -> td`` over arguments of
    ``operand_types``, in a module of ``target`` (or none)."""
    attrs = f' attributes {{pto.target_arch = "{target}"}}' if target else ""
    names = [f"%x{k}" for k in range(len(operand_types))]
    params = ", ".join(f"{n}: {t}" for n, t in zip(names, operand_types))
    types = operand_types[0] if len(operand_types) == 1 else f"({', '.join(operand_types)})"
    return (f"module{attrs} {{\n  func.func @k({params}) -> {td} {{\n"
            f"    %d = pto.{op} {', '.join(names)} : {types} -> {td}\n"
            f"    return %d : {td}\n  }}\n}}\n")


def errors(text):
    """The messages of the errors parsing ``text`` reports (it must fail)."""
    with ir.Context():
        with pytest.raises(ir.MLIRError) as info:
            ir.Module.parse(text)
    return [d.message for d in info.value.error_diagnostics]


def check_c1_tables(op, expected):
    """Table `<op>_c1` is ``expected`` ({target: element types}) per target,
    and their union without one."""
    for target, allowed in expected.items():
        assert rules.allowed(f"{op}_c1", target=target) == allowed
    union = tuple(k for k in KINDS if any(k in v for v in expected.values()))
    assert rules.allowed(f"{op}_c1", target=None) == union


def check_c1_element_types(op, expected, kernel, operand="dst"):
    """A type outside the row is refused per target and without one, with
    the full message; ``kernel(element, target)`` is a Level 1 text of the
    op whose ``operand`` (the one the row types: an arg reduction's src) is
    of ``element``."""
    for target, allowed in expected.items():
        bad = next(k for k in (*KINDS, "f8E4M3FN") if k not in allowed)
        assert errors(kernel(bad, target)) == [
            f"'pto.{op}' op {operand} element type {bad} is not supported on {target} "
            f"(allowed: {', '.join(allowed)})"]
    union = rules.allowed(f"{op}_c1", target=None)
    bad = next(k for k in (*KINDS, "f8E4M3FN") if k not in union)
    assert errors(kernel(bad, None)) == [
        f"'pto.{op}' op {operand} element type {bad} is not supported on any target "
        f"(allowed: {', '.join(union)})"]
