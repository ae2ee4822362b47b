// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TINSERT (tinsert_c1 ... tinsert_c26 (no c25), one per message
// where a rule has several) and per form check.

func.func @arity(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
  // expected-error @+1 {{custom op 'pto.tinsert' expects 3 or 4 'ins' operands (src, index_row, index_col[, quant]), got 2}}
  %d = pto.tinsert %s, %i : (!pto.tile<vec, 16x32xf16>, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

func.func @src_not_tile(%i: index) {
  // expected-error @+1 {{'pto.tinsert' op operand #0 must be tile or tile buffer, but got 'index'}}
  %d = pto.tinsert %i, %i, %i : (index, index, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

func.func @into_level2(%s: !pto.tile_buf<vec, 16x32xf16>, %i: index, %d: !pto.tile_buf<vec, 16x32xf16>, %t: !pto.tile<vec, 16x32xf16>) {
  // expected-error @+1 {{'pto.tinsert' op 'into' is a Level 1 operand: at Level 2 the op writes its 'outs'}}
  "pto.tinsert"(%s, %i, %i, %t, %d) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>}> : (!pto.tile_buf<vec, 16x32xf16>, index, index, !pto.tile<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>) -> ()
  return
}

// -----

func.func @into_type(%s: !pto.tile<vec, 16x32xf16>, %i: index, %t: !pto.tile<vec, 32x32xf16>) {
  // expected-error @+1 {{'pto.tinsert' op 'into' type !pto.tile<vec, 32x32xf16> differs from the result type !pto.tile<vec, 16x32xf16>}}
  %d = "pto.tinsert"(%s, %i, %i, %t) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>}> : (!pto.tile<vec, 16x32xf16>, index, index, !pto.tile<vec, 32x32xf16>) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

func.func @into_two_results(%s: !pto.tile<vec, 16x32xf16>, %i: index, %t: !pto.tile<vec, 16x32xf16>) {
  // expected-error @+1 {{'into' needs exactly one result type, got 2}}
  %d:2 = pto.tinsert %s, %i, %i into %t : (!pto.tile<vec, 16x32xf16>, index, index) -> (!pto.tile<vec, 16x32xf16>, !pto.tile<vec, 16x32xf16>)
  return
}

// -----

func.func @mixed_levels(%s: !pto.tile_buf<vec, 16x32xf16>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op 'ins' operand #0 is !pto.tile_buf but the op is at Level 1 (expects !pto.tile)}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile_buf<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// tinsert_c1: indices are index or integer values.
func.func @tinsert_c1(%s: !pto.tile<vec, 16x32xf16>, %i: index, %f: f32) {
  // expected-error @+1 {{'pto.tinsert' op operand #1 must be index or integer, but got 'f32'}}
  %d = pto.tinsert %s, %f, %i : (!pto.tile<vec, 16x32xf16>, f32, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// tinsert_c2: constant indices are uint16.
func.func @tinsert_c2_large(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
  %big = arith.constant 70000 : i32
  // expected-error @+1 {{'pto.tinsert' op index_col = 70000 is out of range: indices are uint16 (0..65535)}}
  %d = pto.tinsert %s, %i, %big : (!pto.tile<vec, 16x32xf16>, index, i32) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// tinsert_c2: negative.
func.func @tinsert_c2_negative(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
  %neg = arith.constant -1 : index
  // expected-error @+1 {{'pto.tinsert' op index_row = -1 is out of range: indices are uint16 (0..65535)}}
  %d = pto.tinsert %s, %neg, %i : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 16x32xf16>
  return
}

// -----

// tinsert_c3: the quant operand is a 64-bit word or a tile.
func.func @tinsert_c3(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: i32) {
  // expected-error @+1 {{'pto.tinsert' op operand #3 must be i64 or ui64 scalar (scalar quant) or tile (vector quant), but got 'i32'}}
  %d = pto.tinsert %a, %i, %i, %q : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i32) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c4: fp lives in the scaling buffer.
func.func @tinsert_c4_loc(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<vec, 1x16xui64>) {
  // expected-error @+1 {{'pto.tinsert' op vector quant fp must be in loc=scaling, got loc=vec}}
  %d = pto.tinsert %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<vec, 1x16xui64>) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c4: fp holds uint64 words.
func.func @tinsert_c4_type(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xi64>) {
  // expected-error @+1 {{'pto.tinsert' op vector quant fp element type must be ui64, got i64}}
  %d = pto.tinsert %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xi64>) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c4: fp is 1xN.
func.func @tinsert_c4_rows(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 2x16xui64>) {
  // expected-error @+1 {{'pto.tinsert' op vector quant fp must have 1 row, got 2}}
  %d = pto.tinsert %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 2x16xui64>) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c4: src column c scales with fp[0, c].
func.func @tinsert_c4_cols(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xui64, valid=1x8>) {
  // expected-error @+1 {{'pto.tinsert' op vector quant fp valid cols 8 do not cover the 16 columns it scales}}
  %d = pto.tinsert %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64, valid=1x8>) -> !pto.tile<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c5: A2/A3 inserts acc -> mat and (its header, pto-isa 3186c381)
// vec -> vec, no vec -> mat.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c5_a2a3(%s: !pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op src location vec -> dst location mat is not supported on a2a3 (allowed: acc -> mat, vec -> vec)}}
    %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c5: mat -> left is TEXTRACT's, not TINSERT's.
module attributes {pto.target_arch = "a5"} {
  func.func @tinsert_c5_a5(%s: !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op src location mat -> dst location left is not supported on a5 (allowed: acc -> mat, acc -> vec, vec -> vec, vec -> mat)}}
    %d = pto.tinsert %s, %i, %i : (!pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c5: no target has vec -> acc.
func.func @tinsert_c5_any(%s: !pto.tile<vec, 16x16xf32>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op src location vec -> dst location acc is not supported on any target (allowed: acc -> mat, acc -> vec, vec -> vec, vec -> mat)}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xf32>, index, index) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tinsert_c6: acc holds f32 or i32.
func.func @tinsert_c6_type(%a: !pto.tile<acc, 16x16xf16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op acc src element type f16 is not supported (allowed: f32, i32)}}
  %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c6: acc is NZ.
func.func @tinsert_c6_layout(%a: !pto.tile<acc, 16x16xf32>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op acc src must be NZ (blayout=col_major, slayout=row_major), got ND}}
  %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c7: acc -> mat writes NZ.
func.func @tinsert_c7_layout(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op dst of acc -> mat must be NZ (blayout=col_major, slayout=row_major), got ND}}
  %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16>
  return
}

// -----

// tinsert_c7: A2/A3 wants 512-byte fractals in mat.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c7_fractal(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op dst of acc -> mat needs fractal=512 on a2a3, got fractal=1024}}
    %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tinsert_c8: A2/A3 dst rows are whole 32-byte blocks; the NZ dst type
// already breaks tile_c9 (whole boxes), which implies c8.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c8(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{boxed mat tile 16x8xf16 must be whole 16x16 boxes, got cols=8 (a multiple of 16)}}
    %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x8xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c9: A2/A3 plain f32 -> f16/bf16 only.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c9_a2a3_plain(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op acc -> mat element types f32 -> f32 without quant are not supported on a2a3 (allowed dst element types for f32: f16, bf16)}}
    %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c9: A2/A3 has no plain conversion of i32.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c9_a2a3_i32(%a: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op acc -> mat element types i32 -> i32 without quant are not supported on a2a3 (allowed dst element types for i32: none)}}
    %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xi32, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c9: A2/A3 vector quant from f32 gives 8-bit integers only.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c9_a2a3_vector(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %fp: !pto.tile<scaling, 1x16xui64>) {
    // expected-error @+1 {{'pto.tinsert' op acc -> mat element types f32 -> f16 with vector quant are not supported on a2a3 (allowed dst element types for f32: i8)}}
    %d = pto.tinsert %a, %i, %i, %fp : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c9: i32 -> i16 scalar quant is A2/A3's only.
module attributes {pto.target_arch = "a5"} {
  func.func @tinsert_c9_a5_scalar(%a: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: i64) {
    // expected-error @+1 {{'pto.tinsert' op acc -> mat element types i32 -> i16 with scalar quant are not supported on a5 (allowed dst element types for i32: i8, ui8, f16, bf16)}}
    %d = pto.tinsert %a, %i, %i, %q : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tinsert_c9: no target converts f32 to i8 without quant.
func.func @tinsert_c9_any(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op acc -> vec element types f32 -> i8 without quant are not supported on any target (allowed dst element types for f32: f16, bf16, f32)}}
  %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

// tinsert_c10: acc -> vec writes NZ, ND or DN.
func.func @tinsert_c10(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op dst of acc -> vec must be NZ, ND or DN, got ZN}}
  %d = pto.tinsert %a, %i, %i : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16, slayout=col_major>
  return
}

// -----

// tinsert_c11: acc_to_vec belongs to acc -> vec.
func.func @tinsert_c11(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op acc_to_vec applies to acc -> vec only, got acc -> mat}}
  %d = pto.tinsert %a, %i, %i {acc_to_vec = #pto.acc_to_vec<single_vec0>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c12: dual modes take no quant.
func.func @tinsert_c12_quant(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index, %q: i64) {
  // expected-error @+1 {{'pto.tinsert' op acc_to_vec = dual_split_m takes no quant operand}}
  %d = pto.tinsert %a, %i, %i, %q {acc_to_vec = #pto.acc_to_vec<dual_split_m>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

// tinsert_c12: dual modes do not write DN.
func.func @tinsert_c12_dn(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op acc_to_vec = dual_split_n does not support a DN dst}}
  %d = pto.tinsert %a, %i, %i {acc_to_vec = #pto.acc_to_vec<dual_split_n>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16, blayout=col_major>
  return
}

// -----

// tinsert_c13: vec sources copy without conversion.
func.func @tinsert_c13(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op dst element type f32 differs from src element type f16}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xf16>, index, index) -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tinsert_c14: the page's element types of vec sources.
module attributes {pto.target_arch = "a5"} {
  func.func @tinsert_c14(%s: !pto.tile<vec, 16x16xi16>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op src element type i16 is not supported on a5 (allowed: f16, bf16, f32, i32, i8, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN)}}
    %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xi16>, index, index) -> !pto.tile<vec, 16x16xi16>
    return
  }
}

