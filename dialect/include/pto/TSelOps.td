//===- TSelOps.td - tsel, tsels ----------------------------*- tablegen -*-===//
// PTOAS's selects by a mask tile (include/PTO/IR/PTOOps.td at a56b18c3:
// TSelOp :5148, TSelSOp :5185; pto-isa docs/isa/TSEL.md, TSELS.md), in its
// operand order; tmp is read by neither the simulator nor the A5 code.
#ifndef PTO_TSELOPS_TD
#define PTO_TSELOPS_TD

include "pto/PtoOpBase.td"

def Pto_TSelOp : Pto_TileOp<"tsel", [Pto_WritesValidRegion]> {
  let summary = "select src0 or src1 per element by a packed mask (TSEL)";
  let description = [{
    For every cell of dst's valid region, in row-major order, the next bit
    of the mask (bits 0..7 of each mask element, least significant first,
    the elements of a mask row up to its valid columns, then the next row)
    picks `src0[r, c]` (1) or `src1[r, c]` (0), as pto-isa's CPU simulator
    reads it (include/pto/cpu/TSel.hpp:21-45). Other cells keep their
    content.

    ```mlir
    %d = pto.tsel %m, %a, %b, %tmp : (!pto.tile<vec, 2x128xui8, valid=2x16>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
    pto.tsel ins(%m, %a, %b, %tmp : ...) outs(%d : !pto.tile_buf<vec, 2x128xf32>)
    ```

    Rules: `tsel_c1` ... `tsel_c5` (docs/ops/tsel.md).
  }];
  let tileIns = (ins Pto_AnyTile:$mask, Pto_AnyTile:$src0, Pto_AnyTile:$src1,
                     Pto_AnyTile:$tmp);
}

def Pto_TSelSOp : Pto_TileOp<"tsels", [Pto_WritesValidRegion]> {
  let summary = "select src or a scalar per element by a packed mask (TSELS)";
  let description = [{
    For every cell (r, c) of dst's valid region: `src[r, c]` where bit
    `c % B` of mask element `(r, c / B)` is 1 (B the mask element's bits),
    else `scalar`, as pto-isa's CPU simulator computes it (include/pto/cpu/
    TSelS.hpp:21-41). Other cells keep their content.

    ```mlir
    %d = pto.tsels %m, %s, %tmp, %x : (!pto.tile<vec, 16x32xui8>, !pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>, f32) -> !pto.tile<vec, 16x64xf32>
    ```

    Rules: `tsels_c1` ... `tsels_c6` (docs/ops/tsels.md).
  }];
  let tileIns = (ins Pto_AnyTile:$mask, Pto_AnyTile:$src, Pto_AnyTile:$tmp,
                     AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$scalar);
}

#endif // PTO_TSELOPS_TD
