// RUN: pto-translate --export-pto-asm %s | FileCheck %s
// RUN: pto-translate --export-pto-asm %s | pto-translate --import-pto-asm | pto-translate --export-pto-asm | FileCheck %s
// A PTOAS-style kernel (pointers, make_tensor_view, partition_view, tload,
// tstore; the views made up front, constants shared) exports in the window
// forms; what it imports to exports the same.

func.func @add_rows(%x: !pto.ptr<f16>, %r: index, %out: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tx = pto.make_tensor_view %x, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<64x32xf16>
  %to = pto.make_tensor_view %out, shape = [%c64, %c32], strides = [%c32, %c1] : !pto.tensor_view<64x32xf16>
  %wx = pto.partition_view %tx, offsets = [%r, %c0], sizes = [%c8, %c32] : !pto.tensor_view<64x32xf16> -> !pto.partition_tensor_view<8x32xf16>
  %t = pto.tload %wx : !pto.partition_tensor_view<8x32xf16> -> !pto.tile<vec, 8x32xf16>
  %wo = pto.partition_view %to, offsets = [%c0, %c0], sizes = [%c8, %c32] : !pto.tensor_view<64x32xf16> -> !pto.partition_tensor_view<8x32xf16>
  pto.tstore %t, %wo : (!pto.tile<vec, 8x32xf16>, !pto.partition_tensor_view<8x32xf16>) -> ()
  return
}

// CHECK: %0 = tload %arg0[%arg1, 0] : !pto.tensor_view<64x32xf16> -> !pto.tile<vec, 8x32xf16>
// CHECK-NEXT: tstore %0, %arg2[0, 0] : !pto.tile<vec, 8x32xf16> -> !pto.tensor_view<64x32xf16>
// CHECK-NOT: {{.}}
