// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TCMP (tcmp_c1 ... tcmp_c7) and TCMPS (tcmps_c1 ... tcmps_c7).

// tcmp_c1: A2/A3's mask is of uint8_t
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcmp_c1(%a: !pto.tile<vec, 4x32xf32>) {
    // expected-error @+1 {{'pto.tcmp' op dst element type ui32 is not supported on a2a3 (allowed: ui8)}}
    %m = pto.tcmp %a, %a : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x8xui32>
    return
  }
}

// -----

// tcmp_c2: a ui8 mask of i32, f16 or f32 only
func.func @tcmp_c2(%a: !pto.tile<vec, 4x32xi16>) {
  // expected-error @+1 {{'pto.tcmp' op src0 element type i16 is not supported with a dst of ui8 (allowed: i32, f16, f32)}}
  %m = pto.tcmp %a, %a : (!pto.tile<vec, 4x32xi16>, !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmp_c3: one source element type
func.func @tcmp_c3(%a: !pto.tile<vec, 4x32xf32>, %b: !pto.tile<vec, 4x32xi32>) {
  // expected-error @+1 {{'pto.tcmp' op src1 element type i32 differs from src0 element type f32}}
  %m = pto.tcmp %a, %b : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xi32>) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmp_c4: vec tiles
func.func @tcmp_c4(%a: !pto.tile<vec, 4x32xf32>, %b: !pto.tile<mat, 4x32xf32>) {
  // expected-error @+1 {{'pto.tcmp' op src1 location must be vec, got mat}}
  %m = pto.tcmp %a, %b : (!pto.tile<vec, 4x32xf32>, !pto.tile<mat, 4x32xf32>) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmp_c5: row-major tiles
func.func @tcmp_c5(%a: !pto.tile<vec, 8x8xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tcmp' op src0 must be row-major (blayout=row_major), got blayout=col_major}}
  %m = pto.tcmp %a, %a : (!pto.tile<vec, 8x8xf32, blayout=col_major>, !pto.tile<vec, 8x8xf32, blayout=col_major>) -> !pto.tile<vec, 8x32xui8>
  return
}

// -----

// tcmp_c6: the sources' valid shapes equal
func.func @tcmp_c6_sources(%a: !pto.tile<vec, 4x32xf32>, %b: !pto.tile<vec, 4x32xf32, valid=4x16>) {
  // expected-error @+1 {{'pto.tcmp' op src1 valid shape 4x16 does not match src0 valid shape 4x32}}
  %m = pto.tcmp %a, %b : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32, valid=4x16>) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmp_c6: dst has src0's valid rows
func.func @tcmp_c6(%a: !pto.tile<vec, 4x32xf32>) {
  // expected-error @+1 {{'pto.tcmp' op dst has 2 valid rows, src0 4; they must be equal}}
  %m = pto.tcmp %a, %a : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x32xui8, valid=2x4>
  return
}

// -----

// tcmp_c7: A2/A3 compares i32 for eq only
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcmp_c7(%a: !pto.tile<vec, 4x32xi32>) {
    // expected-error @+1 {{'pto.tcmp' op cmpMode gt of i32 is not supported on a2a3: its NPU code compares i32 for eq whatever the mode}}
    %m = pto.tcmp %a, %a {cmpMode = #pto<cmp gt>} : (!pto.tile<vec, 4x32xi32>, !pto.tile<vec, 4x32xi32>) -> !pto.tile<vec, 4x32xui8>
    return
  }
}

// -----

// tcmps_c1: A2/A3 compares i16 as the bits of f16: not taken
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcmps_c1(%a: !pto.tile<vec, 4x32xi16>, %x: i16) {
    // expected-error @+1 {{'pto.tcmps' op src element type i16 is not supported on a2a3 (allowed: i32, f16, f32)}}
    %m = pto.tcmps %a, %x : (!pto.tile<vec, 4x32xi16>, i16) -> !pto.tile<vec, 4x32xui8>
    return
  }
}

// -----

// tcmps_c2: a mask of bytes
func.func @tcmps_c2(%a: !pto.tile<vec, 4x32xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tcmps' op dst element type ui32 is not supported on any target (allowed: ui8)}}
  %m = pto.tcmps %a, %x : (!pto.tile<vec, 4x32xf32>, f32) -> !pto.tile<vec, 4x8xui32>
  return
}

// -----

// tcmps_c3: a scalar of src's element type
func.func @tcmps_c3(%a: !pto.tile<vec, 4x32xf32>, %x: f16) {
  // expected-error @+1 {{'pto.tcmps' op scalar is f16, expected f32 (src element type f32)}}
  %m = pto.tcmps %a, %x : (!pto.tile<vec, 4x32xf32>, f16) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmps_c4: vec tiles
func.func @tcmps_c4(%a: !pto.tile<vec, 4x32xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tcmps' op dst location must be vec, got mat}}
  %m = pto.tcmps %a, %x : (!pto.tile<vec, 4x32xf32>, f32) -> !pto.tile<mat, 4x32xui8>
  return
}

// -----

// tcmps_c5: row-major tiles
func.func @tcmps_c5(%a: !pto.tile<vec, 8x8xf32, blayout=col_major>, %x: f32) {
  // expected-error @+1 {{'pto.tcmps' op src must be row-major (blayout=row_major), got blayout=col_major}}
  %m = pto.tcmps %a, %x : (!pto.tile<vec, 8x8xf32, blayout=col_major>, f32) -> !pto.tile<vec, 8x32xui8>
  return
}

// -----

// tcmps_c6: dst has src's valid rows
func.func @tcmps_c6(%a: !pto.tile<vec, 4x32xf32, valid=3x32>, %x: f32) {
  // expected-error @+1 {{'pto.tcmps' op dst has 4 valid rows, src 3; they must be equal}}
  %m = pto.tcmps %a, %x : (!pto.tile<vec, 4x32xf32, valid=3x32>, f32) -> !pto.tile<vec, 4x32xui8>
  return
}

// -----

// tcmps_c7: A2/A3 compares i32 for eq only
module attributes {pto.target_arch = "a2a3"} {
  func.func @tcmps_c7(%a: !pto.tile<vec, 4x32xi32>, %x: i32) {
    // expected-error @+1 {{'pto.tcmps' op cmpMode le of i32 is not supported on a2a3: its NPU code compares i32 for eq whatever the mode}}
    %m = pto.tcmps %a, %x {cmpMode = #pto<cmp le>} : (!pto.tile<vec, 4x32xi32>, i32) -> !pto.tile<vec, 4x32xui8>
    return
  }
}
