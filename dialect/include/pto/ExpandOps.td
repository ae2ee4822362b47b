//===- ExpandOps.td - the row- and column-expand op families -*- tablegen -*-===//
//
// Two families of a binary element op with one operand broadcast, as
// pto-isa's CPU simulator computes them (include/pto/cpu/TRowExpandOp.hpp,
// TColExpandOp.hpp): a row expand `dst[i, j] = op(src0[i, j % c0],
// src1[i, j % c1])` (c0, c1 the operands' valid columns: the full operand
// is read at [i, j], the expanded one at [i, 0], or in its 32-byte block
// per row), a column expand `dst[i, j] = op(src0[i, j], src1[0, j])`. A row
// is `def Pto_TRowExpandMulOp : Pto_RowExpandOp<"trowexpandmul",
// "TROWEXPANDMUL", "Mul", a2a3 types, their source, a5 types, their
// source>`; the operands are PTOAS's (include/PTO/IR/PTOOps.td:4698,
// :2838): `ins(%src0, %src1[, %tmp]) outs(%dst)` and `ins(%src0, %src1)
// outs(%dst)`. docs/ops/row_expand.md and col_expand.md have the families'
// forms and rules.
//
#ifndef PTO_EXPANDOPS_TD
#define PTO_EXPANDOPS_TD

include "pto/ElementwiseOps.td"

