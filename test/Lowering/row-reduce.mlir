// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// The row-reduction family's lowering: per row, a loop-carried fold in the
// simulator's order (an f16 sum in f32, truncated once), stored into column
// 0 of dst; with `?` extents the run-time checks come first
// (empty_reduction, then row_reduction_shape).

// CHECK: module attributes {pto_host.errors = [{kind = "empty_reduction", op = "'pto.trowmax' op at {{.*}}row-reduce.mlir:{{[0-9]+}}:3", text = {tile = "src"}, unsigned = []}, {kind = "row_reduction_shape", op = "'pto.trowmax' op at {{.*}}row-reduce.mlir:{{[0-9]+}}:3", text = {ref = "src", tile = "dst"}, unsigned = []}]} {

// Eight rows per trip of the first row loop, each its own chain of adds in
// column order; the rows left one at a time.
// CHECK-LABEL: func.func private @trowsum_op(
// CHECK-NOT: scf.if
// CHECK: scf.for %[[B:.*]] = %c0 to %[[END:.*]] step %c8 {
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.for %{{.*}} iter_args(%[[A0:.*]] = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]]) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %[[X0:.*]] = memref.load %{{.*}}[%[[B]], %{{.*}}]
// CHECK-NEXT: %[[W0:.*]] = arith.extf %[[X0]] : f16 to f32
// CHECK-NEXT: arith.addf %[[A0]], %[[W0]] : f32
// CHECK: scf.for %[[R:.*]] = %[[END]] to %c16 step %c1 {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (f32) {
// CHECK-NEXT: %[[X:.*]] = memref.load
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[W]] : f32
// CHECK-NEXT: scf.yield %[[NEXT]] : f32
// CHECK: %[[H:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK-NEXT: memref.store %[[H]], %{{.*}}[%[[R]], %{{.*}}]
func.func @trowsum(%src: !pto.tile_buf<vec, 16x32xf16>, %tmp: !pto.tile_buf<vec, 16x32xf16>, %dst: !pto.tile_buf<vec, 16x1xf16, blayout=col_major>) {
  pto.trowsum ins(%src, %tmp : !pto.tile_buf<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>) outs(%dst : !pto.tile_buf<vec, 16x1xf16, blayout=col_major>)
  return
}

// CHECK-LABEL: func.func private @trowmax_op(
// CHECK: scf.if
// CHECK: scf.if
// CHECK: scf.for %{{.*}} step %c1 {
// CHECK-NEXT: %[[FIRST:.*]] = memref.load
// CHECK-NEXT: scf.for %{{.*}} = %c1 to %{{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (f32) {
// CHECK-NEXT: %[[X:.*]] = memref.load
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[ACC]], %[[X]] : f32
// CHECK-NEXT: arith.select %[[LT]], %[[X]], %[[ACC]] : f32
func.func @trowmax(%src: !pto.tile_buf<vec, 16x16xf32, valid=?x?>, %tmp: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x8xf32, valid=?x?>) {
  pto.trowmax ins(%src, %tmp : !pto.tile_buf<vec, 16x16xf32, valid=?x?>, !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x8xf32, valid=?x?>)
  return
}
