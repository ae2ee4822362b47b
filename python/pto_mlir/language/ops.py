"""The tile ops as the language spells them: ``pl.tor``, ``pl.tinsert``, ...

Each one builds one ``pto`` op at Level 1 through the dialect's builders
(``pto_mlir.dialects.pto``), at the caller's insertion point and source
location (the front end sets both), verifies it at once (so a verifier error
names the user's line) and returns the result tile(s). Tile result types are
given as ``pl.Tile`` values; indices as Python ints or kernel values; quant
words as Python ints or ``i64``/``u64`` kernel values; modes by name.
The global memory ops take extents, strides and offsets as Python ints or
``index`` kernel values (an int is a static extent of the view's type).
Outside a kernel (no IR values) they raise TypeError.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, TypeVar

from .. import ir
from ..dialects import arith, pto
from ..dialects._pto_families import all_ins_of, element_ins_of, ins_of
from ..families import FAMILY_OPS, FamilyOp
from .errors import CompileError, format_diagnostics
from .types import Tile, dtype_of

__all__ = ["ELEMENT_FUNCTIONS", "FAMILY_FUNCTIONS", "family_function", "takes_scalar_first",
           "tinterleave",
           "tdeinterleave", "tinsert", "textract", "treshape", "tsort32", "make_tensor_view",
           "partition_view", "tload", "tstore", "tcvt", "tmrgsort"]

_I64_BITS = 64

# A result type: a pl.Tile value or class (pl.Tile[16, 32, pl.f16]) or an
# MLIR type; None where the op has a default.
ResultType: TypeAlias = "Tile | type[Tile] | ir.Type | None"
# An index operand: a Python int or an index/integer kernel value.
IndexOperand: TypeAlias = "int | ir.Value"
# A mode: its member or its name.
Mode: TypeAlias = "pto.AccToVecMode | pto.SplitMode | str | None"
_Results = TypeVar("_Results", ir.Value, tuple[ir.Value, ...])


def _tile(op: str, name: str, value: object) -> ir.Value:
    if not isinstance(value, ir.Value):
        raise TypeError(f"pl.{op}: {name} is {type(value).__name__}, expected a tile "
                        "(the tile ops run inside a @pl.kernel function)")
    if not pto.TileType.isinstance(value.type):
        raise TypeError(f"pl.{op}: {name} is a value of type {value.type}, expected a tile")
    return value


def _type(op: str, name: str, value: ResultType) -> ir.Type | None:
    """A result type given as pl.Tile (or an MLIR type)."""
    if value is None or isinstance(value, ir.Type):
        return value
    if isinstance(value, type) and issubclass(value, Tile):
        value = value()
    if not isinstance(value, Tile):
        raise TypeError(f"pl.{op}: {name} is {value!r}, expected a pl.Tile type")
    return value.mlir_type()


def _types(op: str, values: Sequence[ResultType] | None) -> list[ir.Type | None] | None:
    return None if values is None else [_type(op, "result_types", v) for v in values]


def _index(op: str, name: str, value: IndexOperand) -> IndexOperand:
    if isinstance(value, bool):
        raise TypeError(f"pl.{op}: {name} is a bool, expected an int or an index value")
    if isinstance(value, int):
        return value
    if isinstance(value, ir.Value) and isinstance(value.type, (ir.IndexType, ir.IntegerType)):
        return value
    raise TypeError(f"pl.{op}: {name} is {value!r}, expected an int or an index value")


def _quant(op: str, value: int | ir.Value | None) -> ir.Value | None:
    """The quant operand: None, a tile (vector quant) or a 64-bit word."""
    if value is None or isinstance(value, ir.Value):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if not -2**63 <= value < 2**_I64_BITS:
            raise ValueError(f"pl.{op}: quant word {value} does not fit in 64 bits")
        signed = value - 2**_I64_BITS if value >= 2**63 else value
        return arith.ConstantOp(ir.IntegerType.get_signless(_I64_BITS), signed).result
    raise TypeError(f"pl.{op}: quant is {value!r}, expected a 64-bit word (an int or "
                    "an i64/u64 value) or a scaling tile")


def _verified(results: _Results) -> _Results:
    """Verifies the op that made ``results``; its diagnostics become a
    CompileError at its location (the user's line)."""
    first = results[0] if isinstance(results, tuple) else results
    _verify(first.owner)
    return results


def _verify(op: ir.Operation | ir.OpView) -> None:
    try:
        op.verify()
    except ir.MLIRError as error:
        raise CompileError(*format_diagnostics(error)) from None


def _typed(op: str, name: str, value: object, type_class: Any, what: str) -> Any:
    """A kernel value of a global memory type (``type_class``)."""
    if not (isinstance(value, ir.Value) and type_class.isinstance(value.type)):
        shown = f"a value of type {value.type}" if isinstance(value, ir.Value) \
            else type(value).__name__
        raise TypeError(f"pl.{op}: {name} is {shown}, expected {what}")
    return type_class(value.type)


def _extents(op: str, name: str,
             values: object) -> tuple[list[IndexOperand], list[int | None]]:
    """Index operands (ints or index values) and the static extents of the
    type they make: the ints, None (``?``) for kernel values."""
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"pl.{op}: {name} is {values!r}, expected a list of ints or "
                        "index values")
    for value in values:
        if isinstance(value, bool) or not (
                isinstance(value, int)
                or isinstance(value, ir.Value) and isinstance(value.type, ir.IndexType)):
            raise TypeError(f"pl.{op}: {name} holds {value!r}, expected ints or index values")
    return list(values), [v if isinstance(v, int) else None for v in values]


