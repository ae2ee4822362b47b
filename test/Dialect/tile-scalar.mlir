// RUN: pto-opt %s | pto-opt | FileCheck %s
// The tile-scalar family at both levels, in PTOAS's spelling (tdivs in both
// operand orders, texpands without a tile); every op, type, target and
// rule: test/pytest/families/test_tile_scalar_rules.py.

// CHECK-LABEL: func.func @tadds_level1
// CHECK: %[[D:.*]] = pto.tadds %arg0, %arg1 : (!pto.tile<vec, 16x16xf32>, f32) -> !pto.tile<vec, 16x16xf32>
func.func @tadds_level1(%src: !pto.tile<vec, 16x16xf32>, %s: f32) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.tadds %src, %s : (!pto.tile<vec, 16x16xf32>, f32) -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// CHECK-LABEL: func.func @tmuls_level2
// CHECK: pto.tmuls ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi16>, i16) outs(%arg2 : !pto.tile_buf<vec, 16x16xi16>)
func.func @tmuls_level2(%src: !pto.tile_buf<vec, 16x16xi16>, %s: i16, %dst: !pto.tile_buf<vec, 16x16xi16>) {
  pto.tmuls ins(%src, %s : !pto.tile_buf<vec, 16x16xi16>, i16) outs(%dst : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// CHECK-LABEL: func.func @tdivs_both_orders
// CHECK: pto.tdivs ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xf16>, f16) outs(%arg2 : !pto.tile_buf<vec, 16x16xf16>)
// CHECK: pto.tdivs ins(%arg1, %arg0 : f16, !pto.tile_buf<vec, 16x16xf16>) outs(%arg2 : !pto.tile_buf<vec, 16x16xf16>)
func.func @tdivs_both_orders(%src: !pto.tile_buf<vec, 16x16xf16>, %s: f16, %dst: !pto.tile_buf<vec, 16x16xf16>) {
  pto.tdivs ins(%src, %s : !pto.tile_buf<vec, 16x16xf16>, f16) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  pto.tdivs ins(%s, %src : f16, !pto.tile_buf<vec, 16x16xf16>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// CHECK-LABEL: func.func @texpands_both_levels
// CHECK: %[[Z:.*]] = pto.texpands %arg0 : f32 -> !pto.tile<vec, 16x16xf32>
// CHECK: pto.texpands ins(%arg0 : f32) outs(%arg1 : !pto.tile_buf<vec, 16x16xf32>)
func.func @texpands_both_levels(%s: f32, %dst: !pto.tile_buf<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32> {
  %z = pto.texpands %s : f32 -> !pto.tile<vec, 16x16xf32>
  pto.texpands ins(%s : f32) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return %z : !pto.tile<vec, 16x16xf32>
}

// trems: PTOAS's ins(%src, %scalar, %tmp), tmp the NPU's scratch.
// CHECK-LABEL: func.func @trems_level2
// CHECK: pto.trems ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xf32>, f32, !pto.tile_buf<vec, 16x16xf32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xf32>)
func.func @trems_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %tmp: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.trems ins(%src, %s, %tmp : !pto.tile_buf<vec, 16x16xf32>, f32, !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// txors: PTOAS's ins(%src, %scalar, %tmp); tands, tors, tfmods its
// ins(%src, %scalar).
// CHECK-LABEL: func.func @bitwise_level2
// CHECK: pto.txors ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x16xi32>, i32, !pto.tile_buf<vec, 16x16xi32>) outs(%arg3 : !pto.tile_buf<vec, 16x16xi32>)
// CHECK: pto.tands ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, i32) outs(%arg3 : !pto.tile_buf<vec, 16x16xi32>)
// CHECK: pto.tors ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xi32>, i32) outs(%arg3 : !pto.tile_buf<vec, 16x16xi32>)
func.func @bitwise_level2(%src: !pto.tile_buf<vec, 16x16xi32>, %s: i32, %tmp: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.txors ins(%src, %s, %tmp : !pto.tile_buf<vec, 16x16xi32>, i32, !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  pto.tands ins(%src, %s : !pto.tile_buf<vec, 16x16xi32>, i32) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  pto.tors ins(%src, %s : !pto.tile_buf<vec, 16x16xi32>, i32) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func @tfmods_level1
// CHECK: %[[D:.*]] = pto.tfmods %arg0, %arg1 : (!pto.tile<vec, 16x16xf32>, f32) -> !pto.tile<vec, 16x16xf32>
func.func @tfmods_level1(%src: !pto.tile<vec, 16x16xf32>, %s: f32) -> !pto.tile<vec, 16x16xf32> {
  %dst = pto.tfmods %src, %s : (!pto.tile<vec, 16x16xf32>, f32) -> !pto.tile<vec, 16x16xf32>
  return %dst : !pto.tile<vec, 16x16xf32>
}

// tlrelu: PTOAS's ins(%src, %slope).
// CHECK-LABEL: func.func @tlrelu_level2
// CHECK: pto.tlrelu ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%arg2 : !pto.tile_buf<vec, 16x16xf32>)
func.func @tlrelu_level2(%src: !pto.tile_buf<vec, 16x16xf32>, %slope: f32, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tlrelu ins(%src, %slope : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}
