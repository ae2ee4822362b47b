//===- TileScalarOps.td - the tile-scalar op family --------*- tablegen -*-===//
//
// `dst = op(src, scalar)` per element: the binary family's computation with
// one operand a scalar, the same for every element (pto-isa's
// UnaryTileScalarOpImpl, include/pto/cpu/TBinSOps.hpp). A row is
// `def Pto_TAddSOp : Pto_TileScalarOp<"tadds", "TADDS", "Add", a2a3 types,
// their source, a5 types, their source>`; its operands default to
// `ins(%src, %scalar)`, PTOAS's spelling; a row may give others (tdivs takes
// the scalar on either side, texpands no tile). Everything else is the
// family's (docs/ops/tile_scalar.md).
//
#ifndef PTO_TILESCALAROPS_TD
#define PTO_TILESCALAROPS_TD

include "pto/ElementwiseOps.td"

// A scalar operand: a signless integer or a float (rule c2 ties it to the
// element type: arith's constants and kernel arguments are signless).
def Pto_ScalarOperand : AnyTypeOf<[AnySignlessInteger, AnyFloat],
                                  "a signless integer or float scalar">;
// An operand that is a tile or a scalar (rule c5: one of each).
def Pto_TileOrScalar : AnyTypeOf<[Pto_AnyTile, AnySignlessInteger, AnyFloat],
                                 "a tile or a scalar">;

// dst = op(ins...) over dst's valid region, the scalar operand the same for
// every element; other elements of dst keep their content. Rules
// (`<mnemonic>_c1` ...): c1 the element types of the row per target, c2 the
// tiles' element type is dst's and the scalar is of it, c3 row-major tiles,
// c4 equal valid shapes, c5 one tile and one scalar among two ins (the
// pages' constraints and the NPU headers' static_asserts, the same for
// every op of the family).
class Pto_TileScalarOp<string mnemonic, string isaName, string elementOp,
                       list<string> a2a3Types, string a2a3Source,
                       list<string> a5Types, string a5Source,
                       dag ins = (ins Pto_AnyTile:$src,
                                  Pto_ScalarOperand:$scalar),
                       string computation = elementOp # "(src, scalar)",
                       list<string> apartOn = []>
    : Pto_FamilyOp<"TileScalar", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source, ins, [Elementwise],
                   apartOn> {
  let summary = "elementwise " # elementOp # " of a tile and a scalar (" #
                isaName # ")";
  let description = [{
    `dst[i, j] = }] # computation # [{` over dst's valid region, a tile
    operand read at [i, j] and the scalar the same everywhere, as pto-isa's
    CPU simulator computes it (ElementOp `OP_}] # !toupper(elementOp) #
    [{`); other elements of dst keep their content.
    docs/ops/tile_scalar.md has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type (the scalar of it), `}] # mnemonic #
    [{_c3` row-major tiles, `}] # mnemonic # [{_c4` equal valid shapes.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the page (pto-isa 3186c381 docs/isa/<ISA>.md)
// and the NPU header's static_assert; where they disagree, the header.
//===----------------------------------------------------------------------===//

defvar Pto_A2A3ScalarTypes = ["I16", "I32", "F16", "F32"];
defvar Pto_A5ScalarTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64",
                            "UI64", "F16", "BF16", "F32"];

def Pto_TAddSOp : Pto_TileScalarOp<"tadds", "TADDS", "Add",
    Pto_A2A3ScalarTypes, "docs/isa/TADDS.md; include/pto/npu/a2a3/TAddS.hpp:52",
    Pto_A5ScalarTypes, "docs/isa/TADDS.md; include/pto/npu/a5/TAddS.hpp:57">;
def Pto_TSubSOp : Pto_TileScalarOp<"tsubs", "TSUBS", "Sub",
    Pto_A2A3ScalarTypes, "docs/isa/TSUBS.md; include/pto/npu/a2a3/TSubS.hpp:52",
    Pto_A5ScalarTypes, "docs/isa/TSUBS.md; include/pto/npu/a5/TSubS.hpp:57">;
def Pto_TMulSOp : Pto_TileScalarOp<"tmuls", "TMULS", "Mul",
    Pto_A2A3ScalarTypes, "docs/isa/TMULS.md; include/pto/npu/a2a3/TMulS.hpp:52",
    ["I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16", "F32"],
    "docs/isa/TMULS.md; include/pto/npu/a5/TMulS.hpp:57 (no 1-byte types)">;
def Pto_TMaxSOp : Pto_TileScalarOp<"tmaxs", "TMAXS", "Max",
    Pto_A2A3ScalarTypes, "docs/isa/TMAXS.md; include/pto/npu/a2a3/TMaxS.hpp:53",
    Pto_A5ScalarTypes, "docs/isa/TMAXS.md; include/pto/npu/a5/TMaxs.hpp:57">;
def Pto_TMinSOp : Pto_TileScalarOp<"tmins", "TMINS", "Min",
    Pto_A2A3ScalarTypes, "docs/isa/TMINS.md; include/pto/npu/a2a3/TMins.hpp:52",
    Pto_A5ScalarTypes, "docs/isa/TMINS.md; include/pto/npu/a5/TMins.hpp:57">;
// Either operand order, as the page's two overloads and PTOAS's TDivSOp
// (the order of `ins`): src0 / src1, one of them the scalar (OP_DIVS and
// OP_RDIVS). The simulator asserts the divisor is not zero in both (a
// run-time failure here). Integers refused: the simulator's INT_MIN / -1
// is undefined (include/pto/cpu/ElementOp.h, OP_DIVS).
def Pto_TDivSOp : Pto_TileScalarOp<"tdivs", "TDIVS", "Div",
    ["F16", "F32"], "docs/isa/TDIVS.md; include/pto/npu/a2a3/TDivS.hpp:220's "
    "floats (its integers refused: INT_MIN / -1 is undefined on the simulator)",
    ["F16", "F32"], "docs/isa/TDIVS.md; include/pto/npu/a5/TDivS.hpp:138's "
    "floats (as a2a3)",
    (ins Pto_TileOrScalar:$src0, Pto_TileOrScalar:$src1), "src0 / src1">;
// The scalar broadcast into dst: no tile operand (OP_EXPANDS, TExpands.hpp).
def Pto_TExpandSOp : Pto_TileScalarOp<"texpands", "TEXPANDS", "Expands",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "F16", "BF16", "F32"],
    "docs/isa/TEXPANDS.md; include/pto/npu/a2a3/TExpandS.hpp:144",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"], "docs/isa/TEXPANDS.md; include/pto/npu/a5/TExpandS.hpp:149",
    (ins Pto_ScalarOperand:$scalar), "scalar">;
defvar Pto_A5ShiftSTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64",
                            "UI64"];
