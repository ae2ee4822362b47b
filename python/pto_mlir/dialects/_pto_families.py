"""Builders of the family ops (pto_mlir.families): one per family, made for
each of its ops over the op's generated class."""
from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence

from .. import ir
from .._mlir_libs._pto import TileType
from ..families import FAMILY_OPS, FamilyOp
from . import _pto_ops_gen
from ._pto_tile_op import build_tile_op

# The generated op classes by op name.
_CLASSES = {cls.OPERATION_NAME: cls for cls in vars(_pto_ops_gen).values()
            if isinstance(cls, type) and hasattr(cls, "OPERATION_NAME")}


def op_class(row: FamilyOp) -> type[ir.OpView]:
    """The generated op class of ``row`` (``TAddOp`` for pto.tadd)."""
    return _CLASSES[row.name]


def ins_of(row: FamilyOp) -> tuple[str, ...]:
    """The names of ``row``'s ins, in order (``("src0", "src1")`` for
    pto.tadd): the generated class's positional operands after the result
    types (its ODS ``tileIns``)."""
    parameters = list(inspect.signature(op_class(row).__init__).parameters.values())
    return tuple(p.name for p in parameters[2:]
                 if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)


def all_ins_of(row: FamilyOp) -> tuple[str, ...]:
    """``ins_of(row)`` and an optional scratch ``tmp`` after them (the
    generated class takes an optional operand by keyword: pto.trsqrt's)."""
    names = ins_of(row)
    optional = "tmp" in inspect.signature(op_class(row).__init__).parameters
    return names + ("tmp",) if optional and "tmp" not in names else names


def element_ins_of(row: FamilyOp) -> tuple[str, ...]:
    """The names of the ins ``row``'s element op reads: its ins but a
    scratch ``tmp`` (the NPU's, which no engine here reads:
    ``isScratchIn``, dialect/include/pto/ElementwiseOps.h)."""
    return tuple(name for name in ins_of(row) if name != "tmp")


