// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TMRGSORT (tmrgsort_c1 ... tmrgsort_c14,
// docs/ops/tmrgsort.md), and per form check.

// tmrgsort_c1: dst element type f16 or f32.
func.func @tmrgsort_c1(%src: !pto.tile<vec, 1x256xi32>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op dst element type i32 is not supported on any target (allowed: f16, f32)}}
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x256xi32>, i32) -> !pto.tile<vec, 1x256xi32>
  return
}

// -----

// tmrgsort_c2: every list and tmp of dst's element type.
func.func @tmrgsort_c2(%a: !pto.tile<vec, 1x64xf32>, %b: !pto.tile<vec, 1x64xf16>, %tmp: !pto.tile<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op src1 element type f16 differs from dst element type f32}}
  %dst = pto.tmrgsort %a, %b, %tmp : (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x64xf16>, !pto.tile<vec, 1x128xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c3: every tile in loc=vec.
func.func @tmrgsort_c3(%a: !pto.tile<vec, 1x64xf32>, %b: !pto.tile<vec, 1x64xf32>, %tmp: !pto.tile<acc, 1x128xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op tmp location must be vec, got acc}}
  %dst = pto.tmrgsort %a, %b, %tmp : (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x64xf32>, !pto.tile<acc, 1x128xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c4: every tile of one row.
func.func @tmrgsort_c4(%src: !pto.tile<vec, 2x256xf32>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op dst has 2 rows; every tile of tmrgsort has 1 (tmrgsort_c4)}}
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 2x256xf32>, i32) -> !pto.tile<vec, 2x256xf32>
  return
}

// -----

// tmrgsort_c5: every tile row-major.
func.func @tmrgsort_c5(%a: !pto.tile<vec, 1x64xf32>, %b: !pto.tile<vec, 8x64xf32, blayout=col_major>, %tmp: !pto.tile<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op src1 must be row-major (blayout=row_major), got blayout=col_major}}
  %dst = pto.tmrgsort %a, %b, %tmp : (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 8x64xf32, blayout=col_major>, !pto.tile<vec, 1x128xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c6: 2 to 4 lists take a tmp tile after them.
func.func @tmrgsort_c6_tmp(%a: !pto.tile<vec, 1x64xf32>, %b: !pto.tile<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op merges 2 to 4 lists and takes a tmp tile after them (tmrgsort_c6): 'ins' [src0, src1, (src2, (src3,)) tmp] or [src, blockLen]}}
  %dst = pto.tmrgsort %a, %b : (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x64xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c6: the single-list form never suspends.
func.func @tmrgsort_c6_exhausted(%src: !pto.tile<vec, 1x256xf32>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op takes exhausted = true only with 2 to 4 lists (tmrgsort_c6); the single-list form never suspends}}
  %dst = pto.tmrgsort %src, %len {exhausted = true} : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
  return
}

// -----

// tmrgsort_c6: blockLen comes last.
func.func @tmrgsort_c6_block_len(%src: !pto.tile<vec, 1x256xf32>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op takes 'ins' [src, blockLen] or [src0, src1, (src2, (src3,)) tmp] (tmrgsort_c6): blockLen comes last}}
  %dst = pto.tmrgsort %src, %len, %src : (!pto.tile<vec, 1x256xf32>, i32, !pto.tile<vec, 1x256xf32>) -> !pto.tile<vec, 1x256xf32>
  return
}

// -----

// tmrgsort_c7: blockLen a positive multiple of 64.
func.func @tmrgsort_c7(%src: !pto.tile<vec, 1x256xf32>) {
  %len = arith.constant 32 : i32
  // expected-error @+1 {{'pto.tmrgsort' op blockLen 32 must be a positive multiple of 64 (tmrgsort_c7)}}
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
  return
}

// -----

