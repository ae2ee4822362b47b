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

#define GEN_PASS_DECL
#include "pto/PtoLoweringPasses.h.inc"

/// Name of the module attribute listing the run-time checks (one dictionary
/// per check, see describeOpFailure in lowering/TileLowering.h); the error
/// slot holds index + 1 of the failed check, then the values it reports.
inline constexpr llvm::StringLiteral kHostErrorsAttrName = "pto_host.errors";

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

/// The type converter of `pto-to-std`: a tile buffer becomes the values
/// getLoweredTileArgs() lists (a 1:N conversion), every other type stays.
class HostTypeConverter : public TypeConverter {
public:
  HostTypeConverter();
};

/// `pto-to-std` then the upstream conversions to the LLVM dialect. Function
/// arguments use the bare-pointer calling convention: a tile buffer is one
/// pointer to its first element.
void buildPtoToLLVMPipeline(OpPassManager &pm);

/// Registers `pto-to-std` and the `pto-to-llvm` pipeline.
void registerPtoLoweringPipeline();

} // namespace mlir::pto

#endif // PTO_PTOLOWERING_H
