// RUN: pto-opt %s | pto-opt | FileCheck %s
// The matmuls of the TMATMUL, TMATMUL_ACC and TMATMUL_BIAS pages (pto-isa
// docs/isa), both levels; PTOAS's spelling of Level 2 (its samples' types).

!L = !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>
!R = !pto.tile<right, 32x16xf16, slayout=col_major>
!C = !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
!B = !pto.tile<bias, 1x16xf32>

// CHECK-LABEL: func.func @level1
// CHECK: %[[C:.*]] = pto.tmatmul %arg0, %arg1 : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: %[[D:.*]] = pto.tmatmul.acc %[[C]], %arg0, %arg1 : (!pto.tile<acc, {{.*}}>, !pto.tile<left, {{.*}}>, !pto.tile<right, {{.*}}>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: %[[E:.*]] = pto.tmatmul.bias %arg0, %arg1, %arg2 : (!pto.tile<left, {{.*}}>, !pto.tile<right, {{.*}}>, !pto.tile<bias, 1x16xf32>) -> !pto.tile<acc, {{.*}}>
func.func @level1(%a: !L, %b: !R, %bias: !B) -> (!C, !C) {
  %c = pto.tmatmul %a, %b : (!L, !R) -> !C
  %d = pto.tmatmul.acc %c, %a, %b : (!C, !L, !R) -> !C
  %e = pto.tmatmul.bias %a, %b, %bias : (!L, !R, !B) -> !C
  return %d, %e : !C, !C
}

// i8 x i8 into i32 on a2a3, whose left tiles are blayout=row_major,
// slayout=row_major.
// CHECK-LABEL: func.func @level2_i8
// CHECK: pto.tmatmul ins(%arg0, %arg1 : !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%arg2 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tmatmul.acc ins(%arg2, %arg0, %arg1 : {{.*}}) outs(%arg2 : {{.*}})
module attributes {pto.target_arch = "a2a3"} {
  func.func @level2_i8(%a: !pto.tile_buf<left, 16x32xi8, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xi8, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>) {
    pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
    pto.tmatmul.acc ins(%c, %a, %b : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
    return
  }
}

// PTOAS's keyed types (test/samples/MatMul/tmatmulk.pto) and its bias form.
// CHECK-LABEL: func.func @ptoas
// CHECK: pto.tmatmul.bias ins(%arg0, %arg1, %arg3 : {{.*}}) outs(%arg2 : {{.*}})
module attributes {pto.target_arch = "a5"} {
  func.func @ptoas(%a: !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, %b: !pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, %c: !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, %bias: !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
    pto.tmatmul.bias ins(%a, %b, %bias : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    return
  }
}
