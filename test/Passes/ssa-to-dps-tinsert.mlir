// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file | FileCheck %s --implicit-check-not='!pto.tile<'

// `into` an argument: arguments are never written, so the result starts as
// a copy of it; the second insert goes into the first one's buffer in place
// (its value is dead after it); the result is then copied out.
// CHECK-LABEL: func.func @into_argument(
// CHECK-SAME: %[[S:.*]]: !pto.tile_buf<vec, 16x32xf16>, %[[D:.*]]: !pto.tile_buf<vec, 32x64xf16>, %[[OUT:.*]]: !pto.tile_buf<vec, 32x64xf16>) {
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x64xf16>
// CHECK-NEXT: pto.treshape ins(%[[D]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.tinsert ins(%[[S]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.tinsert ins(%[[S]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[T]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @into_argument(%src: !pto.tile<vec, 16x32xf16>, %dst: !pto.tile<vec, 32x64xf16>) -> !pto.tile<vec, 32x64xf16> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %r = pto.tinsert %src, %c16, %c0 into %dst : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  %s = pto.tinsert %src, %c0, %c32 into %r : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  return %s : !pto.tile<vec, 32x64xf16>
}

// -----

// Without `into` the Level 1 result is zero outside the window: it goes to
// a new (zero-filled) buffer, then whole into the out-parameter, which
// holds the caller's bytes. `into` a value still read later: a copy.
// CHECK-LABEL: func.func @fresh_and_live(
// CHECK-SAME: %[[S:.*]]: !pto.tile_buf<vec, 16x32xf16>, %[[O0:.*]]: !pto.tile_buf<vec, 32x64xf16>, %[[O1:.*]]: !pto.tile_buf<vec, 32x64xf16>) {
// CHECK: %[[Z:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x64xf16>
// CHECK-NEXT: pto.tinsert ins(%[[S]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[Z]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[Z]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: pto.tinsert ins(%[[S]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[Z]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: return
func.func @fresh_and_live(%src: !pto.tile<vec, 16x32xf16>) -> (!pto.tile<vec, 32x64xf16>, !pto.tile<vec, 32x64xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = pto.tinsert %src, %c16, %c0 : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  %s = pto.tinsert %src, %c0, %c0 into %r : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  return %r, %s : !pto.tile<vec, 32x64xf16>, !pto.tile<vec, 32x64xf16>
}
