// RUN: pto-opt %s | FileCheck %s
// PTOAS's vector-quant ops `pto.tinsert_fp` / `pto.textract_fp` (operands
// src, fp, row, col) read as our pto.tinsert / pto.textract with the quant
// tile `fp` last (docs/ptoas.md). Printing stays ours.

module attributes {"pto.target_arch" = "a3"} {
  // CHECK-LABEL: func.func @tinsert_fp
  // CHECK: pto.tinsert ins(%arg0, %[[C0:[a-z0-9_]+]], %[[C16:[a-z0-9_]+]], %arg1 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%arg2 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  // CHECK: %{{.*}} = pto.tinsert %arg3, %[[C0]], %[[C16]], %arg4 : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  func.func @tinsert_fp(
      %src: !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>,
      %fp: !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
      %dst: !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>,
      %s: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>,
      %f: !pto.tile<scaling, 1x16xui64>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    pto.tinsert_fp ins(%src, %fp, %c0, %c16 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %d = pto.tinsert_fp %s, %f, %c0, %c16 : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<scaling, 1x16xui64>, index, index) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    return
  }

  // CHECK-LABEL: func.func @textract_fp
  // CHECK: pto.textract ins(%arg0, %[[C0:[a-z0-9_]+]], %[[C0]], %arg1 : !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x32xui64>) outs(%arg2 : !pto.tile_buf<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>) {relu}
  // CHECK: %{{.*}} = pto.textract %arg3, %[[C0]], %[[C0]], %arg4 {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x32xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  func.func @textract_fp(
      %src: !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>,
      %fp: !pto.tile_buf<scaling, 1x32xui64>,
      %dst: !pto.tile_buf<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>,
      %s: !pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>,
      %f: !pto.tile<scaling, 1x32xui64>) {
    %c0 = arith.constant 0 : index
    pto.textract_fp ins(%src, %fp, %c0, %c0 : !pto.tile_buf<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x32xui64>, index, index) outs(%dst : !pto.tile_buf<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>) {relu}
    %d = pto.textract_fp %s, %f, %c0, %c0 {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<scaling, 1x32xui64>, index, index) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
    return
  }
}
