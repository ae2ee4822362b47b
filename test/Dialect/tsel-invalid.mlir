// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TSEL (tsel_c1 ... tsel_c5) and TSELS (tsels_c1 ... tsels_c6).

// tsel_c1: A2/A3 takes 2- and 4-byte elements (the corpus's issue487: i8)
module attributes {pto.target_arch = "a2a3"} {
  func.func @tsel_c1(%m: !pto.tile<vec, 2x128xi8>, %a: !pto.tile<vec, 2x128xi8>, %t: !pto.tile<vec, 1x64xi8>) {
    // expected-error @+1 {{'pto.tsel' op dst element type i8 is not supported on a2a3 (allowed: i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d = pto.tsel %m, %a, %a, %t : (!pto.tile<vec, 2x128xi8>, !pto.tile<vec, 2x128xi8>, !pto.tile<vec, 2x128xi8>, !pto.tile<vec, 1x64xi8>) -> !pto.tile<vec, 2x128xi8>
    return
  }
}

// -----

// tsel_c2: one element type
func.func @tsel_c2(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xf32>, %b: !pto.tile<vec, 2x128xi32>, %t: !pto.tile<vec, 1x16xui32>) {
  // expected-error @+1 {{'pto.tsel' op src1 element type i32 differs from dst element type f32}}
  %d = pto.tsel %m, %a, %b, %t : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xi32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsel_c3: src0, src1 and dst of one shape, valid shape and layout
func.func @tsel_c3(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xf32, valid=2x64>, %b: !pto.tile<vec, 2x128xf32>, %t: !pto.tile<vec, 1x16xui32>) {
  // expected-error @+1 {{'pto.tsel' op src0 shape 2x128 (valid 2x64, ND) differs from dst's 2x128 (valid 2x128, ND)}}
  %d = pto.tsel %m, %a, %b, %t : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32, valid=2x64>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsel_c4: row-major
func.func @tsel_c4(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 8x16xf32, blayout=col_major>, %t: !pto.tile<vec, 1x16xui32>) {
  // expected-error @+1 {{'pto.tsel' op dst must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.tsel %m, %a, %a, %t : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 8x16xf32, blayout=col_major>, !pto.tile<vec, 8x16xf32, blayout=col_major>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 8x16xf32, blayout=col_major>
  return
}

// -----

// tsel_c5: the mask holds a bit per cell of dst
func.func @tsel_c5(%m: !pto.tile<vec, 2x32xui8, valid=2x8>, %a: !pto.tile<vec, 2x128xf32>, %t: !pto.tile<vec, 1x16xui32>) {
  // expected-error @+1 {{'pto.tsel' op mask of shape 2x32 and valid shape 2x8 holds fewer than the 32 elements of 8 bits dst's 2x128 cells may read, row by row over its valid columns (static and not 0)}}
  %d = pto.tsel %m, %a, %a, %t : (!pto.tile<vec, 2x32xui8, valid=2x8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsels_c1: A5 has no bf16 TSELS
module attributes {pto.target_arch = "a5"} {
  func.func @tsels_c1(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xbf16>, %x: bf16) {
    // expected-error @+1 {{'pto.tsels' op dst element type bf16 is not supported on a5 (allowed: i8, ui8, i16, ui16, i32, ui32, i64, ui64, f16, f32)}}
    %d = pto.tsels %m, %a, %a, %x : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xbf16>, !pto.tile<vec, 2x128xbf16>, bf16) -> !pto.tile<vec, 2x128xbf16>
    return
  }
}

// -----

// tsels_c2: src of dst's element type
func.func @tsels_c2(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xi32>, %t: !pto.tile<vec, 2x128xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tsels' op src element type i32 differs from dst element type f32}}
  %d = pto.tsels %m, %a, %t, %x : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xi32>, !pto.tile<vec, 2x128xf32>, f32) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsels_c3: a scalar of dst's element type
func.func @tsels_c3(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xf32>, %x: f16) {
  // expected-error @+1 {{'pto.tsels' op scalar is f16, expected f32 (dst element type f32)}}
  %d = pto.tsels %m, %a, %a, %x : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, f16) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsels_c4: src and dst of one valid shape
func.func @tsels_c4(%m: !pto.tile_buf<vec, 2x32xui8>, %a: !pto.tile_buf<vec, 2x128xf32, valid=1x128>, %d: !pto.tile_buf<vec, 2x128xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tsels' op src valid shape 1x128 does not match dst valid shape 2x128}}
  pto.tsels ins(%m, %a, %d, %x : !pto.tile_buf<vec, 2x32xui8>, !pto.tile_buf<vec, 2x128xf32, valid=1x128>, !pto.tile_buf<vec, 2x128xf32>, f32) outs(%d : !pto.tile_buf<vec, 2x128xf32>)
  return
}

// -----

// tsels_c5: row-major mask
func.func @tsels_c5(%m: !pto.tile<vec, 32x8xui8, blayout=col_major>, %a: !pto.tile<vec, 2x128xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tsels' op mask must be row-major (blayout=row_major), got blayout=col_major}}
  %d = pto.tsels %m, %a, %a, %x : (!pto.tile<vec, 32x8xui8, blayout=col_major>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, f32) -> !pto.tile<vec, 2x128xf32>
  return
}

// -----

// tsels_c6: a mask bit for every cell of dst
func.func @tsels_c6(%m: !pto.tile<vec, 1x32xui8>, %a: !pto.tile<vec, 2x128xf32>, %x: f32) {
  // expected-error @+1 {{'pto.tsels' op mask of shape 1x32 of 8-bit elements has no bit for every cell of dst's 2x128 (it needs as many rows and 8 columns of dst per column)}}
  %d = pto.tsels %m, %a, %a, %x : (!pto.tile<vec, 1x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, f32) -> !pto.tile<vec, 2x128xf32>
  return
}
