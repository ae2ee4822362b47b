//===- RunTimeFailure.cpp - what a kernel can fail on while it runs -------===//
#include "pto/RunTimeFailure.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
using F = RunTimeFailure;

// Field lists shared by several kinds.
constexpr StringLiteral kTile[] = {"tile"};
constexpr StringLiteral kTileRef[] = {"tile", "ref"};

constexpr StringLiteral kShapes[] = {"rows", "cols", "ref_rows", "ref_cols"};
constexpr StringLiteral kCols[] = {"cols"};
constexpr StringLiteral kDeinterleave[] = {"rows", "cols", "want_rows",
                                           "want_cols"};
constexpr StringLiteral kRows[] = {"rows", "ref_rows"};
constexpr StringLiteral kRecords[] = {"cols", "records", "slots", "needed"};
constexpr StringLiteral kOperand[] = {"operand"};
constexpr StringLiteral kIndex[] = {"value", "limit"};
constexpr StringLiteral kWindow[] = {"row",     "row_end", "col",
                                     "col_end", "rows",    "cols"};
constexpr StringLiteral kFpColumns[] = {"cols", "first", "last"};
constexpr StringLiteral kQuantization[] = {"form", "src", "dst"};
constexpr StringLiteral kDim[] = {"dim"};
constexpr StringLiteral kColsTail[] = {"cols", "tail"};
constexpr StringLiteral kViewDim[] = {"view", "dim"};
constexpr StringLiteral kValue[] = {"value"};
constexpr StringLiteral kStated[] = {"value", "stated"};
constexpr StringLiteral kReach[] = {"last", "size"};
constexpr StringLiteral kTensorWindow[] = {"offset", "end", "extent"};
constexpr StringLiteral kCovers[] = {"rows", "cols", "valid_rows",
                                     "valid_cols"};
constexpr StringLiteral kStep[] = {"step"};
constexpr StringLiteral kOperandWhat[] = {"operand", "what"};
constexpr StringLiteral kValueExtent[] = {"value", "extent"};
constexpr StringLiteral kTileBits[] = {"tile", "bits"};
constexpr StringLiteral kOperandBits[] = {"operand", "bits"};
constexpr StringLiteral kQuantity[] = {"quantity"};
constexpr StringLiteral kElement[] = {"row", "col"};
constexpr StringLiteral kExtents[] = {"rows", "cols"};
constexpr StringLiteral kRowReduction[] = {"rows", "cols", "ref_rows"};
constexpr StringLiteral kBlock[] = {"block"};
constexpr StringLiteral kRowExpand[] = {"rows0", "cols0", "rows1",
                                        "cols1", "rows",  "cols"};
constexpr StringLiteral kColExpand[] = {"rows", "cols", "ref_cols"};
constexpr StringLiteral kMrgSortBlock[] = {"block_len", "cols"};
constexpr StringLiteral kPartialRecord[] = {"cols", "slots"};
constexpr StringLiteral kMergeTotal[] = {"cols", "total"};
constexpr StringLiteral kMatmul[] = {"m", "k",        "rhs_rows",
                                     "n", "dst_rows", "dst_cols"};
constexpr StringLiteral kPlacement[] = {"bytes",    "address",  "memory",
                                        "location", "capacity", "target"};

