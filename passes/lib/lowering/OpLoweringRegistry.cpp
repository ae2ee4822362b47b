//===- OpLoweringRegistry.cpp - which tile ops lower to host code ---------===//
#include "TileLowering.h"

using namespace mlir;
using namespace mlir::pto;

const llvm::StringMap<OpLoweringFn> &mlir::pto::getOpLowerings() {
  static const llvm::StringMap<OpLoweringFn> lowerings = {
      {"pto.tor", lowerTOr},
      {"pto.tinterleave", lowerTInterleave},
      {"pto.tdeinterleave", lowerTDeinterleave},
      // Only the DPS copy gets here; the views are handled by PtoToStd.
      {"pto.treshape", lowerTReshapeCopy},
      {"pto.tsort32", lowerTSort32},
      {"pto.tinsert", lowerTInsert},
      {"pto.textract", lowerTExtract},
  };
  return lowerings;
}
