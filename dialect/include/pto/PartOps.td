//===- PartOps.td - the partial-region op family ------------*- tablegen -*-===//
//
// `dst = op(src0, src1)` where both sources are valid, the one valid source
// where only one is, 0 where neither is: over dst's valid region, as
// pto-isa's CPU simulator computes it (TPartInstr, include/pto/cpu/
// TPartOp.hpp:18): TPARTADD, TPARTMUL, TPARTMAX, TPARTMIN. A row is `def
// Pto_TPartAddOp : Pto_PartOp<"tpartadd", "TPARTADD", "Add", a2a3 types,
// their source, a5 types, their source>`; the operands are PTOAS's,
// `ins(%src0, %src1) outs(%dst)`. Everything else is the family's
// (docs/ops/part.md).
//
#ifndef PTO_PARTOPS_TD
#define PTO_PARTOPS_TD

include "pto/ElementwiseOps.td"

// dst[i, j] over dst's valid region: op(src0[i, j], src1[i, j]) where (i,
// j) is in both sources' valid regions, the source's element where in one,
// 0 where in neither. Rules (`<mnemonic>_c1` ...): c1 the element types of
// the row per target, c2 one element type, c3 row-major tiles, c4 one
// source has dst's valid shape and the other's valid extents are at most
// dst's (the pages and the NPU headers' static_asserts and PTO_ASSERTs).
// Elementwise: dst[i, j] reads the sources' [i, j] only.
class Pto_PartOp<string mnemonic, string isaName, string elementOp,
                 list<string> a2a3Types, string a2a3Source,
                 list<string> a5Types, string a5Source>
    : Pto_FamilyOp<"Part", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1)> {
  let summary = "partial-region " # elementOp # " of two tiles (" # isaName #
                ")";
  let description = [{
    `dst[i, j] = }] # elementOp # [{(src0[i, j], src1[i, j])` where both
    sources are valid at (i, j), the valid one's element where only one is,
    0 where neither is, over dst's valid region, as pto-isa's CPU simulator
    computes it (TPartOp.hpp). docs/ops/part.md has the family's forms and
    rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` row-major tiles, `}] #
    mnemonic # [{_c4` one source of dst's valid shape, the other within it.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the NPU headers' static_asserts (pto-isa
// 3186c381; the pages list the same or none).
//===----------------------------------------------------------------------===//

defvar Pto_A2A3PartTypes = ["I16", "I32", "F16", "F32"];

def Pto_TPartAddOp : Pto_PartOp<"tpartadd", "TPARTADD", "Add",
    Pto_A2A3PartTypes, "docs/isa/TPARTADD.md; include/pto/npu/a2a3/TPartAdd.hpp:74",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"], "docs/isa/TPARTADD.md; include/pto/npu/a5/TPartAdd.hpp:33">;
def Pto_TPartMulOp : Pto_PartOp<"tpartmul", "TPARTMUL", "Mul",
    Pto_A2A3PartTypes, "docs/isa/TPARTMUL.md; include/pto/npu/a2a3/TPartMul.hpp:74",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "F16", "BF16", "F32"],
    "docs/isa/TPARTMUL.md; include/pto/npu/a5/TPartMul.hpp:32">;
def Pto_TPartMaxOp : Pto_PartOp<"tpartmax", "TPARTMAX", "Max",
    Pto_A2A3PartTypes, "docs/isa/TPARTMAX.md; include/pto/npu/a2a3/TPartMax.hpp:74",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"], "docs/isa/TPARTMAX.md; include/pto/npu/a5/TPartMax.hpp:34">;
def Pto_TPartMinOp : Pto_PartOp<"tpartmin", "TPARTMIN", "Min",
    Pto_A2A3PartTypes, "docs/isa/TPARTMIN.md; include/pto/npu/a2a3/TPartMin.hpp:74",
    ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16",
     "F32"], "docs/isa/TPARTMIN.md; include/pto/npu/a5/TPartMin.hpp:34">;

#endif // PTO_PARTOPS_TD
