// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.

// tprint is the header call, then a call per element of the valid region in
// row-major logical order, by the element's kind (pto/TilePrintABI.h):
// unsigned integers zero-extended, floats as doubles.
// CHECK-LABEL: func.func private @tprint_op(
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[COLS:.*]] = arith.index_cast %[[C9]] : index to i64
// CHECK: %[[ROWS:.*]] = arith.index_cast %[[C2]] : index to i64
// CHECK: call @pto_tprint_shape(%[[ROWS]], %[[COLS]]) : (i64, i64) -> ()
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C2]]
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[C9]]
// CHECK: %[[E:.*]] = memref.load %{{.*}}[%[[R]], %[[C]]] : memref<2x16xi16, strided<[16, 1]>>
// CHECK: %[[W:.*]] = arith.extui %[[E]] : i16 to i64
// CHECK: %[[CI:.*]] = arith.index_cast %[[C]] : index to i64
// CHECK: func.call @pto_tprint_unsigned(%[[W]], %[[CI]], %[[COLS]]) : (i64, i64, i64) -> ()
// CHECK-LABEL: func.func private @tprint_op_0(
// CHECK: %[[F:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK: func.call @pto_tprint_float(%[[F]], %{{.*}}, %{{.*}}) : (f64, i64, i64) -> ()
// CHECK-LABEL: func.func private @tprint_op_1(
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: func.call @pto_tprint_signed(
// CHECK-LABEL: func.func @k(
// CHECK: call @tprint_op(
// CHECK: call @tprint_op_0(
// CHECK: call @tprint_op_1(
// CHECK: func.func private @pto_tprint_shape(i64, i64)
// CHECK: func.func private @pto_tprint_float(f64, i64, i64)
// CHECK: func.func private @pto_tprint_signed(i64, i64, i64)
// CHECK: func.func private @pto_tprint_unsigned(i64, i64, i64)
func.func @k(%a: !pto.tile_buf<vec, 2x16xui16, valid=2x9>, %b: !pto.tile_buf<vec, 2x8xf32>,
             %c: !pto.tile_buf<vec, 1x32xi8>) {
  pto.tprint ins(%a : !pto.tile_buf<vec, 2x16xui16, valid=2x9>)
  pto.tprint ins(%b : !pto.tile_buf<vec, 2x8xf32>)
  pto.tprint ins(%c : !pto.tile_buf<vec, 1x32xi8>)
  return
}