// tmrgsort_c8: src's valid columns 1 to 255 groups of 4 blocks.
func.func @tmrgsort_c8(%src: !pto.tile<vec, 1x256xf32>) {
  %len = arith.constant 128 : i32
  // expected-error @+1 {{'pto.tmrgsort' op src valid cols 256 must be 1 to 255 groups of 4 blocks of blockLen 128 (a multiple of 512) (tmrgsort_c8)}}
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
  return
}

// -----

// tmrgsort_c9: dst valid cols equal to src's in the single-list form.
func.func @tmrgsort_c9(%src: !pto.tile<vec, 1x512xf32>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op dst valid cols 256 must equal src valid cols 512 (tmrgsort_c9)}}
  %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x512xf32>, i32) -> !pto.tile<vec, 1x512xf32, valid=1x256>
  return
}

// -----

// tmrgsort_c10: tmp holds the lists' columns.
func.func @tmrgsort_c10(%a: !pto.tile<vec, 1x64xf32>, %b: !pto.tile<vec, 1x64xf32>, %c: !pto.tile<vec, 1x64xf32>, %tmp: !pto.tile<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op tmp has 128 cols but the 3 lists have 192 (tmrgsort_c10)}}
  %dst = pto.tmrgsort %a, %b, %c, %tmp : (!pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x128xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c11: whole records (f16: 4 columns each).
func.func @tmrgsort_c11(%a: !pto.tile<vec, 1x64xf16, valid=1x62>, %b: !pto.tile<vec, 1x64xf16>, %tmp: !pto.tile<vec, 1x128xf16>) {
  // expected-error @+1 {{'pto.tmrgsort' op src0 valid cols 62 are not a whole number of 4-column records (tmrgsort_c11)}}
  %dst = pto.tmrgsort %a, %b, %tmp : (!pto.tile<vec, 1x64xf16, valid=1x62>, !pto.tile<vec, 1x64xf16>, !pto.tile<vec, 1x128xf16>) -> !pto.tile<vec, 1x128xf16, valid=1x64>
  return
}

// -----

// tmrgsort_c12: dst no longer than the lists.
func.func @tmrgsort_c12(%a: !pto.tile<vec, 1x64xf32, valid=1x32>, %b: !pto.tile<vec, 1x64xf32>, %tmp: !pto.tile<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op dst valid cols 128 exceed the 96 valid cols of the lists (tmrgsort_c12)}}
  %dst = pto.tmrgsort %a, %b, %tmp : (!pto.tile<vec, 1x64xf32, valid=1x32>, !pto.tile<vec, 1x64xf32>, !pto.tile<vec, 1x128xf32>) -> !pto.tile<vec, 1x128xf32>
  return
}

// -----

// tmrgsort_c13: the executed counts only in the lists form.
func.func @tmrgsort_c13(%src: !pto.tile_buf<vec, 1x256xf32>, %dst: !pto.tile_buf<vec, 1x256xf32>, %ex: vector<4xi16>) {
  %len = arith.constant 64 : i32
  // expected-error @+1 {{takes the executed counts ('outs' [dst, executed]) only in the lists form (tmrgsort_c13): the single-list form counts nothing}}
  pto.tmrgsort ins(%src, %len : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%dst, %ex : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

// tmrgsort_c14: the executed counts a vector<4xi16>.
func.func @tmrgsort_c14(%a: !pto.tile_buf<vec, 1x64xf32>, %b: !pto.tile_buf<vec, 1x64xf32>, %tmp: !pto.tile_buf<vec, 1x128xf32>, %dst: !pto.tile_buf<vec, 1x128xf32>, %ex: vector<4xi32>) {
  // expected-error @+1 {{takes the executed counts as a vector<4xi16> (the records taken from each of 4 lists, pto-isa's MrgSortExecutedNumList), got 'vector<4xi32>' (tmrgsort_c14)}}
  pto.tmrgsort ins(%a, %b, %tmp : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%dst, %ex : !pto.tile_buf<vec, 1x128xf32>, vector<4xi32>)
  return
}
