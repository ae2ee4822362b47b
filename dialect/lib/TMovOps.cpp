//===- TMovOps.cpp - verifier of tmov -------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TMovOp (page: TMOV, pto-isa docs/isa/TMOV.md)
//===----------------------------------------------------------------------===//

namespace {
/// A move TMOV.md lists: from `src` to each of `dsts`.
struct TMovPath {
  StringRef src;
  SmallVector<StringRef> dsts;
};
} // namespace

/// tmov_c2: the location pairs of the page, per target ("Supported tile-type
/// pairs" on A2A3, "Supported paths include" on A5). Without a target, A5's,
/// which contains A2/A3's.
static ArrayRef<TMovPath> tmovPaths(std::optional<TargetArch> target) {
  static const TMovPath a2a3[] = {{"mat", {"left", "right", "bias", "scaling"}},
                                  {"vec", {"vec"}},
                                  {"acc", {"mat"}}};
  static const TMovPath a5AndAny[] = {
      {"mat", {"left", "right", "bias", "scaling"}},
      {"vec", {"vec", "mat"}},
      {"acc", {"vec", "mat"}}};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5AndAny;
}

namespace {
/// An acc -> vec conversion: from `src` to each of `dsts`.
struct AccToVecTypes {
  ElementKind src;
  SmallVector<ElementKind> dsts;
};
} // namespace

/// tmov_c9: acc -> vec without quantization (CheckTMovAccValid,
/// include/pto/npu/a5/common.hpp:166-174: f32 -> f16, bf16, f32; i32 -> i32).
/// A5 only (tmov_c2: A2/A3 has no acc -> vec path).
static ArrayRef<AccToVecTypes> accToVecTypes() {
  using K = ElementKind;
  static const AccToVecTypes types[] = {{K::F32, {K::F16, K::BF16, K::F32}},
                                        {K::I32, {K::I32}}};
  return types;
}

