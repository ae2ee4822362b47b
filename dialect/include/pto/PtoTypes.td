//===- PtoTypes.td - !pto.tile and !pto.tile_buf -----------*- tablegen -*-===//
#ifndef PTO_TYPES_TD
#define PTO_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "pto/PtoBase.td"
include "pto/PtoEnums.td"
include "pto/PtoInterfaces.td"

class Pto_TileLikeTypeDef<string name, string typeMnemonic, string doc>
    : TypeDef<Pto_Dialect, name, [Pto_TileLikeTypeInterface]> {
  let mnemonic = typeMnemonic;
  let summary = doc;
  let parameters = (ins
    "::mlir::pto::TileLocation":$location,
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    ArrayRefParameter<"int64_t">:$validShape,
    "::mlir::pto::BLayout":$bLayout,
    "::mlir::pto::SLayout":$sLayout,
    "int64_t":$fractal,
    "::mlir::pto::PadValue":$pad);
  let builders = [
    // A fully valid ND tile in `vec`: the common case.
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), ::mlir::pto::TileLocation::Vec,
                   shape, elementType, shape, ::mlir::pto::BLayout::RowMajor,
                   ::mlir::pto::SLayout::NoneBox, 512, ::mlir::pto::PadValue::Null);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
}

def Pto_TileType : Pto_TileLikeTypeDef<"Tile", "tile",
    "a tile value (Level 1, SSA)"> {
  let description = [{
    `!pto.tile<[loc,] RxCxT [, valid=VRxVC] [, blayout=..] [, slayout=..]
    [, fractal=N] [, pad=..]>`: an immutable tile value. Fields at their
    default (loc vec, valid = static shape, row_major, none_box, 512, null) are
    not printed. The PTOAS keyed spelling
    `<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, ...>` parses too,
    and so do the positional spellings of the PTO documents, `<f32, 16, 16>`
    and `<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>`
    (docs/pto-as.md).
  }];
}

def Pto_TileBufType : Pto_TileLikeTypeDef<"TileBuf", "tile_buf",
    "a tile buffer (Level 2, destination-passing style)"> {
  let description = [{
    The same parameters as `!pto.tile`, for a mutable buffer that Level 2 ops
    read (`ins`) and write (`outs`).
  }];
}

def Pto_AnyTile : Type<Or<[Pto_TileType.predicate, Pto_TileBufType.predicate]>,
                       "tile or tile buffer", "::mlir::pto::TileLikeType">;

//===----------------------------------------------------------------------===//
// Global memory (GM): PTOAS's spelling (include/PTO/IR/PTOTypeDefs.td there)
//===----------------------------------------------------------------------===//

def Pto_PtrType : TypeDef<Pto_Dialect, "Ptr"> {
  let mnemonic = "ptr";
  let summary = "a pointer into global memory";
  let description = [{
    `!pto.ptr<f32>`: the address of a global tensor's first element, as a
    kernel receives it. The host engines pass a numpy array the caller owns
    (docs/runtime.md). Rule `ptr_c1`: the element type is a tile element
    type (an integer or float type).
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

class Pto_GlobalViewTypeDef<string name, string typeMnemonic, string doc>
    : TypeDef<Pto_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = doc;
  // `layout`: how the view's dimensions map onto a tile's rows and columns
  // (GlobalMemory.h, getWindowTileShape), as a memref carries its layout;
  // std::nullopt when the view names none (a transfer then maps in its
  // tile's layout, getTileWindowLayout).
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        OptionalParameter<"std::optional<::mlir::pto::GlobalLayout>">:$layout);
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType), [{
      return $_get($_ctxt, shape, elementType, std::nullopt);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// The same view with `layout` in its type.
    auto withLayout(std::optional<::mlir::pto::GlobalLayout> layout) const {
      return get(getContext(), getShape(), getElementType(), layout);
    }
  }];
}

def Pto_TensorViewType : Pto_GlobalViewTypeDef<"TensorView", "tensor_view",
    "a global tensor: a pointer with extents and strides"> {
  let description = [{
    `!pto.tensor_view<?x?xf32>`, `!pto.tensor_view<32x32xf32, dn>`: what
    `pto.make_tensor_view` makes of a `!pto.ptr`. Extents written `?` are
    known at run time only; `nd` or `dn` after the element type is the
    tensor's layout. Rules (docs/types.md): `view_c1` rank 1 to 5
    (pto-isa's GlobalTensor has five dimensions), `view_c2` static extents
    positive, `view_c3` a tile element type, `view_c4` layout nd or dn,
    `view_c5` a dn view has rank 2 or more.
  }];
}

def Pto_PartitionTensorViewType : Pto_GlobalViewTypeDef<"PartitionTensorView",
    "partition_tensor_view", "a window of a global tensor"> {
  let description = [{
    `!pto.partition_tensor_view<16x16xf32>`,
    `!pto.partition_tensor_view<16x16xf32, dn>`: what `pto.partition_view`
    takes out of a `!pto.tensor_view` (with its layout), and what
    `pto.tload` reads and `pto.tstore` writes. The same rules as
    `!pto.tensor_view`.
  }];
}

#endif // PTO_TYPES_TD
