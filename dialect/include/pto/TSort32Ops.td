//===- TSort32Ops.td - tsort32 -----------------------------*- tablegen -*-===//
#ifndef PTO_TSORT32OPS_TD
#define PTO_TSORT32OPS_TD

include "pto/PtoOpBase.td"

def Pto_TSort32Op : Pto_TileOp<"tsort32", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
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
  // idx and tmp: the hardware form's; dst_idx: the page form's idx
  // destination.
  let tileIns = (ins Pto_AnyTile:$src, Optional<Pto_AnyTile>:$idx,
                     Optional<Pto_AnyTile>:$tmp);
  let tileOuts = (ins Optional<Pto_TileBufType>:$dst,
                      Optional<Pto_TileBufType>:$dst_idx);
  let tileOpDeclaration = [{
    /// The ISA page's form (pto-isa docs/isa/TSORT32.md): `ins [src]`,
    /// destinations `[dst, idx]`.
    bool isPageForm() { return !getIdx(); }
  }];
}

#endif // PTO_TSORT32OPS_TD
