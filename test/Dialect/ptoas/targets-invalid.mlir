// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's "a2" and "a3" select the A2/A3 rules and capacities
// (docs/ptoas.md).

// tor_c1: A2/A3 takes 1-, 2- and 4-byte integers (pto-isa 3186c381), not
// 8-byte ones.
module attributes {"pto.target_arch" = "a3"} {
  func.func @tor_c1_a3_i64(%a: !pto.tile<vec, 8x4xi64>) {
    // expected-error @+1 {{'pto.tor' op dst element type i64 is not supported on a2a3 (allowed: i8, ui8, i16, ui16, i32, ui32)}}
    %d = pto.tor %a, %a : (!pto.tile<vec, 8x4xi64>, !pto.tile<vec, 8x4xi64>) -> !pto.tile<vec, 8x4xi64>
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

// -----

// PTOAS's inferred-layout marker is a bool beside a `layout`.
module {
  func.func @inferred_layout_not_a_bool(%p: !pto.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{'pto.inferred_layout' must be a bool on an op with a 'layout' attribute}}
    %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>, pto.inferred_layout = 1 : i32} : !pto.tensor_view<16x16xf32>
    return
  }
}

// -----

module {
  // expected-error @+1 {{'pto.inferred_layout' must be a bool on an op with a 'layout' attribute}}
  func.func @inferred_layout_without_layout() attributes {pto.inferred_layout = true} {
    return
  }
}
