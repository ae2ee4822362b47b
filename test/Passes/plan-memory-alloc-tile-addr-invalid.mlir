// RUN: pto-opt %s --pto-plan-memory=mode=manual --split-input-file --verify-diagnostics
// pto-plan-memory reads `pto.alloc_tile addr` as the pto.tassign it stands
// for (docs/ptoas.md): two live buffers placed over each other are refused,
// reported at the allocations.

func.func @overlap(%a: !pto.tile_buf<vec, 16x32xi16>) {
  %c0 = arith.constant 0 : i64
  %c512 = arith.constant 512 : i64
  // expected-note @+1 {{the other placement}}
  %x = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'pto.tassign' op places 1024 bytes at 0x200 in ub, overlapping the live buffer placed at 0x0 (1024 bytes)}}
  %y = pto.alloc_tile addr = %c512 : !pto.tile_buf<vec, 16x32xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%x : !pto.tile_buf<vec, 16x32xi16>)
  pto.tor ins(%x, %a : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

// A buffer placed twice: by `addr` and by a pto.tassign.
func.func @placed_twice() {
  %c0 = arith.constant 0 : i64
  // expected-note @+1 {{placed here}}
  %x = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'pto.tassign' op places a buffer that is already placed}}
  pto.tassign %x, @tile(0x400)
  return
}
