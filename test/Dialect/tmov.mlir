// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TMOV page (pto-isa docs/isa/TMOV.md) that pto-mlir
// implements: the plain vec -> vec move.

// CHECK-LABEL: func.func @level1
// CHECK: %[[D:.*]] = pto.tmov %arg0 : !pto.tile<vec, 16x32xf32> -> !pto.tile<vec, 16x32xf32>
// CHECK: return %[[D]]
func.func @level1(%src: !pto.tile<vec, 16x32xf32>) -> !pto.tile<vec, 16x32xf32> {
  %dst = pto.tmov %src : !pto.tile<vec, 16x32xf32> -> !pto.tile<vec, 16x32xf32>
  return %dst : !pto.tile<vec, 16x32xf32>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tmov ins(%arg0 : !pto.tile_buf<vec, 16x32xi8>) outs(%arg1 : !pto.tile_buf<vec, 16x32xi8>)
func.func @level2(%src: !pto.tile_buf<vec, 16x32xi8>, %dst: !pto.tile_buf<vec, 16x32xi8>) {
  pto.tmov ins(%src : !pto.tile_buf<vec, 16x32xi8>) outs(%dst : !pto.tile_buf<vec, 16x32xi8>)
  return
}

// The exporter's text for a tile copy (docs/ptoas.md), read back.
// CHECK-LABEL: func.func @exported
// CHECK: pto.tmov ins(%arg0 : !pto.tile_buf<vec, 8x16xf16>) outs(%arg1 : !pto.tile_buf<vec, 8x16xf16>)
func.func @exported(%s: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %d: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  pto.tmov ins(%s : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}