def Pto_TShlSOp : Pto_TileScalarOp<"tshls", "TSHLS", "Shl",
    ["I16", "UI16", "I32", "UI32"],
    "docs/isa/TSHLS.md; include/pto/npu/a2a3/TBitwiseSOp.hpp:24 (TShiftCheck)",
    Pto_A5ShiftSTypes, "docs/isa/TSHLS.md; include/pto/npu/a5/TShlS.hpp:57">;
def Pto_TShrSOp : Pto_TileScalarOp<"tshrs", "TSHRS", "Shr",
    ["I16", "UI16", "I32", "UI32"],
    "docs/isa/TSHRS.md; include/pto/npu/a2a3/TBitwiseSOp.hpp:24 (TShiftCheck)",
    Pto_A5ShiftSTypes, "docs/isa/TSHRS.md; include/pto/npu/a5/TShrS.hpp:57">;

// OP_REMS (include/pto/cpu/ElementOp.h:444), OP_REM's computation with the
// scalar as the divisor; the tmp form (PTOAS's required `ins(%src, %scalar,
// %tmp)`, include/PTO/IR/PTOOps.td:4573) asserts the scalar nonzero
// (TBinSOps.hpp:214); rule trems_c5 tmp's A2/A3 size. Integers refused as
// trem's.
def Pto_TRemSOp : Pto_TileScalarOp<"trems", "TREMS", "Rem",
    ["F32"], "docs/isa/TREMS.md; include/pto/npu/a2a3/TRemS.hpp:155's float "
    "(its int32 refused: INT_MIN % -1 is undefined on the simulator)",
    ["F16", "BF16", "F32"], "docs/isa/TREMS.md; include/pto/npu/a5/TRemS.hpp:97's "
    "floats (as a2a3)",
    (ins Pto_AnyTile:$src, Pto_ScalarOperand:$scalar, Pto_AnyTile:$tmp),
    "rem(src, scalar)">;

