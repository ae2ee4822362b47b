// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's `_fp` ops refused before they become ours (docs/ptoas.md), and
// one of our rules reached through them.

func.func @three_ins(%src: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %fp: !pto.tile_buf<scaling, 1x16xui64>, %dst: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{custom op 'pto.tinsert_fp' takes 4 'ins' operands (src, fp, index_row, index_col), got 3}}
  pto.tinsert_fp ins(%src, %fp, %c0 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>, index) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @scalar_fp(%src: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %word: i64, %dst: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{custom op 'pto.textract_fp' takes a tile as its fp operand (vector quant), got 'i64'; a scalar quant word is 'pto.textract''s fourth 'ins' operand}}
  pto.textract_fp ins(%src, %word, %c0, %c0 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, i64, index, index) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  return
}

// -----

// tinsert_c4 through pto.tinsert_fp: the fp tile is ui64 (the library's
// 64-bit quant words), reported as the pto.tinsert it became.
func.func @fp_not_ui64(%src: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %fp: !pto.tile_buf<scaling, 1x16xi32>, %dst: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.tinsert' op vector quant fp element type must be ui64, got i32}}
  pto.tinsert_fp ins(%src, %fp, %c0, %c0 : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xi32>, index, index) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  return
}
