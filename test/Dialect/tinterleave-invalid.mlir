// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TINTERLEAVE (tinterleave_c1 ... tinterleave_c5) and per
// form check.

// tinterleave_c1: the page's element types (A5 list, both targets).
func.func @tinterleave_c1(%a: !pto.tile<vec, 8x8xi64>) {
  // expected-error @+1 {{'pto.tinterleave' op dst0 element type i64 is not supported on any target (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
  %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 8x8xi64>, !pto.tile<vec, 8x8xi64>) -> (!pto.tile<vec, 8x8xi64>, !pto.tile<vec, 8x8xi64>)
  return
}

// -----

// tinterleave_c1: the same list on a2a3.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinterleave_c1_a2a3(%a: !pto.tile<vec, 8x32xf8E4M3FN>) {
    // expected-error @+1 {{'pto.tinterleave' op dst0 element type f8E4M3FN is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 8x32xf8E4M3FN>, !pto.tile<vec, 8x32xf8E4M3FN>) -> (!pto.tile<vec, 8x32xf8E4M3FN>, !pto.tile<vec, 8x32xf8E4M3FN>)
    return
  }
}

// -----

// tinterleave_c2: one element type for all four tiles.
func.func @tinterleave_c2(%a: !pto.tile<vec, 8x16xf16>, %b: !pto.tile<vec, 8x16xbf16>) {
  // expected-error @+1 {{'pto.tinterleave' op src1 element type bf16 differs from dst0 element type f16}}
  %d0, %d1 = pto.tinterleave %a, %b : (!pto.tile<vec, 8x16xf16>, !pto.tile<vec, 8x16xbf16>) -> (!pto.tile<vec, 8x16xf16>, !pto.tile<vec, 8x16xf16>)
  return
}

// -----

// tinterleave_c2: dst1 too.
func.func @tinterleave_c2_dst1(%a: !pto.tile<vec, 8x16xi16>, %d0: !pto.tile_buf<vec, 8x16xi16>, %d1: !pto.tile_buf<vec, 8x16xui16>, %b: !pto.tile_buf<vec, 8x16xi16>) {
  // expected-error @+1 {{'pto.tinterleave' op dst1 element type ui16 differs from dst0 element type i16}}
  pto.tinterleave ins(%b, %b : !pto.tile_buf<vec, 8x16xi16>, !pto.tile_buf<vec, 8x16xi16>) outs(%d0, %d1 : !pto.tile_buf<vec, 8x16xi16>, !pto.tile_buf<vec, 8x16xui16>)
  return
}

// -----

// tinterleave_c3: row-major tiles.
func.func @tinterleave_c3(%a: !pto.tile<vec, 8x8xf32>, %b: !pto.tile<vec, 8x8xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tinterleave' op src1 must be row-major (blayout=row_major), got blayout=col_major}}
  %d0, %d1 = pto.tinterleave %a, %b : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32, blayout=col_major>) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

// tinterleave_c4: equal valid shapes.
func.func @tinterleave_c4(%a: !pto.tile<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tinterleave' op dst1 valid shape 4x8 does not match dst0 valid shape 8x8}}
  %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32, valid=4x8>)
  return
}

// -----

// tinterleave_c5: even valid columns.
func.func @tinterleave_c5(%a: !pto.tile<vec, 8x8xf32, valid=8x7>) {
  // expected-error @+1 {{'pto.tinterleave' op src0 valid cols must be even, got 7}}
  %d0, %d1 = pto.tinterleave %a, %a : (!pto.tile<vec, 8x8xf32, valid=8x7>, !pto.tile<vec, 8x8xf32, valid=8x7>) -> (!pto.tile<vec, 8x8xf32, valid=8x7>, !pto.tile<vec, 8x8xf32, valid=8x7>)
  return
}

// -----

// tinterleave_c5: a static odd extent is wrong even where dst0's is dynamic.
func.func @tinterleave_c5_dynamic_dst0(%a: !pto.tile<vec, 8x8xf32, valid=8x?>, %b: !pto.tile<vec, 8x8xf32, valid=8x5>) {
  // expected-error @+1 {{'pto.tinterleave' op src1 valid cols must be even, got 5}}
  %d0, %d1 = pto.tinterleave %a, %b : (!pto.tile<vec, 8x8xf32, valid=8x?>, !pto.tile<vec, 8x8xf32, valid=8x5>) -> (!pto.tile<vec, 8x8xf32, valid=8x?>, !pto.tile<vec, 8x8xf32, valid=8x?>)
  return
}

// -----

func.func @arity(%a: !pto.tile<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tinterleave' op expects 2 results (Level 1) or 2 'outs' buffers (Level 2), got 1 results and 0 'outs'}}
  %d = pto.tinterleave %a, %a : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>) -> !pto.tile<vec, 8x8xf32>
  return
}

// -----

func.func @scalar_src(%a: !pto.tile<vec, 8x8xf32>, %s: f32) {
  // expected-error @+1 {{'pto.tinterleave' op operand #1 must be tile or tile buffer, but got 'f32'}}
  %d0, %d1 = pto.tinterleave %a, %s : (!pto.tile<vec, 8x8xf32>, f32) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

func.func @mixed_levels(%a: !pto.tile<vec, 8x8xf32>, %b: !pto.tile_buf<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tinterleave' op 'ins' operand #0 is !pto.tile but the op is at Level 2 (expects !pto.tile_buf)}}
  pto.tinterleave ins(%a, %b : !pto.tile<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>) outs(%b, %b : !pto.tile_buf<vec, 8x8xf32>, !pto.tile_buf<vec, 8x8xf32>)
  return
}
