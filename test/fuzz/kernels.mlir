// Kernels for the argument fuzzer (arg_worker.py), next to every kernel of
// the lit corpus, and in every run: scalar arguments (an i1 condition, index
// extents of a dynamic alloc_tile and loop counts, a narrow integer), scalar
// results, loop bounds from the caller, placed tiles sharing bytes or
// placed past one target's memory, and global memory whose strides, offsets
// and extents the caller gives.

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

// -----

func.func @scalar_id(%x: i64) -> i64 {
  return %x : i64
}

// -----

func.func @scalar_arith(%a: i32, %b: i32, %n: index) -> (i32, i1, index) {
  %s = arith.addi %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %m = arith.muli %n, %n : index
  return %s, %lt, %m : i32, i1, index
}

// -----

func.func @float_results(%c: i1, %h: f16, %b: bf16) -> (f32, f16, bf16) {
  %one = arith.constant 1.5 : f32
  %zero = arith.constant -0.0 : f32
  %r = arith.select %c, %one, %zero : f32
  %g = arith.addf %h, %h : f16
  return %r, %g, %b : f32, f16, bf16
}

// -----

func.func @float_args(%x: f32, %y: f64) -> (f32, f64) {
  %s = arith.mulf %x, %x : f32
  %d = arith.addf %y, %y : f64
  return %s, %d : f32, f64
}

// -----

// Loop bounds from the caller: a step of 0 or below fails on both engines.
func.func @loop_bounds(%lb: index, %ub: index, %step: index, %a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 2x16xi16>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = scf.for %i = %lb to %ub step %step iter_args(%k = %c0) -> index {
    pto.tor ins(%a, %d : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  return %n : index
}

// -----

func.func @loop_bounds_i32(%lb: i32, %ub: i32, %step: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %lb) -> i32 : i32 {
    %x = arith.xori %acc, %i : i32
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Two live buffers placed over shared bytes: %y's writes show in %x.
func.func @overlap(%a: !pto.tile_buf<vec, 2x16xi16>, %b: !pto.tile_buf<vec, 2x16xi16>, %d0: !pto.tile_buf<vec, 2x16xi16>, %d1: !pto.tile_buf<vec, 2x16xi16>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  pto.tassign %x, @tile(0x0)
  %c = arith.constant 32 : i64
  %y = pto.alloc_tile addr = %c : !pto.tile_buf<vec, 2x16xi16>
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%x : !pto.tile_buf<vec, 2x16xi16>)
  pto.tor ins(%b, %b : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%y : !pto.tile_buf<vec, 2x16xi16>)
  pto.tor ins(%x, %x : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d0 : !pto.tile_buf<vec, 2x16xi16>)
  pto.tor ins(%y, %x : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d1 : !pto.tile_buf<vec, 2x16xi16>)
  return
}

// -----

// Arguments placed after they are used: each brings its bytes along, %a
// over part of %d, and the caller's arrays get their placed bytes.
func.func @place_arguments(%a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 2x16xi16>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
  pto.tassign %d, @tile(0x40)
  pto.tassign %a, @tile(0x60)
  pto.tor ins(%a, %d : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%a : !pto.tile_buf<vec, 2x16xi16>)
  return
}

// -----

// Placed in a loop, zero-filled on every trip; and a placement inside UB
// on a5 but past its end on a2a3 (runtime.run(target="a2a3") fails).
func.func @placed_in_loop(%n: index, %a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 2x16xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
    pto.tassign %t, @tile(0x80)
    pto.tor ins(%t, %d : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%t : !pto.tile_buf<vec, 2x16xi16>)
    pto.tor ins(%t, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
  }
  %far = pto.alloc_tile : !pto.tile_buf<vec, 2x16xi16>
  pto.tassign %far, @tile(0x3ffc0)
  pto.tor ins(%a, %d : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%far : !pto.tile_buf<vec, 2x16xi16>)
  pto.tor ins(%far, %far : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
  return
}

// -----

// Global memory with the caller's strides and window offsets (issue 38,
// item 1: size, offset and stride arithmetic near the int64 limits wraps).
func.func @strided_window(%src: !pto.ptr<i8>, %dst: !pto.ptr<i8>, %stride: index,
                          %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %src, shape = [%c3, %c32], strides = [%stride, %c1] : !pto.tensor_view<3x32xi8>
  %w = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c1, %c32] : !pto.tensor_view<3x32xi8> -> !pto.partition_tensor_view<1x32xi8>
  %t = pto.tload %w : !pto.partition_tensor_view<1x32xi8> -> !pto.tile<vec, 1x32xi8>
  %o = pto.make_tensor_view %dst, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<1x32xi8>
  %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<1x32xi8> -> !pto.partition_tensor_view<1x32xi8>
  pto.tstore %t, %ow : (!pto.tile<vec, 1x32xi8>, !pto.partition_tensor_view<1x32xi8>) -> ()
  return
}

// -----

// Extents from the caller: the window's element count is their product.
func.func @dynamic_extents(%src: !pto.ptr<f32>, %rows: index, %cols: index,
                           %rs: index) -> !pto.tile<vec, 16x32xf32, valid=?x?> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = pto.make_tensor_view %src, shape = [%rows, %cols], strides = [%rs, %c1] : !pto.tensor_view<?x?xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rows, %cols] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x?xf32>
  %t = pto.tload %w : !pto.partition_tensor_view<?x?xf32> -> !pto.tile<vec, 16x32xf32, valid=?x?>
  return %t : !pto.tile<vec, 16x32xf32, valid=?x?>
}
