// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's manual event ids read and print back (no engine runs them:
// docs/ptoas.md).

// CHECK-LABEL: func.func @k
// CHECK: %[[A:.*]] = pto.declare_eventid_array -> !pto.eventid_array<4>
// CHECK: pto.eventid_array_set %[[A]][%{{.*}}], %{{.*}} : !pto.eventid_array<4>
// CHECK: %[[E:.*]] = pto.eventid_array_get %[[A]][%{{.*}}] : !pto.eventid_array<4>
// CHECK: pto.set_flag_dyn[<PIPE_MTE2>, <PIPE_MTE3>, %[[E]]]
// CHECK: pto.wait_flag_dyn[<PIPE_MTE2>, <PIPE_MTE3>, %[[E]]]
func.func @k() {
  %arr = pto.declare_eventid_array -> !pto.eventid_array<4>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  pto.eventid_array_set %arr[%c0], %c2 : !pto.eventid_array<4>
  %eid = pto.eventid_array_get %arr[%c0] : !pto.eventid_array<4>
  pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_MTE3>, %eid]
  pto.wait_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_MTE3>, %eid]
  return
}
