//===- GlobalMemoryOps.td - global tensors, tload, tstore --*- tablegen -*-===//
// Global memory in PTOAS's spelling (its include/PTO/IR/PTOOps.td): a kernel
// takes `!pto.ptr<T>` arguments, wraps them in tensor views, takes windows
// (partitions) of those, loads tiles from windows and stores tiles to them.
// Pages: pto-isa docs/isa/tile/ops/view-and-tile-buf/make-tensor-view.md,
// partition-view.md, docs/isa/TLOAD.md, docs/isa/TSTORE.md.
#ifndef PTO_GLOBALMEMORYOPS_TD
#define PTO_GLOBALMEMORYOPS_TD

include "pto/PtoOpBase.td"
include "pto/PtoasEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Pto_MakeTensorViewOp : Pto_Op<"make_tensor_view", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "a global tensor from a pointer, extents and strides";
  let description = [{
    Describes the global tensor at `ptr`: its extents and its strides in
    elements, outermost first. It touches no memory. The result type's
    layout (nd, dn) says how windows map onto tiles (docs/semantics.md).
    PTOAS writes it as a `layout` attribute instead, with the view types
    naming none; pto-view-layouts moves it into the types.

    ```mlir
    %tv = pto.make_tensor_view %ptr, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xf32>
    %tv = pto.make_tensor_view %ptr, shape = [%c32, %c32], strides = [%c1, %c32] : !pto.tensor_view<32x32xf32, dn>
    %tv = pto.make_tensor_view %ptr, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<32x32xf32>
    ```

    Rules: `make_tensor_view_c1` ... `_c5` (docs/ops/make_tensor_view.md).
  }];
  let arguments = (ins Pto_PtrType:$ptr, Variadic<Index>:$shape,
                       Variadic<Index>:$strides,
                       OptionalAttr<Pto_GlobalLayoutAttr>:$layout);
  let results = (outs Pto_TensorViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The tensor's layout: its type's, else PTOAS's attribute.
    std::optional<::mlir::pto::GlobalLayout> getViewLayout();
  }];
}

def Pto_PartitionViewOp : Pto_Op<"partition_view", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "a window of a global tensor";
  let description = [{
    `result = source[offsets : offsets + sizes]`, per dimension. It touches
    no memory; the window must lie inside the tensor when it is loaded or
    stored (checked at run time).

    ```mlir
    %pv = pto.partition_view %tv, offsets = [%r, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
    ```

    Rules: `partition_view_c1` ... `_c6` (docs/ops/partition_view.md).
  }];
  let arguments = (ins Pto_TensorViewType:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs Pto_PartitionTensorViewType:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]`
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Pto_TLoadOp : Pto_OneInOneOutTileOp<"tload", Pto_PartitionTensorViewType,
                                        [Pto_WritesWholeTile,
                                         DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>]> {
  let summary = "load a tile from a window of a global tensor (TLOAD)";
  let description = [{
    Fills the whole destination tile with its pad value, then copies the
    window into its valid region: `dst[i, j] = src[i, j]`, the window's
    dimensions flattened onto rows and columns by its layout
    (docs/semantics.md#tload).

    ```mlir
    %t = pto.tload %pv : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
    pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf32>) outs(%b : !pto.tile_buf<vec, 16x32xf32>)
    ```

    Rules: `tload_c1` ... `tload_c7` (docs/ops/tload.md).
  }];
  // Its effects are its own (GlobalMemoryOps.cpp): it reads global memory at
  // both levels, which tstore writes.
  let useTileOpEffects = 0;
}

def Pto_TStoreOp : Pto_Op<"tstore", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "store a tile into a window of a global tensor (TSTORE)";
  let description = [{
    Copies the source tile's valid region into the window:
    `dst[i, j] = src[i, j]` (docs/semantics.md#tstore). It has no result
    at either level: the global tensor is the caller's array.

    ```mlir
    pto.tstore %t, %pv : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
    pto.tstore ins(%b : !pto.tile_buf<vec, 16x32xf32>) outs(%pv : !pto.partition_tensor_view<16x32xf32>)
    ```

    PTOAS's fixpipe controls, in its spelling: `reluPreMode` (an acc
    tile's elements through `v > 0 ? v : 0` before the conversion),
    `atomicType = #pto<atomic_type atomic_add>` (each element added to the
    window's), `stPhase` (the NPU's unit flag, no bytes).

    Rules: `tstore_c1` ... `tstore_c10` (docs/ops/tstore.md).
  }];
  let arguments = (ins Pto_AnyTile:$src, Pto_PartitionTensorViewType:$dst,
                   OptionalAttr<Pto_STPhaseAttr>:$stPhase,
                   OptionalAttr<Pto_AtomicTypeAttr>:$atomicType,
                   OptionalAttr<Pto_ReluPreModeAttr>:$reluPreMode);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Level 2: the source is a !pto.tile_buf.
    bool isBufferLevel() { return ::mlir::isa<TileBufType>(getSrc().getType()); }
    /// Whether the elements go through the fixpipe's relu.
    bool hasRelu() {
      return getReluPreMode() == ::mlir::pto::ReluPreMode::NormalRelu;
    }
    /// Whether each element is added to the window's.
    bool isAtomicAdd() {
      return getAtomicType() == ::mlir::pto::AtomicType::AtomicAdd;
    }
  }];
}

#endif // PTO_GLOBALMEMORYOPS_TD
