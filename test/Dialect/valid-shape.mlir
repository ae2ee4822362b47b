// RUN: pto-opt %s | pto-opt | FileCheck %s
// RUN: pto-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// pto.valid_shape at both levels (docs/ops/valid_shape.md): two index
// results, rows then columns. The folder replaces the op by constants when
// both extents are static (a multi-result fold replaces all results or none).

// CHECK-LABEL: func.func @level1
// CHECK: %[[R:.*]], %[[C:.*]] = pto.valid_shape %arg0 : !pto.tile<vec, 16x32xf32, valid=?x32>
// CHECK: return %[[R]], %[[C]] : index, index
// FOLD-LABEL: func.func @level1
// FOLD: %[[R:.*]], %[[C:.*]] = pto.valid_shape %arg0 : !pto.tile<vec, 16x32xf32, valid=?x32>
// FOLD: return %[[R]], %[[C]] : index, index
func.func @level1(%t: !pto.tile<vec, 16x32xf32, valid=?x32>) -> (index, index) {
  %r, %c = pto.valid_shape %t : !pto.tile<vec, 16x32xf32, valid=?x32>
  return %r, %c : index, index
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.valid_shape %arg0 : !pto.tile_buf<vec, 8x16xi16, valid=?x?>
// FOLD-LABEL: func.func @level2
// FOLD: %[[R:.*]], %[[C:.*]] = pto.valid_shape %arg0 : !pto.tile_buf<vec, 8x16xi16, valid=?x?>
// FOLD: return %[[R]], %[[C]] : index, index
func.func @level2(%t: !pto.tile_buf<vec, 8x16xi16, valid=?x?>) -> (index, index) {
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x16xi16, valid=?x?>
  return %r, %c : index, index
}

// FOLD-LABEL: func.func @static
// FOLD-DAG: %[[C6:.*]] = arith.constant 6 : index
// FOLD-DAG: %[[C16:.*]] = arith.constant 16 : index
// FOLD-NOT: pto.valid_shape
// FOLD: return %[[C6]], %[[C16]] : index, index
func.func @static(%t: !pto.tile_buf<vec, 8x16xi16, valid=6x16>) -> (index, index) {
  %r, %c = pto.valid_shape %t : !pto.tile_buf<vec, 8x16xi16, valid=6x16>
  return %r, %c : index, index
}
