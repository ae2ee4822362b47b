// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s
// TINSERT / TEXTRACT: PTOAS types the window indices `index`, so integer
// indices are rewritten (a constant as an index constant, a value through
// arith.index_cast); a vector-quant fp tile selects PTOAS's `_fp` op, which
// takes it right after src: ins(src, fp, row, col).

// CHECK-LABEL: module attributes {pto.target_arch = "a5"} {
module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @vec_to_mat(
  // CHECK: pto.tinsert ins(%0, %arg0, %arg1 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%1 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  func.func @vec_to_mat(%r: index, %c: index) {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>
    %dst = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>
    pto.tinsert ins(%src, %r, %c : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%dst : !pto.tile_buf<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// CHECK-LABEL: module attributes {pto.target_arch = "a3"} {
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @integer_indices(
  // CHECK-NEXT: %0 = pto.alloc_tile
  // CHECK-NEXT: %1 = pto.alloc_tile
  // CHECK-NEXT: %2 = arith.constant 16 : i16
  // CHECK-NEXT: %3 = arith.constant 16 : index
  // CHECK-NEXT: %4 = arith.index_cast %arg0 : i32 to index
  // CHECK-NEXT: pto.textract ins(%0, %3, %4 : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
  func.func @integer_indices(%col: i32) {
    %src = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    %dst = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, slayout=row_major>
    %c16 = arith.constant 16 : i16
    pto.textract ins(%src, %c16, %col : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, i16, i32) outs(%dst : !pto.tile_buf<left, 16x32xf16, slayout=row_major>)
    return
  }

  // CHECK-LABEL: func.func @vector_quant(
  // CHECK: pto.tinsert_fp ins(%0, %1, %4, %4 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%2 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  // CHECK: pto.textract_fp ins(%0, %1, %4, %4 : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index, index) outs(%3 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  func.func @vector_quant() {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
    %fp = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
    %dst = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>
    %small = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>)
    pto.textract ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%small : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
    return
  }
}
