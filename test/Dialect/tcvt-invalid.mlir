// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TCVT (tcvt_c1 ... tcvt_c4).

// tcvt_c1: the page's conversions per target (A2/A3 has no bf16 -> f16).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcvt_c1(%s: !pto.tile<vec, 16x16xbf16>) {
    // expected-error @+1 {{'pto.tcvt' op converts bf16 -> f16, which is not a TCVT conversion on a2a3 (from bf16: f32, i32)}}
    %d = pto.tcvt %s : !pto.tile<vec, 16x16xbf16> -> !pto.tile<vec, 16x16xf16>
    return
  }
}

// -----

// tcvt_c2
func.func @tcvt_c2(%s: !pto.tile<vec, 16x32xf32>) {
  // expected-error @+1 {{'pto.tcvt' op src shape 16x32 differs from dst shape 16x16}}
  %d = pto.tcvt %s : !pto.tile<vec, 16x32xf32> -> !pto.tile<vec, 16x16xf16>
  return
}

// -----

// tcvt_c3
func.func @tcvt_c3(%s: !pto.tile_buf<vec, 16x16xf32, valid=8x16>, %d: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tcvt' op src valid shape 8x16 does not match dst valid shape 16x16}}
  pto.tcvt ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=8x16>) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// tcvt_c4
func.func @tcvt_c4(%s: !pto.tile<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tcvt' op src location must be vec, got mat}}
  %d = pto.tcvt %s : !pto.tile<mat, 16x16xf32> -> !pto.tile<mat, 16x16xf16>
  return
}
