// RUN: pto-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The dialect remembers each tile type by its text: a spelling seen before
// gives the same type without being parsed again, in every spelling, and
// an invalid type is reported each time it is written.
// CHECK: func.func private @repeated(!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>)
func.func private @repeated(!pto.tile<vec, 1x32xi16>,
  !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile_buf<vec, 1x32xi16>)

// -----

// Types that alternate: each text gives its own type, whether it repeats
// the text just before it or one seen further back.
// CHECK: func.func private @alternating(!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>, !pto.tile<vec, 16x16xf16>, !pto.tile<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>, !pto.tile<vec, 16x16xf16>, !pto.tile_buf<vec, 1x32xi16>)
func.func private @alternating(
  !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @+1 {{tile rows must be positive, got 0}}
func.func private @invalid_once(!pto.tile<0x32xf16>)

// -----

// expected-error @+1 {{tile rows must be positive, got 0}}
func.func private @invalid_again(!pto.tile<0x32xf16>)

// -----

// expected-error @+1 {{unknown type 'tiles' in dialect 'pto'}}
func.func private @unknown(!pto.tiles<1x32xf16>)
