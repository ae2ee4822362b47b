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

// -----

func.func @set_validshape_static_cols(%n: index) {
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x64xf32, valid=?x64>
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c1: expects the tile's valid shape to be ?x?, got ?x64}}
  pto.set_validshape %t, %n, %n : !pto.tile_buf<vec, 16x64xf32, valid=?x64>
  return
}

// -----

func.func @set_validshape_argument(%t: !pto.tile_buf<vec, 16x64xf32, valid=?x?>, %n: index) {
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c2: expects the tile to be a 'pto.alloc_tile' of this function, got a block argument}}
  pto.set_validshape %t, %n, %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  return
}

// -----

func.func @set_validshape_view(%n: index) {
  %s = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 64x16xf32, valid=?x?>
  %t = pto.treshape %s : !pto.tile_buf<vec, 64x16xf32, valid=?x?> -> !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c2: expects the tile to be a 'pto.alloc_tile' of this function, got a result of 'pto.treshape'}}
  pto.set_validshape %t, %n, %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  return
}

// -----

func.func @set_validshape_rows(%n: index) {
  %c17 = arith.constant 17 : index
  %t = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c3: expects valid_row in 0..16 (the tile's rows), got 17}}
  pto.set_validshape %t, %c17, %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  return
}

// -----

func.func @set_validshape_negative_rows(%n: index) {
  %c = arith.constant -1 : i32
  %m = arith.index_cast %c : i32 to index
  %t = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c3: expects valid_row in 0..16 (the tile's rows), got -1}}
  pto.set_validshape %t, %m, %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  return
}

// -----

func.func @set_validshape_cols(%n: index) {
  %c65 = arith.constant 65 : index
  %t = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  // expected-error @+1 {{'pto.set_validshape' op set_validshape_c4: expects valid_col in 0..64 (the tile's cols), got 65}}
  pto.set_validshape %t, %n, %c65 : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  return
}
