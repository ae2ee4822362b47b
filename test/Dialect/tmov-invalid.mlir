// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TMOV (tmov_c1 ... tmov_c15) and per form check.

// tmov_c1
func.func @tmov_c1(%s: !pto.tile<vec, 16x32xf32>) {
  // expected-error @+1 {{'pto.tmov' op src shape 16x32 differs from dst shape 16x16}}
  %d = pto.tmov %s : !pto.tile<vec, 16x32xf32> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tmov_c2: the page's paths per target.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmov_c2(%s: !pto.tile<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op moves vec -> mat, which is not a TMOV path on a2a3}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<mat, 16x16xf32>
    return
  }
}

// -----

// A path of the page that pto-mlir does not implement.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_unimplemented(%s: !pto.tile<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op moves vec -> mat: pto-mlir implements the vec -> vec, mat -> left, mat -> right, mat -> bias, acc -> vec and acc -> mat moves only}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<mat, 16x16xf32>
    return
  }
}

// -----

// tmov_c3
func.func @tmov_c3(%s: !pto.tile<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tmov' op src element type f16 differs from dst element type f32}}
  %d = pto.tmov %s : !pto.tile<vec, 16x16xf16> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tmov_c4: without a target, a5's moves: one layout, or ND into NZ.
func.func @tmov_c4(%s: !pto.tile<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tmov' op src layout DN (fractal=512) differs from dst layout ND (fractal=512): a vec -> vec move copies one layout, or converts ND to NZ of fractal=512}}
  %d = pto.tmov %s : !pto.tile<vec, 16x16xf32, blayout=col_major> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tmov_c4: a2a3 copies 32-byte blocks (a2a3/TMov.hpp:79-111): no repack.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmov_c4_a2a3(%s: !pto.tile<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op src layout ND (fractal=512) differs from dst layout NZ (fractal=512): a vec -> vec move copies one layout on a2a3}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tmov_c4: the repack writes 512-byte fractals only.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c4_fractal(%s: !pto.tile<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op src layout ND (fractal=512) differs from dst layout NZ (fractal=1024): a vec -> vec move copies one layout, or converts ND to NZ of fractal=512}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    return
  }
}

// -----

// tmov_c5
func.func @tmov_c5(%s: !pto.tile<vec, 16x16xf32, valid=8x16>) {
  // expected-error @+1 {{'pto.tmov' op src valid shape 8x16 does not match dst valid shape 16x16}}
  %d = pto.tmov %s : !pto.tile<vec, 16x16xf32, valid=8x16> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// The tile op form: a Level 2 op on a Level 1 tile.
func.func @tmov_level(%s: !pto.tile<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmov' op 'ins' operand #0 is !pto.tile but the op is at Level 2 (expects !pto.tile_buf)}}
  pto.tmov ins(%s : !pto.tile<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// tmov_c6
func.func @tmov_c6(%s: !pto.tile<mat, 16x16xf16>) {
  // expected-error @+1 {{'pto.tmov' op src of mat -> left must be NZ or ZN, got ND}}
  %d = pto.tmov %s : !pto.tile<mat, 16x16xf16> -> !pto.tile<left, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tmov_c7: right takes ZN.
func.func @tmov_c7_right(%s: !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>) {
  // expected-error @+1 {{'pto.tmov' op dst of mat -> right must be ZN on any target, got NZ}}
  %d = pto.tmov %s : !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major> -> !pto.tile<right, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tmov_c7: left takes NZ on a5.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c7_left(%s: !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>) {
    // expected-error @+1 {{'pto.tmov' op dst of mat -> left must be NZ on a5, got ZN}}
    %d = pto.tmov %s : !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major> -> !pto.tile<left, 16x16xf16, slayout=col_major>
    return
  }
}

// -----

// tmov_c8: acc -> vec from NZ (a5 common.hpp:144-146).
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c8(%s: !pto.tile<acc, 16x16xf32, fractal=1024, slayout=row_major>) {
    // expected-error @+1 {{'pto.tmov' op src of acc -> vec must be NZ, got blayout=row_major, slayout=row_major}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, fractal=1024, slayout=row_major> -> !pto.tile<vec, 16x16xf32>
    return
  }
}

// -----

// tmov_c9: acc -> vec conversions (a5 common.hpp:166-174).
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c9(%s: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{'pto.tmov' op moves acc -> vec i32 -> f32, which is not a conversion of acc -> vec on a5 (f32 -> f16|bf16|f32; i32 -> i32)}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<vec, 16x16xf32>
    return
  }
}

// -----

// tmov_c10: acc -> vec into ND, DN or NZ (a5 common.hpp:176-180).
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c10(%s: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{'pto.tmov' op dst of acc -> vec must be ND, DN or NZ, got ZN}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<vec, 16x16xf32, slayout=col_major>
    return
  }
}

// -----

// tmov_c8: acc -> mat from NZ too.
func.func @tmov_c8_mat(%s: !pto.tile<acc, 16x16xf32, fractal=1024, slayout=row_major>) {
  // expected-error @+1 {{'pto.tmov' op src of acc -> mat must be NZ, got blayout=row_major, slayout=row_major}}
  %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, fractal=1024, slayout=row_major> -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tmov_c9: acc -> mat on a2a3 casts f32 to f16 or bf16 only (a2a3 common.hpp:107-111).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmov_c9_mat(%s: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{'pto.tmov' op moves acc -> mat f32 -> f32, which is not a conversion of acc -> mat on a2a3 (f32 -> f16|bf16)}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tmov_c10: acc -> mat into ND, DN or NZ on a5 too.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c10_mat(%s: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{'pto.tmov' op dst of acc -> mat must be ND, DN or NZ, got ZN}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<mat, 16x16xf32, slayout=col_major>
    return
  }
}

// -----

// tmov_c11: acc -> mat on a2a3 into NZ with 512-byte fractals (a2a3 common.hpp:93-103).
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmov_c11(%s: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
    // expected-error @+1 {{'pto.tmov' op dst of acc -> mat must be NZ with fractal=512 on a2a3, got ND with fractal=512}}
    %d = pto.tmov %s : !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024> -> !pto.tile<mat, 16x16xf16>
    return
  }
}

// -----

// tmov_c12: mat -> bias keeps i32 and f32, widens f16 (and bf16 on a5) to f32.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tmov_c12(%s: !pto.tile<mat, 1x32xbf16>) {
    // expected-error @+1 {{'pto.tmov' op moves mat -> bias bf16 -> f32, which is not a conversion of mat -> bias on a2a3 (i32 -> i32; f32 -> f32; f16 -> f32)}}
    %d = pto.tmov %s : !pto.tile<mat, 1x32xbf16> -> !pto.tile<bias, 1x32xf32>
    return
  }
}

