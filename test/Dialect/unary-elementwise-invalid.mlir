// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the unary elementwise family (<op>_c1 ... <op>_c4),
// the same for every op of it (the per-op negatives of every rule:
// test/pytest/families/test_unary_elementwise_rules.py).

// texp_c1: integers are illegal everywhere (TunaryCheck, a2a3/TUnaryOp.hpp:265).
func.func @texp_c1_int(%a: !pto.tile<vec, 16x32xi16>) {
  // expected-error @+1 {{'pto.texp' op dst element type i16 is not supported on any target (allowed: f16, f32)}}
  %d = pto.texp %a : !pto.tile<vec, 16x32xi16> -> !pto.tile<vec, 16x32xi16>
  return
}

// -----

// tabs_c1: A2/A3 takes floats only, A5 also i8, i16, i32 (a5/TUnaryOp.hpp:316).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tabs_c1_a2a3_i32(%a: !pto.tile<vec, 16x16xi32>) {
    // expected-error @+1 {{'pto.tabs' op dst element type i32 is not supported on a2a3 (allowed: f16, f32)}}
    %d = pto.tabs %a : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 16x16xi32>
    return
  }
}

// -----

// tneg_c2: one element type.
func.func @tneg_c2(%a: !pto.tile<vec, 16x16xi32>) {
  // expected-error @+1 {{'pto.tneg' op src element type i32 differs from dst element type f32}}
  %d = pto.tneg %a : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// trelu_c3: row-major tiles.
func.func @trelu_c3(%a: !pto.tile<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trelu' op src must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.trelu %a : !pto.tile<vec, 16x16xf32, blayout=col_major> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// trecip_c4: equal valid shapes.
func.func @trecip_c4(%d: !pto.tile_buf<vec, 16x16xf32>) {
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=8x16>
  // expected-error @+1 {{'pto.trecip' op src valid shape 8x16 does not match dst valid shape 16x16}}
  pto.trecip ins(%b : !pto.tile_buf<vec, 16x16xf32, valid=8x16>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}
