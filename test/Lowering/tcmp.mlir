// RUN: pto-opt --pto-to-std %s | FileCheck %s --implicit-check-not=pto.
// tcmp ors each compare into its word of the cleared mask; tcmps's eq and
// ne compare the difference of the doubles with 1e-9 (TCmps.hpp:22-49).

// CHECK-LABEL: func.func private @tcmp_op(
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK: arith.shli
// CHECK: arith.ori
func.func @tcmp(%a: !pto.tile_buf<vec, 4x32xf32>, %b: !pto.tile_buf<vec, 4x32xf32>, %d: !pto.tile_buf<vec, 4x8xui32, valid=4x1>) {
  pto.tcmp ins(%a, %b {cmpMode = #pto<cmp lt>} : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 4x32xf32>) outs(%d : !pto.tile_buf<vec, 4x8xui32, valid=4x1>)
  return
}

// CHECK-LABEL: func.func private @tcmps_op(
// CHECK: arith.extf %{{.*}} : f16 to f64
// CHECK: arith.subf %{{.*}}, %{{.*}} : f64
// CHECK: arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f64
// CHECK: arith.ori
// CHECK: arith.cmpf uno, %{{.*}}, %{{.*}} : f64
func.func @tcmps(%a: !pto.tile_buf<vec, 4x32xf16>, %x: f16, %d: !pto.tile_buf<vec, 4x32xui8>) {
  pto.tcmps ins(%a, %x {cmpMode = #pto<cmp ne>} : !pto.tile_buf<vec, 4x32xf16>, f16) outs(%d : !pto.tile_buf<vec, 4x32xui8>)
  return
}
