// Without --pto-arch a left tile's block layout is read as written, and the
// rules apply to it (left-blayout-pto-arch-*.mlir read the same texts as
// ptoas does).
// RUN: pto-opt %s -split-input-file -verify-diagnostics

module attributes {"pto.target_arch" = "a3"} {
  func.func @a3(%c0: index) {
    %src = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %dst = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    // expected-error @+1 {{'pto.textract' op dst of mat -> left must be blayout=row_major, slayout=row_major on a2a3, got NZ}}
    pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}

// -----

module attributes {"pto.target_arch" = "a5"} {
  func.func @a5(%c0: index) {
    %src = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %dst = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    // expected-error @+1 {{'pto.textract' op dst of mat -> left must be NZ on a5, got blayout=row_major, slayout=row_major}}
    pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}
