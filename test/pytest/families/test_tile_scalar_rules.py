"""The rules of the tile-scalar family (`<mnemonic>_c1` ... `_c4`, and
`tdivs_c5`, `texpands_c5`, `trems_c5`) for each of its ops: the element types each
target allows, as pto-isa 3186c381's NPU headers assert them (written out
here from the headers, the independent expectation), and one negative case
per rule with its full message; both levels of each op round-trip, in each
operand order the op takes."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

# include/pto/npu/<target>/T<Op>S.hpp's static_asserts.
_A2A3 = ("i16", "i32", "f16", "f32")
_A5 = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
EXPECTED = {
    "tadds": {"a2a3": _A2A3, "a5": _A5},  # a2a3/TAddS.hpp:52, a5/TAddS.hpp:57
    "tsubs": {"a2a3": _A2A3, "a5": _A5},  # a2a3/TSubS.hpp:52, a5/TSubS.hpp:57
    # a5/TMulS.hpp:57: no 1-byte types.
    "tmuls": {"a2a3": _A2A3,
              "a5": ("i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")},
    "tmaxs": {"a2a3": _A2A3, "a5": _A5},  # a2a3/TMaxS.hpp:53, a5/TMaxs.hpp:57
    "tmins": {"a2a3": _A2A3, "a5": _A5},  # a2a3/TMins.hpp:52, a5/TMins.hpp:57
    # a2a3/TDivS.hpp:220 and a5/TDivS.hpp:138 also take integers: refused
    # here (the simulator's INT_MIN / -1 is undefined).
    "tdivs": {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")},
    # a2a3/TExpandS.hpp:144 (1-, 2-, 4-byte ints, half, bfloat16_t, float),
    # a5/TExpandS.hpp:149 (and 8-byte ints).
    "texpands": {"a2a3": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32"),
                 "a5": _A5},
    # a2a3/TBitwiseSOp.hpp:24 (TShiftCheck: 2- and 4-byte integers),
    # a5/TShlS.hpp:57 and TShrS.hpp:57 (every integer).
    "tshls": {"a2a3": ("i16", "ui16", "i32", "ui32"), "a5": _A5[:8]},
    "tshrs": {"a2a3": ("i16", "ui16", "i32", "ui32"), "a5": _A5[:8]},
    # a2a3/TRemS.hpp:155 (f32, i32), a5/TRemS.hpp:97 (every 2-, 4-, 8-byte
    # type): the integers refused here (the simulator's INT_MIN % -1 is
    # undefined).
    "trems": {"a2a3": ("f32",), "a5": ("f16", "bf16", "f32")},
    # TEXPANDS then TAND / TOR on A2/A3 (a2a3/TBitwiseSOp.hpp:105, :117:
    # TAND's and TOR's integers); TORS, TANDS, TNOT for TXORS (:130). A5's
    # TAndS.hpp:59, TOrS.hpp:59, TXorS.hpp:59 assert sizeof 1, 2 or 4: their
    # integers (the pages' "integral element types"; the simulator's & | ^
    # take no float).
    "tands": {"a2a3": _A5[:6], "a5": _A5[:6]},
    "tors": {"a2a3": _A5[:6], "a5": _A5[:6]},
    "txors": {"a2a3": _A5[:6], "a5": _A5[:6]},
    # a2a3/TFmodS.hpp:73 (float), a5/TFModS.hpp:93 (every 2- and 4-byte
    # type): int32 refused here (the simulator's INT_MIN % -1 is undefined).
    "tfmods": {"a2a3": ("f32",), "a5": ("i16", "ui16", "ui32", "f16", "bf16", "f32")},
    # a2a3/TLRelu.hpp:53, a5/TLRelu.hpp:50: half, float.
    "tlrelu": {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")},
}
# The ops whose ins end with the NPU's scratch tmp (PTOAS's required
# `ins(%src, %scalar, %tmp)`).
SCRATCH = ("trems", "txors")
TILE_SCALAR = [row.mnemonic for row in families.FAMILY_OPS if row.family == "tile_scalar"]
# The ops of a tile and a scalar (texpands has no tile).
WITH_TILE = [op for op in TILE_SCALAR if op != "texpands"]


def _scalar(element):
    """The scalar type of a tile of ``element`` (signless for integers)."""
    return element.replace("ui", "i")


def _operands(op, t, s):
    """The operand types of ``op`` on tile type ``t`` and scalar type ``s``
    (a tmp of ``t`` for trems)."""
    return [s] if op == "texpands" else [t, s, t] if op in SCRATCH else [t, s]


def _level1(op, operand_types, td, target=None):
    """level1 of ``op``, a tmp of dst's type after the ins of an op that
    takes one."""
    return level1(op, operand_types + ([td] if op in SCRATCH else []), td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(TILE_SCALAR) == sorted(EXPECTED)


@pytest.mark.parametrize("op", TILE_SCALAR)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


def _orders(op):
    """The operand orders of ``op``: tile first; tdivs also scalar first."""
    if op == "texpands":
        return [(0,)]
    if op in SCRATCH:
        return [(0, 1, 2)]
    return [(0, 1), (1, 0)] if op == "tdivs" else [(0, 1)]


def _level2(op, operand_types, bd, target):
    names = [f"%x{k}" for k in range(len(operand_types))]
    params = ", ".join(f"{n}: {t}" for n, t in zip(names, operand_types))
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({params}, %d: {bd}) {{\n"
            f"    pto.{op} ins({', '.join(names)} : {', '.join(operand_types)}) "
            f"outs(%d : {bd})\n    return\n  }}\n}}\n")


@pytest.mark.parametrize("op", TILE_SCALAR)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            t, b, s = tile(element), tile(element, "tile_buf"), _scalar(element)
            for order in _orders(op):
                types1 = [_operands(op, t, s)[k] for k in order]
                types2 = [_operands(op, b, s)[k] for k in order]
                args = ", ".join(f"%arg{k}" for k in range(len(types1)))
                shown = types1[0] if len(types1) == 1 else f"({', '.join(types1)})"
                forms = [(level1(op, types1, t, target),
                          f"%0 = pto.{op} {args} : {shown} -> {t}"),
                         (_level2(op, types2, b, target),
                          f"pto.{op} ins({args} : {', '.join(types2)}) "
                          f"outs(%arg{len(types2)} : {b})")]
                with ir.Context():
                    for text, line in forms:
                        printed = str(ir.Module.parse(text))
                        assert line in printed, printed
                        assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", TILE_SCALAR)
def test_c1_element_types(op):
    """A type outside the row, per target and without one."""
    check_c1_element_types(op, EXPECTED[op], lambda e, target: level1(
        op, _operands(op, tile(e), _scalar(e)), tile(e), target))


def _element(op):
    """An element type of the op: ui16, or f16 for the float-only ones."""
    return "ui16" if "ui16" in EXPECTED[op]["a5"] else "f16"


@pytest.mark.parametrize("op", WITH_TILE)
def test_c2_tile_element_type(op):
    e = _element(op)
    assert errors(_level1(op, [tile("i32"), _scalar(e)], tile(e))) == [
        f"'pto.{op}' op {'src0' if op == 'tdivs' else 'src'} element type i32 differs from "
        f"dst element type {e}"]


@pytest.mark.parametrize("op", TILE_SCALAR)
def test_c2_scalar_type(op):
    """The scalar is of the element type (signless: ui16 tiles take i16)."""
    e = _element(op)
    name = {"tdivs": "src1", "texpands": "scalar", "tlrelu": "slope"}.get(op, "scalar")
    assert errors(level1(op, _operands(op, tile(e), "f32"), tile(e))) == [
        f"'pto.{op}' op {name} is f32, expected {_scalar(e)} (dst element type {e})"]


@pytest.mark.parametrize("op", TILE_SCALAR)
def test_c3_row_major(op):
    e = _element(op)
    col = f"!pto.tile<vec, 32x32x{e}, blayout=col_major>"
    row = f"!pto.tile<vec, 32x32x{e}>"
    if op == "texpands":  # its only tile is dst
        operands, dst, name = [_scalar(e)], col, "dst"
    else:
        operands, dst, name = [col, _scalar(e)], row, "src0" if op == "tdivs" else "src"
    assert errors(_level1(op, operands, dst)) == [
        f"'pto.{op}' op {name} must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", WITH_TILE)
def test_c4_valid_shapes(op):
    e = _element(op)
    name = "src0" if op == "tdivs" else "src"
    assert errors(_level1(op, [tile(e, extra=", valid=2x32"), _scalar(e)], tile(e))) == [
        f"'pto.{op}' op {name} valid shape 2x32 does not match dst valid shape 4x32"]


def test_tdivs_c5_one_tile_and_one_scalar():
    t = tile("f32")
    assert errors(level1("tdivs", [t, t], t)) == [
        "'pto.tdivs' op expects one tile and one scalar among its 2 'ins', got 2 tiles"]
    assert errors(level1("tdivs", ["f32", "f32"], t)) == [
        "'pto.tdivs' op expects one tile and one scalar among its 2 'ins', got 0 tiles"]


def test_texpands_c5_static_result_valid_shape():
    t = "!pto.tile<vec, 4x16xf32, valid=?x16>"
    assert errors(level1("texpands", ["f32"], t)) == [
        "'pto.texpands' op result valid shape must be static (no tile operand gives its '?' "
        "extents), got ?x16"]


def test_the_other_rows_take_the_tile_first():
    """ODS's operand types: only tdivs takes the scalar first."""
    t = tile("f32")
    message = errors(level1("tadds", ["f32", t], t))
    assert len(message) == 1 and message[0].startswith(
        "'pto.tadds' op operand #0 must be tile or tile buffer")


