// RUN: pto-opt %s --pto-to-dps | not pto-translate --export-ptoas 2>&1 | FileCheck %s
// End to end: a Level 1 kernel whose entry takes its tiles as arguments,
// bufferized and placed by pto-to-dps, cannot be handed to PTOAS: ptoas
// would make each tile argument a raw pointer, whose C++ does not compile.
// The refusal names the first one.

// CHECK: error: argument #0 of @accumulate is a tile buffer, which has no PTOAS form: ptoas makes a tile argument a raw pointer, which pto-isa's tile calls do not take; pass global memory (!pto.ptr) and pto.tload it into an alloc_tile

module attributes {pto.target_arch = "a5"} {
  func.func @accumulate(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!pto.tile<vec, 8x32xi16>) {
      %t = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      scf.yield %t : !pto.tile<vec, 8x32xi16>
    }
    return %r : !pto.tile<vec, 8x32xi16>
  }
}
