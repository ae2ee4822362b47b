// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file | FileCheck %s --implicit-check-not='!pto.tile<'
// Results with `?` valid extents (docs/bufferization.md#dynamic-valid-extents):
// the buffer gets the extents the op determines, built from pto.valid_shape
// of its source's buffer; a function copies such a result into its
// out-parameter, the whole tile, and returns the `?` extents, rows first.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 16x32xi16, valid=?x32>, %[[B:.*]]: !pto.tile_buf<vec, 16x32xi16, valid=?x32>, %[[OUT:.*]]: !pto.tile_buf<vec, 16x32xi16>) -> index {
// CHECK-NEXT: %[[R:.*]], %{{.*}} = pto.valid_shape %[[A]] : !pto.tile_buf<vec, 16x32xi16, valid=?x32>
// CHECK-NEXT: %[[D:.*]] = pto.alloc_tile valid_row = %[[R]] : !pto.tile_buf<vec, 16x32xi16, valid=?x32>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[B]] : {{.*}}) outs(%[[D]] : !pto.tile_buf<vec, 16x32xi16, valid=?x32>)
// CHECK-NEXT: pto.treshape ins(%[[D]] : !pto.tile_buf<vec, 16x32xi16, valid=?x32>) outs(%[[OUT]] : !pto.tile_buf<vec, 16x32xi16>)
// CHECK-NEXT: %[[VR:.*]], %{{.*}} = pto.valid_shape %[[D]] : !pto.tile_buf<vec, 16x32xi16, valid=?x32>
// CHECK-NEXT: return %[[VR]] : index
func.func @rows(%a: !pto.tile<vec, 16x32xi16, valid=?x32>, %b: !pto.tile<vec, 16x32xi16, valid=?x32>) -> !pto.tile<vec, 16x32xi16, valid=?x32> {
  %0 = pto.tor %a, %b : (!pto.tile<vec, 16x32xi16, valid=?x32>, !pto.tile<vec, 16x32xi16, valid=?x32>) -> !pto.tile<vec, 16x32xi16, valid=?x32>
  return %0 : !pto.tile<vec, 16x32xi16, valid=?x32>
}

// -----

