// RUN: pto-opt %s | pto-opt | FileCheck %s
// TDEINTERLEAVE, the inverse of TINTERLEAVE: the two-source form and the
// single-source form, at both levels.

// CHECK-LABEL: func.func @two_source_level1
// CHECK: %[[D:.*]]:2 = pto.tdeinterleave %arg0, %arg1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>)
// CHECK: return %[[D]]#0, %[[D]]#1
func.func @two_source_level1(%src0: !pto.tile<vec, 16x64xf32>, %src1: !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) {
  %dst0, %dst1 = pto.tdeinterleave %src0, %src1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>)
  return %dst0, %dst1 : !pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>
}

// CHECK-LABEL: func.func @two_source_level2
// CHECK: pto.tdeinterleave ins(%arg0, %arg1 : !pto.tile_buf<vec, 4x32xui8>, !pto.tile_buf<vec, 4x32xui8>) outs(%arg2, %arg3 : !pto.tile_buf<vec, 4x32xui8>, !pto.tile_buf<vec, 4x32xui8>)
func.func @two_source_level2(%src0: !pto.tile_buf<vec, 4x32xui8>, %src1: !pto.tile_buf<vec, 4x32xui8>, %dst0: !pto.tile_buf<vec, 4x32xui8>, %dst1: !pto.tile_buf<vec, 4x32xui8>) {
  pto.tdeinterleave ins(%src0, %src1 : !pto.tile_buf<vec, 4x32xui8>, !pto.tile_buf<vec, 4x32xui8>) outs(%dst0, %dst1 : !pto.tile_buf<vec, 4x32xui8>, !pto.tile_buf<vec, 4x32xui8>)
  return
}

// CHECK-LABEL: func.func @single_source_level1
// CHECK: %[[D:.*]]:2 = pto.tdeinterleave %arg0 : !pto.tile<vec, 16x64xf32> -> (!pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x32xf32>)
func.func @single_source_level1(%src: !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x32xf32>) {
  %dst0, %dst1 = pto.tdeinterleave %src : !pto.tile<vec, 16x64xf32> -> (!pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x32xf32>)
  return %dst0, %dst1 : !pto.tile<vec, 16x32xf32>, !pto.tile<vec, 16x32xf32>
}

// CHECK-LABEL: func.func @single_source_level2
// CHECK: pto.tdeinterleave ins(%arg0 : !pto.tile_buf<vec, 8x32xi16, valid=8x20>) outs(%arg1, %arg2 : !pto.tile_buf<vec, 8x16xi16, valid=8x10>, !pto.tile_buf<vec, 8x16xi16, valid=8x10>)
func.func @single_source_level2(%src: !pto.tile_buf<vec, 8x32xi16, valid=8x20>, %dst0: !pto.tile_buf<vec, 8x16xi16, valid=8x10>, %dst1: !pto.tile_buf<vec, 8x16xi16, valid=8x10>) {
  pto.tdeinterleave ins(%src : !pto.tile_buf<vec, 8x32xi16, valid=8x20>) outs(%dst0, %dst1 : !pto.tile_buf<vec, 8x16xi16, valid=8x10>, !pto.tile_buf<vec, 8x16xi16, valid=8x10>)
  return
}

// Dynamic valid extents are checked at run time, not here.
// CHECK-LABEL: func.func @single_source_dynamic
// CHECK: pto.tdeinterleave %arg0 : !pto.tile<vec, 8x64xf16, valid=?x?> -> (!pto.tile<vec, 8x32xf16, valid=8x?>, !pto.tile<vec, 8x32xf16, valid=?x16>)
func.func @single_source_dynamic(%src: !pto.tile<vec, 8x64xf16, valid=?x?>) {
  %d0, %d1 = pto.tdeinterleave %src : !pto.tile<vec, 8x64xf16, valid=?x?> -> (!pto.tile<vec, 8x32xf16, valid=8x?>, !pto.tile<vec, 8x32xf16, valid=?x16>)
  return
}

// One source: each dst takes src valid cols / 2, here an odd 3 (pto-isa
// 3186c381's TDEINTERLEAVE page; the snapshot page asked for even halves).
// CHECK-LABEL: func.func @single_source_odd_half
// CHECK: pto.tdeinterleave %arg0 : !pto.tile<vec, 8x8xf32, valid=8x6> -> (!pto.tile<vec, 8x8xf32, valid=8x3>, !pto.tile<vec, 8x8xf32, valid=8x3>)
func.func @single_source_odd_half(%src: !pto.tile<vec, 8x8xf32, valid=8x6>) {
  %d0, %d1 = pto.tdeinterleave %src : !pto.tile<vec, 8x8xf32, valid=8x6> -> (!pto.tile<vec, 8x8xf32, valid=8x3>, !pto.tile<vec, 8x8xf32, valid=8x3>)
  return
}
