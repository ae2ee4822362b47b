// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TEXTRACT page with concrete types, the quant forms, the
// mode attributes and each path of each target.

// The library's example: a ZN mat tile into a left tile.
// CHECK-LABEL: func.func @level1
// CHECK: %[[D:.*]] = pto.textract %arg0, %arg1, %arg2 : (!pto.tile<mat, 32x32xf32, slayout=col_major>, index, index) -> !pto.tile<left, 16x16xf32, blayout=col_major, slayout=row_major>
// CHECK: return %[[D]]
func.func @level1(%src: !pto.tile<mat, 32x32xf32, slayout=col_major>, %idxrow: index, %idxcol: index) -> !pto.tile<left, 16x16xf32, blayout=col_major, slayout=row_major> {
  %dst = pto.textract %src, %idxrow, %idxcol : (!pto.tile<mat, 32x32xf32, slayout=col_major>, index, index) -> !pto.tile<left, 16x16xf32, blayout=col_major, slayout=row_major>
  return %dst : !pto.tile<left, 16x16xf32, blayout=col_major, slayout=row_major>
}

// A5's GEMV path: a one-row ND mat tile into left (textract_c22).
// CHECK-LABEL: func.func @gemv_row
// CHECK: pto.textract %arg0, %arg1, %arg2 : (!pto.tile<mat, 1x512xf16>, index, index) -> !pto.tile<left, 1x256xf16, blayout=col_major, slayout=row_major>
module attributes {pto.target_arch = "a5"} {
  func.func @gemv_row(%src: !pto.tile<mat, 1x512xf16>, %idxrow: index, %idxcol: index) -> !pto.tile<left, 1x256xf16, blayout=col_major, slayout=row_major> {
    %dst = pto.textract %src, %idxrow, %idxcol : (!pto.tile<mat, 1x512xf16>, index, index) -> !pto.tile<left, 1x256xf16, blayout=col_major, slayout=row_major>
    return %dst : !pto.tile<left, 1x256xf16, blayout=col_major, slayout=row_major>
  }
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.textract ins(%arg0, %arg1, %arg2 : !pto.tile_buf<mat, 32x32xf32, slayout=col_major>, i32, i32) outs(%arg3 : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
func.func @level2(%src: !pto.tile_buf<mat, 32x32xf32, slayout=col_major>, %idxrow: i32, %idxcol: i32, %dst: !pto.tile_buf<right, 16x16xf32, blayout=row_major, slayout=col_major>) {
  pto.textract ins(%src, %idxrow, %idxcol : !pto.tile_buf<mat, 32x32xf32, slayout=col_major>, i32, i32) outs(%dst : !pto.tile_buf<right, 16x16xf32, blayout=row_major, slayout=col_major>)
  return
}

// Manual mode: buffers placed with tassign.
// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[S:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[D:.*]], @tile(0x2000)
// CHECK: pto.textract ins(%[[S]], %c16_i16, %c0_i16 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, i16, i16) outs(%[[D]] : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>)
func.func @manual() {
  %c16 = arith.constant 16 : i16
  %c0 = arith.constant 0 : i16
  %src = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  %dst = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>
  pto.tassign %src, @tile(0x1000)
  pto.tassign %dst, @tile(0x2000)
  pto.textract ins(%src, %c16, %c0 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, i16, i16) outs(%dst : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>)
  return
}

// A2/A3: acc -> mat with every quant form (vector quant f32 -> i8 only:
// pto-isa 3186c381's a2a3/common.hpp); mat -> right into ZN. (The 32-col
// i8 dst lies inside src only from column 0: textract_c25.)
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3
  // CHECK: pto.textract %arg0, %c0, %c16 {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  // CHECK: pto.textract %arg1, %c0, %c16, %arg2 : (!pto.tile<acc, 32x32xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
  // CHECK: pto.textract %arg0, %c0, %c0, %arg3 {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x32xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
  // CHECK: pto.textract %arg4, %c0, %c16 : (!pto.tile<mat, 32x64xi8, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<right, 32x32xi8, slayout=col_major>
  func.func @a2a3(%f: !pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: !pto.tile<acc, 32x32xi32, blayout=col_major, slayout=row_major, fractal=1024>, %word: i64, %fp: !pto.tile<scaling, 1x32xui64>, %m: !pto.tile<mat, 32x64xi8, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = pto.textract %f, %c0, %c16 {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
    %b = pto.textract %i, %c0, %c16, %word : (!pto.tile<acc, 32x32xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
    %c = pto.textract %f, %c0, %c0, %fp {relu} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x32xui64>) -> !pto.tile<mat, 16x32xi8, valid=16x16, blayout=col_major, slayout=row_major>
    %d = pto.textract %m, %c0, %c16 : (!pto.tile<mat, 32x64xi8, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<right, 32x32xi8, blayout=row_major, slayout=col_major>
    return
  }
}

// A5: acc -> vec with modes, vec -> vec, vec -> mat, mat -> left with an
// A5-only element type.
module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5
  // CHECK: pto.textract %arg0, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<single_vec0>, saturate} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16, blayout=col_major>
  // CHECK: pto.textract ins(%arg1, %c0, %c0 : !pto.tile_buf<vec, 32x64xi8>, index, index) outs(%arg2 : !pto.tile_buf<vec, 16x32xi8>)
  // CHECK: pto.textract %arg3, %c0, %c0 : (!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf32, blayout=col_major, slayout=row_major>
  // CHECK: pto.textract %arg4, %c0, %c0 : (!pto.tile<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>
  func.func @a5(%f: !pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, %v: !pto.tile_buf<vec, 32x64xi8>, %vd: !pto.tile_buf<vec, 16x32xi8>, %nz: !pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>, %m: !pto.tile<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    %a = pto.textract %f, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<single_vec0>, saturate} : (!pto.tile<acc, 32x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16, blayout=col_major>
    pto.textract ins(%v, %c0, %c0 : !pto.tile_buf<vec, 32x64xi8>, index, index) outs(%vd : !pto.tile_buf<vec, 16x32xi8>)
    %c = pto.textract %nz, %c0, %c0 : (!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf32, blayout=col_major, slayout=row_major>
    %d = pto.textract %m, %c0, %c0 : (!pto.tile<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>
    return
  }
}

// A2/A3 vec -> vec (pto-isa 3186c381: TEXTRACT.md "Vec -> Vec",
// textract_common.hpp's CheckTExtractVecToVecCommon): every 1-, 2- and 4-byte
// standard type, ND and NZ; mat -> left into blayout=row_major,
// slayout=row_major (its TExtractToLeft), also from a one-row ND src (GEMV).
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_vec_to_vec
  // CHECK: pto.textract %arg0, %c0, %c8 : (!pto.tile<vec, 16x32xui32>, index, index) -> !pto.tile<vec, 8x8xui32>
  // CHECK: pto.textract %arg1, %c0, %c0 : (!pto.tile<vec, 32x32xi16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 16x16xi16, blayout=col_major, slayout=row_major>
  // CHECK: pto.textract %arg2, %c0, %c0 : (!pto.tile<mat, 1x512xf16>, index, index) -> !pto.tile<left, 1x256xf16, slayout=row_major>
  func.func @a2a3_vec_to_vec(%a: !pto.tile<vec, 16x32xui32>, %b: !pto.tile<vec, 32x32xi16, blayout=col_major, slayout=row_major>, %m: !pto.tile<mat, 1x512xf16>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %x = pto.textract %a, %c0, %c8 : (!pto.tile<vec, 16x32xui32>, index, index) -> !pto.tile<vec, 8x8xui32>
    %y = pto.textract %b, %c0, %c0 : (!pto.tile<vec, 32x32xi16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 16x16xi16, blayout=col_major, slayout=row_major>
    %z = pto.textract %m, %c0, %c0 : (!pto.tile<mat, 1x512xf16>, index, index) -> !pto.tile<left, 1x256xf16, slayout=row_major>
    return
  }
}
