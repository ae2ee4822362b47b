// ptoas's parser gives every left tile its target's block layout, whatever
// the text writes (PTOAS a56b18c3 lib/PTO/IR/PTOTypeDefs.cpp:164-179);
// `pto-opt --pto-arch` reads as ptoas --pto-arch does, with a remark where
// the first spelling of a type wrote another. PTOAS's
// test/basic/left_blayout_parser_a3.pto: a left tile written col_major.
// RUN: pto-opt --pto-arch=a3 %s -verify-diagnostics | FileCheck %s

module attributes {"pto.target_arch" = "a3"} {
  func.func @a3(%c0: index) {
    %src = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    // expected-remark @+1 {{a left tile's blayout=col_major is read as blayout=row_major, the one ptoas --pto-arch=a3 gives every left tile}}
    %dst = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    pto.textract ins(%src, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>, index, index) outs(%dst : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}
// CHECK-LABEL: func.func @a3
// CHECK: pto.textract ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<mat, 32x32xf32, slayout=col_major>, index, index) outs(%{{.*}} : !pto.tile_buf<left, 32x32xf32, slayout=row_major>)
