// RUN: pto-opt %s | pto-opt | FileCheck %s
// The arg-reduction families at both levels, in PTOAS's spelling (its
// test/basic/trowargmax_emitc.pto ... tcolargmin_emitc.pto); every op, type,
// target and rule: test/pytest/families/test_arg_reduce_rules.py.

// CHECK-LABEL: func.func @trowargmax_level1
// CHECK: %[[D:.*]] = pto.trowargmax %arg0, %arg1 : (!pto.tile<vec, 16x32xf16>, !pto.tile<vec, 16x32xf16>) -> !pto.tile<vec, 16x1xui32, blayout=col_major>
func.func @trowargmax_level1(%src: !pto.tile<vec, 16x32xf16>, %tmp: !pto.tile<vec, 16x32xf16>) -> !pto.tile<vec, 16x1xui32, blayout=col_major> {
  %dst = pto.trowargmax %src, %tmp : (!pto.tile<vec, 16x32xf16>, !pto.tile<vec, 16x32xf16>) -> !pto.tile<vec, 16x1xui32, blayout=col_major>
  return %dst : !pto.tile<vec, 16x1xui32, blayout=col_major>
}

// CHECK-LABEL: func.func @trowargmin_level2
// CHECK: pto.trowargmin ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%arg2 : !pto.tile_buf<vec, 16x8xi32, valid=16x1>)
func.func @trowargmin_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %tmp: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x8xi32, valid=16x1>) {
  pto.trowargmin ins(%src, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x8xi32, valid=16x1>)
  return
}

// CHECK-LABEL: func.func @tcolargmax_level1
// CHECK: %[[D:.*]] = pto.tcolargmax %arg0, %arg1 : (!pto.tile<vec, 16x32xf32, blayout=col_major>, !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 1x32xi32>
func.func @tcolargmax_level1(%src: !pto.tile<vec, 16x32xf32, blayout=col_major>, %tmp: !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 1x32xi32> {
  %dst = pto.tcolargmax %src, %tmp : (!pto.tile<vec, 16x32xf32, blayout=col_major>, !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 1x32xi32>
  return %dst : !pto.tile<vec, 1x32xi32>
}

// CHECK-LABEL: func.func @tcolargmin_level2
// CHECK: pto.tcolargmin ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%arg2 : !pto.tile_buf<vec, 1x32xi32>)
func.func @tcolargmin_level2(%src: !pto.tile_buf<vec, 16x32xf32>, %tmp: !pto.tile_buf<vec, 16x32xf32>, %dst: !pto.tile_buf<vec, 1x32xi32>) {
  pto.tcolargmin ins(%src, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%dst : !pto.tile_buf<vec, 1x32xi32>)
  return
}
