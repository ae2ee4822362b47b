// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's addptr keeps the pointer's type (PTO.cpp, AddPtrOp::verify:
// "result type must match ptr operand type").

func.func @k(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @+1 {{'pto.addptr' op failed to verify that all of {ptr, result} have same type}}
  %a = "pto.addptr"(%p, %n) : (!pto.ptr<f32>, index) -> !pto.ptr<f16>
  return
}
