// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the matmuls (tmatmul_c1 ... tmatmul_c12, docs/ops/tmatmul.md)
// and per check of what pto-mlir does not implement.

// tmatmul_c1: lhs in left (TMATMUL.md, a2a3/TMatmul.hpp:100).
func.func @tmatmul_c1(%a: !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op lhs location must be left, got mat}}
  %r = pto.tmatmul %a, %b : (!pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c1_acc_in: acc_in in acc.
func.func @tmatmul_c1_acc_in(%c: !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>, %a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul.acc' op acc_in location must be acc, got vec}}
  %r = pto.tmatmul.acc %c, %a, %b : (!pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c1_bias: bias in bias.
func.func @tmatmul_c1_bias(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>, %s: !pto.tile<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul.bias' op bias location must be bias, got vec}}
  %r = pto.tmatmul.bias %a, %b, %s : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>, !pto.tile<vec, 1x16xf32>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c2: the element type triples per target (a2a3/TMatmul.hpp:88-98).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmatmul_c2(%a: !pto.tile<left, 16x32xf8E4M3FN, slayout=row_major>, %b: !pto.tile<right, 32x16xf8E4M3FN, slayout=col_major>) {
    // expected-error @+1 {{'pto.tmatmul' op multiplies f8E4M3FN x f8E4M3FN into f32, which is not a TMATMUL element type triple on a2a3 (dst, lhs x rhs: i32, i8 x i8; f32, f16 x f16; f32, bf16 x bf16; f32, f32 x f32)}}
    %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf8E4M3FN, slayout=row_major>, !pto.tile<right, 32x16xf8E4M3FN, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tmatmul_fp8: A5's fp8 matmuls, which the simulator does not compute (cpu/TMatmul.hpp:27-34).
module attributes {pto.target_arch = "a5"} {
  func.func @tmatmul_fp8(%a: !pto.tile<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 64x16xf8E5M2, slayout=col_major>) {
    // expected-error @+1 {{'pto.tmatmul' op multiplies f8E4M3FN x f8E5M2: pto-mlir implements the i8, f16, bf16 and f32 matmuls (those of pto-isa's CPU simulator) only}}
    %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile<right, 64x16xf8E5M2, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tmatmul_c3: M x K times K x N (TMATMUL.md static shape constraints).
func.func @tmatmul_c3(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 48x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op shapes lhs 16x32, rhs 48x16, dst 16x16 are not M x K, K x N, M x N}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 48x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c4: lhs in the layout of left on a5 (NZ, a5/TMatmul.hpp:144-149).
module attributes {pto.target_arch = "a5"} {
  func.func @tmatmul_c4(%a: !pto.tile<left, 16x32xf16, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
    // expected-error @+1 {{'pto.tmatmul' op lhs must be NZ on a5, got blayout=row_major, slayout=row_major}}
    %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tmatmul_c4_rhs: rhs ZN with fractal=512.
func.func @tmatmul_c4_rhs(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op rhs must be ZN with fractal=512, got ZN with fractal=1024}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major, fractal=1024>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c4_dst: dst NZ with fractal=1024 (TileAcc, pto_tile.hpp:1769-1772).
func.func @tmatmul_c4_dst(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op dst must be NZ with fractal=1024, got NZ with fractal=512}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// tmatmul_c5: m, k, n in [1, 4095] (CheckDynamicMad, a2a3/TMatmul.hpp:106-114).
func.func @tmatmul_c5(%a: !pto.tile<left, 16x32xf16, valid=0x32, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op m = 0 (lhs valid shape 0x32, rhs valid shape 32x16) is outside [1, 4095]}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, valid=0x32, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=0x16>
  return
}

// -----

// tmatmul_c6: rhs has k valid rows.
func.func @tmatmul_c6(%a: !pto.tile<left, 16x32xf16, valid=16x16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op rhs valid rows 32 differ from lhs valid cols 16 (k)}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, valid=16x16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c7: dst valid shape m x n.
func.func @tmatmul_c7(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul' op dst valid shape 8x16 is not m x n = 16x16}}
  %r = pto.tmatmul %a, %b : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=8x16>
  return
}

// -----

// tmatmul_c6 on the static extents of partly dynamic valid shapes (k = 16).
func.func @tmatmul_c6_static_part(%a: !pto.tile_buf<left, 16x32xf16, valid=?x16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xf16, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op rhs valid rows 32 differ from lhs valid cols 16 (k)}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf16, valid=?x16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

// tmatmul_c12: the bias's valid cols fix n, so dst's are static.
func.func @tmatmul_c12_dynamic_n(%a: !pto.tile_buf<left, 16x32xf16, valid=?x16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xf16, valid=?x?, slayout=col_major>, %s: !pto.tile_buf<bias, 1x16xf32>, %c: !pto.tile_buf<acc, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul.bias' op dst valid cols are dynamic: the bias's valid shape 1 x n needs a static n}}
  pto.tmatmul.bias ins(%a, %b, %s : !pto.tile_buf<left, 16x32xf16, valid=?x16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, valid=?x?, slayout=col_major>, !pto.tile_buf<bias, 1x16xf32>) outs(%c : !pto.tile_buf<acc, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

// tmatmul_c8: dst within l0c on the target (buffer_limits.hpp:111-126).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmatmul_c8(%a: !pto.tile<left, 256x16xf32, slayout=row_major>, %b: !pto.tile<right, 16x256xf32, slayout=col_major>) {
    // expected-error @+1 {{'pto.tmatmul' op dst takes 262144 bytes, more than l0c holds on a2a3 (131072 bytes)}}
    %r = pto.tmatmul %a, %b : (!pto.tile<left, 256x16xf32, slayout=row_major>, !pto.tile<right, 16x256xf32, slayout=col_major>) -> !pto.tile<acc, 256x256xf32, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tmatmul_c9: acc_in of dst's type.
func.func @tmatmul_c9(%c: !pto.tile<acc, 16x16xf32, valid=16x8, blayout=col_major, slayout=row_major, fractal=1024>, %a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>) {
  // expected-error @+1 {{'pto.tmatmul.acc' op acc_in type !pto.tile<acc, 16x16xf32, valid=16x8, blayout=col_major, slayout=row_major, fractal=1024> differs from dst type !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>}}
  %r = pto.tmatmul.acc %c, %a, %b : (!pto.tile<acc, 16x16xf32, valid=16x8, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c10: at Level 2 acc_in is dst (a2a3/TMatmul.hpp:184, a5/TMatmul.hpp:231).
func.func @tmatmul_c10(%c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %a: !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xf16, slayout=col_major>, %d: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul.acc' op acc_in must be dst at Level 2 (the cube unit accumulates into dst and does not read acc_in)}}
  pto.tmatmul.acc ins(%c, %a, %b : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%d : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

// tmatmul_c11: bias of dst's element type (TMATMUL_BIAS.md).
func.func @tmatmul_c11(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>, %s: !pto.tile<bias, 1x16xf16>) {
  // expected-error @+1 {{'pto.tmatmul.bias' op bias element type f16 differs from dst element type f32}}
  %r = pto.tmatmul.bias %a, %b, %s : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>, !pto.tile<bias, 1x16xf16>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tmatmul_c12: bias one row of dst's valid cols (TMATMUL_BIAS.md, a5/TMatmul.hpp:241-243).
func.func @tmatmul_c12(%a: !pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile<right, 32x16xf16, slayout=col_major>, %s: !pto.tile<bias, 2x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul.bias' op bias must be a 1-row ND tile of valid shape 1x16 (dst's valid cols), got 2x16 ND of valid shape 2x16}}
  %r = pto.tmatmul.bias %a, %b, %s : (!pto.tile<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile<right, 32x16xf16, slayout=col_major>, !pto.tile<bias, 2x16xf32>) -> !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}
