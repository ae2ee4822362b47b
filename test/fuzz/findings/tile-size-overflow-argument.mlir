// pto-opt --pto-to-std tile-size-overflow-argument.mlir
// pto-opt --pto-to-llvm tile-size-overflow-argument.mlir
// assertion `succeeded( ConcreteT::verifyInvariants(getDefaultDiagnosticEmitFn(ctx), args...))` [ConcreteT = mlir::MemRefType] in mlir::MemRefType::get
// From issue 12 (crashes, the second item), confirmed; the fuzzer's signature
// for it is listed in test/fuzz/known.py. The tile verifies; its byte size
// overflows int64.
func.func @k(%a: !pto.tile_buf<vec, 9223372036854775807x32xi16>) {
  return
}
