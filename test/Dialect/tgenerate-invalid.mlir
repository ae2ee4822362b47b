// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TCI (tci_c1 ... tci_c3) and TTRI (ttri_c1 ... ttri_c5).

// tci_c1: i16 or i32
func.func @tci_c1(%s: i8) {
  // expected-error @+1 {{'pto.tci' op dst element type i8 is not supported on any target (allowed: i16, i32)}}
  %t = pto.tci %s : (i8) -> !pto.tile<vec, 1x32xi8>
  return
}

// -----

// tci_c2: S of dst's element type
func.func @tci_c2(%s: i16) {
  // expected-error @+1 {{'pto.tci' op S is i16, expected dst's element type i32}}
  %t = pto.tci %s : (i16) -> !pto.tile<vec, 1x32xi32>
  return
}

// -----

// tci_c3: one row
func.func @tci_c3(%s: i32) {
  // expected-error @+1 {{'pto.tci' op dst has 2 rows; TCI writes a tile of 1 row}}
  %t = pto.tci %s : (i32) -> !pto.tile<vec, 2x32xi32>
  return
}

// -----

// ttri_c1: the headers' element types per target (A2/A3 has no i8)
module attributes {pto.target_arch = "a2a3"} {
  func.func @ttri_c1(%d: i32) {
    // expected-error @+1 {{'pto.ttri' op dst element type i8 is not supported on a2a3 (allowed: i16, ui16, i32, ui32, f16, f32)}}
    %t = pto.ttri %d : (i32) -> !pto.tile<vec, 32x32xi8>
    return
  }
}

// -----

// ttri_c2: ND
func.func @ttri_c2(%d: i32) {
  // expected-error @+1 {{'pto.ttri' op dst layout must be ND (row_major, none_box), got DN}}
  %t = pto.ttri %d : (i32) -> !pto.tile<vec, 16x16xf32, blayout=col_major>
  return
}

// -----

// ttri_c3: vec
func.func @ttri_c3(%d: i32) {
  // expected-error @+1 {{'pto.ttri' op dst location must be vec, got mat}}
  %t = pto.ttri %d : (i32) -> !pto.tile<mat, 16x16xf32>
  return
}

// -----

// ttri_c4: lower or upper
func.func @ttri_c4(%d: i32) {
  // expected-error @+1 {{'pto.ttri' op upperOrLower must be 0 (lower) or 1 (upper), got 2}}
  %t = pto.ttri %d {upperOrLower = 2 : i32} : (i32) -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// ttri_c5: an i32 diagonal
func.func @ttri_c5(%d: i64) {
  // expected-error @+1 {{'pto.ttri' op diagonal is i64, expected i32 (TTRI's int diagonal)}}
  %t = pto.ttri %d : (i64) -> !pto.tile<vec, 16x16xf32>
  return
}
