// RUN: pto-opt %s | pto-opt | FileCheck %s
// The forms of the TINSERT page with concrete types, `into`, every quant
// form, the mode attributes and each path of each target.

// The page's example: an NZ vec tile into an NZ mat tile (A5, and the union
// of both targets without a target attribute).
// CHECK-LABEL: func.func @level1
// CHECK: %[[D:.*]] = pto.tinsert %arg0, %arg1, %arg2 : (!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>
// CHECK: return %[[D]]
func.func @level1(%src: !pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, %idxrow: index, %idxcol: index) -> !pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major> {
  %dst = pto.tinsert %src, %idxrow, %idxcol : (!pto.tile<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>
  return %dst : !pto.tile<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tinsert ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%arg3 : !pto.tile_buf<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>)
func.func @level2(%src: !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, %idxrow: index, %idxcol: index, %dst: !pto.tile_buf<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>) {
  pto.tinsert ins(%src, %idxrow, %idxcol : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%dst : !pto.tile_buf<mat, 16x32xf16, valid=?x?, blayout=col_major, slayout=row_major>)
  return
}

// Level 1 with an explicit destination; the page's `dtype` indices as
// integers of any width.
// CHECK-LABEL: func.func @into
// CHECK: %[[R:.*]] = pto.tinsert %arg0, %c16_i16, %c0_i32 into %arg1 : (!pto.tile<vec, 16x32xf16>, i16, i32) -> !pto.tile<vec, 32x64xf16>
// CHECK: pto.tinsert %arg0, %c0_i64, %c32 into %[[R]] : (!pto.tile<vec, 16x32xf16>, i64, index) -> !pto.tile<vec, 32x64xf16>
func.func @into(%src: !pto.tile<vec, 16x32xf16>, %dst: !pto.tile<vec, 32x64xf16>) -> !pto.tile<vec, 32x64xf16> {
  %r16 = arith.constant 16 : i16
  %c0 = arith.constant 0 : i32
  %z = arith.constant 0 : i64
  %c32 = arith.constant 32 : index
  %r = pto.tinsert %src, %r16, %c0 into %dst : (!pto.tile<vec, 16x32xf16>, i16, i32) -> !pto.tile<vec, 32x64xf16>
  %s = pto.tinsert %src, %z, %c32 into %r : (!pto.tile<vec, 16x32xf16>, i64, index) -> !pto.tile<vec, 32x64xf16>
  return %s : !pto.tile<vec, 32x64xf16>
}

// Manual mode: buffers placed with tassign.
// CHECK-LABEL: func.func @manual
// CHECK: pto.tassign %[[S:.*]], @tile(0x1000)
// CHECK: pto.tassign %[[D:.*]], @tile(0x2000)
// CHECK: pto.tinsert ins(%[[S]], %c0, %c0 : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%[[D]] : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>)
func.func @manual() {
  %c0 = arith.constant 0 : index
  %src = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>
  %dst = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  pto.tassign %src, @tile(0x1000)
  pto.tassign %dst, @tile(0x2000)
  pto.tinsert ins(%src, %c0, %c0 : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%dst : !pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>)
  return
}

// No target: A5's acc -> mat dst fractal (A2/A3 wants 512) and A2/A3's
// i32 -> i16 scalar quant (not on A5) are both admitted.
// CHECK-LABEL: func.func @union
// CHECK: pto.tinsert %arg0, %arg2, %arg2 : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: pto.tinsert %arg1, %arg2, %arg2, %arg3 : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
func.func @union(%f: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %ix: index, %word: i64) -> (!pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>) {
  %a = pto.tinsert %f, %ix, %ix : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %b = pto.tinsert %i, %ix, %ix, %word : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
  return %a, %b : !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<mat, 16x16xi16, blayout=col_major, slayout=row_major>
}

// A2/A3: acc -> mat plain, relu, scalar quant and vector quant.
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_acc_to_mat
  // CHECK: pto.tinsert %arg0, %c0, %c16 {relu} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 32x32xbf16, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg0, %c0, %c16, %arg2 {relu} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, ui64) -> !pto.tile<mat, 32x32xi8, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg0, %c0, %c16 {saturate} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg1, %c0, %c16, %arg3 : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  func.func @a2a3_acc_to_mat(%f: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %word: ui64, %fp: !pto.tile<scaling, 1x16xui64>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = pto.tinsert %f, %c0, %c16 {relu} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 32x32xbf16, blayout=col_major, slayout=row_major>
    %b = pto.tinsert %f, %c0, %c16, %word {relu} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, ui64) -> !pto.tile<mat, 32x32xi8, blayout=col_major, slayout=row_major>
    %c = pto.tinsert %f, %c0, %c16 {saturate} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    %d = pto.tinsert %i, %c0, %c16, %fp : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 32x32xf16, blayout=col_major, slayout=row_major>
    return
  }

  // Vector quant at Level 2.
  // CHECK-LABEL: func.func @a2a3_vector_quant_level2
  // CHECK: pto.tinsert ins(%arg0, %c0, %c0, %arg1 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%arg2 : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {relu}
  func.func @a2a3_vector_quant_level2(%acc: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %fp: !pto.tile_buf<scaling, 1x16xui64>, %dst: !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    pto.tinsert ins(%acc, %c0, %c0, %fp : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile_buf<scaling, 1x16xui64>) outs(%dst : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>) {relu}
    return
  }
}

