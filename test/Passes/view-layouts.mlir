// RUN: pto-opt %s --pto-view-layouts --split-input-file | FileCheck %s

// PTOAS writes a tensor's layout as an attribute of pto.make_tensor_view and
// none in the view types; pto-view-layouts moves it into the tensor's type
// and the types of the windows cut from it, where every reader finds it.

// CHECK-LABEL: func.func @columns
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<16x8xf32, dn>
// CHECK-NOT: layout =
// CHECK: pto.partition_view %{{.*}} : !pto.tensor_view<16x8xf32, dn> -> !pto.partition_tensor_view<16x8xf32, dn>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x8xf32, dn>) outs(%{{.*}} : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
func.func @columns(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c8], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<16x8xf32>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c8] : !pto.tensor_view<16x8xf32> -> !pto.partition_tensor_view<16x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x8xf32>) outs(%t : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
  return
}

// -----

// A typed view keeps its type; the attribute naming the same layout goes.
// CHECK-LABEL: func.func @typed
// CHECK: pto.make_tensor_view %{{.*}} : !pto.tensor_view<16x16xf32, nd>
// CHECK-NOT: layout =
func.func @typed(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<16x16xf32, nd>
  return
}

// The views loops and scf.if carry take the layout too; ptoas a56b18c3
// converts no such view written alone, so the kernels that show it are
// test/pytest/runtime/test_view_layouts_runtime.py (a loop) and PTOAS's own
// Qwen3 RoPE samples (scf.if), test/pytest/ptoas/test_ptoas_samples.py.
