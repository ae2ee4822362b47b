// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TSORT32 (tsort32_c1 ... tsort32_c11; c9 is retired),
// for both forms where the rule differs, and per form check.

// tsort32_c1: dst element type f16 or f32.
func.func @tsort32_c1(%src: !pto.tile<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tsort32' op dst element type i32 is not supported on any target (allowed: f16, f32)}}
  %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 1x32xi32> -> (!pto.tile<vec, 1x32xi32>, !pto.tile<vec, 1x32xui32>)
  return
}

// -----

// tsort32_c1: bf16 is not on the list of either target.
module attributes {pto.target_arch = "a5"} {
  func.func @tsort32_c1_a5_bf16(%src: !pto.tile<vec, 1x32xbf16>, %idx: !pto.tile<vec, 1x32xui32>) {
    // expected-error @+1 {{'pto.tsort32' op dst element type bf16 is not supported on a5 (allowed: f16, f32)}}
    %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xbf16>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x128xbf16>
    return
  }
}

// -----

// tsort32_c2: src element type equal to dst's.
func.func @tsort32_c2(%src: !pto.tile<vec, 1x32xf16>, %idx: !pto.tile<vec, 1x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' op src element type f16 differs from dst element type f32}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf32>
  return
}

// -----

// tsort32_c3: idx element type ui32 (hardware form: an input).
func.func @tsort32_c3(%src: !pto.tile<vec, 1x32xf32>, %idx: !pto.tile<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tsort32' op idx element type i32 is not supported on any target (allowed: ui32)}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xi32>) -> !pto.tile<vec, 1x64xf32>
  return
}

// -----

// tsort32_c3: idx element type ui32 (page form: a destination).
func.func @tsort32_c3_page(%src: !pto.tile_buf<vec, 1x32xf32>, %dst: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op idx element type f32 is not supported on any target (allowed: ui32)}}
  pto.tsort32 ins(%src : !pto.tile_buf<vec, 1x32xf32>) outs(%dst, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xf32>)
  return
}

// -----

// tsort32_c4: dst, src and idx in loc=vec.
func.func @tsort32_c4(%src: !pto.tile<mat, 1x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op src location must be vec, got mat}}
  %dst, %idx = pto.tsort32 %src : !pto.tile<mat, 1x32xf32> -> (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>)
  return
}

// -----

// tsort32_c5: dst, src and idx row-major.
func.func @tsort32_c5(%src: !pto.tile<vec, 8x32xf32>, %idx: !pto.tile<vec, 8x32xui32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tsort32' op idx must be row-major (blayout=row_major), got blayout=col_major}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 8x32xf32>, !pto.tile<vec, 8x32xui32, blayout=col_major>) -> !pto.tile<vec, 8x64xf32>
  return
}

// -----

// tsort32_c6: hardware form, idx of src's valid shape or 1 row of its valid
// cols (the broadcast of pto-isa 3186c381): not 2x16 ...
func.func @tsort32_c6(%src: !pto.tile<vec, 2x32xf32>, %idx: !pto.tile<vec, 2x32xui32, valid=2x16>) {
  // expected-error @+1 {{'pto.tsort32' op idx valid shape 2x16 must be src's valid shape 2x32 or 1 row of its valid cols}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 2x32xf32>, !pto.tile<vec, 2x32xui32, valid=2x16>) -> !pto.tile<vec, 2x64xf32>
  return
}

// -----

// ... nor 2 rows of 3.
func.func @tsort32_c6_rows(%src: !pto.tile<vec, 3x32xf32>, %idx: !pto.tile<vec, 2x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' op idx valid shape 2x32 must be src's valid shape 3x32 or 1 row of its valid cols}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 3x32xf32>, !pto.tile<vec, 2x32xui32>) -> !pto.tile<vec, 3x64xf32>
  return
}

// -----

// tsort32_c6: the same in the page form, where idx is a destination.
func.func @tsort32_c6_page(%src: !pto.tile<vec, 2x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op idx valid shape 1x32 does not match src valid shape 2x32}}
  %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 2x32xf32> -> (!pto.tile<vec, 2x32xf32>, !pto.tile<vec, 2x32xui32, valid=1x32>)
  return
}

// -----

// tsort32_c7: the records of 16-bit values take 4 columns each.
func.func @tsort32_c7(%src: !pto.tile<vec, 1x32xf16>, %idx: !pto.tile<vec, 1x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' op dst has 64 cols but 32 src valid cols need 128 (one 4-column [value, idx] record per element of f16)}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xui32>) -> !pto.tile<vec, 1x64xf16>
  return
}

// -----

// tsort32_c7: the records of 32-bit values take 2 columns each; a partial
// block counts element by element.
func.func @tsort32_c7_f32(%src: !pto.tile_buf<vec, 1x64xf32, valid=1x41>, %idx: !pto.tile_buf<vec, 1x64xui32, valid=1x41>, %dst: !pto.tile_buf<vec, 1x80xf32>) {
  // expected-error @+1 {{'pto.tsort32' op dst has 80 cols but 41 src valid cols need 82 (one 2-column [value, idx] record per element of f32)}}
  pto.tsort32 ins(%src, %idx : !pto.tile_buf<vec, 1x64xf32, valid=1x41>, !pto.tile_buf<vec, 1x64xui32, valid=1x41>) outs(%dst : !pto.tile_buf<vec, 1x80xf32>)
  return
}

// -----

