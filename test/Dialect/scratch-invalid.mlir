// RUN: pto-opt %s -split-input-file -verify-diagnostics
// The A2/A3 size of a family op's scratch tmp (the ops that compute in it
// on the NPU; every engine here ignores it, as the simulator does).

// trem_c5: dst's columns plus two 64-element mask blocks (a2a3/TRem.hpp:196).
module attributes {pto.target_arch = "a2a3"} {
  func.func @trem_c5(%a: !pto.tile_buf<vec, 1x16xf32>, %t: !pto.tile_buf<vec, 1x16xf32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
    // expected-error @+1 {{'pto.trem' op tmp has valid shape 1x16; on a2a3 it needs at least 1 row and 18 columns (dst's columns and two mask blocks)}}
    pto.trem ins(%a, %a, %t : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
    return
  }
}

// -----

// trems_c5: dst's valid columns and a row (a2a3/TRemS.hpp:170-171).
module attributes {pto.target_arch = "a2a3"} {
  func.func @trems_c5(%a: !pto.tile_buf<vec, 4x16xf32>, %s: f32, %t: !pto.tile_buf<vec, 4x16xf32, valid=4x15>, %d: !pto.tile_buf<vec, 4x16xf32>) {
    // expected-error @+1 {{'pto.trems' op tmp has valid shape 4x15; on a2a3 it needs at least 1 row and 16 columns (dst's valid columns)}}
    pto.trems ins(%a, %s, %t : !pto.tile_buf<vec, 4x16xf32>, f32, !pto.tile_buf<vec, 4x16xf32, valid=4x15>) outs(%d : !pto.tile_buf<vec, 4x16xf32>)
    return
  }
}

// -----

// A5 reads no tmp: any size (a5/TRem.hpp, docs/isa/TREM.md:64).
module attributes {pto.target_arch = "a5"} {
  func.func @trem_a5(%a: !pto.tile_buf<vec, 1x16xf32>, %t: !pto.tile_buf<vec, 1x16xf32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
    pto.trem ins(%a, %a, %t : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
    return
  }
}

// -----

// txor_c6: A2/A3's TOR(tmp, src0, src1) over dst's valid region, asserted
// (a2a3/TXor.hpp:39-41).
module attributes {pto.target_arch = "a2a3"} {
  func.func @txor_c6(%a: !pto.tile_buf<vec, 4x32xi16>, %t: !pto.tile_buf<vec, 4x32xi16, valid=4x16>, %d: !pto.tile_buf<vec, 4x32xi16>) {
    // expected-error @+1 {{'pto.txor' op tmp valid shape 4x16 does not match dst valid shape 4x32}}
    pto.txor ins(%a, %a, %t : !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16>, !pto.tile_buf<vec, 4x32xi16, valid=4x16>) outs(%d : !pto.tile_buf<vec, 4x32xi16>)
    return
  }
}

// -----

// txors_c6: A2/A3's TORS(tmp, src, scalar) and TAND(dst, dst, tmp), whose
// valid shapes TOR asserts (a2a3/TOr.hpp:73-76).
module attributes {pto.target_arch = "a2a3"} {
  func.func @txors_c6(%a: !pto.tile_buf<vec, 4x64xi8>, %s: i8, %t: !pto.tile_buf<vec, 8x64xi8>, %d: !pto.tile_buf<vec, 4x64xi8>) {
    // expected-error @+1 {{'pto.txors' op tmp valid shape 8x64 does not match dst valid shape 4x64}}
    pto.txors ins(%a, %s, %t : !pto.tile_buf<vec, 4x64xi8>, i8, !pto.tile_buf<vec, 8x64xi8>) outs(%d : !pto.tile_buf<vec, 4x64xi8>)
    return
  }
}
