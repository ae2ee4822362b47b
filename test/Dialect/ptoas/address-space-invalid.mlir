// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's address spaces (PTOAS include/PTO/IR/PTOAttrs.td,
// PTO_AddressSpaceEnum).

// An address space PTOAS does not have.
// expected-error @+2 {{expected ::mlir::pto::AddressSpace to be one of: zero, gm, mat, left, right, acc, vec, bias, scaling}}
// expected-error @+1 {{failed to parse Pto_AddressSpaceAttr parameter 'value' which is to be a `::mlir::pto::AddressSpace`}}
func.func private @k(memref<16xf16, #pto.address_space<ub>>)
