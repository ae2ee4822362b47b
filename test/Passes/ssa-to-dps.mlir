// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file | FileCheck %s --implicit-check-not='!pto.tile<'

// A chain: a value read later keeps its buffer; a dead one is overwritten in
// place; the returned value is written straight into the out-parameter.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 16x32xi16>, %[[B:.*]]: !pto.tile_buf<vec, 16x32xi16>, %[[C:.*]]: !pto.tile_buf<vec, 16x32xi16>, %[[OUT:.*]]: !pto.tile_buf<vec, 16x32xi16>) {
// CHECK-NEXT: %[[AB:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[AB]] : {{.*}})
// CHECK-NEXT: %[[ABC:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CHECK-NEXT: pto.tor ins(%[[AB]], %[[C]] : {{.*}}) outs(%[[ABC]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[ABC]], %[[ABC]] : {{.*}}) outs(%[[ABC]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[ABC]], %[[AB]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @chain(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>, %c: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %ab = pto.tor %a, %b : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  %abc = pto.tor %ab, %c : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  %x = pto.tor %abc, %abc : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  %y = pto.tor %x, %ab : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %y : !pto.tile<vec, 16x32xi16>
}

// -----

// Arguments are the caller's inputs: never written, even when dead.
// Two results become two out-parameters, in result order.
// CHECK-LABEL: func.func @two_results(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xui8>) {
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[O0]], %[[A]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: return
func.func @two_results(%a: !pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  %1 = pto.tor %0, %a : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  return %0, %1 : !pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>
}

// -----

// Level 2 kernels are left as they are.
// CHECK-LABEL: func.func @already_level2(
// CHECK-NEXT: pto.tor ins
func.func @already_level2(%a: !pto.tile_buf<vec, 8x32xui8>, %d: !pto.tile_buf<vec, 8x32xui8>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) outs(%d : !pto.tile_buf<vec, 8x32xui8>)
  return
}

// -----

// tinterleave is not elementwise: reading and writing one buffer would
// clobber sources it still needs, so a dead source's buffer is not reused.
// CHECK-LABEL: func.func @not_elementwise(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.tinterleave ins(%[[T]], %[[A]] : {{.*}}) outs(%[[O0]], %[[O1]] : {{.*}})
func.func @not_elementwise(%a: !pto.tile<vec, 8x32xi16>) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
  %t = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  %d0, %d1 = pto.tinterleave %t, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>)
  return %d0, %d1 : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
}

// -----

// A result valid on part of its tile is zero elsewhere at Level 1; a dead
// operand's buffer holds other bytes there, so it gets a new (zeroed) buffer.
// CHECK-LABEL: func.func @partly_valid(
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16, valid=4x32>
// CHECK-NEXT: pto.tor ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[U:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16, valid=4x32>
// CHECK-NEXT: pto.tor ins(%[[T]], %[[T]] : {{.*}}) outs(%[[U]] : {{.*}})
func.func @partly_valid(%a: !pto.tile<vec, 8x32xi16, valid=4x32>) -> !pto.tile<vec, 8x32xi16, valid=4x32> {
  %t = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16, valid=4x32>, !pto.tile<vec, 8x32xi16, valid=4x32>) -> !pto.tile<vec, 8x32xi16, valid=4x32>
  %u = pto.tor %t, %t : (!pto.tile<vec, 8x32xi16, valid=4x32>, !pto.tile<vec, 8x32xi16, valid=4x32>) -> !pto.tile<vec, 8x32xi16, valid=4x32>
  %r = pto.tor %u, %a : (!pto.tile<vec, 8x32xi16, valid=4x32>, !pto.tile<vec, 8x32xi16, valid=4x32>) -> !pto.tile<vec, 8x32xi16, valid=4x32>
  return %r : !pto.tile<vec, 8x32xi16, valid=4x32>
}

// -----

// A buffer view (pto.treshape of a !pto.tile_buf) is Level 2 already and
// stays as it is beside the Level 1 ops the pass converts.
// CHECK-LABEL: func.func @buffer_view_beside_tiles(
// CHECK-SAME: %[[B:.*]]: !pto.tile_buf<vec, 16x16xi32>, %[[T:.*]]: !pto.tile_buf<vec, 16x16xi32>, %[[O:.*]]: !pto.tile_buf<vec, 8x32xi32>, %[[R:.*]]: !pto.tile_buf<vec, 8x32xi32>) {
// CHECK-NEXT: %[[V:.*]] = pto.treshape %[[B]] : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
// CHECK-NEXT: pto.tor ins(%[[V]], %[[V]] : {{.*}}) outs(%[[O]] : {{.*}})
// CHECK-NEXT: %[[W:.*]] = pto.treshape %[[T]] : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
// CHECK-NEXT: pto.treshape ins(%[[W]] : {{.*}}) outs(%[[R]] : {{.*}})
// CHECK-NEXT: return
func.func @buffer_view_beside_tiles(%b: !pto.tile_buf<vec, 16x16xi32>, %t: !pto.tile<vec, 16x16xi32>, %o: !pto.tile_buf<vec, 8x32xi32>) -> !pto.tile<vec, 8x32xi32> {
  %v = pto.treshape %b : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  pto.tor ins(%v, %v : !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xi32>) outs(%o : !pto.tile_buf<vec, 8x32xi32>)
  %w = pto.treshape %t : !pto.tile<vec, 16x16xi32> -> !pto.tile<vec, 8x32xi32>
  return %w : !pto.tile<vec, 8x32xi32>
}

// -----

// Attributes of the Level 1 ops (discardable ones) stay on their Level 2
// ops and views; the operand segments are the converted op's own.
// CHECK-LABEL: func.func @attributes_kept(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 1x32xi16>, %[[OUT:.*]]: !pto.tile_buf<vec, 2x16xi16>) {
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 1x32xi16>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%[[T]] : !pto.tile_buf<vec, 1x32xi16>) {note = "kept"}
// CHECK-NEXT: %[[V:.*]] = pto.treshape %[[T]] {note = 1 : i32} : !pto.tile_buf<vec, 1x32xi16> -> !pto.tile_buf<vec, 2x16xi16>
// CHECK-NEXT: pto.treshape ins(%[[V]] : !pto.tile_buf<vec, 2x16xi16>) outs(%[[OUT]] : !pto.tile_buf<vec, 2x16xi16>)
// CHECK-NEXT: return
func.func @attributes_kept(%a: !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 2x16xi16> {
  %t = pto.tor %a, %a {note = "kept"} : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
  %v = pto.treshape %t {note = 1 : i32} : !pto.tile<vec, 1x32xi16> -> !pto.tile<vec, 2x16xi16>
  return %v : !pto.tile<vec, 2x16xi16>
}
