// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS

// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// dst[r, c] = src[ir + r, ic + c] over dst's (dynamic) valid region; the
// window lies inside src's valid shape.
// CHECK-LABEL: func.func private @textract_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<256xi8>, %[[IR:arg[0-9]+]]: index, %[[IC:arg[0-9]+]]: i64, %[[D:arg[0-9]+]]: memref<64xi8>, %[[DR:arg[0-9]+]]: index, %[[DC:arg[0-9]+]]: index,
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[SV:.*]] = memref.reinterpret_cast %{{.*}} sizes: [4, 16], strides: [16, 1] : memref<64xi32>
// CHECK: %[[DV:.*]] = memref.reinterpret_cast %{{.*}} sizes: [2, 8], strides: [8, 1] : memref<16xi32>
// CHECK: %[[COL:.*]] = arith.index_cast %[[IC]] : i64 to index
// CHECK: %[[RENDS:.*]] = arith.addi %[[IR]], %[[DR]] : index
// CHECK: %[[CENDS:.*]] = arith.addi %[[COL]], %[[DC]] : index
// CHECK: arith.cmpi ule, %[[RENDS]], %[[C4]] : index
// CHECK: arith.cmpi ule, %[[CENDS]], %[[C10]] : index
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[DR]] step
// CHECK-NEXT: scf.for %[[C:.*]] = %{{.*}} to %[[DC]] step
// CHECK-NEXT: %[[WR:.*]] = arith.addi %[[R]], %[[IR]] : index
// CHECK-NEXT: %[[WC:.*]] = arith.addi %[[C]], %[[COL]] : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SV]][%[[WR]], %[[WC]]] : memref<4x16xi32, strided<[16, 1]>>
// CHECK-NEXT: memref.store %[[X]], %[[DV]][%[[R]], %[[C]]] : memref<2x8xi32, strided<[8, 1]>>
// A window outside src reports its rows, columns and src's valid shape.
// CHECK: } else {
// CHECK: arith.index_cast %[[IR]] : index to i64
// CHECK: arith.index_cast %[[RENDS]] : index to i64
// CHECK: arith.index_cast %[[COL]] : index to i64
// CHECK: arith.index_cast %[[CENDS]] : index to i64
// CHECK: arith.index_cast %[[C4]] : index to i64
// CHECK: arith.index_cast %[[C10]] : index to i64
// CHECK-LABEL: func.func @extract(
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @textract_op(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %[[BASE]])
func.func @extract(%s: !pto.tile_buf<vec, 4x16xi32, valid=4x10>, %ir: index, %ic: i64,
                   %d: !pto.tile_buf<vec, 2x8xi32, valid=?x?>) {
  // ERRORS-SAME: {kind = "index_out_of_range", op = "'pto.textract' op at {{.*}}textract.mlir:[[#@LINE+1]]:3", text = {operand = "index_row"}, unsigned = []}, {kind = "index_out_of_range", op = "'pto.textract' op at {{.*}}textract.mlir:[[#@LINE+1]]:3", text = {operand = "index_col"}, unsigned = []}, {kind = "window_exceeds_valid_shape", op = "'pto.textract' op at {{.*}}textract.mlir:[[#@LINE+1]]:3", text = {tile = "src"}, unsigned = []}
  pto.textract ins(%s, %ir, %ic : !pto.tile_buf<vec, 4x16xi32, valid=4x10>, index, i64) outs(%d : !pto.tile_buf<vec, 2x8xi32, valid=?x?>)
  // ERRORS-SAME: ]}
  return
}
