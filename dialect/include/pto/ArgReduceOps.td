//===- ArgReduceOps.td - the arg-reduction op families ------*- tablegen -*-===//
//
// `dst[i, 0]` = the column of row i's maximum (minimum) element, `dst[0, j]`
// the row of column j's: two families, the row and the column arg
// reductions, as pto-isa's CPU simulator computes them
// (include/pto/cpu/TReduceIdx.hpp: TRowReduceIdxImpl :151,
// TColReduceIdxImpl :102): the line is scanned in order from its element
// 0, which a later element replaces only when it compares greater (less):
// ties keep the first index, and a NaN neither replaces nor is replaced. A
// row is `def Pto_TRowArgMaxOp : Pto_RowArgReduceOp<"trowargmax",
// "TROWARGMAX", "Max", a2a3 src types, their source, a5 src types, their
// source>`: its element op names the comparison (Max: greater, Min: less),
// its element types are src's (dst holds i32 or ui32 indices). The operands
// are PTOAS's (include/PTO/IR/PTOOps.td:3040, :4907), `ins(%src, %tmp)
// outs(%dst)`: tmp is the NPU's scratch of src's element type, read by no
// engine here (the simulator ignores it, TReduceIdx.hpp:202). The lowering
// and the interpreter's handler are the reductions' (FamilyLowering.cpp
// lowerReduce, row_reduce.py); docs/ops/row_arg_reduce.md and
// col_arg_reduce.md have the families' forms and rules.
//
#ifndef PTO_ARGREDUCEOPS_TD
#define PTO_ARGREDUCEOPS_TD

include "pto/ElementwiseOps.td"

// dst[i, 0] = the index of the first greatest (least) element of row i of
// src's valid region; dst's valid shape is src's valid rows by 1. Rules
// (`<mnemonic>_c1` ...): c1 src's element types of the row per target, c2
// dst i32 or ui32, c3 tmp of src's element type, c4 src ND, c5 dst ND or
// DN of one column, c6 dst's valid rows are src's, c7 dst has one valid
// column, c8 src's valid region is not empty (the pages' constraints, the
// simulator's CheckRowArgTiles and the NPU headers' TRowReduceIdxCheck, the
// same for both ops of the family).
class Pto_RowArgReduceOp<string mnemonic, string isaName, string elementOp,
                         list<string> a2a3Types, string a2a3Source,
                         list<string> a5Types, string a5Source>
    : Pto_FamilyOp<"RowArgReduce", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src, Pto_AnyTile:$tmp), []> {
  let summary = "row arg reduction by " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[i, 0]` is the column of the first }] # !tolower(elementOp) # [{imum
    of valid row i of src, as pto-isa's CPU simulator scans it (an element
    replaces the best so far only when it compares }] #
    !if(!eq(elementOp, "Max"), "greater", "less") # [{: ties keep the
    first, a NaN is never taken after column 0 and never replaced there);
    `tmp` is the NPU's scratch and is not read. docs/ops/row_arg_reduce.md
    has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` src element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` dst i32 or ui32, `}] # mnemonic # [{_c3` tmp of src's element
    type, `}] # mnemonic # [{_c4` src ND, `}] # mnemonic #
    [{_c5` dst ND or DN of one column, `}] # mnemonic #
    [{_c6` dst's valid rows are src's, `}] # mnemonic #
    [{_c7` one valid column in dst, `}] # mnemonic # [{_c8` a non-empty src.
  }];
}

