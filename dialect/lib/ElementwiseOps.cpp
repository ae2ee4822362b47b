//===- ElementwiseOps.cpp - what the op families define once --------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// The family ops, from their classes
//===----------------------------------------------------------------------===//

/// What `kinds` allows on `target`; without a target, what either allows.
static SmallVector<ElementKind>
allowedOn(function_ref<ArrayRef<ElementKind>(TargetArch)> kinds,
          std::optional<TargetArch> target) {
  if (target)
    return SmallVector<ElementKind>(kinds(*target));
  SmallVector<ElementKind> all;
  for (TargetArch arch : kTargetArchs)
    llvm::append_range(all, kinds(arch));
  llvm::sort(all);
  all.erase(llvm::unique(all), all.end());
  return all;
}

SmallVector<ElementKind>
FamilyOpInfo::getElementKinds(std::optional<TargetArch> target) const {
  return allowedOn(targetElementKinds, target);
}

template <typename OpT>
static void appendIfFamilyOp(SmallVectorImpl<FamilyOpInfo> &ops) {
  if constexpr (OpT::template hasTrait<FamilyOpInterface::Trait>())
    ops.push_back({OpT::getOperationName(), OpT::getFamily(),
                   OpT::getElementOp(), OpT::getIsaName(),
                   &OpT::getTargetElementKinds, &OpT::getElementKindsSource});
}

template <typename... OpTs>
static SmallVector<FamilyOpInfo> collectFamilyOps() {
  SmallVector<FamilyOpInfo> ops;
  (appendIfFamilyOp<OpTs>(ops), ...);
  return ops;
}

ArrayRef<FamilyOpInfo> mlir::pto::getFamilyOps() {
  // Every op class of the dialect, as the dialect registers them: the ops
  // with FamilyOpInterface are the families' rows.
  static const SmallVector<FamilyOpInfo> ops = collectFamilyOps<
#define GET_OP_LIST
#include "pto/PtoOps.cpp.inc"
      >();
  return ops;
}

/// `<mnemonic>_c1`, the element types of each family op per target.
void mlir::pto::appendFamilyRuleTables(SmallVectorImpl<RuleTable> &tables) {
  static llvm::StringSet<> ruleIds;
  for (const FamilyOpInfo &info : getFamilyOps()) {
    StringRef rule =
        ruleIds.insert((info.getMnemonic() + "_c1").str()).first->getKey();
    RuleTable &table =
        tables.emplace_back(RuleTable{rule, "dst element types", {}, {}});
    for (std::optional<TargetArch> target : getRuleTargets())
      table.rows.push_back(
          {target, {}, stringifyElementKinds(info.getElementKinds(target))});
  }
}

//===----------------------------------------------------------------------===//
// The rules every elementwise family shares (the pages of their rows,
// ElementwiseOps.td, TileScalarOps.td), over the op's ins: tiles and scalars
//===----------------------------------------------------------------------===//

/// Scalar operand `name` of type `type` is of dst's element type (integers
/// as the signless integer of their width: arith's constants and kernel
/// arguments are signless).
LogicalResult mlir::pto::checkScalarOfElementType(Operation *op, StringRef name,
                                                  Type type, TileLikeType dst) {
  Type element = dst.getElementType();
  Type expected = element;
  if (auto integer = dyn_cast<IntegerType>(element))
    expected = IntegerType::get(op->getContext(), integer.getWidth());
  if (type == expected)
    return success();
  return op->emitOpError() << name << " is " << typeToString(type)
                           << ", expected " << typeToString(expected)
                           << " (dst element type " << typeToString(element)
                           << ")";
}

LogicalResult mlir::pto::checkFamilyElementType(Operation *op,
                                                TileLikeType dst) {
  auto familyOp = cast<FamilyOpInterface>(op);
  std::optional<TargetArch> target = lookupTargetArch(op);
  // <mnemonic>_c1: the row's element types (its .td cites each).
  SmallVector<ElementKind> allowed = allowedOn(
      [&](TargetArch arch) { return familyOp.getTargetElementKinds(arch); },
      target);
  return checkElementTypeIn(op, "dst", dst.getElementType(), allowed, target);
}

