// RUN: pto-opt %s | pto-opt | FileCheck %s
// tprint reads and prints in PTOAS's form (tprint-invalid.mlir has its
// rules).

// CHECK-LABEL: func.func @print_tile
// CHECK: pto.tprint ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>)
// CHECK: pto.tprint ins(%{{.*}} : !pto.tile_buf<vec, 8x32xui8>)
func.func @print_tile(%t: !pto.tile_buf<vec, 16x16xf32>, %u: !pto.tile_buf<vec, 8x32xui8>) {
  pto.tprint ins(%t : !pto.tile_buf<vec, 16x16xf32>)
  pto.tprint ins(%u : !pto.tile_buf<vec, 8x32xui8>)
  return
}

// CHECK-LABEL: func.func @print_window
// CHECK: pto.tprint ins(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
func.func @print_window(%p: !pto.partition_tensor_view<16x16xf16>) {
  pto.tprint ins(%p : !pto.partition_tensor_view<16x16xf16>)
  return
}
