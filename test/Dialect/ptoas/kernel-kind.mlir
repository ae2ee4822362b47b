// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's kernel kind on a function reads and prints as PTOAS spells it
// (kernel-kind-invalid.mlir has its rules).

// CHECK-LABEL: func.func @vec_kernel
// CHECK-SAME: attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>}
func.func @vec_kernel() attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
  return
}

// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
func.func @cube_kernel() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  return
}
