//===- MaskPattern.h - the columns tgather's mask form keeps ----*- C++ -*-===//
//
// pto-isa's MaskSelect (include/pto/cpu/TGather.hpp:37-59 of 3186c381)
// keeps column c of a row when c % step == phase; the verifier and the host
// lowering count and address the kept columns from that stride.
//
#ifndef PTO_MASKPATTERN_H
#define PTO_MASKPATTERN_H

#include "pto/PtoDialect.h"
#include <cstdint>

namespace mlir::pto {

/// The kept columns of a mask pattern: phase, phase + step, ...
struct MaskPatternStride {
  int64_t step;
  int64_t phase;
};

inline MaskPatternStride getMaskPatternStride(MaskPattern pattern) {
  switch (pattern) {
  case MaskPattern::P0101:
    return {2, 0};
  case MaskPattern::P1010:
    return {2, 1};
  case MaskPattern::P0001:
    return {4, 0};
  case MaskPattern::P0010:
    return {4, 1};
  case MaskPattern::P0100:
    return {4, 2};
  case MaskPattern::P1000:
    return {4, 3};
  case MaskPattern::P1111:
    return {1, 0};
  }
  return {1, 0};
}

/// How many of the columns 0 .. cols-1 `pattern` keeps (CountSelected,
/// cpu/TGather.hpp:61-70).
inline int64_t countMaskSelected(MaskPattern pattern, int64_t cols) {
  MaskPatternStride stride = getMaskPatternStride(pattern);
  return cols <= stride.phase
             ? 0
             : (cols - stride.phase + stride.step - 1) / stride.step;
}

} // namespace mlir::pto

#endif // PTO_MASKPATTERN_H
