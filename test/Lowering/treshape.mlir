// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.

// The copy moves every storage byte: one memref.copy, no loops.
// CHECK-LABEL: func.func private @treshape_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<512xi8>, %[[D:arg[0-9]+]]: memref<512xi8>, %{{.*}}: memref<7xi64>, %{{.*}}: i32)
// CHECK-NOT: scf.for
// CHECK: memref.copy %[[S]], %[[D]] : memref<512xi8> to memref<512xi8>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @copy(
// CHECK: call @treshape_op(
func.func @copy(%s: !pto.tile_buf<vec, 8x16xf32, valid=2x3, blayout=col_major>, %d: !pto.tile_buf<vec, 16x16xf16>) {
  pto.treshape ins(%s : !pto.tile_buf<vec, 8x16xf32, valid=2x3, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// A buffer view is the source's bytes read as the view's type: the op using
// it gets the same memref and builds a 2x32 view of it.
// CHECK-LABEL: func.func private @tor_op(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[B:arg[0-9]+]]: memref<128xi8>,
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 32], strides: [32, 1]
// CHECK-LABEL: func.func @view(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<128xi8>, %[[B:arg[0-9]+]]: memref<128xi8>, %[[ERR:arg[0-9]+]]: memref<7xi64>)
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @tor_op(%[[A]], %[[B]], %[[ERR]], %[[BASE]])
func.func @view(%a: !pto.tile_buf<vec, 4x16xi16>, %b: !pto.tile_buf<vec, 2x32xi16>) {
  %v = pto.treshape %a : !pto.tile_buf<vec, 4x16xi16> -> !pto.tile_buf<vec, 2x32xi16>
  pto.tor ins(%v, %b : !pto.tile_buf<vec, 2x32xi16>, !pto.tile_buf<vec, 2x32xi16>) outs(%v : !pto.tile_buf<vec, 2x32xi16>)
  return
}
