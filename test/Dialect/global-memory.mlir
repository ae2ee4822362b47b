// RUN: pto-opt %s | pto-opt | FileCheck %s
// The global memory types and ops: pointers, tensor views, windows
// (partitions), tload and tstore at both levels, in the pages' and PTOAS's
// spellings (pto-isa docs/isa/TLOAD.md, TSTORE.md,
// tile/ops/view-and-tile-buf/make-tensor-view.md, partition-view.md).

// CHECK-LABEL: func.func @level1(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: index)
// CHECK: %[[TV:.*]] = pto.make_tensor_view %arg0, shape = [%arg2, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x32xf32>
// CHECK: %[[PV:.*]] = pto.partition_view %[[TV]], offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x32xf32> -> !pto.partition_tensor_view<16x32xf32>
// CHECK: %[[T:.*]] = pto.tload %[[PV]] : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
// CHECK: %[[OV:.*]] = pto.make_tensor_view %arg1, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<16x32xf32>
// CHECK: %[[OP:.*]] = pto.partition_view %[[OV]], offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
// CHECK: pto.tstore %[[T]], %[[OP]] : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
func.func @level1(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %in, shape = [%rows, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x32xf32>
  %pv = pto.partition_view %tv, offsets = [%c16, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  %t = pto.tload %pv : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
  %ov = pto.make_tensor_view %out, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<16x32xf32>
  %op = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  pto.tstore %t, %op : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x32xf16>) outs(%[[B:.*]] : !pto.tile_buf<vec, 16x32xf16>)
// CHECK: pto.tstore ins(%[[B]] : !pto.tile_buf<vec, 16x32xf16>) outs(%{{.*}} : !pto.partition_tensor_view<16x32xf16>)
func.func @level2(%in: !pto.ptr<f16>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %in, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%b : !pto.tile_buf<vec, 16x32xf16>)
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x32xf16>) outs(%pv : !pto.partition_tensor_view<16x32xf16>)
  return
}

// PTOAS's fixpipe controls, kept in its spelling (docs/ops/tstore.md).
// CHECK-LABEL: func.func @fixpipe_modes
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 16x32xf16>) outs(%{{.*}} : !pto.partition_tensor_view<16x32xf16>) {atomicType = #pto<atomic_type atomic_add>, stPhase = #pto<st_phase final>}
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<acc, 16x32xf32, {{.*}}>) outs(%{{.*}} : !pto.partition_tensor_view<16x32xf16>) {reluPreMode = #pto<relu_pre_mode normal_relu>, stPhase = #pto<st_phase partial>}
// CHECK: pto.tstore %{{.*}}, %{{.*}} {atomicType = #pto<atomic_type atomic_none>, reluPreMode = #pto<relu_pre_mode no_relu>} : (!pto.tile<vec, 16x32xf16>, !pto.partition_tensor_view<16x32xf16>) -> ()
func.func @fixpipe_modes(%b: !pto.tile_buf<vec, 16x32xf16>, %acc: !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, %t: !pto.tile<vec, 16x32xf16>, %pv: !pto.partition_tensor_view<16x32xf16>) {
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x32xf16>) outs(%pv : !pto.partition_tensor_view<16x32xf16>) {stPhase = #pto<st_phase final>, atomicType = #pto<atomic_type atomic_add>}
  pto.tstore ins(%acc : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%pv : !pto.partition_tensor_view<16x32xf16>) {reluPreMode = #pto<relu_pre_mode normal_relu>, stPhase = #pto<st_phase partial>}
  pto.tstore %t, %pv {atomicType = #pto<atomic_type atomic_none>, reluPreMode = #pto<relu_pre_mode no_relu>} : (!pto.tile<vec, 16x32xf16>, !pto.partition_tensor_view<16x32xf16>) -> ()
  return
}

// A column-major (DN) tensor into a column-major tile; a three-dimensional
// window whose leading extents become rows (ND); dynamic window extents.
// CHECK-LABEL: func.func @layouts
// CHECK: {layout = #pto.layout<dn>} : !pto.tensor_view<32x16xi32>
// CHECK: pto.tload %{{.*}} : !pto.partition_tensor_view<32x16xi32> -> !pto.tile<vec, 32x16xi32, blayout=col_major>
// CHECK: pto.tload %{{.*}} : !pto.partition_tensor_view<2x8x16xi32> -> !pto.tile<vec, 16x16xi32>
// CHECK: pto.tload %{{.*}} : !pto.partition_tensor_view<?x16xi32> -> !pto.tile<vec, 16x16xi32, valid=?x16>
func.func @layouts(%p: !pto.ptr<i32>, %q: !pto.ptr<i32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %dn = pto.make_tensor_view %p, shape = [%c32, %c16], strides = [%c1, %c32] {layout = #pto.layout<dn>} : !pto.tensor_view<32x16xi32>
  %dnw = pto.partition_view %dn, offsets = [%c0, %c0], sizes = [%c32, %c16] : !pto.tensor_view<32x16xi32> -> !pto.partition_tensor_view<32x16xi32>
  %a = pto.tload %dnw : !pto.partition_tensor_view<32x16xi32> -> !pto.tile<vec, 32x16xi32, blayout=col_major>
  %t3 = pto.make_tensor_view %q, shape = [%c2, %c8, %c16], strides = [%c128, %c16, %c1] : !pto.tensor_view<2x8x16xi32>
  %w3 = pto.partition_view %t3, offsets = [%c0, %c0, %c0], sizes = [%c2, %c8, %c16] : !pto.tensor_view<2x8x16xi32> -> !pto.partition_tensor_view<2x8x16xi32>
  %b = pto.tload %w3 : !pto.partition_tensor_view<2x8x16xi32> -> !pto.tile<vec, 16x16xi32>
  %t2 = pto.make_tensor_view %q, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xi32>
  %wd = pto.partition_view %t2, offsets = [%c0, %c0], sizes = [%rows, %c16] : !pto.tensor_view<16x16xi32> -> !pto.partition_tensor_view<?x16xi32>
  %c = pto.tload %wd : !pto.partition_tensor_view<?x16xi32> -> !pto.tile<vec, 16x16xi32, valid=?x16>
  return
}

// PTOAS's own text (its test/samples/Addc/addc.pto, shortened): keyed tile
// types, the layout attribute before the colon.
// CHECK-LABEL: func.func @ptoas_spelling
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<32x32xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 32x32xf32>)
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 32x32xf32>) outs(%{{.*}} : !pto.partition_tensor_view<32x32xf32>)
func.func @ptoas_spelling(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %0 = pto.make_tensor_view %arg0, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>}: !pto.tensor_view<32x32xf32>
  %1 = pto.make_tensor_view %arg1, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xf32>
  %2 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<32x32xf32>
  %3 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<32x32xf32>
  %4 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%2 : !pto.partition_tensor_view<32x32xf32>) outs(%4 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%4 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%3 : !pto.partition_tensor_view<32x32xf32>)
  return
}

