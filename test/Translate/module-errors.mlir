// RUN: not pto-translate --export-pto-asm %s 2>&1 | FileCheck %s --implicit-check-not="see current operation" --implicit-check-not=func.func
// An error about the whole module is located at it, without the module
// printed after it.

// CHECK: module-errors.mlir:[[# @LINE + 1]]:1: error: PTO-AS writes one kernel: expected one func.func in the module, got 2
module {
  func.func @a() { return }
  func.func @b() { return }
}

