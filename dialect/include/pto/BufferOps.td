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

    `addr` is PTOAS's manual placement (docs/ptoas.md): a constant i64 byte
    address, checked as `pto.tassign`'s (tassign_c1, tassign_c2). The
    canonicalizer, `pto-plan-memory` and the interpreter read it as the
    `pto.tassign` it stands for.

    ```mlir
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    %d = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=16x?>
    %c = arith.constant 4096 : i64
    %p = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 16x64xf32>
    ```
  }];
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs Pto_TileBufType:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)?
    (`valid_col` `=` $valid_col^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The value of the `addr` operand (a constant, as the verifier checks);
    /// std::nullopt without one.
    std::optional<int64_t> getConstantAddr();
    /// Rewrites an `addr` placement as this op without `addr` and a
    /// `pto.tassign` right after it, which it returns.
    TAssignOp splitPlacement(::mlir::RewriterBase &rewriter);
    /// splitPlacement on every alloc_tile with `addr` nested in `root`, for
    /// the passes that read placements as pto.tassign.
    static void splitPlacements(::mlir::Operation *root);
  }];
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
  let extraClassDeclaration = [{
    /// Whether this places a pto.alloc_tile of its own block, placed by no
    /// `addr`, that no op before it in the block uses (a use inside an op's
    /// regions counting as that op's): the tile is then the bytes at the
    /// address, as pto-isa's TASSIGN binds a tile and moves no byte
    /// (include/pto/cpu/TAssign.hpp:28). The one test of the interpreter
    /// (through the C API) and of the JIT's placement (Placement.cpp).
    bool placesBeforeFirstUse();
  }];
}

def Pto_SetValidShapeOp : Pto_Op<"set_validshape", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "set the run-time valid rows and columns of a tile buffer";
  let description = [{
    PTOAS's op (include/PTO/IR/PTOOps.td:316-342 at a56b18c3): from here on
    the buffer `tile`, whose type's valid shape is `?x?`, has `valid_row`
    valid rows and `valid_col` valid columns, for every op that reads it
    after this one in the run (in a branch or a loop body too). No byte
    moves, no new buffer: pto-isa's `Tile::SetValidShape`
    (include/pto/common/pto_tile.hpp:1632-1637), which PTOAS emits.

    ```mlir
    %t = pto.alloc_tile valid_row = %c32 valid_col = %c32
        : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
    pto.set_validshape %t, %c16, %c24 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
    ```

    Rules (docs/ops/buffers.md): `set_validshape_c1` both valid extents of
    the type are `?`, `set_validshape_c2` `tile` is a `pto.alloc_tile` of
    the function (no argument, no result of a call or a loop),
    `set_validshape_c3` a constant `valid_row` lies in 0..rows and
    `set_validshape_c4` a constant `valid_col` in 0..cols; at run time both
    engines check the extents that are not constants
    (valid_extent_out_of_range). It writes the buffer's valid shape:
    `MemWrite`, so that no pass moves a read of it across.
  }];
  let arguments = (ins Pto_TileBufType:$tile, Index:$valid_row,
                       Index:$valid_col);
  let assemblyFormat = [{
    $tile `,` $valid_row `,` $valid_col attr-dict `:` qualified(type($tile))
  }];
  let hasVerifier = 1;
}

#endif // PTO_BUFFEROPS_TD
