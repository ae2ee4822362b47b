//===- TSelOps.cpp - verifiers of tsel and tsels --------------------------===//
#include "pto/ElementwiseOps.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

/// tsel_c1: the sizes of a2a3/TSel.hpp:67-69 (2 or 4 bytes) and
/// a5/TSel.hpp:120-123 (1, 2, 4 or 8), as the page lists their types;
/// without a target, A5's, which contains A2/A3's.
static ArrayRef<ElementKind>
tselElementKinds(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const ElementKind a2a3[] = {K::I16, K::UI16, K::I32, K::UI32,
                                     K::F16, K::BF16, K::F32};
  static const ElementKind a5[] = {K::I8,  K::UI8,  K::I16, K::UI16,
                                   K::I32, K::UI32, K::I64, K::UI64,
                                   K::F16, K::BF16, K::F32};
  return target == TargetArch::A2A3 ? ArrayRef<ElementKind>(a2a3)
                                    : ArrayRef<ElementKind>(a5);
}

/// tsels_c1: a2a3/TSels.hpp:54-56 (2 or 4 bytes, the page's types) and
/// a5/TSels.hpp:124-129 (no bf16); without a target, either's.
static ArrayRef<ElementKind>
tselsElementKinds(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const ElementKind a2a3[] = {K::I16, K::UI16, K::I32, K::UI32,
                                     K::F16, K::BF16, K::F32};
  static const ElementKind a5[] = {K::I8,   K::UI8, K::I16,  K::UI16, K::I32,
                                   K::UI32, K::I64, K::UI64, K::F16,  K::F32};
  static const ElementKind any[] = {K::I8,  K::UI8,  K::I16, K::UI16,
                                    K::I32, K::UI32, K::I64, K::UI64,
                                    K::F16, K::BF16, K::F32};
  if (target == TargetArch::A2A3)
    return a2a3;
  if (target == TargetArch::A5)
    return a5;
  return any;
}

void mlir::pto::appendTSelRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &tsel =
      tables.emplace_back(RuleTable{"tsel_c1", "dst element types", {}, {}});
  RuleTable &tsels =
      tables.emplace_back(RuleTable{"tsels_c1", "dst element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets()) {
    tsel.rows.push_back(
        {target, {}, stringifyElementKinds(tselElementKinds(target))});
    tsels.rows.push_back(
        {target, {}, stringifyElementKinds(tselsElementKinds(target))});
  }
}

/// The mask is a tile of integers: the simulator shifts its elements
/// (cpu/TSel.hpp:38, cpu/TSelS.hpp:40).
static LogicalResult checkIntegerMask(Operation *op, TileLikeType mask) {
  if (isa<IntegerType>(mask.getElementType()))
    return success();
  return op->emitOpError() << "mask element type must be an integer, got "
                           << typeToString(mask.getElementType());
}

//===----------------------------------------------------------------------===//
// TSelOp (page: TSEL, pto-isa docs/isa/TSEL.md; PTOAS PTO.cpp:8239-8300)
//===----------------------------------------------------------------------===//

