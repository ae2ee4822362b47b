// RUN: pto-translate --export-ptoas %s | FileCheck %s
// TSORT32 in the library's form, which is PTOAS's: idx an input, one
// destination of records, an optional tmp; TRESHAPE as a view. The target a5
// keeps its name.

// CHECK-LABEL: module attributes {pto.target_arch = "a5"} {
// CHECK: pto.tsort32 ins(%0, %1, %2 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=40, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=64, v_row=8, v_col=40, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=80, v_row=4, v_col=80, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %6 = pto.treshape %3 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=80, v_row=4, v_col=80, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=40, v_row=8, v_col=40, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tsort32 ins(%4, %5 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=64, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=80, v_row=4, v_col=80, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
module attributes {pto.target_arch = "a5"} {
  func.func @hardware() {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 8x64xf32, valid=8x40>
    %idx = pto.alloc_tile : !pto.tile_buf<vec, 8x64xui32, valid=8x40>
    %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x256xui8>
    %dst = pto.alloc_tile : !pto.tile_buf<vec, 4x80xf32>
    %whole = pto.alloc_tile : !pto.tile_buf<vec, 8x64xf32, valid=8x32>
    %wholeIdx = pto.alloc_tile : !pto.tile_buf<vec, 8x64xui32, valid=8x32>
    pto.tsort32 ins(%src, %idx, %tmp : !pto.tile_buf<vec, 8x64xf32, valid=8x40>, !pto.tile_buf<vec, 8x64xui32, valid=8x40>, !pto.tile_buf<vec, 1x256xui8>) outs(%dst : !pto.tile_buf<vec, 4x80xf32>)
    %view = pto.treshape %dst : !pto.tile_buf<vec, 4x80xf32> -> !pto.tile_buf<vec, 8x40xf32>
    pto.tsort32 ins(%whole, %wholeIdx : !pto.tile_buf<vec, 8x64xf32, valid=8x32>, !pto.tile_buf<vec, 8x64xui32, valid=8x32>) outs(%dst : !pto.tile_buf<vec, 4x80xf32>)
    return
  }
}
