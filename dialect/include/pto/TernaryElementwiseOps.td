//===- TernaryElementwiseOps.td - the ternary op family ----*- tablegen -*-===//
//
// `dst = op(src0, src1, src2)` per element, as pto-isa's CPU simulator
// computes it (ElementTileOpWithCarry_Impl, include/pto/cpu/ElementTileOp.h:
// 178): TADDC and TSUBC; and their forms with a scalar in the middle, TADDSC
// and TSUBSC (ElementTileScalarOpWithCarry_Impl, ElementTileScalarOp.h:62).
// A row is `def Pto_TAddCOp : Pto_TernaryElementwiseOp<"taddc", "TADDC",
// "AddC", a2a3 types, their source, a5 types, their source, computation>`;
// its operands default to PTOAS's `ins(%src0, %src1, %src2) outs(%dst)`
// (include/PTO/IR/PTOOps.td:2449); a row may give others (taddsc's
// `ins(%src0, %scalar, %src1)`). Everything else is the family's
// (docs/ops/ternary_elementwise.md).
//
#ifndef PTO_TERNARYELEMENTWISEOPS_TD
#define PTO_TERNARYELEMENTWISEOPS_TD

include "pto/ElementwiseOps.td"
include "pto/TileScalarOps.td"

// dst[i, j] = op(src0[i, j], src1[i, j], src2[i, j]) over dst's valid
// region (a scalar in ins the same for every element); other elements of
// dst keep their content. Rules (`<mnemonic>_c1` ...): c1 the element types
// of the row per target, c2 one element type (a scalar of it), c3 row-major
// tiles, c4 equal valid shapes (the elementwise families' rules), c5 one
// shape for the tiles (the simulator's and the page's single `TileData`
// type for all of them, include/pto/common/pto_instr.hpp:554, :2099;
// PTOAS's "same shape", lib/PTO/IR/PTO.cpp:2739, :2845).
class Pto_TernaryElementwiseOp<string mnemonic, string isaName,
                               string elementOp, list<string> a2a3Types,
                               string a2a3Source, list<string> a5Types,
                               string a5Source, string computation,
                               dag ins = (ins Pto_AnyTile:$src0,
                                          Pto_AnyTile:$src1,
                                          Pto_AnyTile:$src2)>
    : Pto_FamilyOp<"TernaryElementwise", mnemonic, isaName, elementOp,
                   a2a3Types, a2a3Source, a5Types, a5Source, ins> {
  let summary = "elementwise " # elementOp # " of three operands (" #
                isaName # ")";
  let description = [{
    `dst[i, j] = }] # computation # [{` over dst's valid region, left to
    right, each operation rounded in the element type, as pto-isa's CPU
    simulator computes it (ElementOp `OP_}] # !toupper(elementOp) # [{`);
    other elements of dst keep their content.
    docs/ops/ternary_elementwise.md has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` row-major tiles, `}] #
    mnemonic # [{_c4` equal valid shapes, `}] # mnemonic #
    [{_c5` one shape.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. No NPU header has TADDC or TSUBC code (only the simulator:
// include/pto/cpu/ElementTileOp.h:220, :229), and their pages list no
// element types: ours are TADD's and TSUB's per target (each op is two of
// them, and an NPU would run it so), with their headers as the source.
//===----------------------------------------------------------------------===//

def Pto_TAddCOp : Pto_TernaryElementwiseOp<"taddc", "TADDC", "AddC",
    ["I16", "I32", "F16", "F32"],
    "docs/isa/TADDC.md (no types); TADD's, include/pto/npu/a2a3/TAdd.hpp:62",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"],
    "docs/isa/TADDC.md (no types); TADD's, include/pto/npu/a5/TAdd.hpp:60",
    "src0[i, j] + src1[i, j] + src2[i, j]">;
def Pto_TSubCOp : Pto_TernaryElementwiseOp<"tsubc", "TSUBC", "SubC",
    ["I16", "I32", "F16", "F32"],
    "docs/isa/TSUBC.md (no types); TSUB's, include/pto/npu/a2a3/TSub.hpp:61",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"],
    "docs/isa/TSUBC.md (no types); TSUB's, include/pto/npu/a5/TSub.hpp:59",
    "src0[i, j] - src1[i, j] + src2[i, j]">;

// TADDSC and TSUBSC: OP_ADDCS `src0 + scalar + src1` and OP_SUBCS `src0 -
// scalar + src1` (include/pto/cpu/ElementOp.h:556, :561), OP_ADDC's and
// OP_SUBC's computation with the scalar as the middle operand, so their
// element ops are AddC and SubC (as tadds's is tadd's Add); three tiles of
// one TileData (ElementTileScalarOp.h:107, :116: rule c5) and a scalar of
// its DType (c2). PTOAS's `ins(%src0, %scalar, %src1)` (include/PTO/IR/
// PTOOps.td:2545, :5533). No NPU header has code for them; the pages list
// i32 i16 f16 f32 for both targets.
def Pto_TAddSCOp : Pto_TernaryElementwiseOp<"taddsc", "TADDSC", "AddC",
    ["I16", "I32", "F16", "F32"], "docs/isa/TADDSC.md:50 (no NPU code)",
    ["I16", "I32", "F16", "F32"], "docs/isa/TADDSC.md:53 (no NPU code)",
    "src0[i, j] + scalar + src1[i, j]",
    (ins Pto_AnyTile:$src0, Pto_ScalarOperand:$scalar, Pto_AnyTile:$src1)>;
def Pto_TSubSCOp : Pto_TernaryElementwiseOp<"tsubsc", "TSUBSC", "SubC",
    ["I16", "I32", "F16", "F32"], "docs/isa/TSUBSC.md:50 (no NPU code)",
    ["I16", "I32", "F16", "F32"], "docs/isa/TSUBSC.md:53 (no NPU code)",
    "src0[i, j] - scalar + src1[i, j]",
    (ins Pto_AnyTile:$src0, Pto_ScalarOperand:$scalar, Pto_AnyTile:$src1)>;

#endif // PTO_TERNARYELEMENTWISEOPS_TD
