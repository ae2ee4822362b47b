//===- PtoasMemrefOps.td - PTOAS's memref form --------------*- tablegen -*-===//
// The ops and the attribute of PTOAS's memref form (include/PTO/IR/
// PTOOps.td at a56b18c3: BindTileOp, PointerCastOp; include/PTO/IR/
// PTOAttrs.td: TileBufConfigAttr), the IR PTOAS's own passes write after
// PTOViewToMemref: on-chip buffers are memrefs in `#pto.address_space<..>`,
// global tensors memrefs in `#pto.address_space<gm>`. pto-mlir reads that
// form and rewrites it into tile buffers and tensor views before anything
// verifies it (pto-memref-to-tiles, docs/ptoas.md "PTOAS's memref form"):
// no pass or engine sees these ops.
#ifndef PTO_PTOASMEMREFOPS_TD
#define PTO_PTOASMEMREFOPS_TD

include "pto/PtoBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Pto_TileBufConfigAttr : AttrDef<Pto_Dialect, "TileBufConfig"> {
  let mnemonic = "tile_buf_config";
  let summary = "a tile's layout fields, attached to a memref";
  let description = [{
    `#pto.tile_buf_config<blayout=1 : i32, slayout=1 : i32,
    s_fractal_size=512, pad=0 : i32>`: PTOAS's integer codes (those of its
    keyed tile type, docs/ptoas.md); a field not written takes PTOAS's
    default (TileBufConfigAttr::getDefault, PTOAttrs.cpp:22-30: row_major,
    none_box, 512, null, compact 0). Rules `tile_buf_config_c1` ... `_c5`.
  }];
  let parameters = (ins "int32_t":$bLayout, "int32_t":$sLayout,
                        "int32_t":$sFractalSize, "int32_t":$pad,
                        "int32_t":$compact);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Pto_BindTileOp : Pto_Op<"bind_tile", [Pure, AttrSizedOperandSegments]> {
  let summary = "a memref buffer seen as a tile of `config` and valid shape";
  let description = [{
    ```mlir
    %t = pto.bind_tile %m, %vr, %vc {config = #pto.tile_buf_config<blayout=1 : i32>}
        : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
    ```

    Read as the tile buffer of its source's `memref.alloc` or
    `pto.pointer_cast` (docs/ptoas.md).
  }];
  let arguments = (ins AnyMemRef:$source, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col,
                       Pto_TileBufConfigAttr:$config);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source (`,` $valid_row^ `,` $valid_col)? attr-dict `:`
    qualified(type($source)) `->` qualified(type($result))
  }];
}

def Pto_PointerCastOp : Pto_Op<"pointer_cast", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "a placed memref buffer: PTOAS's planned allocation";
  let description = [{
    ```mlir
    %c = arith.constant 8192 : i64
    %b = pto.pointer_cast(%c) : memref<16x16xf16, #pto.address_space<vec>>
    ```

    Read as `pto.alloc_tile addr = %c` (docs/ptoas.md).
  }];
  let arguments = (ins Variadic<I64>:$addrs, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col,
                       OptionalAttr<Pto_TileBufConfigAttr>:$config);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    `(` $addrs `)` ($valid_row^ `,` $valid_col)? attr-dict `:`
    qualified(type($result))
  }];
}

#endif // PTO_PTOASMEMREFOPS_TD
