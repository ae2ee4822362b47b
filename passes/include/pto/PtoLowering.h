//===- PtoLowering.h - lowering pto kernels to host code --------*- C++ -*-===//
//
// `pto-to-std` (Level 2 pto -> memref/scf/arith/vector/math) and the named
// pipeline `pto-to-llvm` (down to the LLVM dialect, ready for MLIR's
// ExecutionEngine). docs/lowering.md describes the calling convention.
//
#ifndef PTO_PTOLOWERING_H
#define PTO_PTOLOWERING_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Transforms/DialectConversion.h"
#include "pto/PtoDialect.h"

namespace mlir::pto {

/// The work (its tiles' bytes times its cost per byte against a copy) an op
/// must have before pto-parallel-rows splits its rows: below it the
/// threads' hand-over costs more than it saves. Measured on a 2-vCPU Zen 2
/// guest, idle (CHANGELOG.md, "Performance history"): tsort32 gains from
/// 32x1024 f32 tiles (384 KiB, 6 MiB of work) and loses at 16x1024; tor,
/// tinterleave and the boxed conversions run at half speed split even at
/// 64x1024, the largest tiles their memories hold, so the default never splits
/// them.
inline constexpr int64_t kDefaultParallelBytes = 4194304;

#define GEN_PASS_DECL
#include "pto/PtoLoweringPasses.h.inc"

/// Name of the module attribute listing the run-time checks (one dictionary
/// per check, see describeOpFailure in lowering/TileLowering.h); the error
/// slot holds index + 1 of the failed check, then the values it reports.
inline constexpr llvm::StringLiteral kHostErrorsAttrName = "pto_host.errors";

/// The attribute `pto-to-std{row-ranges=1}` puts on the function of an op
/// whose rows may be split: its work, the bytes of its tiles times its cost
/// per byte against a copy (lowering/RowSplit.h), as i64. The function's
/// last two arguments are its row range; the kernel's calls pass [0, rows).
inline constexpr llvm::StringLiteral kSplitBytesAttrName =
    "pto_host.split_bytes";

/// The layout a tload or tstore maps its window in (a GlobalLayoutAttr,
/// getWindowLayout of pto/GlobalMemory.h), put on the op before the
/// conversion replaces the view ops it is read from.
inline constexpr llvm::StringLiteral kWindowLayoutAttrName =
    "pto_host.window_layout";

/// The error slot every lowered function takes last: `memref<N x i64>`, the
/// kErrorSlotWords of pto/RunTimeFailure.h.
MemRefType getErrorSlotType(MLIRContext *context);
/// One value a `!pto.tile_buf` becomes in lowered code (function arguments,
/// loop-carried values, call operands): its bytes, `memref<N x i8>` for the
/// whole static tile, then one `index` per dynamic (`?`) valid extent, rows
/// first. Python reads this list through the C API (the JIT's calling
/// convention), so it is stated here once.
enum class LoweredTileArgKind { Bytes, ValidRows, ValidCols };
struct LoweredTileArg {
  LoweredTileArgKind kind;
  Type type;
};
SmallVector<LoweredTileArg, 3> getLoweredTileArgs(TileBufType type);

/// What a `!pto.ptr<T>` becomes: `memref<1 x T>` (signless T: the pointer
/// to the caller's first element, bare in the calling convention) and an
/// `index`, the number of elements the caller's array has (the bound the
/// views are checked against). The JIT passes both (runtime/jit.py).
SmallVector<Type, 2> getLoweredPointerTypes(PtrType type);
/// What a `!pto.tensor_view` or `!pto.partition_tensor_view` of rank n
/// becomes: the pointer's two values, the `index` offset of its first
/// element, then n extents and n strides (`index`, in elements).
SmallVector<Type> getLoweredViewTypes(Type elementType, int64_t rank);

/// The type converter of `pto-to-std`: a tile buffer becomes the values
/// getLoweredTileArgs() lists, a pointer and a view theirs (1:N
/// conversions), every other type stays.
class HostTypeConverter : public TypeConverter {
public:
  HostTypeConverter();
};

/// The options of the `pto-to-llvm` pipeline: with `threads` > 1 the rows of
/// ops whose work (their tiles' bytes times their cost per byte against a
/// copy) is at least `parallel-bytes` bytes are split across
/// threads (pto-to-std's row-ranges, then pto-parallel-rows).
struct PtoToLLVMPipelineOptions
    : public PassPipelineOptions<PtoToLLVMPipelineOptions> {
  Option<unsigned> threads{*this, "threads",
                           llvm::cl::desc("threads a large op's rows run on"),
                           llvm::cl::init(1)};
  Option<int64_t> parallelBytes{
      *this, "parallel-bytes",
      llvm::cl::desc(
          "the work (copy-equivalent bytes) an op must have to be split"),
      llvm::cl::init(kDefaultParallelBytes)};
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("the target (a2a3, a5) whose memory sizes bound "
                     "placements when the module names none"),
      llvm::cl::init("")};
};

/// `pto-to-std` then the upstream conversions to the LLVM dialect. Function
/// arguments use the bare-pointer calling convention: a tile buffer is one
/// pointer to its first element.
void buildPtoToLLVMPipeline(OpPassManager &pm,
                            const PtoToLLVMPipelineOptions &options = {});

/// Registers `pto-to-std` and the `pto-to-llvm` pipeline.
void registerPtoLoweringPipeline();

} // namespace mlir::pto

#endif // PTO_PTOLOWERING_H
