//===- TCvtOps.cpp - verifier of tcvt -------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TCvtOp (page: TCVT, pto-isa docs/isa/TCVT.md)
//===----------------------------------------------------------------------===//

namespace {
/// The conversions from `src` to each of `dsts`.
struct TCvtPairs {
  ElementKind src;
  SmallVector<ElementKind> dsts;
};
} // namespace

/// tcvt_c1: the pairs of TCVT.md's "Supported Conversions" table, per
/// target, as the NPU headers dispatch them (include/pto/npu/a2a3/
/// TCvt.hpp:755-891; include/pto/npu/a5/TCvt.hpp), of the element types
/// pto-mlir has: int4b_t, the packed fp4 pairs, hifloat8 and the fp8
/// conversions of A5 are not implemented (docs/ops/tcvt.md). Without a
/// target, the pairs of either.
static ArrayRef<TCvtPairs> tcvtPairs(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const TCvtPairs a2a3[] = {
      {K::F32, {K::F16, K::F32, K::BF16, K::I16, K::I32, K::I64}},
      {K::F16, {K::F32, K::I32, K::I16, K::I8, K::UI8}},
      {K::BF16, {K::F32, K::I32}},
      {K::I16, {K::F16, K::F32}},
      {K::I32, {K::F32, K::I16, K::I64, K::F16}},
      {K::I64, {K::F32, K::I32}},
      {K::UI8, {K::F16}},
      {K::I8, {K::F16}}};
  static const TCvtPairs a5[] = {
      {K::F32, {K::F32, K::F16, K::BF16, K::I16, K::I32, K::I64}},
      {K::F16, {K::F32, K::I32, K::I16, K::I8, K::UI8}},
      {K::BF16, {K::F32, K::I32, K::F16}},
      {K::I16, {K::UI8, K::F16, K::F32, K::UI32, K::I32}},
      {K::I32, {K::F32, K::I16, K::UI16, K::I64, K::UI8}},
      {K::I64, {K::F32, K::I32}},
      {K::UI8, {K::F16, K::UI16}},
      {K::I8, {K::F16, K::I16, K::I32}},
      {K::UI32, {K::UI8, K::UI16, K::I16}}};
  static const SmallVector<TCvtPairs> any = [] {
    SmallVector<TCvtPairs> both(std::begin(a5), std::end(a5));
    for (const TCvtPairs &pairs : a2a3) {
      TCvtPairs *mine = llvm::find_if(
          both, [&](const TCvtPairs &p) { return p.src == pairs.src; });
      for (ElementKind dst : pairs.dsts)
        if (!llvm::is_contained(mine->dsts, dst))
          mine->dsts.push_back(dst);
    }
    return both;
  }();
  if (target == TargetArch::A2A3)
    return a2a3;
  if (target == TargetArch::A5)
    return a5;
  return any;
}

void mlir::pto::appendTCvtRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table = tables.emplace_back(
      RuleTable{"tcvt_c1", "dst element types", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const TCvtPairs &pairs : tcvtPairs(target))
      table.rows.push_back({target,
                            {stringifyElementKind(pairs.src)},
                            stringifyElementKinds(pairs.dsts)});
}

LogicalResult TCvtOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(getSrc().getType());
  TileLikeType dst = getDstType(tileOp, 0);
  std::optional<TargetArch> target = lookupTargetArch(*this);
  Operation *op = getOperation();
  // tcvt_c1
  std::optional<ElementKind> from = classifyElementType(src.getElementType());
  ArrayRef<TCvtPairs> pairs = tcvtPairs(target);
  const TCvtPairs *row = llvm::find_if(
      pairs, [&](const TCvtPairs &p) { return from && p.src == *from; });
  std::optional<ElementKind> to = classifyElementType(dst.getElementType());
  if (row == pairs.end() || !to || !llvm::is_contained(row->dsts, *to)) {
    InFlightDiagnostic diag =
        emitOpError() << "converts " << typeToString(src.getElementType())
                      << " -> " << typeToString(dst.getElementType())
                      << ", which is not a TCVT conversion "
                      << describeTarget(target);
    if (row != pairs.end())
      diag << " (from " << typeToString(src.getElementType()) << ": "
           << llvm::join(stringifyElementKinds(row->dsts), ", ") << ")";
    return diag;
  }
  // tcvt_c2 (TCVT.md: "dst and src must be compatible in shape"; PTOAS
  // lib/PTO/IR/PTO.cpp:3719, "expects src and dst to have compatible
  // shapes")
  if (src.getShape() != dst.getShape())
    return emitOpError() << "src shape " << formatShape(src.getShape())
                         << " differs from dst shape "
                         << formatShape(dst.getShape());
  // tcvt_c3 (TCVT.md: "... and valid region"; TCvt.hpp:233-235 converts
  // src's valid region into dst)
  if (failed(checkSameValidShape(op, "src", src, "dst", dst)))
    return failure();
  // tcvt_c4 (the headers' "TileType::Vec" checks: a vector instruction)
  if (failed(checkLocation(op, "src", src, TileLocation::Vec)) ||
      failed(checkLocation(op, "dst", dst, TileLocation::Vec)))
    return failure();
  if (Value tmp = getTmp())
    return checkLocation(op, "tmp", cast<TileLikeType>(tmp.getType()),
                         TileLocation::Vec);
  return success();
}

/// The conversion is valid where its source is.
FailureOr<std::array<OpFoldResult, 2>>
TCvtOp::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
}
