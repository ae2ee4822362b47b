// RUN: not pto-translate --export-ptoas %s 2>&1 | FileCheck %s --implicit-check-not="see current operation"
// A nested module is refused at its location, without it printed after the
// message.

// CHECK: foreign-module.mlir:[[# @LINE + 2]]:3: error: 'builtin.module' is not exported to PTOAS: the exporter writes func, arith, scf and pto ops
module {
  module {}
}
