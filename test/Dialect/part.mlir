// RUN: pto-opt %s | pto-opt | FileCheck %s
// The partial-region family at both levels, in PTOAS's spelling; every op,
// type, target and rule: test/pytest/families/test_part_rules.py.

// CHECK-LABEL: func.func @tpartmul_level2
// CHECK: pto.tpartmul ins(%arg0, %arg1 : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32, valid=16x32>) outs(%arg2 : !pto.tile_buf<vec, 32x32xf32>)
func.func @tpartmul_level2(%a: !pto.tile_buf<vec, 32x32xf32>, %b: !pto.tile_buf<vec, 32x32xf32, valid=16x32>, %d: !pto.tile_buf<vec, 32x32xf32>) {
  pto.tpartmul ins(%a, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32, valid=16x32>) outs(%d : !pto.tile_buf<vec, 32x32xf32>)
  return
}

// CHECK-LABEL: func.func @tpartadd_level1
// CHECK: %[[D:.*]] = pto.tpartadd %arg0, %arg1 : (!pto.tile<vec, 16x16xi16, valid=4x16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
func.func @tpartadd_level1(%a: !pto.tile<vec, 16x16xi16, valid=4x16>, %b: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %d = pto.tpartadd %a, %b : (!pto.tile<vec, 16x16xi16, valid=4x16>, !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16>
  return %d : !pto.tile<vec, 16x16xi16>
}
