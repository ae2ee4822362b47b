// RUN: pto-translate --export-ptoas %s | FileCheck %s -DT='!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>'
// arith, scf and func ops other than func.func, func.return and
// arith.constant are written in MLIR's generic form, properties and regions
// included; names start over in each function.

// CHECK-LABEL: func.func @pick(
// CHECK-SAME: %arg0: [[T]], %arg1: index, %arg2: [[T]]) {
// CHECK-NEXT: %0 = arith.constant 0 : index
// CHECK-NEXT: %1 = "arith.cmpi"(%arg1, %0) <{predicate = 0 : i64}> : (index, index) -> (i1)
// CHECK-NEXT: "scf.if"(%1) ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: pto.tor ins(%arg0, %arg0 : [[T]], [[T]]) outs(%arg2 : [[T]])
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "func.call"(%arg0, %arg2) <{callee = @copy}> : ([[T]], [[T]]) -> ()
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @copy(%arg0: [[T]], %arg1: [[T]]) {
// CHECK-NEXT: pto.tor ins(%arg0, %arg0 : [[T]], [[T]]) outs(%arg1 : [[T]])
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pick(%a: !pto.tile_buf<vec, 8x32xi16>, %n: index, %out: !pto.tile_buf<vec, 8x32xi16>) {
  %c0 = arith.constant 0 : index
  %z = arith.cmpi eq, %n, %c0 : index
  scf.if %z {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%out : !pto.tile_buf<vec, 8x32xi16>)
  } else {
    func.call @copy(%a, %out) : (!pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) -> ()
  }
  return
}
func.func private @copy(%a: !pto.tile_buf<vec, 8x32xi16>, %out: !pto.tile_buf<vec, 8x32xi16>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%out : !pto.tile_buf<vec, 8x32xi16>)
  return
}
