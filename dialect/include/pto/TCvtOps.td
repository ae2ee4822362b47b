//===- TCvtOps.td - tcvt -----------------------------------*- tablegen -*-===//
#ifndef PTO_TCVTOPS_TD
#define PTO_TCVTOPS_TD

include "pto/PtoOpBase.td"
include "pto/PtoEnums.td"

def Pto_TCvtOp : Pto_TileOp<"tcvt", [AttrSizedOperandSegments, Elementwise,
    Pto_WritesValidRegion,
    DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "convert a tile's elements to another element type (TCVT)";
  let description = [{
    `dst[i, j] = cvt(src[i, j])` over dst's valid region, as pto-isa's CPU
    simulator converts (include/pto/cpu/TCvt.hpp): `rmode` rounds a float
    to an integer (and only then); `sat_mode = ON` first clamps the source
    value to the range both types hold. A value the simulator's C++ cast
    leaves undefined (NaN or out of range into an integer) is the run-time
    failure `conversion_undefined` on the host engines.
    Other elements of dst keep their content. PTOAS's spelling:

    ```mlir
    %d = pto.tcvt %src {rmode = #pto<round_mode ROUND>} : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32>
    pto.tcvt ins(%src {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
    ```

    `tmp` (PTOAS's optional scratch tile of the A2/A3 non-saturating
    narrowings) is accepted and not read.

    Rules: `tcvt_c1` src -> dst element types per target, `tcvt_c2` equal
    shapes, `tcvt_c3` equal valid shapes, `tcvt_c4` vec tiles
    (docs/ops/tcvt.md).
  }];
  let tileIns = (ins Pto_AnyTile:$src, Optional<Pto_AnyTile>:$tmp);
  let tileAttrs = (ins DefaultValuedAttr<Pto_RoundModeAttr,
                                         "::mlir::pto::RoundMode::CastRint">:$rmode,
                       OptionalAttr<Pto_SaturationModeAttr>:$sat_mode);
}

#endif // PTO_TCVTOPS_TD
