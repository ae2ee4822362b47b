// RUN: pto-opt %s --pto-test-buffer-plan --split-input-file -verify-diagnostics -o /dev/null

// The plan of pto-ssa-to-dps (BufferPlan), one remark per decision, in the
// order taken: `<value>: buffer N (<kind>): <why>`. Buffers are numbered per
// function: tile arguments, then out-parameters, then those the plan makes.
// test/Passes/ssa-to-dps*.mlir show the IR the rewrite makes of such plans.

// A new buffer for a value read later; in place of a dead operand (tor is
// elementwise and writes every cell); the returned value straight into its
// out-parameter.
func.func @chain(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
  // expected-remark @+1 {{result #0: buffer 3 (new): a new buffer}}
  %ab = pto.tor %a, %b : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  // expected-remark @+1 {{result #0: buffer 3 (new): in place of operand #0}}
  %x = pto.tor %ab, %ab : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  // expected-remark @+1 {{result #0: buffer 2 (out-parameter #2): where it is going}}
  %y = pto.tor %x, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
  return %y : !pto.tile<vec, 16x32xi16>
}

// -----

// A result that starts from another tile (DestinationInitOpInterface: the op
// reads its destination, as an accumulator would): an argument is never
// written, so a copy; a dead init's buffer in place; a live init (%s is
// returned) copied into where the result is going, and itself copied out at
// the return.
func.func @into(%src: !pto.tile<vec, 16x32xf16>, %dst: !pto.tile<vec, 32x64xf16>) -> (!pto.tile<vec, 32x64xf16>, !pto.tile<vec, 32x64xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-remark @+2 {{result #0: buffer 4 (new): a new buffer}}
  // expected-remark @+1 {{result #0: buffer 4 (new): the tile it starts from copied in from buffer 1 (argument #1)}}
  %r = pto.tinsert %src, %c16, %c0 into %dst : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  // expected-remark @+2 {{result #0: buffer 4 (new): in place of the tile it starts from}}
  // expected-remark @+1 {{result #0: buffer 2 (out-parameter #2): copied into its out-parameter at the return}}
  %s = pto.tinsert %src, %c0, %c0 into %r : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  // expected-remark @+2 {{result #0: buffer 3 (out-parameter #3): where it is going}}
  // expected-remark @+1 {{result #0: buffer 3 (out-parameter #3): the tile it starts from copied in from buffer 4 (new)}}
  %t = pto.tinsert %src, %c0, %c16 into %s : (!pto.tile<vec, 16x32xf16>, index, index) -> !pto.tile<vec, 32x64xf16>
  return %s, %t : !pto.tile<vec, 32x64xf16>, !pto.tile<vec, 32x64xf16>
}

// -----

// A result of another shape than its sources (as a row reduction's): the
// dead source's buffer is not of its type, so a new buffer; a result of its
// own type then reuses it.
func.func @other_shape(%a: !pto.tile<vec, 8x32xi16>, %b: !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xi16> {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{result #0: buffer 3 (new): a new buffer}}
  %s = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  // expected-remark @+1 {{result #0: buffer 4 (new): a new buffer}}
  %e = pto.textract %s, %c0, %c0 : (!pto.tile<vec, 8x32xi16>, index, index) -> !pto.tile<vec, 4x32xi16>
  // expected-remark @+1 {{result #0: buffer 4 (new): in place of operand #0}}
  %w = pto.tor %e, %e : (!pto.tile<vec, 4x32xi16>, !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xi16>
  // expected-remark @+1 {{result #0: buffer 2 (out-parameter #2): where it is going}}
  %v = pto.tor %w, %b : (!pto.tile<vec, 4x32xi16>, !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xi16>
  return %v : !pto.tile<vec, 4x32xi16>
}

// -----

// Control flow: a loop carries its tile in its init's buffer (%init is dead
// after the loop and not read inside it); %t is read after the op making %u,
// so it gets a new buffer and is copied into the carrier at the yield.
func.func @loop(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{result #0: buffer 2 (new): a new buffer}}
  %init = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  // expected-remark @+1 {{block argument #1: buffer 2 (new): carried in place of its init}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> !pto.tile<vec, 8x32xi16> {
    // expected-remark @+2 {{result #0: buffer 3 (new): a new buffer}}
    // expected-remark @+1 {{result #0: buffer 2 (new): copied into its carrier by 'scf.yield'}}
    %t = pto.tor %acc, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    // expected-remark @+1 {{result #0: buffer 2 (new): in place of operand #1}}
    %u = pto.tor %t, %acc : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %t : !pto.tile<vec, 8x32xi16>
  }
  // expected-remark @+1 {{result #0: buffer 1 (out-parameter #2): where it is going}}
  %out = pto.tor %r, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %out : !pto.tile<vec, 8x32xi16>
}

// -----

// Iter_args yielded in swapped order, carried in the out-parameters: the
// yield's copies act as one, so the value in the first carrier is set aside
// before that carrier is written.
func.func @swap(%a: !pto.tile<vec, 8x32xi16>, %b: !pto.tile<vec, 8x32xi16>, %n: index) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+5 {{block argument #1: buffer 2 (out-parameter #3): carried where it is going}}
  // expected-remark @+4 {{block argument #2: buffer 3 (out-parameter #4): carried where it is going}}
  // expected-remark @+3 {{block argument #2: buffer 2 (out-parameter #3): copied into its carrier by 'scf.yield'}}
  // expected-remark @+2 {{block argument #1: buffer 4 (new, a value set aside): set aside before buffer 2 (out-parameter #3) is written}}
  // expected-remark @+1 {{block argument #1: buffer 3 (out-parameter #4): copied into its carrier by 'scf.yield'}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) {
    scf.yield %y, %x : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
  }
  return %r#0, %r#1 : !pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>
}

// -----

// A branch's result: one carrier both branches write, here the
// out-parameter.
// expected-remark @+1 {{argument #1: buffer 2 (out-parameter #3): copied into its carrier by 'scf.yield'}}
func.func @branch(%a: !pto.tile<vec, 8x32xi16>, %b: !pto.tile<vec, 8x32xi16>, %p: i1) -> !pto.tile<vec, 8x32xi16> {
  // expected-remark @+1 {{result #0: buffer 2 (out-parameter #3): carried where it is going}}
  %r = scf.if %p -> !pto.tile<vec, 8x32xi16> {
    // expected-remark @+1 {{result #0: buffer 2 (out-parameter #3): where it is going}}
    %x = pto.tor %a, %b : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %x : !pto.tile<vec, 8x32xi16>
  } else {
    scf.yield %b : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// scf.while: the before region's argument in a new carrier (its init is an
// argument), the after region's (the result) in the out-parameter.
func.func @while_loop(%a: !pto.tile<vec, 8x32xi16>, %n: index) -> !pto.tile<vec, 8x32xi16> {
  %c0 = arith.constant 0 : index
  // expected-remark @+2 {{block argument #0: buffer 2 (new carrier): carried in a new buffer}}
  // expected-remark @+1 {{result #0: buffer 1 (out-parameter #2): carried where it is going}}
  %r = scf.while (%x = %a) : (!pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16> {
    // expected-remark @+1 {{result #0: buffer 1 (out-parameter #2): where it is going}}
    %y = pto.tor %x, %x : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    %go = arith.cmpi slt, %c0, %n : index
    scf.condition(%go) %y : !pto.tile<vec, 8x32xi16>
  } do {
  ^bb0(%z: !pto.tile<vec, 8x32xi16>):
    // expected-remark @+2 {{result #0: buffer 3 (new): a new buffer}}
    // expected-remark @+1 {{result #0: buffer 2 (new carrier): copied into its carrier by 'scf.yield'}}
    %w = pto.tor %z, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
    scf.yield %w : !pto.tile<vec, 8x32xi16>
  }
  return %r : !pto.tile<vec, 8x32xi16>
}

// -----

// A call's results are out-parameters of the callee: a new buffer, or where
// the result is going.
func.func private @callee(!pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
func.func @caller(%a: !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16> {
  // expected-remark @+1 {{result #0: buffer 2 (new): a new buffer}}
  %t = pto.tor %a, %a : (!pto.tile<vec, 8x32xi16>, !pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  // expected-remark @+1 {{result #0: buffer 3 (new carrier): carried in a new buffer}}
  %r = func.call @callee(%t) : (!pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  // expected-remark @+1 {{result #0: buffer 1 (out-parameter #1): carried where it is going}}
  %s = func.call @callee(%r) : (!pto.tile<vec, 8x32xi16>) -> !pto.tile<vec, 8x32xi16>
  return %s : !pto.tile<vec, 8x32xi16>
}

// -----

// Dynamic extents: a whole-tile carrier, and a buffer with the carried
// extents at the top of the body and after the loop; the result is copied
// into its (whole-tile) out-parameter at the return.
func.func @dynamic(%a: !pto.tile<vec, 16x32xi16, valid=?x32>, %n: index) -> !pto.tile<vec, 16x32xi16, valid=?x32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+4 {{block argument #1: buffer 2 (new carrier): carried in a new buffer}}
  // expected-remark @+3 {{block argument #1: buffer 3 (new, with the carried extents): copied out of its carrier buffer 2 (new carrier)}}
  // expected-remark @+2 {{result #0: buffer 5 (new, with the carried extents): copied out of its carrier buffer 2 (new carrier)}}
  // expected-remark @+1 {{result #0: buffer 1 (out-parameter #2): copied into its out-parameter at the return}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !pto.tile<vec, 16x32xi16, valid=?x32> {
    // expected-remark @+2 {{result #0: buffer 4 (new): a new buffer}}
    // expected-remark @+1 {{result #0: buffer 2 (new carrier): copied into its carrier by 'scf.yield'}}
    %t = pto.tor %acc, %a : (!pto.tile<vec, 16x32xi16, valid=?x32>, !pto.tile<vec, 16x32xi16, valid=?x32>) -> !pto.tile<vec, 16x32xi16, valid=?x32>
    scf.yield %t : !pto.tile<vec, 16x32xi16, valid=?x32>
  }
  return %r : !pto.tile<vec, 16x32xi16, valid=?x32>
}

// -----

// The plan is where a kernel is refused, before anything changes: textract
// determines no `?` extent of its result.
func.func @undetermined(%a: !pto.tile<vec, 8x32xi16>, %r: index) -> !pto.tile<vec, 4x32xi16, valid=?x32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.textract' op result #0 has dynamic valid extents (?x32), which the op does not determine: pto-ssa-to-dps cannot allocate its buffer}}
  %0 = pto.textract %a, %r, %c0 : (!pto.tile<vec, 8x32xi16>, index, index) -> !pto.tile<vec, 4x32xi16, valid=?x32>
  return %0 : !pto.tile<vec, 4x32xi16, valid=?x32>
}

// -----

// Level 2 kernels need no plan: no remark.
func.func @already_level2(%a: !pto.tile_buf<vec, 8x32xui8>, %d: !pto.tile_buf<vec, 8x32xui8>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x32xui8>) outs(%d : !pto.tile_buf<vec, 8x32xui8>)
  return
}

// -----

// Rows that keep their tiles apart (apartOn: tands on every target, txor on
// a2a3) never write dst over a source, not even a dead one; tor does.
module attributes {pto.target_arch = "a2a3"} {
  func.func @apart(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>, %t: !pto.tile<vec, 16x32xi16>, %s: i16) -> !pto.tile<vec, 16x32xi16> {
    // expected-remark @+1 {{result #0: buffer 4 (new): a new buffer}}
    %ab = pto.tor %a, %b : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 5 (new): a new buffer}}
    %x = pto.tands %ab, %s : (!pto.tile<vec, 16x32xi16>, i16) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 6 (new): a new buffer}}
    %y = pto.txor %x, %x, %t : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 6 (new): in place of operand #0}}
    %z = pto.tor %y, %y : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 3 (out-parameter #4): where it is going}}
    %w = pto.tor %z, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    return %w : !pto.tile<vec, 16x32xi16>
  }
}

// -----

// A5's txor writes dst with one vxor (a5/TXor.hpp:29): in place.
module attributes {pto.target_arch = "a5"} {
  func.func @txor_a5(%a: !pto.tile<vec, 16x32xi16>, %b: !pto.tile<vec, 16x32xi16>, %t: !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16> {
    // expected-remark @+1 {{result #0: buffer 4 (new): a new buffer}}
    %ab = pto.tor %a, %b : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 4 (new): in place of operand #0}}
    %y = pto.txor %ab, %b, %t : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    // expected-remark @+1 {{result #0: buffer 3 (out-parameter #3): where it is going}}
    %w = pto.tor %y, %a : (!pto.tile<vec, 16x32xi16>, !pto.tile<vec, 16x32xi16>) -> !pto.tile<vec, 16x32xi16>
    return %w : !pto.tile<vec, 16x32xi16>
  }
}
