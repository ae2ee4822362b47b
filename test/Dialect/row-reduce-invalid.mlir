// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the row-reduction family (<op>_c1 ... <op>_c7), the
// same for every op of it (the per-op negatives of every rule:
// test/pytest/families/test_row_reduce_rules.py).

// trowsum_c1: no 1-byte integers (a2a3/TRowReduceOps.hpp:197, a5/TRowReduce.hpp:393).
func.func @trowsum_c1(%a: !pto.tile<vec, 32x64xi8>) {
  // expected-error @+1 {{'pto.trowsum' op dst element type i8 is not supported on any target (allowed: i16, i32, f16, f32)}}
  %d = pto.trowsum %a, %a : (!pto.tile<vec, 32x64xi8>, !pto.tile<vec, 32x64xi8>) -> !pto.tile<vec, 32x1xi8, blayout=col_major>
  return
}

// -----

// trowmax_c2: one element type (a2a3/TRowReduceOps.hpp:202).
func.func @trowmax_c2(%a: !pto.tile<vec, 16x32xf16>, %t: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowmax' op src element type f16 differs from dst element type f32}}
  %d = pto.trowmax %a, %t : (!pto.tile<vec, 16x32xf16>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major>
  return
}

// -----

// trowmin_c3: src ND (a2a3/TRowReduceOps.hpp:186).
func.func @trowmin_c3(%a: !pto.tile<vec, 16x16xf32, blayout=col_major>, %t: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowmin' op src must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.trowmin %a, %t : (!pto.tile<vec, 16x16xf32, blayout=col_major>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major>
  return
}

// -----

// trowprod_c4: dst ND, or DN of one column (a2a3/TRowReduceOps.hpp:190).
func.func @trowprod_c4(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowprod' op dst must be ND, or DN with 1 column, got DN with 8 columns}}
  %d = pto.trowprod %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x8xf32, blayout=col_major>
  return
}

// -----

// trowsum_c5: dst's valid rows are src's (a2a3/TRowReduceOps.hpp:207).
func.func @trowsum_c5(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowsum' op dst has 8 valid rows, src has 16; they must be equal}}
  %d = pto.trowsum %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 8x1xf32, blayout=col_major>
  return
}

// -----

// trowsum_c6: one valid column in dst (the simulator writes column 0, cpu/TRowSum.hpp:30).
func.func @trowsum_c6(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowsum' op dst has 8 valid columns; it must have 1}}
  %d = pto.trowsum %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x8xf32>
  return
}

// -----

// trowsum_c7: a non-empty src (a2a3/TRowReduceOps.hpp:206).
func.func @trowsum_c7(%a: !pto.tile<vec, 16x16xf32, valid=16x0>, %t: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowsum' op src valid shape is 16x0; it must not be empty}}
  %d = pto.trowsum %a, %t : (!pto.tile<vec, 16x16xf32, valid=16x0>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major>
  return
}
