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

// mat -> left / right (TMOV.md; the dst layouts of a5/TMov.hpp TMovToLeft,
// TMovToRight and textract_common.hpp:457 on a2a3).
// CHECK-LABEL: func.func @mat_to_l0
// CHECK: pto.tmov %{{.*}} : !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major> -> !pto.tile<left, 16x32xf16, slayout=row_major>
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<mat, 32x16xf16, blayout=col_major, slayout=row_major>) outs(%{{.*}} : !pto.tile_buf<right, 32x16xf16, slayout=col_major>)
module attributes {pto.target_arch = "a2a3"} {
  func.func @mat_to_l0(%a: !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<mat, 32x16xf16, blayout=col_major, slayout=row_major>, %r: !pto.tile_buf<right, 32x16xf16, slayout=col_major>) {
    %l = pto.tmov %a : !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major> -> !pto.tile<left, 16x32xf16, slayout=row_major>
    pto.tmov ins(%b : !pto.tile_buf<mat, 32x16xf16, blayout=col_major, slayout=row_major>) outs(%r : !pto.tile_buf<right, 32x16xf16, slayout=col_major>)
    return
  }
}

// acc -> vec on a5, converting (TMOV.md; a5/TMov.hpp:846-854).
// CHECK-LABEL: func.func @acc_to_vec
// CHECK: pto.tmov %arg0 : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<vec, 16x16xf16>
module attributes {pto.target_arch = "a5"} {
  func.func @acc_to_vec(%s: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) -> !pto.tile<vec, 16x16xf16> {
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<vec, 16x16xf16>
    return %d : !pto.tile<vec, 16x16xf16>
  }
}


// vec ND -> NZ on a5 (TMOV.md "ND -> NZ"; a5/TMov.hpp:776-782), and
// without a target; valid rows that round up to the rows (tmov_c15).
// CHECK-LABEL: func.func @vec_to_nz
// CHECK: pto.tmov ins(%arg0 : !pto.tile_buf<vec, 32x16xf32, valid=20x16>) outs(%arg1 : !pto.tile_buf<vec, 32x16xf32, valid=20x16, blayout=col_major, slayout=row_major>)
module attributes {pto.target_arch = "a5"} {
  func.func @vec_to_nz(%s: !pto.tile_buf<vec, 32x16xf32, valid=20x16>, %nz: !pto.tile_buf<vec, 32x16xf32, blayout=col_major, slayout=row_major, valid=20x16>) {
    pto.tmov ins(%s : !pto.tile_buf<vec, 32x16xf32, valid=20x16>) outs(%nz : !pto.tile_buf<vec, 32x16xf32, blayout=col_major, slayout=row_major, valid=20x16>)
    return
  }
}
// CHECK-LABEL: func.func @vec_to_nz_any
// CHECK: pto.tmov %arg0 : !pto.tile<vec, 16x32xi8> -> !pto.tile<vec, 16x32xi8, blayout=col_major, slayout=row_major>
func.func @vec_to_nz_any(%s: !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8, blayout=col_major, slayout=row_major> {
  %d = pto.tmov %s : !pto.tile<vec, 16x32xi8> -> !pto.tile<vec, 16x32xi8, blayout=col_major, slayout=row_major>
  return %d : !pto.tile<vec, 16x32xi8, blayout=col_major, slayout=row_major>
}
