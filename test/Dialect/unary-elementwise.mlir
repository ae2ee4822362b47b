// RUN: pto-opt %s | pto-opt | FileCheck %s
// The unary elementwise family at both levels; every op, type and target:
// test/pytest/families/test_unary_elementwise_rules.py.

// CHECK-LABEL: func.func @tabs_level1
// CHECK: %[[D:.*]] = pto.tabs %arg0 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
func.func @tabs_level1(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.tabs %src : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @tabs_level2
// CHECK: pto.tabs ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf32>)
func.func @tabs_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tabs ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// CHECK-LABEL: func.func @tneg_level1
// CHECK: %[[D:.*]] = pto.tneg %arg0 : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 16x16xi16>
func.func @tneg_level1(%src: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tneg %src : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tneg_level2
// CHECK: pto.tneg ins(%arg0 : !pto.tile_buf<vec, 16x16xi16>) outs(%arg1 : !pto.tile_buf<vec, 16x16xi16>)
func.func @tneg_level2(%src: !pto.tile_buf<vec, 16x16xi16>, %dst: !pto.tile_buf<vec, 16x16xi16>) {
  pto.tneg ins(%src : !pto.tile_buf<vec, 16x16xi16>) outs(%dst : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// CHECK-LABEL: func.func @tnot_level1
// CHECK: %[[D:.*]] = pto.tnot %arg0 : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 16x16xi16>
func.func @tnot_level1(%src: !pto.tile<vec, 16x16xi16>) -> !pto.tile<vec, 16x16xi16> {
  %dst = pto.tnot %src : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 16x16xi16>
  return %dst : !pto.tile<vec, 16x16xi16>
}

// CHECK-LABEL: func.func @tnot_level2
// CHECK: pto.tnot ins(%arg0 : !pto.tile_buf<vec, 16x16xi16>) outs(%arg1 : !pto.tile_buf<vec, 16x16xi16>)
func.func @tnot_level2(%src: !pto.tile_buf<vec, 16x16xi16>, %dst: !pto.tile_buf<vec, 16x16xi16>) {
  pto.tnot ins(%src : !pto.tile_buf<vec, 16x16xi16>) outs(%dst : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// CHECK-LABEL: func.func @trelu_level1
// CHECK: %[[D:.*]] = pto.trelu %arg0 : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 16x16xi32>
func.func @trelu_level1(%src: !pto.tile<vec, 16x16xi32>) -> !pto.tile<vec, 16x16xi32> {
  %dst = pto.trelu %src : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 16x16xi32>
  return %dst : !pto.tile<vec, 16x16xi32>
}

// CHECK-LABEL: func.func @trelu_level2
// CHECK: pto.trelu ins(%arg0 : !pto.tile_buf<vec, 16x16xi32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xi32>)
func.func @trelu_level2(%src: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.trelu ins(%src : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @texp_level1
// CHECK: %[[D:.*]] = pto.texp %arg0 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
func.func @texp_level1(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.texp %src : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @texp_level2
// CHECK: pto.texp ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf32>)
func.func @texp_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.texp ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// CHECK-LABEL: func.func @tlog_level1
// CHECK: %[[D:.*]] = pto.tlog %arg0 : !pto.tile<vec, 16x16xf16> -> !pto.tile<vec, 16x16xf16>
func.func @tlog_level1(%src: !pto.tile<vec, 16x16xf16>) -> !pto.tile<vec, 16x16xf16> {
  %dst = pto.tlog %src : !pto.tile<vec, 16x16xf16> -> !pto.tile<vec, 16x16xf16>
  return %dst : !pto.tile<vec, 16x16xf16>
}

// CHECK-LABEL: func.func @tlog_level2
// CHECK: pto.tlog ins(%arg0 : !pto.tile_buf<vec, 16x16xf16>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf16>)
func.func @tlog_level2(%src: !pto.tile_buf<vec, 16x16xf16>, %dst: !pto.tile_buf<vec, 16x16xf16>) {
  pto.tlog ins(%src : !pto.tile_buf<vec, 16x16xf16>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// CHECK-LABEL: func.func @tsqrt_level1
// CHECK: %[[D:.*]] = pto.tsqrt %arg0 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
func.func @tsqrt_level1(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.tsqrt %src : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @tsqrt_level2
// CHECK: pto.tsqrt ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf32>)
func.func @tsqrt_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tsqrt ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// CHECK-LABEL: func.func @trsqrt_level1
// CHECK: %[[D:.*]] = pto.trsqrt %arg0 : !pto.tile<vec, 16x16xf16> -> !pto.tile<vec, 16x16xf16>
func.func @trsqrt_level1(%src: !pto.tile<vec, 16x16xf16>) -> !pto.tile<vec, 16x16xf16> {
  %dst = pto.trsqrt %src : !pto.tile<vec, 16x16xf16> -> !pto.tile<vec, 16x16xf16>
  return %dst : !pto.tile<vec, 16x16xf16>
}

// CHECK-LABEL: func.func @trsqrt_level2
// CHECK: pto.trsqrt ins(%arg0 : !pto.tile_buf<vec, 16x16xf16>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf16>)
func.func @trsqrt_level2(%src: !pto.tile_buf<vec, 16x16xf16>, %dst: !pto.tile_buf<vec, 16x16xf16>) {
  pto.trsqrt ins(%src : !pto.tile_buf<vec, 16x16xf16>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// CHECK-LABEL: func.func @trecip_level1
// CHECK: %[[D:.*]] = pto.trecip %arg0 : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
func.func @trecip_level1(%src: !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.trecip %src : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @trecip_level2
// CHECK: pto.trecip ins(%arg0 : !pto.tile_buf<vec, 16x16xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x16xf32>)
func.func @trecip_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.trecip ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// trsqrt's optional tmp (PTOAS's ins(%src, %tmp)).
// CHECK-LABEL: func.func @trsqrt_tmp
// CHECK: pto.trsqrt ins(%arg0, %arg1 : !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x16xf16>) outs(%arg2 : !pto.tile_buf<vec, 1x16xf16>)
// CHECK: pto.trsqrt ins(%arg0 : !pto.tile_buf<vec, 1x16xf16>) outs(%arg2 : !pto.tile_buf<vec, 1x16xf16>)
func.func @trsqrt_tmp(%src: !pto.tile_buf<vec, 1x16xf16>, %tmp: !pto.tile_buf<vec, 1x16xf16>, %dst: !pto.tile_buf<vec, 1x16xf16>) {
  pto.trsqrt ins(%src, %tmp : !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x16xf16>) outs(%dst : !pto.tile_buf<vec, 1x16xf16>)
  pto.trsqrt ins(%src : !pto.tile_buf<vec, 1x16xf16>) outs(%dst : !pto.tile_buf<vec, 1x16xf16>)
  return
}