// Mat tiles with boxes (TLOAD.md: "ND->NZ and DN->ZN"): ND into NZ, DN
// into ZN, at both levels.
// CHECK-LABEL: func.func @boxed_mat
// CHECK: pto.tload %{{.*}} : !pto.partition_tensor_view<16x32xf16> -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x32xf16>) outs(%{{.*}} : !pto.tile_buf<mat, 16x32xf16, slayout=col_major>)
func.func @boxed_mat(%q: !pto.ptr<f16>, %p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %nv = pto.make_tensor_view %q, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf16>
  %w = pto.partition_view %nv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf16> -> !pto.partition_tensor_view<16x32xf16>
  %nz = pto.tload %w : !pto.partition_tensor_view<16x32xf16> -> !pto.tile<mat, 16x32xf16, blayout=col_major, slayout=row_major>
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<16x32xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf16> -> !pto.partition_tensor_view<16x32xf16>
  %zn = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16, blayout=row_major, slayout=col_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%zn : !pto.tile_buf<mat, 16x32xf16, blayout=row_major, slayout=col_major>)
  return
}

// The layout in the view types (pto-mlir's spelling; PTOAS writes the
// attribute instead, test/Passes/view-layouts.mlir): a window argument
// carries its layout into the function.
// CHECK-LABEL: func.func @typed_layout
// CHECK-SAME: %{{.*}}: !pto.partition_tensor_view<16x8xf32, dn>
// CHECK: pto.tload %{{.*}} : !pto.partition_tensor_view<16x8xf32, dn> -> !pto.tile<vec, 16x8xf32, blayout=col_major>
// CHECK: pto.make_tensor_view %{{.*}} : !pto.tensor_view<?x?xf32, nd>
func.func @typed_layout(%w: !pto.partition_tensor_view<16x8xf32, dn>, %p: !pto.ptr<f32>, %m: index, %n: index) -> !pto.tile<vec, 16x8xf32, blayout=col_major> {
  %c1 = arith.constant 1 : index
  %t = pto.tload %w : !pto.partition_tensor_view<16x8xf32, dn> -> !pto.tile<vec, 16x8xf32, blayout=col_major>
  %tv = pto.make_tensor_view %p, shape = [%m, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xf32, nd>
  return %t : !pto.tile<vec, 16x8xf32, blayout=col_major>
}
