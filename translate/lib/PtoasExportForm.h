//===- PtoasExportForm.h - how PTOAS spells a placed Level 2 kernel -*- C++
//-*-===//
//
// What the PTOAS exporter (PtoasExport.cpp) knows about PTOAS's text, in one
// place: its `!pto.tile_buf` spelling, and the statement it reads for each of
// our tile ops. The facts come from PTOAS's op definitions
// (github.com/hw-native-sys/PTOAS, include/PTO/IR/*.td, and the type parser
// of lib/PTO/IR/PTOTypeDefs.cpp); docs/ptoas.md lists them. What PTOAS cannot
// express is refused here, at the op, with the reason: the exporter never
// drops a construct.
//
#ifndef PTO_TRANSLATE_PTOASEXPORTFORM_H
#define PTO_TRANSLATE_PTOASEXPORTFORM_H

#include "mlir/IR/Operation.h"
#include "pto/PtoDialect.h"
#include <string>

namespace mlir::pto::ptoas {

/// `type` as PTOAS writes it: a tile buffer in the keyed spelling
/// `!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32,
/// blayout=row_major, slayout=none_box, fractal=512, pad=0>` (every field
/// written, so that no PTOAS default or inference applies), other types as
/// MLIR prints them. Fails, with an error at `user`, for a Level 1 tile.
FailureOr<std::string> spellType(Type type, Operation *user);

/// The valid extent `dim` of `type` as written: a static 0 as `?` (the
/// alloc_tile then passes 0), since pto-isa's Tile has no GetValidRow /
/// GetValidCol for a static 0 (include/pto/common/pto_tile.hpp:1592-1610:
/// only for extents > 0 or DYNAMIC), so its C++ would not compile.
int64_t spelledValidExtent(TileBufType type, unsigned dim);

/// One PTOAS statement for a Level 2 tile op.
struct Statement {
  enum class Kind {
    /// `pto.<name> ins(%a, ... : A, ...) outs(%d : D)`
    Dps,
    /// `%r = pto.<name> %a : A -> R` (TRESHAPE, a view)
    View,
  };
  Kind kind = Kind::Dps;
  std::string name;
  SmallVector<Value> ins;
  SmallVector<Value> outs;
  /// Positions in `ins` PTOAS types `index` (window indices, which we also
  /// accept as integers).
  SmallVector<unsigned, 2> indexOperands;
  /// The attribute dictionary PTOAS reads after the ins operands
  /// (`ins(%src {rmode = ...} : ...)`, tcvt's), empty for none.
  std::string attributes;
  /// Outs PTOAS takes that our op has no operand for, each the value of a
  /// constant written before the statement: (its type, its value). One:
  /// tmrgsort's executed counts, `vector<4xi16>`, which the C++ of PTOAS
  /// passes as a MrgSortExecutedNumList for TMRGSORT to write and nothing
  /// reads.
  SmallVector<std::pair<std::string, std::string>, 1> constantOuts;
};

/// The PTOAS statement of `op` (a tile op, not alloc_tile or tassign), or an
/// error at `op` naming what PTOAS lacks.
FailureOr<Statement> formStatement(Operation *op);

/// Refuses a tensor view whose element type ptoas's C++ does not spell.
LogicalResult checkTensorElement(MakeTensorViewOp view);

/// The layout written on `view`, which is always written (ptoas infers one
/// from the strides otherwise): its own, else the one pto-mlir moves every
/// window of it in (the tiles', getWindowLayout), ND when no tile does.
/// Fails, with an error at `view`, when its windows are moved in both.
FailureOr<GlobalLayout> viewLayout(MakeTensorViewOp view);

/// The refusals the exporter itself detects (placement), so that every
/// message of the export lives in this file.
InFlightDiagnostic emitUnplaced(AllocTileOp alloc);
InFlightDiagnostic emitAssignOfNonAlloc(TAssignOp assign);
InFlightDiagnostic emitPlacedTwice(TAssignOp assign, uint64_t firstAddr);
InFlightDiagnostic emitForeignOp(Operation *op);
InFlightDiagnostic emitUnsignedIndex(Operation *user, Type type);
InFlightDiagnostic emitTileArgument(Operation *func, unsigned index);
InFlightDiagnostic emitTileResult(Operation *func, unsigned index);
InFlightDiagnostic emitTileCarried(Operation *op);
/// A tensor view or partition view as argument or result (`what`) #index.
InFlightDiagnostic emitViewInSignature(Operation *func, StringRef what,
                                       unsigned index);
InFlightDiagnostic emitManyResults(Operation *func);
InFlightDiagnostic emitEntryResult(Operation *func);

} // namespace mlir::pto::ptoas

#endif // PTO_TRANSLATE_PTOASEXPORTFORM_H
