// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tsel and pto.tsels in PTOAS's operand order (include/PTO/IR/
// PTOOps.td:5148, :5185) at both levels.

// CHECK-LABEL: func.func @level1
// CHECK: pto.tsel %arg0, %arg1, %arg1, %arg2 : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
// CHECK: pto.tsels %arg0, %arg1, %arg1, %arg3 : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, f32) -> !pto.tile<vec, 2x128xf32>
func.func @level1(%m: !pto.tile<vec, 2x32xui8>, %a: !pto.tile<vec, 2x128xf32>, %tmp: !pto.tile<vec, 1x16xui32>, %x: f32)
    -> (!pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>) {
  %d = pto.tsel %m, %a, %a, %tmp : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 1x16xui32>) -> !pto.tile<vec, 2x128xf32>
  %e = pto.tsels %m, %a, %a, %x : (!pto.tile<vec, 2x32xui8>, !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>, f32) -> !pto.tile<vec, 2x128xf32>
  return %d, %e : !pto.tile<vec, 2x128xf32>, !pto.tile<vec, 2x128xf32>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tsel ins(%arg0, %arg1, %arg1, %arg2 : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 1x64xi8>) outs(%arg1 : !pto.tile_buf<vec, 2x128xi8>)
// CHECK: pto.tsels ins(%arg0, %arg1, %arg2, %arg3 : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 1x64xi8>, i8) outs(%arg1 : !pto.tile_buf<vec, 2x128xi8>)
func.func @level2(%m: !pto.tile_buf<vec, 2x128xi8>, %a: !pto.tile_buf<vec, 2x128xi8>, %tmp: !pto.tile_buf<vec, 1x64xi8>, %x: i8) {
  pto.tsel ins(%m, %a, %a, %tmp : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 1x64xi8>) outs(%a : !pto.tile_buf<vec, 2x128xi8>)
  pto.tsels ins(%m, %a, %tmp, %x : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 1x64xi8>, i8) outs(%a : !pto.tile_buf<vec, 2x128xi8>)
  return
}
