// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's runtime, buffer-id, TSYNC and prefetch ops read and print as
// written (infra-ops-invalid.mlir has their rules; no engine runs them).

// CHECK-LABEL: func.func @ffts
// CHECK: pto.set_ffts %arg0 : memref<256xi64>
func.func @ffts(%f: memref<256xi64>) {
  pto.set_ffts %f : memref<256xi64>
  return
}

// CHECK-LABEL: func.func @buf_ids
// CHECK: pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
// CHECK: pto.rls_buf[#pto.sync_op_type<TVEC>, 31] {mode = 2 : i32}
func.func @buf_ids() {
  pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
  pto.rls_buf[#pto.sync_op_type<TVEC>, 31] {mode = 2 : i32}
  return
}

// A gm memref operand is PTOAS's memref form: a window here.
// CHECK-LABEL: func.func @tsync
// CHECK: pto.tsync ins(%{{.*}}, %{{.*}} : !pto.partition_tensor_view<32x32xf32>, !pto.tile_buf<vec, 8x8xf32>)
func.func @tsync(%a: memref<32x32xf32, #pto.address_space<gm>>, %t: !pto.tile_buf<vec, 8x8xf32>) {
  pto.tsync ins(%a, %t : memref<32x32xf32, #pto.address_space<gm>>, !pto.tile_buf<vec, 8x8xf32>)
  return
}

// CHECK-LABEL: func.func @prefetch
// CHECK: pto.tprefetch ins(%{{.*}} : !pto.partition_tensor_view<16x16xi16>) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xf16>)
func.func @prefetch(%w: !pto.partition_tensor_view<16x16xi16>) {
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16>
  pto.tprefetch ins(%w : !pto.partition_tensor_view<16x16xi16>) outs(%t : !pto.tile_buf<mat, 16x16xf16>)
  return
}
