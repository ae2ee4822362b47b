// RUN: pto-opt %s -split-input-file -verify-diagnostics

func.func @missing_valid_col() {
  // expected-error @+1 {{'pto.alloc_tile' op needs a 'valid_col' operand: the result's valid cols are '?'}}
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32, valid=16x?>
  return
}

// -----

func.func @static_valid_row(%n: index) {
  // expected-error @+1 {{'pto.alloc_tile' op has a 'valid_row' operand but the result's valid rows are static (16)}}
  %a = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x64xf32>
  return
}

// -----

func.func @alloc_level1() {
  // expected-error @+1 {{'pto.alloc_tile' op result #0 must be a tile buffer (Level 2, destination-passing style), but got '!pto.tile<vec, 16x64xf32>'}}
  %a = pto.alloc_tile : !pto.tile<vec, 16x64xf32>
  return
}

// -----

func.func @misaligned() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{'pto.tassign' op address 0x1010 of '@tile' must be a non-negative multiple of 32 bytes}}
  pto.tassign %a, @tile(0x1010)
  return
}

// -----

func.func @wrong_space() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{expected '@tile(<address>)', got '@ub'}}
  pto.tassign %a, @ub(0x1000)
  return
}

// -----

func.func @not_a_tile(%x: index) {
  // expected-error @+1 {{'pto.tassign' op operand #0 must be tile or tile buffer, but got 'index'}}
  pto.tassign %x, @tile(0x1000)
  return
}

// -----

func.func @forward_reference() {
  // expected-error @+1 {{cannot infer the type of '%a': define it before 'pto.tassign' or write the type after ':'}}
  pto.tassign %a, @tile(0x1000)
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  return
}