// A dynamic intermediate, then a static result written into its
// out-parameter (the run-time check compares the valid shapes).
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) {
// CHECK-NEXT: %[[R:.*]], %{{.*}} = pto.valid_shape %[[A]]
// CHECK-NEXT: %[[D:.*]] = pto.alloc_tile valid_row = %[[R]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[D]] : {{.*}})
// CHECK-NEXT: pto.tor ins(%[[D]], %[[D]] : {{.*}}) outs(%[[OUT]] : !pto.tile_buf<vec, 8x32xui8>)
// CHECK-NEXT: return
func.func @chain(%a: !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8> {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  %1 = pto.tor %0, %0 : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8>
  return %1 : !pto.tile<vec, 8x32xui8>
}

// -----

// One source: the source's rows and half its columns; both extents of
// both results are returned.
// CHECK-LABEL: func.func @halves(
// CHECK-SAME: %[[S:.*]]: !pto.tile_buf<vec, 8x64xf32, valid=?x?>, %[[O0:.*]]: !pto.tile_buf<vec, 8x32xf32>, %[[O1:.*]]: !pto.tile_buf<vec, 8x32xf32>) -> (index, index, index, index) {
// CHECK-NEXT: %[[R:.*]], %[[C:.*]] = pto.valid_shape %[[S]]
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[H:.*]] = arith.divui %[[C]], %[[TWO]] : index
// CHECK-NEXT: %[[D0:.*]] = pto.alloc_tile valid_row = %[[R]] valid_col = %[[H]] : !pto.tile_buf<vec, 8x32xf32, valid=?x?>
// CHECK: %[[D1:.*]] = pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 8x32xf32, valid=?x?>
// CHECK-NEXT: pto.tdeinterleave ins(%[[S]] : {{.*}}) outs(%[[D0]], %[[D1]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[D0]] : {{.*}}) outs(%[[O0]] : {{.*}})
// CHECK-NEXT: %[[R0:.*]], %[[C0:.*]] = pto.valid_shape %[[D0]]
// CHECK-NEXT: pto.treshape ins(%[[D1]] : {{.*}}) outs(%[[O1]] : {{.*}})
// CHECK-NEXT: %[[R1:.*]], %[[C1:.*]] = pto.valid_shape %[[D1]]
// CHECK-NEXT: return %[[R0]], %[[C0]], %[[R1]], %[[C1]] : index, index, index, index
func.func @halves(%s: !pto.tile<vec, 8x64xf32, valid=?x?>) -> (!pto.tile<vec, 8x32xf32, valid=?x?>, !pto.tile<vec, 8x32xf32, valid=?x?>) {
  %d0, %d1 = pto.tdeinterleave %s : !pto.tile<vec, 8x64xf32, valid=?x?> -> (!pto.tile<vec, 8x32xf32, valid=?x?>, !pto.tile<vec, 8x32xf32, valid=?x?>)
  return %d0, %d1 : !pto.tile<vec, 8x32xf32, valid=?x?>, !pto.tile<vec, 8x32xf32, valid=?x?>
}

// -----

// A call passes a whole-tile buffer and copies it into one with the
// extents the callee returns; a declaration gets the same signature.
// CHECK-LABEL: func.func @twice(
// CHECK-SAME: -> index {
// CHECK-LABEL: func.func private @declared(!pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) -> index
// CHECK-LABEL: func.func @calls(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) -> index {
// CHECK-NEXT: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: %[[N:.*]] = call @twice(%[[A]], %[[W]]) : (!pto.tile_buf<vec, 8x32xui8, valid=?x32>, !pto.tile_buf<vec, 8x32xui8>) -> index
// CHECK-NEXT: %[[V:.*]] = pto.alloc_tile valid_row = %[[N]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.treshape ins(%[[W]] : !pto.tile_buf<vec, 8x32xui8>) outs(%[[V]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>)
// CHECK-NEXT: %[[R:.*]], %{{.*}} = pto.valid_shape %[[V]]
// CHECK-NEXT: %[[D:.*]] = pto.alloc_tile valid_row = %[[R]]
// CHECK-NEXT: pto.tor ins(%[[V]], %[[V]] : {{.*}}) outs(%[[D]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[D]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: %[[DR:.*]], %{{.*}} = pto.valid_shape %[[D]]
// CHECK-NEXT: return %[[DR]] : index
func.func @twice(%a: !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  return %0 : !pto.tile<vec, 8x32xui8, valid=?x32>
}

func.func private @declared(!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8, valid=8x?>

func.func @calls(%a: !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  %0 = func.call @twice(%a) : (!pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  %1 = pto.tor %0, %0 : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  return %1 : !pto.tile<vec, 8x32xui8, valid=?x32>
}

// -----

// The record form: a record of 8 bytes per valid column, 4 f16 slots.
// CHECK-LABEL: func.func @records(
// CHECK-NEXT: %[[R:.*]], %[[C:.*]] = pto.valid_shape %arg0 : !pto.tile_buf<vec, 4x32xf16, valid=?x?>
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[W:.*]] = arith.muli %[[C]], %[[FOUR]] : index
// CHECK-NEXT: %{{.*}} = pto.alloc_tile valid_row = %[[R]] valid_col = %[[W]] : !pto.tile_buf<vec, 4x128xf16, valid=?x?>
func.func @records(%s: !pto.tile<vec, 4x32xf16, valid=?x?>, %i: !pto.tile<vec, 4x32xui32, valid=?x?>) -> !pto.tile<vec, 4x128xf16, valid=?x?> {
  %d = pto.tsort32 %s, %i : (!pto.tile<vec, 4x32xf16, valid=?x?>, !pto.tile<vec, 4x32xui32, valid=?x?>) -> !pto.tile<vec, 4x128xf16, valid=?x?>
  return %d : !pto.tile<vec, 4x128xf16, valid=?x?>
}

// -----

// A load is valid over its window: the sizes of its pto.partition_view.
// CHECK-LABEL: func.func @load(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[ROWS:.*]]: index, %[[COLS:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xf32>) -> (index, index) {
// CHECK: %[[W:.*]] = pto.partition_view
// CHECK-NEXT: %[[T:.*]] = pto.alloc_tile valid_row = %[[ROWS]] valid_col = %[[COLS]] : !pto.tile_buf<vec, 8x32xf32, valid=?x?>
// CHECK-NEXT: pto.tload ins(%[[W]] : !pto.partition_tensor_view<?x?xf32>) outs(%[[T]] : !pto.tile_buf<vec, 8x32xf32, valid=?x?>)
func.func @load(%x: !pto.ptr<f32>, %rows: index, %cols: index) -> !pto.tile<vec, 8x32xf32, valid=?x?> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %t = pto.make_tensor_view %x, shape = [%c8, %c32], strides = [%c32, %c1] : !pto.tensor_view<8x32xf32>
  %w = pto.partition_view %t, offsets = [%c0, %c0], sizes = [%rows, %cols] : !pto.tensor_view<8x32xf32> -> !pto.partition_tensor_view<?x?xf32>
  %v = pto.tload %w : !pto.partition_tensor_view<?x?xf32> -> !pto.tile<vec, 8x32xf32, valid=?x?>
  return %v : !pto.tile<vec, 8x32xf32, valid=?x?>
}

// -----

// A query of a Level 1 tile reads its buffer.
// CHECK-LABEL: func.func @query(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[B:.*]]: !pto.tile_buf<vec, 8x32xui8>, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) {
// CHECK-NEXT: %{{.*}}, %{{.*}} = pto.valid_shape %[[A]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.treshape ins(%[[B]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT: return
func.func @query(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %b: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %r, %c = pto.valid_shape %a : !pto.tile<vec, 8x32xui8, valid=?x32>
  return %b : !pto.tile<vec, 8x32xui8>
}

// -----

// A static valid shape is the out-parameter's own: only `?` extents make it
// the whole tile. (The result is zero outside its valid region, which the
// caller's buffer need not be: it is made in a new buffer, then copied.)
// CHECK-LABEL: func.func @partial(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 16x32xui8, valid=8x32>, %[[OUT:.*]]: !pto.tile_buf<vec, 16x32xui8, valid=8x32>) {
// CHECK-NEXT: %[[D:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xui8, valid=8x32>
// CHECK-NEXT: pto.tor ins(%[[A]], %[[A]] : {{.*}}) outs(%[[D]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[D]] : {{.*}}) outs(%[[OUT]] : !pto.tile_buf<vec, 16x32xui8, valid=8x32>)
// CHECK-NEXT: return
func.func @partial(%a: !pto.tile<vec, 16x32xui8, valid=8x32>) -> !pto.tile<vec, 16x32xui8, valid=8x32> {
  %0 = pto.tor %a, %a : (!pto.tile<vec, 16x32xui8, valid=8x32>, !pto.tile<vec, 16x32xui8, valid=8x32>) -> !pto.tile<vec, 16x32xui8, valid=8x32>
  return %0 : !pto.tile<vec, 16x32xui8, valid=8x32>
}

// -----

// A loop carries a tile with `?` extents as its bytes, in a whole-tile
// carrier, and its extents, as index iter_args after the others; the body
// and the code after the loop copy it into a buffer with the extents again.
// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[N:.*]]: index, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) -> index {
// CHECK: %[[CARRIER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[CARRIER]] : {{.*}})
// CHECK-NEXT: %[[R0:.*]], %{{.*}} = pto.valid_shape %[[A]]
// CHECK-NEXT: %[[ROWS:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[R:.*]] = %[[R0]]) -> (index) {
// CHECK-NEXT: %[[X:.*]] = pto.alloc_tile valid_row = %[[R]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.treshape ins(%[[CARRIER]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: %[[XR:.*]], %{{.*}} = pto.valid_shape %[[X]]
// CHECK-NEXT: %[[Y:.*]] = pto.alloc_tile valid_row = %[[XR]]
// CHECK-NEXT: pto.tor ins(%[[X]], %[[A]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK-NEXT: %[[YR:.*]], %{{.*}} = pto.valid_shape %[[Y]]
// CHECK-NEXT: pto.treshape ins(%[[Y]] : {{.*}}) outs(%[[CARRIER]] : {{.*}})
// CHECK-NEXT: scf.yield %[[YR]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[RES:.*]] = pto.alloc_tile valid_row = %[[ROWS]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.treshape ins(%[[CARRIER]] : {{.*}}) outs(%[[RES]] : {{.*}})
// CHECK-NEXT: pto.treshape ins(%[[RES]] : {{.*}}) outs(%[[OUT]] : {{.*}})
func.func @loop(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %n: index) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
    %y = pto.tor %x, %a : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
    scf.yield %y : !pto.tile<vec, 8x32xui8, valid=?x32>
  }
  return %r : !pto.tile<vec, 8x32xui8, valid=?x32>
}

