// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file -verify-diagnostics

// textract determines no valid shape of its result (the interpreter refuses
// a `?` extent too): there is none to allocate with.
func.func @undetermined(%a: !pto.tile<vec, 8x32xi16>, %r: index) -> !pto.tile<vec, 4x32xi16, valid=?x32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pto.textract' op result #0 has dynamic valid extents (?x32), which the op does not determine: pto-ssa-to-dps cannot allocate its buffer}}
  %0 = pto.textract %a, %r, %c0 : (!pto.tile<vec, 8x32xi16>, index, index) -> !pto.tile<vec, 4x32xi16, valid=?x32>
  return %0 : !pto.tile<vec, 4x32xi16, valid=?x32>
}

// -----

func.func @dynamic_loop_result(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %n: index) -> !pto.tile<vec, 8x32xui8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op result #0 has dynamic valid extents (?x32): pto-ssa-to-dps cannot allocate its buffer}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
    scf.yield %x : !pto.tile<vec, 8x32xui8, valid=?x32>
  }
  %o = pto.tor %r, %r : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8>
  return %o : !pto.tile<vec, 8x32xui8>
}

// -----

// A branch carries its result in one buffer, with one set of extents.
func.func @dynamic_branch(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %b: !pto.tile<vec, 8x32xui8, valid=?x32>, %p: i1) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  // expected-error @+1 {{'scf.if' op result #0 has dynamic valid extents (?x32): pto-ssa-to-dps cannot allocate its buffer}}
  %r = scf.if %p -> !pto.tile<vec, 8x32xui8, valid=?x32> {
    scf.yield %a : !pto.tile<vec, 8x32xui8, valid=?x32>
  } else {
    scf.yield %b : !pto.tile<vec, 8x32xui8, valid=?x32>
  }
  return %r : !pto.tile<vec, 8x32xui8, valid=?x32>
}

// -----

// Reported at the call, which is converted before its callee here.
func.func @calls_counting(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'func.call' op pto-ssa-to-dps: result #1 is not a tile; only tiles can be returned}}
  %r, %n = func.call @counting(%a) : (!pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, index)
  return %r : !pto.tile<vec, 8x32xui8>
}

func.func private @counting(!pto.tile<vec, 8x32xui8>) -> (!pto.tile<vec, 8x32xui8>, index)

// -----

func.func @region(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'scf.execute_region' op on !pto.tile values is not supported by pto-ssa-to-dps (tile ops, func.call, scf.for, scf.while and scf.if are)}}
  %r = scf.execute_region -> !pto.tile<vec, 8x32xui8> {
    scf.yield %a : !pto.tile<vec, 8x32xui8>
  }
  return %r : !pto.tile<vec, 8x32xui8>
}

// -----

// A while loop's before arguments get carriers of their own: with dynamic
// valid extents there is no extent to allocate with.
func.func @dynamic_while(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %n: index) -> !pto.tile<vec, 8x32xui8> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.while' op iter_arg #0 has dynamic valid extents (?x32): pto-ssa-to-dps cannot allocate its buffer}}
  %r = scf.while (%x = %a) : (!pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8> {
    %y = pto.tor %x, %x : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8>
    %go = arith.cmpi slt, %c0, %n : index
    scf.condition(%go) %y : !pto.tile<vec, 8x32xui8>
  } do {
  ^bb0(%z: !pto.tile<vec, 8x32xui8>):
    %w = pto.tor %z, %z : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
    scf.yield %w : !pto.tile<vec, 8x32xui8, valid=?x32>
  }
  return %r : !pto.tile<vec, 8x32xui8>
}
