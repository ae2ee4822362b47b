// A Level 2 kernel: three bitwise ORs over 16x64 ui16 tiles, with an
// intermediate buffer allocated in the kernel.
//   out = (a | b) | (b | c)
// Run it:  pto-run examples/tor_chain.mlir --entry tor_chain --random-inputs --seed 0
module attributes {pto.target_arch = "a5"} {
  func.func @tor_chain(%a: !pto.tile_buf<vec, 16x64xui16>, %b: !pto.tile_buf<vec, 16x64xui16>,
                       %c: !pto.tile_buf<vec, 16x64xui16>, %out: !pto.tile_buf<vec, 16x64xui16>) {
    %ab = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    %bc = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    pto.tor ins(%a, %b : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%ab : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%b, %c : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%bc : !pto.tile_buf<vec, 16x64xui16>)
    pto.tor ins(%ab, %bc : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x64xui16>) outs(%out : !pto.tile_buf<vec, 16x64xui16>)
    return
  }
}
