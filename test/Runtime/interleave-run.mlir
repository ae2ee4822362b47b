// Executes a Level 1 kernel with the reference interpreter through pto-run
// and checks the printed results; then a run-time check failing with the
// op's location.
// RUN: %PYTHON -c "import numpy as np; a = np.arange(8, dtype=np.int32).reshape(1, 8); np.savez('%t.npz', arg0=a, arg1=a + 100, arg2=a, arg2_valid=[1, 3])"
// RUN: %PYTHON -m pto_mlir.tools.pto_run %s --entry interleave --inputs %t.npz | FileCheck %s
// The JIT too: @odd's dynamic Level 1 result, which it cannot compile, is
// not in what @interleave reaches.
// RUN: %PYTHON -m pto_mlir.tools.pto_run %s --entry interleave --engine jit --inputs %t.npz | FileCheck %s
// RUN: not %PYTHON -m pto_mlir.tools.pto_run %s --entry odd --inputs %t.npz 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: arg0: int32 1x8
// CHECK: arg1: int32 1x8
// CHECK: result0: int32 1x8
// CHECK-NEXT: 0 100 1 101 2 102 3 103]]
// CHECK: result1: int32 1x8
// CHECK-NEXT: 4 104 5 105 6 106 7 107]]
func.func @interleave(%a: !pto.tile<vec, 1x8xi32>, %b: !pto.tile<vec, 1x8xi32>)
    -> (!pto.tile<vec, 1x8xi32>, !pto.tile<vec, 1x8xi32>) {
  %x, %y = pto.tinterleave %a, %b : (!pto.tile<vec, 1x8xi32>, !pto.tile<vec, 1x8xi32>) -> (!pto.tile<vec, 1x8xi32>, !pto.tile<vec, 1x8xi32>)
  return %x, %y : !pto.tile<vec, 1x8xi32>, !pto.tile<vec, 1x8xi32>
}

func.func @odd(%a: !pto.tile<vec, 1x8xi32>, %b: !pto.tile<vec, 1x8xi32>,
               %c: !pto.tile<vec, 1x8xi32, valid=1x?>) -> !pto.tile<vec, 1x8xi32, valid=1x?> {
  %t = pto.tor %c, %c : (!pto.tile<vec, 1x8xi32, valid=1x?>, !pto.tile<vec, 1x8xi32, valid=1x?>) -> !pto.tile<vec, 1x8xi32, valid=1x?>
  // ERR: pto-run: error: 'pto.tinterleave' op at {{.*}}interleave-run.mlir:[[@LINE+1]]:12: dst0 has 3 valid columns; it must be even
  %x, %y = pto.tinterleave %t, %t : (!pto.tile<vec, 1x8xi32, valid=1x?>, !pto.tile<vec, 1x8xi32, valid=1x?>) -> (!pto.tile<vec, 1x8xi32, valid=1x?>, !pto.tile<vec, 1x8xi32, valid=1x?>)
  return %x : !pto.tile<vec, 1x8xi32, valid=1x?>
}
