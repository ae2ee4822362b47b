//===- PtoLayoutOps.td - tiles rearranged ------------------*- tablegen -*-===//
#ifndef PTO_LAYOUTOPS_TD
#define PTO_LAYOUTOPS_TD

include "pto/PtoOpBase.td"

def Pto_TInterleaveOp : Pto_TileOp<"tinterleave"> {
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
  let extraClassDeclaration = [{
    ::mlir::Value getSrc0() { return getIns()[0]; }
    ::mlir::Value getSrc1() { return getIns()[1]; }
  }];
}

def Pto_TDeinterleaveOp : Pto_TileOp<"tdeinterleave"> {
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
  let extraClassDeclaration = [{
    bool isSingleSource() { return getIns().size() == 1; }
  }];
}

def Pto_TReshapeOp : Pto_TileOp<"treshape", [
    DeclareOpInterfaceMethods<Pto_TileViewOpInterface>]> {
  let summary = "reinterpret the bytes of a tile as another tile type (TRESHAPE)";
  let description = [{
    The whole static storage of src (`rows*cols*sizeof` bytes, valid region
    or not) read as dst's type; dst keeps its own valid shape. Three forms:

    ```mlir
    // Level 1 view: a new tile value over the same bytes.
    %d = pto.treshape %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x32xf32>
    // Buffer view: %d aliases the bytes of the buffer %s.
    %d = pto.treshape %s : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 8x32xf32>
    // Copy (the page's DPS form): reads %s, writes all of %d's bytes.
    pto.treshape ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
    ```

    The view forms have no memory effects and report their source through
    TileViewOpInterface; the copy form is no view.

    Rules: `treshape_c1` same location, `treshape_c2` equal total bytes
    (`rows*cols*sizeof`), `treshape_c3` no change between boxed
    (slayout != none_box) and non-boxed layouts, `treshape_c4` element types
    identical, both integer or both floating point (the CPU simulator rejects
    int <-> float), `treshape_c5` a view keeps the level (!pto.tile ->
    !pto.tile, !pto.tile_buf -> !pto.tile_buf).
  }];
  // The buffer view returns a !pto.tile_buf.
  let results = (outs Variadic<Pto_AnyTile>:$results);
  let extraClassDeclaration = [{
    ::mlir::Value getSrc() { return getIns()[0]; }
  }];
}

def Pto_TSort32Op : Pto_TileOp<"tsort32"> {
  let summary = "sort 32-element blocks of each row with their indices (TSORT32)";
  let description = [{
    Each row of src is sorted in blocks of 32 columns (the last block may be
    shorter), by value descending, stably, ties by index ascending. Two forms:

    Page form, `ins [src]`, destinations `[dst, idx]`: `dst[r,k]` the k-th
    value of its block, `idx[r,k]` its source column (ui32).
    ```mlir
    %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 1x32xf32> -> (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>)
    pto.tsort32 ins(%src : ...) outs(%dst, %idx : ...)
    ```

    Hardware form (the library's `TSORT32(dst, src, idx[, tmp])`), `ins
    [src, idx]` or `[src, idx, tmp]`, destination `[dst]`: idx is an input
    permuted with the values; dst receives 8-byte records, `[value, idx]`
    for 32-bit types (2 columns each), `[value, 0, idx]` for 16-bit types (4
    columns each); tmp is scratch.
    ```mlir
    %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
    pto.tsort32 ins(%src, %idx, %tmp : ...) outs(%dst : ...)
    ```

    Rules: `tsort32_c1` dst element type f16 or f32, `tsort32_c2` src
    element type equal to dst's, `tsort32_c3` idx element type ui32,
    `tsort32_c4` dst, src and idx in loc=vec, `tsort32_c5` dst, src and idx
    row-major, `tsort32_c6` src and idx valid shapes equal, `tsort32_c7`
    dst width (hardware form: dst cols >= records per row * columns per
    record = src valid cols * 2 (32-bit) or * 4 (16-bit); page form: dst
    valid cols equal src's), `tsort32_c8` dst valid rows (the rows sorted)
    within src's (hardware form: at most src's; page form: equal).
  }];
  let extraClassDeclaration = [{
    /// The pages' form: `ins [src]`, destinations `[dst, idx]`.
    bool isPageForm() { return getIns().size() == 1; }
    ::mlir::Value getSrc() { return getIns()[0]; }
  }];
}

#endif // PTO_LAYOUTOPS_TD
