// RUN: pto-opt %s --mlir-print-op-generic | FileCheck %s
// The operand segments each tile op syntax stores (in the op's properties;
// a PTOAS `_fp` spelling through its parse hook), printed generically: one
// per named operand (tinsert: src, index_row, index_col, quant, into, dst);
// an op with one optional operand only (tor: dst) has none.
// A segment attribute written in the attribute dictionary does not count:
// the operands read decide. Other attributes stay.

!t = !pto.tile<vec, 1x32xi16>
!b = !pto.tile_buf<vec, 1x32xi16>

// CHECK-LABEL: sym_name = "tor"
// CHECK: ^bb0(%[[A:.*]]: !pto.tile<vec, 1x32xi16>, %[[B:.*]]: !pto.tile_buf<vec, 1x32xi16>):
// CHECK: "pto.tor"(%[[A]], %[[A]]) : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
// CHECK: "pto.tor"(%[[A]], %[[A]]) {note = 1 : i32} : (!pto.tile<vec, 1x32xi16>, !pto.tile<vec, 1x32xi16>) -> !pto.tile<vec, 1x32xi16>
// CHECK: "pto.tor"(%[[B]], %[[B]], %[[B]]) : (!pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) -> ()
func.func @tor(%a: !t, %b: !b) -> !t {
  %0 = pto.tor %a, %a : (!t, !t) -> !t
  %1 = pto.tor %a, %a {operandSegmentSizes = array<i32: 5, 5>, note = 1 : i32} : (!t, !t) -> !t
  pto.tor ins(%b, %b : !b, !b) outs(%b : !b)
  return %1 : !t
}

// CHECK-LABEL: sym_name = "tinsert"
// CHECK: ^bb0(%[[S:[^:]*]]: !pto.tile<vec, 16x32xf16>, %[[D:[^:]*]]: !pto.tile<vec, 32x64xf16>, %[[I:[^:]*]]: index, %[[SB:[^:]*]]: !pto.tile_buf<vec, 16x32xf16>, %[[DB:[^:]*]]: !pto.tile_buf<vec, 32x64xf16>):
// CHECK: "pto.tinsert"(%[[S]], %[[I]], %[[I]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>}>
// CHECK: "pto.tinsert"(%[[S]], %[[I]], %[[I]], %[[D]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>}>
// CHECK: "pto.tinsert"(%[[SB]], %[[I]], %[[I]], %[[DB]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>}>
func.func @tinsert(%src: !pto.tile<vec, 16x32xf16>, %dst: !pto.tile<vec, 32x64xf16>, %i: index,
                   %srcb: !pto.tile_buf<vec, 16x32xf16>, %dstb: !pto.tile_buf<vec, 32x64xf16>) {
  %0 = pto.tinsert %src, %i, %i : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  %1 = pto.tinsert %src, %i, %i into %dst {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  pto.tinsert ins(%srcb, %i, %i : !pto.tile_buf<vec, 16x32xf16>, index, index) outs(%dstb : !pto.tile_buf<vec, 32x64xf16>)
  return
}

// CHECK-LABEL: sym_name = "tinsert_fp"
// CHECK: ^bb0(%[[S:[^:]*]]: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, %[[F:[^:]*]]: !pto.tile_buf<scaling, 1x16xui64>, %[[D:[^:]*]]: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, %[[I:[^:]*]]: index):
// CHECK: "pto.tinsert"(%[[S]], %[[I]], %[[I]], %[[F]], %[[D]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>}>
func.func @tinsert_fp(%src: !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>,
                      %fp: !pto.tile_buf<scaling, 1x16xui64>,
                      %dst: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>,
                      %i: index) {
  pto.tinsert_fp ins(%src, %fp, %i, %i : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>, index, index) outs(%dst : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  return
}
