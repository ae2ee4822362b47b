// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's address spaces (PTOAS include/PTO/IR/PTOAttrs.td,
// PTO_AddressSpaceEnum).

// An address space PTOAS does not have.
// expected-error @+1 {{expected ::mlir::pto::AddressSpace to be one of: zero, gm, mat, left, right, acc, vec, bias, scaling}}
func.func private @k(memref<16xf16, #pto.address_space<ub>>)