def tinterleave(src0: ir.Value, src1: ir.Value, *,
                result_types: Sequence[ResultType] | None = None
                ) -> tuple[ir.Value, ir.Value]:
    """``(dst0, dst1)``: the two halves of the rows of src0 and src1 interleaved."""
    return _verified(pto.tinterleave(_tile("tinterleave", "src0", src0),
                                     _tile("tinterleave", "src1", src1),
                                     result_types=_types("tinterleave", result_types)))


def tdeinterleave(*srcs: ir.Value, result_types: Sequence[ResultType] | None = None
                  ) -> tuple[ir.Value, ir.Value]:
    """``tdeinterleave(s0, s1)``: the inverse of tinterleave;
    ``tdeinterleave(s)``: the even and the odd columns of s."""
    if len(srcs) not in (1, 2):
        raise TypeError(f"pl.tdeinterleave takes 1 or 2 tiles, got {len(srcs)}")
    tiles = [_tile("tdeinterleave", f"src{i}", s) for i, s in enumerate(srcs)]
    return _verified(pto.tdeinterleave(*tiles,
                                       result_types=_types("tdeinterleave", result_types)))


def tinsert(src: ir.Value, index_row: IndexOperand, index_col: IndexOperand,
            result: ResultType = None, *, into: ir.Value | None = None,
            quant: int | ir.Value | None = None,
            relu: bool = False, saturate: bool = False, acc_to_vec: Mode = None,
            split: Mode = None) -> ir.Value:
    """``src`` written at (index_row, index_col) of ``into`` (or of a zero tile of
    type ``result``)."""
    if into is None and result is None:
        raise TypeError("pl.tinsert needs the destination: into=TILE or a result "
                        "type pl.Tile[...]")
    if into is not None:
        _tile("tinsert", "into", into)
    return _verified(pto.tinsert(
        _tile("tinsert", "src", src), _index("tinsert", "index_row", index_row),
        _index("tinsert", "index_col", index_col), quant=_quant("tinsert", quant),
        into=into, relu=relu, saturate=saturate, acc_to_vec=acc_to_vec, split=split,
        result_type=_type("tinsert", "result", result)))


