// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of TMOV (tmov_c1 ... tmov_c5) and per form check.

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
    // expected-error @+1 {{'pto.tmov' op moves vec -> mat: pto-mlir implements the vec -> vec, mat -> left, mat -> right and acc -> vec moves only}}
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

// tmov_c4
func.func @tmov_c4(%s: !pto.tile<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tmov' op src layout DN (fractal=512) differs from dst layout ND (fractal=512)}}
  %d = pto.tmov %s : !pto.tile<vec, 16x16xf32, blayout=col_major> -> !pto.tile<vec, 16x16xf32>
  return
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
    // expected-error @+1 {{'pto.tmov' op moves acc i32 -> vec f32, which is not an acc -> vec conversion (f32 -> f16, bf16, f32; i32 -> i32)}}
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
