//===- PtoLoweringPasses.td - lowering pto to host code ----*- tablegen -*-===//
#ifndef PTO_LOWERINGPASSES_TD
#define PTO_LOWERINGPASSES_TD

include "mlir/Pass/PassBase.td"

def PtoToStd : Pass<"pto-to-std", "::mlir::ModuleOp"> {
  let summary = "lower Level 2 pto ops to memref/scf/arith/vector/math";
  let description = [{
    Turns every `!pto.tile_buf` into a memref of the tile's full static shape
    (ND: row-major, DN: column-major strides) and every Level 2 tile op into
    loops over the valid region. The dynamic valid extents of a buffer travel
    as `index` values: for a function argument, one extra `index` argument
    per `?` extent right after the buffer (rows first); for `pto.alloc_tile`,
    its `valid_row`/`valid_col` operands.

    Checks the verifier cannot do statically (dynamic valid shapes that must
    be equal, insert/extract windows) become run-time checks: every lowered
    function gets a trailing `memref<7xi64>` argument, the error slot. A
    failing check skips the op and stores the check's code and the values it
    reports there (the first failure wins); the code names the check in the
    module attribute `pto_host.errors` (an array of dictionaries: failure
    kind, op and location, text fields; code = index + 1; not
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
