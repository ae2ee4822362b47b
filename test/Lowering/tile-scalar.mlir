// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// The tile-scalar family's lowering: the binary family's loops with the
// scalar operand the same for every element; tdivs checks its divisor
// first (scalar_division_by_zero, division_by_zero); texpands stores the
// scalar.

// The run-time checks: tdivs's scalar divisor.
// CHECK: module attributes {pto_host.errors = [{kind = "scalar_division_by_zero", op = "'pto.tdivs' op at {{.*}}tile-scalar.mlir:{{[0-9]+}}:3", text = {operand = "src1"}, unsigned = []}]} {

// CHECK-LABEL: func.func private @tadds_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: f32
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[X:.*]] = memref.load
// CHECK-NEXT: %[[O:.*]] = arith.addf %[[X]], %[[S]] : f32
// CHECK-NEXT: memref.store %[[O]]
func.func @tadds(%src: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tadds ins(%src, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// CHECK-LABEL: func.func private @tdivs_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: f32
// CHECK: %[[NZ:.*]] = arith.cmpf une, %[[S]], %{{.*}} : f32
// CHECK: scf.if %[[NZ]] {
// CHECK: %[[X:.*]] = memref.load
// CHECK-NEXT: %[[O:.*]] = arith.divf %[[X]], %[[S]] : f32
func.func @tdivs(%src: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %dst: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tdivs ins(%src, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// CHECK-LABEL: func.func private @texpands_op(
// CHECK-SAME: %[[S:arg[0-9]+]]: i16
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store %[[S]]
func.func @texpands(%s: i16, %dst: !pto.tile_buf<vec, 16x16xi16>) {
  pto.texpands ins(%s : i16) outs(%dst : !pto.tile_buf<vec, 16x16xi16>)
  return
}
