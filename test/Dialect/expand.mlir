// RUN: pto-opt %s | pto-opt | FileCheck %s
// The row- and column-expand families at both levels, in PTOAS's spelling
// (PTOAS test/samples/Qwen3DecodeA5/qwen3_decode_incore_0.pto); every op,
// type, target and rule: test/pytest/families/test_expand_rules.py.

// CHECK-LABEL: func.func @trowexpandmul_level1
// CHECK: pto.trowexpandmul %arg0, %arg1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x1xf32, blayout=col_major>) -> !pto.tile<vec, 16x64xf32>
func.func @trowexpandmul_level1(%a: !pto.tile<vec, 16x64xf32>, %s: !pto.tile<vec, 16x1xf32, blayout=col_major>) -> !pto.tile<vec, 16x64xf32> {
  %d = pto.trowexpandmul %a, %s : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x1xf32, blayout=col_major>) -> !pto.tile<vec, 16x64xf32>
  return %d : !pto.tile<vec, 16x64xf32>
}

// CHECK-LABEL: func.func @trowexpanddiv_level2_tmp
// CHECK: pto.trowexpanddiv ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x1xf16, blayout=col_major>, !pto.tile_buf<vec, 16x64xf16>) outs(%arg3 : !pto.tile_buf<vec, 16x64xf16>)
func.func @trowexpanddiv_level2_tmp(%a: !pto.tile_buf<vec, 16x64xf16>, %s: !pto.tile_buf<vec, 16x1xf16, blayout=col_major>, %t: !pto.tile_buf<vec, 16x64xf16>, %d: !pto.tile_buf<vec, 16x64xf16>) {
  pto.trowexpanddiv ins(%a, %s, %t : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x1xf16, blayout=col_major>, !pto.tile_buf<vec, 16x64xf16>) outs(%d : !pto.tile_buf<vec, 16x64xf16>)
  return
}

// CHECK-LABEL: func.func @trowexpandsub_block
// CHECK: pto.trowexpandsub ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x8xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%arg2 : !pto.tile_buf<vec, 16x64xf32>)
func.func @trowexpandsub_block(%s: !pto.tile_buf<vec, 16x8xf32>, %a: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32>) {
  pto.trowexpandsub ins(%s, %a : !pto.tile_buf<vec, 16x8xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// CHECK-LABEL: func.func @tcolexpandmul_level2
// CHECK: pto.tcolexpandmul ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%arg2 : !pto.tile_buf<vec, 16x128xf32>)
func.func @tcolexpandmul_level2(%a: !pto.tile_buf<vec, 16x128xf32>, %g: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 16x128xf32>) {
  pto.tcolexpandmul ins(%a, %g : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d : !pto.tile_buf<vec, 16x128xf32>)
  return
}

// CHECK-LABEL: func.func @tcolexpandexpdif_level1
// CHECK: pto.tcolexpandexpdif %arg0, %arg1 : (!pto.tile<vec, 8x32xf16>, !pto.tile<vec, 1x32xf16>) -> !pto.tile<vec, 8x32xf16>
func.func @tcolexpandexpdif_level1(%a: !pto.tile<vec, 8x32xf16>, %m: !pto.tile<vec, 1x32xf16>) -> !pto.tile<vec, 8x32xf16> {
  %d = pto.tcolexpandexpdif %a, %m : (!pto.tile<vec, 8x32xf16>, !pto.tile<vec, 1x32xf16>) -> !pto.tile<vec, 8x32xf16>
  return %d : !pto.tile<vec, 8x32xf16>
}
