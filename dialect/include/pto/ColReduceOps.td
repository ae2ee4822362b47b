//===- ColReduceOps.td - the column-reduction op family -----*- tablegen -*-===//
//
// `dst[0, j] = fold(op, src[0..R), j)` per column: the binary family's
// element op folded down a column, top to bottom, in the element type, as
// pto-isa's CPU simulator computes it (include/pto/cpu/TColSum.hpp,
// TColMax.hpp, TColMin.hpp, TColProd.hpp). A row is `def Pto_TColSumOp :
// Pto_ColReduceOp<"tcolsum", "TCOLSUM", "Add", a2a3 types, their source,
// a5 types, their source, the fold>`; its operands are PTOAS's
// (include/PTO/IR/PTOOps.td:3012-3180): `ins(%src) outs(%dst)`, and for
// tcolsum an optional `%tmp` with `{isBinary = ...}` (the NPU's scratch
// and its choice of a binary-tree or a sequential sum: the simulator sums
// sequentially either way, so no engine here reads them). The lowering and
// the interpreter's handler are the row reductions' (FamilyLowering.cpp
// lowerReduce, row_reduce.py); docs/ops/col_reduce.md has the family's
// forms and rules.
//
#ifndef PTO_COLREDUCEOPS_TD
#define PTO_COLREDUCEOPS_TD

include "pto/ElementwiseOps.td"

// dst[0, j] = fold of column j of src's valid region; dst's valid shape is
// 1 by src's valid columns. Rules (`<mnemonic>_c1` ...): c1 the element
// types of the row per target, c2 one element type, c3 src ND, c4 dst ND,
// c5 dst's valid columns are src's, c6 dst has one valid row, c7 src's
// valid region is not empty; tcolsum also c8 tmp and isBinary together, c9
// tmp ND, c10 with isBinary = true tmp's columns hold src's valid columns
// (the pages' constraints, the NPU headers' TColReduceCheck and
// TColSumCheck, PTOAS's verifiers).
class Pto_ColReduceOp<string mnemonic, string isaName, string elementOp,
                      list<string> a2a3Types, string a2a3Source,
                      list<string> a5Types, string a5Source, string fold,
                      dag ins = (ins Pto_AnyTile:$src),
                      list<Trait> traits = []>
    : Pto_FamilyOp<"ColReduce", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source, ins, traits> {
  let summary = "column reduction by " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[0, j] = }] # fold # [{` for each valid column j of src, folded top
    to bottom in the element type as pto-isa's CPU simulator computes it
    (ElementOp `OP_}] # !toupper(elementOp) # [{` of the accumulator and the
    next element). docs/ops/col_reduce.md has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` src ND, `}] #
    mnemonic # [{_c4` dst ND, `}] # mnemonic #
    [{_c5` dst's valid columns are src's, `}] # mnemonic #
    [{_c6` one valid row in dst, `}] # mnemonic #
    [{_c7` a non-empty src.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the page (pto-isa 3186c381 docs/isa/<ISA>.md)
// and the NPU header's static_assert; where they disagree, the header.
//===----------------------------------------------------------------------===//

defvar Pto_A2A3ColReduceTypes = ["I16", "I32", "F16", "F32"];
defvar Pto_A5ColReduceTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32",
                               "I64", "UI64", "F16", "BF16", "F32"];

// tcolsum's `ins(%src[, %tmp {isBinary = b}])` (PTOAS's TColSumOp):
// AttrSizedOperandSegments for the optional tmp beside the optional dst.
def Pto_TColSumOp : Pto_ColReduceOp<"tcolsum", "TCOLSUM", "Add",
    Pto_A2A3ColReduceTypes,
    "docs/isa/TCOLSUM.md; include/pto/npu/a2a3/TColSum.hpp:102",
    Pto_A5ColReduceTypes,
    "docs/isa/TCOLSUM.md; include/pto/npu/a5/TColReduceOps.hpp:31",
    "src[0, j] + ... + src[R-1, j]",
    (ins Pto_AnyTile:$src, Optional<Pto_AnyTile>:$tmp),
    [AttrSizedOperandSegments]> {
  // PTOAS's isBinary: the NPU's binary-tree sum through tmp (true) or its
  // sequential sum (false); given with tmp only (rule tcolsum_c8).
  let tileAttrs = (ins OptionalAttr<BoolAttr>:$isBinary);
}
def Pto_TColMaxOp : Pto_ColReduceOp<"tcolmax", "TCOLMAX", "Max",
    Pto_A2A3ColReduceTypes,
    "docs/isa/TCOLMAX.md; include/pto/npu/a2a3/TColReduceOps.hpp:87",
    Pto_A5ColReduceTypes,
    "docs/isa/TCOLMAX.md; include/pto/npu/a5/TColReduceOps.hpp:31",
    "max(... max(src[0, j], src[1, j]) ..., src[R-1, j])">;
def Pto_TColMinOp : Pto_ColReduceOp<"tcolmin", "TCOLMIN", "Min",
    Pto_A2A3ColReduceTypes,
    "docs/isa/TCOLMIN.md; include/pto/npu/a2a3/TColReduceOps.hpp:87",
    Pto_A5ColReduceTypes,
    "docs/isa/TCOLMIN.md; include/pto/npu/a5/TColReduceOps.hpp:31",
    "min(... min(src[0, j], src[1, j]) ..., src[R-1, j])">;
def Pto_TColProdOp : Pto_ColReduceOp<"tcolprod", "TCOLPROD", "Mul",
    Pto_A2A3ColReduceTypes,
    "docs/isa/TCOLPROD.md; include/pto/npu/a2a3/TColReduceOps.hpp:87",
    ["I16", "UI16", "I32", "UI32", "F16", "BF16", "F32"],
    "docs/isa/TCOLPROD.md; include/pto/npu/a5/TColProd.hpp:42",
    "src[0, j] * ... * src[R-1, j]">;

#endif // PTO_COLREDUCEOPS_TD
