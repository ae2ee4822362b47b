// Kernels with scalar arguments for the argument fuzzer (arg_worker.py), next
// to every kernel of the lit corpus: an i1 condition, index extents of a
// dynamic alloc_tile and loop counts, a narrow integer.

func.func @choose(%c: i1, %a: !pto.tile_buf<vec, 1x32xi16>, %b: !pto.tile_buf<vec, 1x32xi16>,
                  %d: !pto.tile_buf<vec, 1x32xi16>) {
  scf.if %c {
    pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xi16>)
  } else {
    pto.tor ins(%b, %b : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xi16>)
  }
  return
}

// -----

func.func @dynamic_alloc(%n: index, %a: !pto.tile_buf<vec, 1x32xi16, valid=1x?>,
                         %d: !pto.tile_buf<vec, 1x32xi16, valid=1x?>) {
  %t = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 1x32xi16, valid=1x?>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x32xi16, valid=1x?>, !pto.tile_buf<vec, 1x32xi16, valid=1x?>) outs(%t : !pto.tile_buf<vec, 1x32xi16, valid=1x?>)
  pto.tor ins(%t, %a : !pto.tile_buf<vec, 1x32xi16, valid=1x?>, !pto.tile_buf<vec, 1x32xi16, valid=1x?>) outs(%d : !pto.tile_buf<vec, 1x32xi16, valid=1x?>)
  return
}

// -----

func.func @repeat(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !pto.tile<vec, 8x32xi16> {
    %next = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %next : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

func.func @narrow_count(%k: i8, %a: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xui8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %k : i8 to index
  scf.for %i = %c0 to %n step %c1 {
    pto.tor ins(%a, %d : !pto.tile_buf<vec, 1x32xui8>, !pto.tile_buf<vec, 1x32xui8>) outs(%d : !pto.tile_buf<vec, 1x32xui8>)
  }
  return
}
