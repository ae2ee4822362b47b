// RUN: pto-opt %s | pto-opt | FileCheck %s
// Round trip of both spellings of !pto.tile and !pto.tile_buf: the compact
// form prints with default fields omitted; the PTOAS keyed form parses to it.

// CHECK-LABEL: func.func @compact
// CHECK-SAME: !pto.tile<vec, 16x64xf32>
// CHECK-SAME: !pto.tile_buf<vec, 16x64xf32, valid=16x?>
// CHECK-SAME: !pto.tile<acc, 128x64xf32, valid=128x63, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK-SAME: !pto.tile_buf<mat, 16x32xbf16, pad=zero>
// CHECK-SAME: !pto.tile<scaling, 1x64xui64>
func.func @compact(%a: !pto.tile<vec, 16x64xf32>,
                   %b: !pto.tile_buf<vec, 16x64xf32, valid=16x?>,
                   %c: !pto.tile<acc, 128x64xf32, valid=128x63, blayout=col_major, slayout=row_major, fractal=1024>,
                   %d: !pto.tile_buf<mat, 16x32xbf16, pad=zero>,
                   %e: !pto.tile<scaling, 1x64xui64>) {
  return
}

// The location may be omitted: it defaults to vec.
// CHECK-LABEL: func.func @default_location
// CHECK-SAME: !pto.tile<vec, 8x16xi16>
func.func @default_location(%a: !pto.tile<8x16xi16>) {
  return
}

// CHECK-LABEL: func.func @keyed
// CHECK-SAME: !pto.tile_buf<vec, 1x32xf16>
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=?x?>
// CHECK-SAME: !pto.tile_buf<mat, 32x32xf32, blayout=col_major, slayout=row_major>
// CHECK-SAME: !pto.tile<vec, 16x64xf32, valid=16x?, pad=max>
// CHECK-SAME: !pto.tile_buf<vec, 16x32xi8, pad=min>
func.func @keyed(
    %a: !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
    %b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
    %c: !pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, blayout=col_major, valid=32x32, slayout=row_major, fractal=512, pad=0>,
    %d: !pto.tile<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=-1, pad=2>,
    %e: !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, pad=min>) {
  return
}

// Element types of the PTO library, in MLIR's spellings.
// CHECK-LABEL: func.func @element_types
// CHECK-SAME: 1x32xi8>, {{.*}}1x32xui8>, {{.*}}1x16xi16>, {{.*}}1x16xui16>, {{.*}}1x8xi32>, {{.*}}1x8xui32>, {{.*}}1x4xi64>, {{.*}}1x4xui64>
// CHECK-SAME: 1x16xf16>, {{.*}}1x16xbf16>, {{.*}}1x8xf32>, {{.*}}1x32xf8E4M3FN>, {{.*}}1x32xf8E5M2>, {{.*}}1x32xf8E8M0FNU>, {{.*}}1x64xf4E2M1FN>
func.func @element_types(
    %0: !pto.tile<1x32xi8>, %1: !pto.tile<1x32xui8>, %2: !pto.tile<1x16xi16>, %3: !pto.tile<1x16xui16>,
    %4: !pto.tile<1x8xi32>, %5: !pto.tile<1x8xui32>, %6: !pto.tile<1x4xi64>, %7: !pto.tile<1x4xui64>,
    %8: !pto.tile<1x16xf16>, %9: !pto.tile<1x16xbf16>, %10: !pto.tile<1x8xf32>, %11: !pto.tile<1x32xf8E4M3FN>,
    %12: !pto.tile<1x32xf8E5M2>, %13: !pto.tile<1x32xf8E8M0FNU>, %14: !pto.tile<1x64xf4E2M1FN>) {
  return
}

// DN tiles need rows (not cols) to fill 32-byte blocks; boxed tiles neither,
// but they are whole boxes (tile_c9): cols always, rows except in vec, with
// one row or with MX (fractal=32) boxes.
// CHECK-LABEL: func.func @layouts
// CHECK-SAME: !pto.tile<vec, 16x3xf16, blayout=col_major>
// CHECK-SAME: !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
// CHECK-SAME: !pto.tile<vec, 3x16xf16, blayout=col_major, slayout=row_major>
// CHECK-SAME: !pto.tile<mat, 1x16xf16, blayout=col_major, slayout=row_major>
// CHECK-SAME: !pto.tile<scaling, 3x2xf8E8M0FNU, slayout=row_major, fractal=32>
func.func @layouts(%a: !pto.tile<16x3xf16, blayout=col_major>,
                   %b: !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>,
                   %c: !pto.tile<vec, 3x16xf16, blayout=col_major, slayout=row_major>,
                   %d: !pto.tile<mat, 1x16xf16, blayout=col_major, slayout=row_major>,
                   %e: !pto.tile<scaling, 3x2xf8E8M0FNU, slayout=row_major, fractal=32>) {
  return
}
