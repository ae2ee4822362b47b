// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// tcvt's lowering: a float -> integer conversion scans the source for a
// value its C++ cast leaves undefined (conversion_undefined) before the
// loops convert in double, rounded by the mode; a float -> float one is
// one cast per element.

// CHECK: module attributes {pto_host.errors = [{kind = "conversion_undefined", op = "'pto.tcvt' op at {{.*}}tcvt.mlir:{{[0-9]+}}:3", text = {tile = "src"}, unsigned = []}]} {

// CHECK-LABEL: func.func private @tcvt_op(
// CHECK: scf.for
// CHECK: math.floor
// CHECK: scf.if
// CHECK: scf.for
// CHECK: arith.extf {{.*}} : f32 to f64
// CHECK: math.floor
// CHECK: math.trunc
// CHECK: arith.fptosi {{.*}} : f64 to i64
// CHECK: arith.trunci {{.*}} : i64 to i32
// CHECK: memref.store
func.func @floor(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tcvt ins(%src {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// CHECK-LABEL: func.func private @tcvt_op_0(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: memref.store
func.func @narrow(%src: !pto.tile_buf<vec, 16x16xf32>, %dst: !pto.tile_buf<vec, 16x16xf16>) {
  pto.tcvt ins(%src : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.tile_buf<vec, 16x16xf16>)
  return
}
