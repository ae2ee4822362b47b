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

func.func @while_loop(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  %false = arith.constant false
  // expected-error @+1 {{'scf.while' op on !pto.tile values is not supported by pto-ssa-to-dps (tile ops, scf.for and scf.if are)}}
  %r = scf.while (%x = %a) : (!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
    scf.condition(%false) %x : !pto.tile<vec, 8x32xui8>
  } do {
  ^bb0(%y: !pto.tile<vec, 8x32xui8>):
    scf.yield %y : !pto.tile<vec, 8x32xui8>
  }
  return %r : !pto.tile<vec, 8x32xui8>
}

// -----

func.func private @helper(!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>

func.func @calls(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'func.call' op on !pto.tile values is not supported by pto-ssa-to-dps (tile ops, scf.for and scf.if are)}}
  %r = func.call @helper(%a) : (!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
  return %r : !pto.tile<vec, 8x32xui8>
}
