//===- BufferOps.td - tile buffers and placement -----------*- tablegen -*-===//
#ifndef PTO_BUFFEROPS_TD
#define PTO_BUFFEROPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// Buffers and placement
//===----------------------------------------------------------------------===//

def Pto_AllocTileOp : Pto_Op<"alloc_tile", [
    MemoryEffects<[MemAlloc<DefaultResource>]>, AttrSizedOperandSegments]> {
  let summary = "allocate a tile buffer";
  let description = [{
    Declares a Level 2 tile buffer. A valid-shape dimension written `?` in the
    result type takes its runtime value from an operand (`valid_row`,
    `valid_col`), and only then. Placement is left to `pto-plan-memory`
    (auto mode) or given by `pto.tassign` (manual mode).

    ```mlir
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    %d = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=16x?>
    ```
  }];
  let arguments = (ins Optional<Index>:$valid_row, Optional<Index>:$valid_col);
  let results = (outs Pto_TileBufType:$result);
  let assemblyFormat = [{
    (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)? attr-dict
    `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Pto_TAssignOp : Pto_Op<"tassign"> {
  let summary = "bind a tile to an on-chip address (manual placement)";
  let description = [{
    Manual mode: places `tile` at byte address `addr` of its location's
    buffer. The printer writes the tile's type; the ISA's form
    (pto-isa docs/isa/TASSIGN.md), without it, is accepted for a tile defined earlier:

    ```mlir
    pto.tassign %t, @tile(0x1000) : !pto.tile_buf<vec, 16x64xf32>
    pto.tassign %t, @tile(0x1000)
    ```

    `pto-plan-memory` checks that two live tiles placed this way do not
    overlap.
  }];
  let arguments = (ins Pto_AnyTile:$tile, I64Attr:$addr);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // PTO_BUFFEROPS_TD
