// RUN: pto-opt %s | FileCheck %s
// PTOAS's keyed tile type fields (docs/ptoas.md): `compact=0` (pto-isa's
// CompactMode::Null, our only layout) and `dtype=f8E4M3` (the library's
// float8_e4m3_t, MLIR's f8E4M3FN). Printing stays ours.

// CHECK-LABEL: func.func @compact_null
// CHECK-SAME: !pto.tile_buf<vec, 16x32xf16>
func.func @compact_null(%t: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=0>) {
  return
}

// CHECK-LABEL: func.func @f8e4m3
// CHECK-SAME: !pto.tile_buf<vec, 16x32xf8E4M3FN>
func.func @f8e4m3(%t: !pto.tile_buf<loc=vec, dtype=f8E4M3, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  return
}

// The same type however spelled (func.return checks the types are equal).
// CHECK-LABEL: func.func @same
// CHECK-SAME: (%{{.*}}: !pto.tile<vec, 16x32xf8E4M3FN>) -> !pto.tile<vec, 16x32xf8E4M3FN>
func.func @same(%a: !pto.tile<loc=vec, dtype=f8E4M3, rows=16, cols=32, compact=0>) -> !pto.tile<vec, 16x32xf8E4M3FN> {
  return %a : !pto.tile<loc=vec, dtype=f8E4M3, rows=16, cols=32>
}
