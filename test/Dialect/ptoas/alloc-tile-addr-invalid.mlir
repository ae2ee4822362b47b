// RUN: pto-opt %s -split-input-file -verify-diagnostics
// `pto.alloc_tile addr` is checked as pto.tassign is (tassign_c1, tassign_c2;
// docs/ptoas.md).

func.func @not_constant(%addr: i64) {
  // expected-error @+1 {{'pto.alloc_tile' op 'addr' must be a constant i64 (arith.constant): a placement is checked when the IR is verified}}
  %t = pto.alloc_tile addr = %addr : !pto.tile_buf<vec, 16x64xf32>
  return
}

// -----

// tassign_c1
func.func @misaligned() {
  %c = arith.constant 4112 : i64
  // expected-error @+1 {{'pto.alloc_tile' op address 0x1010 of 'addr' must be a non-negative multiple of 32 bytes}}
  %t = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 16x64xf32>
  return
}

// -----

// tassign_c2
module attributes {"pto.target_arch" = "a3"} {
  func.func @too_far() {
    %c = arith.constant 192544 : i64
    // expected-error @+1 {{'pto.alloc_tile' op tile of 4096 bytes at 0x2f020 does not fit in ub (vec tiles), which holds 196608 bytes on a2a3}}
    %t = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 16x64xf32>
    return
  }
}

// -----

// The address is an i64, as in PTOAS.
// expected-note @+1 {{prior use here}}
func.func @index_addr(%addr: index) {
  // expected-error @+1 {{use of value '%addr' expects different type than prior uses: 'i64' vs 'index'}}
  %t = pto.alloc_tile addr = %addr : !pto.tile_buf<vec, 16x64xf32>
  return
}
