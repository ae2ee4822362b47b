// RUN: pto-translate --export-ptoas --ptoas-level=level3 --split-input-file %s | FileCheck %s --check-prefixes=CHECK,L3
// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s --check-prefixes=CHECK,L2
// RUN: pto-translate --export-ptoas --ptoas-level=level2 --split-input-file %s | FileCheck %s --check-prefixes=CHECK,L2
// Placement and the tile type: at level3 each tassign becomes its
// alloc_tile's `addr` (an i64 constant); at level2 (the default, ptoas's)
// ptoas places the buffers, so none is written placed. Every tile_buf field
// is written in PTOAS's keyed spelling, the target a2a3 is PTOAS's "a3".

// CHECK-LABEL: module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @placed(%arg0: index) {
// L3-NEXT:     %0 = arith.constant 0 : i64
// L3-NEXT:     %1 = pto.alloc_tile addr = %0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// L3-NEXT:     %2 = arith.constant 4096 : i64
// L3-NEXT:     %3 = pto.alloc_tile addr = %2 valid_col = %arg0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// L3-NEXT:     %4 = arith.constant 8192 : i64
// L3-NEXT:     %5 = pto.alloc_tile addr = %4 valid_col = %arg0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// L3-NEXT:     pto.tor ins(%1, %1 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%1 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// L3-NEXT:     pto.tor ins(%1, %3 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>) outs(%5 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>)
// L2-NEXT:     %0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// L2-NEXT:     %1 = pto.alloc_tile valid_col = %arg0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// L2-NEXT:     %2 = pto.alloc_tile valid_col = %arg0 : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=64, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// L2-NEXT:     pto.tor ins(%0, %0 : {{.*}}) outs(%0 : {{.*}})
// L2-NEXT:     pto.tor ins(%0, %1 : {{.*}}) outs(%2 : {{.*}})
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module attributes {pto.target_arch = "a2a3"} {
  func.func @placed(%n: index) {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tassign %t, @tile(0x0)
    %u = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>
    pto.tassign %u, @tile(0x1000)
    %out = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>
    pto.tassign %out, @tile(0x2000)
    pto.tor ins(%t, %t : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%t : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%t, %u : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>) outs(%out : !pto.tile_buf<vec, 16x64xui16, valid=16x?, pad=zero>)
    return
  }
}

// -----

// PTOAS's numbers for the pad policies, its name f8E4M3 for our f8E4M3FN
// (dialect/lib/PtoasSpelling.cpp). Without a target attribute the exporter
// writes its default, "a5" (ptoas would assume a3).
// CHECK-LABEL: module attributes {pto.target_arch = "a5"} {
// CHECK-NEXT:   func.func @spellings() {
// L3-NEXT:     %0 = arith.constant 0 : i64
// L3-NEXT:     %1 = pto.alloc_tile addr = %0 : !pto.tile_buf<loc=vec, dtype=f8E4M3, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=2>
// L3-NEXT:     %2 = arith.constant 0 : i64
// L3-NEXT:     %3 = pto.alloc_tile addr = %2 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=3>
// L2-NEXT:     %0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f8E4M3, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=2>
// L2-NEXT:     %1 = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=3>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @spellings() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf8E4M3FN, pad=max>
  pto.tassign %a, @tile(0x0)
  %b = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major, pad=min>
  pto.tassign %b, @tile(0x0)
  return
}

// -----

// A declaration lists its parameter types, with their attributes.
// CHECK-LABEL: module attributes {pto.target_arch = "a5"} {
// CHECK-NEXT:   func.func private @ext(index, i32 {pto.note}) -> (f32)
// CHECK-NEXT:   func.func @caller(%arg0: index) {
// CHECK-NEXT:     %0 = arith.constant 1 : i32
// CHECK-NEXT:     %1 = "func.call"(%arg0, %0) <{callee = @ext}> : (index, i32) -> (f32)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func private @ext(index, i32 {pto.note}) -> f32
func.func @caller(%n: index) {
  %c1 = arith.constant 1 : i32
  %r = func.call @ext(%n, %c1) : (index, i32) -> f32
  return
}

// -----

// An empty valid extent is written `?` and given as 0 by the alloc_tile:
// pto-isa's Tile has no GetValidRow/GetValidCol for a static 0
// (include/pto/common/pto_tile.hpp:1592-1610), so its C++ would not compile.
// CHECK-LABEL: func.func @empty_valid() {
// L3-NEXT: %[[A:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C:.*]] = arith.constant 0 : index
// L2-NEXT: %[[T:.*]] = pto.alloc_tile valid_row = %[[R]] valid_col = %[[C]] : [[E:!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// L3-NEXT: %[[T:.*]] = pto.alloc_tile addr = %[[A]] valid_row = %[[R]] valid_col = %[[C]] : [[E:!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT: pto.tor ins(%[[T]], %[[T]] : [[E]], [[E]]) outs(%[[T]] : [[E]])
func.func @empty_valid() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16, valid=0x0>
  pto.tassign %t, @tile(0x0) : !pto.tile_buf<vec, 8x32xi16, valid=0x0>
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 8x32xi16, valid=0x0>, !pto.tile_buf<vec, 8x32xi16, valid=0x0>) outs(%t : !pto.tile_buf<vec, 8x32xi16, valid=0x0>)
  return
}