// -----

// tmov_c13: one row of a multiple of 64 bytes.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c13(%s: !pto.tile<mat, 1x8xf32>) {
    // expected-error @+1 {{'pto.tmov' op mat -> bias needs one row of a multiple of 64 bytes, at most 4096, of dst elements on a5, got 1x8 (32 bytes)}}
    %d = pto.tmov %s : !pto.tile<mat, 1x8xf32> -> !pto.tile<bias, 1x8xf32>
    return
  }
}

// -----

// tmov_c4: ND -> ZN (a5/TMov.hpp:783-786) is not implemented.
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c4_zn(%s: !pto.tile<vec, 16x16xf32>) {
    // expected-error @+1 {{'pto.tmov' op src layout ND (fractal=512) differs from dst layout ZN (fractal=512): a vec -> vec move copies one layout, or converts ND to NZ of fractal=512}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xf32> -> !pto.tile<vec, 16x16xf32, slayout=col_major>
    return
  }
}

// -----

// tmov_c14: the repack's element types (a5/TMov.hpp:500-507).
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c14(%s: !pto.tile<vec, 16x16xi16>) {
    // expected-error @+1 {{'pto.tmov' op src of vec ND -> NZ element type i16 is not supported on a5 (allowed: i8, ui8, i32, f16, bf16, f32, f8E4M3FN, f8E5M2)}}
    %d = pto.tmov %s : !pto.tile<vec, 16x16xi16> -> !pto.tile<vec, 16x16xi16, blayout=col_major, slayout=row_major>
    return
  }
}

// -----

// tmov_c15: ND -> NZ strides its columns of boxes by the valid rows rounded up to 16 (a5/TMov.hpp:517-519).
module attributes {pto.target_arch = "a5"} {
  func.func @tmov_c15(%s: !pto.tile<vec, 32x16xf32, valid=8x16>) {
    // expected-error @+1 {{'pto.tmov' op vec ND -> NZ needs static dst valid rows that round up to 16 as 32, its rows (a5 puts its columns of boxes the valid rows rounded up to 16 apart), got valid shape 8x16}}
    %d = pto.tmov %s : !pto.tile<vec, 32x16xf32, valid=8x16> -> !pto.tile<vec, 32x16xf32, blayout=col_major, slayout=row_major, valid=8x16>
    return
  }
}
