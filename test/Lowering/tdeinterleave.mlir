// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// CHECK: module attributes {pto_host.errors = [{kind = "valid_shape_mismatch", op = "'pto.tdeinterleave' op at {{.*}}tdeinterleave.mlir:[[#@LINE+58]]:3", text = {ref = "dst0", tile = "dst1"}, unsigned = []}, {kind = "deinterleave_source_shape", op = "'pto.tdeinterleave' op at {{.*}}tdeinterleave.mlir:[[#@LINE+58]]:3", text = {ref = "dst0", tile = "src"}, unsigned = []}]}

// Two sources, the inverse of tinterleave: the stream src0 ++ src1, h = 4
// pairs from each; dst0 takes the even elements, dst1 the odd ones.
// CHECK-LABEL: func.func private @tdeinterleave_op(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[S0:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 32], strides: [32, 1]
// CHECK: %[[S1:.*]] = memref.reinterpret_cast
// CHECK: %[[D0:.*]] = memref.reinterpret_cast
// CHECK: %[[D1:.*]] = memref.reinterpret_cast
// CHECK-NOT: scf.if
// CHECK: %[[H:.*]] = arith.constant 4 : index
// CHECK: scf.for %[[R:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[C:.*]] = %[[C0]] to %[[H]] step %[[C1]] {
// CHECK-NEXT: %[[EVEN:.*]] = arith.muli %[[C]], %[[C2]] : index
// CHECK-NEXT: %[[ODD:.*]] = arith.addi %[[EVEN]], %[[C1]] : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[S0]][%[[R]], %[[EVEN]]]
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[S0]][%[[R]], %[[ODD]]]
// CHECK-NEXT: memref.store %[[X]], %[[D0]][%[[R]], %[[C]]]
// CHECK-NEXT: memref.store %[[Y]], %[[D1]][%[[R]], %[[C]]]
// CHECK: scf.for %[[R2:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[CC:.*]] = %[[C0]] to %[[H]] step %[[C1]] {
// CHECK-NEXT: %[[TO:.*]] = arith.addi %[[CC]], %[[H]] : index
// CHECK-NEXT: %[[EVEN2:.*]] = arith.muli %[[CC]], %[[C2]] : index
// CHECK-NEXT: %[[ODD2:.*]] = arith.addi %[[EVEN2]], %[[C1]] : index
// CHECK-NEXT: %[[X2:.*]] = memref.load %[[S1]][%[[R2]], %[[EVEN2]]]
// CHECK-NEXT: %[[Y2:.*]] = memref.load %[[S1]][%[[R2]], %[[ODD2]]]
// CHECK-NEXT: memref.store %[[X2]], %[[D0]][%[[R2]], %[[TO]]]
// CHECK-NEXT: memref.store %[[Y2]], %[[D1]][%[[R2]], %[[TO]]]
// CHECK: return
// LLVM: module attributes {pto_host.errors = [{kind = {{.*}}}]}
// LLVM-LABEL: llvm.func @two_sources(
func.func @two_sources(%s0: !pto.tile_buf<vec, 2x32xi8, valid=2x8>, %s1: !pto.tile_buf<vec, 2x32xi8, valid=2x8>,
                       %d0: !pto.tile_buf<vec, 2x32xi8, valid=2x8>, %d1: !pto.tile_buf<vec, 2x32xi8, valid=2x8>) {
  pto.tdeinterleave ins(%s0, %s1 : !pto.tile_buf<vec, 2x32xi8, valid=2x8>, !pto.tile_buf<vec, 2x32xi8, valid=2x8>) outs(%d0, %d1 : !pto.tile_buf<vec, 2x32xi8, valid=2x8>, !pto.tile_buf<vec, 2x32xi8, valid=2x8>)
  return
}

// One source with dynamic extents: dst1 of dst0's valid shape (code 0), src
// dst0's rows by twice its columns (code 1); dst0's columns may be odd (pto-isa
// 3186c381: no even check); vc pairs.
// CHECK-LABEL: func.func private @tdeinterleave_op_0(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<128xi8>, %[[SR:arg[0-9]+]]: index, %[[SC:arg[0-9]+]]: index, %[[D0:arg[0-9]+]]: memref<64xi8>, %[[DC:arg[0-9]+]]: index, %[[D1:arg[0-9]+]]: memref<64xi8>, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK: %[[TWICE:.*]] = arith.muli %[[DC]], %{{.*}} : index
// CHECK-DAG: arith.cmpi eq, %[[SR]], %{{.*}} : index
// CHECK-DAG: arith.cmpi eq, %[[SC]], %[[TWICE]] : index
// CHECK: scf.if
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[DC]]
// CHECK: memref.load %{{.*}} : memref<1x64xf16, strided<[64, 1]>>
// CHECK: memref.store %{{.*}} : memref<1x32xf16, strided<[32, 1]>>
// CHECK-LABEL: func.func @one_source_dynamic(
// CHECK: call @tdeinterleave_op_0(
func.func @one_source_dynamic(%s: !pto.tile_buf<vec, 1x64xf16, valid=?x?>,
                              %d0: !pto.tile_buf<vec, 1x32xf16, valid=1x?>,
                              %d1: !pto.tile_buf<vec, 1x32xf16, valid=1x8>) {
  pto.tdeinterleave ins(%s : !pto.tile_buf<vec, 1x64xf16, valid=?x?>) outs(%d0, %d1 : !pto.tile_buf<vec, 1x32xf16, valid=1x?>, !pto.tile_buf<vec, 1x32xf16, valid=1x8>)
  return
}
