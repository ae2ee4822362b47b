// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TSORT32 page (dst and idx out) and the hardware form (idx
// in, [value, idx] records out), at both levels.

// CHECK-LABEL: func.func @page_level1
// CHECK: %[[R:.*]]:2 = pto.tsort32 %arg0 : !pto.tile<vec, 1x32xf32> -> (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @page_level1(%src: !pto.tile<vec, 1x32xf32>) -> (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) {
  %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 1x32xf32> -> (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>)
  return %dst, %idx : !pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>
}

// CHECK-LABEL: func.func @page_level2
// CHECK: pto.tsort32 ins(%arg0 : !pto.tile_buf<vec, 4x64xf16, valid=4x40>) outs(%arg1, %arg2 : !pto.tile_buf<vec, 4x48xf16, valid=4x40>, !pto.tile_buf<vec, 4x40xui32>)
func.func @page_level2(%src: !pto.tile_buf<vec, 4x64xf16, valid=4x40>, %dst: !pto.tile_buf<vec, 4x48xf16, valid=4x40>, %idx: !pto.tile_buf<vec, 4x40xui32>) {
  pto.tsort32 ins(%src : !pto.tile_buf<vec, 4x64xf16, valid=4x40>) outs(%dst, %idx : !pto.tile_buf<vec, 4x48xf16, valid=4x40>, !pto.tile_buf<vec, 4x40xui32>)
  return
}

// The page's manual mode.
// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[S:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[D:.*]], @tile(0x2000)
// CHECK: pto.tassign %[[I:.*]], @tile(0x3000)
// CHECK: pto.tsort32 ins(%[[S]] : !pto.tile_buf<vec, 1x32xf32>) outs(%[[D]], %[[I]] : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>)
func.func @manual() {
  %src = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  %dst = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
  %idx = pto.alloc_tile : !pto.tile_buf<vec, 1x32xui32>
  pto.tassign %src, @tile(0x1000)
  pto.tassign %dst, @tile(0x2000)
  pto.tassign %idx, @tile(0x3000)
  pto.tsort32 ins(%src : !pto.tile_buf<vec, 1x32xf32>) outs(%dst, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>)
  return
}

// Hardware form: 2 columns per record for f32, 4 for f16.
// CHECK-LABEL: func.func @hardware_level1
// CHECK: pto.tsort32 %arg0, %arg1 : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
// CHECK: pto.tsort32 %arg2, %arg1 : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x128xf16>
func.func @hardware_level1(%src: !pto.tile<vec, 1x32xf32>, %idx: !pto.tile<vec, 1x32xui32>, %half: !pto.tile<vec, 1x32xf16>) {
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
  %dst16 = pto.tsort32 %half, %idx : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x128xf16>
  return
}

// A partial tail block (40 = 32 + 8 columns) needs exactly 80 dst columns
// and a tmp (scratch of any tile type holding the row padded to 64 f32);
// dst may sort fewer rows than src holds. Whole blocks need no tmp. src and
// idx share their row stride.
// CHECK-LABEL: func.func @hardware_level2
// CHECK: pto.tsort32 ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 8x64xf32, valid=8x40>, !pto.tile_buf<vec, 8x64xui32, valid=8x40>, !pto.tile_buf<vec, 1x256xui8>) outs(%arg3 : !pto.tile_buf<vec, 4x80xf32>)
// CHECK: pto.tsort32 ins(%arg4, %arg5 : !pto.tile_buf<vec, 8x64xf32, valid=8x32>, !pto.tile_buf<vec, 8x64xui32, valid=8x32>) outs(%arg3 : !pto.tile_buf<vec, 4x80xf32>)
func.func @hardware_level2(%src: !pto.tile_buf<vec, 8x64xf32, valid=8x40>, %idx: !pto.tile_buf<vec, 8x64xui32, valid=8x40>, %tmp: !pto.tile_buf<vec, 1x256xui8>, %dst: !pto.tile_buf<vec, 4x80xf32>, %whole: !pto.tile_buf<vec, 8x64xf32, valid=8x32>, %wholeIdx: !pto.tile_buf<vec, 8x64xui32, valid=8x32>) {
  pto.tsort32 ins(%src, %idx, %tmp : !pto.tile_buf<vec, 8x64xf32, valid=8x40>, !pto.tile_buf<vec, 8x64xui32, valid=8x40>, !pto.tile_buf<vec, 1x256xui8>) outs(%dst : !pto.tile_buf<vec, 4x80xf32>)
  pto.tsort32 ins(%whole, %wholeIdx : !pto.tile_buf<vec, 8x64xf32, valid=8x32>, !pto.tile_buf<vec, 8x64xui32, valid=8x32>) outs(%dst : !pto.tile_buf<vec, 4x80xf32>)
  return
}

// Dynamic valid extents are checked at run time, not here.
// CHECK-LABEL: func.func @dynamic_valid
// CHECK: pto.tsort32 %arg0, %arg1 : (!pto.tile<vec, 2x32xf32, valid=?x?>, !pto.tile<vec, 2x32xui32, valid=2x?>) -> !pto.tile<vec, 2x16xf32, valid=?x16>
// CHECK: pto.tsort32 %arg0 : !pto.tile<vec, 2x32xf32, valid=?x?> -> (!pto.tile<vec, 2x32xf32, valid=1x?>, !pto.tile<vec, 2x32xui32, valid=?x7>)
func.func @dynamic_valid(%src: !pto.tile<vec, 2x32xf32, valid=?x?>, %idx: !pto.tile<vec, 2x32xui32, valid=2x?>) {
  %d = pto.tsort32 %src, %idx : (!pto.tile<vec, 2x32xf32, valid=?x?>, !pto.tile<vec, 2x32xui32, valid=2x?>) -> !pto.tile<vec, 2x16xf32, valid=?x16>
  %v, %i = pto.tsort32 %src : !pto.tile<vec, 2x32xf32, valid=?x?> -> (!pto.tile<vec, 2x32xf32, valid=1x?>, !pto.tile<vec, 2x32xui32, valid=?x7>)
  return
}

// Both targets take f16 and f32.
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_f16
  // CHECK: pto.tsort32 %arg0 : !pto.tile<vec, 1x32xf16> -> (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>)
  func.func @a2a3_f16(%src: !pto.tile<vec, 1x32xf16>) {
    %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 1x32xf16> -> (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>)
    return
  }
}

module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5_f32
  // CHECK: pto.tsort32 %arg0, %arg1 : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
  func.func @a5_f32(%src: !pto.tile<vec, 1x32xf32>, %idx: !pto.tile<vec, 1x32xui32>) {
    %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
    return
  }
}

// Hardware form with a 1 x C idx that every row uses (pto-isa 3186c381's
// TSORT32 page); its row stride is its own (tsort32_c9 is retired).
// CHECK-LABEL: func.func @broadcast_idx
// CHECK: pto.tsort32 %arg0, %arg1 : (!pto.tile<vec, 4x32xf16>, !pto.tile<vec, 1x64xui32, valid=1x32>) -> !pto.tile<vec, 4x128xf16>
func.func @broadcast_idx(%src: !pto.tile<vec, 4x32xf16>, %idx: !pto.tile<vec, 1x64xui32, valid=1x32>) {
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 4x32xf16>, !pto.tile<vec, 1x64xui32, valid=1x32>) -> !pto.tile<vec, 4x128xf16>
  return
}