LogicalResult mlir::pto::verifyElementwiseRules(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  // The names of the ins given (optional ones come last, in order: zip
  // stops at the last one given).
  ArrayRef<StringLiteral> names = tileOp.getOperandGroups().ins;
  OperandRange ins = tileOp.getIns();
  TileLikeType dst = getDstType(tileOp, 0);
  // The tile operands (the others are scalars, the same for every element).
  SmallVector<std::pair<StringRef, TileLikeType>> tiles;
  for (auto [name, value] : llvm::zip(names, ins))
    if (auto tile = dyn_cast<TileLikeType>(value.getType()))
      tiles.push_back({name, tile});
  if (failed(checkFamilyElementType(op, dst)))
    return failure();
  // <mnemonic>_c2: one element type (every page of the families; the NPU
  // headers' static_assert "data type mismatch", TunaryCheck's "must be
  // consistent"); a scalar is of it (the pages' `TileData::DType scalar`).
  for (auto [name, value] : llvm::zip(names, ins)) {
    auto tile = dyn_cast<TileLikeType>(value.getType());
    if (failed(tile ? checkSameElementType(op, name, tile, "dst", dst)
                    : checkScalarOfElementType(op, name, value.getType(), dst)))
      return failure();
  }
  // <mnemonic>_c3: row-major tiles (the headers' "only support row major
  // layout", TunaryCheck's "Not supported Layout type", the tile-scalar
  // pages' `TileData::isRowMajor`).
  for (auto [name, tile] : tiles)
    if (failed(checkRowMajor(op, name, tile)))
      return failure();
  if (failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // <mnemonic>_c4: equal valid shapes (the pages iterate over dst's valid
  // region and assume the sources' compatible: docs/isa/TADD.md "Valid
  // region"; TUNARY_IMPL's PTO_ASSERTs); dynamic extents are compared at
  // run time. A scratch tmp has a shape of its own (checkScratchShape).
  for (auto [name, tile] : tiles)
    if (!isScratchIn(name) &&
        failed(checkSameValidShape(op, name, tile, "dst", dst)))
      return failure();
  return success();
}

std::optional<TileLikeType> mlir::pto::getScratchType(TileOpInterface op) {
  for (auto [name, value] : llvm::zip(op.getOperandGroups().ins, op.getIns()))
    if (isScratchIn(name))
      return cast<TileLikeType>(value.getType());
  return std::nullopt;
}

LogicalResult mlir::pto::checkScratchShape(Operation *op, TileLikeType tmp,
                                           int64_t minCols, StringRef needs) {
  if (lookupTargetArch(op) != TargetArch::A2A3)
    return success();
  int64_t rows = tmp.getValidRows(), cols = tmp.getValidCols();
  if ((ShapedType::isDynamic(rows) || rows >= 1) &&
      (ShapedType::isDynamic(cols) || cols >= minCols))
    return success();
  return op->emitOpError() << "tmp has valid shape "
                           << formatShape(tmp.getValidShape())
                           << "; on a2a3 it needs at least 1 row and "
                           << minCols << " columns (" << needs << ")";
}

LogicalResult mlir::pto::verifyBinaryElementwiseOp(Operation *op) {
  if (failed(verifyElementwiseRules(op)))
    return failure();
  auto tileOp = cast<TileOpInterface>(op);
  std::optional<TileLikeType> tmp = getScratchType(tileOp);
  if (!tmp)
    return success();
  // trem_c5: A2/A3's TREM computes in a tmp of dst's columns plus two
  // 64-element masks' worth ("tmp tile must have at least ... columns",
  // a2a3/TRem.hpp:196: RowStride + CeilDivision(RowStride, 64) * 2;
  // docs/isa/TREM.md:58 "at least 1 rows").
  int64_t stride = getDstType(tileOp, 0).getShape()[1];
  return checkScratchShape(op, *tmp, stride + (stride + 63) / 64 * 2,
                           "dst's columns and two mask blocks");
}

LogicalResult mlir::pto::verifyUnaryElementwiseOp(Operation *op) {
  return verifyElementwiseRules(op);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildBinaryElementwiseResultValidShape(Operation *op,
                                                  OpBuilder &builder, unsigned,
                                                  ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
}

FailureOr<std::array<OpFoldResult, 2>>
mlir::pto::buildUnaryElementwiseResultValidShape(Operation *op,
                                                 OpBuilder &builder, unsigned,
                                                 ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, op->getLoc(), ins[0]);
}
