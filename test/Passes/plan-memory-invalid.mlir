// RUN: pto-opt %s --pto-plan-memory --split-input-file --verify-diagnostics

// A2/A3's UB holds 192 KiB: three live 64 KiB tiles fill it.
module attributes {pto.target_arch = "a2a3"} {
  func.func @overflow() {
    %t0 = pto.alloc_tile : !pto.tile_buf<vec, 16x2048xi16>
    %t1 = pto.alloc_tile : !pto.tile_buf<vec, 16x2048xi16>
    %t2 = pto.alloc_tile : !pto.tile_buf<vec, 16x2048xi16>
    // expected-error @+1 {{'pto.alloc_tile' op needs 65536 bytes of ub for '!pto.tile_buf<vec, 16x2048xi16>', but ub holds 196608 bytes on a2a3 and 196608 bytes of it are held by 3 live buffers here}}
    %t3 = pto.alloc_tile : !pto.tile_buf<vec, 16x2048xi16>
    pto.tor ins(%t0, %t1 : !pto.tile_buf<vec, 16x2048xi16>, !pto.tile_buf<vec, 16x2048xi16>) outs(%t2 : !pto.tile_buf<vec, 16x2048xi16>)
    pto.tor ins(%t2, %t0 : !pto.tile_buf<vec, 16x2048xi16>, !pto.tile_buf<vec, 16x2048xi16>) outs(%t3 : !pto.tile_buf<vec, 16x2048xi16>)
    return
  }
}

// -----

func.func @manual_overlap() {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-note @+1 {{the other placement}}
  pto.tassign %x, @tile(0x0)
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-error @+1 {{'pto.tassign' op places 1024 bytes at 0x200 in ub, overlapping the live buffer placed at 0x0 (1024 bytes)}}
  pto.tassign %y, @tile(0x200)
  pto.tor ins(%x, %x : !pto.tile_buf<vec, 16x32xi16>, !pto.tile_buf<vec, 16x32xi16>) outs(%y : !pto.tile_buf<vec, 16x32xi16>)
  return
}

// -----

// bias tiles live in UB with vec tiles (as on the CPU simulator).
func.func @bias_shares_ub() {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  // expected-note @+1 {{the other placement}}
  pto.tassign %x, @tile(0x0)
  %y = pto.alloc_tile : !pto.tile_buf<bias, 1x16xi16>
  // expected-error @+1 {{'pto.tassign' op places 32 bytes at 0x0 in ub, overlapping the live buffer placed at 0x0 (32 bytes)}}
  pto.tassign %y, @tile(0x0)
  pto.tor ins(%x, %x : !pto.tile_buf<vec, 1x16xi16>, !pto.tile_buf<vec, 1x16xi16>) outs(%y : !pto.tile_buf<bias, 1x16xi16>)
  return
}

// -----

func.func @placed_twice() {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
  // expected-note @+1 {{placed here}}
  pto.tassign %x, @tile(0x0)
  // expected-error @+1 {{'pto.tassign' op places a buffer that is already placed}}
  pto.tassign %x, @tile(0x400)
  return
}

// -----

// 2^61 x 32 i8 is 2^66 bytes, which wraps to 0 in int64: the tile type
// rule tile_c8 refuses it, so placement never sees it (it used to be placed
// at 0x0).
func.func @wraps_to_zero() {
  // expected-error @+1 {{vec tile 2305843009213693952x32xi8 takes 73786976294838206464 bytes, more than ub holds on any target (262144 bytes)}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 2305843009213693952x32xi8>
  return
}
