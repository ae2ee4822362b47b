// RUN: pto-opt --pto-to-std %s | FileCheck %s

// An scf.for whose step is not a positive constant is checked in the kernel
// (non_positive_step, as the interpreter); a refused loop runs no iteration
// (upper = lower, step 1), so it ends.
// CHECK: pto_host.errors = [{kind = "non_positive_step", op = "'scf.for' op at {{.*}}loop-step.mlir:[[# @LINE + 12]]:8", text = {}, unsigned = []}]
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[N:arg[0-9]+]]: index, %[[S:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: %[[OK:.*]] = arith.cmpi sgt, %[[S]], %{{.*}} : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: } else {
// CHECK: memref.store %{{.*}}, %[[ERR]]
// CHECK: %[[UB:.*]] = arith.select %[[OK]], %[[N]], %[[LB:.*]] : index
// CHECK-NEXT: %[[STEP:.*]] = arith.select %[[OK]], %[[S]], %{{.*}} : index
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[STEP]]
func.func @k(%n: index, %s: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %s iter_args(%acc = %c0) -> index {
    %x = arith.addi %acc, %i : index
    scf.yield %x : index
  }
  return %r : index
}

// A constant step needs no check (an unsigned loop's: not 0).
// CHECK-LABEL: func.func @constant(
// CHECK-NOT: scf.if
// CHECK: scf.for unsigned
func.func @constant(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for unsigned %i = %c0 to %n step %c2 iter_args(%acc = %c0) -> i32 : i32 {
    %x = arith.addi %acc, %i : i32
    scf.yield %x : i32
  }
  return %r : i32
}