def textract(src: ir.Value, index_row: IndexOperand, index_col: IndexOperand, result: ResultType, *,
             quant: int | ir.Value | None = None, relu: bool = False, saturate: bool = False,
             acc_to_vec: Mode = None) -> ir.Value:
    """The window of ``src`` at (index_row, index_col), of tile type ``result``."""
    return _verified(pto.textract(
        _tile("textract", "src", src), _index("textract", "index_row", index_row),
        _index("textract", "index_col", index_col), quant=_quant("textract", quant),
        relu=relu, saturate=saturate, acc_to_vec=acc_to_vec,
        result_type=_type("textract", "result", result)))


def treshape(src: ir.Value, result: ResultType) -> ir.Value:
    """``src``'s bytes seen as tile type ``result``."""
    return _verified(pto.treshape(_tile("treshape", "src", src),
                                  _type("treshape", "result", result)))


def tsort32(src: ir.Value, idx: ir.Value | None = None, tmp: ir.Value | None = None, *,
            result_types: Sequence[ResultType] | None = None
            ) -> ir.Value | tuple[ir.Value, ir.Value]:
    """``tsort32(src)``: ``(values, indices)`` of each 32-column block sorted;
    ``tsort32(src, idx[, tmp])``: the records tile (value, idx) sorted."""
    tiles = [_tile("tsort32", name, v) for name, v in (("src", src), ("idx", idx),
                                                          ("tmp", tmp)) if v is not None]
    if tmp is not None and idx is None:
        raise TypeError("pl.tsort32 takes tmp only with idx (the records form)")
    return _verified(pto.tsort32(*tiles, result_types=_types("tsort32", result_types)))


def tmrgsort(*srcs: ir.Value, block_len: IndexOperand | None = None,
             tmp: ir.Value | None = None, exhausted: bool | None = None,
             result_type: ResultType = None) -> ir.Value:
    """``tmrgsort(src, block_len=n)``: each group of 4 sorted blocks of
    ``n`` columns of the records tile merged; ``tmrgsort(a, b[, c[, d]],
    tmp=t[, exhausted=True])``: the sorted record lists merged, by default
    into one row of all their columns."""
    tiles = [_tile("tmrgsort", f"src{k}", v) for k, v in enumerate(srcs)]
    length = None
    if block_len is not None:
        length = _index("tmrgsort", "block_len", block_len)
        if isinstance(length, int):
            length = arith.ConstantOp(ir.IntegerType.get_signless(32), length).result
    return _verified(pto.tmrgsort(
        *tiles, block_len=length, tmp=None if tmp is None else _tile("tmrgsort", "tmp", tmp),
        exhausted=exhausted, result_type=_type("tmrgsort", "result_type", result_type)))


def make_tensor_view(ptr: ir.Value, shape: Sequence[IndexOperand],
                     strides: Sequence[IndexOperand] | None = None, *,
                     layout: str | None = None) -> ir.Value:
    """The global tensor of ``shape`` at ``ptr`` (a ``pl.Ptr`` parameter),
    with ``strides`` in elements (by default row-major: C order, for a
    shape of ints); ``layout`` "nd" or "dn" names its layout."""
    pointer = _typed("make_tensor_view", "ptr", ptr, pto.PtrType, "global memory (pl.Ptr)")
    shape, static = _extents("make_tensor_view", "shape", shape)
    if strides is None:
        if None in static:
            raise TypeError("pl.make_tensor_view: give strides= for a shape with kernel "
                            "values (the default is row-major strides of a shape of ints)")
        strides = [math.prod(static[i + 1:]) for i in range(len(static))]
    strides, _ = _extents("make_tensor_view", "strides", strides)
    result = pto.TensorViewType.get(static, pointer.element_type)
    return _verified(pto.make_tensor_view(ptr, shape, strides, result_type=result,
                                          layout=layout))


