//===- RowReduceOps.td - the row-reduction op family -------*- tablegen -*-===//
//
// `dst[i, 0] = fold(op, src[i, 0..C))` per row: the binary family's element
// op folded over a row, left to right, as pto-isa's CPU simulator computes
// it (include/pto/cpu/TRowSum.hpp, TRowMax.hpp, TRowMin.hpp, TRowProd.hpp).
// A row is `def Pto_TRowSumOp : Pto_RowReduceOp<"trowsum", "TROWSUM", "Add",
// a2a3 types, their source, a5 types, their source>`; its operands are
// PTOAS's, `ins(%src, %tmp) outs(%dst)` (tmp is the NPU's scratch, read by
// no engine here). Everything else is the family's
// (docs/ops/row_reduce.md).
//
#ifndef PTO_ROWREDUCEOPS_TD
#define PTO_ROWREDUCEOPS_TD

include "pto/ElementwiseOps.td"

// dst[i, 0] = fold of row i of src's valid region; dst's valid shape is
// src's valid rows by 1. Rules (`<mnemonic>_c1` ...): c1 the element types
// of the row per target, c2 one element type, c3 src ND, c4 dst ND or DN of
// one column, c5 dst's valid rows are src's, c6 dst has one valid column,
// c7 src's valid region is not empty (the pages' constraints and the NPU
// headers' TRowReduceCheck, the same for every op of the family).
class Pto_RowReduceOp<string mnemonic, string isaName, string elementOp,
                      list<string> a2a3Types, string a2a3Source,
                      list<string> a5Types, string a5Source, string fold>
    : Pto_FamilyOp<"RowReduce", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src, Pto_AnyTile:$tmp), []> {
  let summary = "row reduction by " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[i, 0] = }] # fold # [{` for each valid row i of src, folded left to
    right as pto-isa's CPU simulator computes it (ElementOp `OP_}] #
    !toupper(elementOp) # [{` of the accumulator and the next element); `tmp`
    is the NPU's scratch and is not read. docs/ops/row_reduce.md has the
    family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` src ND, `}] #
    mnemonic # [{_c4` dst ND or DN of one column, `}] # mnemonic #
    [{_c5` dst's valid rows are src's, `}] # mnemonic #
    [{_c6` one valid column in dst, `}] # mnemonic #
    [{_c7` a non-empty src.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the page (pto-isa 3186c381 docs/isa/<ISA>.md)
// and the NPU header's static_assert; where they disagree, the header.
//===----------------------------------------------------------------------===//

defvar Pto_A2A3RowReduceTypes = ["I16", "I32", "F16", "F32"];

def Pto_TRowSumOp : Pto_RowReduceOp<"trowsum", "TROWSUM", "Add",
    Pto_A2A3RowReduceTypes,
    "docs/isa/TROWSUM.md; include/pto/npu/a2a3/TRowReduceOps.hpp:197",
    ["I16", "I32", "F16", "F32"],
    "docs/isa/TROWSUM.md; include/pto/npu/a5/TRowReduce.hpp:393 (its "
    "64-bit integer branch, :461, left out: the simulator's TRowSum is "
    "written for these)",
    "src[i, 0] + ... + src[i, C-1]">;
def Pto_TRowMaxOp : Pto_RowReduceOp<"trowmax", "TROWMAX", "Max",
    Pto_A2A3RowReduceTypes,
    "docs/isa/TROWMAX.md; include/pto/npu/a2a3/TRowReduceOps.hpp:197",
    ["I8", "UI8", "I16", "I32", "F16", "F32"],
    "docs/isa/TROWMAX.md; include/pto/npu/a5/TRowReduce.hpp:365 (its "
    "64-bit integer branch, :445, left out)",
    "max(... max(src[i, 0], src[i, 1]) ..., src[i, C-1])">;
def Pto_TRowMinOp : Pto_RowReduceOp<"trowmin", "TROWMIN", "Min",
    Pto_A2A3RowReduceTypes,
    "docs/isa/TROWMIN.md; include/pto/npu/a2a3/TRowReduceOps.hpp:197",
    ["I8", "UI8", "I16", "I32", "F16", "F32"],
    "docs/isa/TROWMIN.md; include/pto/npu/a5/TRowReduce.hpp:420 (its "
    "64-bit integer branch, :477, left out)",
    "min(... min(src[i, 0], src[i, 1]) ..., src[i, C-1])">;
def Pto_TRowProdOp : Pto_RowReduceOp<"trowprod", "TROWPROD", "Mul",
    Pto_A2A3RowReduceTypes,
    "docs/isa/TROWPROD.md; include/pto/npu/a2a3/TRowReduceOps.hpp:197 and "
    "TRowProd.hpp:70",
    ["I16", "I32", "F16", "F32"],
    "docs/isa/TROWPROD.md; include/pto/npu/a5/TRowProd.hpp:27",
    "src[i, 0] * ... * src[i, C-1]">;

#endif // PTO_ROWREDUCEOPS_TD
