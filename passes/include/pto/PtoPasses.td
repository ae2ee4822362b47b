//===- PtoPasses.td - passes of the pto dialect ------------*- tablegen -*-===//
#ifndef PTO_PASSES_TD
#define PTO_PASSES_TD

include "mlir/Pass/PassBase.td"

def PtoSsaToDps : Pass<"pto-ssa-to-dps", "::mlir::ModuleOp"> {
  let summary = "Turn Level 1 kernels (!pto.tile values) into Level 2 kernels (!pto.tile_buf)";
  let description = [{
    Every func.func whose signature or body holds `!pto.tile` values is
    rewritten in destination-passing style, in two halves: BufferPlan
    (passes/lib/BufferPlan.h; `pto-test-buffer-plan` prints it) decides on
    the unchanged kernel which buffer holds each value, from what the ops
    declare (TileOpInterface, the WritesWholeTile, WritesValidRegion and
    Elementwise traits, DestinationInitOpInterface,
    ResultValidShapeOpInterface, TileViewOpInterface), then the rewrite
    executes that plan:
    - `!pto.tile<P>` arguments become `!pto.tile_buf<P>` buffers; each result
      becomes an out-parameter appended after the inputs, in result order;
    - every Level 1 tile op becomes its Level 2 form: result `i` becomes
      `outs[i]`, written into the buffer the value is going to (an
      out-parameter, or the buffer carrying a loop or branch result) when the
      value that buffer holds is dead, else into the buffer of a dead operand
      this kernel allocated, of the result's type, that the op may write
      over (elementwise ops that write every cell: others read what they
      write, and a Level 1 result is zero outside the cells its op
      writes), else into a new zero-filled `pto.alloc_tile`;
    - `scf.for` iter_args and `scf.if` results of tile type are carried in
      one buffer each (the init's buffer when nothing reads the init after
      the loop or inside it); a yielded value not already in it is copied
      there, the copies of one yield acting as one; an `scf.while` carries
      its before arguments so and its after arguments (its results) in
      buffers the condition copies into;
    - arguments are the caller's inputs and are never written; a returned
      argument or a value returned twice is copied into its out-parameter;
    - a `func.call` passes a buffer for each tile result after its operands,
      as the converted callee takes them: where the result is going when that
      buffer's value is dead and the call does not read it, else a new one.
    - a result with `?` valid extents gets a new buffer with the extents its
      op determines (ResultValidShapeOpInterface: `pto.tor`'s are src0's),
      built with `pto.valid_shape`; a function passes such a result through
      an out-parameter valid everywhere and returns its `?` extents as
      `index` results (rows first), and a call copies it into a buffer with
      the extents returned.
    Copies are the DPS form of `pto.treshape` (all bytes).
    Rejected with an error naming the op: other ops on tiles
    (scf.execute_region, ...), results with `?` extents their op does not
    determine, and scf.while carrying tiles with `?` extents (scf.for and
    scf.if carry their bytes in a whole-tile carrier and their extents as
    index iter_args or results after the others).
  }];
  let dependentDialects = ["::mlir::pto::PtoDialect", "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def PtoViewLayouts : Pass<"pto-view-layouts", "::mlir::ModuleOp"> {
  let summary = "Move PTOAS's layout attribute of pto.make_tensor_view into the view types";
  let description = [{
    PTOAS writes a global tensor's layout as `{layout = #pto.layout<dn>}` on
    `pto.make_tensor_view` and names none in the view types; pto-mlir keeps
    it in the types (`!pto.tensor_view<32x32xf32, dn>`), which is where the
    verifiers, the lowering and the exporters read it. This moves the
    attribute into the tensor's type, the types of the windows
    `pto.partition_view` cuts from it and of the loop iteration arguments,
    loop results and scf.if results that carry them, then verifies the
    module (a tload or tstore whose tile does not match the layout fails
    there, tload_c4 and tstore_c4). A view that flows into another op that
    would have to change its types too (a call, a return) is an error at
    the tensor.
    pto-ssa-to-dps and pto-to-std do the same first; the runtime does it
    when it loads a module.
  }];
}

def PtoMemrefToTiles : Pass<"pto-memref-to-tiles", "::mlir::ModuleOp"> {
  let summary = "Read PTOAS's memref form as tile buffers and tensor views";
  let description = [{
    PTOAS's passes write buffers as memrefs in `#pto.address_space<..>`
    (`memref.alloc`, `pto.bind_tile`, `pto.pointer_cast`) and global tensors
    as `#pto.address_space<gm>` memref arguments (and their
    `memref.reinterpret_cast`). This rewrites them into `pto.alloc_tile`
    buffers and `!pto.ptr` arguments with `pto.make_tensor_view` and
    `pto.partition_view` windows, and refuses by name what else of that
    form a module holds (docs/ptoas.md, "PTOAS's memref form"). It runs on
    IR that has not been verified (the ops of that form do not verify as
    ours): pto-opt runs it before anything else and verifies after it, and
    so does pto_mlir.ptoas.parse, which the runtime reads text with. IR
    without that form is left as it is.
  }];
  let dependentDialects = ["::mlir::pto::PtoDialect",
                           "::mlir::arith::ArithDialect"];
}

def PtoTestBufferPlan : Pass<"pto-test-buffer-plan", "::mlir::ModuleOp"> {
  let summary = "Test only: print pto-ssa-to-dps's buffer plan as remarks";
  let description = [{
    Computes the BufferPlan of every function pto-ssa-to-dps would convert
    and reports each of its decisions, in the order taken, as a remark at
    the value it places: `<value>: buffer N (<kind>): <why>`. The IR is left
    unchanged. Buffers are numbered per function: the tile arguments first,
    then the out-parameters, then the buffers the plan makes.
  }];
}

def PtoPlanMemory : Pass<"pto-plan-memory", "::mlir::func::FuncOp"> {
  let summary = "Place Level 2 tile buffers in on-chip memory (auto mode) and check manual placements";
  let description = [{
    Works on the Level 2 buffers a kernel allocates (`pto.alloc_tile`);
    function arguments are the caller's and are not placed. A buffer is live
    from its `pto.alloc_tile` to its last use, a use inside a loop or branch
    counting as a use by the whole loop or branch, and a use of a view
    (`pto.treshape` of a buffer) counting as a use of the buffer.
    - Manual placements (`pto.tassign %t, @tile(A)`) are checked: two buffers
      of one memory that are live at the same time must not share a byte.
    - Auto mode (`mode=auto`, the default) gives every unplaced buffer the
      lowest 32-byte aligned address of its memory where it overlaps no live
      buffer, manual ones included, and records it as a `pto.tassign` after
      the allocation. A buffer that does not fit is an error naming it, the
      bytes it needs and the memory's capacity on the target.
    - Manual mode (`mode=manual`) only checks: an unplaced buffer is an error.
    - `allow-overlap=true` keeps manual placements that share bytes while
      live, as written, instead of refusing them (the engines run them: a
      kernel may share bytes on purpose, as pto-isa's own tsort32 test
      places tmp inside dst); auto placements still avoid them. The pto-isa
      engine uses it to place its tile arguments' buffers.
    Memories and capacities: dialect/include/pto/PtoMemory.h.
  }];
  let options = [
    Option<"mode", "mode", "std::string", /*default=*/"\"auto\"",
           "auto: place unplaced buffers; manual: every buffer must be placed by pto.tassign">,
    Option<"allowOverlap", "allow-overlap", "bool", /*default=*/"false",
           "keep live manual placements that share bytes instead of refusing them">,
  ];
  let dependentDialects = ["::mlir::pto::PtoDialect"];
}

#endif // PTO_PASSES_TD