def partition_view(tensor: ir.Value, offsets: Sequence[IndexOperand],
                   sizes: Sequence[IndexOperand]) -> ir.Value:
    """The window of ``tensor`` at ``offsets`` of ``sizes`` (per dimension)."""
    view = _typed("partition_view", "tensor", tensor, pto.TensorViewType,
                  "a tensor (pl.make_tensor_view)")
    offsets, _ = _extents("partition_view", "offsets", offsets)
    sizes, static = _extents("partition_view", "sizes", sizes)
    result = pto.PartitionTensorViewType.get(static, view.element_type)
    return _verified(pto.partition_view(tensor, offsets, sizes, result_type=result))


def tload(window: ir.Value, result: ResultType = None) -> ir.Value:
    """The tile ``window`` (a pl.partition_view) holds, of tile type
    ``result``; by default, for a 2-D window of static sizes (r, c),
    ``pl.Tile[r, c, dtype]``."""
    view = _typed("tload", "window", window, pto.PartitionTensorViewType,
                  "a window (pl.partition_view)")
    if result is None:
        shape = list(view.shape)
        if len(shape) != 2 or None in shape:
            raise TypeError(f"pl.tload: give the result tile type for a window of type "
                            f"{window.type} (the default is for 2-D windows of static sizes)")
        result = Tile(shape[0], shape[1], dtype_of(view.element_type))
    return _verified(pto.tload(window, result_type=_type("tload", "result", result)))


def tstore(src: ir.Value, window: ir.Value) -> None:
    """Writes ``src``'s valid region into ``window`` (the caller's array)."""
    _typed("tstore", "window", window, pto.PartitionTensorViewType,
           "a window (pl.partition_view)")
    _verify(pto.tstore(_tile("tstore", "src", src), window).operation)


# The family ops (pto_mlir.families): a function per op, made from its row by
# its family's maker; pl exports them by mnemonic (pl.tadd, pl.tor, ...).
def _tiles(row: FamilyOp, kind: str) -> Callable[..., ir.Value]:
    """The function of an elementwise op of tiles: its ins in order, a
    scratch ``tmp`` (the NPU's) optional where the op's is (required where
    it is: pl.trem, pl.txor)."""
    name = row.mnemonic
    build = getattr(pto, name)
    names = all_ins_of(row)
    required = ins_of(row)

    def op(*ins: ir.Value, result: ResultType = None) -> ir.Value:
        if not len(required) <= len(ins) <= len(names):
            raise TypeError(f"pl.{name} takes {', '.join(names)}"
                            f"{' (tmp optional)' if len(names) > len(required) else ''}, "
                            f"got {len(ins)} operands")
        return _verified(build(*(_tile(name, n, v) for n, v in zip(names, ins)),
                               result_type=_type(name, "result", result)))
    op.__name__ = op.__qualname__ = name
    scratch = "; tmp is the NPU's scratch tile" if "tmp" in names else ""
    op.__doc__ = (f"{row.isa_name}: ``{row.element_op}`` of {kind}, element by element "
                  f"({', '.join(names)}{scratch}; the result's type defaults to "
                  f"{names[0]}'s).")
    return op


def _binary_elementwise(row: FamilyOp) -> Callable[..., ir.Value]:
    return _tiles(row, "two tiles")


def _unary_elementwise(row: FamilyOp) -> Callable[..., ir.Value]:
    return _tiles(row, "a tile")


def _scalar(op: str, name: str, value: object, element_type: ir.Type) -> ir.Value:
    """A scalar operand of a tile of ``element_type``: a kernel value as it
    is (the verifier checks its type, rule c2), a Python number as a
    constant of the element type (signless for integers)."""
    if isinstance(value, ir.Value):
        return value
    if isinstance(element_type, ir.IntegerType):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"pl.{op}: {name} is {value!r}, expected an int for a tile "
                            f"of {element_type}")
        width = element_type.width
        if not -2**(width - 1) <= value < 2**width:
            raise ValueError(f"pl.{op}: {name} {value} does not fit in {element_type}")
        signed = value - 2**width if value >= 2**(width - 1) else value
        return arith.ConstantOp(ir.IntegerType.get_signless(width), signed).result
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"pl.{op}: {name} is {value!r}, expected a number for a tile "
                        f"of {element_type}")
    return arith.ConstantOp(element_type, float(value)).result