// dst[i, j] = op(src0, src1) over dst's valid region, one of the two read
// at [i, j] (the full operand), the other per row. Rules (`<mnemonic>_c1`
// ...): c1 the element types of the row per target, c2 one element type,
// c3 dst row-major, c4 src0 or src1 a row-major tile of dst's valid shape,
// c5 the other dst's valid rows by 1 column (col_major) or by a 32-byte
// block (row_major), c6 a tmp only with a col_major expanded operand (the
// pages' constraints and the NPU headers' static_asserts and PTO_ASSERTs,
// the same for every op of the family). Not Elementwise: the expanded
// operand's elements are read by every column, so dst is never written in
// its place; AttrSizedOperandSegments for the optional tmp beside the
// optional dst.
class Pto_RowExpandOp<string mnemonic, string isaName, string elementOp,
                      list<string> a2a3Types, string a2a3Source,
                      list<string> a5Types, string a5Source>
    : Pto_FamilyOp<"RowExpand", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1,
                        Optional<Pto_AnyTile>:$tmp),
                   [AttrSizedOperandSegments]> {
  let summary = "row-expand " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[i, j] = }] # elementOp # [{(src0[i, j % c0], src1[i, j % c1])` over
    dst's valid region, c0 and c1 the operands' valid columns, as pto-isa's
    CPU simulator computes it (ElementOp `OP_}] # !toupper(elementOp) #
    [{`): one operand has dst's valid shape, the other one value per row
    (col_major, 1 column) or a 32-byte block per row (row_major). `tmp` is
    the NPU's scratch and is not read. docs/ops/row_expand.md has the family's
    forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` dst row-major, `}] #
    mnemonic # [{_c4` a row-major full operand, `}] # mnemonic #
    [{_c5` the expanded operand's shape, `}] # mnemonic #
    [{_c6` tmp only with a col_major expanded operand.
  }];
}

// dst[i, j] = op(src0[i, j], src1[0, j]) over dst's valid region. Rules
// (`<mnemonic>_c1` ...): c1 the element types of the row per target, c2
// one element type, c3 row-major tiles, c4 src0's valid shape is dst's, c5
// src1 has dst's valid columns and a valid row. Not Elementwise (src1's
// row 0 is read by every row).
class Pto_ColExpandOp<string mnemonic, string isaName, string elementOp,
                      list<string> a2a3Types, string a2a3Source,
                      list<string> a5Types, string a5Source>
    : Pto_FamilyOp<"ColExpand", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1), []> {
  let summary = "column-expand " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[i, j] = }] # elementOp # [{(src0[i, j], src1[0, j])` over dst's
    valid region, as pto-isa's CPU simulator computes it (ElementOp `OP_}] #
    !toupper(elementOp) # [{`). docs/ops/col_expand.md has the family's forms
    and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` row-major tiles, `}] #
    mnemonic # [{_c4` src0's valid shape is dst's, `}] # mnemonic #
    [{_c5` src1 has dst's valid columns and a valid row.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the page (pto-isa 3186c381 docs/isa/<ISA>.md)
// and the NPU header's static_assert; where they disagree, the header.
// Division takes floats only: the simulator's integer OP_DIV of the most
// negative value by -1 is undefined (include/pto/cpu/ElementOp.h:134).
//===----------------------------------------------------------------------===//

defvar Pto_A2A3ExpandTypes = ["I16", "I32", "F16", "F32"];
defvar Pto_A5ExpandTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32", "F16",
                            "BF16", "F32"];
defvar Pto_ExpandFloatTypes = ["F16", "F32"];

def Pto_TRowExpandAddOp : Pto_RowExpandOp<"trowexpandadd", "TROWEXPANDADD",
    "Add", Pto_A2A3ExpandTypes,
    "docs/isa/TROWEXPANDADD.md; include/pto/npu/a2a3/TRowExpandAdd.hpp:40",
    Pto_A5ExpandTypes,
    "docs/isa/TROWEXPANDADD.md; include/pto/npu/a5/TRowExpandAdd.hpp:55">;
def Pto_TRowExpandSubOp : Pto_RowExpandOp<"trowexpandsub", "TROWEXPANDSUB",
    "Sub", Pto_A2A3ExpandTypes,
    "docs/isa/TROWEXPANDSUB.md; include/pto/npu/a2a3/TRowExpandSub.hpp:54",
    Pto_A5ExpandTypes,
    "docs/isa/TROWEXPANDSUB.md; include/pto/npu/a5/TRowExpandSub.hpp:71">;
def Pto_TRowExpandMulOp : Pto_RowExpandOp<"trowexpandmul", "TROWEXPANDMUL",
    "Mul", Pto_A2A3ExpandTypes,
    "docs/isa/TROWEXPANDMUL.md; include/pto/npu/a2a3/TRowExpandMul.hpp:40",
    Pto_A5ExpandTypes,
    "docs/isa/TROWEXPANDMUL.md; include/pto/npu/a5/TRowExpandMul.hpp:55">;
def Pto_TRowExpandDivOp : Pto_RowExpandOp<"trowexpanddiv", "TROWEXPANDDIV",
    "Div", Pto_ExpandFloatTypes,
    "docs/isa/TROWEXPANDDIV.md; include/pto/npu/a2a3/TRowExpandDiv.hpp:55",
    ["F16", "BF16", "F32"],
    "docs/isa/TROWEXPANDDIV.md; include/pto/npu/a5/TRowExpandDiv.hpp:84's "
    "floats">;
def Pto_TRowExpandMaxOp : Pto_RowExpandOp<"trowexpandmax", "TROWEXPANDMAX",
    "Max", Pto_A2A3ExpandTypes,
    "docs/isa/TROWEXPANDMAX.md; include/pto/npu/a2a3/TRowExpandMax.hpp:40",
    Pto_A5ExpandTypes,
    "docs/isa/TROWEXPANDMAX.md; include/pto/npu/a5/TRowExpandMax.hpp:55">;
def Pto_TRowExpandMinOp : Pto_RowExpandOp<"trowexpandmin", "TROWEXPANDMIN",
    "Min", Pto_A2A3ExpandTypes,
    "docs/isa/TROWEXPANDMIN.md; include/pto/npu/a2a3/TRowExpandMin.hpp:40",
    Pto_A5ExpandTypes,
    "docs/isa/TROWEXPANDMIN.md; include/pto/npu/a5/TRowExpandMin.hpp:55">;
def Pto_TRowExpandExpdifOp : Pto_RowExpandOp<"trowexpandexpdif",
    "TROWEXPANDEXPDIF", "Expdif", Pto_ExpandFloatTypes,
    "docs/isa/TROWEXPANDEXPDIF.md; include/pto/npu/a2a3/TRowExpandExpdif.hpp:22 "
    "(TROWEXPANDSUB, then TEXP's TunaryCheck)",
    Pto_ExpandFloatTypes,
    "docs/isa/TROWEXPANDEXPDIF.md; include/pto/npu/a5/TRowExpandExpdif.hpp:81">;

def Pto_TColExpandAddOp : Pto_ColExpandOp<"tcolexpandadd", "TCOLEXPANDADD",
    "Add", Pto_A2A3ExpandTypes,
    "docs/isa/TCOLEXPANDADD.md; include/pto/npu/a2a3/TColExpandBinOp.hpp:89",
    Pto_A5ExpandTypes,
    "docs/isa/TCOLEXPANDADD.md; include/pto/npu/a5/TColExpandBinOp.hpp:197">;
def Pto_TColExpandSubOp : Pto_ColExpandOp<"tcolexpandsub", "TCOLEXPANDSUB",
    "Sub", Pto_A2A3ExpandTypes,
    "docs/isa/TCOLEXPANDSUB.md; include/pto/npu/a2a3/TColExpandBinOp.hpp:89",
    Pto_A5ExpandTypes,
    "docs/isa/TCOLEXPANDSUB.md; include/pto/npu/a5/TColExpandBinOp.hpp:197">;
def Pto_TColExpandMulOp : Pto_ColExpandOp<"tcolexpandmul", "TCOLEXPANDMUL",
    "Mul", Pto_A2A3ExpandTypes,
    "docs/isa/TCOLEXPANDMUL.md; include/pto/npu/a2a3/TColExpandBinOp.hpp:89",
    Pto_A5ExpandTypes,
    "docs/isa/TCOLEXPANDMUL.md; include/pto/npu/a5/TColExpandBinOp.hpp:197">;
def Pto_TColExpandDivOp : Pto_ColExpandOp<"tcolexpanddiv", "TCOLEXPANDDIV",
    "Div", Pto_ExpandFloatTypes,
    "docs/isa/TCOLEXPANDDIV.md; include/pto/npu/a2a3/TColExpandDiv.hpp:52",
    ["F16", "BF16", "F32"],
    "docs/isa/TCOLEXPANDDIV.md; include/pto/npu/a5/TColExpandBinOp.hpp:197's "
    "floats">;
def Pto_TColExpandMaxOp : Pto_ColExpandOp<"tcolexpandmax", "TCOLEXPANDMAX",
    "Max", Pto_A2A3ExpandTypes,
    "docs/isa/TCOLEXPANDMAX.md; include/pto/npu/a2a3/TColExpandBinOp.hpp:89",
    Pto_A5ExpandTypes,
    "docs/isa/TCOLEXPANDMAX.md; include/pto/npu/a5/TColExpandBinOp.hpp:197">;
def Pto_TColExpandMinOp : Pto_ColExpandOp<"tcolexpandmin", "TCOLEXPANDMIN",
    "Min", Pto_A2A3ExpandTypes,
    "docs/isa/TCOLEXPANDMIN.md; include/pto/npu/a2a3/TColExpandBinOp.hpp:89",
    Pto_A5ExpandTypes,
    "docs/isa/TCOLEXPANDMIN.md; include/pto/npu/a5/TColExpandBinOp.hpp:197">;
def Pto_TColExpandExpdifOp : Pto_ColExpandOp<"tcolexpandexpdif",
    "TCOLEXPANDEXPDIF", "Expdif", Pto_ExpandFloatTypes,
    "docs/isa/TCOLEXPANDEXPDIF.md; include/pto/npu/a2a3/TColExpandExpdif.hpp:59",
    Pto_ExpandFloatTypes,
    "docs/isa/TCOLEXPANDEXPDIF.md; include/pto/npu/a5/TColExpandExpdif.hpp:54">;

#endif // PTO_EXPANDOPS_TD
