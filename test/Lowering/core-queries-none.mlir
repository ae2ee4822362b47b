// RUN: pto-opt --pto-to-std %s | FileCheck %s

// Without core queries the module declares no pto_core_query (the JIT's
// disk cache links a module's shared object against what it calls).

// CHECK-LABEL: func.func @none(
// CHECK-NOT:   pto_core_query
func.func @none() {
  return
}
