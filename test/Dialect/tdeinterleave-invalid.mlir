// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TDEINTERLEAVE (tdeinterleave_c1 ... tdeinterleave_c5),
// for both forms where the rule differs, and per form check.

// tdeinterleave_c1: the element types of tinterleave.
func.func @tdeinterleave_c1(%a: !pto.tile<vec, 8x8xui64>) {
  // expected-error @+1 {{'pto.tdeinterleave' op dst0 element type ui64 is not supported on any target (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
  %d0, %d1 = pto.tdeinterleave %a, %a : (!pto.tile<vec, 8x8xui64>, !pto.tile<vec, 8x8xui64>) -> (!pto.tile<vec, 8x8xui64>, !pto.tile<vec, 8x8xui64>)
  return
}

// -----

// tdeinterleave_c2: one element type (single source).
func.func @tdeinterleave_c2(%s: !pto.tile<vec, 8x16xi32>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src element type i32 differs from dst0 element type f32}}
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x16xi32> -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

// tdeinterleave_c3: row-major tiles.
func.func @tdeinterleave_c3(%a: !pto.tile<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tdeinterleave' op dst1 must be row-major (blayout=row_major), got blayout=col_major}}
  %d0, %d1 = pto.tdeinterleave %a, %a : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32, blayout=col_major>)
  return
}

// -----

// tdeinterleave_c4: equal valid shapes (two sources).
func.func @tdeinterleave_c4(%a: !pto.tile<vec, 8x8xf32>, %b: !pto.tile<vec, 8x8xf32, valid=8x4>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src1 valid shape 8x4 does not match dst0 valid shape 8x8}}
  %d0, %d1 = pto.tdeinterleave %a, %b : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32, valid=8x4>) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

// tdeinterleave_c4: single source, dst0 and dst1 equal.
func.func @tdeinterleave_c4_single_dsts(%s: !pto.tile<vec, 8x16xf32>) {
  // expected-error @+1 {{'pto.tdeinterleave' op dst1 valid shape 4x8 does not match dst0 valid shape 8x8}}
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x16xf32> -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32, valid=4x8>)
  return
}

// -----

// tdeinterleave_c4: single source, src valid rows equal dst0's.
func.func @tdeinterleave_c4_single_rows(%s: !pto.tile<vec, 8x16xf32, valid=6x16>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src valid rows 6 must equal dst0 valid rows 8}}
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x16xf32, valid=6x16> -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

// tdeinterleave_c4: single source, src valid cols twice dst0's.
func.func @tdeinterleave_c4_single_cols(%s: !pto.tile<vec, 8x16xf32>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src valid cols 16 must be twice dst0 valid cols (12)}}
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x16xf32> -> (!pto.tile<vec, 8x16xf32, valid=8x6>, !pto.tile<vec, 8x16xf32, valid=8x6>)
  return
}

// -----

// tdeinterleave_c5: even dst valid columns (two sources).
func.func @tdeinterleave_c5(%a: !pto.tile<vec, 8x8xf32, valid=8x3>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src0 valid cols must be even, got 3}}
  %d0, %d1 = pto.tdeinterleave %a, %a : (!pto.tile<vec, 8x8xf32, valid=8x3>, !pto.tile<vec, 8x8xf32, valid=8x3>) -> (!pto.tile<vec, 8x8xf32, valid=8x3>, !pto.tile<vec, 8x8xf32, valid=8x3>)
  return
}

// -----

// tdeinterleave_c5: single source, even src valid columns (with dynamic dst
// valid cols, where c4 cannot say it). pto-isa 3186c381 lets each dst take an
// odd half: tdeinterleave.mlir.
func.func @tdeinterleave_c5_single_dynamic_dst(%s: !pto.tile<vec, 8x16xf32, valid=8x9>) {
  // expected-error @+1 {{'pto.tdeinterleave' op src valid cols must be even, got 9}}
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x16xf32, valid=8x9> -> (!pto.tile<vec, 8x8xf32, valid=8x?>, !pto.tile<vec, 8x8xf32, valid=8x?>)
  return
}

// -----

func.func @arity(%a: !pto.tile<vec, 8x8xf32>) {
  // expected-error @+1 {{custom op 'pto.tdeinterleave' expects 1 or 2 'ins' operands (src0[, src1]), got 3}}
  %d0, %d1 = pto.tdeinterleave %a, %a, %a : (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>) -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

func.func @scalar_src(%s: i32) {
  // expected-error @+1 {{'pto.tdeinterleave' op operand #0 must be tile or tile buffer, but got 'i32'}}
  %d0, %d1 = pto.tdeinterleave %s : i32 -> (!pto.tile<vec, 8x8xf32>, !pto.tile<vec, 8x8xf32>)
  return
}

// -----

func.func @one_dst(%s: !pto.tile_buf<vec, 8x16xf32>, %d: !pto.tile_buf<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tdeinterleave' op expects 2 results (Level 1) or 2 'outs' buffers (Level 2), got 0 results and 1 'outs'}}
  pto.tdeinterleave ins(%s : !pto.tile_buf<vec, 8x16xf32>) outs(%d : !pto.tile_buf<vec, 8x8xf32>)
  return
}