const RunTimeFailureInfo kFailures[] = {
    {F::ValidShapeMismatch, "valid_shape_mismatch",
     "valid shape of {tile} is {rows}x{cols}, {ref}'s is "
     "{ref_rows}x{ref_cols}; "
     "they must be equal",
     kTileRef, kShapes},
    {F::OddValidCols, "odd_valid_cols",
     "{tile} has {cols} valid columns; it must be even", kTile, kCols},
    {F::DeinterleaveSourceShape, "deinterleave_source_shape",
     "valid shape of {tile} is {rows}x{cols}; it must be "
     "{want_rows}x{want_cols} ({ref}'s rows by twice its columns)",
     kTileRef, kDeinterleave},
    {F::ValidRowsExceed, "valid_rows_exceed",
     "{tile} has {rows} valid rows, more than {ref}'s {ref_rows}", kTileRef,
     kRows},
    {F::RecordsExceedCols, "records_exceed_cols",
     "{tile} has {cols} columns; {records} records of {slots} columns need "
     "{needed}",
     kTile, kRecords},
    {F::IndexOutOfRange, "index_out_of_range",
     "{operand} is {value}, allowed 0..{limit}", kOperand, kIndex},
    {F::WindowExceedsValidShape, "window_exceeds_valid_shape",
     "window [{row}:{row_end}, {col}:{col_end}] exceeds {tile}'s valid shape "
     "{rows}x{cols}",
     kTile, kWindow},
    {F::FpColumnsTooFew, "fp_columns_too_few",
     "{tile} has {cols} valid columns; columns {first}..{last} are needed",
     kTile, kFpColumns},
    {F::QuantizationUndefined,
     "quantization_undefined",
     "{form} quantization from {src} to {dst} is not defined (the pairs are "
     "listed in docs/semantics.md, TINSERT)",
     kQuantization,
     {}},
    {F::ValidExtentOutOfRange, "valid_extent_out_of_range",
     "valid extent {dim} is {value}, allowed 0..{limit}", kDim, kIndex},
    // tsort32_c10 on a dynamic valid shape.
    {F::PartialSortBlock, "partial_sort_block",
     "{tile} has {cols} valid columns, not a multiple of 32: without tmp the "
     "NPU drops the last {tail} of each row (pass a tmp tile)",
     kTile, kColsTail},
    // tsort32_c6 of the hardware form on a dynamic valid shape.
    {F::SortIndexShape, "sort_index_shape",
     "valid shape of {tile} is {rows}x{cols}; it must be {ref}'s "
     "{ref_rows}x{ref_cols} or 1x{ref_cols} (one row of indices for every row)",
     kTileRef, kShapes},
    // Global memory (GlobalMemoryOps.td): extents and strides are operands.
    {F::GlobalExtentNotPositive, "global_extent_not_positive",
     "extent {dim} of {view} is {value}; it must be positive", kViewDim,
     kValue},
    {F::GlobalExtentDiffersFromType, "global_extent_differs_from_type",
     "extent {dim} of {view} is {value}, its type says {stated}", kViewDim,
     kStated},
    {F::GlobalStrideNegative, "global_stride_negative",
     "stride {dim} of the tensor is {value}; it must not be negative", kDim,
     kValue},
    {F::TensorExceedsArray,
     "tensor_exceeds_array",
     "the tensor reaches element {last} of an array of {size} elements",
     {},
     kReach},
    {F::WindowExceedsTensor, "window_exceeds_tensor",
     "window [{offset}, {end}) of dimension {dim} exceeds the tensor's extent "
     "{extent}",
     kDim, kTensorWindow},
    // tload_c6 / tstore_c5 on dynamic extents.
    {F::WindowTileMismatch, "window_tile_mismatch",
     "the window covers {rows}x{cols}, {tile}'s valid shape is "
     "{valid_rows}x{valid_cols}",
     kTile, kCovers},
    // An element offset, a window's end or the rows (columns) a window
    // covers whose exact value int64 cannot hold: the compiled kernel's
    // arithmetic would wrap and address memory outside the array.
    {F::GlobalIndexOverflow,
     "global_index_overflow",
     "{quantity} overflows int64 (exceeds 2^63 - 1)",
     kQuantity,
     {}},
    // scf.for runs its body for lower, lower + step, ... below upper: a
    // step that is not positive never ends (or, unsigned, is 0).
    {F::NonPositiveStep,
     "non_positive_step",
     "step is {step}; it must be positive",
     {},
     kStep},
    // tassign_c2 against the memory of the target a run names, for a module
    // that names none (its verifier took the larger sizes).
    {F::PlacementExceedsMemory,
     "placement_exceeds_memory",
     "tile of {bytes} bytes at {address} does not fit in {memory} ({location} "
     "tiles), which holds {capacity} bytes {target}",
     kPlacement,
     {}},
    // A divisor of 0 (or -0): pto-isa's CPU simulator asserts it is not
    // (include/pto/cpu/ElementOp.h, OP_RECIP) and aborts.
    {F::DivisionByZero, "division_by_zero",
     "{tile} is zero at element ({row}, {col}); a divisor must not be zero "
     "(pto-isa's simulator asserts it)",
     kTile, kElement},
    // A scalar divisor of 0 (or -0): TDIVS_IMPL asserts it is not
    // (include/pto/cpu/TBinSOps.hpp, "illegal scalar is zero").
    {F::ScalarDivisionByZero,
     "scalar_division_by_zero",
     "{operand} is zero; a divisor must not be zero (pto-isa's simulator "
     "asserts it)",
     kOperand,
     {}},
    // A shift count outside [0, bits of the element): the pages allow no
    // negative count (docs/isa/TSHLS.md "Scalar only supports zero and
    // positive values"), and C++'s shift, which the simulator and the NPU's
    // scalar code compute (include/pto/cpu/ElementOp.h OP_SHLS;
    // npu/a2a3/TShl.hpp:32), is undefined at or past the width it
    // promotes to; the element's own width is where every reading agrees.
    {F::ShiftCountOutOfRange, "shift_count_out_of_range",
     "{tile} at element ({row}, {col}) is not a shift count of a {bits}-bit "
     "element: it must be in [0, {bits})",
     kTileBits, kElement},
    {F::ScalarShiftCountOutOfRange,
     "scalar_shift_count_out_of_range",
     "{operand} is not a shift count of a {bits}-bit element: it must be in "
     "[0, {bits})",
     kOperandBits,
     {}},
    // A reduction over no element: the NPU headers assert the source's valid
    // extents are not zero (a2a3/TRowReduceOps.hpp:206, rule <op>_c7; an arg
    // reduction's <op>_c8, cpu/TReduceIdx.hpp:68, :82).
    {F::EmptyReduction, "empty_reduction",
     "valid shape of {tile} is {rows}x{cols}; a reduction needs at least one "
     "row and one column",
     kTile, kExtents},
    // A row reduction's dst is ref's valid rows by 1 column (rules <op>_c5,
    // <op>_c6: a2a3/TRowReduceOps.hpp:207; the simulator writes column 0;
    // a row arg reduction's <op>_c6, <op>_c7).
    {F::RowReductionShape, "row_reduction_shape",
     "valid shape of {tile} is {rows}x{cols}; the row reduction of {ref}'s "
     "{ref_rows} rows needs {ref_rows}x1",
     kTileRef, kRowReduction},
    // A float converted to an integer type that cannot hold it (NaN, or out
    // of range after rounding): TCVT's C++ cast is undefined behaviour there
    // (include/pto/cpu/TCvt.hpp:189-193, `static_cast<D>(dval)`), as is the
    // cast back to an int64 source of a saturated value of 2^63 (:220).
    {F::ConversionUndefined, "conversion_undefined",
     "{tile} element ({row}, {col}) converts to a value its destination "
     "type cannot hold (NaN or out of range); pto-isa's simulator's C++ "
     "cast is undefined there",
     kTile, kElement},
    // A row expand's operands: one a row-major tile of dst's valid shape,
    // the other dst's rows by 1 (col_major) or by a 32-byte block of
    // {block} elements (row_major): the simulator's PTO_ASSERT and asserts
    // (include/pto/cpu/TRowExpandOp.hpp:74-90, rules <op>_c4, <op>_c5).
    {F::RowExpandShape, "row_expand_shape",
     "valid shapes of src0 ({rows0}x{cols0}) and src1 ({rows1}x{cols1}) do "
     "not row-expand into dst's {rows}x{cols}: one must be a row-major tile "
     "of it, the other {rows}x1 col_major or {rows}x{block} row_major",
     kBlock, kRowExpand},
    // A column expand reads {tile}[0, j] for each of dst's columns j (rule
    // <op>_c5: include/pto/cpu/TColExpandOp.hpp:50).
    {F::ColExpandShape, "col_expand_shape",
     "valid shape of {tile} is {rows}x{cols}; a column expand into {ref}'s "
     "{ref_cols} columns needs at least 1 row of {ref_cols} columns",
     kTileRef, kColExpand},
    {F::MrgSortBlockLen, "mrgsort_block_len",
     "blockLen is {block_len} and {tile} has {cols} valid columns; blockLen "
     "must be a positive multiple of 64 and the columns 1 to 255 groups of 4 "
     "blocks",
     kTile, kMrgSortBlock},
    {F::PartialRecord, "partial_record",
     "{tile} has {cols} valid columns, not a whole number of {slots}-column "
     "records",
     kTile, kPartialRecord},
    {F::MergeExceedsLists, "merge_exceeds_lists",
     "{tile} has {cols} valid columns, more than the {total} of the lists it "
     "merges",
     kTile, kMergeTotal},
    // A scalar operand that takes the simulator's int arithmetic past the
    // range of int (undefined behaviour in C++): TTRI's `diagonal + r + 1`
    // over the valid rows (include/pto/cpu/TTRI.hpp:35-37, :51-53), TCI's
    // int32 `start + j` / `start - j` over the valid columns (TCI.hpp:23-26).
    {F::IntOverflow, "int_overflow",
     "{operand} = {value} takes the simulator's int arithmetic out of the "
     "range of int over {extent} {what} (undefined behaviour in C++)",
     kOperandWhat, kValueExtent},
    // A column reduction's dst is 1 row by ref's valid columns (rules
    // <op>_c5, <op>_c6: a2a3/TColReduceOps.hpp:93; the simulator writes
    // row 0; a column arg reduction's <op>_c6, <op>_c7).
    {F::ColReductionShape, "col_reduction_shape",
     "valid shape of {tile} is {rows}x{cols}; the column reduction of "
     "{ref}'s {ref_cols} columns needs 1x{ref_cols}",
     kTileRef, kColExpand},
    // A matmul's valid shapes, where they are `?` (rules tmatmul_c5 ... c7:
    // CheckDynamicMad, a2a3/TMatmul.hpp:106-114; the simulator reads lhs
    // m x k, rhs k x n and writes dst m x n, cpu/TMatmul.hpp:51-76).
    {F::MatmulShape,
     "matmul_shape",
     "valid shapes lhs {m}x{k}, rhs {rhs_rows}x{n}, dst {dst_rows}x{dst_cols} "
     "are not m x k, k x n, m x n with m, k, n in [1, 4095]",
     {},
     kMatmul},
    // A compare's dst has its source's valid rows (tcmp_c6, tcmps_c6:
    // include/pto/cpu/TCmp.h:109, a2a3/TCmps.hpp:198), its columns are
    // counted in words.
    {F::ValidRowsMismatch, "valid_rows_mismatch",
     "{tile} has {rows} valid rows, {ref} {ref_rows}; they must be equal",
     kTileRef, kRows},
};
} // namespace

