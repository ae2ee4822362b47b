// RUN: pto-opt %s -split-input-file -verify-diagnostics
// The rule of PTOAS's event-id array type (ours: PTOAS checks none).

// eventid_array_c1
func.func @k() {
  // expected-error @+1 {{eventid_array_c1: '!pto.eventid_array' size must be greater than 0, got 0}}
  %arr = pto.declare_eventid_array -> !pto.eventid_array<0>
  return
}
