// RUN: pto-opt %s --pto-to-dps | pto-translate --export-ptoas \
// RUN:   | FileCheck %s -DT='!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>'
// End to end: a Level 1 kernel with a loop, bufferized and placed by
// pto-to-dps, written for PTOAS. The loop carrier's copy (a treshape copy
// between one fully valid vec type) is PTOAS's tmov; scf ops are in MLIR's
// generic form.

// CHECK: module attributes {pto.target_arch = "a5"} {
// CHECK-NEXT: func.func @accumulate(%arg0: [[T]], %arg1: index, %arg2: [[T]]) {
// CHECK-NEXT: %0 = arith.constant 0 : index
// CHECK-NEXT: %1 = arith.constant 1 : index
// CHECK-NEXT: %2 = arith.constant 0 : i64
// CHECK-NEXT: %3 = pto.alloc_tile addr = %2 : [[T]]
// CHECK-NEXT: pto.tor ins(%arg0, %arg0 : [[T]], [[T]]) outs(%3 : [[T]])
// CHECK-NEXT: %4 = "scf.for"(%0, %arg1, %1, %0) ({
// CHECK-NEXT: ^bb0(%5: index, %6: index):
// CHECK-NEXT: %7 = arith.constant 512 : i64
// CHECK-NEXT: %8 = pto.alloc_tile addr = %7 : [[T]]
// CHECK-NEXT: pto.tor ins(%3, %arg0 : [[T]], [[T]]) outs(%8 : [[T]])
// CHECK-NEXT: pto.tor ins(%8, %3 : [[T]], [[T]]) outs(%3 : [[T]])
// CHECK-NEXT: %9 = "arith.addi"(%6, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> (index)
// CHECK-NEXT: pto.tmov ins(%8 : [[T]]) outs(%3 : [[T]])
// CHECK-NEXT: "scf.yield"(%9) : (index) -> ()
// CHECK-NEXT: }) : (index, index, index, index) -> (index)
// CHECK-NEXT: pto.tor ins(%3, %arg0 : [[T]], [[T]]) outs(%arg2 : [[T]])
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

module attributes {pto.target_arch = "a5"} {
  func.func @accumulate(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %j = %c0) -> (!pto.tile<vec, 8x32xi16>, index) {
      %t = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      %u = pto.tor %t, %acc : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %t, %j1 : !pto.tile<vec, 8x32xi16>, index
    }
    %out = pto.tor %r#0, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    return %out : !pto.tile<vec, 8x32xi16>
  }
}
