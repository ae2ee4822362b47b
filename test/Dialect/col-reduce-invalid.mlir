// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the column-reduction family (<op>_c1 ... <op>_c7,
// tcolsum's c8 ... c10), the same for every op of it (the per-op negatives
// of every rule: test/pytest/families/test_col_reduce_rules.py).

// tcolsum_c1: no 1-byte integers on A2/A3 (a2a3/TColSum.hpp:102).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcolsum_c1(%a: !pto.tile<vec, 32x64xi8>) {
    // expected-error @+1 {{'pto.tcolsum' op dst element type i8 is not supported on a2a3 (allowed: i16, i32, f16, f32)}}
    %d = pto.tcolsum %a : !pto.tile<vec, 32x64xi8> -> !pto.tile<vec, 1x64xi8>
    return
  }
}

// -----

// tcolprod_c1: no 1-byte integers on A5 (a5/TColProd.hpp:42).
module attributes {pto.target_arch = "a5"} {
  func.func @tcolprod_c1(%a: !pto.tile<vec, 32x64xi8>) {
    // expected-error @+1 {{'pto.tcolprod' op dst element type i8 is not supported on a5 (allowed: i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d = pto.tcolprod %a : !pto.tile<vec, 32x64xi8> -> !pto.tile<vec, 1x64xi8>
    return
  }
}

// -----

// tcolmax_c2: one element type (a2a3/TColReduceOps.hpp:90).
func.func @tcolmax_c2(%a: !pto.tile<vec, 16x32xf16>) {
  // expected-error @+1 {{'pto.tcolmax' op src element type f16 differs from dst element type f32}}
  %d = pto.tcolmax %a : !pto.tile<vec, 16x32xf16> -> !pto.tile<vec, 1x32xf32>
  return
}

// -----

// tcolsum_c2: tmp of the element type too (docs/isa/TCOLSUM.md, "tmp must use the same element type").
func.func @tcolsum_c2_tmp(%a: !pto.tile<vec, 16x16xf32>, %t: !pto.tile<vec, 8x32xf16>) {
  // expected-error @+1 {{'pto.tcolsum' op tmp element type f16 differs from dst element type f32}}
  %d = pto.tcolsum %a, %t {isBinary = false} : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 8x32xf16>) -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolmin_c3: src ND (a2a3/TColReduceOps.hpp:81).
func.func @tcolmin_c3(%a: !pto.tile<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tcolmin' op src must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.tcolmin %a : !pto.tile<vec, 16x16xf32, blayout=col_major> -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolprod_c4: dst ND (a2a3/TColReduceOps.hpp:84).
func.func @tcolprod_c4(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolprod' op dst must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.tcolprod %a : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 8x16xf32, blayout=col_major, valid=1x16>
  return
}

// -----

// tcolsum_c5: dst's valid columns are src's (a2a3/TColReduceOps.hpp:93, TColSum.hpp:121).
func.func @tcolsum_c5(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op dst has 8 valid columns, src has 16; they must be equal}}
  %d = pto.tcolsum %a : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 1x16xf32, valid=1x8>
  return
}

// -----

// tcolmax_c6: one valid row in dst (the simulator writes row 0, cpu/TColMax.hpp:30).
func.func @tcolmax_c6(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolmax' op dst has 4 valid rows; it must have 1}}
  %d = pto.tcolmax %a : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 4x16xf32>
  return
}

// -----

// tcolmin_c7: a non-empty src (docs/isa/TCOLMIN.md, the NPU returns early: a2a3/TColMax.hpp:44).
func.func @tcolmin_c7(%a: !pto.tile<vec, 16x16xf32, valid=0x16>) {
  // expected-error @+1 {{'pto.tcolmin' op src valid shape is 0x16; it must not be empty}}
  %d = pto.tcolmin %a : !pto.tile<vec, 16x16xf32, valid=0x16> -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolsum_c8: tmp and isBinary together (PTOAS lib/PTO/IR/PTO.cpp:3613-3618).
func.func @tcolsum_c8_tmp(%a: !pto.tile<vec, 16x16xf32>, %t: !pto.tile<vec, 8x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op has a tmp without isBinary; tmp and isBinary are given together}}
  %d = pto.tcolsum %a, %t : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 8x16xf32>) -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolsum_c8: isBinary needs a tmp (PTOAS lib/PTO/IR/PTO.cpp:3618).
func.func @tcolsum_c8_binary(%a: !pto.tile<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op has isBinary without a tmp; tmp and isBinary are given together}}
  %d = pto.tcolsum %a {isBinary = true} : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolsum_c9: tmp ND (a2a3/TColSum.hpp:99).
func.func @tcolsum_c9(%a: !pto.tile<vec, 16x16xf32>, %t: !pto.tile<vec, 16x8xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tcolsum' op tmp must be ND (blayout=row_major, slayout=none_box), got DN}}
  %d = pto.tcolsum %a, %t {isBinary = true} : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 16x8xf32, blayout=col_major>) -> !pto.tile<vec, 1x16xf32>
  return
}

// -----

// tcolsum_c10: a binary sum's tmp rows hold src's valid columns (a2a3/TColSum.hpp:129, a5/TColSum.hpp:143).
func.func @tcolsum_c10(%a: !pto.tile<vec, 16x16xf32>, %t: !pto.tile<vec, 8x8xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op tmp has 8 columns, src 16 valid columns; a binary sum (isBinary = true) needs tmp columns >= src's valid columns}}
  %d = pto.tcolsum %a, %t {isBinary = true} : (!pto.tile<vec, 16x16xf32>, !pto.tile<vec, 8x8xf32>) -> !pto.tile<vec, 1x16xf32>
  return
}
