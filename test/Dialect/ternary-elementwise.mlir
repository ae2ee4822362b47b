// RUN: pto-opt %s | pto-opt | FileCheck %s
// The ternary elementwise family at both levels, in PTOAS's spelling; every
// op, type and target: test/pytest/families/test_ternary_elementwise_rules.py.

// CHECK-LABEL: func.func @taddc_level1
// CHECK: %[[D:.*]] = pto.taddc %arg0, %arg1, %arg2 : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
func.func @taddc_level1(%a: !pto.tile<vec, 16x16xf32>, %b: !pto.tile<vec, 16x16xf32>, %c: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %d = pto.taddc %a, %b, %c : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
  return %d : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @tsubc_level2
// CHECK: pto.tsubc ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xi32>)
func.func @tsubc_level2(%a: !pto.tile_buf<vec, 16x16xi32>, %b: !pto.tile_buf<vec, 16x16xi32>, %c: !pto.tile_buf<vec, 16x16xi32>, %d: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tsubc ins(%a, %b, %c : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%d : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// taddsc, tsubsc: PTOAS's ins(%src0, %scalar, %src1) (include/PTO/IR/
// PTOOps.td:2545, :5533).
// CHECK-LABEL: func.func @taddsc_level1
// CHECK: %[[D:.*]] = pto.taddsc %arg0, %arg1, %arg2 : (!pto.tile<vec, 16x16xf32>, f32, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
func.func @taddsc_level1(%a: !pto.tile<vec, 16x16xf32>, %s: f32, %c: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %d = pto.taddsc %a, %s, %c : (!pto.tile<vec, 16x16xf32>, f32, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
  return %d : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @tsubsc_level2
// CHECK: pto.tsubsc ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xi16>, i16, !pto.tile_buf<vec, 16x16xi16>) outs(%arg3 : !pto.tile_buf<vec, 16x16xi16>)
func.func @tsubsc_level2(%a: !pto.tile_buf<vec, 16x16xi16>, %s: i16, %c: !pto.tile_buf<vec, 16x16xi16>, %d: !pto.tile_buf<vec, 16x16xi16>) {
  pto.tsubsc ins(%a, %s, %c : !pto.tile_buf<vec, 16x16xi16>, i16, !pto.tile_buf<vec, 16x16xi16>) outs(%d : !pto.tile_buf<vec, 16x16xi16>)
  return
}
