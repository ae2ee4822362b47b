//===- IRFingerprint.h - a hash of an operation's IR ------------*- C++ -*-===//
//
// A cheap hash of everything in an operation's IR that verification or
// execution can see: per nested operation (in order) its identity, name,
// location, attributes and properties, operands, result types, and its
// regions' blocks with their argument types and locations. The Python runtime
// keeps what it derived from a caller's module (verification, the execution
// plan) while the fingerprint is unchanged, and verifies and plans again when
// the IR changed. Identities (operation and value addresses) are part of it
// so that an operation replaced by an equal one still counts as a change:
// what was derived may hold the old one.
//
#ifndef PTO_IRFINGERPRINT_H
#define PTO_IRFINGERPRINT_H

#include "mlir/IR/Operation.h"

namespace mlir::pto {

/// The fingerprint of `op` and everything nested in it.
uint64_t fingerprintIR(Operation *op);

} // namespace mlir::pto

#endif // PTO_IRFINGERPRINT_H
