// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case per rule of the global memory types (ptr_c1, view_c1 ...
// view_c3) and ops (make_tensor_view_c1 ..., partition_view_c1 ...,
// tload_c1 ... tload_c8, tstore_c1 ... tstore_c8), and per form check.

// ptr_c1
// expected-error @+1 {{!pto.ptr element type index is not a tile element type}}
func.func @ptr_c1(%p: !pto.ptr<index>) {
  return
}

// -----

// view_c1
// expected-error @+1 {{!pto.tensor_view must have rank 1 to 5, got rank 6}}
func.func @view_c1(%t: !pto.tensor_view<2x2x2x2x2x2xf32>) {
  return
}

// -----

// view_c2
// expected-error @+1 {{!pto.partition_tensor_view extent #0 must be positive or ?, got 0}}
func.func @view_c2(%t: !pto.partition_tensor_view<0x4xf32>) {
  return
}

// -----

// view_c3
// expected-error @+1 {{!pto.tensor_view element type index is not a tile element type}}
func.func @view_c3(%t: !pto.tensor_view<4xindex>) {
  return
}

// -----

// make_tensor_view_c1 (only the generic form can spell a mismatch)
func.func @make_tensor_view_c1(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' op ptr element type f16 differs from the view's element type f32}}
  %tv = "pto.make_tensor_view"(%p, %c32, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!pto.ptr<f16>, index, index) -> !pto.tensor_view<32xf32>
  return
}

// -----

// make_tensor_view_c2
func.func @make_tensor_view_c2(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' op takes one shape and one stride operand per dimension of the view (rank 2), got 1 shape and 2 stride operands}}
  %tv = pto.make_tensor_view %p, shape = [%c32], strides = [%c32, %c1] : !pto.tensor_view<?x32xf32>
  return
}

// -----

// make_tensor_view_c3: a constant extent is the type's.
func.func @make_tensor_view_c3(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' op shape operand #0 is 16 but the view's extent #0 is 32 (a positive extent)}}
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xf32>
  return
}

// -----

// make_tensor_view_c3: and positive.
func.func @make_tensor_view_c3_zero(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'pto.make_tensor_view' op shape operand #0 is 0 but the view's extent #0 is ? (a positive extent)}}
  %tv = pto.make_tensor_view %p, shape = [%c0], strides = [%c1] : !pto.tensor_view<?xf32>
  return
}

// -----

