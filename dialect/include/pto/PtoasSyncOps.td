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

// PTOAS's manual event ids (include/PTO/IR/PTOOps.td at a56b18c3:
// DeclareEventIdArrayOp, EventIdArrayGetOp, EventIdArraySetOp, SetFlagDynOp,
// WaitFlagDynOp; PTOTypeDefs.td, EventIdArrayType): a local array of event
// ids a kernel fills and reads, and the flag ops that take their event id
// as a value. PTOAS verifies none of them; the rule of the type is ours.
// No host engine runs them yet: each refuses them by name.
def Pto_EventIdArrayType : TypeDef<Pto_Dialect, "EventIdArray"> {
  let mnemonic = "eventid_array";
  let summary = "a local array of `size` event ids";
  let description = [{
    `!pto.eventid_array<4>`. Rule `eventid_array_c1`: `size` > 0.
  }];
  let parameters = (ins "int64_t":$size);
  let assemblyFormat = "`<` $size `>`";
  let genVerifyDecl = 1;
}

def Pto_DeclareEventIdArrayOp : Pto_Op<"declare_eventid_array"> {
  let summary = "a new local array of event ids";
  let description = [{
    ```mlir
    %ids = pto.declare_eventid_array -> !pto.eventid_array<4>
    ```
  }];
  let results = (outs Pto_EventIdArrayType:$array);
  let assemblyFormat = "attr-dict `->` qualified(type($array))";
}

def Pto_EventIdArrayGetOp : Pto_Op<"eventid_array_get"> {
  let summary = "the event id at `index` of an array";
  let description = [{
    ```mlir
    %id = pto.eventid_array_get %ids[%i] : !pto.eventid_array<4>
    ```
  }];
  let arguments = (ins Pto_EventIdArrayType:$array, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $array `[` $index `]` attr-dict `:` qualified(type($array))
  }];
}

def Pto_EventIdArraySetOp : Pto_Op<"eventid_array_set"> {
  let summary = "store an event id at `index` of an array";
  let description = [{
    ```mlir
    pto.eventid_array_set %ids[%i], %id : !pto.eventid_array<4>
    ```
  }];
  let arguments = (ins Pto_EventIdArrayType:$array, Index:$index,
                       Index:$value);
  let assemblyFormat = [{
    $array `[` $index `]` `,` $value attr-dict `:` qualified(type($array))
  }];
}

class Pto_DynFlagOp<string mnemonic, string what> : Pto_Op<mnemonic> {
  let summary = what # " the event `event_id` (a value) from `src_pipe` to "
                       "`dst_pipe`";
  let description = [{
    ```mlir
    pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %id]
    ```
  }];
  let arguments = (ins Pto_PipeAttr:$src_pipe, Pto_PipeAttr:$dst_pipe,
                       Index:$event_id);
  let assemblyFormat = [{
    `[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict
  }];
}
def Pto_SetFlagDynOp : Pto_DynFlagOp<"set_flag_dyn", "signal">;
def Pto_WaitFlagDynOp : Pto_DynFlagOp<"wait_flag_dyn", "wait for">;

#endif // PTO_PTOASSYNCOPS_TD
