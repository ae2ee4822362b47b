// RUN: pto-translate --export-pto-asm --split-input-file --verify-diagnostics %s
// Global memory PTO-AS cannot write: it writes a window %tensor[%row, %col]
// of a C-ordered tensor argument the size of the tile's valid shape
// (docs/pto-as.md "Global memory"); anything else is refused at the op.

func.func @dynamic_tensor(%p: !pto.ptr<f32>, %n: index) -> !pto.tile<vec, 16x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%n, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tload' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its tensor has static extents (the kernel's array is the C-ordered tensor of that shape), got !pto.tensor_view<?x32xf32>}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
  return %t : !pto.tile<vec, 16x32xf32>
}

// -----

func.func @column_major_strides(%p: !pto.ptr<f32>) -> !pto.tile<vec, 16x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c1, %c16] : !pto.tensor_view<16x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tload' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its tensor is not the C-ordered tensor of its type (constant extents, row-major strides, no layout)}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
  return %t : !pto.tile<vec, 16x32xf32>
}

// -----

func.func @with_layout(%p: !pto.ptr<f32>, %t: !pto.tile<vec, 16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<16x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tstore' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its tensor is not the C-ordered tensor of its type (constant extents, row-major strides, no layout)}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}

// -----

func.func @three_dimensions(%p: !pto.ptr<f32>) -> !pto.tile<vec, 16x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %p, shape = [%c2, %c8, %c32], strides = [%c256, %c32, %c1] : !pto.tensor_view<2x8x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0, %c0], sizes = [%c2, %c8, %c32] : !pto.tensor_view<2x8x32xf32> -> !pto.partition_tensor_view<2x8x32xf32>
  // expected-error @+1 {{'pto.tload' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its tensor has rank 2 (the window [%row, %col] indexes its rows and columns), got !pto.tensor_view<2x8x32xf32>}}
  %t = pto.tload %w : !pto.partition_tensor_view<2x8x32xf32> -> !pto.tile<vec, 16x32xf32>
  return %t : !pto.tile<vec, 16x32xf32>
}

// -----

func.func @pointer_viewed_twice(%p: !pto.ptr<f32>) -> !pto.tile<vec, 16x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf32>
  %b = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf32>
  %w = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tload' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its pointer, argument #0, is used by another op too (the window form views each pointer once)}}
  %t = pto.tload %w : !pto.partition_tensor_view<16x32xf32> -> !pto.tile<vec, 16x32xf32>
  %u = pto.partition_view %b, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  pto.tstore %t, %u : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return %t : !pto.tile<vec, 16x32xf32>
}

// -----

func.func @unused_tensor(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.make_tensor_view' has no PTO-AS form but in the window forms of tload and tstore: no tload or tstore uses its result}}
  %a = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf32>
  return
}

// -----

func.func @window_argument(%t: !pto.tile<vec, 16x32xf32>, %w: !pto.partition_tensor_view<16x32xf32>) {
  // expected-error @+1 {{'pto.tstore' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its window is not made by pto.partition_view}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}

// -----

func.func @dynamic_valid_shape(%p: !pto.ptr<f32>, %t: !pto.tile<vec, 16x32xf32, valid=?x32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tstore' has no PTO-AS form: PTO-AS writes global memory as a window %tensor[%row, %col] of a C-ordered !pto.tensor_view argument the size of the tile's valid shape, but its tile has a static valid shape (the window's extents), got !pto.tile<vec, 16x32xf32, valid=?x32>}}
  pto.tstore %t, %w : (!pto.tile<vec, 16x32xf32, valid=?x32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}

// -----

func.func @fixpipe_mode(%p: !pto.ptr<f32>, %t: !pto.tile<vec, 16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xf32>
  %w = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xf32> -> !pto.partition_tensor_view<16x32xf32>
  // expected-error @+1 {{'pto.tstore' with stPhase, atomicType or reluPreMode has no PTO-AS form (the TSTORE page's statement takes no mode)}}
  pto.tstore %t, %w {atomicType = #pto<atomic_type atomic_add>} : (!pto.tile<vec, 16x32xf32>, !pto.partition_tensor_view<16x32xf32>) -> ()
  return
}