LogicalResult TSelOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  Operation *op = getOperation();
  TileLikeType dst = getDstType(tileOp, 0);
  auto mask = cast<TileLikeType>(getMask().getType());
  auto src0 = cast<TileLikeType>(getSrc0().getType());
  auto src1 = cast<TileLikeType>(getSrc1().getType());
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tsel_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                tselElementKinds(target), target)))
    return failure();
  // tsel_c2 (a2a3/TSel.hpp:70-73, a5/TSel.hpp:124-127; PTOAS PTO.cpp:8254)
  if (failed(checkSameElementType(op, "src0", src0, "dst", dst)) ||
      failed(checkSameElementType(op, "src1", src1, "dst", dst)))
    return failure();
  // tsel_c3: the simulator takes dst, src0 and src1 as one Tile type
  // (cpu/TSel.hpp:48-50) and reads the sources at dst's offsets (:44).
  for (auto [name, src] : {std::pair{"src0", src0}, std::pair{"src1", src1}})
    if (src.getShape() != dst.getShape() ||
        src.getValidShape() != dst.getValidShape() ||
        src.getBLayout() != dst.getBLayout() ||
        src.getSLayout() != dst.getSLayout())
      return emitOpError() << name << " shape " << formatShape(src.getShape())
                           << " (valid " << formatShape(src.getValidShape())
                           << ", " << formatLayout(src)
                           << ") differs from dst's "
                           << formatShape(dst.getShape()) << " (valid "
                           << formatShape(dst.getValidShape()) << ", "
                           << formatLayout(dst) << ")";
  // tsel_c4 (a2a3/TSel.hpp:74-76, a5/TSel.hpp:128-130)
  if (failed(checkRowMajor(op, "dst", dst)))
    return failure();
  // tsel_c5: an integer mask of static valid columns that holds a bit for
  // every cell of dst's tile: the simulator reads it as one stream of 8
  // bits per element, wrapping to the next mask row at its valid columns
  // (cpu/TSel.hpp:26-44), past the mask's storage when it is too small.
  if (failed(checkIntegerMask(op, mask)))
    return failure();
  int64_t maskCols = mask.getValidShape()[1];
  int64_t needed = (dst.getShape()[0] * dst.getShape()[1] + 7) / 8;
  if (ShapedType::isDynamic(maskCols) || maskCols == 0 ||
      (needed + maskCols - 1) / maskCols > mask.getShape()[0])
    return emitOpError() << "mask of shape " << formatShape(mask.getShape())
                         << " and valid shape "
                         << formatShape(mask.getValidShape())
                         << " holds fewer than the " << needed
                         << " elements of 8 bits dst's " << dst.getShape()[0]
                         << "x" << dst.getShape()[1]
                         << " cells may read, row by row over its valid "
                            "columns (static and not 0)";
  return success();
}

//===----------------------------------------------------------------------===//
// TSelSOp (page: TSELS, pto-isa docs/isa/TSELS.md; PTOAS PTO.cpp:8302-8370)
//===----------------------------------------------------------------------===//

LogicalResult TSelSOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  Operation *op = getOperation();
  TileLikeType dst = getDstType(tileOp, 0);
  auto mask = cast<TileLikeType>(getMask().getType());
  auto src = cast<TileLikeType>(getSrc().getType());
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tsels_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                tselsElementKinds(target), target)))
    return failure();
  // tsels_c2 (a2a3/TSels.hpp:57-59, a5/TSels.hpp:121-123, cpu/TSelS.hpp:25)
  if (failed(checkSameElementType(op, "src", src, "dst", dst)))
    return failure();
  // tsels_c3 (cpu/TSelS.hpp:23: the scalar is src's DType)
  if (failed(
          checkScalarOfElementType(op, "scalar", getScalar().getType(), dst)))
    return failure();
  // tsels_c4 (a2a3/TSels.hpp:64-65, a5/TSels.hpp:140-141, cpu/TSelS.hpp:28;
  // dynamic extents at run time)
  if (failed(checkSameValidShape(op, "src", src, "dst", dst)))
    return failure();
  // tsels_c5 (a2a3/TSels.hpp:60, a5/TSels.hpp:130-132)
  if (failed(checkRowMajor(op, "dst", dst)) ||
      failed(checkRowMajor(op, "src", src)) ||
      failed(checkRowMajor(op, "mask", mask)))
    return failure();
  // tsels_c6: an integer mask with a bit for every cell of dst's tile: the
  // simulator reads bit c % B of mask element (r, c / B) (cpu/TSelS.hpp:36).
  if (failed(checkIntegerMask(op, mask)))
    return failure();
  int64_t bits = mask.getElementType().getIntOrFloatBitWidth();
  if (mask.getShape()[0] < dst.getShape()[0] ||
      mask.getShape()[1] * bits < dst.getShape()[1])
    return emitOpError() << "mask of shape " << formatShape(mask.getShape())
                         << " of " << bits << "-bit elements has no bit for "
                         << "every cell of dst's "
                         << formatShape(dst.getShape())
                         << " (it needs as many rows and " << bits
                         << " columns of dst per column)";
  return success();
}
