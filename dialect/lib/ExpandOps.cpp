//===- ExpandOps.cpp - the rules of the row- and column-expand families ---===//
//
// The families of ExpandOps.td. Each rule is the pages' (docs/isa/
// TROWEXPANDMUL.md ... "Constraints", the same for the seven of a family)
// and the NPU headers' static_asserts and PTO_ASSERTs (a2a3/TRowExpandMul.hpp
// :37-70, a5/TRowExpandMul.hpp:52-92; a2a3/TColExpandBinOp.hpp:89-97), as
// pto-isa's CPU simulator reads the operands (include/pto/cpu/
// TRowExpandOp.hpp:48-90, TColExpandOp.hpp:40-58). Extents that are `?` are
// checked at run time (row_expand_shape, col_expand_shape,
// valid_shape_mismatch).
//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

/// The valid columns of a row expand's operand broadcast as one 32-byte
/// block per row (the pages' Mode 2: `32 / sizeof(T)`), of an element
/// type of the families (c1: none narrower than a byte).
static int64_t getBlockCols(TileLikeType type) {
  return 256 / type.getElementType().getIntOrFloatBitWidth();
}

unsigned mlir::pto::rowExpandFullOperand(TileLikeType src0, TileLikeType src1) {
  if (!src0.isRowMajor())
    return 1;
  int64_t cols0 = src0.getValidCols(), cols1 = src1.getValidCols();
  if (cols0 == getBlockCols(src0) && !ShapedType::isDynamic(cols1) &&
      cols1 != cols0)
    return 1;
  return 0;
}

/// Whether the expanded operand `type` of a row expand into `rows` valid
/// rows has its shape (rule c5): dst's valid rows by 1 column if col_major,
/// by a 32-byte block if row_major.
static bool isExpandedShape(TileLikeType type, int64_t rows) {
  int64_t cols = type.isRowMajor() ? getBlockCols(type) : 1;
  return type.getValidRows() == rows && type.getValidCols() == cols;
}

