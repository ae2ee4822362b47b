"""The rules of the binary elementwise family (`<mnemonic>_c1` ... `_c4`) for
each of its ops: the element types each target allows, as pto-isa
3186c381's NPU headers assert them (written out here from the headers, the
independent expectation), and one negative case per rule with its full
message; both levels of each op round-trip."""
import pytest
from family_rules import check_c1_element_types, check_c1_tables, errors, level1, tile

from pto_mlir import families, ir

# include/pto/npu/<target>/T<Op>.hpp's static_asserts (for TAND and TOR the
# A2/A3 code computes 1- and 4-byte integers as 2-byte ones: a2a3/TAnd.hpp:51,
# a2a3/TOr.hpp:40; A5 asserts sizeof 1, 2 or 4).
_A2A3_ARITH = ("i16", "i32", "f16", "f32")
_A5_ARITH = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")
_BITWISE = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
EXPECTED = {
    "tadd": {"a2a3": _A2A3_ARITH, "a5": _A5_ARITH},
    "tsub": {"a2a3": _A2A3_ARITH, "a5": _A5_ARITH},
    "tmul": {"a2a3": _A2A3_ARITH,
             "a5": ("i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32")},
    # a5/TDiv.hpp:67 also takes 2-, 4- and 8-byte integers: refused here
    # (the simulator's integer division by zero is undefined).
    "tdiv": {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")},
    "tmax": {"a2a3": _A2A3_ARITH, "a5": _A5_ARITH},
    "tmin": {"a2a3": _A2A3_ARITH, "a5": _A5_ARITH},
    "tand": {"a2a3": _BITWISE, "a5": _BITWISE},
    "tor": {"a2a3": _BITWISE, "a5": _BITWISE},
    # a2a3/TShl.hpp:44 and TShr.hpp:44 (1-, 2- and 4-byte integers),
    # a5/TShl.hpp:81 and TShr.hpp:81 (and 8-byte ones).
    "tshl": {"a2a3": _BITWISE, "a5": (*_BITWISE, "i64", "ui64")},
    "tshr": {"a2a3": _BITWISE, "a5": (*_BITWISE, "i64", "ui64")},
    # a2a3/TRem.hpp:177 (f32, i32), a5/TRem.hpp:107 (2-, 4-, 8-byte
    # integers, f16, f32): the integers refused here (the simulator's
    # INT_MIN % -1 is undefined).
    "trem": {"a2a3": ("f32",), "a5": ("f16", "f32")},
    # a2a3/TXor.hpp (no type assert: TOR, TAND and TNOT's, 1- and 4-byte
    # integers as 2-byte ones; docs/isa/TXOR.md:57), a5/TXor.hpp:54.
    "txor": {"a2a3": _BITWISE, "a5": _BITWISE},
    # a2a3/TFmod.hpp:70 (float), a5/TFMod.hpp:89 (half, float, 2- and
    # 4-byte integers): int32 refused here (the simulator's INT_MIN % -1 is
    # undefined; a 2-byte one is promoted to int, and unsigned % is defined).
    "tfmod": {"a2a3": ("f32",), "a5": ("i16", "ui16", "ui32", "f16", "f32")},
    # a2a3/TSubRelu.hpp:62, a5/TSubRelu.hpp:66: half, float.
    "tsubrelu": {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")},
    # a2a3/TPrelu.hpp:27, a5/TPrelu.hpp:53: half, float.
    "tprelu": {"a2a3": ("f16", "f32"), "a5": ("f16", "f32")},
}
# The ops whose ins end with the NPU's scratch tmp (PTOAS's required
# `ins(%src0, %src1, %tmp)`).
SCRATCH = ("trem", "txor", "tprelu")
# tprelu's A2/A3 tmp: TCMPS's mask of bytes, more valid rows than dst's 4
# (tprelu_c6, tprelu_c7).
PRELU_MASK = "!pto.tile<vec, 8x32xui8>"
BINARY = [row.mnemonic for row in families.FAMILY_OPS if row.family == "binary_elementwise"]


def _level1(op, t0, t1, td, target=None, tmp=None):
    """The op of t0, t1 (and a tmp of ``tmp``, by default dst's type or
    tprelu's A2/A3 mask, for an op with one) into td."""
    default = PRELU_MASK if op == "tprelu" and target == "a2a3" else td
    return level1(op, [t0, t1] + ([tmp or default] if op in SCRATCH else []), td, target)


def test_the_family_is_the_expected_ops():
    assert sorted(BINARY) == sorted(EXPECTED)


@pytest.mark.parametrize("op", BINARY)
def test_c1_tables_are_the_headers(op):
    check_c1_tables(op, EXPECTED[op])


@pytest.mark.parametrize("op", BINARY)
def test_every_allowed_type_round_trips_at_both_levels(op):
    for target, allowed in EXPECTED[op].items():
        for element in allowed:
            # 32 columns: trem_c5's A2/A3 tmp of 32 + 2 columns fits a
            # 64-column tile.
            t, b = f"!pto.tile<vec, 4x32x{element}>", f"!pto.tile_buf<vec, 4x32x{element}>"
            # txor's A2/A3 tmp is of dst's valid shape (txor_c6), tprelu's
            # a mask of more rows (tprelu_c6, c7).
            tmp = (b if op == "txor" else
                   PRELU_MASK.replace("tile", "tile_buf") if op == "tprelu" else
                   f"!pto.tile_buf<vec, 4x64x{element}>")
            scratch = op in SCRATCH
            ins, types = ("%a, %b, %t", f"{b}, {b}, {tmp}") if scratch else ("%a, %b", f"{b}, {b}")
            level2 = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                      f"  func.func @k(%a: {b}, %b: {b}, %t: {tmp}, %d: {b}) {{\n"
                      f"    pto.{op} ins({ins} : {types}) outs(%d : {b})\n"
                      f"    return\n  }}\n}}\n")
            tmp1 = tmp.replace("tile_buf", "tile")
            args1, types1 = (("%arg0, %arg1, %arg2", f"{t}, {t}, {tmp1}") if scratch
                             else ("%arg0, %arg1", f"{t}, {t}"))
            args2 = "%arg0, %arg1, %arg2" if scratch else "%arg0, %arg1"
            with ir.Context():
                for text, line in ((_level1(op, t, t, t, target, tmp1),
                                    f"%0 = pto.{op} {args1} : ({types1}) -> {t}"),
                                   (level2, f"pto.{op} ins({args2} : {types}) "
                                            f"outs(%arg3 : {b})")):
                    printed = str(ir.Module.parse(text))
                    assert line in printed
                    assert str(ir.Module.parse(printed)) == printed


@pytest.mark.parametrize("op", BINARY)
def test_c1_element_types(op):
    """A type outside the row, per target and without one."""
    check_c1_element_types(op, EXPECTED[op],
                           lambda e, target: _level1(op, tile(e), tile(e), tile(e), target))


def _element(op):
    """An element type of the op: i16, or f16 for the float-only ones."""
    return "i16" if "i16" in EXPECTED[op]["a5"] else "f16"


@pytest.mark.parametrize("op", BINARY)
def test_c2_one_element_type(op):
    e = _element(op)
    a, b = tile(e), tile("i32")
    assert errors(_level1(op, a, b, a)) == [
        f"'pto.{op}' op src1 element type i32 differs from dst element type {e}"]


@pytest.mark.parametrize("op", BINARY)
def test_c3_row_major(op):
    e = _element(op)
    a = f"!pto.tile<vec, 32x32x{e}, blayout=col_major>"
    b = f"!pto.tile<vec, 32x32x{e}>"
    assert errors(_level1(op, a, b, b)) == [
        f"'pto.{op}' op src0 must be row-major (blayout=row_major), got blayout=col_major"]


@pytest.mark.parametrize("op", BINARY)
def test_c4_valid_shapes(op):
    e = _element(op)
    a, b = tile(e, extra=", valid=2x32"), tile(e)
    assert errors(_level1(op, a, b, b)) == [
        f"'pto.{op}' op src0 valid shape 2x32 does not match dst valid shape 4x32"]


def test_trem_c5_scratch_size():
    """A2/A3's TREM computes in tmp: at least 1 row and dst's columns plus
    two 64-element mask blocks (a2a3/TRem.hpp:196); A5's reads none."""
    t = tile("f32")  # 4x16: a tmp of 16 + 2 columns
    small = "!pto.tile<vec, 4x32xf32, valid=4x17>"
    assert errors(_level1("trem", t, t, t, "a2a3", small)) == [
        "'pto.trem' op tmp has valid shape 4x17; on a2a3 it needs at least 1 row and 18 "
        "columns (dst's columns and two mask blocks)"]
    with ir.Context():
        ir.Module.parse(_level1("trem", t, t, t, "a5", small))
        ir.Module.parse(_level1("trem", t, t, t, "a2a3",
                                "!pto.tile<vec, 4x32xf32, valid=1x18>"))


def _level2(op, target, a, b, tmp, d, types):
    """``pto.<op> ins(a, b, tmp) outs(d)`` over the arguments %a %b %t %d
    of ``types`` (for the four names)."""
    params = ", ".join(f"%{n}: {t}" for n, t in zip("abtd", types))
    ins = [a, b, tmp]
    return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({params}) {{\n"
            f"    pto.{op} ins({', '.join(ins)} : {', '.join([types[0]] * 3)}) "
            f"outs({d} : {types[0]})\n    return\n  }}\n}}\n")


def test_txor_c5_tiles_apart():
    """A2/A3's TXOR writes tmp and dst while it reads src0 and src1: dst and
    tmp each a tile of their own (a2a3/TXor.hpp:43-46); src0 and src1 may
    be one; A5's has no such need (a5/TXor.hpp), nor a module without a
    target (what either target admits)."""
    b = tile("i16", "tile_buf")
    types = [b] * 4
    message = ("are the same tile; on a2a3 dst and tmp must each be a tile of its own "
               "(the NPU writes them while it reads the others)")
    for ins, d, pair in ((("%a", "%b", "%t"), "%a", "src0 and dst"),
                         (("%a", "%b", "%t"), "%b", "src1 and dst"),
                         (("%a", "%b", "%t"), "%t", "tmp and dst"),
                         (("%a", "%b", "%a"), "%d", "src0 and tmp"),
                         (("%a", "%b", "%b"), "%d", "src1 and tmp")):
        assert errors(_level2("txor", "a2a3", *ins, d, types)) == [
            f"'pto.txor' op {pair} {message}"], (ins, d)
    with ir.Context():
        ir.Module.parse(_level2("txor", "a2a3", "%a", "%a", "%t", "%d", types))
        ir.Module.parse(_level2("txor", "a5", "%a", "%b", "%a", "%a", types))
        ir.Module.parse(_level2("txor", "a5", "%a", "%b", "%t", "%a", types).replace(
            ' attributes {pto.target_arch = "a5"}', ""))
    # Level 1: one value as a source and as tmp is one tile.
    t = tile("i16")
    assert errors(level1("txor", [t, t, t], t, "a2a3").replace(
        "%x0, %x1, %x2 :", "%x0, %x1, %x0 :")) == [
        f"'pto.txor' op src0 and tmp {message}"]


def test_txor_c6_scratch_shape():
    """A2/A3's TXOR computes TOR(tmp, src0, src1) over dst's valid region:
    tmp of dst's valid shape (a2a3/TXor.hpp:39-41); A5 reads none."""
    t = tile("i16")
    wide = "!pto.tile<vec, 4x64xi16>"
    assert errors(level1("txor", [t, t, wide], t, "a2a3")) == [
        "'pto.txor' op tmp valid shape 4x64 does not match dst valid shape 4x32"]
    with ir.Context():
        ir.Module.parse(level1("txor", [t, t, wide], t, "a5"))
        ir.Module.parse(level1("txor", [t, t, wide], t))


def test_tprelu_c5_tiles_apart():
    """A2/A3's TPRELU writes dst (TMUL) and tmp (TCMPS) while it still reads
    src0 (a2a3/TPrelu.hpp:50-64; docs/isa/TPRELU.md:56, :71): dst and tmp
    each a tile of their own; src0 and src1 may be one; A5's one vprelu
    has no such need (a5/TPrelu.hpp:28)."""
    b, mask = tile("f32", "tile_buf"), PRELU_MASK.replace("tile", "tile_buf")
    message = ("are the same tile; on a2a3 dst and tmp must each be a tile of its own "
               "(the NPU writes them while it reads the others)")

    def kernel(target, ins, d, tmp_type):
        return (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
                f"  func.func @k(%a: {b}, %b: {b}, %t: {tmp_type}, %d: {b}) {{\n"
                f"    pto.tprelu ins({ins} : {b}, {b}, {tmp_type}) outs({d} : {b})\n"
                "    return\n  }\n}\n")
    for d, pair in (("%a", "src0 and dst"), ("%b", "src1 and dst")):
        assert errors(kernel("a2a3", "%a, %b, %t", d, mask)) == [
            f"'pto.tprelu' op {pair} {message}"]
    with ir.Context():
        ir.Module.parse(kernel("a2a3", "%a, %a, %t", "%d", mask))
        ir.Module.parse(kernel("a5", "%a, %b, %t", "%a", b))
    # Level 1: one value as src0 and as tmp is one tile (f32 tmp: c6 is
    # checked after c5).
    t = tile("f32")
    assert errors(level1("tprelu", [t, t, t], t, "a2a3").replace(
        "%x0, %x1, %x2 :", "%x0, %x1, %x0 :")) == [f"'pto.tprelu' op src0 and tmp {message}"]


def test_tprelu_c6_mask_of_bytes():
    """A2/A3's tmp is TCMPS's mask, of uint8_t (a2a3/TPrelu.hpp:28); A5 reads
    none: any element type there and without a target, and rule c2 never
    ties it to dst's."""
    t = tile("f16")
    for tmp in (t, "!pto.tile<vec, 8x16xi32>"):
        assert errors(_level1("tprelu", t, t, t, "a2a3", tmp)) == [
            f"'pto.tprelu' op tmp element type {tmp.split('x')[-1][:-1]} is not supported "
            "on a2a3 (allowed: ui8)"]
    with ir.Context():
        for target in ("a5", None):
            ir.Module.parse(_level1("tprelu", t, t, t, target, "!pto.tile<vec, 8x16xi32>"))


def test_tprelu_c7_mask_rows():
    """TSEL reads its mask from tmp's rows after dst's: tmp has more valid
    rows than dst (a2a3/TPrelu.hpp:40-42); A5 reads none."""
    t = tile("f32")
    for tmp, rows in (("!pto.tile<vec, 4x32xui8>", 4), ("!pto.tile<vec, 8x32xui8, valid=2x32>", 2)):
        assert errors(_level1("tprelu", t, t, t, "a2a3", tmp)) == [
            f"'pto.tprelu' op tmp has {rows} valid rows; on a2a3 it needs more than dst's 4 "
            "(TSEL's mask follows TCMPS's rows)"]
    with ir.Context():
        ir.Module.parse(_level1("tprelu", t, t, t, "a2a3", "!pto.tile<vec, 5x32xui8>"))
        ir.Module.parse(_level1("tprelu", t, t, t, "a2a3", "!pto.tile<vec, 8x32xui8, valid=?x32>"))
        ir.Module.parse(_level1("tprelu", t, t, t, "a5", "!pto.tile<vec, 4x32xui8>"))
