//===- PtoMemory.h - on-chip memories and their capacities ------*- C++ -*-===//
//
// Where tiles live on a core. Several tile locations share one memory: the
// PTO library's CPU simulator (include/pto/cpu/NPUMemoryModel.hpp in
// hw-native-sys/pto-isa) maps vec to UB, mat to L1, left to L0A, right to
// L0B, acc to L0C, and every other location (bias, scaling) to UB as well.
// We follow it, so placed tiles alias exactly as they do there. Capacities
// are the simulator's per-target sizes, which cite the Ascend A2 programming
// guide.
//
#ifndef PTO_PTOMEMORY_H
#define PTO_PTOMEMORY_H

#include "pto/PtoDialect.h"
#include "pto/PtoTarget.h"

namespace mlir::pto {

enum class MemorySpace { UB, L1, L0A, L0B, L0C };

/// Every tile address and size is a multiple of this (bytes).
constexpr int64_t kTileAlignment = 32;

MemorySpace getMemorySpace(TileLocation location);
llvm::StringRef stringifyMemorySpace(MemorySpace space);

/// Bytes of `space` on `target`; with no target, the larger of the two
/// targets' sizes (what either target could hold).
int64_t getMemoryCapacity(std::optional<TargetArch> target, MemorySpace space);

} // namespace mlir::pto

#endif // PTO_PTOMEMORY_H