LogicalResult mlir::pto::verifyRowExpandOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  OperandRange ins = tileOp.getIns();
  auto src0 = cast<TileLikeType>(ins[0].getType());
  auto src1 = cast<TileLikeType>(ins[1].getType());
  std::optional<TileLikeType> tmp;
  if (ins.size() > 2)
    tmp = cast<TileLikeType>(ins[2].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  // <mnemonic>_c1: the row's element types (ExpandOps.td cites each).
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type ("TileDataDst::DType ==
  // TileDataSrc0::DType == TileDataSrc1::DType"; a2a3/TRowExpandMul.hpp:37,
  // a5/TRowExpandMul.hpp:52); tmp is scratch of it.
  if (failed(checkSameElementType(op, "src0", src0, "dst", dst)) ||
      failed(checkSameElementType(op, "src1", src1, "dst", dst)) ||
      (tmp && failed(checkSameElementType(op, "tmp", *tmp, "dst", dst))))
    return failure();
  // <mnemonic>_c3: dst row-major ("TileDataDst must be RowMajor";
  // a2a3/TRowExpandMul.hpp:44, a5/TRowExpandMul.hpp:60).
  if (failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // Rules c4 and c5 read the valid extents; `?` ones are checked at run
  // time (row_expand_shape), where the simulator's PTO_ASSERTs are.
  int64_t rows = dst.getValidRows(), cols = dst.getValidCols();
  bool isStatic = llvm::none_of(
      ArrayRef<int64_t>{rows, cols, src0.getValidRows(), src0.getValidCols(),
                        src1.getValidRows(), src1.getValidCols()},
      ShapedType::isDynamic);
  if (!isStatic)
    return success();
  auto isFull = [&](TileLikeType type) {
    return type.getValidRows() == rows && type.getValidCols() == cols;
  };
  // <mnemonic>_c4: one operand is a row-major tile of dst's valid shape
  // ("Exactly one of src0 or src1 must have the same valid shape as dst ...
  // The full-sized operand must be RowMajor"; a2a3/TRowExpandMul.hpp:57,
  // a5/TRowExpandMul.hpp:74, cpu/TRowExpandOp.hpp:74).
  if (!(isFull(src0) && src0.isRowMajor()) &&
      !(isFull(src1) && src1.isRowMajor()))
    return op->emitOpError()
           << "neither src0 nor src1 is a row-major tile of dst's valid shape "
           << formatShape(dst.getValidShape()) << " (src0 "
           << formatShape(src0.getValidShape()) << " " << formatLayout(src0)
           << ", src1 " << formatShape(src1.getValidShape()) << " "
           << formatLayout(src1) << ")";
  // <mnemonic>_c5: the other operand (src1 when src0 has dst's valid shape,
  // as the headers decide) is dst's valid rows by 1 column if col_major, by
  // a 32-byte block if row_major (the pages' Mode 1 and Mode 2;
  // a2a3/TRowExpandMul.hpp:61, :69, a5/TRowExpandMul.hpp:79, :88).
  bool src0Full = isFull(src0);
  StringRef expandedName = src0Full ? "src1" : "src0";
  TileLikeType expanded = src0Full ? src1 : src0;
  if (!isExpandedShape(expanded, rows))
    return op->emitOpError()
           << expandedName << " (the expanded operand) has valid shape "
           << formatShape(expanded.getValidShape()) << " "
           << formatLayout(expanded) << "; it must be " << rows
           << "x1 col_major or " << rows << "x" << getBlockCols(expanded)
           << " row_major (dst's valid rows by 1, or by a 32-byte block)";
  // <mnemonic>_c6: a tmp only with a col_major expanded operand ("This
  // overload only supports Mode 1"; docs/isa/TROWEXPANDMUL.md, "Temporary
  // tile").
  if (tmp && expanded.isRowMajor())
    return op->emitOpError()
           << "tmp is given with a row_major expanded operand (" << expandedName
           << "); the tmp form takes a col_major one (one value per row)";
  return success();
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildRowExpandResultValidShape(Operation *op, OpBuilder &builder,
                                          unsigned, ValueRange ins) {
  unsigned full = rowExpandFullOperand(cast<TileLikeType>(ins[0].getType()),
                                       cast<TileLikeType>(ins[1].getType()));
  return ValidShapeOp::buildExtents(builder, op->getLoc(), ins[full]);
}

LogicalResult mlir::pto::verifyColExpandOp(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src0 = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto src1 = cast<TileLikeType>(tileOp.getIns()[1].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  // <mnemonic>_c1: the row's element types (ExpandOps.td cites each).
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type (cpu/TColExpandOp.hpp:31, "The data
  // type of dst must be consistent with src0, src1").
  if (failed(checkSameElementType(op, "src0", src0, "dst", dst)) ||
      failed(checkSameElementType(op, "src1", src1, "dst", dst)))
    return failure();
  // <mnemonic>_c3: row-major tiles ("TileDataDst::isRowMajor";
  // a2a3/TColExpandBinOp.hpp:97; the simulator's "TileType of src and dst
  // tiles must be Row Major", cpu/TColExpandOp.hpp:37).
  if (failed(checkRowMajor(op, "src0", src0)) ||
      failed(checkRowMajor(op, "src1", src1)) ||
      failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // <mnemonic>_c4: src0's valid shape is dst's (the simulator reads
  // src0[i, j] over dst's valid region, cpu/TColExpandOp.hpp:53; the NPU
  // headers' src1-first form, a2a3/TColExpandBinOp.hpp:116, is one the
  // simulator does not have).
  if (failed(checkSameValidShape(op, "src0", src0, "dst", dst)))
    return failure();
  // <mnemonic>_c5: src1 has dst's valid columns and a valid row ("src1 is
  // expected to provide one scalar per column"; the simulator reads
  // src1[0, j], cpu/TColExpandOp.hpp:50).
  int64_t cols = dst.getValidCols(), cols1 = src1.getValidCols();
  if ((!ShapedType::isDynamic(cols) && !ShapedType::isDynamic(cols1) &&
       cols1 != cols) ||
      src1.getValidRows() == 0)
    return op->emitOpError()
           << "src1 has valid shape " << formatShape(src1.getValidShape())
           << "; it must have at least 1 valid row and dst's "
           << formatShape({cols}) << " valid columns";
  return success();
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildColExpandResultValidShape(Operation *op, OpBuilder &builder,
                                          unsigned, ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
}
