//===- Level1Check.h - the host lowering takes Level 2 only -----*- C++ -*-===//
//
// `pto-to-std` lowers tile buffers (Level 2). A Level 1 tile (`!pto.tile`)
// left anywhere in the module would survive it half-lowered and fail later
// in the LLVM conversion or the ExecutionEngine with no location, so the
// pass checks for one first and names where it is.
//
#ifndef PTO_LOWERING_LEVEL1CHECK_H
#define PTO_LOWERING_LEVEL1CHECK_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::pto {

/// Fails with a located error at the first `!pto.tile` in `module`: in a
/// function's signature, an op result or a block argument.
LogicalResult checkNoLevel1Tiles(ModuleOp module);

} // namespace mlir::pto

#endif // PTO_LOWERING_LEVEL1CHECK_H
