//===- PtoLoweringPasses.td - lowering pto to host code ----*- tablegen -*-===//
#ifndef PTO_LOWERINGPASSES_TD
#define PTO_LOWERINGPASSES_TD

include "mlir/Pass/PassBase.td"

def PtoToStd : Pass<"pto-to-std", "::mlir::ModuleOp"> {
  let summary = "lower Level 2 pto ops to memref/scf/arith/vector/math";
  let description = [{
    A dialect conversion. Every `!pto.tile_buf` becomes its bytes,
    `memref<N x i8>`, and one `index` per dynamic valid extent (rows first),
    wherever it appears: function arguments, call operands, scf.for/while
    carried values, scf.if results, branch operands. Allocations become
    `memref.alloc`, views the source's bytes, and every other Level 2 tile
    op a call of a function holding its loops over the valid region.

    Checks the verifier cannot do statically (dynamic valid shapes that must
    be equal, insert/extract windows) become run-time checks: every lowered
    function gets a trailing `memref<7xi64>` argument, the error slot, which
    calls between them pass on. A failing check skips the op and stores the
    check's code and the values it reports there (the first failure wins);
    the code names the check in the module attribute `pto_host.errors` (an
    array of dictionaries: failure kind, op and location, text fields;
    code = index + 1; not
    `pto.`-prefixed: the pto dialect verifies its own attribute names).

    Ops it cannot lower yet are reported by name and the pass fails: the host
    path never silently miscomputes.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::math::MathDialect"
  ];
}

#endif // PTO_LOWERINGPASSES_TD
