//===- RowSplit.h - which ops may run their rows in parts -------*- C++ -*-===//
//
// With `pto-to-std{row-ranges=1}` an op's function runs its row loop over
// a range of rows it is given (TileLowering::rowBounds), so that
// `pto-parallel-rows` can hand parts of the rows to several threads. That
// is sound for an op when the parts write disjoint elements and read
// nothing another part writes, and every part runs the same run-time
// checks (none depends on the rows): this table says which ops qualify
// and which operand's rows their row loop goes over.
//
#ifndef PTO_LOWERING_ROWSPLIT_H
#define PTO_LOWERING_ROWSPLIT_H

#include "mlir/IR/Operation.h"

namespace mlir::pto {

/// The tile operand of `op` whose valid rows bound its row loop, when its
/// rows may be split; null otherwise (an op of another family, or one that
/// writes a tile it reads: its function first copies the source whole,
/// which a part would do while another part writes it).
Value getRowSplitOperand(Operation *op);

} // namespace mlir::pto

#endif // PTO_LOWERING_ROWSPLIT_H
