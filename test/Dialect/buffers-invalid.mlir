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
  // expected-error @+1 {{cannot infer the type of '%a': define it as a tile before 'pto.tassign' or write the type after ':'}}
  pto.tassign %a, @tile(0x1000)
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  return
}

// -----

func.func @spelled_type_differs() {
  // expected-note @+1 {{prior use here}}
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: '!pto.tile_buf<vec, 16x32xf32>' vs '!pto.tile_buf<vec, 16x64xf32>'}}
  pto.tassign %a, @tile(0x1000) : !pto.tile_buf<vec, 16x32xf32>
  return
}

// -----

func.func @none_typed_value(%x: none) {
  // expected-error @+1 {{cannot infer the type of '%x': define it as a tile before 'pto.tassign' or write the type after ':'}}
  pto.tassign %x, @tile(0x1000)
  return
}

// -----

// tassign_c2: 16x64xf32 is 4096 bytes; UB holds 192 KiB on a2a3.
module attributes {pto.target_arch = "a2a3"} {
  func.func @outside_ub() {
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    // expected-error @+1 {{'pto.tassign' op tile of 4096 bytes at 0x2f020 does not fit in ub (vec tiles), which holds 196608 bytes on a2a3}}
    pto.tassign %a, @tile(0x2f020)
    return
  }
}

// -----

// tassign_c2: the same placement fits A5's 256 KiB UB; an acc tile does not
// fit L0C's 256 KiB there.
module attributes {pto.target_arch = "a5"} {
  func.func @outside_l0c() {
    %u = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    pto.tassign %u, @tile(0x2f020)
    %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    // expected-error @+1 {{'pto.tassign' op tile of 1024 bytes at 0x3ff00 does not fit in l0c (acc tiles), which holds 262144 bytes on a5}}
    pto.tassign %a, @tile(0x3ff00)
    return
  }
}
