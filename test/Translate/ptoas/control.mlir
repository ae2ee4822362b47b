// RUN: pto-translate --export-ptoas --split-input-file %s | FileCheck %s -DT='!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>'
// arith, scf and func ops other than func.func, func.return and
// arith.constant are written in MLIR's generic form, properties and regions
// included; names start over in each function. Tiles stay operands of pto
// ops (export-invalid.mlir has the refusals). Of several definitions, the
// public ones are ptoas's entries (kernels), marked `pto.entry`.

// CHECK-LABEL: func.func @pick(
// CHECK-SAME: %arg0: index) attributes {pto.entry} {
// CHECK-NEXT: %0 = pto.alloc_tile : [[T]]
// CHECK-NEXT: %1 = pto.alloc_tile : [[T]]
// CHECK-NEXT: %2 = arith.constant 0 : index
// CHECK-NEXT: %3 = "arith.cmpi"(%arg0, %2) <{predicate = 0 : i64}> : (index, index) -> (i1)
// CHECK-NEXT: "scf.if"(%3) ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: pto.tor ins(%0, %0 : [[T]], [[T]]) outs(%1 : [[T]])
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "func.call"(%arg0) <{callee = @count}> : (index) -> ()
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @count(%arg0: index) {
// CHECK-NEXT: %0 = pto.alloc_tile : [[T]]
// CHECK-NEXT: pto.tor ins(%0, %0 : [[T]], [[T]]) outs(%0 : [[T]])
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pick(%n: index) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  %out = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  %c0 = arith.constant 0 : index
  %z = arith.cmpi eq, %n, %c0 : index
  scf.if %z {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%out : !pto.tile_buf<vec, 8x32xi16>)
  } else {
    func.call @count(%n) : (index) -> ()
  }
  return
}
func.func private @count(%n: index) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%a : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// -----

// pto-ssa-to-dps's carrier copy, a treshape copy between one fully valid vec
// type, is PTOAS's tmov (export-invalid.mlir: the other copies are refused).
// CHECK-LABEL: func.func @carry(
// CHECK: pto.tmov ins(%1 : [[T]]) outs(%0 : [[T]])
func.func @carry(%n: index) {
  %carrier = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  %next = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi16>
  pto.tor ins(%carrier, %carrier : !pto.tile_buf<vec, 8x32xi16>, !pto.tile_buf<vec, 8x32xi16>) outs(%next : !pto.tile_buf<vec, 8x32xi16>)
  pto.treshape ins(%next : !pto.tile_buf<vec, 8x32xi16>) outs(%carrier : !pto.tile_buf<vec, 8x32xi16>)
  return
}
