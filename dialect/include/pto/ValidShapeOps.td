//===- ValidShapeOps.td - valid_shape ----------------------*- tablegen -*-===//
#ifndef PTO_VALIDSHAPEOPS_TD
#define PTO_VALIDSHAPEOPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// It reads what pto.set_validshape writes (MemRead): no pass moves it across
// one, or merges it with a read before one.
def Pto_ValidShapeOp : Pto_Op<"valid_shape", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the valid rows and columns of a tile";
  let description = [{
    The valid shape of `tile` (a `!pto.tile` value or a `!pto.tile_buf`
    buffer) as two `index` values, rows then columns: the type's extent
    where it is static (the folder makes those constants), the value the
    tile carries where it is `?` (at this point of the run: after a
    `pto.set_validshape` of the buffer, the extents it set). It is no PTO instruction (pto-isa's tiles
    answer `GetValidRow()` and `GetValidCol()`); pto-ssa-to-dps makes it to
    allocate the buffer of a result with a dynamic valid shape
    (ResultValidShapeOpInterface) and to return such a result's extents.

    ```mlir
    %rows, %cols = pto.valid_shape %t : !pto.tile_buf<vec, 16x32xf32, valid=?x32>
    ```
  }];
  let arguments = (ins Pto_AnyTile:$tile);
  let results = (outs Index:$rows, Index:$cols);
  let assemblyFormat = "$tile attr-dict `:` qualified(type($tile))";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The valid rows and columns of `tile`: the index attribute of each
    /// static extent, and for `?` ones the results of this op, built at
    /// `builder`'s insertion point.
    static std::array<::mlir::OpFoldResult, 2>
    buildExtents(::mlir::OpBuilder &builder, ::mlir::Location loc,
                 ::mlir::Value tile);
    /// `extent` * `factor` / `divisor` (unsigned), folded when `extent` is
    /// an attribute, else arith ops built at `builder`'s insertion point.
    static ::mlir::OpFoldResult
    scaleExtent(::mlir::OpBuilder &builder, ::mlir::Location loc,
                ::mlir::OpFoldResult extent, int64_t factor, int64_t divisor);
    /// The product of `extents` (non-negative), folded as far as they are
    /// attributes; 0 when the exact product exceeds int64 (the op that
    /// determines an extent so checks and reports the overflow itself).
    static ::mlir::OpFoldResult
    multiplyExtents(::mlir::OpBuilder &builder, ::mlir::Location loc,
                    ::llvm::ArrayRef<::mlir::OpFoldResult> extents);
  }];
}

#endif // PTO_VALIDSHAPEOPS_TD
