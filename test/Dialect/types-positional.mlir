// RUN: pto-opt %s | pto-opt | FileCheck %s
// The positional spellings of the PTO documents parse to the same types as
// the compact form, which stays the printed one.

// CHECK-LABEL: func.func @positional_short
// CHECK-SAME: !pto.tile<vec, 16x16xf32>
// CHECK-SAME: !pto.tile_buf<vec, 8x32xi16>
func.func @positional_short(%a: !pto.tile<f32, 16, 16>,
                            %b: !pto.tile_buf<i16, 8, 32>) {
  return
}

// CHECK-LABEL: func.func @positional_full
// CHECK-SAME: !pto.tile<vec, 16x16xf32, pad=zero>
// CHECK-SAME: !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>
// CHECK-SAME: !pto.tile<acc, 16x16xf32, slayout=col_major>
// CHECK-SAME: !pto.tile<vec, 16x16xf32, blayout=col_major, pad=max>
// CHECK-SAME: !pto.tile<left, 16x16xf16>
func.func @positional_full(
    %a: !pto.tile<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>,
    %b: !pto.tile_buf<loc=mat, f16, 16, 32, ColMajor, RowMajor, NZ, Null>,
    %c: !pto.tile<loc=acc, f32, 16, 16, RowMajor, ColMajor, ZN>,
    %d: !pto.tile<loc=vec, f32, 16, 16, ColMajor, NoneBox, None, Max>,
    %e: !pto.tile<loc=left, f16, 16, 16>) {
  return
}

// All four spellings of one type are one type.
// CHECK-LABEL: func.func @four_spellings
// CHECK-SAME: (%arg0: !pto.tile<vec, 1x32xi16>, %arg1: !pto.tile<vec, 1x32xi16>, %arg2: !pto.tile<vec, 1x32xi16>, %arg3: !pto.tile<vec, 1x32xi16>)
// CHECK-NEXT: pto.tor %arg0, %arg1 : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
func.func @four_spellings(%a: !pto.tile<i16, 1, 32>,
                          %b: !pto.tile<loc=vec, i16, 1, 32, RowMajor, NoneBox, None, Null>,
                          %c: !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
                          %d: !pto.tile<vec, 1x32xi16>) {
  %r = pto.tor %a, %b : (!pto.tile<loc=vec, dtype=i16, rows=1, cols=32>, !pto.tile<i16, 1, 32>) -> !pto.tile<vec, 1x32xi16>
  return
}
