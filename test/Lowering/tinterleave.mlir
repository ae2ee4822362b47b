// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// CHECK: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tinterleave' op at {{.*}}tinterleave.mlir:[[#@LINE+73]]:3", text = {ref = "src0", tile = "dst1"}, unsigned = []}, {kind = "odd_valid_cols", op = "'pto.tinterleave' op at {{.*}}tinterleave.mlir:[[#@LINE+73]]:3", text = {tile = "dst0"}, unsigned = []}]}

// Static shapes: no check; one loop nest per half of the stream, h = 8
// pairs each: dst0 takes columns [0, h) of the sources, dst1 [h, 2h).
// CHECK-LABEL: func.func private @tinterleave_op(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<256xi8>, %[[B:arg[0-9]+]]: memref<256xi8>, %[[D0:arg[0-9]+]]: memref<256xi8>, %[[D1:arg[0-9]+]]: memref<256xi8>, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[AV:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4, 16], strides: [16, 1]
// CHECK: %[[BV:.*]] = memref.reinterpret_cast
// CHECK: %[[D0V:.*]] = memref.reinterpret_cast
// CHECK: %[[D1V:.*]] = memref.reinterpret_cast
// CHECK-NOT: scf.if
// CHECK: %[[H:.*]] = arith.constant 6 : index
// CHECK: scf.for %[[R:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[C:.*]] = %[[C0]] to %[[H]] step %[[C1]] {
// CHECK-NEXT: %[[EVEN:.*]] = arith.muli %[[C]], %[[C2]] : index
// CHECK-NEXT: %[[ODD:.*]] = arith.addi %[[EVEN]], %[[C1]] : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[AV]][%[[R]], %[[C]]]
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[BV]][%[[R]], %[[C]]]
// CHECK-NEXT: memref.store %[[X]], %[[D0V]][%[[R]], %[[EVEN]]]
// CHECK-NEXT: memref.store %[[Y]], %[[D0V]][%[[R]], %[[ODD]]]
// CHECK: scf.for %[[R2:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[C2ND:.*]] = %[[C0]] to %[[H]] step %[[C1]] {
// CHECK-NEXT: %[[FROM:.*]] = arith.addi %[[C2ND]], %[[H]] : index
// CHECK-NEXT: %[[EVEN2:.*]] = arith.muli %[[C2ND]], %[[C2]] : index
// CHECK-NEXT: %[[ODD2:.*]] = arith.addi %[[EVEN2]], %[[C1]] : index
// CHECK-NEXT: %[[X2:.*]] = memref.load %[[AV]][%[[R2]], %[[FROM]]]
// CHECK-NEXT: %[[Y2:.*]] = memref.load %[[BV]][%[[R2]], %[[FROM]]]
// CHECK-NEXT: memref.store %[[X2]], %[[D1V]][%[[R2]], %[[EVEN2]]]
// CHECK-NEXT: memref.store %[[Y2]], %[[D1V]][%[[R2]], %[[ODD2]]]
// CHECK: return
// CHECK-LABEL: func.func @interleave_static(
// CHECK: call @tinterleave_op(

// LLVM: module attributes {pto_host.errors = [{kind = {{.*}}}]}
// LLVM-LABEL: llvm.func @tinterleave_op(
// LLVM-NOT: scf.
func.func @interleave_static(%a: !pto.tile_buf<vec, 4x16xf32, valid=3x12>,
                             %b: !pto.tile_buf<vec, 4x16xf32, valid=3x12>,
                             %d0: !pto.tile_buf<vec, 4x16xf32, valid=3x12>,
                             %d1: !pto.tile_buf<vec, 4x16xf32, valid=3x12>) {
  pto.tinterleave ins(%a, %b : !pto.tile_buf<vec, 4x16xf32, valid=3x12>, !pto.tile_buf<vec, 4x16xf32, valid=3x12>) outs(%d0, %d1 : !pto.tile_buf<vec, 4x16xf32, valid=3x12>, !pto.tile_buf<vec, 4x16xf32, valid=3x12>)
  return
}

// Dynamic shapes: equal shapes (code base + 1), then even columns (+ 2).
// A source that is also a destination is read from a copy taken before.
// CHECK-LABEL: func.func private @tinterleave_op_0(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<64xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<64xi8>, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK: %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NEXT: memref.copy %[[A]], %[[COPY]] : memref<64xi8> to memref<64xi8>
// CHECK: %[[SHAPES:.*]] = arith.andi
// CHECK: scf.if %[[SHAPES]] {
// CHECK-NEXT: %[[LOW:.*]] = arith.andi %[[AC]], %{{.*}} : index
// CHECK-NEXT: %[[EVEN:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : index
// CHECK-NEXT: scf.if %[[EVEN]] {
// CHECK-NEXT: %[[H:.*]] = arith.divui %[[AC]], %{{.*}} : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[AR]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[H]]
// CHECK: } else {
// CHECK: arith.constant 2 : i32
// CHECK: } else {
// CHECK: arith.constant 1 : i32
// CHECK: memref.dealloc %[[COPY]] : memref<64xi8>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @interleave_dynamic_in_place(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<64xi8>, %[[AR:arg[0-9]+]]: index, %[[AC:arg[0-9]+]]: index, %[[D:arg[0-9]+]]: memref<64xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK: call @tinterleave_op_0(%[[A]], %[[AR]], %[[AC]], %[[D]], %[[ERR]], %{{.*}})
func.func @interleave_dynamic_in_place(%a: !pto.tile_buf<vec, 1x32xui16, valid=?x?>,
                                       %d: !pto.tile_buf<vec, 1x32xui16, valid=1x16>) {
  pto.tinterleave ins(%a, %a : !pto.tile_buf<vec, 1x32xui16, valid=?x?>, !pto.tile_buf<vec, 1x32xui16, valid=?x?>) outs(%a, %d : !pto.tile_buf<vec, 1x32xui16, valid=?x?>, !pto.tile_buf<vec, 1x32xui16, valid=1x16>)
  return
}
