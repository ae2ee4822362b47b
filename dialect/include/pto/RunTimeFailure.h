//===- RunTimeFailure.h - what a kernel can fail on while it runs -*- C++
//-*-===//
//
// Some rules of the ops can only be checked when a kernel runs (dynamic
// valid shapes, index operands). Each kind of failure has one message
// template, which both engines fill with the same fields: the interpreter
// (python/pto_mlir/runtime/ops) and the compiled code of `pto-to-std`, whose
// failed check reports its kind's values through the kernel's error slot.
//
// A template is text with `{field}` placeholders. Text fields are known
// where the check is (operand names, element types); value fields are the
// integers the failing run saw, reported in the order listed here.
//
#ifndef PTO_RUNTIMEFAILURE_H
#define PTO_RUNTIMEFAILURE_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::pto {

enum class RunTimeFailure : unsigned {
  ValidShapeMismatch,
  OddValidCols,
  DeinterleaveSourceShape,
  ValidRowsExceed,
  RecordsExceedCols,
  IndexOutOfRange,
  WindowExceedsValidShape,
  FpColumnsTooFew,
  QuantizationUndefined,
  ValidExtentOutOfRange,
  PartialSortBlock,
  SortIndexShape,
  GlobalExtentNotPositive,
  GlobalExtentDiffersFromType,
  GlobalStrideNegative,
  TensorExceedsArray,
  WindowExceedsTensor,
  WindowTileMismatch,
  GlobalIndexOverflow,
  NonPositiveStep,
  PlacementExceedsMemory,
  DivisionByZero,
  ScalarDivisionByZero,
  ShiftCountOutOfRange,
  ScalarShiftCountOutOfRange,
  EmptyReduction,
  RowReductionShape,
  ConversionUndefined,
  RowExpandShape,
  ColExpandShape,
  MrgSortBlockLen,
  PartialRecord,
  MergeExceedsLists,
  IntOverflow,
  ColReductionShape,
  MatmulShape,
  ValidRowsMismatch,
};

struct RunTimeFailureInfo {
  RunTimeFailure kind;
  /// The name Python and the lowered module use ("index_out_of_range").
  StringLiteral name;
  StringLiteral format;
  ArrayRef<StringLiteral> textFields;
  ArrayRef<StringLiteral> valueFields;
};

/// Every failure kind, in enum order.
ArrayRef<RunTimeFailureInfo> getRunTimeFailures();
const RunTimeFailureInfo &getRunTimeFailureInfo(RunTimeFailure kind);

/// Where a failure happened, as both engines name it (`'pto.tor' op at
/// <where>: ...`): `file:line:col` of the innermost file location (through
/// name, call-site and fused locations), else the location as printed.
std::string describeFailureLocation(Location loc);

/// The location of a buffer pto-ssa-to-dps allocates for a result of `op`
/// whose valid extents `op` determines: `op`'s location, fused with `op`'s
/// name as metadata, so that the buffer's check of those extents fails as
/// `op` (getFailingOpName), as on the interpreter, which checks them at `op`.
Location getResultBufferLoc(Operation *op);

/// The op a failure of `op`'s checks names: `op`, or the op a
/// getResultBufferLoc location names.
std::string getFailingOpName(Operation *op);

/// The most value fields any kind has.
constexpr unsigned kMaxRunTimeFailureValues = 6;

/// 64-bit words of a compiled kernel's error slot: the failed check's code
/// (0 while none failed), then the values its kind reports.
constexpr unsigned kErrorSlotWords = 1 + kMaxRunTimeFailureValues;

} // namespace mlir::pto

#endif // PTO_RUNTIMEFAILURE_H