// make_tensor_view_c4: ND walks its last dimension with stride 1.
func.func @make_tensor_view_c4_nd(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' op layout nd needs stride 1 in dimension #1, got 32}}
  %tv = pto.make_tensor_view %p, shape = [%c32, %c32], strides = [%c1, %c32] {layout = #pto.layout<nd>} : !pto.tensor_view<32x32xf32>
  return
}

// -----

// view_c5, through PTOAS's layout attribute: DN walks its second-to-last
// dimension with stride 1.
func.func @make_tensor_view_c4_dn_rank(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' op !pto.tensor_view layout dn needs rank 2 or more, got rank 1}}
  %tv = pto.make_tensor_view %p, shape = [%c32], strides = [%c1] {layout = #pto.layout<dn>} : !pto.tensor_view<32xf32>
  return
}

// -----

// view_c4, through PTOAS's layout attribute: NZ global tensors are not
// implemented.
func.func @make_tensor_view_nz(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.make_tensor_view' op !pto.tensor_view layout nz is not supported by pto-mlir (nd and dn are)}}
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<16x16xf16>
  return
}

// -----

// partition_view_c1
func.func @partition_view_c1(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op takes one offset and one size per dimension of the source (rank 2), got 1 offsets and 2 sizes}}
  %pv = pto.partition_view %tv, offsets = [%c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<32x32xf32>
  return
}

// -----

// partition_view_c2: the source's rank
func.func @partition_view_c2_rank(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op result rank 1 differs from the source's rank 2}}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<1024xf32>
  return
}

// -----

// partition_view_c2: and element type
func.func @partition_view_c2_element(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op result element type f16 differs from the source's element type f32}}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<32x32xf16>
  return
}

// -----

// partition_view_c3
func.func @partition_view_c3(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.partition_view' op offset #0 must not be negative, got -1}}
  %pv = pto.partition_view %tv, offsets = [%m1, %c0], sizes = [%c16, %c16] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<16x16xf32>
  return
}

// -----

// partition_view_c4
func.func @partition_view_c4(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.partition_view' op size #1 is 16 but the result's extent #1 is 32 (a positive extent)}}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  return
}

// -----

// partition_view_c5
func.func @partition_view_c5(%tv: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op window [16, +32) of dimension #0 exceeds the source's extent 32}}
  %pv = pto.partition_view %tv, offsets = [%c16, %c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<32x32xf32>
  return
}

// -----

// partition_view_c5: an offset that 2^63 - 1 - size would overflow
// (offset + size wrapped to a negative end, which the rule accepted).
func.func @partition_view_c5_end_overflows(%tv: !pto.tensor_view<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cmax = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{'pto.partition_view' op window [9223372036854775807, +1) of dimension #0 exceeds the source's extent 4}}
  %pv = pto.partition_view %tv, offsets = [%cmax, %c0], sizes = [%c1, %c16] : !pto.tensor_view<4x32xf32> -> !pto.partition_tensor_view<1x16xf32>
  return
}

// -----

// The tile op form: one window in, one destination.
func.func @tload_form(%w: !pto.partition_tensor_view<16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{expects 1 'ins' operand and at most 1 'outs' buffer, got 2 'ins' and 1 'outs'}}
  pto.tload ins(%w, %w : !pto.partition_tensor_view<16x16xf32>, !pto.partition_tensor_view<16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// tload_c1: A2/A3's element types.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tload_c1(%w: !pto.partition_tensor_view<16x32xf8E4M3FN>) {
    // expected-error @+1 {{'pto.tload' op dst element type f8E4M3FN is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32, i64, ui64, f16, bf16, f32)}}
    %t = pto.tload %w : !pto.partition_tensor_view<16x32xf8E4M3FN> -> !pto.tile<vec, 16x32xf8E4M3FN>
    return
  }
}

// -----

// tload_c2
func.func @tload_c2(%w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tload' op dst location must be vec or mat, got acc}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<acc, 16x16xf32>
  return
}

// -----

// tload_c3
func.func @tload_c3(%w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tload' op dst element type i32 differs from the window's element type f32}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<vec, 16x16xi32>
  return
}

// -----

// tload_c4: tiles without boxes, or NZ/ZN mat tiles.
func.func @tload_c4_boxed(%w: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{'pto.tload' op dst must have no boxes (slayout=none_box), or be an NZ or ZN mat tile: pto-mlir loads ND and DN into tiles without boxes, ND into NZ and DN into ZN mat tiles, got NZ}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x16xf16> -> !pto.tile<vec, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tload_c4: an NZ tile loads from ND, not DN.
func.func @tload_c4_nz_from_dn(%pv: !pto.partition_tensor_view<16x16xf16, dn>) {
  // expected-error @+1 {{'pto.tload' op dst layout NZ does not match the window's layout DN}}
  %t = pto.tload %pv : !pto.partition_tensor_view<16x16xf16, dn> -> !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tload_c4: in the window's layout.
func.func @tload_c4_layout(%w: !pto.partition_tensor_view<16x16xf32, dn>) {
  // expected-error @+1 {{'pto.tload' op dst layout ND does not match the window's layout DN}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x16xf32, dn> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tload_c5: rows on A2/A3.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tload_c5(%w: !pto.partition_tensor_view<4096x8xf32>) {
    // expected-error @+1 {{'pto.tload' op dst rows must be at most 4095 for a vec tile on a2a3, got 4096}}
    %t = pto.tload %w : !pto.partition_tensor_view<4096x8xf32> -> !pto.tile<vec, 4096x8xf32>
    return
  }
}

// -----

// tload_c6
func.func @tload_c6(%w: !pto.partition_tensor_view<16x32xf32>) {
  // expected-error @+1 {{'pto.tload' op window 16x32 covers 16x32 in ND layout, but dst valid shape is 16x16}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x16xf32>
  return
}

// -----

// tload_c6: the product of the extents overflows int64 ((2^62 + 1) * 16
// wrapped to 16, which the rule accepted).
func.func @tload_c6_rows_overflow(%w: !pto.partition_tensor_view<4611686018427387905x16x32xi8>) {
  // expected-error @+1 {{'pto.tload' op window 4611686018427387905x16x32 covers more rows than int64 holds in ND layout (the product of its extents exceeds 2^63 - 1)}}
  %t = pto.tload %w : !pto.partition_tensor_view<4611686018427387905x16x32xi8> -> !pto.tile<vec, 16x32xi8>
  return
}

// -----

// tload_c6 in DN layout: the columns are the product.
func.func @tload_c6_columns_overflow(%w: !pto.partition_tensor_view<4611686018427387905x16x32xf32>) {
  // expected-error @+1 {{'pto.tload' op window 4611686018427387905x16x32 covers more columns than int64 holds in DN layout (the product of its extents exceeds 2^63 - 1)}}
  %t = pto.tload %w : !pto.partition_tensor_view<4611686018427387905x16x32xf32> -> !pto.tile<vec, 16x32xf32, blayout=col_major>
  return
}

// -----

// tload_c7
module attributes {pto.target_arch = "a5"} {
  func.func @tload_c7(%w: !pto.partition_tensor_view<8x8xi64>) {
    // expected-error @+1 {{'pto.tload' op a 64-bit dst must pad with null or zero on a5, got pad=max}}
    %t = pto.tload %w : !pto.partition_tensor_view<8x8xi64> -> !pto.tile<vec, 8x8xi64, pad=max>
    return
  }
}

// -----

// tload_c8: ND -> NZ takes a window of one plane.
func.func @tload_c8_planes(%w: !pto.partition_tensor_view<2x16x16xf16>) {
  // expected-error @+1 {{'pto.tload' op an NZ or ZN dst needs a window of static extents 1 but the last two and fractal=512, got window 2x16x16 and fractal=512}}
  %t = pto.tload %w : !pto.partition_tensor_view<2x16x16xf16> -> !pto.tile<mat, 32x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

// tload_c8: and 512-byte fractals.
func.func @tload_c8_fractal(%w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tload' op an NZ or ZN dst needs a window of static extents 1 but the last two and fractal=512, got window 16x16 and fractal=1024}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x16xf32> -> !pto.tile<mat, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  return
}

// -----

// tstore_c1
func.func @tstore_c1(%t: !pto.tile<left, 16x16xf32>, %w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op src location must be vec, mat or acc on any target, got left}}
  pto.tstore %t, %w : (!pto.tile<left, 16x16xf32>, !pto.partition_tensor_view<16x16xf32>) -> ()
  return
}

// -----

// tstore_c1: no mat store on A5.
module attributes {pto.target_arch = "a5"} {
  func.func @tstore_c1_a5(%t: !pto.tile_buf<mat, 16x16xf32>, %w: !pto.partition_tensor_view<16x16xf32>) {
    // expected-error @+1 {{'pto.tstore' op src location must be vec or acc on a5, got mat}}
    pto.tstore ins(%t : !pto.tile_buf<mat, 16x16xf32>) outs(%w : !pto.partition_tensor_view<16x16xf32>)
    return
  }
}

// -----

// tstore_c2
module attributes {pto.target_arch = "a2a3"} {
  func.func @tstore_c2(%t: !pto.tile<vec, 16x32xf8E5M2>, %w: !pto.partition_tensor_view<16x32xf8E5M2>) {
    // expected-error @+1 {{'pto.tstore' op src element type f8E5M2 is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32, i64, ui64, f16, bf16, f32)}}
    pto.tstore %t, %w : (!pto.tile<vec, 16x32xf8E5M2>, !pto.partition_tensor_view<16x32xf8E5M2>) -> ()
    return
  }
}

// -----

// tstore_c3
func.func @tstore_c3(%t: !pto.tile<vec, 16x16xi32>, %w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op src element type i32 differs from the window's element type f32}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x16xi32>, !pto.partition_tensor_view<16x16xf32>) -> ()
  return
}

// -----

// tstore_c4: a store's src has no boxes.
func.func @tstore_c4_boxed(%t: !pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>, %w: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{'pto.tstore' op src must have no boxes (slayout=none_box): pto-mlir moves ND and DN tiles between global memory and tiles, got NZ}}
  pto.tstore %t, %w : (!pto.tile<mat, 16x16xf16, blayout=col_major, slayout=row_major>, !pto.partition_tensor_view<16x16xf16>) -> ()
  return
}

