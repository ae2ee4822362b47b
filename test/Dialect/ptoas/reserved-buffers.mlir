// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's reserved buffers read and print as PTOAS prints them (its format:
// no space before the brace, the location stripped; reserved-buffers-invalid.mlir
// has their rules).

// CHECK-LABEL: func.func @cube
// CHECK: %{{.*}} = pto.reserve_buffer{name = "v2c", size = 4096, location = <mat>, auto = true} -> i32
// CHECK: %{{.*}} = pto.import_reserved_buffer{name = "c2v", peer_func = @vector} -> i32
func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %local = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %peer = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  return
}

// CHECK-LABEL: func.func @vector
// CHECK: %{{.*}} = pto.reserve_buffer{name = "c2v", size = 8192, location = <vec>, auto = false, base = 0} -> i32
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %local = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  return
}