// dst[0, j] = the index of the first greatest (least) element of column j
// of src's valid region; dst's valid shape is 1 by src's valid columns.
// Rules (`<mnemonic>_c1` ...): c1 src's element types of the row per
// target, c2 dst i32 or ui32, c3 tmp of src's element type, c4 src ND or
// DN, c5 dst ND, c6 dst's valid columns are src's, c7 dst has one valid
// row, c8 src's valid region is not empty (the pages' constraints, the
// simulator's CheckColArgTiles and the NPU headers' TColReduceIdxCheck).
class Pto_ColArgReduceOp<string mnemonic, string isaName, string elementOp,
                         list<string> a2a3Types, string a2a3Source,
                         list<string> a5Types, string a5Source>
    : Pto_FamilyOp<"ColArgReduce", mnemonic, isaName, elementOp, a2a3Types,
                   a2a3Source, a5Types, a5Source,
                   (ins Pto_AnyTile:$src, Pto_AnyTile:$tmp), []> {
  let summary = "column arg reduction by " # elementOp # " (" # isaName # ")";
  let description = [{
    `dst[0, j]` is the row of the first }] # !tolower(elementOp) # [{imum
    of valid column j of src, as pto-isa's CPU simulator scans it (an
    element replaces the best so far only when it compares }] #
    !if(!eq(elementOp, "Max"), "greater", "less") # [{: ties keep the
    first, a NaN is never taken after row 0 and never replaced there);
    `tmp` is the NPU's scratch and is not read. docs/ops/col_arg_reduce.md
    has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` src element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` dst i32 or ui32, `}] # mnemonic # [{_c3` tmp of src's element
    type, `}] # mnemonic # [{_c4` src ND or DN, `}] # mnemonic #
    [{_c5` dst ND, `}] # mnemonic #
    [{_c6` dst's valid columns are src's, `}] # mnemonic #
    [{_c7` one valid row in dst, `}] # mnemonic # [{_c8` a non-empty src.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types (src's): the page (pto-isa 3186c381
// docs/isa/<ISA>.md) and the NPU header's static_assert; where they
// disagree, the header.
//===----------------------------------------------------------------------===//

defvar Pto_A2A3RowArgReduceTypes = ["I16", "I32", "F16", "F32"];
defvar Pto_A5RowArgReduceTypes = ["I16", "UI16", "I32", "UI32", "F16", "BF16",
                                  "F32"];
defvar Pto_A2A3ColArgReduceTypes = ["UI16", "UI32", "F16", "F32"];
defvar Pto_A5ColArgReduceTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32",
                                  "F16", "BF16", "F32"];

def Pto_TRowArgMaxOp : Pto_RowArgReduceOp<"trowargmax", "TROWARGMAX", "Max",
    Pto_A2A3RowArgReduceTypes,
    "docs/isa/TROWARGMAX.md; include/pto/npu/a2a3/TRowReduceIdxOps.hpp:41 "
    "(TRowReduceCheck, TRowReduceOps.hpp:197)",
    Pto_A5RowArgReduceTypes,
    "docs/isa/TROWARGMAX.md (any 2- or 4-byte source); "
    "include/pto/npu/a5/TRowReduceIdx.hpp:49 asserts no source type">;
def Pto_TRowArgMinOp : Pto_RowArgReduceOp<"trowargmin", "TROWARGMIN", "Min",
    Pto_A2A3RowArgReduceTypes,
    "docs/isa/TROWARGMIN.md; include/pto/npu/a2a3/TRowReduceIdxOps.hpp:41 "
    "(TRowReduceCheck, TRowReduceOps.hpp:197)",
    Pto_A5RowArgReduceTypes,
    "docs/isa/TROWARGMIN.md (any 2- or 4-byte source); "
    "include/pto/npu/a5/TRowReduceIdx.hpp:49 asserts no source type">;
def Pto_TColArgMaxOp : Pto_ColArgReduceOp<"tcolargmax", "TCOLARGMAX", "Max",
    Pto_A2A3ColArgReduceTypes,
    "docs/isa/TCOLARGMAX.md; include/pto/npu/a2a3/TColReduceIdx.hpp:26",
    Pto_A5ColArgReduceTypes,
    "docs/isa/TCOLARGMAX.md; include/pto/npu/a5/TColReduceIdx.hpp:65 "
    "(b8, b16, b32: bf16 too, which the page leaves out)">;
def Pto_TColArgMinOp : Pto_ColArgReduceOp<"tcolargmin", "TCOLARGMIN", "Min",
    Pto_A2A3ColArgReduceTypes,
    "docs/isa/TCOLARGMIN.md; include/pto/npu/a2a3/TColReduceIdx.hpp:26",
    Pto_A5ColArgReduceTypes,
    "docs/isa/TCOLARGMIN.md; include/pto/npu/a5/TColReduceIdx.hpp:65 "
    "(b8, b16, b32: bf16 too, which the page leaves out)">;

#endif // PTO_ARGREDUCEOPS_TD
