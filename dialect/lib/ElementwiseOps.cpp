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
    StringRef values = isArgReduceFamily(info.family) ? "src element types"
                                                      : "dst element types";
    RuleTable &table = tables.emplace_back(RuleTable{rule, values, {}, {}});
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
                                                  Type type, TileLikeType dst,
                                                  StringRef refName) {
  Type element = dst.getElementType();
  Type expected = element;
  if (auto integer = dyn_cast<IntegerType>(element))
    expected = IntegerType::get(op->getContext(), integer.getWidth());
  if (type == expected)
    return success();
  return op->emitOpError() << name << " is " << typeToString(type)
                           << ", expected " << typeToString(expected) << " ("
                           << refName << " element type "
                           << typeToString(element) << ")";
}

StringRef mlir::pto::getFamilyTypedOperand(OpFamily family) {
  return isArgReduceFamily(family) ? "src" : "dst";
}

LogicalResult mlir::pto::checkFamilyElementType(Operation *op,
                                                TileLikeType tile) {
  auto familyOp = cast<FamilyOpInterface>(op);
  std::optional<TargetArch> target = lookupTargetArch(op);
  // <mnemonic>_c1: the row's element types (its .td cites each).
  SmallVector<ElementKind> allowed = allowedOn(
      [&](TargetArch arch) { return familyOp.getTargetElementKinds(arch); },
      target);
  return checkElementTypeIn(op, getFamilyTypedOperand(familyOp.getFamily()),
                            tile.getElementType(), allowed, target);
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
  // consistent"); a scalar is of it (the pages' `TileData::DType scalar`);
  // a mask scratch is of its own type (hasMaskScratch).
  bool maskScratch = hasMaskScratch(op);
  for (auto [name, value] : llvm::zip(names, ins)) {
    auto tile = dyn_cast<TileLikeType>(value.getType());
    if (maskScratch && isScratchIn(name))
      continue;
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

bool mlir::pto::hasMaskScratch(Operation *op) {
  auto familyOp = dyn_cast<FamilyOpInterface>(op);
  return familyOp && familyOp.getElementOp() == ElementOp::Prelu;
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

SmallVector<TargetArch> mlir::pto::getTilesApartTargets(Operation *op) {
  SmallVector<TargetArch> targets;
  auto familyOp = dyn_cast<FamilyOpInterface>(op);
  if (!familyOp)
    return targets;
  std::optional<TargetArch> target = lookupTargetArch(op);
  for (TargetArch arch : kTargetArchs)
    if ((!target || *target == arch) && familyOp.keepsTilesApart(arch))
      targets.push_back(arch);
  return targets;
}

LogicalResult mlir::pto::checkTilesApart(Operation *op) {
  SmallVector<TargetArch> targets = getTilesApartTargets(op);
  std::optional<TargetArch> target = lookupTargetArch(op);
  // Without a target, a rule admits what either target admits.
  if (targets.empty() || (!target && targets.size() != std::size(kTargetArchs)))
    return success();
  // txor_c5, txors_c5 (a2a3/TXor.hpp:43-46, a2a3/TBitwiseSOp.hpp:126-128),
  // tands_c5, tors_c5 (a2a3/TBitwiseSOp.hpp:102-103, :114-115; PTOAS's
  // "expects src and dst to use different storage", PTO.cpp:2999, :6333,
  // :8861): the NPU writes dst and tmp while it reads the others, so each
  // is a tile of its own. At Level 1 a value is a tile: dst is a new one,
  // but one value given as tmp and as a source is one tile.
  auto tileOp = cast<TileOpInterface>(op);
  SmallVector<std::pair<StringRef, Value>> tiles;
  for (auto [name, value] :
       llvm::zip(tileOp.getOperandGroups().ins, tileOp.getIns()))
    if (isa<TileLikeType>(value.getType()))
      tiles.push_back({name, value});
  for (Value out : tileOp.getOuts())
    tiles.push_back({"dst", out});
  auto kept = [](StringRef name) { return name == "dst" || isScratchIn(name); };
  for (auto [i, first] : llvm::enumerate(tiles))
    for (auto &second : ArrayRef(tiles).drop_front(i + 1))
      if (first.second == second.second &&
          (kept(first.first) || kept(second.first))) {
        std::string where = target
                                ? ("on " + stringifyTargetArch(*target)).str()
                                : std::string("on every target");
        bool scratch = llvm::any_of(
            tiles, [](auto &tile) { return isScratchIn(tile.first); });
        return op->emitOpError()
               << first.first << " and " << second.first
               << " are the same tile; " << where
               << (scratch ? " dst and tmp must each be a tile of its own "
                             "(the NPU writes them while it reads the others)"
                           : " dst must be a tile of its own (the NPU writes "
                             "it while it reads the others)");
      }
  return success();
}

LogicalResult mlir::pto::checkXorScratch(Operation *op, TileLikeType tmp) {
  if (lookupTargetArch(op) != TargetArch::A2A3)
    return success();
  // txor_c6, txors_c6: A2/A3's TXOR and TXORS compute TOR/TORS into tmp and
  // TAND(dst, dst, tmp), which assert tmp's valid shape is dst's
  // (a2a3/TXor.hpp:39-41; a2a3/TOr.hpp:73-76; docs/isa/TXORS.md:63).
  return checkSameValidShape(op, "tmp", tmp, "dst",
                             getDstType(cast<TileOpInterface>(op), 0));
}

LogicalResult mlir::pto::checkPreluScratch(Operation *op, TileLikeType tmp) {
  if (lookupTargetArch(op) != TargetArch::A2A3)
    return success();
  // tprelu_c6: A2/A3's TCMPS writes src0 > 0 into tmp as a mask of bytes
  // (a2a3/TPrelu.hpp:28, "TPRELU has invalid data type"; docs/isa/
  // TPRELU.md:52, :68).
  if (failed(checkElementTypeIn(op, "tmp", tmp.getElementType(),
                                {ElementKind::UI8}, TargetArch::A2A3)))
    return failure();
  // tprelu_c7: TSEL reads its mask from tmp's rows after dst's valid rows
  // (a2a3/TPrelu.hpp:40-42, :60: "the valid rows of tmp tile must be
  // greater than the valid rows of output tile"; docs/isa/TPRELU.md:55).
  // (TCMPS into tmp asserts tmp's valid rows are src0's, a2a3/TCmps.hpp:
  // 198, which no tmp satisfies with this one: TPRELU's own check wins.)
  int64_t rows = tmp.getValidRows();
  int64_t dstRows = getDstType(cast<TileOpInterface>(op), 0).getValidRows();
  if (ShapedType::isDynamic(rows) || ShapedType::isDynamic(dstRows) ||
      rows > dstRows)
    return success();
  return op->emitOpError() << "tmp has " << rows << " valid rows; on a2a3 it "
                           << "needs more than dst's " << dstRows
                           << " (TSEL's mask follows TCMPS's rows)";
}

LogicalResult mlir::pto::verifyBinaryElementwiseOp(Operation *op) {
  if (failed(verifyElementwiseRules(op)) || failed(checkTilesApart(op)))
    return failure();
  auto tileOp = cast<TileOpInterface>(op);
  std::optional<TileLikeType> tmp = getScratchType(tileOp);
  if (!tmp)
    return success();
  ElementOp elementOp = cast<FamilyOpInterface>(op).getElementOp();
  if (elementOp == ElementOp::Xor)
    return checkXorScratch(op, *tmp);
  if (elementOp == ElementOp::Prelu)
    return checkPreluScratch(op, *tmp);
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