void mlir::pto::appendTMovRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table =
      tables.emplace_back(RuleTable{"tmov_c2", "dst locations", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const TMovPath &path : tmovPaths(target))
      table.rows.push_back({target, {path.src}, path.dsts});
  RuleTable &acc = tables.emplace_back(
      RuleTable{"tmov_c9", "acc -> vec dst element types", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets()) {
    if (target == TargetArch::A2A3)
      continue;
    for (const AccToVecTypes &types : accToVecTypes())
      acc.rows.push_back({target,
                          {stringifyElementKind(types.src)},
                          stringifyElementKinds(types.dsts)});
  }
}

/// tmov_c8 ... tmov_c10: acc -> vec, the fixpipe's move out of L0C with
/// its conversion (a5/TMov.hpp:846-854, TMOV_IMPL -> CheckTMovAccValid).
static LogicalResult verifyAccToVec(Operation *op, TileLikeType src,
                                    TileLikeType dst) {
  // tmov_c8 (common.hpp:144-146: "Src fractal format should be (BFractal:
  // ColMajor, SFractal: RowMajor)")
  if (getIsaLayout(src) != IsaLayout::NZ)
    return op->emitOpError()
           << "src of acc -> vec must be NZ, got " << formatLayout(src);
  // tmov_c9
  std::optional<ElementKind> from = classifyElementType(src.getElementType());
  std::optional<ElementKind> to = classifyElementType(dst.getElementType());
  ArrayRef<AccToVecTypes> types = accToVecTypes();
  const AccToVecTypes *row = llvm::find_if(
      types, [&](const AccToVecTypes &t) { return from && t.src == *from; });
  if (row == types.end() || !to || !llvm::is_contained(row->dsts, *to))
    return op->emitOpError()
           << "moves acc " << typeToString(src.getElementType()) << " -> vec "
           << typeToString(dst.getElementType())
           << ", which is not an acc -> vec conversion (f32 -> f16, bf16, "
              "f32; i32 -> i32)";
  // tmov_c10 (common.hpp:176-180: "Only support nz2nz, nz2nd or nz2dn")
  IsaLayout layout = getIsaLayout(dst);
  if (layout != IsaLayout::ND && layout != IsaLayout::DN &&
      layout != IsaLayout::NZ)
    return op->emitOpError() << "dst of acc -> vec must be ND, DN or NZ, got "
                             << formatLayout(dst);
  return success();
}

LogicalResult TMovOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  auto src = cast<TileLikeType>(getSrc().getType());
  TileLikeType dst = getDstType(tileOp, 0);
  std::optional<TargetArch> target = lookupTargetArch(*this);
  Operation *op = getOperation();
  // tmov_c1 (A2A3: "SrcTileData::Rows == DstTileData::Rows and
  // SrcTileData::Cols == DstTileData::Cols")
  if (src.getShape() != dst.getShape())
    return emitOpError() << "src shape " << formatShape(src.getShape())
                         << " differs from dst shape "
                         << formatShape(dst.getShape());
  // tmov_c2
  StringRef from = stringifyTileLocation(src.getLocation());
  StringRef to = stringifyTileLocation(dst.getLocation());
  ArrayRef<TMovPath> paths = tmovPaths(target);
  const TMovPath *path =
      llvm::find_if(paths, [&](const TMovPath &p) { return p.src == from; });
  if (path == paths.end() || !llvm::is_contained(path->dsts, to))
    return emitOpError() << "moves " << from << " -> " << to
                         << ", which is not a TMOV path "
                         << describeTarget(target);
  // The other paths convert on the way (quantization, the fixpipe's
  // conversions into mat), which pto-mlir does not implement
  // (docs/status.md).
  bool toL0 = from == "mat" && (to == "left" || to == "right");
  bool accToVec = from == "acc" && to == "vec";
  if (!toL0 && !accToVec && (from != "vec" || to != "vec"))
    return emitOpError() << "moves " << from << " -> " << to
                         << ": pto-mlir implements the vec -> vec, "
                            "mat -> left, mat -> right and acc -> vec moves "
                            "only";
  if (accToVec) {
    if (failed(verifyAccToVec(op, src, dst)))
      return failure();
    // tmov_c5
    return checkSameValidShape(op, "src", src, "dst", dst);
  }
  // tmov_c3 (A5 CommonCheck: "destination/source dtype must be identical")
  if (failed(checkSameElementType(op, "src", src, "dst", dst)))
    return failure();
  if (toL0) {
    // tmov_c6 (a5/TMov.hpp:682-730, TMovToLeft/TMovToRight: an NZ or ZN
    // src goes through TExtractToA/B; the one-row GEMV src of left,
    // TExtractToAVector, is not implemented)
    IsaLayout srcLayout = getIsaLayout(src);
    if (srcLayout != IsaLayout::NZ && srcLayout != IsaLayout::ZN)
      return emitOpError() << "src of mat -> " << to
                           << " must be NZ or ZN, got " << formatLayout(src);
    // tmov_c7 (a5/TMov.hpp:685 and 712, "TMov: DstTile Invalid Fractal")
    if (failed(verifyMatToL0Dst(op, ("dst of mat -> " + to).str(), to == "left",
                                dst, target)))
      return failure();
  } else if (src.getBLayout() != dst.getBLayout() ||
             src.getSLayout() != dst.getSLayout() ||
             src.getFractal() != dst.getFractal()) {
    // tmov_c4: a vec -> vec move copies, so both tiles have one layout.
    return emitOpError() << "src layout " << formatLayout(src)
                         << " (fractal=" << src.getFractal()
                         << ") differs from dst layout " << formatLayout(dst)
                         << " (fractal=" << dst.getFractal() << ")";
  }
  // tmov_c5 ("copies ... from src into dst over the valid region")
  return checkSameValidShape(op, "src", src, "dst", dst);
}

/// The copy is valid where its source is.
FailureOr<std::array<OpFoldResult, 2>>
TMovOp::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
}
