//===- RowSplit.h - which ops may run their rows in parts -------*- C++ -*-===//
//
// With `pto-to-std{row-ranges=1}` an op's function runs its row loop over
// a range of rows it is given (TileLowering::rowBounds), so that
// `pto-parallel-rows` can hand parts of the rows to several threads. That
// is sound for an op when the parts write disjoint elements and read
// nothing another part writes, and every part runs the same run-time
// checks (none depends on the rows): this table says which ops qualify,
// which operand's rows their row loop goes over, and what a byte of their
// tiles costs, so that only ops with enough work to pay for waking another
// thread are split.
//
#ifndef PTO_LOWERING_ROWSPLIT_H
#define PTO_LOWERING_ROWSPLIT_H

#include "mlir/IR/Operation.h"

namespace mlir::pto {

/// How an op's rows are split.
struct RowSplit {
  /// The tile operand whose valid rows bound the op's row loop; null when
  /// its rows may not be split (an op of another family, or one that writes
  /// a tile it reads: its function first copies the source whole, which a
  /// part would do while another part writes it).
  Value rows;
  /// The op's time per byte of its tiles, in units of a copy's: its work is
  /// its tiles' bytes times this, compared with `parallel-bytes`.
  int64_t costPerByte = 1;
};

RowSplit getRowSplit(Operation *op);

} // namespace mlir::pto

#endif // PTO_LOWERING_ROWSPLIT_H
