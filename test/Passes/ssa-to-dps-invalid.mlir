// RUN: pto-opt %s --pto-ssa-to-dps --split-input-file -verify-diagnostics

func.func @returns_argument(%a: !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'func.return' op pto-ssa-to-dps: result #0 returns an argument or a value returned before; that needs a copy and pto has no copy op}}
  return %a : !pto.tile<vec, 8x32xui8>
}

// -----

func.func @dynamic_result(%a: !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8> {
  // expected-error @+1 {{'pto.tor' op result #0 has dynamic valid extents (?x32): pto-ssa-to-dps cannot allocate its buffer}}
  %0 = pto.tor %a, %a : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8, valid=?x32>
  %1 = pto.tor %0, %0 : (!pto.tile<vec, 8x32xui8, valid=?x32>, !pto.tile<vec, 8x32xui8, valid=?x32>) -> !pto.tile<vec, 8x32xui8>
  return %1 : !pto.tile<vec, 8x32xui8>
}

// -----

func.func @control_flow(%a: !pto.tile<vec, 8x32xui8>, %n: index) -> !pto.tile<vec, 8x32xui8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op on !pto.tile values is not supported by pto-ssa-to-dps (only tile ops in straight-line code are)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> !pto.tile<vec, 8x32xui8> {
    %y = pto.tor %x, %a : (!pto.tile<vec, 8x32xui8>, !pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8>
    scf.yield %y : !pto.tile<vec, 8x32xui8>
  }
  return %r : !pto.tile<vec, 8x32xui8>
}