// -----

// tinsert_c15: relu is a mode of acc moves.
func.func @tinsert_c15(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op relu applies to acc sources only, got src location vec}}
  %d = pto.tinsert %s, %i, %i {relu} : (!pto.tile<vec, 16x16xf16>, index, index) -> !pto.tile<vec, 16x16xf16>
  return
}

// -----

// tinsert_c16: saturation is of f32 -> f16.
func.func @tinsert_c16(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op saturate applies to f32 -> f16 conversions only, got f32 -> bf16}}
  %d = pto.tinsert %a, %i, %i {saturate} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xbf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c17: quant is a mode of acc moves.
func.func @tinsert_c17(%s: !pto.tile<vec, 16x32xi8>, %i: index, %q: i64) {
  // expected-error @+1 {{'pto.tinsert' op quant applies to acc sources only, got src location vec}}
  %d = pto.tinsert %s, %i, %i, %q : (!pto.tile<vec, 16x32xi8>, index, index, i64) -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

// tinsert_c18: vec -> vec keeps the layout.
func.func @tinsert_c18_mixed(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op vec -> vec needs src and dst both ND or both NZ, got src ND and dst NZ}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xf16>, index, index) -> !pto.tile<vec, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c18: ... and it is ND or NZ.
func.func @tinsert_c18_dn(%s: !pto.tile<vec, 16x16xf16, blayout=col_major>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op vec -> vec needs src and dst both ND or both NZ, got src DN and dst DN}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xf16, blayout=col_major>, index, index) -> !pto.tile<vec, 16x16xf16, blayout=col_major>
  return
}