def _tile_scalar(row: FamilyOp) -> Callable[..., ir.Value]:
    name = row.mnemonic
    build = getattr(pto, name)
    names = ins_of(row)

    def op(*ins: object, result: ResultType = None) -> ir.Value:
        if len(ins) != len(names):
            raise TypeError(f"pl.{name} takes {len(names)} operands ({', '.join(names)}), "
                            f"got {len(ins)}")
        result_type = _type(name, "result", result)
        tiles = [v for v in ins if isinstance(v, ir.Value) and pto.TileType.isinstance(v.type)]
        if not tiles and result_type is None:
            raise TypeError(f"pl.{name} needs the result type: result=pl.Tile[...]")
        element_type = pto.TileType(tiles[0].type if tiles else result_type).element_type
        operands = [v if any(v is t for t in tiles) else _scalar(name, n, v, element_type)
                    for n, v in zip(names, ins)]
        return _verified(build(*operands, result_type=result_type))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"{row.isa_name}: ``{row.element_op}`` of {', '.join(names)}, a scalar "
                  "operand (a kernel value or a Python number, made a constant of the "
                  "element type) the same for every element.")
    return op


def _row_reduce(row: FamilyOp) -> Callable[..., ir.Value]:
    name = row.mnemonic
    build = getattr(pto, name)

    def op(src: ir.Value, tmp: ir.Value, *, result: ResultType) -> ir.Value:
        return _verified(build(_tile(name, "src", src), _tile(name, "tmp", tmp),
                               result_type=_type(name, "result", result)))
    op.__name__ = op.__qualname__ = name
    what = {"row_reduce": f"each row of src folded by ``{row.element_op}`` into column 0 of "
                          "the result (pl.Tile of src's rows by 1 valid column)",
            "row_arg_reduce": f"the column of each row's first ``{row.element_op}`` of src, "
                              "in column 0 of the result (pl.Tile of i32 or ui32, src's rows "
                              "by 1 valid column)",
            "col_arg_reduce": f"the row of each column's first ``{row.element_op}`` of src, "
                              "in row 0 of the result (pl.Tile of i32 or ui32, 1 valid row "
                              "by src's valid columns)"}[row.family]
    op.__doc__ = f"{row.isa_name}: {what}; tmp is the NPU's scratch tile."
    return op


def _col_reduce(row: FamilyOp) -> Callable[..., ir.Value]:
    name = row.mnemonic
    build = getattr(pto, name)

    def op(src: ir.Value, *, result: ResultType) -> ir.Value:
        return _verified(build(_tile(name, "src", src),
                               result_type=_type(name, "result", result)))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"{row.isa_name}: each column of src folded by ``{row.element_op}`` into "
                  "row 0 of the result (pl.Tile of 1 valid row by src's valid columns).")
    return op


def _expand(row: FamilyOp) -> Callable[..., ir.Value]:
    name = row.mnemonic
    build = getattr(pto, name)
    is_row = row.family == "row_expand"

    def op(src0: ir.Value, src1: ir.Value, tmp: ir.Value | None = None, *,
           result: ResultType = None) -> ir.Value:
        if tmp is not None and not is_row:
            raise TypeError(f"pl.{name} takes no tmp (src0, src1)")
        scratch = None if tmp is None else _tile(name, "tmp", tmp)
        return _verified(build(_tile(name, "src0", src0), _tile(name, "src1", src1), scratch,
                               result_type=_type(name, "result", result)))
    op.__name__ = op.__qualname__ = name
    broadcast = ("one of them one value (or a 32-byte block) per row; tmp is the NPU's "
                 "optional scratch tile" if is_row else "src1's row 0 for every row")
    op.__doc__ = (f"{row.isa_name}: ``{row.element_op}`` of src0 and src1, {broadcast}; "
                  "the result defaults to src0's type.")
    return op


