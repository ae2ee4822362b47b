"""Builders of layout tile ops (tinterleave, tdeinterleave, treshape, tsort32).

At Level 1 the result types default to what the op's rules make natural (see
each builder); pass ``result_types`` to choose others.
"""
from .. import ir
from .._mlir_libs._pto import TileType
from ._pto_ops_gen import TDeinterleaveOp, TInterleaveOp, TReshapeOp, TSort32Op
from ._pto_tile_op import build_tile_op

__all__ = ["tinterleave", "tdeinterleave", "treshape", "tsort32"]


def _tile_like(type_, *, shape=None, valid_shape=None, element_type=None):
    """A ``!pto.tile`` with ``type_``'s fields except the ones given."""
    t = TileType(type_)
    return TileType.get(shape or t.shape, element_type or t.element_type,
                        location=t.location,
                        valid_shape=valid_shape or t.valid_shape,
                        blayout=t.blayout, slayout=t.slayout,
                        fractal=t.fractal, pad=t.pad)


def _scale(extent, factor):
    """A valid extent times ``factor``; None (dynamic) stays None."""
    return None if extent is None else extent * factor


def tinterleave(src0, src1, *, outs=None, result_types=None, loc=None,
                ip=None):
    """Interleaves two tiles into two.

    Level 1: returns ``(dst0, dst1)``, both of ``src0``'s type by default.
    Level 2: ``tinterleave(a, b, outs=[d0, d1])`` returns the op.
    """
    if outs is None and result_types is None:
        result_types = [src0.type, src0.type]
    return build_tile_op(TInterleaveOp, [src0, src1], outs, result_types,
                         loc=loc, ip=ip)


def tdeinterleave(*srcs, outs=None, result_types=None, loc=None, ip=None):
    """Splits interleaved tiles back: ``tdeinterleave(s0, s1)`` (the inverse of
    tinterleave) or ``tdeinterleave(s)`` (even and odd columns of one tile).

    Level 1: returns ``(dst0, dst1)``. Their type defaults to the sources'
    (two sources) or to the source's with half the columns and half the
    valid columns (one source).
    """
    if len(srcs) not in (1, 2):
        raise ValueError(f"tdeinterleave takes 1 or 2 sources, got {len(srcs)}")
    if outs is None and result_types is None:
        if len(srcs) == 2:
            dst = srcs[0].type
        else:
            src = TileType(srcs[0].type)
            rows, cols = src.shape
            valid_rows, valid_cols = src.valid_shape
            if cols % 2 or (valid_cols is not None and valid_cols % 2):
                raise ValueError(
                    f"cannot halve the columns of {src}: pass result_types")
            dst = _tile_like(src, shape=[rows, cols // 2],
                             valid_shape=[valid_rows,
                                          None if valid_cols is None
                                          else valid_cols // 2])
        result_types = [dst, dst]
    return build_tile_op(TDeinterleaveOp, list(srcs), outs, result_types,
                         loc=loc, ip=ip)


def treshape(src, result_type=None, *, outs=None, loc=None, ip=None):
    """Reinterprets the bytes of ``src``.

    ``treshape(src, T)``: a view of type ``T`` at ``src``'s level (a
    ``!pto.tile`` value, or a ``!pto.tile_buf`` sharing ``src``'s bytes);
    returns it. ``treshape(src, outs=[d])``: copies the bytes of the buffer
    ``src`` into ``d``; returns the op.
    """
    if (result_type is None) == (outs is None):
        raise ValueError("treshape needs either a result type (a view) or "
                         "outs=[dst] (a copy)")
    return build_tile_op(TReshapeOp, [src], outs,
                         None if outs is not None else [result_type],
                         loc=loc, ip=ip)


def tsort32(src, idx=None, tmp=None, *, outs=None, result_types=None,
            loc=None, ip=None):
    """Sorts 32-element blocks of each row.

    Page form, ``tsort32(src)``: Level 1 returns ``(dst, idx)``, by default
    of ``src``'s type and of ``src``'s shape in ui32; Level 2 takes
    ``outs=[dst, idx]``.
    Hardware form, ``tsort32(src, idx[, tmp])``: Level 1 returns the records
    tile ``dst``, by default ``src``'s type with 2 (32-bit) or 4 (16-bit)
    times the columns and valid columns; Level 2 takes ``outs=[dst]``.
    """
    if tmp is not None and idx is None:
        raise ValueError("tsort32 takes tmp only with idx (hardware form)")
    ins = [v for v in (src, idx, tmp) if v is not None]
    if outs is None and result_types is None:
        src_type = TileType(src.type)
        if idx is None:
            ui32 = ir.IntegerType.get_unsigned(32)
            result_types = [src_type, _tile_like(src_type, element_type=ui32)]
        else:
            slots = 64 // src_type.element_type.width
            rows, cols = src_type.shape
            valid_rows, valid_cols = src_type.valid_shape
            result_types = [_tile_like(
                src_type, shape=[rows, cols * slots],
                valid_shape=[valid_rows, _scale(valid_cols, slots)])]
    return build_tile_op(TSort32Op, ins, outs, result_types, loc=loc, ip=ip)
