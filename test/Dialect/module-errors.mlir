// RUN: not pto-opt %s 2>&1 | FileCheck %s --implicit-check-not="see current operation" --implicit-check-not=func.func
// An error about a module's attribute is located at the module, without the
// module printed after it.

// CHECK: module-errors.mlir:[[# @LINE + 1]]:1: error: 'pto.target_arch' must be "a2a3", "a5", "a2" or "a3", got "x"
module attributes {pto.target_arch = "x"} {
  func.func @a() { return }
}
