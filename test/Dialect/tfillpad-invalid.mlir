// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of each fill op (<op>_c1 ... <op>_c5, docs/ops/tfillpad.md).

// tfillpad_c1: element types of 1, 2 or 4 bytes (no fp8)
func.func @tfillpad_c1(%s: !pto.tile<vec, 16x32xf8E4M3FN>) {
  // expected-error @+1 {{'pto.tfillpad' op src element type f8E4M3FN is not supported on any target (allowed: i8, ui8, i16, ui16, f16, bf16, i32, ui32, f32)}}
  %d = pto.tfillpad %s : !pto.tile<vec, 16x32xf8E4M3FN> -> !pto.tile<vec, 16x32xf8E4M3FN, pad=zero>
  return
}

// -----

// tfillpad_c2: one element type
func.func @tfillpad_c2(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad' op dst element type i32 differs from src element type f32}}
  %d = pto.tfillpad %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32, pad=zero>
  return
}

// -----

// tfillpad_c3: dst pads
func.func @tfillpad_c3(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad' op dst pad value must be zero, max or min, got pad=null}}
  %d = pto.tfillpad %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tfillpad_c4: src's shape
func.func @tfillpad_c4(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad' op dst shape 16x32 differs from src shape 16x16}}
  %d = pto.tfillpad %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x32xf32, pad=zero>
  return
}

// -----

// tfillpad_c5: vec tiles
func.func @tfillpad_c5(%s: !pto.tile<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad' op src location must be vec, got mat}}
  %d = pto.tfillpad %s : !pto.tile<mat, 16x16xf32> -> !pto.tile<mat, 16x16xf32, pad=zero>
  return
}

// -----

// tfillpad_inplace_c1: element types of 1, 2 or 4 bytes (no fp8)
func.func @tfillpad_inplace_c1(%s: !pto.tile<vec, 16x32xf8E4M3FN>) {
  // expected-error @+1 {{'pto.tfillpad_inplace' op src element type f8E4M3FN is not supported on any target (allowed: i8, ui8, i16, ui16, f16, bf16, i32, ui32, f32)}}
  %d = pto.tfillpad_inplace %s : !pto.tile<vec, 16x32xf8E4M3FN> -> !pto.tile<vec, 16x32xf8E4M3FN, pad=zero>
  return
}

// -----

// tfillpad_inplace_c2: one element type
func.func @tfillpad_inplace_c2(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_inplace' op dst element type i32 differs from src element type f32}}
  %d = pto.tfillpad_inplace %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xi32, pad=zero>
  return
}

// -----

// tfillpad_inplace_c3: dst pads
func.func @tfillpad_inplace_c3(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_inplace' op dst pad value must be zero, max or min, got pad=null}}
  %d = pto.tfillpad_inplace %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tfillpad_inplace_c4: src's shape
func.func @tfillpad_inplace_c4(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_inplace' op dst shape 16x32 differs from src shape 16x16}}
  %d = pto.tfillpad_inplace %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x32xf32, pad=zero>
  return
}

// -----

// tfillpad_inplace_c5: vec tiles
func.func @tfillpad_inplace_c5(%s: !pto.tile<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_inplace' op src location must be vec, got mat}}
  %d = pto.tfillpad_inplace %s : !pto.tile<mat, 16x16xf32> -> !pto.tile<mat, 16x16xf32, pad=zero>
  return
}

// -----

// tfillpad_expand_c1: element types of 1, 2 or 4 bytes (no fp8)
func.func @tfillpad_expand_c1(%s: !pto.tile<vec, 16x32xf8E4M3FN>) {
  // expected-error @+1 {{'pto.tfillpad_expand' op src element type f8E4M3FN is not supported on any target (allowed: i8, ui8, i16, ui16, f16, bf16, i32, ui32, f32)}}
  %d = pto.tfillpad_expand %s : !pto.tile<vec, 16x32xf8E4M3FN> -> !pto.tile<vec, 32x32xf8E4M3FN, pad=zero>
  return
}

// -----

// tfillpad_expand_c2: one element type
func.func @tfillpad_expand_c2(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_expand' op dst element type i32 differs from src element type f32}}
  %d = pto.tfillpad_expand %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 32x32xi32, pad=zero>
  return
}

// -----

// tfillpad_expand_c3: dst pads
func.func @tfillpad_expand_c3(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_expand' op dst pad value must be zero, max or min, got pad=null}}
  %d = pto.tfillpad_expand %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 32x32xf32>
  return
}

// -----

// tfillpad_expand_c4: dst at least src's shape
func.func @tfillpad_expand_c4(%s: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_expand' op dst shape 32x8 is smaller than src shape 16x16 in rows or columns}}
  %d = pto.tfillpad_expand %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 32x8xf32, pad=zero>
  return
}

// -----

// tfillpad_expand_c5: vec tiles
func.func @tfillpad_expand_c5(%s: !pto.tile<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tfillpad_expand' op src location must be vec, got mat}}
  %d = pto.tfillpad_expand %s : !pto.tile<mat, 16x16xf32> -> !pto.tile<mat, 32x32xf32, pad=zero>
  return
}
