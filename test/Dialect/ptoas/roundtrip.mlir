// RUN: pto-translate --export-ptoas --ptoas-level=level3 %s | pto-opt --canonicalize | FileCheck %s
// Exported to PTOAS's level3 (docs/ptoas.md) and read back: placement
// (tassign -> alloc_tile addr -> tassign), the target (a2a3 -> "a3", read as
// a2a3), keyed types and the vector-quant tinsert (-> tinsert_fp -> tinsert
// with the quant tile last) come back as ours; window indices come back as
// PTOAS's index values.

// CHECK: module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT: func.func @k(%arg0: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK-NEXT: pto.tassign %0, @tile(0x0) : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK-NEXT: %1 = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
// CHECK-NEXT: pto.tassign %1, @tile(0x2000) : !pto.tile_buf<scaling, 1x16xui64>
// CHECK-NEXT: %2 = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tassign %2, @tile(0x4000) : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: %3 = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tassign %3, @tile(0x6000) : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: %4 = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT: pto.tassign %4, @tile(0x400) : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT: %5 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: pto.tinsert ins(%0, %c0, %5, %1 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%4 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
// CHECK-NEXT: %6 = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tassign %6, @tile(0x0) : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tor ins(%2, %2 : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%6 : !pto.tile_buf<vec, 16x64xui16>)
// CHECK-NEXT: pto.tor ins(%6, %2 : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%3 : !pto.tile_buf<vec, 16x64xui16>)
// CHECK-NEXT: return
module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%c: i32) {
    %src = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tassign %src, @tile(0x0)
    %fp = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
    pto.tassign %fp, @tile(0x2000)
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %a, @tile(0x4000)
    %out = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %out, @tile(0x6000)
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    pto.tassign %dst, @tile(0x400)
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%src, %c0, %c, %fp : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, i32, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %t, @tile(0x0)
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%t : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%t, %a : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%out : !pto.tile_buf<vec, 16x64xui16>)
    return
  }
}