def _tiles(row: FamilyOp, op_class: type[ir.OpView], kind: str
           ) -> Callable[..., ir.Value | ir.OpView]:
    """The builder of an elementwise op of tiles: its ins in order (a
    trailing optional scratch ``tmp`` may be left out, a required one not)."""
    names = all_ins_of(row)
    required = ins_of(row)

    def build(*ins: ir.Value, outs: Sequence[ir.Value] | None = None,
              result_type: ir.Type | None = None, loc: ir.Location | None = None,
              ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
        if len(ins) > len(names) or len(ins) < len(required):
            raise TypeError(f"pto.{row.mnemonic} takes the operands {', '.join(names)}, "
                            f"got {len(ins)}")
        result_types = None if outs is not None else [result_type or ins[0].type]
        return build_tile_op(op_class, dict(zip(names, ins)), outs, result_types,
                             loc=loc, ip=ip)
    scratch = " ``tmp`` is the NPU's scratch tile (read by no engine here)." \
        if "tmp" in names else ""
    build.__doc__ = f"""{row.isa_name}: ``{row.element_op}`` of {kind}, element by element.

    ``{row.mnemonic}({', '.join(names)})``.{scratch} Level 1: returns the
    result value (its type defaults to ``{names[0]}``'s). Level 2:
    ``{row.mnemonic}(..., outs=[d])`` writes ``d`` and returns the op.
    """
    return build


def _binary_elementwise(row: FamilyOp, op_class: type[ir.OpView]
                        ) -> Callable[..., ir.Value | ir.OpView]:
    return _tiles(row, op_class, "two tiles")


def _unary_elementwise(row: FamilyOp, op_class: type[ir.OpView]
                       ) -> Callable[..., ir.Value | ir.OpView]:
    return _tiles(row, op_class, "a tile")


def _tile_scalar(row: FamilyOp, op_class: type[ir.OpView]
                 ) -> Callable[..., ir.Value | ir.OpView]:
    names = ins_of(row)

    def build(*ins: ir.Value, outs: Sequence[ir.Value] | None = None,
              result_type: ir.Type | None = None, loc: ir.Location | None = None,
              ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
        if len(ins) != len(names):
            raise TypeError(f"pto.{row.mnemonic} takes {len(names)} operands "
                            f"({', '.join(names)}), got {len(ins)}")
        result_types = None
        if outs is None:
            tile_types = [v.type for v in ins if TileType.isinstance(v.type)]
            if result_type is None and not tile_types:
                raise TypeError(f"pto.{row.mnemonic} at Level 1 needs result_type= "
                                "(no tile operand to take it from)")
            result_types = [result_type or tile_types[0]]
        return build_tile_op(op_class, dict(zip(names, ins)), outs, result_types,
                             loc=loc, ip=ip)
    build.__doc__ = (
        f"{row.isa_name}: ``{row.element_op}`` of {', '.join(names)}, element by element "
        "(a scalar operand is the same for every element).\n\n"
        "Level 1: returns the result value (its type defaults to the tile operand's; "
        "an op without one needs ``result_type``). Level 2: "
        f"``{row.mnemonic}({', '.join(names)}, outs=[d])`` writes ``d`` and returns the op.")
    return build


def _row_reduce(row: FamilyOp, op_class: type[ir.OpView]
                ) -> Callable[..., ir.Value | ir.OpView]:
    """The builder of a row reduction or of an arg reduction (src, tmp: the
    same operands)."""
    shape = {"row_reduce": "src's rows by 1 valid column",
             "row_arg_reduce": "src's rows by 1 valid column, of i32 or ui32",
             "col_arg_reduce": "1 valid row by src's valid columns, of i32 or ui32"}[row.family]

    def build(src: ir.Value, tmp: ir.Value, *, outs: Sequence[ir.Value] | None = None,
              result_type: ir.Type | None = None, loc: ir.Location | None = None,
              ip: ir.InsertionPoint | None = None) -> ir.Value | ir.OpView:
        if outs is None and result_type is None:
            raise TypeError(f"pto.{row.mnemonic} at Level 1 needs result_type= "
                            f"(a tile of {shape})")
        result_types = None if outs is not None else [result_type]
        return build_tile_op(op_class, dict(src=src, tmp=tmp), outs, result_types,
                             loc=loc, ip=ip)
    what = {"row_reduce": f"each row of ``src`` folded by ``{row.element_op}``",
            "row_arg_reduce": f"the column of each row's first ``{row.element_op}`` of ``src``",
            "col_arg_reduce": f"the row of each column's first ``{row.element_op}`` of ``src``"}
    build.__doc__ = f"""{row.isa_name}: {what[row.family]}.

    Level 1: returns the result value (``result_type``: {shape}). Level 2:
    ``{row.mnemonic}(src, tmp, outs=[d])`` writes ``d`` and returns the op.
    ``tmp`` is the NPU's scratch tile.
    """
    return build


def _col_reduce(row: FamilyOp, op_class: type[ir.OpView]
                ) -> Callable[..., ir.Value | ir.OpView]:
    with_tmp = "tmp" in all_ins_of(row)

    def build(src: ir.Value, tmp: ir.Value | None = None, *, is_binary: bool | None = None,
              outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
              loc: ir.Location | None = None, ip: ir.InsertionPoint | None = None
              ) -> ir.Value | ir.OpView:
        if not with_tmp and (tmp is not None or is_binary is not None):
            raise TypeError(f"pto.{row.mnemonic} takes no tmp and no is_binary (src)")
        if outs is None and result_type is None:
            raise TypeError(f"pto.{row.mnemonic} at Level 1 needs result_type= "
                            "(a tile of 1 valid row by src's valid columns)")
        result_types = None if outs is not None else [result_type]
        operands = dict(src=src, **({"tmp": tmp} if tmp is not None else {}))
        attributes = {} if is_binary is None else {"isBinary": ir.BoolAttr.get(is_binary)}
        return build_tile_op(op_class, operands, outs, result_types, loc=loc, ip=ip,
                             **attributes)
    scratch = (" ``tmp`` and ``is_binary`` (given together) are the NPU's scratch tile "
               "and its choice of a binary-tree sum; the simulator sums in order."
               if with_tmp else "")
    build.__doc__ = f"""{row.isa_name}: each column of ``src`` folded by ``{row.element_op}``.

    Level 1: returns the result value (``result_type``: 1 valid row by src's
    valid columns). Level 2: ``{row.mnemonic}(src, outs=[d])`` writes ``d``
    and returns the op.{scratch}
    """
    return build


def _expand(row: FamilyOp, op_class: type[ir.OpView]
            ) -> Callable[..., ir.Value | ir.OpView]:
    is_row = row.family == "row_expand"

    def build(src0: ir.Value, src1: ir.Value, tmp: ir.Value | None = None, *,
              outs: Sequence[ir.Value] | None = None, result_type: ir.Type | None = None,
              loc: ir.Location | None = None, ip: ir.InsertionPoint | None = None
              ) -> ir.Value | ir.OpView:
        if tmp is not None and not is_row:
            raise TypeError(f"pto.{row.mnemonic} takes no tmp (src0, src1)")
        operands = dict(src0=src0, src1=src1, **({"tmp": tmp} if is_row else {}))
        result_types = None if outs is not None else [result_type or src0.type]
        return build_tile_op(op_class, operands, outs, result_types, loc=loc, ip=ip)
    broadcast = ("one of src0, src1 broadcast along each row (one value per row, or a "
                 "32-byte block per row); ``tmp`` is the NPU's optional scratch tile"
                 if is_row else "src1's row 0 broadcast down each column")
    build.__doc__ = f"""{row.isa_name}: ``{row.element_op}`` of src0 and src1, {broadcast}.

    Level 1: returns the result value (its type defaults to ``src0``'s; give
    ``result_type`` when src0 is the broadcast operand). Level 2:
    ``{row.mnemonic}(a, b, outs=[d])`` writes ``d`` and returns the op.
    """
    return build


# One builder maker per family.
_BUILDERS = {"binary_elementwise": _binary_elementwise,
             "unary_elementwise": _unary_elementwise,
             "tile_scalar": _tile_scalar,
             "ternary_elementwise": lambda row, cls: (
                 _tile_scalar(row, cls) if "scalar" in ins_of(row)
                 else _tiles(row, cls, "three tiles")),
             "part": lambda row, cls: _tiles(row, cls, "two tiles' valid regions"),
             "row_reduce": _row_reduce,
             "col_reduce": _col_reduce,
             "row_arg_reduce": _row_reduce,
             "col_arg_reduce": _row_reduce,
             "row_expand": _expand,
             "col_expand": _expand}

__all__: list[str] = []
for _row in FAMILY_OPS:
    _builder = _BUILDERS[_row.family](_row, op_class(_row))
    _builder.__name__ = _builder.__qualname__ = _row.mnemonic
    _builder.__module__ = __name__
    globals()[_row.mnemonic] = _builder
    __all__.append(_row.mnemonic)
