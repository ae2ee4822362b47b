// RUN: pto-opt %s -split-input-file -verify-diagnostics
// One case of the ternary family's own rule (c5; c1..c4 are the elementwise
// families': every op and rule in
// test/pytest/families/test_ternary_elementwise_rules.py).

// taddc_c5: one shape for the four tiles (the simulator's one TileData type).
func.func @taddc_c5(%a: !pto.tile<vec, 8x16xf32, valid=4x16>, %b: !pto.tile<vec, 4x16xf32>) {
  // expected-error @+1 {{'pto.taddc' op src0 is 8x16 ND, dst 4x16 ND: the four tiles must have one shape and layout}}
  %d = pto.taddc %a, %b, %b : (!pto.tile<vec, 8x16xf32, valid=4x16>, !pto.tile<vec, 4x16xf32>, !pto.tile<vec, 4x16xf32>) -> !pto.tile<vec, 4x16xf32>
  return
}

// -----

// taddsc_c5: one shape for the three tiles (ElementTileScalarOp.h:107's one
// TileData type); the scalar is not a tile.
func.func @taddsc_c5(%a: !pto.tile<vec, 4x16xf32>, %s: f32, %b: !pto.tile<vec, 8x16xf32, valid=4x16>) {
  // expected-error @+1 {{'pto.taddsc' op src1 is 8x16 ND, dst 4x16 ND: the three tiles must have one shape and layout}}
  %d = pto.taddsc %a, %s, %b : (!pto.tile<vec, 4x16xf32>, f32, !pto.tile<vec, 8x16xf32, valid=4x16>) -> !pto.tile<vec, 4x16xf32>
  return
}