// -----

// tstore_c4
func.func @tstore_c4(%t: !pto.tile<vec, 16x16xf32>, %w: !pto.partition_tensor_view<16x16xf32, dn>) {
  // expected-error @+1 {{'pto.tstore' op src layout ND does not match the window's layout DN}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x16xf32>, !pto.partition_tensor_view<16x16xf32, dn>) -> ()
  return
}

// -----

// tstore_c5
func.func @tstore_c5(%t: !pto.tile<vec, 16x16xf32>, %w: !pto.partition_tensor_view<16x32xf32>) {
  // expected-error @+1 {{'pto.tstore' op window 16x32 covers 16x32 in ND layout, but src valid shape is 16x16}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x16xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}

// -----

// tstore_c5: the product of the extents overflows int64.
func.func @tstore_c5_rows_overflow(%t: !pto.tile<vec, 16x32xi8>, %w: !pto.partition_tensor_view<4611686018427387905x16x32xi8>) {
  // expected-error @+1 {{'pto.tstore' op window 4611686018427387905x16x32 covers more rows than int64 holds in ND layout (the product of its extents exceeds 2^63 - 1)}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x32xi8>, !pto.partition_tensor_view<4611686018427387905x16x32xi8>) -> ()
  return
}

// -----

// tstore_c9: the fixpipe's relu is an acc store's.
func.func @tstore_c9(%t: !pto.tile_buf<vec, 16x16xf32>, %w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op reluPreMode normal_relu needs an acc src, got vec}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%w : !pto.partition_tensor_view<16x16xf32>) {reluPreMode = #pto<relu_pre_mode normal_relu>}
  return
}

