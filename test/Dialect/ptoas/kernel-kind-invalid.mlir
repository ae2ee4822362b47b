// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's `pto.kernel_kind` (PTOAS include/PTO/IR/PTOAttrs.td,
// FunctionKernelKindAttr; read from the function by its
// PTOWrapFunctionsInSections pass). One case per rule.

// kernel_kind_c1: the value is a kernel kind.
// expected-error @+1 {{'pto.kernel_kind' must be #pto.kernel_kind<cube> or #pto.kernel_kind<vector>, got "vector"}}
func.func @k() attributes {pto.kernel_kind = "vector"} { return }

// -----

// kernel_kind_c2: on a function.
// expected-error @+1 {{'pto.kernel_kind' must be set on a function, not on 'builtin.module'}}
module attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {}

// -----

// A kind PTOAS does not have.
// expected-error @+2 {{expected ::mlir::pto::KernelKind to be one of: cube, vector}}
// expected-error @+1 {{failed to parse Pto_KernelKindAttr parameter 'value' which is to be a `::mlir::pto::KernelKind`}}
func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<gpu>} { return }

