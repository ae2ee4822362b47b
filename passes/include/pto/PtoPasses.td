//===- PtoPasses.td - passes of the pto dialect ------------*- tablegen -*-===//
#ifndef PTO_PASSES_TD
#define PTO_PASSES_TD

include "mlir/Pass/PassBase.td"

def PtoSsaToDps : Pass<"pto-ssa-to-dps", "::mlir::ModuleOp"> {
  let summary = "Turn Level 1 kernels (!pto.tile values) into Level 2 kernels (!pto.tile_buf)";
  let description = [{
    Every func.func whose signature or body holds `!pto.tile` values is
    rewritten in destination-passing style:
    - `!pto.tile<P>` arguments become `!pto.tile_buf<P>` buffers; each result
      becomes an out-parameter appended after the inputs, in result order;
    - every Level 1 tile op becomes its Level 2 form: result `i` becomes
      `outs[i]`. The buffer it writes is the out-parameter when the value is
      returned, else the buffer of a dead operand allocated by this kernel
      (in place: the op reads that operand and no later op does), else a new
      `pto.alloc_tile`. Function arguments are inputs: never written.
    Rejected with an error naming the op: control flow over tiles, calls,
    results with dynamic valid extents (no runtime extent to allocate with),
    and returning an argument or the same value twice (there is no copy op).
  }];
  let dependentDialects = ["::mlir::pto::PtoDialect", "::mlir::func::FuncDialect"];
}

#endif // PTO_PASSES_TD
