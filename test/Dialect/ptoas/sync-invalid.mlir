// RUN: pto-opt %s -split-input-file -verify-diagnostics
// PTOAS's sync ops check only their attributes' kinds (PTOAS
// include/PTO/IR/PTOOps.td: BarrierOp, SetFlagOp, RecordEventOp take a
// PTO_PipeAttr, a PTO_EventAttr, a pipe_event_type or sync_op_type).

func.func @k() {
  // expected-error @+2 {{custom op 'pto.barrier' expected ::mlir::pto::Pipe to be one of: PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX, VIRTUAL_PIPE_MTE2_L1A, VIRTUAL_PIPE_MTE2_L1B, PIPE_NUM, PIPE_UNASSIGNED}}
  // expected-error @+1 {{custom op 'pto.barrier' failed to parse Pto_PipeAttr parameter 'value' which is to be a `::mlir::pto::Pipe`}}
  pto.barrier <PIPE_X>
  return
}

// -----

func.func @k() {
  // expected-error @+2 {{custom op 'pto.set_flag' expected ::mlir::pto::Event to be one of: EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7}}
  // expected-error @+1 {{custom op 'pto.set_flag' failed to parse Pto_EventAttr parameter 'value' which is to be a `::mlir::pto::Event`}}
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID8>]
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.wait_flag' op attribute 'dst_pipe' failed to satisfy constraint: a hardware pipe}}
  "pto.wait_flag"() {src_pipe = #pto.pipe<PIPE_MTE2>, dst_pipe = #pto.event<EVENT_ID0>, event_id = #pto.event<EVENT_ID0>} : () -> ()
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'pto.record_event' op attribute 'src_op' failed to satisfy constraint: a high-level sync endpoint or a high-level sync endpoint}}
  pto.record_event[#pto.pipe<PIPE_V>, #pto.pipe_event_type<TVEC>, <EVENT_ID0>]
  return
}
