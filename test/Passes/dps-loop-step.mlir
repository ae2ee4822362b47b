// RUN: pto-opt --pto-to-dps %s | FileCheck %s

// pto-to-dps's canonicalizer keeps a loop whose step is, or folds to, a
// constant <= 0, so that pto-to-std checks it (non_positive_step, as the
// interpreter); MLIR's canonicalizer erases it as a loop of no iteration.
// CHECK-LABEL: func.func @constant(
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[ZERO]]
// CHECK-NEXT: pto.tor
func.func @constant(%a: !pto.tile<vec, 2x16xi16>) -> !pto.tile<vec, 2x16xi16> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c0 iter_args(%t = %a) -> !pto.tile<vec, 2x16xi16> {
    %u = pto.tor %t, %a : (!pto.tile<vec, 2x16xi16>, !pto.tile<vec, 2x16xi16>) -> !pto.tile<vec, 2x16xi16>
    scf.yield %u : !pto.tile<vec, 2x16xi16>
  }
  return %r : !pto.tile<vec, 2x16xi16>
}

// CHECK-LABEL: func.func @folded(
// CHECK: %[[STEP:.*]] = arith.constant -10 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP]]
// CHECK-NEXT: pto.tor
func.func @folded(%a: !pto.tile<vec, 2x16xi16>) -> !pto.tile<vec, 2x16xi16> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %s = arith.subi %c0, %c10 : index
  %r = scf.for %i = %c0 to %c10 step %s iter_args(%t = %a) -> !pto.tile<vec, 2x16xi16> {
    %u = pto.tor %t, %a : (!pto.tile<vec, 2x16xi16>, !pto.tile<vec, 2x16xi16>) -> !pto.tile<vec, 2x16xi16>
    scf.yield %u : !pto.tile<vec, 2x16xi16>
  }
  return %r : !pto.tile<vec, 2x16xi16>
}
