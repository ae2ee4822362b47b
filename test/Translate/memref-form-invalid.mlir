// RUN: pto-translate --export-pto-asm --split-input-file --verify-diagnostics %s
// RUN: pto-translate --export-ptoas --split-input-file --verify-diagnostics %s
// PTOAS's memref form parses in the translators (they register memref), so
// a kernel in it is refused at its op, not with "Dialect `memref' not found"
// (found by the fuzzer); pto-opt reads that form (docs/ptoas.md).

func.func @memref_operand() {
  %t = memref.alloc() : memref<8x16xi32, #pto.address_space<vec>>
  // expected-error @+1 {{'pto.tor' op operand #0 must be tile or tile buffer, but got 'memref<8x16xi32, #pto.address_space<vec>>'}}
  pto.tor ins(%t, %t : memref<8x16xi32, #pto.address_space<vec>>, memref<8x16xi32, #pto.address_space<vec>>) outs(%t : memref<8x16xi32, #pto.address_space<vec>>)
  return
}
