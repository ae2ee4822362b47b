// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: pto-opt %s -split-input-file --pto-plan-memory=mode=manual | FileCheck %s --check-prefix=PLAN
// PTOAS's manual placement, `pto.alloc_tile addr = %c` (docs/ptoas.md):
// printed as written; the canonicalizer and pto-plan-memory read it as the
// pto.tassign it stands for.

// CHECK-LABEL: func.func @placed
// CHECK: %[[C:[a-z0-9_]+]] = arith.constant 4096 : i64
// CHECK: pto.alloc_tile addr = %[[C]] : !pto.tile_buf<vec, 16x32xi16>
// CHECK: pto.alloc_tile addr = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 16x32xi16, valid=16x?>
// CANON-LABEL: func.func @placed
// CANON: %[[X:[a-z0-9_]+]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// CANON-NEXT: pto.tassign %[[X]], @tile(0x1000) : !pto.tile_buf<vec, 16x32xi16>
// CANON: %[[Y:[a-z0-9_]+]] = pto.alloc_tile valid_col = %{{.*}} : !pto.tile_buf<vec, 16x32xi16, valid=16x?>
// CANON-NEXT: pto.tassign %[[Y]], @tile(0x0) : !pto.tile_buf<vec, 16x32xi16, valid=16x?>
// CANON-NOT: addr =
// PLAN-LABEL: func.func @placed
// PLAN: %[[X:[a-z0-9_]+]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
// PLAN-NEXT: pto.tassign %[[X]], @tile(0x1000)
// PLAN: %[[Y:[a-z0-9_]+]] = pto.alloc_tile valid_col = %{{.*}} : !pto.tile_buf<vec, 16x32xi16, valid=16x?>
// PLAN-NEXT: pto.tassign %[[Y]], @tile(0x0)
func.func @placed(%a: !pto.tile_buf<vec, 16x32xi16>, %n: index) {
  %c4096 = arith.constant 4096 : i64
  %c0 = arith.constant 0 : i64
  %x = pto.alloc_tile addr = %c4096 : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %y = pto.alloc_tile addr = %c0 valid_col = %n : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%x : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%x, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16, valid=16x?>)
  return
}
