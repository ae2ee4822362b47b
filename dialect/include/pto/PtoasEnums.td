//===- PtoasEnums.td - PTOAS's kernel kind, pipes, events --*- tablegen -*-===//
// The enum attributes of PTOAS's infrastructure, in PTOAS's spelling (its
// include/PTO/IR/PTOAttrs.td at a56b18c3): the kernel kind of a function,
// the address spaces of its memrefs and reserved buffers, the hardware
// pipes and event ids of set_flag/wait_flag/barrier (the NPU's pipe_t and
// event_t), and the high-level op types of record_event/wait_event.
#ifndef PTO_PTOASENUMS_TD
#define PTO_PTOASENUMS_TD

include "mlir/IR/EnumAttr.td"
include "pto/PtoBase.td"

// `func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>}`:
// the core a kernel runs on, a cube (AIC) or a vector (AIV) core. PTOAS
// wraps such a body in pto.section.cube / pto.section.vector (its
// Passes.td, PTOWrapFunctionsInSections).
def Pto_KernelKind : I32EnumAttr<"KernelKind", "the core kind of a kernel", [
    I32EnumAttrCase<"Cube", 0, "cube">,
    I32EnumAttrCase<"Vector", 1, "vector">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_KernelKindAttr : EnumAttr<Pto_Dialect, Pto_KernelKind, "kernel_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

// PTOAS's memory spaces: `memref<16x16xf16, #pto.address_space<vec>>`, a
// reserved buffer's `location`. The names of the on-chip ones are our tile
// locations'.
def Pto_AddressSpace : I32EnumAttr<"AddressSpace", "a PTOAS address space", [
    I32EnumAttrCase<"Zero", 0, "zero">, I32EnumAttrCase<"GM", 1, "gm">,
    I32EnumAttrCase<"MAT", 2, "mat">, I32EnumAttrCase<"LEFT", 3, "left">,
    I32EnumAttrCase<"RIGHT", 4, "right">, I32EnumAttrCase<"ACC", 5, "acc">,
    I32EnumAttrCase<"VEC", 6, "vec">, I32EnumAttrCase<"BIAS", 7, "bias">,
    I32EnumAttrCase<"SCALING", 8, "scaling">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_AddressSpaceAttr : EnumAttr<Pto_Dialect, Pto_AddressSpace,
                                    "address_space"> {
  let assemblyFormat = "`<` $value `>`";
}

// The hardware pipes, with PTOAS's values (the NPU's pipe_t).
def Pto_Pipe : I32EnumAttr<"Pipe", "a hardware pipe", [
    I32EnumAttrCase<"PIPE_S", 0>, I32EnumAttrCase<"PIPE_V", 1>,
    I32EnumAttrCase<"PIPE_M", 2>, I32EnumAttrCase<"PIPE_MTE1", 3>,
    I32EnumAttrCase<"PIPE_MTE2", 4>, I32EnumAttrCase<"PIPE_MTE3", 5>,
    I32EnumAttrCase<"PIPE_ALL", 6>, I32EnumAttrCase<"PIPE_MTE4", 7>,
    I32EnumAttrCase<"PIPE_MTE5", 8>, I32EnumAttrCase<"PIPE_V2", 9>,
    I32EnumAttrCase<"PIPE_FIX", 10>,
    I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1A", 11>,
    I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1B", 12>,
    I32EnumAttrCase<"PIPE_NUM", 13>,
    I32EnumAttrCase<"PIPE_UNASSIGNED", 99>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_PipeAttr : EnumAttr<Pto_Dialect, Pto_Pipe, "pipe"> {
  let assemblyFormat = "`<` $value `>`";
}

// The event ids of a set_flag/wait_flag pair (the NPU's event_t).
def Pto_Event : I32EnumAttr<"Event", "an event id", [
    I32EnumAttrCase<"EVENT_ID0", 0>, I32EnumAttrCase<"EVENT_ID1", 1>,
    I32EnumAttrCase<"EVENT_ID2", 2>, I32EnumAttrCase<"EVENT_ID3", 3>,
    I32EnumAttrCase<"EVENT_ID4", 4>, I32EnumAttrCase<"EVENT_ID5", 5>,
    I32EnumAttrCase<"EVENT_ID6", 6>, I32EnumAttrCase<"EVENT_ID7", 7>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_EventAttr : EnumAttr<Pto_Dialect, Pto_Event, "event"> {
  let assemblyFormat = "`<` $value `>`";
}

// The op types record_event/wait_event name, which PTOAS maps to pipes.
def Pto_SyncOpType : I32EnumAttr<"SyncOpType", "a high-level sync endpoint", [
    I32EnumAttrCase<"TLOAD", 0>, I32EnumAttrCase<"TSTORE_ACC", 1>,
    I32EnumAttrCase<"TSTORE_VEC", 2>, I32EnumAttrCase<"TMOV_M2L", 3>,
    I32EnumAttrCase<"TMOV_M2S", 4>, I32EnumAttrCase<"TMOV_M2B", 5>,
    I32EnumAttrCase<"TMOV_M2V", 6>, I32EnumAttrCase<"TMOV_V2M", 7>,
    I32EnumAttrCase<"TMATMUL", 8>, I32EnumAttrCase<"TVEC", 9>,
    I32EnumAttrCase<"TVECWAIT_EVENT", 10>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
// PTOAS's canonical spelling, #pto.pipe_event_type<TLOAD>, and its legacy
// alias, #pto.sync_op_type<TLOAD>: both read, each printed as written.
def Pto_PipeEventTypeAttr : EnumAttr<Pto_Dialect, Pto_SyncOpType,
                                     "pipe_event_type"> {
  // Two attributes of one enum: the class names apart.
  let cppClassName = "PipeEventTypeAttr";
  let storageClass = "PipeEventTypeAttrStorage";
  let assemblyFormat = "`<` $value `>`";
}
def Pto_SyncOpTypeAttr : EnumAttr<Pto_Dialect, Pto_SyncOpType,
                                  "sync_op_type"> {
  let assemblyFormat = "`<` $value `>`";
}

// tgather's mask pattern (pto-isa include/pto/common/type.hpp:154, PTOAS's
// PTOAttrs.td:472): which elements of each row the mask form keeps,
// `#pto.mask_pattern<P0101>`. The values are the NPU's VREDUCEv2 modes.
def Pto_MaskPattern : I32EnumAttr<"MaskPattern", "tgather's mask pattern", [
    I32EnumAttrCase<"P0101", 1>, I32EnumAttrCase<"P1010", 2>,
    I32EnumAttrCase<"P0001", 3>, I32EnumAttrCase<"P0010", 4>,
    I32EnumAttrCase<"P0100", 5>, I32EnumAttrCase<"P1000", 6>,
    I32EnumAttrCase<"P1111", 7>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_MaskPatternAttr : EnumAttr<Pto_Dialect, Pto_MaskPattern,
                                   "mask_pattern"> {
  let assemblyFormat = "`<` $value `>`";
}

// PTOAS's compare mode (PTOAttrs.td:340), printed as PTOAS prints it,
// `#pto<cmp gt>`: tgather's compare form takes eq or gt.
def Pto_CmpMode : I32EnumAttr<"CmpMode", "a compare mode", [
    I32EnumAttrCase<"EQ", 0, "eq">, I32EnumAttrCase<"NE", 1, "ne">,
    I32EnumAttrCase<"LT", 2, "lt">, I32EnumAttrCase<"LE", 3, "le">,
    I32EnumAttrCase<"GT", 4, "gt">, I32EnumAttrCase<"GE", 5, "ge">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_CmpModeAttr : EnumAttr<Pto_Dialect, Pto_CmpMode, "cmp">;

// The fixpipe's controls of PTOAS's tstore and tmov (PTOAttrs.td:390-420;
// pto-isa include/pto/common/type.hpp), printed as PTOAS prints them,
// `#pto<relu_pre_mode normal_relu>`.
def Pto_ReluPreMode : I32EnumAttr<"ReluPreMode", "a fixpipe relu mode", [
    I32EnumAttrCase<"NoRelu", 0, "no_relu">,
    I32EnumAttrCase<"NormalRelu", 1, "normal_relu">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_ReluPreModeAttr : EnumAttr<Pto_Dialect, Pto_ReluPreMode,
                                   "relu_pre_mode">;
def Pto_AtomicType : I32EnumAttr<"AtomicType", "a tstore atomic mode", [
    I32EnumAttrCase<"AtomicNone", 0, "atomic_none">,
    I32EnumAttrCase<"AtomicAdd", 1, "atomic_add">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_AtomicTypeAttr : EnumAttr<Pto_Dialect, Pto_AtomicType, "atomic_type">;
// The NPU's unit flag between the matmul and the fixpipe
// (a2a3/TStore.hpp:138): an ordering, no bytes.
def Pto_STPhase : I32EnumAttr<"STPhase", "a tstore phase", [
    I32EnumAttrCase<"Unspecified", 0, "unspecified">,
    I32EnumAttrCase<"Partial", 2, "partial">,
    I32EnumAttrCase<"Final", 3, "final">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def Pto_STPhaseAttr : EnumAttr<Pto_Dialect, Pto_STPhase, "st_phase">;

#endif // PTO_PTOASENUMS_TD
