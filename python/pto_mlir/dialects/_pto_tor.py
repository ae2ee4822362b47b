"""Builder of pto.tor."""
from ._pto_ops_gen import TOrOp
from ._pto_tile_op import build_tile_op


def tor(src0, src1, *, outs=None, result_type=None, loc=None, ip=None):
    """Bitwise OR of two tiles.

    Level 1: returns the result value (its type defaults to ``src0``'s).
    Level 2: ``tor(a, b, outs=[d])`` writes ``d`` and returns the op.
    """
    result_types = None if outs is not None else [result_type or src0.type]
    return build_tile_op(TOrOp, dict(src0=src0, src1=src1), outs, result_types,
                         loc=loc, ip=ip)
