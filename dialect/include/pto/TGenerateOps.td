//===- TGenerateOps.td - tci, ttri -------------------------*- tablegen -*-===//
// The ops that write a tile from a scalar alone, in PTOAS's spelling
// (include/PTO/IR/PTOOps.td at a56b18c3: TCIOp :2657, TTriOp :2686; pto-isa
// docs/isa/TCI.md, TTRI.md): no tile operand, the scalar inside `ins(...)`.
#ifndef PTO_TGENERATEOPS_TD
#define PTO_TGENERATEOPS_TD

include "pto/PtoOpBase.td"

def Pto_TCIOp : Pto_TileOp<"tci"> {
  let summary = "write a contiguous integer sequence into a 1-row tile (TCI)";
  let description = [{
    `dst[0, j] = S + j` (`S - j` with `descending = true`) for every valid
    column j of dst, as pto-isa's CPU simulator computes it (include/pto/
    cpu/TCI.hpp:18-27): in int, stored into the element type (an i16
    wraps). The simulator writes row 0 whatever dst's valid rows; every
    other cell keeps its content. An i32 sequence that leaves the range of
    int (undefined in C++) is the run-time failure `int_overflow`.

    ```mlir
    %t = pto.tci %s {descending = true} : (i32) -> !pto.tile<vec, 1x32xi32>
    pto.tci ins(%s {descending = true} : i32) outs(%t : !pto.tile_buf<vec, 1x32xi32>)
    ```

    Rules: `tci_c1` ... `tci_c3` (docs/ops/tci.md).
  }];
  let tileIns = (ins AnySignlessInteger:$S);
  let tileAttrs = (ins DefaultValuedAttr<BoolAttr, "false">:$descending);
}

def Pto_TTriOp : Pto_TileOp<"ttri", [Pto_WritesValidRegion]> {
  let summary = "write a lower or upper triangular mask of ones (TTRI)";
  let description = [{
    For every cell (r, c) of dst's valid region: with `upperOrLower = 0`
    (lower) 1 where `c <= r + diagonal` and 0 elsewhere; with 1 (upper) 1
    where `c >= r + diagonal`, as pto-isa's CPU simulator computes it
    (include/pto/cpu/TTRI.hpp:31-77). A diagonal that takes the simulator's
    `diagonal + r + 1` out of the range of int is the run-time failure
    `int_overflow`.

    ```mlir
    %t = pto.ttri %d {upperOrLower = 1 : i32} : (i32) -> !pto.tile<vec, 32x32xf32>
    pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%t : !pto.tile_buf<vec, 32x32xf32>)
    ```

    Rules: `ttri_c1` ... `ttri_c5` (docs/ops/ttri.md).
  }];
  let tileIns = (ins AnySignlessInteger:$diagonal);
  let tileAttrs = (ins DefaultValuedAttr<I32Attr, "0">:$upperOrLower);
}

#endif // PTO_TGENERATEOPS_TD
