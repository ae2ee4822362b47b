// RUN: pto-opt %s -split-input-file -verify-diagnostics
// The family rows that keep their tiles apart (apartOn, ElementwiseOps.td):
// dst and tmp each a tile of its own, where the NPU writes them while it
// reads the other operands.

// txor_c5: A2/A3's TXOR writes tmp and dst while it reads src0 and src1
// (a2a3/TXor.hpp:43-46).
module attributes {pto.target_arch = "a2a3"} {
  func.func @txor_c5(%a: !pto.tile_buf<vec, 4x32xi16>, %b: !pto.tile_buf<vec, 4x32xi16>, %t: !pto.tile_buf<vec, 4x32xi16>) {
    // expected-error @+1 {{'pto.txor' op src1 and dst are the same tile; on a2a3 dst and tmp must each be a tile of its own (the NPU writes them while it reads the others)}}
    pto.txor ins(%a, %b, %t : !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16>) outs(%b : !pto.tile_buf<vec, 4x32xi16>)
    return
  }
}

// -----

// txor_c5 at Level 1: one value as src0 and as tmp is one tile.
module attributes {pto.target_arch = "a2a3"} {
  func.func @txor_c5_level1(%a: !pto.tile<vec, 4x32xi16>, %b: !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xi16> {
    // expected-error @+1 {{'pto.txor' op src0 and tmp are the same tile; on a2a3 dst and tmp must each be a tile of its own (the NPU writes them while it reads the others)}}
    %d = pto.txor %a, %b, %a : (!pto.tile<vec, 4x32xi16>, !pto.tile<vec, 4x32xi16>, !pto.tile<vec, 4x32xi16>) -> !pto.tile<vec, 4x32xi16>
    return %d : !pto.tile<vec, 4x32xi16>
  }
}

// -----

// A5's TXOR reads no tmp and writes dst with one vxor (a5/TXor.hpp:29):
// no rule there.
module attributes {pto.target_arch = "a5"} {
  func.func @txor_a5(%a: !pto.tile_buf<vec, 4x32xi16>, %b: !pto.tile_buf<vec, 4x32xi16>) {
    pto.txor ins(%a, %b, %a : !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16>) outs(%a : !pto.tile_buf<vec, 4x32xi16>)
    return
  }
}

// -----

// tands_c5: TEXPANDS of the scalar into dst, then TAND(dst, src, dst)
// (a2a3/TBitwiseSOp.hpp:102-107); PTOAS refuses it on every target
// (lib/PTO/IR/PTO.cpp:2999).
module attributes {pto.target_arch = "a5"} {
  func.func @tands_c5(%a: !pto.tile_buf<vec, 4x32xi16>, %s: i16) {
    // expected-error @+1 {{'pto.tands' op src and dst are the same tile; on a5 dst must be a tile of its own (the NPU writes it while it reads the others)}}
    pto.tands ins(%a, %s : !pto.tile_buf<vec, 4x32xi16>, i16) outs(%a : !pto.tile_buf<vec, 4x32xi16>)
    return
  }
}

// -----

// tors_c5: as tands_c5 (a2a3/TBitwiseSOp.hpp:114-119, PTO.cpp:6333); a
// module without a target: every target keeps them apart.
func.func @tors_c5(%a: !pto.tile_buf<vec, 4x32xui16>, %s: i16) {
  // expected-error @+1 {{'pto.tors' op src and dst are the same tile; on every target dst must be a tile of its own (the NPU writes it while it reads the others)}}
  pto.tors ins(%a, %s : !pto.tile_buf<vec, 4x32xui16>, i16) outs(%a : !pto.tile_buf<vec, 4x32xui16>)
  return
}

// -----

// txors_c5: TORS into tmp, TANDS into dst, TNOT, TAND (a2a3/
// TBitwiseSOp.hpp:126-136).
module attributes {pto.target_arch = "a2a3"} {
  func.func @txors_c5(%a: !pto.tile_buf<vec, 4x32xi16>, %s: i16, %d: !pto.tile_buf<vec, 4x32xi16>) {
    // expected-error @+1 {{'pto.txors' op src and tmp are the same tile; on a2a3 dst and tmp must each be a tile of its own (the NPU writes them while it reads the others)}}
    pto.txors ins(%a, %s, %a : !pto.tile_buf<vec, 4x32xi16>, i16, !pto.tile_buf<vec, 4x32xi16>) outs(%d : !pto.tile_buf<vec, 4x32xi16>)
    return
  }
}
