// RUN: pto-opt %s --pto-plan-memory=mode=manual --split-input-file --verify-diagnostics
// RUN: not pto-opt %s --pto-plan-memory=mode=bogus 2>&1 | FileCheck %s --check-prefix=MODE

// MODE: error: pto-plan-memory: unknown mode 'bogus' (expected auto or manual)

func.func @unplaced(%a: !pto.tile_buf<vec, 16x32xi16>) {
  // expected-error @+1 {{'pto.alloc_tile' op has no pto.tassign placement (manual mode places every buffer by hand)}}
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%x : !pto.tile_buf<vec, 16x32xi16>)
  return
}
