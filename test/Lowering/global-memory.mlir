// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// RUN: pto-opt --pto-to-llvm %s | FileCheck %s --check-prefix=LLVM --implicit-check-not=pto.

// Global memory on the host (docs/lowering.md, GlobalMemoryLowering.cpp): a
// !pto.ptr is the caller's first element (memref<1xT>, a bare pointer) and
// its element count; a view is those with its offset, extents and strides.
// The view ops' checks are calls of their own, their descriptors are made
// in the kernel; tload and tstore address the array through a
// reinterpret_cast of the pointer to its element count.
// CHECK: module attributes {pto_host.errors = [{{.*}}]} {
// CHECK-LABEL: func.func private @make_tensor_view_op(
// CHECK-SAME: memref<1xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK-LABEL: func.func private @tload_op(
// CHECK-SAME: %[[BASE:arg[0-9]+]]: memref<1xf32>, %[[COUNT:arg[0-9]+]]: index,
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[COUNT]]], strides: [1] : memref<1xf32> to memref<?xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK-LABEL: func.func private @tstore_op(
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[P:arg0]]: memref<1xf32>, %[[PN:arg1]]: index, %[[Q:arg2]]: memref<1xf32>, %[[QN:arg3]]: index, %[[M:arg4]]: index, %{{.*}}: memref<7xi64>)
// CHECK: call @make_tensor_view_op(%[[P]], %[[PN]], %[[M]],
// CHECK: call @partition_view_op(%[[P]], %[[PN]],
// CHECK: call @tload_op(%[[P]], %[[PN]],
// CHECK: call @tstore_op(
// LLVM: module attributes {pto_host.errors = [{{.*}}]}
// LLVM-LABEL: llvm.func @k(
// LLVM-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr)
func.func @k(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%m, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x16xf32>
  %w = pto.partition_view %tv, offsets = [%c8, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x16xf32> -> !pto.partition_tensor_view<8x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf32>
  pto.tload ins(%w : !pto.partition_tensor_view<8x16xf32>) outs(%b : !pto.tile_buf<vec, 8x16xf32>)
  %to = pto.make_tensor_view %q, shape = [%c16, %c8], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<16x8xf32>
  %wo = pto.partition_view %to, offsets = [%c8, %c0], sizes = [%c8, %c8] : !pto.tensor_view<16x8xf32> -> !pto.partition_tensor_view<8x8xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32, blayout=col_major>
  pto.tstore ins(%d : !pto.tile_buf<vec, 8x8xf32, blayout=col_major>) outs(%wo : !pto.partition_tensor_view<8x8xf32>)
  return
}