def test_trems_c5_scratch_size():
    """A2/A3's TREMS computes a row at a time in tmp: at least 1 row and
    dst's valid columns (a2a3/TRemS.hpp:170-171); A5's reads none."""
    t = tile("f32")
    small = "!pto.tile<vec, 4x16xf32, valid=1x15>"
    assert errors(level1("trems", [t, "f32", small], t, "a2a3")) == [
        "'pto.trems' op tmp has valid shape 1x15; on a2a3 it needs at least 1 row and 16 "
        "columns (dst's valid columns)"]
    with ir.Context():
        ir.Module.parse(level1("trems", [t, "f32", small], t, "a5"))


def _apart(op, target, src, tmp, d):
    """Level 2 ``pto.<op> ins(src, %s[, tmp]) outs(d)`` over %a %t %d (i16
    tiles) and %s, in a module of ``target`` (or none)."""
    b = tile("i16", "tile_buf")
    attrs = f' attributes {{pto.target_arch = "{target}"}}' if target else ""
    ins, types = ((f"{src}, %s, {tmp}", f"{b}, i16, {b}") if op in SCRATCH
                  else (f"{src}, %s", f"{b}, i16"))
    return (f"module{attrs} {{\n  func.func @k(%a: {b}, %s: i16, %t: {b}, %d: {b}) {{\n"
            f"    pto.{op} ins({ins} : {types}) outs({d} : {b})\n    return\n  }}\n}}\n")


