// RUN: pto-translate --export-ptoas --ptoas-level=level3 --verify-diagnostics %s
// RUN: pto-translate --export-ptoas --ptoas-level=level2 %s | FileCheck %s
// Level3 writes every buffer placed: an unplaced one is refused. Level2
// writes none placed (ptoas places them), so the same kernel exports.

// CHECK: %0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i16

func.func @unplaced() {
  // expected-error @+1 {{'pto.alloc_tile' is not placed: ptoas at level3 needs its address ('alloc_tile addr = %a'); place the buffers with pto-plan-memory (pto-to-dps) or pto.tassign first, or export for level2}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%t, %t : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%t : !pto.tile_buf<vec, 16x32xi16>)
  return
}

