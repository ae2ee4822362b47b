// As left-blayout-pto-arch-a3.mlir for a5, where ptoas gives every left
// tile col_major (PTOAS's test/basic/left_blayout_parser_a5.pto: written
// row_major).
// RUN: pto-opt --pto-arch=a5 %s -verify-diagnostics | FileCheck %s

module attributes {"pto.target_arch" = "a5"} {
  func.func @a5(%c0: index) {
    %src = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    // expected-remark @+1 {{a left tile's blayout=row_major is read as blayout=col_major, the one ptoas --pto-arch=a5 gives every left tile}}
    %dst = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}
// CHECK-LABEL: func.func @a5
// CHECK: outs(%{{.*}} : !pto.tile_buf<left, 32x32xf32, blayout=col_major, slayout=row_major>)
