// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TEXTRACT (textract_c1 ... textract_c27, one per
// message where a rule has several) and per form check.

func.func @arity(%s: !pto.tile<vec, 16x32xf16>, %i: index, %q: i64) {
  // expected-error @+1 {{custom op 'pto.textract' expects 3 or 4 'ins' operands (src, index_row, index_col[, quant]), got 5}}
  %d = pto.textract %s, %i, %i, %q, %q : (!pto.tile<vec, 16x32xf16>, index, index, i64, i64) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

func.func @two_levels(%s: !pto.tile_buf<vec, 16x32xf16>, %i: index, %d: !pto.tile_buf<vec, 16x32xf16>) {
  // expected-error @+1 {{custom op 'pto.textract' expects 0 or 1 'outs' operands (dst), got 2}}
  pto.textract ins(%s, %i, %i : !pto.tile_buf<vec, 16x32xf16>, index, index) outs(%d, %d : !pto.tile_buf<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>)
  return
}

// -----

// textract_c1: indices are index or integer values.
func.func @textract_c1(%s: !pto.tile<vec, 16x32xf16>, %i: index, %f: f16) {
  // expected-error @+1 {{'pto.textract' op operand #2 must be index or integer, but got 'f16'}}
  %d = pto.textract %s, %i, %f : (!pto.tile<vec, 16x32xf16>, index, f16) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// textract_c2: constant indices are uint16.
func.func @textract_c2(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
  %big = arith.constant 65536 : i64
  // expected-error @+1 {{'pto.textract' op index_row = 65536 is out of range: indices are uint16 (0..65535)}}
  %d = pto.textract %s, %big, %i : (!pto.tile<vec, 16x32xf16>, i64, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// textract_c3: the quant operand is a 64-bit word or a tile.
func.func @textract_c3(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: f64) {
  // expected-error @+1 {{'pto.textract' op operand #3 must be i64 or ui64 scalar (scalar quant) or tile (vector quant), but got 'f64'}}
  %d = pto.textract %a, %i, %i, %q : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, f64) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c4: fp lives in the scaling buffer.
func.func @textract_c4_loc(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<mat, 1x16xui64>) {
  // expected-error @+1 {{'pto.textract' op vector quant fp must be in loc=scaling, got loc=mat}}
  %d = pto.textract %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<mat, 1x16xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c4: fp holds uint64 words.
func.func @textract_c4_type(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x32xui32>) {
  // expected-error @+1 {{'pto.textract' op vector quant fp element type must be ui64, got ui32}}
  %d = pto.textract %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x32xui32>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c4: fp is 1xN.
func.func @textract_c4_rows(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 4x16xui64>) {
  // expected-error @+1 {{'pto.textract' op vector quant fp must have 1 row, got 4}}
  %d = pto.textract %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 4x16xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c4: dst column c scales with fp[0, index_col + c].
func.func @textract_c4_cols(%a: !pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xui64>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'pto.textract' op vector quant fp valid cols 16 do not cover the 24 columns it scales}}
  %d = pto.textract %a, %i, %c8, %fp : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c5: A2/A3 has acc -> mat, vec -> vec and mat -> left/right only.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c5_a2a3(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
    // expected-error @+1 {{'pto.textract' op src location vec -> dst location mat is not supported on a2a3 (allowed: acc -> mat, vec -> vec, mat -> left, mat -> right)}}
    %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// textract_c5: no target extracts into acc.
func.func @textract_c5_any(%s: !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src location mat -> dst location acc is not supported on any target (allowed: acc -> mat, acc -> vec, vec -> vec, vec -> mat, mat -> left, mat -> right)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// textract_c6: acc holds f32 or i32.
func.func @textract_c6_type(%a: !pto.tile<acc, 16x16xbf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op acc src element type bf16 is not supported (allowed: f32, i32)}}
  %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xbf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x16xbf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c6: acc is NZ.
func.func @textract_c6_layout(%a: !pto.tile<acc, 16x16xf32, blayout=col_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op acc src must be NZ (blayout=col_major, slayout=row_major), got DN}}
  %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c7: acc -> mat writes NZ.
func.func @textract_c7_layout(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.textract' op dst of acc -> mat must be NZ (blayout=col_major, slayout=row_major), got ZN}}
  %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, slayout=col_major>
  return
}

// -----

// textract_c7: A2/A3 wants 512-byte fractals in mat.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c7_fractal(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{'pto.textract' op dst of acc -> mat needs fractal=512 on a2a3, got fractal=32}}
    %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major, fractal=32>
    return
  }
}

// -----

// textract_c8: A2/A3 dst rows are whole 32-byte blocks; the NZ dst type
// already breaks tile_c9 (whole boxes), which implies c8.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c8(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{boxed mat tile 16x4xbf16 must be whole 16x16 boxes, got cols=4 (a multiple of 16)}}
    %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x4xbf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// textract_c9: A5 scalar quant from f32 has no i16.
module attributes {pto.target_arch = "a5"} {
  func.func @textract_c9_a5(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: ui64) {
    // expected-error @+1 {{'pto.textract' op acc -> vec element types f32 -> i16 with scalar quant are not supported on a5 (allowed dst element types for f32: i8, ui8, f16, bf16, f8E4M3FN)}}
    %d = pto.textract %a, %i, %i, %q : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, ui64) -> !pto.tile<vec, 16x16xi16>
    return
  }
}

// -----

// textract_c9: A2/A3 scalar quant from f32 gives i8 only.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c9_a2a3(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: i64) {
    // expected-error @+1 {{'pto.textract' op acc -> mat element types f32 -> ui8 with scalar quant are not supported on a2a3 (allowed dst element types for f32: i8)}}
    %d = pto.textract %a, %i, %i, %q : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x32xui8, valid=16x16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// textract_c9: without a target, the union of both tables.
func.func @textract_c9_any(%a: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xui64>) {
  // expected-error @+1 {{'pto.textract' op acc -> mat element types i32 -> f32 with vector quant are not supported on any target (allowed dst element types for i32: i8, ui8, f16, bf16, i16)}}
  %d = pto.textract %a, %i, %i, %fp : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c10: acc -> vec writes NZ, ND or DN.
func.func @textract_c10(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.textract' op dst of acc -> vec must be NZ, ND or DN, got blayout=col_major, slayout=col_major}}
  %d = pto.textract %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=col_major>
  return
}

// -----

// textract_c11: acc_to_vec belongs to acc -> vec.
func.func @textract_c11(%s: !pto.tile<vec, 16x16xf32>, %i: index) {
  // expected-error @+1 {{'pto.textract' op acc_to_vec applies to acc -> vec only, got vec -> vec}}
  %d = pto.textract %s, %i, %i {acc_to_vec = #pto.acc_to_vec<single_vec1>} : (!pto.tile<vec, 16x16xf32>, index, index) -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// textract_c12: dual modes take no quant.
func.func @textract_c12_quant(%a: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xui64>) {
  // expected-error @+1 {{'pto.textract' op acc_to_vec = dual_split_n takes no quant operand}}
  %d = pto.textract %a, %i, %i, %fp {acc_to_vec = #pto.acc_to_vec<dual_split_n>} : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<vec, 16x16xf16>
  return
}

// -----

// textract_c12: dual modes do not write DN.
func.func @textract_c12_dn(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.textract' op acc_to_vec = dual_split_m does not support a DN dst}}
  %d = pto.textract %a, %i, %i {acc_to_vec = #pto.acc_to_vec<dual_split_m>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf32, blayout=col_major>
  return
}

// -----

// textract_c13: mat -> left copies without conversion.
func.func @textract_c13(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op dst element type bf16 differs from src element type f16}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xbf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c14: A2/A3 mat -> left element types.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c14_a2a3(%s: !pto.tile<mat, 32x64xf8E5M2, blayout=col_major, slayout=row_major>, %i: index) {
    // expected-error @+1 {{'pto.textract' op src element type f8E5M2 is not supported on a2a3 (allowed: i8, f16, bf16, f32)}}
    %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x64xf8E5M2, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x32xf8E5M2, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// textract_c14: mat -> right element types without a target (A5's set).
func.func @textract_c14_any(%s: !pto.tile<mat, 32x32xi32, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src element type i32 is not supported on any target (allowed: i8, f8E5M2, f8E4M3FN, f16, bf16, f32, f4E2M1FN, f8E8M0FNU)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xi32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<right, 16x16xi32, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c14: vec -> vec on A5 takes what a5/TExtract.hpp asserts
// (pto-isa 3186c381), not the 1-, 2- and 4-byte set its TEXTRACT page lists:
// where page and header differ, the header.
module attributes {pto.target_arch = "a5"} {
  func.func @textract_c14_vec_a5(%s: !pto.tile<vec, 16x16xui16>, %i: index) {
    // expected-error @+1 {{'pto.textract' op src element type ui16 is not supported on a5 (allowed: f16, bf16, f32, i32, i8, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN)}}
    %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x16xui16>, index, index) -> !pto.tile<vec, 16x16xui16>
    return
  }
}

// -----

// textract_c14: vec -> vec on A2/A3 takes the 1-, 2- and 4-byte standard
// types (textract_common.hpp), no fp8.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c14_vec_a2a3(%s: !pto.tile<vec, 16x32xf8E4M3FN>, %i: index) {
    // expected-error @+1 {{'pto.textract' op src element type f8E4M3FN is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x32xf8E4M3FN>, index, index) -> !pto.tile<vec, 16x32xf8E4M3FN>
    return
  }
}

// -----

// textract_c14: vec -> vec without a target: both targets' sets.
func.func @textract_c14_vec(%s: !pto.tile<vec, 16x16xi64>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src element type i64 is not supported on any target (allowed: f16, bf16, f32, i32, i8, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN, ui8, i16, ui16, ui32)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x16xi64>, index, index) -> !pto.tile<vec, 16x16xi64>
  return
}

// -----

// textract_c15: relu is a mode of acc moves.
func.func @textract_c15(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op relu applies to acc sources only, got src location mat}}
  %d = pto.textract %s, %i, %i {relu} : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c16: saturation is of f32 -> f16.
func.func @textract_c16(%a: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: i64) {
  // expected-error @+1 {{'pto.textract' op saturate applies to f32 -> f16 conversions only, got i32 -> f16}}
  %d = pto.textract %a, %i, %i, %q {saturate} : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c17: quant is a mode of acc moves.
func.func @textract_c17(%s: !pto.tile<vec, 16x16xf32>, %i: index, %fp: !pto.tile<scaling, 1x16xui64>) {
  // expected-error @+1 {{'pto.textract' op quant applies to acc sources only, got src location vec}}
  %d = pto.textract %s, %i, %i, %fp : (!pto.tile<vec, 16x16xf32>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c18: vec -> vec keeps the layout.
func.func @textract_c18(%s: !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op vec -> vec needs src and dst both ND or both NZ, got src NZ and dst ND}}
  %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// textract_c19: NZ vec -> vec: dst cols fit in src cols.
func.func @textract_c19(%s: !pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op NZ vec -> vec: dst cols 64 exceed src cols 32}}
  %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 16x64xf16, valid=16x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c20: vec -> mat reads row-major or NZ.
func.func @textract_c20(%s: !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=col_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src of vec -> mat must be row-major or NZ, got blayout=col_major, slayout=col_major}}
  %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x16xf32, blayout=col_major, slayout=col_major>, index, index) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c21: row bursts of whole 32-byte blocks.
func.func @textract_c21(%s: !pto.tile<vec, 16x64xi8, valid=16x48>, %i: index) {
  // expected-error @+1 {{'pto.textract' op row-major src of vec -> mat needs valid cols * sizeof(i8) to be a multiple of 32 bytes, got valid cols=48 (48 bytes)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x64xi8, valid=16x48>, index, index) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c22: mat -> left/right reads NZ or ZN; into left also a one-row
// ND src (the library's GEMV path, on both targets in pto-isa 3186c381),
// whole 512-byte fractals wide.
func.func @textract_c22(%s: !pto.tile<mat, 32x32xf16>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src of mat -> left must be NZ or ZN (or ND with 1 row), got ND with 32 rows}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xf16>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @textract_c22_right(%s: !pto.tile<mat, 1x256xf16>, %i: index) {
  // expected-error @+1 {{'pto.textract' op src of mat -> right must be NZ or ZN, got ND}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 1x256xf16>, index, index) -> !pto.tile<right, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @textract_c22_gemv_src_cols(%s: !pto.tile<mat, 1x128xf16>, %i: index) {
  // expected-error @+1 {{'pto.textract' op one-row ND src of mat -> left needs src cols * sizeof(f16) to be a multiple of 512 bytes, got cols=128 (256 bytes)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 1x128xf16>, index, index) -> !pto.tile<left, 1x256xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @textract_c22_gemv_dst_cols(%s: !pto.tile<mat, 1x512xf16>, %i: index) {
  // expected-error @+1 {{'pto.textract' op one-row ND src of mat -> left needs dst cols * sizeof(f16) to be a multiple of 512 bytes, got cols=128 (256 bytes)}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 1x512xf16>, index, index) -> !pto.tile<left, 1x128xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c23: index_row + dst.vr <= src.rows.
func.func @textract_c23_rows(%s: !pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>, %i: index) {
  %c8 = arith.constant 8 : i32
  // expected-error @+1 {{'pto.textract' op index_row 8 + dst valid rows 16 = 24 exceeds src rows 16}}
  %d = pto.textract %s, %c8, %i : (!pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>, i32, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c23: index_col + dst.vc <= src.cols.
func.func @textract_c23_cols(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.textract' op index_col 32 + dst valid cols 16 = 48 exceeds src cols 32}}
  %d = pto.textract %s, %i, %c32 : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c24: the stricter bound against src's valid shape.
func.func @textract_c24(%s: !pto.tile<mat, 32x32xf16, valid=20x32, blayout=col_major, slayout=row_major>, %i: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'pto.textract' op index_row 8 + dst valid rows 16 = 24 exceeds src valid rows 20}}
  %d = pto.textract %s, %c8, %i : (!pto.tile<mat, 32x32xf16, valid=20x32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c25: index_row + dst.rows <= src.rows, although dst's 4 valid rows
// fit (c23, c24).
func.func @textract_c25_rows(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  %c24 = arith.constant 24 : index
  // expected-error @+1 {{'pto.textract' op index_row 24 + dst rows 16 = 40 exceeds src rows 32}}
  %d = pto.textract %s, %c24, %i : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, valid=4x16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c25: index_col + dst.cols <= src.cols, with dst's valid cols
// known only at run time.
func.func @textract_c25_cols(%s: !pto.tile<vec, 16x64xi8>, %i: index) {
  %c48 = arith.constant 48 : i32
  // expected-error @+1 {{'pto.textract' op index_col 48 + dst cols 32 = 80 exceeds src cols 64}}
  %d = pto.textract %s, %i, %c48 : (!pto.tile<vec, 16x64xi8>, index, i32) -> !pto.tile<vec, 16x32xi8, valid=16x?>
  return
}

// -----

// textract_c26: A2/A3 vec -> vec moves 2-byte units: dst valid cols of i8
// even unless dst is 1x1.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c26_cols(%s: !pto.tile<vec, 16x32xi8>, %i: index) {
    // expected-error @+1 {{'pto.textract' op vec -> vec on a2a3 needs dst valid cols * sizeof(i8) to be a multiple of 2 bytes, got valid cols=7}}
    %d = pto.textract %s, %i, %i : (!pto.tile<vec, 16x32xi8>, index, index) -> !pto.tile<vec, 8x32xi8, valid=8x7>
    return
  }
}

// -----

// textract_c26: A2/A3 NZ vec -> vec: whole 16-row fractals.
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c26_rows(%s: !pto.tile<vec, 32x16xf16, blayout=col_major, slayout=row_major>, %i: index) {
    // expected-error @+1 {{'pto.textract' op NZ vec -> vec on a2a3 needs dst rows to be a multiple of 16, got 8}}
    %d = pto.textract %s, %i, %i : (!pto.tile<vec, 32x16xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 8x16xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// textract_c27: a right dst is ZN (TExtractToRight of both targets).
func.func @textract_c27_right(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op dst of mat -> right must be ZN on any target, got NZ}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<right, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// textract_c27: a left dst is NZ on A5, blayout=row_major, slayout=row_major
// on A2/A3 (its TExtractToLeft).
module attributes {pto.target_arch = "a2a3"} {
  func.func @textract_c27_left_a2a3(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
    // expected-error @+1 {{'pto.textract' op dst of mat -> left must be blayout=row_major, slayout=row_major on a2a3, got NZ}}
    %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

func.func @textract_c27_left_any(%s: !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.textract' op dst of mat -> left must be NZ or blayout=row_major, slayout=row_major on any target, got ZN}}
  %d = pto.textract %s, %i, %i : (!pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x16xf16, slayout=col_major>
  return
}
