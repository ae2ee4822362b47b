// RUN: pto-opt %s | pto-opt | FileCheck %s
// The column-reduction family at both levels, in PTOAS's spelling
// (tcolsum's optional tmp with isBinary inside `ins(...)`); every op, type,
// target and rule: test/pytest/families/test_col_reduce_rules.py.

// CHECK-LABEL: func.func @tcolsum_level1
// CHECK: %[[D:.*]] = pto.tcolsum %arg0 : !pto.tile<vec, 16x64xf32> -> !pto.tile<vec, 1x64xf32>
func.func @tcolsum_level1(%src: !pto.tile<vec, 16x64xf32>) -> !pto.tile<vec, 1x64xf32> {
  %dst = pto.tcolsum %src : !pto.tile<vec, 16x64xf32> -> !pto.tile<vec, 1x64xf32>
  return %dst : !pto.tile<vec, 1x64xf32>
}

// CHECK-LABEL: func.func @tcolsum_tmp
// CHECK: pto.tcolsum %arg0, %arg1 {isBinary = true} : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 8x64xf32>) -> !pto.tile<vec, 1x64xf32>
// CHECK: pto.tcolsum ins(%arg2, %arg3 : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 8x64xf16>) outs(%arg4 : !pto.tile_buf<vec, 1x64xf16>) {isBinary = false}
func.func @tcolsum_tmp(%src: !pto.tile<vec, 16x64xf32>, %tmp: !pto.tile<vec, 8x64xf32>,
                       %s: !pto.tile_buf<vec, 16x64xf16>, %t: !pto.tile_buf<vec, 8x64xf16>, %d: !pto.tile_buf<vec, 1x64xf16>) -> !pto.tile<vec, 1x64xf32> {
  %dst = pto.tcolsum %src, %tmp {isBinary = true} : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 8x64xf32>) -> !pto.tile<vec, 1x64xf32>
  pto.tcolsum ins(%s, %t {isBinary = false} : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 8x64xf16>) outs(%d : !pto.tile_buf<vec, 1x64xf16>)
  return %dst : !pto.tile<vec, 1x64xf32>
}

// CHECK-LABEL: func.func @tcolmax_level2
// CHECK: pto.tcolmax ins(%arg0 : !pto.tile_buf<vec, 16x32xf16>) outs(%arg1 : !pto.tile_buf<vec, 16x32xf16, valid=1x32>)
func.func @tcolmax_level2(%src: !pto.tile_buf<vec, 16x32xf16>, %dst: !pto.tile_buf<vec, 16x32xf16, valid=1x32>) {
  pto.tcolmax ins(%src : !pto.tile_buf<vec, 16x32xf16>) outs(%dst : !pto.tile_buf<vec, 16x32xf16, valid=1x32>)
  return
}

// CHECK-LABEL: func.func @tcolmin_tcolprod
// CHECK: pto.tcolmin %arg0
// CHECK: pto.tcolprod %arg0
func.func @tcolmin_tcolprod(%src: !pto.tile<vec, 16x16xi32>) -> (!pto.tile<vec, 1x16xi32>, !pto.tile<vec, 1x16xi32>) {
  %m = pto.tcolmin %src : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 1x16xi32>
  %p = pto.tcolprod %src : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 1x16xi32>
  return %m, %p : !pto.tile<vec, 1x16xi32>, !pto.tile<vec, 1x16xi32>
}
