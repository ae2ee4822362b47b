// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's "a2" and "a3" select the A2/A3 rules and capacities
// (docs/ptoas.md).

// tor_c1: A2/A3 takes only 1- and 2-byte integers.
module attributes {"pto.target_arch" = "a3"} {
  func.func @tor_c1_a3_i32(%a: !pto.tile<vec, 8x8xi32>) {
    // expected-error @+1 {{'pto.tor' op dst element type i32 is not supported on a2a3 (allowed: i8, ui8, i16, ui16)}}
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x8xi32>, !pto.tile<vec, 8x8xi32>) -> !pto.tile<vec, 8x8xi32>
    return
  }
}

// -----

// tassign_c2: A2/A3's UB holds 192 KiB (A5's 256 KiB).
module attributes {"pto.target_arch" = "a2"} {
  func.func @tassign_c2_a2() {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    // expected-error @+1 {{'pto.tassign' op tile of 4096 bytes at 0x2f020 does not fit in ub (vec tiles), which holds 196608 bytes on a2a3}}
    pto.tassign %t, @tile(0x2f020)
    return
  }
}


// -----

// PTOAS's chip name belongs on the module.
// expected-error @+1 {{'pto.device-spec' must be a string on a builtin.module}}
func.func @device_spec_on_a_function() attributes {"pto.device-spec" = "Ascend910B1"} {
  return
}
