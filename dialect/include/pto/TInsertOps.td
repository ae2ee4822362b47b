//===- TInsertOps.td - windows copied between tiles --------*- tablegen -*-===//
#ifndef PTOINSERTOPS_TD
#define PTOINSERTOPS_TD

include "pto/PtoOpBase.td"

// Attributes both ops share (the library's template modes).
defvar Pto_WindowCopyModes = (ins
    // ReluPreMode::NormalRelu: `v > 0 ? v : 0` in the source type.
    UnitAttr:$relu,
    // f32 -> f16 saturation (a mode bit of the core, not of the quant word).
    UnitAttr:$saturate,
    OptionalAttr<Pto_AccToVecModeAttr>:$acc_to_vec);

// The operands both ops read. An index is of index or integer type
// (tinsert_c1 / textract_c1: the page's `dtype`; the library takes
// uint16_t); quant, when given, is the scalar quant word (i64/ui64) or the
// vector quant tile `fp` (tinsert_c3 / textract_c3).
def Pto_WindowIndex : AnyTypeOf<[Index, AnyInteger], "index or integer">;
def Pto_Quant : AnyTypeOf<[AnyI64, Pto_AnyTile],
    "i64 or ui64 scalar (scalar quant) or tile (vector quant)">;
defvar Pto_WindowCopyIns = (ins Pto_AnyTile:$src, Pto_WindowIndex:$index_row,
                                Pto_WindowIndex:$index_col,
                                Optional<Pto_Quant>:$quant);

def Pto_TInsertOp : Pto_TileOp<"tinsert", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Pto_DestinationInitOpInterface>]> {
  let summary = "insert a tile into a window of another tile (TINSERT)";
  let description = [{
    `dst[ir + r, ic + c] = conv(src[r, c])` for `r < src.valid_rows`,
    `c < src.valid_cols`, where `conv` is the conversion selected by the
    element types and the quant operand (docs/ops/tinsert.md).

    ```mlir
    %d = pto.tinsert %src, %ir, %ic : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    %d = pto.tinsert %src, %ir, %ic into %dst : (...) -> !pto.tile<...>
    %d = pto.tinsert %acc, %ir, %ic, %word {relu} : (!pto.tile<acc, ...>, i16, i16, i64) -> !pto.tile<mat, ...>
    pto.tinsert ins(%src, %ir, %ic : !pto.tile_buf<...>, index, index) outs(%dst : !pto.tile_buf<...>)
    pto.tinsert ins(%acc, %ir, %ic, %fp : ..., !pto.tile_buf<scaling, 1x32xui64>) outs(%dst : ...)
    ```

    Operands: `ins` = [src, index_row, index_col] and optionally `quant`:
    an i64/ui64 scalar word (scalar quant) or an `fp` tile (vector quant);
    `outs` = [dst]. Level 1 without `into`: the result is zero outside the window;
    with `into %dst` (type of the result): `dst` outside the window.
    Attributes: `relu`, `saturate`, `acc_to_vec`
    (`#pto.acc_to_vec<single_vec0|single_vec1|dual_split_m|dual_split_n>`),
    `split` (`#pto.split<split2|split4>`).

    Rules (docs/ops/tinsert.md has the tables):
    `tinsert_c1` indices of index or integer type,
    `tinsert_c2` constant indices within uint16,
    `tinsert_c3` quant is an i64/ui64 scalar or a tile,
    `tinsert_c4` vector quant `fp`: loc=scaling, ui64, 1 row, covers the
    scaled columns,
    `tinsert_c5` (src loc -> dst loc) per target (A2/A3: acc -> mat; A5
    also acc -> vec, vec -> vec, vec -> mat),
    `tinsert_c6` acc src is f32 or i32, NZ,
    `tinsert_c7` acc -> mat dst is NZ (A2/A3: fractal 512),
    `tinsert_c8` A2/A3 acc -> mat: dst cols * sizeof multiple of 32 bytes,
    `tinsert_c9` acc src -> dst element types per quant mode and target,
    `tinsert_c10` acc -> vec dst is NZ, ND or DN,
    `tinsert_c11` `acc_to_vec` only on acc -> vec,
    `tinsert_c12` dual acc_to_vec modes: no quant, no DN dst,
    `tinsert_c13` vec sources: one element type,
    `tinsert_c14` vec sources: element types of the page,
    `tinsert_c15` `relu` only with an acc src,
    `tinsert_c16` `saturate` only on f32 -> f16,
    `tinsert_c17` quant only with an acc src,
    `tinsert_c18` vec -> vec: both ND or both NZ,
    `tinsert_c19` NZ vec -> vec: src cols <= dst cols,
    `tinsert_c20` vec -> mat src is row-major or NZ,
    `tinsert_c21` row-major vec -> mat: src valid cols * sizeof multiple of
    32 bytes,
    `tinsert_c22` `split` only on vec -> mat with an NZ src,
    `tinsert_c23` `index + src valid extent <= dst extent` (static),
    `tinsert_c24` `index + src valid extent <= dst valid extent` (static).
  }];
  let tileIns = Pto_WindowCopyIns;
  let tileInits = (ins Optional<Pto_TileType>:$into);
  let tileAttrs = !con(Pto_WindowCopyModes,
                       (ins OptionalAttr<Pto_SplitModeAttr>:$split));
  // `into %dst` between the operands and the types.
  let useTileOpSyntax = 0;
}

def Pto_TExtractOp : Pto_TileOp<"textract", [
    AttrSizedOperandSegments, Pto_WritesValidRegion]> {
  let summary = "extract a window of a tile (TEXTRACT, inverse of TINSERT)";
  let description = [{
    `dst[r, c] = conv(src[ir + r, ic + c])` for `r < dst.valid_rows`,
    `c < dst.valid_cols`; vector quant scales with `fp[0, ic + c]`.

    ```mlir
    %d = pto.textract %src, %ir, %ic : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
    pto.textract ins(%src, %ir, %ic : !pto.tile_buf<...>, index, index) outs(%dst : !pto.tile_buf<...>)
    ```

    Operands and attributes as `pto.tinsert`, without `into` and `split`.
    Paths: TINSERT's (src loc -> dst loc) pairs and element type tables,
    read with the data moving from src to dst, plus the library's
    mat -> left and mat -> right (docs/ops/textract.md says why).

    Rules: `textract_c1` ... `textract_c21`, `textract_c23`, `textract_c24`
    as `tinsert_cN` with the window on the source side (`textract_c23`:
    `index + dst valid extent <= src extent`, `textract_c24`: `<= src valid
    extent`; `textract_c4`: `fp` covers `index_col + dst valid cols`;
    `textract_c19`: NZ vec -> vec dst cols <= src cols; `textract_c5` adds
    mat -> left/right on both targets, `textract_c14` their element types
    per target), and
    `textract_c22` mat -> left/right src is NZ or ZN.
  }];
  let tileIns = Pto_WindowCopyIns;
  let tileAttrs = Pto_WindowCopyModes;
}

#endif // PTOINSERTOPS_TD
