// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TOR (tor_c1 ... tor_c4) and per form check.

// tor_c1: floats are illegal everywhere.
func.func @tor_c1_float(%a: !pto.tile<vec, 16x32xf16>) {
  // expected-error @+1 {{'pto.tor' op dst element type f16 is not supported on any target (allowed: i8, ui8, i16, ui16, i32, ui32)}}
  %d = pto.tor %a, %a : (!pto.tile<vec, 16x32xf16>, !pto.tile<vec, 16x32xf16>) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// tor_c1: A2/A3 takes 1-, 2- and 4-byte integers (pto-isa 3186c381), not
// 8-byte ones.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tor_c1_a2a3_i64(%a: !pto.tile<vec, 8x4xi64>) {
    // expected-error @+1 {{'pto.tor' op dst element type i64 is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32)}}
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x4xi64>, !pto.tile<vec, 8x4xi64>) -> !pto.tile<vec, 8x4xi64>
    return
  }
}

// -----

// tor_c1: A5 rejects 64-bit integers.
module attributes {pto.target_arch = "a5"} {
  func.func @tor_c1_a5_i64(%a: !pto.tile<vec, 8x4xi64>) {
    // expected-error @+1 {{'pto.tor' op dst element type i64 is not supported on a5 (allowed: i8, ui8, i16, ui16, i32, ui32)}}
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x4xi64>, !pto.tile<vec, 8x4xi64>) -> !pto.tile<vec, 8x4xi64>
    return
  }
}

// -----

// tor_c2: one element type.
func.func @tor_c2(%a: !pto.tile<vec, 16x32xi8>, %b: !pto.tile<vec, 16x32xui8>) {
  // expected-error @+1 {{'pto.tor' op src1 element type ui8 differs from dst element type i8}}
  %d = pto.tor %a, %b : (!pto.tile<vec, 16x32xi8>, !pto.tile<vec, 16x32xui8>) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

// tor_c3: row-major tiles.
func.func @tor_c3(%a: !pto.tile<vec, 32x32xi8, blayout=col_major>, %b: !pto.tile<vec, 32x32xi8>) {
  // expected-error @+1 {{'pto.tor' op src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.tor %a, %b : (!pto.tile<vec, 32x32xi8, blayout=col_major>, !pto.tile<vec, 32x32xi8>) -> !pto.tile<vec, 32x32xi8>
  return
}

// -----

// tor_c4: equal valid shapes.
func.func @tor_c4(%a: !pto.tile<vec, 16x32xi8, valid=8x32>, %b: !pto.tile<vec, 16x32xi8>) {
  // expected-error @+1 {{'pto.tor' op src0 valid shape 8x32 does not match dst valid shape 16x32}}
  %d = pto.tor %a, %b : (!pto.tile<vec, 16x32xi8, valid=8x32>, !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

func.func @arity(%a: !pto.tile<vec, 16x32xi8>) {
  // expected-error @+1 {{custom op 'pto.tor' expects 2 'ins' operands (src0, src1), got 3}}
  %d = pto.tor %a, %a, %a : (!pto.tile<vec, 16x32xi8>, !pto.tile<vec, 16x32xi8>, !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

func.func @two_levels(%a: !pto.tile_buf<vec, 16x32xi8>, %d: !pto.tile_buf<vec, 16x32xi8>) {
  // expected-error @+1 {{custom op 'pto.tor' expects 0 or 1 'outs' operands (dst), got 2}}
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%d, %d : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>)
  return
}

// -----

func.func @mixed_levels(%a: !pto.tile_buf<vec, 16x32xi8>, %b: !pto.tile<vec, 16x32xi8>) {
  // expected-error @+1 {{'pto.tor' op 'ins' operand #0 is !pto.tile_buf but the op is at Level 1 (expects !pto.tile)}}
  %d = pto.tor %a, %b : (!pto.tile_buf<vec, 16x32xi8>, !pto.tile<vec, 16x32xi8>) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

func.func @scalar_src(%a: !pto.tile<vec, 16x32xi16>, %s: i16) {
  // expected-error @+1 {{'pto.tor' op operand #1 must be tile or tile buffer, but got 'i16'}}
  %d = pto.tor %a, %s : (!pto.tile<vec, 16x32xi16>, i16) -> !pto.tile<vec, 16x32xi16>
  return
}
