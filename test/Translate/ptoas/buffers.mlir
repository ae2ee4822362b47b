// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s
// Placement and the tile type: each tassign becomes its alloc_tile's `addr`
// (an i64 constant), every tile_buf field is written in PTOAS's keyed
// spelling, the target a2a3 is PTOAS's "a3".

// CHECK-LABEL: module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @placed(%arg0: !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %arg1: index, %arg2: !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>) {
// CHECK-NEXT:     %0 = arith.constant 0 : i64
// CHECK-NEXT:     %1 = pto.alloc_tile addr = %0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:     %2 = arith.constant 4096 : i64
// CHECK-NEXT:     %3 = pto.alloc_tile addr = %2 valid_col = %arg1 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// CHECK-NEXT:     pto.tor ins(%arg0, %arg0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%1 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT:     pto.tor ins(%1, %3 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>) outs(%arg2 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module attributes {pto.target_arch = "a2a3"} {
  func.func @placed(%a: !pto.tile_buf<vec, 16x64xui16>, %n: index, %out: !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>) {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %t, @tile(0x0)
    %u = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>
    pto.tassign %u, @tile(0x1000)
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%t : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%t, %u : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>) outs(%out : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>)
    return
  }
}

// -----

// PTOAS's numbers for the pad policies, its name f8E4M3 for our f8E4M3FN
// (dialect/lib/PtoasSpelling.cpp); no target attribute stays none.
// CHECK-LABEL: module {
// CHECK-NEXT:   func.func @spellings(%arg0: !pto.tile_buf<loc=vec, dtype=f8E4M3, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=2>, %arg1: !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=3>) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @spellings(%a: !pto.tile_buf<vec, 16x32xf8E4M3FN, pad=max>, %b: !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major, pad=min>) {
  return
}
