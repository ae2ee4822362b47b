// RUN: pto-opt --pto-to-std %s -split-input-file -verify-diagnostics

// Storage orders the host lowering cannot address (as the interpreter):
// col_major boxes of col_major elements, boxed vec tiles of partial box rows
// (the only partial boxes the type rules allow, tile_c9).
// expected-error @+1 {{'func.func' op argument #0 (!pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=col_major>) cannot be held on the host: layout blayout=col_major, slayout=col_major has no storage order}}
func.func @no_storage_order(%t: !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=col_major>) {
  return
}

// -----

func.func @partial_boxes() {
  // expected-error @+1 {{'pto.alloc_tile' op result (!pto.tile_buf<vec, 8x8xf32, blayout=col_major, slayout=row_major>) cannot be held on the host: a boxed 8x8 tile is not whole 16x8 boxes}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// expected-error @+1 {{'func.func' op returns a tile buffer, which the host lowering does not support (write it through an argument)}}
func.func @returns(%t: !pto.tile_buf<vec, 16x32xi16>) -> !pto.tile_buf<vec, 16x32xi16> {
  return %t : !pto.tile_buf<vec, 16x32xi16>
}

// -----

// Level 1 tiles anywhere are refused before anything is lowered (they would
// stay half-lowered and fail later without a location).
// expected-error @+1 {{'func.func' op argument #0 is a Level 1 tile (!pto.tile<vec, 16x32xi16>); run pto-ssa-to-dps before lowering to host code}}
func.func @level1(%a: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  %r = pto.tor %a, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %r : !pto.tile<vec, 16x32xi16>
}

// -----

// A Level 1 argument beside the buffers the kernel writes.
// expected-error @+1 {{'func.func' op argument #0 is a Level 1 tile (!pto.tile<vec, 1x32xi16>); run pto-ssa-to-dps before lowering to host code}}
func.func @level1_argument_unused(%t: !pto.tile<vec, 1x32xi16>, %b: !pto.tile_buf<vec, 1x32xi16>) {
  pto.tor ins(%b, %b : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%b : !pto.tile_buf<vec, 1x32xi16>)
  return
}

// -----

// expected-error @+1 {{'func.func' op result #0 is a Level 1 tile (!pto.tile<vec, 1x32xi16>); run pto-ssa-to-dps before lowering to host code}}
func.func private @level1_declaration() -> !pto.tile<vec, 1x32xi16>

// -----

func.func @level1_op_result(%b: !pto.tile_buf<vec, 1x32xi16>) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op result #0 is a Level 1 tile (!pto.tile<vec, 1x32xi16>); run pto-ssa-to-dps before lowering to host code}}
  %t = builtin.unrealized_conversion_cast %b : !pto.tile_buf<vec, 1x32xi16> to !pto.tile<vec, 1x32xi16>
  return
}

// -----

func.func @level1_block_argument(%b: !pto.tile_buf<vec, 1x32xi16>) {
  return
// expected-error @+1 {{block argument #0 is a Level 1 tile (!pto.tile<vec, 1x32xi16>); run pto-ssa-to-dps before lowering to host code}}
^unreachable(%t: !pto.tile<vec, 1x32xi16>):
  return
}

// -----

// The same block with a tile buffer: the conversion would keep its type
// (it carries tile buffers into entry blocks only) and could not legalize
// the function.
func.func @tile_buf_block_argument(%b: !pto.tile_buf<vec, 1x32xi16>) {
  return
// expected-error @+1 {{block argument #0 (!pto.tile_buf<vec, 1x32xi16>) is a tile buffer in a block other than an entry block, which the host lowering does not support (tile buffers flow through function arguments, calls and scf control flow)}}
^unreachable(%t: !pto.tile_buf<vec, 1x32xi16>):
  return
}

// -----

// A buffer allocated in a loop body is freed at the end of the body, so
// it may not be yielded, not even through an scf.if result.
func.func @alloc_escapes(%a: !pto.tile_buf<vec, 16x32xi16>, %n: index, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!pto.tile_buf<vec, 16x32xi16>) {
    // expected-error @+1 {{'pto.alloc_tile' op result is used after the end of its block (by 'scf.yield'), which the host lowering does not support: it frees the buffer there (allocate it in an enclosing block)}}
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi16>
    %s = scf.if %p -> (!pto.tile_buf<vec, 16x32xi16>) {
      scf.yield %t : !pto.tile_buf<vec, 16x32xi16>
    } else {
      scf.yield %acc : !pto.tile_buf<vec, 16x32xi16>
    }
    scf.yield %s : !pto.tile_buf<vec, 16x32xi16>
  }
  return
}

// -----

func.func @foreign_user(%a: !pto.tile_buf<vec, 16x32xi16>) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op uses a tile buffer, which the host lowering does not support (tile buffers may only be used by pto ops, scf control flow and calls)}}
  %m = builtin.unrealized_conversion_cast %a : !pto.tile_buf<vec, 16x32xi16> to memref<1024xi8>
  return
}

// -----

// expected-error @+1 {{'func.func' op is a declaration with tile buffer arguments, which the host lowering cannot call}}
func.func private @declared(!pto.tile_buf<vec, 16x32xi16>)

// -----

func.func @view_dynamic(%a: !pto.tile_buf<vec, 4x16xi16>) {
  // expected-error @+1 {{'pto.treshape' op view result !pto.tile_buf<vec, 2x32xi16, valid=2x?> has a dynamic valid shape, which the host lowering does not support (allowed: a static valid shape)}}
  %v = pto.treshape %a : !pto.tile_buf<vec, 4x16xi16> -> !pto.tile_buf<vec, 2x32xi16, valid=2x?>
  return
}

// -----

// expected-error @+1 {{'func.func' op is a declaration returning tile buffers, which the host lowering cannot call}}
func.func private @declared_result() -> !pto.tile_buf<vec, 16x32xi16>

// -----

// Functions of a nested module are not lowered (the op is in a function,
// not outside one). The outer module is the top-level one.
module {
  module {
    func.func @nested(%a: !pto.tile_buf<vec, 1x32xi16>) {
      // expected-error @+1 {{'pto.tor' op is in a nested module; the host lowering lowers the functions of the top-level module only}}
      pto.tor ins(%a, %a : !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%a : !pto.tile_buf<vec, 1x32xi16>)
      return
    }
  }
}

// -----

// func.call verifies outside a function, but has no caller's error slot to
// pass on there (a fuzzer finding: it crashed the lowering).
// expected-error @+1 {{'func.call' op outside a function has no host lowering: a call passes its caller's run-time error slot to the callee}}
func.call @helper() : () -> ()
func.func @helper() {
  return
}

// -----

// A buffer whose valid shape set_validshape sets stays with the pto ops of
// its function: a loop carrying it would carry extents its cell no longer
// holds.
func.func @set_validshape_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  pto.set_validshape %t, %c1, %c1 : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  // expected-error @+1 {{'scf.for' op uses a tile buffer whose valid shape 'pto.set_validshape' sets, which the host lowering does not support: it keeps the extents for the pto ops of the buffer's function}}
  %u = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (!pto.tile_buf<vec, 16x16xf32, valid=?x?>) {
    scf.yield %a : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  }
  return
}
