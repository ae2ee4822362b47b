// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the partial-region family (<op>_c1 ... <op>_c4),
// the same for every op of it (every op and rule:
// test/pytest/families/test_part_rules.py).

// tpartmul_c1: a5 has no 8-byte integers (a5/TPartMul.hpp:32).
module attributes {pto.target_arch = "a5"} {
  func.func @tpartmul_c1(%a: !pto.tile<vec, 4x8xi64>) {
    // expected-error @+1 {{'pto.tpartmul' op dst element type i64 is not supported on a5 (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d = pto.tpartmul %a, %a : (!pto.tile<vec, 4x8xi64>, !pto.tile<vec, 4x8xi64>) -> !pto.tile<vec, 4x8xi64>
    return
  }
}

// -----

// tpartadd_c2: one element type.
func.func @tpartadd_c2(%a: !pto.tile<vec, 4x16xf32>, %b: !pto.tile<vec, 4x32xf16>) {
  // expected-error @+1 {{'pto.tpartadd' op src1 element type f16 differs from dst element type f32}}
  %d = pto.tpartadd %a, %b : (!pto.tile<vec, 4x16xf32>, !pto.tile<vec, 4x32xf16>) -> !pto.tile<vec, 4x16xf32>
  return
}

// -----

// tpartmax_c3: row-major tiles.
func.func @tpartmax_c3(%a: !pto.tile<vec, 16x16xf32, blayout=col_major>, %b: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tpartmax' op src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.tpartmax %a, %b : (!pto.tile<vec, 16x16xf32, blayout=col_major>, !pto.tile<vec, 16x16xf32>) -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tpartmin_c4: one source of dst's valid shape, the other within it.
func.func @tpartmin_c4(%a: !pto.tile<vec, 16x16xf32, valid=8x16>, %b: !pto.tile<vec, 16x16xf32, valid=16x8>) {
  // expected-error @+1 {{'pto.tpartmin' op src0 valid shape 8x16 and src1 valid shape 16x8: one must be dst's 16x16 and the other within it}}
  %d = pto.tpartmin %a, %b : (!pto.tile<vec, 16x16xf32, valid=8x16>, !pto.tile<vec, 16x16xf32, valid=16x8>) -> !pto.tile<vec, 16x16xf32>
  return
}
