// RUN: pto-opt %s -split-input-file -verify-diagnostics
// The SSA form of pto.tassign (an address value, as PTOAS and the pto-isa
// pages' IR form write it) is refused, saying what to write instead
// (docs/ptoas.md).

func.func @ssa_address(%addr: i64) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{custom op 'pto.tassign' takes a constant address, '@tile(0x1000)', not an SSA value ('%addr'): write 'pto.tassign %t, @tile(0x1000)', or give the address to the buffer's 'pto.alloc_tile addr = %c' (an arith.constant i64)}}
  pto.tassign %t, %addr : !pto.tile_buf<vec, 16x64xf32>, i64
  return
}
