// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the arg-reduction families (<op>_c1 ... <op>_c8),
// the same for both ops of a family (the per-op negatives of every rule:
// test/pytest/families/test_arg_reduce_rules.py).

// trowargmax_c1: no 1-byte sources (a2a3/TRowReduceOps.hpp:197; the TROWARGMAX page's 2-/4-byte sources on a5).
func.func @trowargmax_c1(%a: !pto.tile<vec, 32x64xi8>) {
  // expected-error @+1 {{'pto.trowargmax' op src element type i8 is not supported on any target (allowed: i16, ui16, i32, ui32, f16, bf16, f32)}}
  %d = pto.trowargmax %a, %a : (!pto.tile<vec, 32x64xi8>, !pto.tile<vec, 32x64xi8>) -> !pto.tile<vec, 32x1xi32, blayout=col_major>
  return
}

// -----

// tcolargmin_c1: A2/A3's sources are f16, u16, f32 and u32 (a2a3/TColReduceIdx.hpp:26).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcolargmin_c1(%a: !pto.tile<vec, 16x16xi32>) {
    // expected-error @+1 {{'pto.tcolargmin' op src element type i32 is not supported on a2a3 (allowed: ui16, ui32, f16, f32)}}
    %d = pto.tcolargmin %a, %a : (!pto.tile<vec, 16x16xi32>, !pto.tile<vec, 16x16xi32>) -> !pto.tile<vec, 1x16xi32>
    return
  }
}

// -----

// trowargmin_c2: dst i32 or ui32 (cpu/TReduceIdx.hpp:50).
func.func @trowargmin_c2(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowargmin' op dst element type i16 is not supported on any target (allowed: i32, ui32)}}
  %d = pto.trowargmin %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x1xi16, blayout=col_major>
  return
}

// -----

// tcolargmax_c3: tmp of src's element type (a2a3/TColReduceIdx.hpp:42).
func.func @tcolargmax_c3(%a: !pto.tile<vec, 16x16xf32>, %t: !pto.tile<vec, 16x32xf16>) {
  // expected-error @+1 {{'pto.tcolargmax' op tmp element type f16 differs from src element type f32}}
  %d = pto.tcolargmax %a, %t : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x32xf16>) -> !pto.tile<vec, 1x16xi32>
  return
}

// -----

// trowargmax_c4: src ND (cpu/TReduceIdx.hpp:78).
func.func @trowargmax_c4(%a: !pto.tile<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trowargmax' op src must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.trowargmax %a, %a : (!pto.tile<vec, 16x16xf32, blayout=col_major>, !pto.tile<vec, 16x16xf32, blayout=col_major>) -> !pto.tile<vec, 16x1xi32, blayout=col_major>
  return
}

// -----

// tcolargmax_c4: src ND or DN, not boxed (cpu/TReduceIdx.hpp:63).
func.func @tcolargmax_c4(%a: !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{'pto.tcolargmax' op src must be ND or DN (slayout=none_box), got NZ}}
  %d = pto.tcolargmax %a, %a : (!pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>) -> !pto.tile<vec, 1x16xi32>
  return
}

// -----

// trowargmin_c5: dst ND, or DN of one column (a2a3/TRowReduceOps.hpp:190).
func.func @trowargmin_c5(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowargmin' op dst must be ND, or DN with 1 column, got DN with 8 columns}}
  %d = pto.trowargmin %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x8xi32, blayout=col_major, valid=16x1>
  return
}

// -----

// tcolargmin_c5: dst ND (cpu/TReduceIdx.hpp:64).
func.func @tcolargmin_c5(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolargmin' op dst must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.tcolargmin %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 8x16xi32, blayout=col_major, valid=1x16>
  return
}

// -----

// trowargmax_c6: dst's valid rows are src's (cpu/TReduceIdx.hpp:83).
func.func @trowargmax_c6(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowargmax' op dst has 8 valid rows, src has 16; they must be equal}}
  %d = pto.trowargmax %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 8x1xi32, blayout=col_major>
  return
}

// -----

// tcolargmax_c6: dst's valid columns are src's (cpu/TReduceIdx.hpp:70).
func.func @tcolargmax_c6(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolargmax' op dst has 8 valid columns, src has 16; they must be equal}}
  %d = pto.tcolargmax %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 1x16xi32, valid=1x8>
  return
}

// -----

// trowargmin_c7: one valid column in dst (the simulator writes column 0).
func.func @trowargmin_c7(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.trowargmin' op dst has 8 valid columns; it must have 1}}
  %d = pto.trowargmin %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x8xi32>
  return
}

// -----

// tcolargmin_c7: one valid row in dst (cpu/TReduceIdx.hpp:69).
func.func @tcolargmin_c7(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolargmin' op dst has 2 valid rows; it must have 1}}
  %d = pto.tcolargmin %a, %a : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 2x16xi32>
  return
}

// -----

// trowargmax_c8: a non-empty src (cpu/TReduceIdx.hpp:82).
func.func @trowargmax_c8(%a: !pto.tile<vec, 16x16xf32, valid=16x0>) {
  // expected-error @+1 {{'pto.trowargmax' op src valid shape is 16x0; it must not be empty}}
  %d = pto.trowargmax %a, %a : (!pto.tile<vec, 16x16xf32, valid=16x0>, !pto.tile<vec, 16x16xf32, valid=16x0>) -> !pto.tile<vec, 16x1xi32, blayout=col_major>
  return
}

// -----

// tcolargmax_c8: a non-empty src (cpu/TReduceIdx.hpp:68).
func.func @tcolargmax_c8(%a: !pto.tile<vec, 16x16xf32, valid=0x16>) {
  // expected-error @+1 {{'pto.tcolargmax' op src valid shape is 0x16; it must not be empty}}
  %d = pto.tcolargmax %a, %a : (!pto.tile<vec, 16x16xf32, valid=0x16>, !pto.tile<vec, 16x16xf32, valid=0x16>) -> !pto.tile<vec, 1x16xi32>
  return
}
