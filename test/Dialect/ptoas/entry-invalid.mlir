// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's `pto.entry` (a kernel of ptoas's, entry.mlir): a unit attribute of
// a function definition, as PTOAS's validatePTOEntryFunctions checks it.

// expected-error @+1 {{'pto.entry' is a unit attribute, got true}}
func.func @k() attributes {pto.entry = true} { return }

// -----

// expected-error @+1 {{'pto.entry' must be set on a function definition, not on 'func.func' without a body}}
func.func private @ext() attributes {pto.entry}

// -----

// expected-error @+1 {{'pto.entry' must be set on a function definition, not on 'builtin.module'}}
module attributes {pto.entry} {}