// A5: acc -> mat, acc -> vec (each dst layout and mode), vec -> vec,
// vec -> mat (ND and NZ sources, split).
module attributes {pto.target_arch = "a5"} {
  // CHECK-LABEL: func.func @a5_acc
  // CHECK: pto.tinsert %arg0, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<dual_split_m>, relu, saturate} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16>
  // CHECK: pto.tinsert %arg0, %c0, %c0, %arg2 {acc_to_vec = #pto.acc_to_vec<single_vec1>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<vec, 32x16xf8E4M3FN, blayout=col_major>
  // CHECK: pto.tinsert %arg0, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<dual_split_n>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg1, %c0, %c0, %arg3 : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x32xbf16, blayout=col_major, slayout=row_major, fractal=1024>
  func.func @a5_acc(%f: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %i: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %word: i64, %fp: !pto.tile<scaling, 1x16xui64>) {
    %c0 = arith.constant 0 : index
    %a = pto.tinsert %f, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<dual_split_m>, relu, saturate} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf16>
    %b = pto.tinsert %f, %c0, %c0, %word {acc_to_vec = #pto.acc_to_vec<single_vec1>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) -> !pto.tile<vec, 32x16xf8E4M3FN, blayout=col_major>
    %c = pto.tinsert %f, %c0, %c0 {acc_to_vec = #pto.acc_to_vec<dual_split_n>} : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) -> !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>
    %d = pto.tinsert %i, %c0, %c0, %fp : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, !pto.tile<scaling, 1x16xui64>) -> !pto.tile<mat, 16x32xbf16, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }

  // CHECK-LABEL: func.func @a5_vec
  // CHECK: pto.tinsert %arg0, %c0, %c32 : (!pto.tile<vec, 16x32xf8E5M2>, index, index) -> !pto.tile<vec, 16x64xf8E5M2>
  // CHECK: pto.tinsert %arg1, %c0, %c0 : (!pto.tile<vec, 16x64xf4E2M1FN, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 32x64xf4E2M1FN, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg2, %c0, %c32 : (!pto.tile<vec, 16x32xbf16>, index, index) -> !pto.tile<mat, 16x64xbf16, blayout=col_major, slayout=row_major>
  // CHECK: pto.tinsert %arg3, %c0, %c0 {split = #pto.split<split4>} : (!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf32, blayout=col_major, slayout=row_major>
  func.func @a5_vec(%e5: !pto.tile<vec, 16x32xf8E5M2>, %f4: !pto.tile<vec, 16x64xf4E2M1FN, blayout=col_major, slayout=row_major>, %nd: !pto.tile<vec, 16x32xbf16>, %nz: !pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %a = pto.tinsert %e5, %c0, %c32 : (!pto.tile<vec, 16x32xf8E5M2>, index, index) -> !pto.tile<vec, 16x64xf8E5M2>
    %b = pto.tinsert %f4, %c0, %c0 : (!pto.tile<vec, 16x64xf4E2M1FN, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<vec, 32x64xf4E2M1FN, blayout=col_major, slayout=row_major>
    %c = pto.tinsert %nd, %c0, %c32 : (!pto.tile<vec, 16x32xbf16>, index, index) -> !pto.tile<mat, 16x64xbf16, blayout=col_major, slayout=row_major>
    %d = pto.tinsert %nz, %c0, %c0 {split = #pto.split<split4>} : (!pto.tile<vec, 16x32xf32, blayout=col_major, slayout=row_major>, index, index) -> !pto.tile<mat, 16x32xf32, blayout=col_major, slayout=row_major>
    return
  }
}

// A2/A3 vec -> vec (pto-isa 3186c381's a2a3/TInsert.hpp; its TINSERT page
// lists acc -> mat only): the 1-, 2- and 4-byte standard types.
module attributes {pto.target_arch = "a2a3"} {
  // CHECK-LABEL: func.func @a2a3_vec_to_vec
  // CHECK: pto.tinsert %arg0, %c0, %c8 into %arg1 : (!pto.tile<vec, 8x16xui16>, index, index) -> !pto.tile<vec, 16x32xui16>
  func.func @a2a3_vec_to_vec(%s: !pto.tile<vec, 8x16xui16>, %d: !pto.tile<vec, 16x32xui16>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %r = pto.tinsert %s, %c0, %c8 into %d : (!pto.tile<vec, 8x16xui16>, index, index) -> !pto.tile<vec, 16x32xui16>
    return
  }
}
