// RUN: pto-opt %s -cse -canonicalize | FileCheck %s
// Level 1 tinsert/textract are pure, `into` included: CSE merges equal ones
// and unused ones vanish. Level 2 writes its outs and stays.

// CHECK-LABEL: func.func @level1_pure
// CHECK-COUNT-1: pto.tinsert
// CHECK-NOT: pto.tinsert
// CHECK-NOT: pto.textract
func.func @level1_pure(%s: !pto.tile<vec, 16x32xf16>, %d: !pto.tile<vec, 32x32xf16>) -> (!pto.tile<vec, 32x32xf16>, !pto.tile<vec, 32x32xf16>) {
  %c0 = arith.constant 0 : index
  %a = pto.tinsert %s, %c0, %c0 into %d : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x32xf16>
  %b = pto.tinsert %s, %c0, %c0 into %d : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x32xf16>
  %unused = pto.tinsert %s, %c0, %c0 : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x32xf16>
  %gone = pto.textract %d, %c0, %c0 : (!pto.tile<vec, 32x32xf16>, index, index) -> !pto.tile<vec, 16x32xf16>
  return %a, %b : !pto.tile<vec, 32x32xf16>, !pto.tile<vec, 32x32xf16>
}

// CHECK-LABEL: func.func @level2_writes
// CHECK: pto.tinsert ins
// CHECK: pto.textract ins
func.func @level2_writes(%s: !pto.tile_buf<vec, 16x32xf16>, %d: !pto.tile_buf<vec, 32x32xf16>) {
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x32xf16>, index, index) outs(%d : !pto.tile_buf<vec, 32x32xf16>)
  pto.textract ins(%d, %c0, %c0 : !pto.tile_buf<vec, 32x32xf16>, index, index) outs(%s : !pto.tile_buf<vec, 16x32xf16>)
  return
}
