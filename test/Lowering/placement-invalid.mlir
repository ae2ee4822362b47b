// RUN: pto-opt --pto-to-std %s -split-input-file -verify-diagnostics
// Placements whose effect is only known when the kernel runs: the host
// lowering refuses them with the reason (docs/lowering.md, placed tiles).

func.func @in_a_branch(%c: i1, %a: !pto.tile_buf<vec, 2x16xi16>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  scf.if %c {
    // expected-error @+1 {{'pto.tassign' op cannot be run on the host: it is not in the block of its tile's pto.alloc_tile}}
    pto.tassign %x, @tile(0x0)
  }
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%x : !pto.tile_buf<vec, 2x16xi16>)
  return
}

// -----

func.func @argument_in_a_loop(%a: !pto.tile_buf<vec, 2x16xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'pto.tassign' op cannot be run on the host: it places argument #0 outside the function's only block}}
    pto.tassign %a, @tile(0x0)
  }
  return
}

// -----

func.func @a_view(%a: !pto.tile_buf<vec, 2x16xi16>) {
  %v = pto.treshape %a : !pto.tile_buf<vec, 2x16xi16> -> !pto.tile_buf<vec, 1x32xi16>
  // expected-error @+1 {{'pto.tassign' op cannot be run on the host: its tile is neither a pto.alloc_tile nor an argument of the function (defined by 'pto.treshape')}}
  pto.tassign %v, @tile(0x0)
  return
}

// -----

func.func @viewed_before(%a: !pto.tile_buf<vec, 2x16xi16>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  %v = pto.treshape %x : !pto.tile_buf<vec, 2x16xi16> -> !pto.tile_buf<vec, 1x32xi16>
  // expected-error @+1 {{'pto.tassign' op cannot be run on the host: its tile is used by 'pto.treshape' before it is placed, which would share its bytes}}
  pto.tassign %x, @tile(0x0)
  pto.tor ins(%v, %v : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%v : !pto.tile_buf<vec, 1x32xi16>)
  return
}
