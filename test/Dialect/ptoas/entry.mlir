// RUN: pto-opt %s | FileCheck %s
// PTOAS's `pto.entry` reads and prints as written (entry-invalid.mlir has
// its rules).

// CHECK: func.func @kernel() attributes {pto.entry} {
// CHECK: func.func private @helper() {
func.func @kernel() attributes {pto.entry} {
  func.call @helper() : () -> ()
  return
}
func.func private @helper() {
  return
}
