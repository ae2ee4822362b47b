//===- TInsertRuns.h - tinsert/textract run-column by run-column -*- C++
//-*-===//
//
// The copy of tinsert/textract when a boxed tile takes part: the region is
// cut into run columns (`run` columns wide, each run contiguous in both
// tiles), and each run column is copied row after row, one vector per run.
// Looping over the rows innermost keeps the column's quant words and the
// address arithmetic out of the inner loop; in NZ tiles the runs of one
// run column follow each other at a constant stride, so that loop is a
// stream of vector loads and stores.
//
#ifndef PTO_LOWERING_TINSERTRUNS_H
#define PTO_LOWERING_TINSERTRUNS_H

#include "TInsertConversion.h"

namespace mlir::pto {

/// Where the region of a tinsert/textract lies in its two tiles: region
/// element (r, c) is src (srcRow + r, srcCol + c) and dst (dstRow + r,
/// dstCol + c), for r < rows, c < cols.
struct RegionCopy {
  const LoweredTile &src;
  const LoweredTile &dst;
  Value srcRow, srcCol, dstRow, dstCol;
  Value rows, cols;
};

/// Copies the region converting each element, run column by run column;
/// `run` (> 1) columns from any multiple of `run` past srcCol (dstCol) are
/// contiguous in src (dst).
void copyByRunColumns(TileLowering &lowering, Location loc,
                      const RegionCopy &copy,
                      const ElementConversion &conversion, int64_t run);

} // namespace mlir::pto

#endif // PTO_LOWERING_TINSERTRUNS_H
