//===- PtoasSyncOps.td - PTOAS's barriers, flags and events -*- tablegen -*-===//
// PTOAS's synchronization ops, in its spelling (include/PTO/IR/PTOOps.td at
// a56b18c3: BarrierOp, SetFlagOp, WaitFlagOp, RecordEventOp, WaitEventOp;
// PTOAS verifies none of them beyond their attributes' types). On the NPU
// they order the pipes of one core (pto-isa docs/isa/TSYNC.md); a host
// engine runs the ops of a kernel one after another, so they order nothing
// there.
#ifndef PTO_PTOASSYNCOPS_TD
#define PTO_PTOASSYNCOPS_TD

include "pto/PtoBase.td"
include "pto/PtoasEnums.td"

def Pto_BarrierOp : Pto_Op<"barrier"> {
  let summary = "wait until every op issued on a pipe has finished";
  let description = [{
    ```mlir
    pto.barrier <PIPE_ALL>
    ```
  }];
  let arguments = (ins Pto_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

class Pto_FlagOp<string mnemonic, string what> : Pto_Op<mnemonic> {
  let summary = what # " the event `event_id` from `src_pipe` to `dst_pipe`";
  let description = [{
    ```mlir
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    ```
  }];
  let arguments = (ins Pto_PipeAttr:$src_pipe, Pto_PipeAttr:$dst_pipe,
                       Pto_EventAttr:$event_id);
  let assemblyFormat = [{
    `[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict
  }];
}
def Pto_SetFlagOp : Pto_FlagOp<"set_flag", "signal">;
def Pto_WaitFlagOp : Pto_FlagOp<"wait_flag", "wait for">;

// An endpoint of record_event/wait_event, in either of PTOAS's spellings.
def Pto_SyncEndpointAttr : AnyAttrOf<[Pto_PipeEventTypeAttr,
                                      Pto_SyncOpTypeAttr]>;

class Pto_EventOp<string mnemonic, string what> : Pto_Op<mnemonic> {
  let summary = what # " an event between two kinds of op (PTOAS maps them "
                       "to pipes and writes set_flag/wait_flag)";
  let description = [{
    ```mlir
    pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID0>]
    pto.wait_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TVEC>, <EVENT_ID0>]
    ```
  }];
  let arguments = (ins Pto_SyncEndpointAttr:$src_op,
                       Pto_SyncEndpointAttr:$dst_op, Pto_EventAttr:$event_id);
  let assemblyFormat = [{
    `[` $src_op `,` $dst_op `,` $event_id `]` attr-dict
  }];
}
def Pto_RecordEventOp : Pto_EventOp<"record_event", "record">;
def Pto_WaitEventOp : Pto_EventOp<"wait_event", "wait for">;

#endif // PTO_PTOASSYNCOPS_TD
