// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file -verify-diagnostics

func.func @dynamic_result(%a: !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'pto.tor' op result #0 has dynamic valid extents (?x32): pto-ssa-to-dps cannot allocate its buffer}}
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  %1 = pto.tor %0, %0 : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8>
  return %1 : !pto.tile<vec, 8x32xui8>
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

// A call's result goes to a new buffer unless it is going to an
// out-parameter: with dynamic valid extents there is no extent to allocate.
func.func @calls_dynamic(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'func.call' op result #0 has dynamic valid extents (8x?): pto-ssa-to-dps cannot allocate its buffer}}
  %r = func.call @dynamic(%a) : (!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8, valid=8x?>
  %o = pto.tor %r, %r : (!pto.tile<vec, 8x32xui8, valid=8x?>, !pto.tile<vec, 8x32xui8, valid=8x?>) -> !pto.tile<vec, 8x32xui8>
  return %o : !pto.tile<vec, 8x32xui8>
}

func.func private @dynamic(!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8, valid=8x?>

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
