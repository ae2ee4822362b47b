// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// tfillpad's lowering: nothing when a dst valid extent is 0; else dst's
// pad over its whole tile, then src's valid region (a copy of src first
// when src is dst's buffer, the in-place form).

// CHECK-LABEL: func.func private @tfillpad_op(
// CHECK: scf.if
// CHECK-NEXT: } else {
// CHECK: arith.constant 0x7F800000 : f32
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK: scf.for {{.*}} to %arg1
// CHECK: scf.for {{.*}} to %arg2
// CHECK: memref.load
// CHECK: memref.store
func.func @fill(%src: !pto.tile_buf<vec, 16x16xf32, valid=?x?>, %dst: !pto.tile_buf<vec, 16x16xf32, pad=max>) {
  pto.tfillpad ins(%src : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%dst : !pto.tile_buf<vec, 16x16xf32, pad=max>)
  return
}

// CHECK-LABEL: func.func private @tfillpad_inplace_op(
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK: arith.constant -32768 : i16
// CHECK: memref.dealloc
func.func @inplace(%t: !pto.tile_buf<vec, 16x16xi16, valid=?x?, pad=min>) {
  pto.tfillpad_inplace ins(%t : !pto.tile_buf<vec, 16x16xi16, valid=?x?, pad=min>) outs(%t : !pto.tile_buf<vec, 16x16xi16, valid=?x?, pad=min>)
  return
}
