// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// tsel and tsels select bf16 elements as their bits (selectElement): a
// select of bf16 values is one LLVM promotes to f32 and truncates back with
// a call of __truncsfbf2 on a CPU without AVX512-BF16, which the JIT's
// process does not define.

// CHECK-LABEL: func.func private @tsel_op(
// CHECK-NOT: arith.select {{.*}} : bf16
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i16
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[S]] : i16 to bf16
// CHECK-NEXT: memref.store %[[R]]
// CHECK-NOT: arith.select {{.*}} : bf16
func.func @tsel(%m: !pto.tile_buf<vec, 4x32xui8, valid=4x8>, %a: !pto.tile_buf<vec, 4x64xbf16>, %b: !pto.tile_buf<vec, 4x64xbf16>, %t: !pto.tile_buf<vec, 1x16xui32>, %d: !pto.tile_buf<vec, 4x64xbf16>) {
  pto.tsel ins(%m, %a, %b, %t : !pto.tile_buf<vec, 4x32xui8, valid=4x8>, !pto.tile_buf<vec, 4x64xbf16>, !pto.tile_buf<vec, 4x64xbf16>, !pto.tile_buf<vec, 1x16xui32>) outs(%d : !pto.tile_buf<vec, 4x64xbf16>)
  return
}

// CHECK-LABEL: func.func private @tsels_op(
// CHECK-NOT: arith.select {{.*}} : bf16
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i16
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[S]] : i16 to bf16
// CHECK-NEXT: memref.store %[[R]]
// CHECK-NOT: arith.select {{.*}} : bf16
func.func @tsels(%m: !pto.tile_buf<vec, 4x32xui8>, %a: !pto.tile_buf<vec, 4x64xbf16>, %t: !pto.tile_buf<vec, 4x64xbf16>, %x: bf16, %d: !pto.tile_buf<vec, 4x64xbf16>) {
  pto.tsels ins(%m, %a, %t, %x : !pto.tile_buf<vec, 4x32xui8>, !pto.tile_buf<vec, 4x64xbf16>, !pto.tile_buf<vec, 4x64xbf16>, bf16) outs(%d : !pto.tile_buf<vec, 4x64xbf16>)
  return
}
