//===- TInterleaveOps.td - tinterleave, tdeinterleave ------*- tablegen -*-===//
#ifndef PTO_TINTERLEAVEOPS_TD
#define PTO_TINTERLEAVEOPS_TD

include "pto/PtoOpBase.td"

def Pto_TInterleaveOp : Pto_TileOp<"tinterleave", [
    AttrSizedOperandSegments, Pto_WritesValidRegion,
    DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "interleave two tiles into two tiles (TINTERLEAVE)";
  let description = [{
    With `vr x vc` the valid shape of dst0, each row of src0 and src1 is
    interleaved into a stream of `2*vc` elements; dst0 gets its first half,
    dst1 its second half:
    `dst0[r,2c] = src0[r,c]`, `dst0[r,2c+1] = src1[r,c]`,
    `dst1[r,2c] = src0[r,c+vc/2]`, `dst1[r,2c+1] = src1[r,c+vc/2]`.
    (The page's introduction says even/odd; its math section and the CPU
    simulator say first/second half, which we follow.)

    ```mlir
    %dst0, %dst1 = pto.tinterleave %src0, %src1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>)
    pto.tinterleave ins(%src0, %src1 : ...) outs(%dst0, %dst1 : ...)
    ```

    Rules: `tinterleave_c1` element types i8 ui8 i16 ui16 i32 ui32 f16 bf16
    f32 (the page lists A5's checks only; we apply them to both targets),
    `tinterleave_c2` one element type for all four tiles, `tinterleave_c3`
    row-major tiles, `tinterleave_c4` equal valid shapes, `tinterleave_c5`
    even valid columns. Static shapes may differ; dynamic valid extents are
    checked by the runtime.
  }];
  let tileIns = (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1);
  let tileOuts = (ins Optional<Pto_TileBufType>:$dst0,
                      Optional<Pto_TileBufType>:$dst1);
}

def Pto_TDeinterleaveOp : Pto_TileOp<"tdeinterleave", [
    AttrSizedOperandSegments, Pto_WritesValidRegion,
    DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "split interleaved tiles back (inverse of TINTERLEAVE)";
  let description = [{
    Two-source form, the exact inverse of `pto.tinterleave`:
    `%d0, %d1 = pto.tdeinterleave %s0, %s1 : (A, A) -> (A, A)`.
    Single-source form: `%d0, %d1 = pto.tdeinterleave %s : S -> (D, D)` with
    `dst0[r,c] = src[r,2c]`, `dst1[r,c] = src[r,2c+1]`.

    ```mlir
    %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 16x64xf32> -> (!pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x32xf32>)
    pto.tdeinterleave ins(%s0, %s1 : ...) outs(%d0, %d1 : ...)
    ```

    Rules: `tdeinterleave_c1` element types as tinterleave,
    `tdeinterleave_c2` one element type, `tdeinterleave_c3` row-major tiles,
    `tdeinterleave_c4` equal valid shapes (single source: dst0 and dst1
    equal, src valid rows equal to dst0's and src valid cols twice dst0's),
    `tdeinterleave_c5` even dst valid columns (single source with dynamic
    dst valid cols: src valid cols a multiple of 4).
  }];
  // The single-source form's source is src0 (called src in messages).
  let tileIns = (ins Pto_AnyTile:$src0, Optional<Pto_AnyTile>:$src1);
  let tileOuts = (ins Optional<Pto_TileBufType>:$dst0,
                      Optional<Pto_TileBufType>:$dst1);
  let tileOpDeclaration = [{
    bool isSingleSource() { return !getSrc1(); }
  }];
}

#endif // PTO_TINTERLEAVEOPS_TD
