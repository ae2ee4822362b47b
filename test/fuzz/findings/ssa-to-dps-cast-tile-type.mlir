// pto-opt --pto-ssa-to-dps ssa-to-dps-cast-tile-type.mlir
// pto-opt --pto-to-dps ssa-to-dps-cast-tile-type.mlir
// pto-opt --pass-pipeline='builtin.module(pto-to-dps{placement=manual})' ssa-to-dps-cast-tile-type.mlir
// assertion `isa<To>(Val) && "cast<Ty>() argument of incompatible type!"` [To = mlir::pto::TileType] in KernelConverter::convertTileOp
// Found by the fuzzer from test/Dialect/treshape.mlir (ssa_swap), minimized.
// Filed: issue 12, crashes (the first item). Through pipeline.to_dps (the jit
// engine's Level 1 conversion) it kills the Python process.
func.func @effects(%src: !pto.tile_buf<vec, 16x16xi32>, %dst: !pto.tile_buf<vec, 8x32xi32>, %t: !pto.tile<vec, 16x16xi32>) {
  %v1 = pto.treshape %src : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 8x32xi32>
  return
}
