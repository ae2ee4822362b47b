//===- PtoEnums.td - enums of tile types and op modes ------*- tablegen -*-===//
#ifndef PTO_ENUMS_TD
#define PTO_ENUMS_TD

include "mlir/IR/EnumAttr.td"
include "pto/PtoBase.td"

// Case names are the textual spellings of the PTOAS keyed type form.
def Pto_TileLocation : I32EnumAttr<"TileLocation", "on-chip buffer of a tile", [
    I32EnumAttrCase<"Vec", 0, "vec">, I32EnumAttrCase<"Mat", 1, "mat">,
    I32EnumAttrCase<"Acc", 2, "acc">, I32EnumAttrCase<"Left", 3, "left">,
    I32EnumAttrCase<"Right", 4, "right">, I32EnumAttrCase<"Bias", 5, "bias">,
    I32EnumAttrCase<"Scaling", 6, "scaling">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def Pto_BLayout : I32EnumAttr<"BLayout", "base layout of a tile", [
    I32EnumAttrCase<"RowMajor", 0, "row_major">,
    I32EnumAttrCase<"ColMajor", 1, "col_major">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def Pto_SLayout : I32EnumAttr<"SLayout", "secondary (fractal box) layout", [
    I32EnumAttrCase<"NoneBox", 0, "none_box">,
    I32EnumAttrCase<"RowMajor", 1, "row_major">,
    I32EnumAttrCase<"ColMajor", 2, "col_major">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

// The integer values are the ones PTOAS prints in `pad=N`.
def Pto_PadValue : I32EnumAttr<"PadValue", "pad value policy of a tile", [
    I32EnumAttrCase<"Null", 0, "null">, I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Op modes (attributes of tinsert/textract)
//===----------------------------------------------------------------------===//

// The library's AccToVecMode: which vector core(s) an acc -> vec move feeds.
def Pto_AccToVecMode : I32EnumAttr<"AccToVecMode", "acc -> vec placement mode", [
    I32EnumAttrCase<"SingleVec0", 0, "single_vec0">,
    I32EnumAttrCase<"SingleVec1", 1, "single_vec1">,
    I32EnumAttrCase<"DualSplitM", 2, "dual_split_m">,
    I32EnumAttrCase<"DualSplitN", 3, "dual_split_n">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_AccToVecModeAttr : EnumAttr<Pto_Dialect, Pto_AccToVecMode, "acc_to_vec"> {
  let assemblyFormat = "`<` $value `>`";
}

// The library's TInsertMode: an NZ vec -> mat insert in 2 or 4 transfers.
def Pto_SplitMode : I32EnumAttr<"SplitMode", "NZ split insert mode", [
    I32EnumAttrCase<"Split2", 2, "split2">,
    I32EnumAttrCase<"Split4", 4, "split4">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_SplitModeAttr : EnumAttr<Pto_Dialect, Pto_SplitMode, "split"> {
  let assemblyFormat = "`<` $value `>`";
}

// The layout of a global tensor (PTOAS's `#pto.layout<nd>` on
// pto.make_tensor_view; pto-isa's Layout::ND/DN/NZ, include/pto/common/
// type.hpp:165): how a partition's dimensions map onto a tile's rows and
// columns.
def Pto_GlobalLayout : I32EnumAttr<"GlobalLayout", "layout of a global tensor", [
    I32EnumAttrCase<"ND", 0, "nd">, I32EnumAttrCase<"DN", 1, "dn">,
    I32EnumAttrCase<"NZ", 2, "nz">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_GlobalLayoutAttr : EnumAttr<Pto_Dialect, Pto_GlobalLayout, "layout"> {
  let assemblyFormat = "`<` $value `>`";
}

// pto.tcvt's modes, as PTOAS spells them (include/PTO/IR/PTOAttrs.td:357-383,
// `#pto<round_mode ROUND>`, `#pto<saturation_mode ON>`); the library's
// RoundMode (include/pto/common/type.hpp:251) has no RINT/CAST_RINT pair:
// PTOAS writes both as RoundMode::CAST_RINT (PTOToEmitC.cpp:6547-6558).
def Pto_RoundMode : I32EnumAttr<"RoundMode", "tcvt rounding mode", [
    I32EnumAttrCase<"None", 0, "NONE">, I32EnumAttrCase<"Rint", 1, "RINT">,
    I32EnumAttrCase<"Round", 2, "ROUND">, I32EnumAttrCase<"Floor", 3, "FLOOR">,
    I32EnumAttrCase<"Ceil", 4, "CEIL">, I32EnumAttrCase<"Trunc", 5, "TRUNC">,
    I32EnumAttrCase<"Odd", 6, "ODD">,
    I32EnumAttrCase<"CastRint", 7, "CAST_RINT">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
// EnumAttr's own syntax, `#pto<round_mode ROUND>`, as PTOAS writes it.
def Pto_RoundModeAttr : EnumAttr<Pto_Dialect, Pto_RoundMode, "round_mode">;
// The library's SaturationMode (include/pto/common/type.hpp:327).
def Pto_SaturationMode : I32EnumAttr<"SaturationMode", "tcvt saturation mode", [
    I32EnumAttrCase<"On", 0, "ON">, I32EnumAttrCase<"Off", 1, "OFF">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_SaturationModeAttr
    : EnumAttr<Pto_Dialect, Pto_SaturationMode, "saturation_mode">;

#endif // PTO_ENUMS_TD