// tsort32_c7: page form, dst valid cols equal src's.
func.func @tsort32_c7_page(%src: !pto.tile<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op dst valid cols 16 must equal src valid cols 32}}
  %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 1x32xf32> -> (!pto.tile<vec, 1x32xf32, valid=1x16>, !pto.tile<vec, 1x32xui32>)
  return
}

// -----

// tsort32_c8: hardware form, dst sorts at most src's valid rows.
func.func @tsort32_c8(%src: !pto.tile<vec, 4x32xf32, valid=2x32>, %idx: !pto.tile<vec, 4x32xui32, valid=2x32>) {
  // expected-error @+1 {{'pto.tsort32' op dst valid rows 4 (the rows sorted) exceed src valid rows 2}}
  %dst = pto.tsort32 %src, %idx : (!pto.tile<vec, 4x32xf32, valid=2x32>, !pto.tile<vec, 4x32xui32, valid=2x32>) -> !pto.tile<vec, 4x64xf32>
  return
}

// -----

// tsort32_c8: page form, dst valid rows equal src's.
func.func @tsort32_c8_page(%src: !pto.tile<vec, 4x32xf32, valid=2x32>) {
  // expected-error @+1 {{'pto.tsort32' op dst valid rows 4 must equal src valid rows 2}}
  %dst, %idx = pto.tsort32 %src : !pto.tile<vec, 4x32xf32, valid=2x32> -> (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xui32, valid=2x32>)
  return
}

// -----

// tsort32_c10: hardware form without tmp, whole 32-element blocks only.
func.func @tsort32_c10(%src: !pto.tile_buf<vec, 1x64xf16, valid=1x40>, %idx: !pto.tile_buf<vec, 1x64xui32, valid=1x40>, %dst: !pto.tile_buf<vec, 1x160xf16>) {
  // expected-error @+1 {{'pto.tsort32' op src valid cols 40 must be a multiple of 32 without tmp (the NPU drops the last 8 of each row; pass a tmp tile)}}
  pto.tsort32 ins(%src, %idx : !pto.tile_buf<vec, 1x64xf16, valid=1x40>, !pto.tile_buf<vec, 1x64xui32, valid=1x40>) outs(%dst : !pto.tile_buf<vec, 1x160xf16>)
  return
}

// -----

// tsort32_c11: tmp holds the row padded to whole blocks: 40 -> 64 f32.
func.func @tsort32_c11(%src: !pto.tile<vec, 1x64xf32, valid=1x40>, %idx: !pto.tile<vec, 1x64xui32, valid=1x40>, %tmp: !pto.tile<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op tmp holds 128 bytes but 40 src valid cols need 64 elements of f32 (256 bytes)}}
  %dst = pto.tsort32 %src, %idx, %tmp : (!pto.tile<vec, 1x64xf32, valid=1x40>, !pto.tile<vec, 1x64xui32, valid=1x40>, !pto.tile<vec, 1x32xf32>) -> !pto.tile<vec, 1x80xf32>
  return
}

// -----

func.func @four_ins(%src: !pto.tile<vec, 1x32xf32>) {
  // expected-error @+1 {{custom op 'pto.tsort32' expects 1 to 3 'ins' operands (src[, idx[, tmp]]), got 4}}
  %dst = pto.tsort32 %src, %src, %src, %src : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xf32>) -> !pto.tile<vec, 1x64xf32>
  return
}

// -----

func.func @page_form_one_dst(%src: !pto.tile<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tsort32' op expects 2 results (Level 1) or 2 'outs' buffers (Level 2), got 1 results and 0 'outs'}}
  %dst = pto.tsort32 %src : !pto.tile<vec, 1x32xf32> -> !pto.tile<vec, 1x32xf32>
  return
}

// -----

func.func @hardware_form_two_dsts(%src: !pto.tile<vec, 1x32xf32>, %idx: !pto.tile<vec, 1x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' op expects 1 results (Level 1) or 1 'outs' buffers (Level 2), got 2 results and 0 'outs'}}
  %dst, %i = pto.tsort32 %src, %idx : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>) -> (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x32xui32>)
  return
}

// -----

func.func @scalar_tmp(%src: !pto.tile<vec, 1x32xf32>, %idx: !pto.tile<vec, 1x32xui32>, %tmp: i64) {
  // expected-error @+1 {{'pto.tsort32' op operand #2 must be tile or tile buffer, but got 'i64'}}
  %dst = pto.tsort32 %src, %idx, %tmp : (!pto.tile<vec, 1x32xf32>, !pto.tile<vec, 1x32xui32>, i64) -> !pto.tile<vec, 1x64xf32>
  return
}

// -----

func.func @tmp_of_other_level(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x32xui32>, %tmp: !pto.tile<vec, 1x32xf32>, %dst: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tsort32' op 'ins' operand #2 is !pto.tile but the op is at Level 2 (expects !pto.tile_buf)}}
  pto.tsort32 ins(%src, %idx, %tmp : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>, !pto.tile<vec, 1x32xf32>) outs(%dst : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

// Optional operands are given in order: the generic form could skip idx.
func.func @tmp_without_idx(%src: !pto.tile_buf<vec, 1x32xf32>, %tmp: !pto.tile_buf<vec, 1x32xf32>, %dst: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tsort32' op takes tmp only with idx (hardware form)}}
  "pto.tsort32"(%src, %tmp, %dst) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>}> : (!pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xf32>) -> ()
  return
}

// -----

func.func @dst_idx_without_dst(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x32xui32>) {
  // expected-error @+1 {{'pto.tsort32' op takes 'outs' dst_idx only with dst}}
  "pto.tsort32"(%src, %idx) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 1>}> : (!pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xui32>) -> ()
  return
}
