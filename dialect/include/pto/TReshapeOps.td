//===- TReshapeOps.td - treshape ---------------------------*- tablegen -*-===//
#ifndef PTO_TRESHAPEOPS_TD
#define PTO_TRESHAPEOPS_TD

include "pto/PtoOpBase.td"

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
  let tileIns = (ins Pto_AnyTile:$src);
}

#endif // PTO_TRESHAPEOPS_TD
