//===- TOrOps.td - tor -------------------------------------*- tablegen -*-===//
#ifndef PTO_TOROPS_TD
#define PTO_TOROPS_TD

include "pto/PtoOpBase.td"

// Elementwise: dst[i, j] depends on the sources' [i, j] only, so the
// destination may be one of the sources (pto-ssa-to-dps writes in place).
def Pto_TOrOp : Pto_TileOp<"tor", [Elementwise, Pto_WritesValidRegion,
                                        DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "elementwise bitwise OR of two tiles (TOR)";
  let description = [{
    `dst[i, j] = src0[i, j] | src1[i, j]` over dst's valid region; other
    elements of dst keep their content.

    ```mlir
    %dst = pto.tor %src0, %src1 : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    pto.tor ins(%src0, %src1 : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%dst : !pto.tile_buf<vec, 16x32xi16>)
    ```

    Rules: `tor_c1` element types per target (A2/A3: 1- or 2-byte
    integers; A5: i8 ui8 i16 ui16 i32 ui32), `tor_c2` one element type,
    `tor_c3` row-major tiles, `tor_c4` equal valid shapes.
  }];
  let tileIns = (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1);
}

#endif // PTO_TOROPS_TD
