// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tcmp and pto.tcmps in PTOAS's spelling (include/PTO/IR/PTOOps.td:2715,
// :2750) at both levels: cmpMode inside `ins(...)` as PTOAS writes it, eq
// when not given.

// CHECK-LABEL: func.func @level1
// CHECK: pto.tcmp %arg0, %arg0 {cmpMode = #pto<cmp lt>} : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x32xui8, valid=4x4>
// CHECK: pto.tcmp %arg0, %arg0 {cmpMode = #pto<cmp eq>} : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x8xui32, valid=4x1>
// CHECK: pto.tcmps %arg0, %arg1 {cmpMode = #pto<cmp ge>} : (!pto.tile<vec, 4x32xf32>, f32) -> !pto.tile<vec, 4x32xui8, valid=4x4>
func.func @level1(%a: !pto.tile<vec, 4x32xf32>, %x: f32)
    -> (!pto.tile<vec, 4x32xui8, valid=4x4>, !pto.tile<vec, 4x8xui32, valid=4x1>, !pto.tile<vec, 4x32xui8, valid=4x4>) {
  %m = pto.tcmp %a, %a {cmpMode = #pto<cmp lt>} : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x32xui8, valid=4x4>
  %w = pto.tcmp %a, %a : (!pto.tile<vec, 4x32xf32>, !pto.tile<vec, 4x32xf32>) -> !pto.tile<vec, 4x8xui32, valid=4x1>
  %s = pto.tcmps %a, %x {cmpMode = #pto<cmp ge>} : (!pto.tile<vec, 4x32xf32>, f32) -> !pto.tile<vec, 4x32xui8, valid=4x4>
  return %m, %w, %s : !pto.tile<vec, 4x32xui8, valid=4x4>, !pto.tile<vec, 4x8xui32, valid=4x1>, !pto.tile<vec, 4x32xui8, valid=4x4>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tcmp ins(%arg0, %arg0 : !pto.tile_buf<vec, 4x32xf16>, !pto.tile_buf<vec, 4x32xf16>) outs(%arg1 : !pto.tile_buf<vec, 4x32xui8>) {cmpMode = #pto<cmp ne>}
// CHECK: pto.tcmps ins(%arg0, %arg2 : !pto.tile_buf<vec, 4x32xf16>, f16) outs(%arg1 : !pto.tile_buf<vec, 4x32xui8>) {cmpMode = #pto<cmp eq>}
func.func @level2(%a: !pto.tile_buf<vec, 4x32xf16>, %m: !pto.tile_buf<vec, 4x32xui8>, %x: f16) {
  pto.tcmp ins(%a, %a {cmpMode = #pto<cmp ne>} : !pto.tile_buf<vec, 4x32xf16>, !pto.tile_buf<vec, 4x32xf16>) outs(%m : !pto.tile_buf<vec, 4x32xui8>)
  pto.tcmps ins(%a, %x : !pto.tile_buf<vec, 4x32xf16>, f16) outs(%m : !pto.tile_buf<vec, 4x32xui8>)
  return
}
