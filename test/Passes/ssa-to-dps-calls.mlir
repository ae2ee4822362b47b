// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file | FileCheck %s --implicit-check-not='!pto.tile<'

// A call between Level 1 kernels: the callee's tile results become
// out-parameters after its arguments (a declaration's too), and each call
// passes a buffer for each result after its operands. A result going to
// the caller's out-parameter is written there; another gets a new buffer.
// The callee only reads its arguments, so an operand's buffer is never a
// result's, even when the operand is dead after the call.
// CHECK-LABEL: func.func private @helper(!pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>)
// CHECK-LABEL: func.func @inner(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[B:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xui8>) {
// CHECK-NEXT: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: return
// CHECK-LABEL: func.func @calls(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) {
// CHECK-NEXT: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: call @helper(%[[A]], %[[R]]) : (!pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) -> ()
// CHECK-NEXT: %[[S:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: call @inner(%[[R]], %[[A]], %[[S]], %[[T]]) : (!pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) -> ()
// CHECK-NEXT: %[[V:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: call @inner(%[[S]], %[[T]], %[[OUT]], %[[V]]) : (!pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) -> ()
// CHECK-NEXT: return
func.func private @helper(!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>

func.func @inner(%a: !pto.tile<vec, 8x32xui8>, %b: !pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) {
  %x = pto.tor %a, %b : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  return %x, %a : !pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>
}

func.func @calls(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %r = func.call @helper(%a) : (!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  %s, %t = func.call @inner(%r, %a) : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>)
  %u, %v = func.call @inner(%s, %t) : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>)
  return %u : !pto.tile<vec, 8x32xui8>
}

// -----

// A call result returned straight away is written into the caller's
// out-parameter; non-tile operands pass as they are; a call of no tiles
// stays.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %{{.*}}: !pto.tile_buf<vec, 8x32xi16>, %{{.*}}: index, %{{.*}}: !pto.tile_buf<vec, 8x32xi16>)
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK-NEXT: call @callee(%[[A]], %[[N]], %[[OUT]]) : (!pto.tile_buf<vec, 8x32xi16>, index, !pto.tile_buf<vec, 8x32xi16>) -> ()
// CHECK-NEXT: %[[C:.*]] = call @count(%[[N]]) : (index) -> index
// CHECK-NEXT: return
func.func @callee(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %x = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %x : !pto.tile<vec, 8x32xi16>
}

func.func private @count(index) -> index

func.func @mixed(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %r = func.call @callee(%a, %n) : (!pto.tile<vec, 8x32xi16>, index) -> !pto.tile<vec, 8x32xi16>
  %c = func.call @count(%n) : (index) -> index
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// In a loop, the yielded call result is going to the carrier the call reads
// (the iter_arg's buffer): it gets a buffer of its own, copied into the
// carrier at the yield.
// CHECK-LABEL: func.func @step(
// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xi16>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xi16>) {
// CHECK: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[Y:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
// CHECK-NEXT: func.call @step(%[[OUT]], %[[Y]]) : (!pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) -> ()
// CHECK-NEXT: pto.treshape ins(%[[Y]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @step(%a: !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16> {
  %x = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %x : !pto.tile<vec, 8x32xi16>
}

func.func @loop(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> !pto.tile<vec, 8x32xi16> {
    %y = func.call @step(%x) : (!pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %y : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}
