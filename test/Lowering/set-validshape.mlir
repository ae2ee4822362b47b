// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// A buffer whose valid shape pto.set_validshape sets keeps its extents in a
// cell at the start of its function: its alloc_tile stores them, each
// set_validshape stores the new ones (checked by a call, clamped as
// alloc_tile's), and each op of the buffer loads them where it runs, here
// after the branch that may have set them.

// CHECK: module attributes {pto_host.errors = [{{.*}}kind = "valid_extent_out_of_range", op = "'pto.set_validshape' op at {{.*}}set-validshape.mlir:[[#@LINE+24]]:5", text = {dim = "0"}{{.*}}]}
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[COND:arg[0-9]+]]: i1, %[[R:arg[0-9]+]]: index, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[CELL:.*]] = memref.alloca() : memref<2xindex>
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK: memref.store %{{.*}}, %[[CELL]][%[[C0]]] : memref<2xindex>
// CHECK-NEXT: memref.store %{{.*}}, %[[CELL]][%[[C1]]] : memref<2xindex>
// CHECK-NEXT: scf.if %[[COND]] {
// CHECK-NEXT: func.call @set_validshape_op(%[[BUF]], %{{.*}}, %{{.*}}, %[[R]], %{{.*}}, %[[ERR]], %{{.*}})
// CHECK: %[[ROK:.*]] = arith.cmpi ule, %[[R]], %{{.*}} : index
// CHECK-NEXT: %[[VR:.*]] = arith.select %[[ROK]], %[[R]], %[[C0]] : index
// CHECK-NEXT: memref.store %[[VR]], %[[CELL]][%[[C0]]] : memref<2xindex>
// CHECK-NEXT: memref.store %{{.*}}, %[[CELL]][%[[C1]]] : memref<2xindex>
// CHECK-NEXT: }
// CHECK-NEXT: %[[ROWS:.*]] = memref.load %[[CELL]][%[[C0]]] : memref<2xindex>
// CHECK-NEXT: %[[COLS:.*]] = memref.load %[[CELL]][%[[C1]]] : memref<2xindex>
// CHECK-NEXT: call @tadd_op(%[[BUF]], %[[ROWS]], %[[COLS]], %[[ERR]], %{{.*}})
func.func @k(%cond: i1, %r: index) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c32 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  scf.if %cond {
    pto.set_validshape %t, %r, %c8 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  }
  pto.tadd ins(%t, %t : !pto.tile_buf<vec, 32x32xf32, valid=?x?>, !pto.tile_buf<vec, 32x32xf32, valid=?x?>) outs(%t : !pto.tile_buf<vec, 32x32xf32, valid=?x?>)
  return
}