// The bitwise rows (OP_ANDS, OP_ORS, OP_XORS: include/pto/cpu/ElementOp.h:
// 469, :474, :479): A2/A3 computes each as TEXPANDS of the scalar into dst
// (into tmp for txors), then TAND/TOR/TNOT over dst while it reads src, and
// asserts the tiles apart ("Setting the source Tile and destination Tile to
// the same memory is unsupported", a2a3/TBitwiseSOp.hpp:102-103, :114-115;
// "dst, src, tmp must in different memory", :126-128; docs/isa/TANDS.md:53,
// TORS.md:53); PTOAS refuses src and dst of one value on every target
// ("expects src and dst to use different storage", lib/PTO/IR/PTO.cpp:2999,
// :6333, :8861): rules tands_c5, tors_c5, txors_c5, dst and tmp apart on
// both. txors_c6: A2/A3's tmp of dst's valid shape (TORS into tmp, then
// TAND(dst, dst, tmp): a2a3/TOr.hpp:73-76's asserts; docs/isa/TXORS.md:63).
// The element types: integers (the pages, "Intended for integral element
// types", docs/isa/TANDS.md:49; A5's headers assert only sizeof 1, 2 or 4,
// a5/TAndS.hpp:59, and the simulator's `&` takes no float).
def Pto_TAndSOp : Pto_TileScalarOp<"tands", "TANDS", "And",
    Pto_BitwiseTypes,
    "docs/isa/TANDS.md:55; include/pto/npu/a2a3/TBitwiseSOp.hpp:105-107 "
    "(TEXPANDS and TAND's types: a2a3/TAnd.hpp:51)",
    Pto_BitwiseTypes,
    "docs/isa/TANDS.md:49; include/pto/npu/a5/TAndS.hpp:59 (its integers)",
    (ins Pto_AnyTile:$src, Pto_ScalarOperand:$scalar), "and(src, scalar)",
    ["A2A3", "A5"]>;
def Pto_TOrSOp : Pto_TileScalarOp<"tors", "TORS", "Or",
    Pto_BitwiseTypes,
    "docs/isa/TORS.md:55; include/pto/npu/a2a3/TBitwiseSOp.hpp:117-119 "
    "(TEXPANDS and TOR's types: a2a3/TOr.hpp:40)",
    Pto_BitwiseTypes,
    "docs/isa/TORS.md:49; include/pto/npu/a5/TOrS.hpp:59 (its integers)",
    (ins Pto_AnyTile:$src, Pto_ScalarOperand:$scalar), "or(src, scalar)",
    ["A2A3", "A5"]>;
// PTOAS's required `ins(%src, %scalar, %tmp)` (include/PTO/IR/PTOOps.td:
// 5569); the simulator ignores tmp (TBinSOps.hpp:246-250).
def Pto_TXorSOp : Pto_TileScalarOp<"txors", "TXORS", "Xor",
    Pto_BitwiseTypes,
    "docs/isa/TXORS.md:49; include/pto/npu/a2a3/TBitwiseSOp.hpp:130-136 "
    "(TORS, TANDS and TNOT's types)",
    Pto_BitwiseTypes,
    "docs/isa/TXORS.md:53; include/pto/npu/a5/TXorS.hpp:59 (its integers)",
    (ins Pto_AnyTile:$src, Pto_ScalarOperand:$scalar, Pto_AnyTile:$tmp),
    "xor(src, scalar)", ["A2A3", "A5"]>;

// OP_FMODS (include/pto/cpu/ElementOp.h:522), OP_FMOD's computation with
// the scalar as the divisor, which TFMODS_IMPL asserts nonzero
// (TBinSOps.hpp:258-265). i32 refused as tfmod's.
def Pto_TFModSOp : Pto_TileScalarOp<"tfmods", "TFMODS", "FMod",
    ["F32"], "docs/isa/TFMODS.md:57; include/pto/npu/a2a3/TFmodS.hpp:73",
    ["I16", "UI16", "UI32", "F16", "BF16", "F32"],
    "docs/isa/TFMODS.md:63; include/pto/npu/a5/TFModS.hpp:93 (its int32 "
    "refused: INT_MIN % -1 is undefined on the simulator)">;

// OP_LRELU (include/pto/cpu/ElementOp.h:514): `(src > 0) ? src : src *
// slope`, the product rounded in T (NaN and -0 take the product). PTOAS's
// `ins(%src, %slope)` (include/PTO/IR/PTOOps.td:3825) names the scalar
// `slope`; PTOAS's is always f32 (F32:$slope), the C++ call's parameter
// (`TileDataSrc::DType scalar`) converting it to T; ours is of the element
// type (rule c2), so an f16 tlrelu has no PTOAS form (the export refuses it).
def Pto_TLReluOp : Pto_TileScalarOp<"tlrelu", "TLRELU", "LRelu",
    ["F16", "F32"], "docs/isa/TLRELU.md; include/pto/npu/a2a3/TLRelu.hpp:53",
    ["F16", "F32"], "docs/isa/TLRELU.md; include/pto/npu/a5/TLRelu.hpp:50",
    (ins Pto_AnyTile:$src, Pto_ScalarOperand:$slope), "lrelu(src, slope)">;

#endif // PTO_TILESCALAROPS_TD
