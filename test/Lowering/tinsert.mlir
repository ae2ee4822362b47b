// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-std %s | FileCheck %s --check-prefix=ERRORS
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// Three run-time checks per call site, in the interpreter's order.
// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// ERRORS: module attributes {pto_host.errors = [

// dst[ir + r, ic + c] = src[r, c] over src's valid region: indices within
// uint16 (an unsigned compare also catches negatives), then the window
// inside dst's valid shape, then the loops.
// CHECK-LABEL: func.func private @tinsert_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<64xi8>, %[[IR:arg[0-9]+]]: index, %[[IC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<256xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>, %[[BASE:arg[0-9]+]]: i32) attributes {passthrough = ["noinline"]}
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant 65535 : index
// CHECK: %[[SV:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<16xf32> to memref<2x8xf32, strided<[8, 1]>>
// CHECK: %[[DV:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4, 16], strides: [16, 1] : memref<64xf32> to memref<4x16xf32, strided<[16, 1]>>
// CHECK: %[[RENDS:.*]] = arith.addi %[[IR]], %[[C2]] : index
// CHECK: %[[CENDS:.*]] = arith.addi %[[IC]], %[[C6]] : index
// CHECK: %[[RFITS:.*]] = arith.cmpi ule, %[[RENDS]], %[[C4]] : index
// CHECK: %[[CFITS:.*]] = arith.cmpi ule, %[[CENDS]], %[[C16]] : index
// CHECK: %[[FITS:.*]] = arith.andi %[[RFITS]], %[[CFITS]] : i1
// CHECK: %[[ROK:.*]] = arith.cmpi ule, %[[IR]], %[[LIMIT]] : index
// CHECK: scf.if %[[ROK]] {
// CHECK: %[[COK:.*]] = arith.cmpi ule, %[[IC]], %[[LIMIT]] : index
// CHECK: scf.if %[[COK]] {
// CHECK: scf.if %[[FITS]] {
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C2]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[C:.*]] = %{{.*}} to %[[C6]] step %[[C1]] {
// CHECK-NEXT: %[[WR:.*]] = arith.addi %[[R]], %[[IR]] : index
// CHECK-NEXT: %[[WC:.*]] = arith.addi %[[C]], %[[IC]] : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SV]][%[[R]], %[[C]]] : memref<2x8xf32, strided<[8, 1]>>
// CHECK-NEXT: memref.store %[[X]], %[[DV]][%[[WR]], %[[WC]]] : memref<4x16xf32, strided<[16, 1]>>
// CHECK: } else {
// CHECK: arith.constant 3 : i32
// CHECK: } else {
// CHECK: arith.constant 2 : i32
// CHECK: } else {
// CHECK: arith.constant 1 : i32
// CHECK-LABEL: func.func @insert_vec(
// CHECK-NEXT: %[[NOCHECKS:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @tinsert_op(%arg0, %arg1, %arg2, %arg3, %arg4, %[[NOCHECKS]])

// LLVM: module attributes {pto_host.errors = [{kind = {{.*}}}]}
// LLVM-LABEL: llvm.func @tinsert_op(
// LLVM: llvm.load %{{.*}} : !llvm.ptr -> f32
// LLVM: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// LLVM-LABEL: llvm.func @insert_vec(
func.func @insert_vec(%s: !pto.tile_buf<vec, 2x8xf32, valid=2x6>, %ir: index, %ic: index,
                      %d: !pto.tile_buf<vec, 4x16xf32>) {
  // ERRORS-SAME: {kind = "index_out_of_range", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {operand = "index_row"}, unsigned = []}, {kind = "index_out_of_range", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {operand = "index_col"}, unsigned = []}, {kind = "window_exceeds_valid_shape", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}
  pto.tinsert ins(%s, %ir, %ic : !pto.tile_buf<vec, 2x8xf32, valid=2x6>, index, index) outs(%d : !pto.tile_buf<vec, 4x16xf32>)
  return
}

// Integer indices are sign-extended (a negative one fails the uint16
// check); dynamic extents of dst bound the window; vec -> mat with a DN
// destination indexes its column-major view.
// CHECK-LABEL: func.func private @tinsert_op_0(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<512xi8>, %[[IR:arg[0-9]+]]: i16, %[[IC:arg[0-9]+]]: i32, %[[D:arg[0-9]+]]: memref<2048xi8>, %[[DR:arg[0-9]+]]: index, %[[DC:arg[0-9]+]]: index,
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 32], strides: [1, 32] : memref<1024xf16> to memref<32x32xf16, strided<[1, 32]>>
// CHECK: %[[R:.*]] = arith.index_cast %[[IR]] : i16 to index
// CHECK: %[[C:.*]] = arith.index_cast %[[IC]] : i32 to index
// CHECK: %[[RENDS:.*]] = arith.addi %[[R]], %{{.*}} : index
// CHECK: %[[CENDS:.*]] = arith.addi %[[C]], %{{.*}} : index
// CHECK: arith.cmpi ule, %[[RENDS]], %[[DR]] : index
// CHECK: arith.cmpi ule, %[[CENDS]], %[[DC]] : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf16, strided<[1, 32]>>
// CHECK-LABEL: func.func @insert_mat(
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 3 : i32
func.func @insert_mat(%s: !pto.tile_buf<vec, 16x16xf16>, %ir: i16, %ic: i32,
                      %d: !pto.tile_buf<mat, 32x32xf16, valid=?x?, blayout=col_major>) {
  // ERRORS-SAME: , {kind = "index_out_of_range", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {operand = "index_row"}, unsigned = []}, {kind = "index_out_of_range", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {operand = "index_col"}, unsigned = []}, {kind = "window_exceeds_valid_shape", op = "'pto.tinsert' op at {{.*}}tinsert.mlir:[[#@LINE+1]]:3", text = {tile = "dst"}, unsigned = []}
  pto.tinsert ins(%s, %ir, %ic : !pto.tile_buf<vec, 16x16xf16>, i16, i32) outs(%d : !pto.tile_buf<mat, 32x32xf16, valid=?x?, blayout=col_major>)
  // ERRORS-SAME: ]}
  return
}
