// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TGATHER (tgather_c1 ... tgather_c18,
// docs/ops/tgather.md), and per form check.

// tgather_c1: the index form takes tmp.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op takes 'ins' [src, indices, tmp] (index form), [src] with a maskPattern (mask form) or [src, kValue, tmp] with destinations [dst, cdst] (compare form) (tgather_c1)}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c1: the mask form takes no other ins.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op takes 'ins' [src, indices, tmp] (index form), [src] with a maskPattern (mask form) or [src, kValue, tmp] with destinations [dst, cdst] (compare form) (tgather_c1)}}
  pto.tgather ins(%s, %i, %t {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c1: cmpMode and offset only in the compare form.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op takes cmpMode and offset only in the compare form (tgather_c1)}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>) {offset = 3 : i32}
  return
}
}

// -----

// tgather_c2: every tile in loc=vec.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<mat, 16x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op tmp location must be vec, got mat}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<mat, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c3: the index form's element types per target (a2a3: 2 or 4 bytes).
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xi8>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xi8>) {
  // expected-error @+1 {{'pto.tgather' op dst element type i8 is not supported on a2a3 (allowed: i16, ui16, i32, ui32, f16, bf16, f32)}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xi8>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xi8>)
  return
}
}

// -----

// tgather_c4: src of dst's element type.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tgather' op src element type f16 differs from dst element type f32}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf32>)
  return
}
}

// -----

// tgather_c5: the indices' element types per target (a2a3: 32-bit).
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi16>, %t: !pto.tile_buf<vec, 1x32xi16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op indices element type i16 is not supported on a2a3 (allowed: i32, ui32)}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c6: 8-byte elements take 32-bit indices (a5).
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xi64>, %i: !pto.tile_buf<vec, 1x32xi16>, %t: !pto.tile_buf<vec, 1x32xi16>, %d: !pto.tile_buf<vec, 1x32xi64>) {
  // expected-error @+1 {{'pto.tgather' op gathers 8-byte elements with 32-bit indices only, got indices of i16 (tgather_c6)}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xi64>, !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xi64>)
  return
}
}

// -----

// tgather_c7: tmp of the indices' element type (a2a3).
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xui32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op tmp element type ui32 differs from indices element type i32}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xui32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c8: tmp of the indices' valid shape (a2a3).
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xi32, valid=1x16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op tmp valid shape 1x16 does not match indices valid shape 1x32}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32, valid=1x16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c9: the indices cover dst's valid region.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x16xi32>, %t: !pto.tile_buf<vec, 1x16xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op indices valid shape 1x16 does not cover dst valid shape 1x32 (tgather_c9: dst[r, c] reads indices[r, c])}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x16xi32>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c10: the mask form's element types per target (a2a3: 2 or 4 bytes).
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xi8>, %d: !pto.tile_buf<vec, 1x32xi8>) {
  // expected-error @+1 {{'pto.tgather' op src element type i8 is not supported on a2a3 (allowed: i16, ui16, i32, ui32, f16, bf16, f32)}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xi8>) outs(%d : !pto.tile_buf<vec, 1x32xi8>)
  return
}
}

// -----

// tgather_c11: dst as wide as src.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op dst element type f16 is not as wide as src element type f32 (tgather_c11)}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
}

// -----

// tgather_c12: src and dst row-major.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 16x8xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tgather' op dst must be row-major (blayout=row_major), got blayout=col_major}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
  return
}
}

// -----

// tgather_c13: dst's valid cols all its cols.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x32xf32, valid=1x16>) {
  // expected-error @+1 {{'pto.tgather' op dst valid cols 16 must equal its 32 cols: the mask form writes dst as one run (tgather_c13)}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x32xf32, valid=1x16>)
  return
}
}

// -----

// tgather_c14: the kept elements fit in dst.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 2x32xf32>, %d: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tgather' op keeps up to 64 elements of src, more than the 32 of dst (tgather_c14)}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 2x32xf32>) outs(%d : !pto.tile_buf<vec, 1x32xf32>)
  return
}
}

// -----

// tgather_c15: dst i32.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xf32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op dst element type f32 must be i32 (tgather_c15)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}
}

// -----

// tgather_c15: cdst of dst's element type.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi16>) {
  // expected-error @+1 {{'pto.tgather' op cdst element type i16 differs from dst element type i32}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi16>)
  return
}
}

// -----

// tgather_c16: kValue of src's element type.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f32, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op kValue type f32 differs from src element type f16 (tgather_c16)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f32, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}
}

// -----

// tgather_c17: cmpMode eq or gt.
module attributes {pto.target_arch = "a5"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op cmpMode lt is not supported: the compare form takes eq or gt (tgather_c17)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp lt>}
  return
}
}

// -----

// tgather_c18: the compare form's src per target.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xi16>, %k: i16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op src element type i16 is not supported on a2a3 (allowed: i32, f16, f32)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xi16>, i16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}
}

// -----

// tgather_c18: i32 only with cmpMode eq on a2a3.
module attributes {pto.target_arch = "a2a3"} {
func.func @k(%s: !pto.tile_buf<vec, 1x32xi32>, %k: i32, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op src element type i32 takes cmpMode eq only on a2a3 (tgather_c18)}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xi32>, i32, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp gt>}
  return
}
}

// -----

// The syntax: after a comma in 'ins', an operand or the attributes.
func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{expected an operand or an attribute dictionary after ',' in 'ins'}}
  pto.tgather ins(%s, : !pto.tile_buf<vec, 1x32xf16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}