@pytest.mark.parametrize("op", ["tands", "tors", "txors"])
def test_c5_tiles_apart(op):
    """A2/A3 expands the scalar into dst (tmp for txors) and then reads src
    (a2a3/TBitwiseSOp.hpp:102-103, :114-115, :126-128); PTOAS refuses one
    value as src and dst on every target (lib/PTO/IR/PTO.cpp:2999, :6333,
    :8861): so on both targets, and in a module without one."""
    scratch = op in SCRATCH
    what = ("dst and tmp must each be a tile of its own (the NPU writes them while it reads "
            "the others)" if scratch else
            "dst must be a tile of its own (the NPU writes it while it reads the others)")
    for target, where in (("a2a3", "on a2a3"), ("a5", "on a5"), (None, "on every target")):
        assert errors(_apart(op, target, "%a", "%t", "%a")) == [
            f"'pto.{op}' op src and dst are the same tile; {where} {what}"]
        if scratch:
            assert errors(_apart(op, target, "%a", "%a", "%d")) == [
                f"'pto.{op}' op src and tmp are the same tile; {where} {what}"]
            assert errors(_apart(op, target, "%a", "%t", "%t")) == [
                f"'pto.{op}' op tmp and dst are the same tile; {where} {what}"]
        with ir.Context():
            ir.Module.parse(_apart(op, target, "%a", "%t", "%d"))


def test_txors_c6_scratch_shape():
    """A2/A3's TXORS computes TORS(tmp, src) and TAND(dst, dst, tmp), which
    assert tmp's valid shape is dst's (a2a3/TOr.hpp:73-76); A5 reads none."""
    t = tile("i16")
    wide = "!pto.tile<vec, 4x64xi16>"
    assert errors(level1("txors", [t, "i16", wide], t, "a2a3")) == [
        "'pto.txors' op tmp valid shape 4x64 does not match dst valid shape 4x32"]
    with ir.Context():
        ir.Module.parse(level1("txors", [t, "i16", wide], t, "a5"))