ArrayRef<RunTimeFailureInfo> mlir::pto::getRunTimeFailures() {
  return kFailures;
}

const RunTimeFailureInfo &
mlir::pto::getRunTimeFailureInfo(RunTimeFailure kind) {
  const RunTimeFailureInfo &info = kFailures[static_cast<unsigned>(kind)];
  assert(info.kind == kind && "kFailures is out of enum order");
  assert(info.valueFields.size() <= kMaxRunTimeFailureValues &&
         "kMaxRunTimeFailureValues is too small");
  return info;
}

std::string mlir::pto::describeFailureLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColRange>(loc))
    return (fileLoc.getFilename().getValue() + ":" +
            Twine(fileLoc.getStartLine()) + ":" +
            Twine(fileLoc.getStartColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return describeFailureLocation(nameLoc.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return describeFailureLocation(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc);
      fused && !fused.getLocations().empty())
    return describeFailureLocation(fused.getLocations().front());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  return text;
}

Location mlir::pto::getResultBufferLoc(Operation *op) {
  MLIRContext *context = op->getContext();
  return FusedLoc::get(context, {op->getLoc()},
                       StringAttr::get(context, op->getName().getStringRef()));
}

std::string mlir::pto::getFailingOpName(Operation *op) {
  if (auto fused = dyn_cast<FusedLoc>(op->getLoc()))
    if (auto name = dyn_cast_or_null<StringAttr>(fused.getMetadata()))
      return name.str();
  return op->getName().getStringRef().str();
}
