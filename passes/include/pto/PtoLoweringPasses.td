//===- PtoLoweringPasses.td - lowering pto to host code ----*- tablegen -*-===//
#ifndef PTO_LOWERINGPASSES_TD
#define PTO_LOWERINGPASSES_TD

include "mlir/Pass/PassBase.td"

def PtoToStd : Pass<"pto-to-std", "::mlir::ModuleOp"> {
  let summary = "lower Level 2 pto ops to memref/scf/arith/vector/math";
  let description = [{
    A dialect conversion. Every `!pto.tile_buf` becomes its bytes,
    `memref<N x i8>`, and one `index` per dynamic valid extent (rows first),
    wherever it appears: function arguments, call operands, scf.for/while
    carried values, scf.if results, branch operands. Allocations become
    `memref.alloc`, views the source's bytes, and every other Level 2 tile
    op a call of a function holding its loops over the valid region.

    Checks the verifier cannot do statically (dynamic valid shapes that must
    be equal, insert/extract windows) become run-time checks: every lowered
    function gets a trailing `memref<7xi64>` argument, the error slot, which
    calls between them pass on. A failing check skips the op and stores the
    check's code and the values it reports there (the first failure wins);
    the code names the check in the module attribute `pto_host.errors` (an
    array of dictionaries: failure kind, op and location, text fields;
    code = index + 1; not
    `pto.`-prefixed: the pto dialect verifies its own attribute names).

    Ops it cannot lower yet are reported by name and the pass fails: the host
    path never silently miscomputes.

    With `row-ranges=1`, the function of every op whose rows may be split
    (lowering/RowSplit.h) takes two more `index` arguments after the error
    slot's, `[row_begin, row_end)`, and runs its row loop over that part
    of its rows only; the kernel's calls pass the whole range, [0, the
    static rows of the tile whose rows the loop goes over). The function
    carries `pto_host.split_bytes` (its tiles' bytes) for
    `pto-parallel-rows`.
  }];
  let options = [
    Option<"rowRanges", "row-ranges", "bool", /*default=*/"false",
           "give the functions of row-splittable ops a row range">,
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target (a2a3, a5) whose memory sizes bound placements when "
           "the module names none">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::math::MathDialect"
  ];
}

def PtoStdToLLVM : Pass<"pto-std-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower pto-to-std's output to LLVM: upstream preparation only in the functions that need it (a kernel of calls is not canonicalized), one conversion with no per-op folding, then CSE";
  let description = [{
    The rest of `pto-to-llvm` after `pto-to-std`, as one pass: a long
    kernel is one block of calls, which every whole-module pass would walk
    and the verifier would check again after it.
    1. Each function gets the upstream passes for what it holds (dynamic
       pass pipelines, in this order): one with regions (loops, ifs: the op
       functions) `canonicalize`; one with regions or arith ops other than
       constants `arith-expand{include-bf16=1}`; one with regions
       `convert-scf-to-cf`; one with vector ops `convert-vector-to-llvm`
       (its progressive vector lowerings, then its conversion). A function
       without regions, arith or vector ops (a kernel of calls) gets none:
       it is not canonicalized.
    2. One dialect conversion with the patterns of the math, arith, memref,
       func and cf conversions to LLVM, which makes no attempt to fold an op
       before converting it (what could fold was canonicalized in 1).
       Functions use the bare-pointer calling convention (a tile buffer's
       shape is static: it is passed and returned as one pointer), and
       `memref.alloc` becomes `aligned_alloc`, so the pointer an allocation
       returns is the one `memref.dealloc` frees, wherever the descriptor is
       rebuilt from it. A `func.call` with no results and no attribute but
       its callee passes each memref's pointer as read once from its
       descriptor, right after the descriptor is made; other calls go
       through MLIR's call lowering.
    3. `reconcileUnrealizedCasts` and `eliminateCommonSubExpressions` (what
       `reconcile-unrealized-casts` and `cse` do) over the whole module:
       the descriptors' constants, and what the op functions' lowering
       repeats. No other cleanup runs after the conversion.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def PtoParallelRows : Pass<"pto-parallel-rows", "::mlir::ModuleOp"> {
  let summary = "run the rows of large tile ops on several threads";
  let description = [{
    Runs on the LLVM dialect, after `pto-to-std{row-ranges=1}` and the
    conversions to LLVM. Each call of an op function carrying
    `pto_host.split_bytes` (its work: tile bytes times cost per byte) of at
    least `parallel-bytes` bytes
    becomes a call of the runtime dispatcher `pto_parallel_rows`
    (pto/ParallelRowsABI.h): the call's arguments are stored in a stack
    record, and a trampoline `<function>_rows(record, row_begin, row_end,
    error_slot)` calls the op function on one part of the call's rows. The
    dispatcher runs the parts on `threads` threads, each with an error slot
    of its own, and reports the first part's failure (every part runs the
    same checks, which do not depend on the rows). With `threads=1` the pass
    changes nothing.
  }];
  let options = [
    Option<"threads", "threads", "unsigned", /*default=*/"1",
           "how many parts a large op's rows are split into">,
    Option<"parallelBytes", "parallel-bytes", "int64_t", /*default=*/"::mlir::pto::kDefaultParallelBytes",
           "the work (copy-equivalent bytes) an op must have for its rows to be split">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // PTO_LOWERINGPASSES_TD
