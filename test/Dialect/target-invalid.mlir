// RUN: pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'pto.target_arch' must be "a2a3", "a5", "a2" or "a3", got "a4"}}
module attributes {pto.target_arch = "a4"} {}

// -----

// expected-error @+1 {{'pto.target_arch' must be "a2a3", "a5", "a2" or "a3", got 5 : i64}}
module attributes {pto.target_arch = 5} {}

// -----

module {
  // expected-error @+1 {{'pto.target_arch' must be set on a builtin.module, not on 'func.func'}}
  func.func @f() attributes {pto.target_arch = "a5"} { return }
}

// -----

// expected-error @+1 {{unknown attribute 'pto.target' of the pto dialect (known: 'pto.target_arch', 'pto.entry', 'pto.kernel_kind', 'pto.device-spec', 'pto.auto_sync_tail_hint', 'pto.inferred_layout')}}
module attributes {pto.target = "a5"} {}
