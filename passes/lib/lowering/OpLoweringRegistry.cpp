//===- OpLoweringRegistry.cpp - which tile ops lower to host code ---------===//
#include "TileLowering.h"

using namespace mlir;
using namespace mlir::pto;

const llvm::StringMap<OpLoweringFn> &mlir::pto::getOpLowerings() {
  static const llvm::StringMap<OpLoweringFn> lowerings = {
      {"pto.tor", lowerTOr},
      {"pto.tinterleave", lowerTInterleave},
      {"pto.tdeinterleave", lowerTDeinterleave},
  };
  return lowerings;
}
