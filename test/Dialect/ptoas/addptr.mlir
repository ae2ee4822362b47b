// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's pointer arithmetic reads and prints as PTOAS spells it.

// CHECK-LABEL: func.func @k
// CHECK: %{{.*}} = pto.addptr %{{.*}}, %{{.*}} : <f32> -> <f32>
// CHECK: %{{.*}} = pto.addptr %{{.*}}, %{{.*}} : <i16> -> <i16>
func.func @k(%p: !pto.ptr<f32>, %q: !pto.ptr<i16>, %n: index) -> (!pto.ptr<f32>, !pto.ptr<i16>) {
  %a = pto.addptr %p, %n : <f32> -> <f32>
  %b = pto.addptr %q, %n : !pto.ptr<i16> -> !pto.ptr<i16>
  return %a, %b : !pto.ptr<f32>, !pto.ptr<i16>
}
