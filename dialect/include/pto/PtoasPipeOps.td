//===- PtoasPipeOps.td - PTOAS's cube/vector pipes ----------*- tablegen -*-===//
// The frontend pipes between a cube (AIC) kernel and its vector (AIV)
// kernels, in PTOAS's spelling (include/PTO/IR/PTOOps.td at a56b18c3:
// AicInitializePipeOp, AivInitializePipeOp, TPushToAivOp, TPushToAicOp,
// TPopFromAicOp, TPopFromAivOp, TFreeFromAicOp, TFreeFromAivOp; verifiers
// in lib/PTO/IR/PTO.cpp, verifyFrontendInitCommon, verifyFrontendSplitOp,
// verifyFrontendPopOp). A cube kernel pushes tiles (acc or mat) to its
// vector cores through slots of a buffer the consumer reserved
// (pto.reserve_buffer); a vector kernel pops them as vec tiles and frees
// the slot. `split` says how a tile is shared by the two vector cores of a
// cube core: 0 whole to one, 1 by rows, 2 by columns (pto-isa
// include/pto/cpu/TPush.hpp, TileSplitAxis).
//
// The host engines read these ops but do not run them: pto-isa's simulator
// runs a pipe's ends as threads of one process (TPush.hpp), which our
// engines, one core at a time, do not model. Each engine refuses them by
// name (docs/ptoas.md).
#ifndef PTO_PTOASPIPEOPS_TD
#define PTO_PTOASPIPEOPS_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"

// The side of a pipe an op sits on: the core kind its function must have
// (`pto.kernel_kind`), as `::mlir::pto::KernelKind::<core>`.
class Pto_PipeOp<string mnemonic, string core, list<Trait> traits = []>
    : Pto_Op<mnemonic, traits> {
  let hasVerifier = 1;
  code pipeClassDeclaration = [{
    /// The core kind of the function this op must sit in.
    static constexpr ::mlir::pto::KernelKind kCore =
        ::mlir::pto::KernelKind::}] # core # [{;
  }];
  let extraClassDeclaration = pipeClassDeclaration;
}

class Pto_InitializePipeOp<string mnemonic, string core>
    : Pto_PipeOp<mnemonic, core> {
  let summary = "set up this " # !tolower(core) # " kernel's end of its pipes";
  let description = [{
    `dir_mask`: 1 cube to vector, 2 vector to cube, 3 both; `slot_size`
    bytes a slot; the consumers' slot buffers as addresses
    (pto.reserve_buffer, pto.import_reserved_buffer), 0 for a direction
    not used.

    ```mlir
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 8192}
      (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %c0_i32 : i32)
    ```
  }];
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size,
                       OptionalAttr<BoolAttr>:$nosplit,
                       Optional<Pto_PtrType>:$gm_slot_buffer,
                       I32:$c2v_consumer_buf, I32:$v2c_consumer_buf);
  let assemblyFormat = [{
    `{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size
        (`,` `nosplit` `=` $nosplit^)? `}`
    `(` (`gm_slot_buffer` `=` $gm_slot_buffer^ `:` type($gm_slot_buffer) `,`)?
        `c2v_consumer_buf` `=` $c2v_consumer_buf `:` type($c2v_consumer_buf) `,`
        `v2c_consumer_buf` `=` $v2c_consumer_buf `:` type($v2c_consumer_buf)
    `)` attr-dict
  }];
}
// Rules (dialect/lib/PtoasPipeOps.cpp): aic_initialize_pipe_c1 in a cube
// kernel, aic_initialize_pipe_c2 one per function, aic_initialize_pipe_c3
// dir_mask 1, 2 or 3, aic_initialize_pipe_c4 slot_size > 0; in a vector
// kernel the same, aiv_initialize_pipe_c1, aiv_initialize_pipe_c2,
// aiv_initialize_pipe_c3, aiv_initialize_pipe_c4.
def Pto_AicInitializePipeOp : Pto_InitializePipeOp<"aic_initialize_pipe", "Cube">;
def Pto_AivInitializePipeOp : Pto_InitializePipeOp<"aiv_initialize_pipe", "Vector">;

class Pto_PipePushOp<string mnemonic, string core, string peer>
    : Pto_PipeOp<mnemonic, core> {
  let summary = "push a tile into the next free slot of the pipe to the " #
                peer # " kernel";
  let description = [{
    ```mlir
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x128xf32>) {split = 1}
    ```
  }];
  let arguments = (ins Pto_TileBufType:$tile, I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `:` qualified(type($tile)) `)` `{` `split` `=` $split `}`
    attr-dict
  }];
}
// Rules: tpush_to_aiv_c1 in a cube kernel, tpush_to_aiv_c2 split 0, 1 or
// 2; tpush_to_aic_c1 in a vector kernel, tpush_to_aic_c2 split 0, 1 or 2.
def Pto_TPushToAivOp : Pto_PipePushOp<"tpush_to_aiv", "Cube", "vector">;
def Pto_TPushToAicOp : Pto_PipePushOp<"tpush_to_aic", "Vector", "cube">;

class Pto_PipePopOp<string mnemonic, string core, string peer>
    : Pto_PipeOp<mnemonic, core, [AttrSizedOperandSegments]> {
  let summary = "the tile in the oldest filled slot of the pipe from the " #
                peer # " kernel";
  let description = [{
    With `(%rows, %cols)`, the tile's valid shape, for a result type with
    dynamic valid extents.

    ```mlir
    %t = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 8x128xf32>
    ```
  }];
  let arguments = (ins Optional<Index>:$valid_row, Optional<Index>:$valid_col,
                       I8Attr:$split);
  let results = (outs Pto_TileBufType:$tile);
  let assemblyFormat = [{
    (`(` $valid_row^ `,` $valid_col `)`)? `{` `split` `=` $split `}` attr-dict
    `->` qualified(type($tile))
  }];
}
// Rules: tpop_from_aic_c1 in a vector kernel, tpop_from_aic_c2 split 0, 1
// or 2, tpop_from_aic_c3 valid_row and valid_col together,
// tpop_from_aic_c4 with them, the result's valid shape is ?x?; in a cube
// kernel the same, tpop_from_aiv_c1, tpop_from_aiv_c2, tpop_from_aiv_c3,
// tpop_from_aiv_c4.
def Pto_TPopFromAicOp : Pto_PipePopOp<"tpop_from_aic", "Vector", "cube">;
def Pto_TPopFromAivOp : Pto_PipePopOp<"tpop_from_aiv", "Cube", "vector">;

class Pto_PipeFreeOp<string mnemonic, string core, string peer>
    : Pto_PipeOp<mnemonic, core> {
  let summary = "give the slot of the last tile popped from the " # peer #
                " kernel back to it";
  let description = [{
    ```mlir
    pto.tfree_from_aic {split = 1}
    ```
  }];
  let arguments = (ins I8Attr:$split);
  let assemblyFormat = "`{` `split` `=` $split `}` attr-dict";
}
// Rules: tfree_from_aic_c1 in a vector kernel, tfree_from_aic_c2 split 0,
// 1 or 2; tfree_from_aiv_c1 in a cube kernel, tfree_from_aiv_c2 split 0, 1
// or 2.
def Pto_TFreeFromAicOp : Pto_PipeFreeOp<"tfree_from_aic", "Vector", "cube">;
def Pto_TFreeFromAivOp : Pto_PipeFreeOp<"tfree_from_aiv", "Cube", "vector">;

#endif // PTO_PTOASPIPEOPS_TD
