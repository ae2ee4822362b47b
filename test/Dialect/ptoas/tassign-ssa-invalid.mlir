// RUN: pto-opt %s -split-input-file -verify-diagnostics
// The SSA form of pto.tassign needs a constant address, and is then
// checked as ours (docs/ptoas.md).

func.func @argument_address(%addr: i64) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{custom op 'pto.tassign' takes a constant address: '%addr' must be defined by an arith.constant of a signless integer or index type before 'pto.tassign' (or write 'pto.tassign %t, @tile(0x1000)'), since a placement is checked when the IR is verified}}
  pto.tassign %t, %addr : !pto.tile_buf<vec, 16x64xf32>, i64
  return
}

// -----

func.func @misaligned_address() {
  %c = arith.constant 4097 : i64
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{'pto.tassign' op address 0x1001 of '@tile' must be a non-negative multiple of 32 bytes}}
  pto.tassign %t, %c : !pto.tile_buf<vec, 16x64xf32>, i64
  return
}

// -----

func.func @float_address() {
  %c = arith.constant 1.0 : f32
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{custom op 'pto.tassign' takes a constant address: '%c' must be defined by an arith.constant of a signless integer or index type before 'pto.tassign' (or write 'pto.tassign %t, @tile(0x1000)'), since a placement is checked when the IR is verified}}
  pto.tassign %t, %c : !pto.tile_buf<vec, 16x64xf32>, f32
  return
}

// -----

func.func @wide_address() {
  %c = arith.constant 36893488147419103232 : i128
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{custom op 'pto.tassign' address 36893488147419103232 of '%c' does not fit in 64 bits}}
  pto.tassign %t, %c : !pto.tile_buf<vec, 16x64xf32>, i128
  return
}
