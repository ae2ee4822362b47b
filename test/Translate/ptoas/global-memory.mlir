// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s
// A kernel taking global memory, as PTOAS's own kernels do: pointers,
// tensor views, windows, tload into alloc_tile buffers, tstore back.
// CHECK-LABEL: module attributes {pto.target_arch = "a5"} {
// CHECK-NEXT: func.func @or_rows(%arg0: !pto.ptr<i16>, %arg1: !pto.ptr<i16>, %arg2: index) {
// CHECK-NEXT: %0 = arith.constant 0 : index
// CHECK-NEXT: %1 = arith.constant 1 : index
// CHECK-NEXT: %2 = arith.constant 16 : index
// CHECK-NEXT: %3 = arith.constant 32 : index
// CHECK-NEXT: %4 = pto.make_tensor_view %arg0, shape = [%3, %3], strides = [%3, %1] {layout = #pto.layout<nd>} : !pto.tensor_view<32x32xi16>
// CHECK-NEXT: %5 = pto.make_tensor_view %arg1, shape = [%3, %3], strides = [%3, %1] {layout = #pto.layout<nd>} : !pto.tensor_view<32x32xi16>
// CHECK-NEXT: %6 = pto.partition_view %4, offsets = [%arg2, %0], sizes = [%2, %3] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
// CHECK-NEXT: %7 = pto.partition_view %5, offsets = [%arg2, %0], sizes = [%2, %3] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
// CHECK-NEXT: %8 = pto.alloc_tile : [[T:.*]]
// CHECK-NEXT: pto.tload ins(%6 : !pto.partition_tensor_view<16x32xi16>) outs(%8 : [[T]])
// CHECK-NEXT: pto.tor ins(%8, %8 : [[T]], [[T]]) outs(%8 : [[T]])
// CHECK-NEXT: pto.tstore ins(%8 : [[T]]) outs(%7 : !pto.partition_tensor_view<16x32xi16>)
// CHECK-NEXT: return
func.func @or_rows(%a: !pto.ptr<i16>, %out: !pto.ptr<i16>, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %va = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<32x32xi16>
  %vo = pto.make_tensor_view %out, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<32x32xi16>
  %pa = pto.partition_view %va, offsets = [%row, %c0], sizes = [%c16, %c32] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %po = pto.partition_view %vo, offsets = [%row, %c0], sizes = [%c16, %c32] : !pto.tensor_view<32x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tload ins(%pa : !pto.partition_tensor_view<16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x32xi16>) outs(%po : !pto.partition_tensor_view<16x32xi16>)
  return
}

// -----

// A view that names no layout is written with the one pto-mlir moves its
// windows in, the tiles' (DN for a col_major tile): ptoas would otherwise
// infer one from the strides, ND for this 3-D window (its inference reads
// only the last two dimensions).
// CHECK-LABEL: func.func @dn_window_3d(%arg0: !pto.ptr<f32>, %arg1: index) {
// CHECK: pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}, %{{.*}}], strides = [%arg1, %{{.*}}, %{{.*}}] {layout = #pto.layout<dn>} : !pto.tensor_view<2x16x8xf32>
func.func @dn_window_3d(%p: !pto.ptr<f32>, %plane: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c2, %c16, %c8], strides = [%plane, %c1, %c16] : !pto.tensor_view<2x16x8xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %c8] : !pto.tensor_view<2x16x8xf32> -> !pto.partition_tensor_view<2x16x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>
  pto.tload ins(%w : !pto.partition_tensor_view<2x16x8xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>)
  return
}

// -----

// A view no tile moves is written ND.
// CHECK-LABEL: func.func @unused_view(%arg0: !pto.ptr<i8>) {
// CHECK: pto.make_tensor_view %arg0, shape = [%{{.*}}], strides = [%{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<64xi8>
func.func @unused_view(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64], strides = [%c1] : !pto.tensor_view<64xi8>
  return
}

// -----

// A pointer to f8E4M3FN is written with PTOAS's element spelling, f8E4M3,
// as its tiles are (ptoas reads f8E4M3FN as another type).
// CHECK-LABEL: func.func @f8_pointer(%arg0: !pto.ptr<f8E4M3>) {
func.func @f8_pointer(%p: !pto.ptr<f8E4M3FN>) {
  return
}

// -----

// PTOAS's fixpipe controls are written as its attributes.
// CHECK-LABEL: func.func @atomic_store
// CHECK: pto.tstore ins(%{{.*}} : [[T:.*]]) outs(%{{.*}} : !pto.partition_tensor_view<16x32xi16>) {atomicType = #pto<atomic_type atomic_add>, stPhase = #pto<st_phase final>}
func.func @atomic_store(%a: !pto.ptr<i16>, %out: !pto.ptr<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %va = pto.make_tensor_view %a, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xi16>
  %vo = pto.make_tensor_view %out, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<16x32xi16>
  %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<16x32xi16> -> !pto.partition_tensor_view<16x32xi16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tload ins(%pa : !pto.partition_tensor_view<16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x32xi16>) outs(%po : !pto.partition_tensor_view<16x32xi16>) {stPhase = #pto<st_phase final>, atomicType = #pto<atomic_type atomic_add>}
  return
}
