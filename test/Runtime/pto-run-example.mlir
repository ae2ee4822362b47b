// RUN: %PYTHON -m pto_mlir.tools.pto_run %S/../../examples/tor_chain.mlir --entry tor_chain --random-inputs --seed 0 | FileCheck %s
// RUN: not %PYTHON -m pto_mlir.tools.pto_run %S/../../examples/tor_chain.mlir --entry missing 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: arg0: uint16 16x64
// CHECK: arg1: uint16 16x64
// CHECK: arg2: uint16 16x64
// CHECK: arg3: uint16 16x64
// ERR: pto-run: error: no func.func @missing in the module (found: tor_chain)
