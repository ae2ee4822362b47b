//===- TMovOps.td - tmov -----------------------------------*- tablegen -*-===//
#ifndef PTO_TMOVOPS_TD
#define PTO_TMOVOPS_TD

include "pto/PtoOpBase.td"

def Pto_TMovOp : Pto_OneInOneOutTileOp<"tmov", Pto_AnyTile,
                                       [Elementwise, Pto_WritesValidRegion,
                                        DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "copy a tile (TMOV: vec -> vec, mat -> left, mat -> right, acc -> vec)";
  let description = [{
    `dst[i, j] = src[i, j]` over dst's valid region; other elements of dst
    keep their content. The exporter to PTOAS writes it for a tile copy;
    mat -> left / right moves an NZ or ZN tile into the cube's layouts;
    acc -> vec (A5) converts each element to dst's type as a C++ cast of
    the simulator does (include/pto/cpu/TMov.hpp:27-31: f32 -> f16/bf16
    rounded to nearest even).

    ```mlir
    %dst = pto.tmov %src : !pto.tile<vec, 16x32xf32> -> !pto.tile<vec, 16x32xf32>
    pto.tmov ins(%src : !pto.tile_buf<vec, 16x32xf32>) outs(%dst : !pto.tile_buf<vec, 16x32xf32>)
    ```

    Rules: `tmov_c1` ... `tmov_c10` (docs/ops/tmov.md).
  }];
}

#endif // PTO_TMOVOPS_TD
