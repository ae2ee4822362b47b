// RUN: pto-opt %s | pto-opt | FileCheck %s
// PTOAS's barriers, flags and events read and print as PTOAS spells them
// (sync-invalid.mlir has their rules).

// CHECK-LABEL: func.func @flags
// CHECK-NEXT: pto.barrier <PIPE_ALL>
// CHECK-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>]
// CHECK-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>]
// CHECK-NEXT: pto.barrier <PIPE_V>
func.func @flags() {
  pto.barrier <PIPE_ALL>
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.set_flag[#pto.pipe<PIPE_V>, #pto.pipe<PIPE_MTE3>, #pto.event<EVENT_ID7>]
  pto.wait_flag[#pto.pipe<PIPE_V>, #pto.pipe<PIPE_MTE3>, #pto.event<EVENT_ID7>]
  pto.barrier #pto.pipe<PIPE_V>
  return
}

// CHECK-LABEL: func.func @events
// CHECK-NEXT: pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
// CHECK-NEXT: pto.wait_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
// CHECK-NEXT: pto.record_event[#pto.sync_op_type<TMATMUL>, #pto.sync_op_type<TSTORE_ACC>, <EVENT_ID0>]
// CHECK-NEXT: pto.wait_event[#pto.sync_op_type<TMATMUL>, #pto.sync_op_type<TSTORE_ACC>, <EVENT_ID0>]
func.func @events() {
  pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
  pto.wait_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]
  pto.record_event[#pto.sync_op_type<TMATMUL>, #pto.sync_op_type<TSTORE_ACC>, <EVENT_ID0>]
  pto.wait_event[#pto.sync_op_type<TMATMUL>, #pto.sync_op_type<TSTORE_ACC>, <EVENT_ID0>]
  return
}