// -----

// tinsert_c19: NZ vec -> vec: src cols fit in dst cols.
func.func @tinsert_c19(%s: !pto.tile<vec, 16x64xf16, valid=16x16, blayout=col_major, slayout=row_major>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op NZ vec -> vec: src cols 64 exceed dst cols 32}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x64xf16, valid=16x16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c20: vec -> mat reads row-major or NZ.
func.func @tinsert_c20(%s: !pto.tile<vec, 16x16xf16, blayout=col_major>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op src of vec -> mat must be row-major or NZ, got DN}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x16xf16, blayout=col_major>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c21: row bursts of whole 32-byte blocks.
func.func @tinsert_c21(%s: !pto.tile<vec, 16x32xf16, valid=16x8>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op row-major src of vec -> mat needs valid cols * sizeof(f16) to be a multiple of 32 bytes, got valid cols=8 (16 bytes)}}
  %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 16x32xf16, valid=16x8>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c22: split is the NZ vec -> mat mode.
func.func @tinsert_c22_nd(%s: !pto.tile<vec, 16x32xf16>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op split applies to vec -> mat with an NZ src only, got vec -> mat with src layout ND}}
  %d = pto.tinsert %s, %i, %i {split = #pto.split<split2>} : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c22: not on other paths.
func.func @tinsert_c22_path(%a: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: index) {
  // expected-error @+1 {{'pto.tinsert' op split applies to vec -> mat with an NZ src only, got acc -> mat with src layout NZ}}
  %d = pto.tinsert %a, %i, %i {split = #pto.split<split4>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tinsert_c23: the page's bound, index_row + src.vr <= dst.rows.
func.func @tinsert_c23_rows(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  %c8 = arith.constant 8 : i16
  // expected-error @+1 {{'pto.tinsert' op index_row 8 + src valid rows 16 = 24 exceeds dst rows 16}}
  %d = pto.tinsert %s, %c8, %i : (!pto.tile<vec, 16x16xf16>, i16, index) -> !pto.tile<vec, 16x16xf16, valid=?x?>
  return
}

// -----

// tinsert_c23: ... and index_col + src.vc <= dst.cols.
func.func @tinsert_c23_cols(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.tinsert' op index_col 32 + src valid cols 16 = 48 exceeds dst cols 32}}
  %d = pto.tinsert %s, %i, %c32 : (!pto.tile<vec, 16x16xf16>, index, index) -> !pto.tile<vec, 16x32xf16, valid=16x?>
  return
}

// -----

// tinsert_c24: the stricter bound against dst's valid shape.
func.func @tinsert_c24(%s: !pto.tile<vec, 16x16xf16>, %i: index) {
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.tinsert' op index_col 16 + src valid cols 16 = 32 exceeds dst valid cols 24}}
  %d = pto.tinsert %s, %i, %c16 : (!pto.tile<vec, 16x16xf16>, index, index) -> !pto.tile<vec, 16x32xf16, valid=16x24>
  return
}

// -----

// tinsert_c14: vec -> vec on A2/A3 takes the 1-, 2- and 4-byte standard
// types of tinsert_common.hpp (pto-isa 3186c381), no fp8.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c14_vec_a2a3(%s: !pto.tile<vec, 8x32xf8E5M2>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op src element type f8E5M2 is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32, f16, bf16, f32)}}
    %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 8x32xf8E5M2>, index, index) -> !pto.tile<vec, 16x32xf8E5M2>
    return
  }
}

// -----

// tinsert_c26: A2/A3 vec -> vec moves 2-byte units: src valid cols of ui8
// even unless src is 1x1.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tinsert_c26(%s: !pto.tile<vec, 8x32xui8, valid=8x5>, %i: index) {
    // expected-error @+1 {{'pto.tinsert' op vec -> vec on a2a3 needs src valid cols * sizeof(ui8) to be a multiple of 2 bytes, got valid cols=5}}
    %d = pto.tinsert %s, %i, %i : (!pto.tile<vec, 8x32xui8, valid=8x5>, index, index) -> !pto.tile<vec, 16x32xui8>
    return
  }
}
