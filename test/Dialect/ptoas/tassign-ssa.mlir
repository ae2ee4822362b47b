// RUN: pto-opt %s -split-input-file | FileCheck %s
// The pto-isa pages' SSA form of pto.tassign, `pto.tassign %t, %addr : T, A`
// with %addr an integer constant, reads as ours (docs/ptoas.md); the
// constant stays (canonicalize removes it when nothing else uses it).

// CHECK-LABEL: func.func @i64_address
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
// CHECK-NEXT: pto.tassign %[[T]], @tile(0x1000) : !pto.tile_buf<vec, 16x64xf32>
func.func @i64_address() {
  %c = arith.constant 4096 : i64
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  pto.tassign %t, %c : !pto.tile_buf<vec, 16x64xf32>, i64
  return
}

// -----

// CHECK-LABEL: func.func @index_address
// CHECK: pto.tassign %{{.*}}, @tile(0x2000) : !pto.tile_buf<vec, 16x64xf32>
func.func @index_address() {
  %c = arith.constant 8192 : index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  pto.tassign %t, %c : !pto.tile_buf<vec, 16x64xf32>, index
  return
}
