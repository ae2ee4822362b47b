// RUN: pto-translate --export-ptoas %s | pto-opt --canonicalize | FileCheck %s
// Exported to PTOAS (docs/ptoas.md) and read back: placement (tassign ->
// alloc_tile addr -> tassign), the target (a2a3 -> "a3", read as a2a3),
// keyed types and the vector-quant tinsert (-> tinsert_fp -> tinsert with
// the quant tile last) come back as ours; window indices come back as
// PTOAS's index values.

// CHECK: module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT: func.func @k(%arg0: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %arg1: !pto.tile_buf<scaling, 1x16xui64>, %arg2: i32, %arg3: !pto.tile_buf<vec, 16x64xui16>, %arg4: !pto.tile_buf<vec, 16x64xui16>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT: pto.tassign %0, @tile(0x400) : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT: %1 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: pto.tinsert ins(%arg0, %c0, %1, %arg1 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%0 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
// CHECK-NEXT: %2 = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tassign %2, @tile(0x0) : !pto.tile_buf<vec, 16x64xui16>
// CHECK-NEXT: pto.tor ins(%arg3, %arg3 : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%2 : !pto.tile_buf<vec, 16x64xui16>)
// CHECK-NEXT: pto.tor ins(%2, %arg3 : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%arg4 : !pto.tile_buf<vec, 16x64xui16>)
// CHECK-NEXT: return
module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%src: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %fp: !pto.tile_buf<scaling, 1x16xui64>, %c: i32, %a: !pto.tile_buf<vec, 16x64xui16>, %out: !pto.tile_buf<vec, 16x64xui16>) {
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
