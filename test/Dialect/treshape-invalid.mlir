// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TRESHAPE (treshape_c1 ... treshape_c5) and per form
// check.

// treshape_c1: same location.
func.func @treshape_c1(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op dst location mat differs from src location vec (treshape keeps the location)}}
  %d = pto.treshape %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<mat, 16x16xf32>
  return
}

// -----

// treshape_c2: equal total bytes.
func.func @treshape_c2(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 8x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op dst holds 8x16xf32 = 512 bytes but src holds 16x16xf32 = 1024 bytes (the total bytes must be equal)}}
  pto.treshape ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 8x16xf32>)
  return
}

// -----

// treshape_c2: equal element counts of other widths are not enough.
func.func @treshape_c2_width(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op dst holds 16x16xf16 = 512 bytes but src holds 16x16xf32 = 1024 bytes (the total bytes must be equal)}}
  %d = pto.treshape %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf16>
  return
}

// -----

// treshape_c3: no change between boxed and non-boxed layouts.
func.func @treshape_c3(%s: !pto.tile_buf<mat, 16x16xf16>) {
  // expected-error @+1 {{'pto.treshape' op dst slayout=row_major and src slayout=none_box: treshape cannot convert between boxed and non-boxed (none_box) layouts}}
  %d = pto.treshape %s : !pto.tile_buf<mat, 16x16xf16> -> !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// treshape_c4: integer <-> float is rejected.
func.func @treshape_c4(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op dst element type i32 and src element type f32 mix integer and floating point, which the CPU simulator rejects (allowed: identical types, both integer or both floating point)}}
  %d = pto.treshape %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32>
  return
}

// -----

// treshape_c5: a view keeps the level (tile -> tile_buf).
func.func @treshape_c5_to_buffer(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op view result is !pto.tile_buf but src is !pto.tile: a view keeps the level (!pto.tile -> !pto.tile, !pto.tile_buf -> !pto.tile_buf); copy between buffers with ins(...) outs(...)}}
  %d = pto.treshape %s : !pto.tile<vec, 16x16xf32> -> !pto.tile_buf<vec, 8x32xf32>
  return
}

// -----

// treshape_c5: a view keeps the level (tile_buf -> tile).
func.func @treshape_c5_to_value(%s: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op view result is !pto.tile but src is !pto.tile_buf: a view keeps the level (!pto.tile -> !pto.tile, !pto.tile_buf -> !pto.tile_buf); copy between buffers with ins(...) outs(...)}}
  %d = pto.treshape %s : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile<vec, 8x32xf32>
  return
}

// -----

// The copy reads a buffer.
func.func @copy_from_value(%s: !pto.tile<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.treshape' op 'ins' operand #0 is !pto.tile but the op is at Level 2 (expects !pto.tile_buf)}}
  pto.treshape ins(%s : !pto.tile<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @scalar_src(%s: i32) {
  // expected-error @+1 {{'pto.treshape' op operand #0 must be tile or tile buffer, but got 'i32'}}
  %d = pto.treshape %s : i32 -> !pto.tile<vec, 8x32xf32>
  return
}

// -----

func.func @two_srcs(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{custom op 'pto.treshape' expects 1 'ins' operands (src), got 2}}
  %d = pto.treshape %s, %s : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 8x32xf32>
  return
}

// -----

func.func @result_and_outs(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{custom op 'pto.treshape' expects 0 or 1 'outs' operands (dst), got 2}}
  pto.treshape ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d, %d : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xf32>)
  return
}