_FAMILY_MAKERS: dict[str, Callable[[FamilyOp], Callable[..., ir.Value]]] = {
    "binary_elementwise": _binary_elementwise, "unary_elementwise": _unary_elementwise,
    "tile_scalar": _tile_scalar, "row_reduce": _row_reduce, "col_reduce": _col_reduce,
    "row_arg_reduce": _row_reduce, "col_arg_reduce": _row_reduce,
    "ternary_elementwise": lambda row: (
        _tile_scalar(row) if "scalar" in ins_of(row) else _tiles(row, "three tiles")),
    "part": lambda row: _tiles(row, "two tiles' valid regions"),
    "row_expand": _expand, "col_expand": _expand}

FAMILY_FUNCTIONS: dict[str, Callable[..., ir.Value]] = {
    row.mnemonic: _FAMILY_MAKERS[row.family](row) for row in FAMILY_OPS}


# The unary family's functions by element op as well: pl.exp(x), pl.sqrt(x)
# ... (neg and not are the operators -x and ~x).
ELEMENT_FUNCTIONS: dict[str, Callable[..., ir.Value]] = {
    row.element_op: FAMILY_FUNCTIONS[row.mnemonic] for row in FAMILY_OPS
    if row.family == "unary_elementwise" and row.element_op not in ("neg", "not")}


def takes_scalar_first(element_op: str) -> bool:
    """Whether the tile-scalar op of ``element_op`` takes its scalar on
    either side (tdivs: its ins are not ``(src, scalar)``)."""
    return any(row.family == "tile_scalar" and row.element_op == element_op
               and element_ins_of(row) != ("src", "scalar") for row in FAMILY_OPS)


def family_function(family: str, element_op: str) -> Callable[..., ir.Value] | None:
    """The function of the op of ``family`` computing ``element_op``, if any
    (the operators of pl: ``a + b`` is the binary_elementwise op "add")."""
    for row in FAMILY_OPS:
        if row.family == family and row.element_op == element_op:
            return FAMILY_FUNCTIONS[row.mnemonic]
    return None


def needs_scratch(family: str, element_op: str) -> bool:
    """Whether the op of ``family`` computing ``element_op`` takes a required
    scratch ``tmp`` (pl.txor, pl.txors): an operator cannot make one up."""
    return any(row.family == family and row.element_op == element_op
               and "tmp" in ins_of(row) for row in FAMILY_OPS)


def tcvt(src: ir.Value, result: ResultType, *, rmode: pto.RoundMode | str | None = None,
         sat_mode: pto.SaturationMode | str | None = None) -> ir.Value:
    """``src`` converted to the element type of ``result`` (a pl.Tile of
    src's shape), rounded by ``rmode`` (a float to an integer only; "ROUND",
    ...) and clamped first with ``sat_mode="ON"``."""
    return _verified(pto.tcvt(_tile("tcvt", "src", src), rmode=rmode, sat_mode=sat_mode,
                              result_type=_type("tcvt", "result", result)))


def matmul(lhs: ir.Value, rhs: ir.Value, *, acc: ir.Value | None = None,
           bias: ir.Value | None = None) -> ir.Value:
    """``lhs @ rhs`` on the cube unit (left and right tiles, an acc result:
    pto.tmatmul); with ``acc``, ``acc + lhs @ rhs`` (pto.tmatmul.acc); with
    ``bias``, ``lhs @ rhs + bias`` (pto.tmatmul.bias)."""
    a, b = _tile("matmul", "lhs", lhs), _tile("matmul", "rhs", rhs)
    if acc is not None and bias is not None:
        raise TypeError("pl.matmul: give acc or bias, not both (the cube unit has no "
                        "matmul that adds both)")
    if acc is not None:
        return _verified(pto.tmatmul_acc(_tile("matmul", "acc", acc), a, b))
    if bias is not None:
        return _verified(pto.tmatmul_bias(a, b, _tile("matmul", "bias", bias)))
    return _verified(pto.tmatmul(a, b))