// -----

// A branch yields the bytes into one carrier and the extents as results.
// CHECK-LABEL: func.func @branch(
// CHECK-SAME: %[[A:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[B:.*]]: !pto.tile_buf<vec, 8x32xui8, valid=?x32>, %[[P:.*]]: i1, %[[OUT:.*]]: !pto.tile_buf<vec, 8x32xui8>) -> index {
// CHECK-NEXT: %[[CARRIER:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xui8>
// CHECK-NEXT: %[[ROWS:.*]] = scf.if %[[P]] -> (index) {
// CHECK-NEXT: %[[AR:.*]], %{{.*}} = pto.valid_shape %[[A]]
// CHECK-NEXT: pto.treshape ins(%[[A]] : {{.*}}) outs(%[[CARRIER]] : {{.*}})
// CHECK-NEXT: scf.yield %[[AR]] : index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[BR:.*]], %{{.*}} = pto.valid_shape %[[B]]
// CHECK-NEXT: pto.treshape ins(%[[B]] : {{.*}}) outs(%[[CARRIER]] : {{.*}})
// CHECK-NEXT: scf.yield %[[BR]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[RES:.*]] = pto.alloc_tile valid_row = %[[ROWS]] : !pto.tile_buf<vec, 8x32xui8, valid=?x32>
// CHECK-NEXT: pto.treshape ins(%[[CARRIER]] : {{.*}}) outs(%[[RES]] : {{.*}})
func.func @branch(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %b: !pto.tile<vec, 8x32xui8, valid=?x32>, %p: i1) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  %r = scf.if %p -> !pto.tile<vec, 8x32xui8, valid=?x32> {
    scf.yield %a : !pto.tile<vec, 8x32xui8, valid=?x32>
  } else {
    scf.yield %b : !pto.tile<vec, 8x32xui8, valid=?x32>
  }
  return %r : !pto.tile<vec, 8x32xui8, valid=?x32>
}
