//===- TGatherOps.td - tgather -----------------------------*- tablegen -*-===//
#ifndef PTO_TGATHEROPS_TD
#define PTO_TGATHEROPS_TD

include "pto/PtoOpBase.td"
include "pto/PtoasEnums.td"

def Pto_TGatherOp : Pto_TileOp<"tgather", [AttrSizedOperandSegments]> {
  let summary = "gather a tile's elements by index or by a mask pattern (TGATHER)";
  let description = [{
    Three forms, told apart by their operands (PTOAS's spelling,
    include/PTO/IR/PTOOps.td:3732; pto-isa docs/isa/TGATHER.md):

    Index form, `ins [src, indices, tmp]`: for each cell (r, c) of dst's
    valid region, `dst[r,c] = src` at the flat row-major position
    `indices[r,c]` of src's whole `rows x cols`; an index outside it gives
    0, as the simulator defines it (include/pto/cpu/TGather.hpp:103-105).
    tmp is the NPU's scratch.
    ```mlir
    %dst = pto.tgather %src, %idx, %tmp : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xi32>, !pto.tile<vec, 1x32xi32>) -> !pto.tile<vec, 1x32xf16>
    pto.tgather ins(%src, %idx, %tmp : ...) outs(%dst : ...)
    ```

    Mask form, `ins [src]` and `maskPattern`: the elements of each valid
    row of src whose column the pattern selects (P0101: even columns, P1010:
    odd, P0001 .. P1000: one in four, P1111: all), row after row, written
    one after another from dst's first element on (the same bits: dst's
    element type has src's width).
    ```mlir
    %dst = pto.tgather %src {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile<vec, 2x32xf32> -> !pto.tile<vec, 1x32xf32>
    pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : ...) outs(%dst : ...)
    ```

    Compare form (PTOAS's), `ins [src, kValue, tmp]`, `outs [dst, cdst]`,
    `cmpMode` (eq when not given) and `offset`: read and verified with
    PTOAS's rules; no engine runs it (pto-isa's simulator has no compare
    form, docs/ops/tgather.md).

    Rules `tgather_c1` .. `tgather_c17`: docs/ops/tgather.md.
  }];
  // src1: the index form's indices (a tile) or the compare form's kValue (a
  // scalar), as pto-isa's TGATHER(dst, src0, src1, tmp) names it.
  let tileIns = (ins Pto_AnyTile:$src,
                     Optional<AnyTypeOf<[Pto_AnyTile, AnySignlessInteger,
                                         AnyFloat]>>:$src1,
                     Optional<Pto_AnyTile>:$tmp);
  let tileOuts = (ins Optional<Pto_TileBufType>:$dst,
                      Optional<Pto_TileBufType>:$cdst);
  let tileAttrs = (ins OptionalAttr<Pto_MaskPatternAttr>:$maskPattern,
                       OptionalAttr<Pto_CmpModeAttr>:$cmpMode,
                       OptionalAttr<I32Attr>:$offset);
  // PTOAS writes the mask form's attribute inside `ins(...)` after a comma.
  let useTileOpSyntax = 0;
  let tileOpDeclaration = [{
    /// The mask form: `ins [src]` with a maskPattern.
    bool isMaskForm() { return getMaskPatternAttr() != nullptr; }
    /// The compare form: a scalar kValue, or a cdst destination.
    bool isCompareForm() {
      return (getSrc1() && !::llvm::isa<::mlir::pto::TileLikeType>(
                               getSrc1().getType())) ||
             getCdst() || (*this)->getNumResults() == 2;
    }
    /// The index form's indices, else null.
    ::mlir::Value getIndices() {
      return isCompareForm() || isMaskForm() ? ::mlir::Value() : getSrc1();
    }
  }];
}

#endif // PTO_TGATHEROPS_TD
