// RUN: pto-opt %s | pto-opt | FileCheck %s
// The row-reduction family at both levels, in PTOAS's spelling; every op,
// type, target and rule: test/pytest/families/test_row_reduce_rules.py.

// CHECK-LABEL: func.func @trowsum_level1
// CHECK: %[[D:.*]] = pto.trowsum %arg0, %arg1 : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major>
func.func @trowsum_level1(%src: !pto.tile<vec, 16x64xf32>, %tmp: !pto.tile<vec, 16x64xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major> {
  %dst = pto.trowsum %src, %tmp : (!pto.tile<vec, 16x64xf32>, !pto.tile<vec, 16x64xf32>) -> !pto.tile<vec, 16x1xf32, blayout=col_major>
  return %dst : !pto.tile<vec, 16x1xf32, blayout=col_major>
}

// CHECK-LABEL: func.func @trowmax_level2
// CHECK: pto.trowmax ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>) outs(%arg2 : !pto.tile_buf<vec, 16x16xf16, valid=16x1>)
func.func @trowmax_level2(%src: !pto.tile_buf<vec, 16x32xf16>, %tmp: !pto.tile_buf<vec, 16x32xf16>, %dst: !pto.tile_buf<vec, 16x16xf16, valid=16x1>) {
  pto.trowmax ins(%src, %tmp : !pto.tile_buf<vec, 16x32xf16>, !pto.tile_buf<vec, 16x32xf16>) outs(%dst : !pto.tile_buf<vec, 16x16xf16, valid=16x1>)
  return
}

// CHECK-LABEL: func.func @trowmin_trowprod
// CHECK: pto.trowmin %arg0, %arg0
// CHECK: pto.trowprod %arg0, %arg0
func.func @trowmin_trowprod(%src: !pto.tile<vec, 16x16xi32>) -> (!pto.tile<vec, 16x1xi32, blayout=col_major>, !pto.tile<vec, 16x1xi32, blayout=col_major>) {
  %m = pto.trowmin %src, %src : (!pto.tile<vec, 16x16xi32>, !pto.tile<vec, 16x16xi32>) -> !pto.tile<vec, 16x1xi32, blayout=col_major>
  %p = pto.trowprod %src, %src : (!pto.tile<vec, 16x16xi32>, !pto.tile<vec, 16x16xi32>) -> !pto.tile<vec, 16x1xi32, blayout=col_major>
  return %m, %p : !pto.tile<vec, 16x1xi32, blayout=col_major>, !pto.tile<vec, 16x1xi32, blayout=col_major>
}
