// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TINTERLEAVE page, with concrete types.

// CHECK-LABEL: func.func @level1
// CHECK: %[[D:.*]]:2 = pto.tinterleave %arg0, %arg1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>)
// CHECK: return %[[D]]#0, %[[D]]#1
func.func @level1(%src0: !pto.tile<vec, 16x64xf32>, %src1: !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) {
  %dst0, %dst1 = pto.tinterleave %src0, %src1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>)
  return %dst0, %dst1 : !pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tinterleave ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%arg2, %arg3 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
func.func @level2(%src0: !pto.tile_buf<vec, 16x256xf16>, %src1: !pto.tile_buf<vec, 16x256xf16>, %dst0: !pto.tile_buf<vec, 16x256xf16>, %dst1: !pto.tile_buf<vec, 16x256xf16>) {
  pto.tinterleave ins(%src0, %src1 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%dst0, %dst1 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// The page's manual mode.
// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[A:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[B:.*]], @tile(0x2000)
// CHECK: pto.tassign %[[C:.*]], @tile(0x3000)
// CHECK: pto.tassign %[[D:.*]], @tile(0x4000)
// CHECK: pto.tinterleave ins(%[[A]], %[[B]] : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%[[C]], %[[D]] : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
func.func @manual() {
  %src0 = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %src1 = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %dst0 = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  %dst1 = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  pto.tassign %src0, @tile(0x1000)
  pto.tassign %src1, @tile(0x2000)
  pto.tassign %dst0, @tile(0x3000)
  pto.tassign %dst1, @tile(0x4000)
  pto.tinterleave ins(%src0, %src1 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>) outs(%dst0, %dst1 : !pto.tile_buf<vec, 16x256xf16>, !pto.tile_buf<vec, 16x256xf16>)
  return
}

// Static shapes may differ; only valid shapes must agree.
// CHECK-LABEL: func.func @different_static_shapes
// CHECK: pto.tinterleave %arg0, %arg1 : (!pto.tile<vec, 8x32xi8, valid=4x6>, !pto.tile<vec, 4x64xi8, valid=4x6>) -> (!pto.tile<vec, 4x32xi8, valid=4x6>, !pto.tile<vec, 16x32xi8, valid=4x6>)
func.func @different_static_shapes(%a: !pto.tile<vec, 8x32xi8, valid=4x6>, %b: !pto.tile<vec, 4x64xi8, valid=4x6>) {
  %d0, %d1 = pto.tinterleave %a, %b : (!pto.tile<vec, 8x32xi8, valid=4x6>, !pto.tile<vec, 4x64xi8, valid=4x6>) -> (!pto.tile<vec, 4x32xi8, valid=4x6>, !pto.tile<vec, 16x32xi8, valid=4x6>)
  return
}

// Dynamic valid extents are checked at run time, not here.
// CHECK-LABEL: func.func @dynamic_valid
// CHECK: pto.tinterleave ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xbf16, valid=?x?>, !pto.tile_buf<vec, 16x16xbf16>) outs(%arg2, %arg2 : !pto.tile_buf<vec, 16x16xbf16, valid=16x?>, !pto.tile_buf<vec, 16x16xbf16, valid=16x?>)
func.func @dynamic_valid(%a: !pto.tile_buf<vec, 16x16xbf16, valid=?x?>, %b: !pto.tile_buf<vec, 16x16xbf16>, %d: !pto.tile_buf<vec, 16x16xbf16, valid=16x?>) {
  pto.tinterleave ins(%a, %b : !pto.tile_buf<vec, 16x16xbf16, valid=?x?>, !pto.tile_buf<vec, 16x16xbf16>) outs(%d, %d : !pto.tile_buf<vec, 16x16xbf16, valid=16x?>, !pto.tile_buf<vec, 16x16xbf16, valid=16x?>)
  return
}

// The A5 type list applies to both targets.
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_ui32
  // CHECK: pto.tinterleave %arg0, %arg0 : (!pto.tile<vec, 8x8xui32>, !pto.tile<vec, 8x8xui32>) -> (!pto.tile<vec, 8x8xui32>, !pto.tile<vec, 8x8xui32>)
  func.func @a2a3_ui32(%a: !pto.tile<vec, 8x8xui32>) {
    %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 8x8xui32>, !pto.tile<vec, 8x8xui32>) -> (!pto.tile<vec, 8x8xui32>, !pto.tile<vec, 8x8xui32>)
    return
  }
}

module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5_i16
  // CHECK: pto.tinterleave %arg0, %arg0 : (!pto.tile<vec, 4x16xi16>, !pto.tile<vec, 4x16xi16>) -> (!pto.tile<vec, 4x16xi16>, !pto.tile<vec, 4x16xi16>)
  func.func @a5_i16(%a: !pto.tile<vec, 4x16xi16>) {
    %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 4x16xi16>, !pto.tile<vec, 4x16xi16>) -> (!pto.tile<vec, 4x16xi16>, !pto.tile<vec, 4x16xi16>)
    return
  }
}
