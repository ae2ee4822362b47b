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

// scf.for and scf.if carry tiles with dynamic valid extents (their extents
// as index values beside them), scf.while does not.
func.func @dynamic_while(%a: !pto.tile<vec, 8x32xui8, valid=?x32>, %n: index) -> !pto.tile<vec, 8x32xui8> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.while' op iter_arg #0 has dynamic valid extents (?x32), which pto-ssa-to-dps does not carry through scf.while (scf.for and scf.if carry them)}}
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

// -----

func.func @dynamic_while_result(%a: !pto.tile<vec, 8x32xui8>, %b: !pto.tile<vec, 8x32xui8, valid=?x32>, %n: index) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.while' op result #0 has dynamic valid extents (?x32), which pto-ssa-to-dps does not carry through scf.while (scf.for and scf.if carry them)}}
  %r = scf.while (%x = %a) : (!pto.tile<vec, 8x32xui8>) -> !pto.tile<vec, 8x32xui8, valid=?x32> {
    %go = arith.cmpi slt, %c0, %n : index
    scf.condition(%go) %b : !pto.tile<vec, 8x32xui8, valid=?x32>
  } do {
  ^bb0(%z: !pto.tile<vec, 8x32xui8, valid=?x32>):
    scf.yield %a : !pto.tile<vec, 8x32xui8>
  }
  return %r : !pto.tile<vec, 8x32xui8, valid=?x32>
}
