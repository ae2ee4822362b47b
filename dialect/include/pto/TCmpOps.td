//===- TCmpOps.td - tcmp, tcmps ----------------------------*- tablegen -*-===//
// PTOAS's compares into a packed mask tile (include/PTO/IR/PTOOps.td at
// a56b18c3: TCmpOp :2715, TCmpSOp :2750; pto-isa docs/isa/TCMP.md,
// TCMPS.md), in its operand order, the mode an attribute (eq by default).
#ifndef PTO_TCMPOPS_TD
#define PTO_TCMPOPS_TD

include "pto/PtoOpBase.td"
include "pto/PtoasEnums.td"

def Pto_TCmpOp : Pto_TileOp<"tcmp", [Pto_WritesWholeTile]> {
  let summary = "compare two tiles into a packed mask (TCMP)";
  let description = [{
    dst is cleared, then for every valid row r of src0 and every word w of
    dst's valid columns that holds one of src0's valid columns, bit b of
    `dst[r, w]` is `src0[r, c] <cmpMode> src1[r, c]` for `c = w * B + b`
    below src0's valid columns, B the bits of dst's element (8 for ui8, 32
    for ui32), as pto-isa's CPU simulator writes it (include/pto/cpu/
    TCmp.h:41-77). A mask of ui8 with 8 bits per valid cell of each row is
    what tsel reads back.

    ```mlir
    %m = pto.tcmp %a, %b {cmpMode = #pto<cmp lt>} : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x32xui8, valid=4x4>
    pto.tcmp ins(%a, %b {cmpMode = #pto<cmp lt>} : ...) outs(%m : ...)
    ```

    Rules: `tcmp_c1` ... `tcmp_c7` (docs/ops/tcmp.md).
  }];
  let tileIns = (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1);
  let tileAttrs = (ins DefaultValuedAttr<Pto_CmpModeAttr,
                                         "::mlir::pto::CmpMode::EQ">:$cmpMode);
}

def Pto_TCmpSOp : Pto_TileOp<"tcmps", [Pto_WritesWholeTile]> {
  let summary = "compare a tile with a scalar into a packed mask (TCMPS)";
  let description = [{
    The compares `src[r, c] <cmpMode> scalar` of src's valid region (0
    elsewhere) packed 8 to a byte, `cols / 8` bytes for each of src's
    `rows` (its static shape), one stream of bytes that fills dst's valid
    region row by row; every other cell of dst is 0, as pto-isa's CPU
    simulator writes it (include/pto/cpu/TCmps.hpp:54-93). eq and ne take
    two values within 1e-9 of each other (in double) as equal.

    ```mlir
    %m = pto.tcmps %a, %s {cmpMode = #pto<cmp gt>} : (!pto.tile<vec, 4x32xf32>, f32) -> !pto.tile<vec, 4x32xui8, valid=4x4>
    pto.tcmps ins(%a, %s {cmpMode = #pto<cmp gt>} : ...) outs(%m : ...)
    ```

    Rules: `tcmps_c1` ... `tcmps_c7` (docs/ops/tcmps.md).
  }];
  let tileIns = (ins Pto_AnyTile:$src,
                     AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$scalar);
  let tileAttrs = (ins DefaultValuedAttr<Pto_CmpModeAttr,
                                         "::mlir::pto::CmpMode::EQ">:$cmpMode);
}

#endif // PTO_TCMPOPS_TD