// -----

// tstore_c10: the element types the NPU adds into.
func.func @tstore_c10(%t: !pto.tile_buf<vec, 16x32xui8>, %w: !pto.partition_tensor_view<16x32xui8>) {
  // expected-error @+1 {{'pto.tstore' op atomic_add stores into a window of ui8, which the NPU cannot add into (f16, f32, bf16, i8, i16, i32)}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x32xui8>) outs(%w : !pto.partition_tensor_view<16x32xui8>) {atomicType = #pto<atomic_type atomic_add>}
  return
}

// -----

// tstore_c6: an acc tile converts f32 -> f32/f16/bf16 and i32 -> i32 only.
module attributes {pto.target_arch = "a2a3"} {
  func.func @tstore_c6(%t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %w: !pto.partition_tensor_view<16x16xi32>) {
    // expected-error @+1 {{'pto.tstore' op stores an acc tile of f32 into a window of i32, which is not an acc store conversion on a2a3 (src -> window: f32 -> f32|f16|bf16; i32 -> i32)}}
    pto.tstore ins(%t : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%w : !pto.partition_tensor_view<16x16xi32>)
    return
  }
}

// -----

// tstore_c6: i32 -> f16 is a quantizing store (not read yet).
func.func @tstore_c6_i32(%t: !pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %w: !pto.partition_tensor_view<16x16xf16>) {
  // expected-error @+1 {{'pto.tstore' op stores an acc tile of i32 into a window of f16, which is not an acc store conversion on any target (src -> window: f32 -> f32|f16|bf16; i32 -> i32)}}
  pto.tstore %t, %w : (!pto.tile<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x16xf16>) -> ()
  return
}

// -----

// tstore_c7
func.func @tstore_c7(%t: !pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %w: !pto.partition_tensor_view<16x16xf32, dn>) {
  // expected-error @+1 {{'pto.tstore' op stores an acc tile into a DN window: acc tiles store into ND windows}}
  pto.tstore %t, %w : (!pto.tile<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x16xf32, dn>) -> ()
  return
}

// -----

// tstore_c8
func.func @tstore_c8(%t: !pto.tile<acc, 16x4096xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=16x16>, %w: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op acc src shape 16x4096 exceeds 8192x4095 (rows in [1, 8192], cols in [1, 4095] for an ND window)}}
  pto.tstore %t, %w : (!pto.tile<acc, 16x4096xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=16x16>, !pto.partition_tensor_view<16x16xf32>) -> ()
  return
}

// -----

// make_tensor_view_c5: PTOAS's layout attribute names the type's layout.
func.func @make_tensor_view_c5(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.make_tensor_view' op layout attribute nd differs from the result type's layout dn}}
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c1, %c16] {layout = #pto.layout<nd>} : !pto.tensor_view<16x16xf32, dn>
  return
}

// -----

// partition_view_c6: a window keeps its tensor's layout.
func.func @partition_view_c6(%tv: !pto.tensor_view<16x16xf32, dn>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.partition_view' op result layout none differs from the source's layout dn}}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<16x16xf32, dn> -> !pto.partition_tensor_view<16x16xf32>
  return
}

// -----

// view_c4 in the type.
// expected-error @+1 {{!pto.partition_tensor_view layout nz is not supported by pto-mlir (nd and dn are)}}
func.func @view_c4(%w: !pto.partition_tensor_view<16x16xf16, nz>) {
  return
}

// -----

// view_c5 in the type.
// expected-error @+1 {{!pto.tensor_view layout dn needs rank 2 or more, got rank 1}}
func.func @view_c5(%tv: !pto.tensor_view<32xf32, dn>) {
  return
}

// -----

// expected-error @+1 {{unknown layout 'zn' (expected nd or dn)}}
func.func @view_layout_spelling(%tv: !pto.tensor_view<32x32xf32, zn>) {
  return
}

// -----

// PTOAS's quantizing store is not read yet.
func.func @tstore_pre_quant(%t: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %w: !pto.partition_tensor_view<16x16xf16>, %pre: i64) {
  // expected-error @+1 {{custom op 'pto.tstore' takes no preQuantScalar operand: PTOAS's quantizing store is not supported by pto-mlir}}
  pto.tstore ins(%t : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %pre : i64) outs(%w : !pto.partition_tensor_view<16x16xf16>)
  return
}
