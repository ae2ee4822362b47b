// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// The column-reduction family's lowering (the row reductions' lowerReduce
// over columns): per column, a loop-carried fold down the rows in the
// element type (an f16 sum in f16, no extf), stored into row 0 of dst; with
// `?` extents the run-time checks come first (col_reduction_shape, then
// empty_reduction).

// CHECK: module attributes {pto_host.errors = [{kind = "col_reduction_shape", op = "'pto.tcolmax' op at {{.*}}col-reduce.mlir:{{[0-9]+}}:3", text = {ref = "src", tile = "dst"}, unsigned = []}, {kind = "empty_reduction", op = "'pto.tcolmax' op at {{.*}}col-reduce.mlir:{{[0-9]+}}:3", text = {tile = "src"}, unsigned = []}]} {

// Eight columns per trip of the first column loop, each its own chain of
// f16 adds in row order; the columns left one at a time.
// CHECK-LABEL: func.func private @tcolsum_op(
// CHECK-NOT: scf.if
// CHECK: scf.for %[[B:.*]] = %c0 to %[[END:.*]] step %c8 {
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: scf.for %[[K:.*]] = %c0 to %c16 step %c1 iter_args(%[[A0:.*]] = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]]) -> (f16, f16, f16, f16, f16, f16, f16, f16) {
// CHECK-NEXT: %[[X0:.*]] = memref.load %{{.*}}[%[[K]], %[[B]]]
// CHECK-NEXT: arith.addf %[[A0]], %[[X0]] : f16
// CHECK: memref.store %{{.*}}#0, %{{.*}}[%c0, %[[B]]]
// CHECK: scf.for %[[C:.*]] = %[[END]] to %c32 step %c1 {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[SUM:.*]] = scf.for %[[R:.*]] = %c0 to %c16 step %c1 iter_args(%[[ACC:.*]] = %[[Z]]) -> (f16) {
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[R]], %[[C]]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] : f16
// CHECK-NEXT: scf.yield %[[NEXT]] : f16
// CHECK: memref.store %[[SUM]], %{{.*}}[%c0, %[[C]]]
func.func @tcolsum(%src: !pto.tile_buf<vec, 16x32xf16>, %dst: !pto.tile_buf<vec, 1x32xf16>) {
  pto.tcolsum ins(%src : !pto.tile_buf<vec, 16x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// dst 1 by src's valid columns first (the NPU's PTO_ASSERT), then a
// non-empty src; the max starts from row 0 and keeps the accumulator
// unless acc < x (std::max(acc, x)).
// CHECK-LABEL: func.func private @tcolmax_op(
// CHECK: %[[ONE_ROW:.*]] = arith.cmpi eq, %{{.*}}, %c1 : index
// CHECK: scf.if
// CHECK: arith.cmpi ne
// CHECK: scf.if
// CHECK: %[[FIRST:.*]] = memref.load %{{.*}}[%c0, %[[L:.*]]] :
// CHECK: scf.for %[[K2:.*]] = %c1 to %{{.*}} step %c1 iter_args(%[[M:.*]] = %[[FIRST]],
// CHECK-NEXT: %[[Y:.*]] = memref.load %{{.*}}[%[[K2]], %[[L]]]
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[M]], %[[Y]] : f32
// CHECK-NEXT: arith.select %[[LT]], %[[Y]], %[[M]] : f32
func.func @tcolmax(%src: !pto.tile_buf<vec, 16x32xf32, valid=?x?>, %dst: !pto.tile_buf<vec, 1x32xf32, valid=?x?>) {
  pto.tcolmax ins(%src : !pto.tile_buf<vec, 16x32xf32, valid=?x?>) outs(%dst : !pto.tile_buf<vec, 1x32xf32, valid=?x?>)
  return
}
