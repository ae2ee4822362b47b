// RUN: pto-opt %s | pto-opt | FileCheck %s
// pto.tgather in PTOAS's spelling (include/PTO/IR/PTOOps.td:3732): the
// index form, the mask form (its pattern inside `ins`, after a comma, as
// PTOAS writes it) and PTOAS's compare form, at both levels.

// CHECK-LABEL: func.func @level1
// CHECK: pto.tgather %arg0, %arg1, %arg2 : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xi32>, !pto.tile<vec, 1x32xi32>) -> !pto.tile<vec, 1x32xf16>
// CHECK: pto.tgather %arg0 {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile<vec, 1x32xf16> -> !pto.tile<vec, 1x16xf16>
func.func @level1(%src: !pto.tile<vec, 1x32xf16>, %idx: !pto.tile<vec, 1x32xi32>, %tmp: !pto.tile<vec, 1x32xi32>) -> (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x16xf16>) {
  %a = pto.tgather %src, %idx, %tmp : (!pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x32xi32>, !pto.tile<vec, 1x32xi32>) -> !pto.tile<vec, 1x32xf16>
  %b = pto.tgather %src {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile<vec, 1x32xf16> -> !pto.tile<vec, 1x16xf16>
  return %a, %b : !pto.tile<vec, 1x32xf16>, !pto.tile<vec, 1x16xf16>
}

// CHECK-LABEL: func.func @level2
// CHECK: pto.tgather ins(%arg0, %arg1, %arg2 : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%arg3 : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%arg0, {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<vec, 1x32xf16>) outs(%arg3 : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%arg0, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%arg3 : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%arg0, %{{.*}}, %arg4 : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%arg5, %arg6 : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp gt>, offset = 7 : i32}
func.func @level2(%src: !pto.tile_buf<vec, 1x32xf16>, %idx: !pto.tile_buf<vec, 1x32xi32>, %tmp: !pto.tile_buf<vec, 1x32xi32>, %dst: !pto.tile_buf<vec, 1x32xf16>, %ctmp: !pto.tile_buf<vec, 1x32xui8>, %cdst: !pto.tile_buf<vec, 1x32xi32>, %count: !pto.tile_buf<vec, 1x32xi32>) {
  %k = arith.constant 0.0 : f16
  pto.tgather ins(%src, %idx, %tmp : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  // Our own tile-op spelling of the attribute (no comma) reads too.
  pto.tgather ins(%src {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%dst : !pto.tile_buf<vec, 1x32xf16>)
  pto.tgather ins(%src, %k, %ctmp : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%cdst, %count : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp gt>, offset = 7 : i32}
  return
}
