// A Level 1 kernel: OR-combine four 16x64 ui16 tiles.
//   result = (a | b) | (c | d)
// pto-run converts it to Level 2 (pto-ssa-to-dps), compiles and runs it:
//   pto-run examples/or_reduce.mlir --entry or_reduce --random-inputs --seed 0
module attributes {pto.target_arch = "a5"} {
  func.func @or_reduce(%a: !pto.tile<vec, 16x64xui16>, %b: !pto.tile<vec, 16x64xui16>,
                       %c: !pto.tile<vec, 16x64xui16>, %d: !pto.tile<vec, 16x64xui16>) -> !pto.tile<vec, 16x64xui16> {
    %ab = pto.tor %a, %b : (!pto.tile<vec, 16x64xui16>, !pto.tile<vec, 16x64xui16>) -> !pto.tile<vec, 16x64xui16>
    %cd = pto.tor %c, %d : (!pto.tile<vec, 16x64xui16>, !pto.tile<vec, 16x64xui16>) -> !pto.tile<vec, 16x64xui16>
    %r = pto.tor %ab, %cd : (!pto.tile<vec, 16x64xui16>, !pto.tile<vec, 16x64xui16>) -> !pto.tile<vec, 16x64xui16>
    return %r : !pto.tile<vec, 16x64xui16>
  }
}
