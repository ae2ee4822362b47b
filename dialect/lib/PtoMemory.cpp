//===- PtoMemory.cpp - on-chip memories and their capacities --------------===//
#include "pto/PtoMemory.h"

using namespace mlir;
using namespace mlir::pto;

MemorySpace mlir::pto::getMemorySpace(TileLocation location) {
  switch (location) {
  case TileLocation::Mat:
    return MemorySpace::L1;
  case TileLocation::Left:
    return MemorySpace::L0A;
  case TileLocation::Right:
    return MemorySpace::L0B;
  case TileLocation::Acc:
    return MemorySpace::L0C;
  case TileLocation::Vec:
  case TileLocation::Bias:
  case TileLocation::Scaling:
    return MemorySpace::UB;
  }
  llvm_unreachable("unknown tile location");
}

StringRef mlir::pto::stringifyMemorySpace(MemorySpace space) {
  switch (space) {
  case MemorySpace::UB:
    return "ub";
  case MemorySpace::L1:
    return "l1";
  case MemorySpace::L0A:
    return "l0a";
  case MemorySpace::L0B:
    return "l0b";
  case MemorySpace::L0C:
    return "l0c";
  }
  llvm_unreachable("unknown memory space");
}

int64_t mlir::pto::getMemoryCapacity(std::optional<TargetArch> target,
                                     MemorySpace space) {
  constexpr int64_t KiB = 1024;
  // A5 is at least as large as A2/A3 everywhere, so it is also the "either
  // target" answer.
  bool a5 = target != TargetArch::A2A3;
  switch (space) {
  case MemorySpace::UB:
    return (a5 ? 256 : 192) * KiB;
  case MemorySpace::L1:
    return 512 * KiB;
  case MemorySpace::L0A:
  case MemorySpace::L0B:
    return 64 * KiB;
  case MemorySpace::L0C:
    return (a5 ? 256 : 128) * KiB;
  }
  llvm_unreachable("unknown memory space");
}
