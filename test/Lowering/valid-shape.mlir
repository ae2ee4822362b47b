// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.valid_shape --implicit-check-not=tile_buf
// pto.valid_shape reads the extents a tile buffer is lowered with: its `?`
// ones are values of the signature (docs/lowering.md), its static ones
// constants.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME: %{{.*}}: memref<256xi8>, %[[ROWS:.*]]: index, %{{.*}}: memref<7xi64>) -> (index, index) {
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: return %[[ROWS]], %[[C16]] : index, index
func.func @rows(%t: !pto.tile_buf<vec, 8x16xi16, valid=?x16>) -> (index, index) {
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x16xi16, valid=?x16>
  return %r, %c : index, index
}

// CHECK-LABEL: func.func @both(
// CHECK-SAME: %{{.*}}: memref<256xi8>, %[[ROWS:.*]]: index, %[[COLS:.*]]: index, %{{.*}}: memref<7xi64>) -> (index, index) {
// CHECK-NEXT: return %[[ROWS]], %[[COLS]] : index, index
func.func @both(%t: !pto.tile_buf<vec, 8x16xi16, valid=?x?>) -> (index, index) {
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x16xi16, valid=?x?>
  return %r, %c : index, index
}

// An allocation's extents are its (range-checked) operands.
// CHECK-LABEL: func.func @allocated(
// CHECK-SAME: %[[N:.*]]: index, %{{.*}}: memref<7xi64>) -> index {
// CHECK: %[[OK:.*]] = arith.cmpi ule, %[[N]], %{{.*}} : index
// CHECK-NEXT: %[[V:.*]] = arith.select %[[OK]], %[[N]], %{{.*}} : index
// CHECK: return %[[V]] : index
func.func @allocated(%n: index) -> index {
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 8x16xi16, valid=?x16>
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x16xi16, valid=?x16>
  return %r : index
}
