// pto-opt --pto-to-std tile-size-overflow-alloc.mlir
// pto-opt --pto-to-llvm tile-size-overflow-alloc.mlir
// assertion `succeeded( ConcreteT::verifyInvariants(getDefaultDiagnosticEmitFn(ctx), args...))` [ConcreteT = mlir::MemRefType] in mlir::MemRefType::get
// From issue 12 (crashes, the second item), confirmed: the same through
// alloc_tile. `pto-opt --pto-plan-memory` places this tile at 0x0 and
// succeeds (issue 12, wrong results).
func.func @k() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 9223372036854775807x32xi16>
  return
}
