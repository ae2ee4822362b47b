//===- TPrintOps.td - tprint -------------------------------*- tablegen -*-===//
// PTOAS's debug print (include/PTO/IR/PTOOps.td at a56b18c3, TPrintOp;
// pto-isa docs/isa/TPRINT.md): the Level 2 form, a tile buffer or a window
// of global memory.
#ifndef PTO_TPRINTOPS_TD
#define PTO_TPRINTOPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"

def Pto_TPrintOp : Pto_Op<"tprint"> {
  let summary = "print a tile buffer or a global window (TPRINT, debug only)";
  let description = [{
    Prints the valid region of `src` as pto-isa's TPRINT does.

    ```mlir
    pto.tprint ins(%t : !pto.tile_buf<vec, 16x16xf32>)
    ```

    Rules: `tprint_c1`, `tprint_c2` (docs/ops/tprint.md).
  }];
  let arguments = (ins AnyTypeOf<[Pto_TileBufType,
                                  Pto_PartitionTensorViewType]>:$src);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

#endif // PTO_TPRINTOPS_TD
