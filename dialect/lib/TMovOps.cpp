//===- TMovOps.cpp - verifier of tmov -------------------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

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
/// A conversion of a move: from `src` to each of `dsts`.
struct MoveTypes {
  ElementKind src;
  SmallVector<ElementKind> dsts;
};
} // namespace

/// tmov_c9: acc -> vec and acc -> mat without quantization. A5: both paths
/// CheckTMovAccValid (include/pto/npu/a5/common.hpp:166-174: f32 -> f16,
/// bf16, f32; i32 -> i32; a5/TMov.hpp:765). A2/A3: acc -> mat only (tmov_c2),
/// CheckTMovAccToMat with its cast modes (a2a3/common.hpp:107-111: f32 ->
/// f16, bf16; a2a3/TMov.hpp:160). Without a target, A5's, which contains
/// A2/A3's.
static ArrayRef<MoveTypes> accMoveTypes(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const MoveTypes a5[] = {{K::F32, {K::F16, K::BF16, K::F32}},
                                 {K::I32, {K::I32}}};
  static const MoveTypes a2a3[] = {{K::F32, {K::F16, K::BF16}}};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5;
}

/// tmov_c12: mat -> bias (TMovToBt, a2a3/TMov.hpp:27-34: i32 and f32 as
/// they are, f16 -> f32; a5/TMov.hpp:23-28 also bf16 -> f32). Without a
/// target, A5's, which contains A2/A3's.
static ArrayRef<MoveTypes> biasMoveTypes(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const MoveTypes a5[] = {{K::I32, {K::I32}},
                                 {K::F32, {K::F32}},
                                 {K::F16, {K::F32}},
                                 {K::BF16, {K::F32}}};
  if (target == TargetArch::A2A3)
    return ArrayRef<MoveTypes>(a5).take_front(3);
  return a5;
}

/// tmov_c14: the element types of A5's vec ND -> NZ repack, the ones
/// pto-mlir has of TMovToVecNd2Nz's static_assert (a5/TMov.hpp:500-507;
/// hifloat8_t and the packed fp4 pairs are not pto-mlir's).
static ArrayRef<ElementKind> repackElementTypes() {
  using K = ElementKind;
  static const ElementKind kinds[] = {K::I8,   K::UI8, K::I32,      K::F16,
                                      K::BF16, K::F32, K::F8E4M3FN, K::F8E5M2};
  return kinds;
}

void mlir::pto::appendTMovRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table =
      tables.emplace_back(RuleTable{"tmov_c2", "dst locations", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const TMovPath &path : tmovPaths(target))
      table.rows.push_back({target, {path.src}, path.dsts});
  RuleTable &acc = tables.emplace_back(
      RuleTable{"tmov_c9", "dst element types", {"path", "src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (StringRef path : {"acc -> vec", "acc -> mat"}) {
      if (target == TargetArch::A2A3 && path == "acc -> vec")
        continue; // no such path (tmov_c2)
      for (const MoveTypes &types : accMoveTypes(target))
        acc.rows.push_back({target,
                            {path, stringifyElementKind(types.src)},
                            stringifyElementKinds(types.dsts)});
    }
  RuleTable &repack = tables.emplace_back(
      RuleTable{"tmov_c14", "vec ND -> NZ element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    if (target != TargetArch::A2A3) // no repack on a2a3 (tmov_c4)
      repack.rows.push_back(
          {target, {}, stringifyElementKinds(repackElementTypes())});
  RuleTable &bias = tables.emplace_back(
      RuleTable{"tmov_c12", "mat -> bias dst element types", {"src"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const MoveTypes &types : biasMoveTypes(target))
      bias.rows.push_back({target,
                           {stringifyElementKind(types.src)},
                           stringifyElementKinds(types.dsts)});
}

/// `from -> to` is not a conversion of `rows`: the message, naming them.
static LogicalResult emitNotAConversion(Operation *op, StringRef path,
                                        TileLikeType src, TileLikeType dst,
                                        ArrayRef<MoveTypes> rows,
                                        std::optional<TargetArch> target) {
  InFlightDiagnostic diag = op->emitOpError();
  diag << "moves " << path << " " << typeToString(src.getElementType())
       << " -> " << typeToString(dst.getElementType())
       << ", which is not a conversion of " << path << " "
       << describeTarget(target) << " (";
  llvm::interleave(
      rows, diag,
      [&](const MoveTypes &t) {
        diag << stringifyElementKind(t.src) << " -> "
             << llvm::join(stringifyElementKinds(t.dsts), "|");
      },
      "; ");
  diag << ")";
  return diag;
}

/// Whether `src -> dst`'s element types are a row of `rows`.
static bool isConversion(TileLikeType src, TileLikeType dst,
                         ArrayRef<MoveTypes> rows) {
  std::optional<ElementKind> from = classifyElementType(src.getElementType());
  std::optional<ElementKind> to = classifyElementType(dst.getElementType());
  const MoveTypes *row = llvm::find_if(
      rows, [&](const MoveTypes &t) { return from && t.src == *from; });
  return row != rows.end() && to && llvm::is_contained(row->dsts, *to);
}

/// tmov_c8 ... tmov_c11: acc -> vec and acc -> mat, the fixpipe's move out
/// of L0C with its conversion (a5/TMov.hpp:764-775, a2a3/TMov.hpp:159-166).
static LogicalResult verifyAccMove(Operation *op, StringRef to,
                                   TileLikeType src, TileLikeType dst,
                                   std::optional<TargetArch> target) {
  std::string path = ("acc -> " + to).str();
  // tmov_c8 (a5/common.hpp:144-146, a2a3/common.hpp:98-100: "Src fractal
  // format should be (BFractal: ColMajor, SFractal: RowMajor)")
  if (getIsaLayout(src) != IsaLayout::NZ)
    return op->emitOpError()
           << "src of " << path << " must be NZ, got " << formatLayout(src);
  // tmov_c9
  if (!isConversion(src, dst, accMoveTypes(target)))
    return emitNotAConversion(op, path, src, dst, accMoveTypes(target), target);
  // tmov_c10 (a5/common.hpp:176-180: "Only support nz2nz, nz2nd or nz2dn")
  IsaLayout layout = getIsaLayout(dst);
  if (layout != IsaLayout::ND && layout != IsaLayout::DN &&
      layout != IsaLayout::NZ)
    return op->emitOpError()
           << "dst of " << path << " must be ND, DN or NZ, got "
           << formatLayout(dst);
  // tmov_c11 (a2a3/common.hpp:93-94, :101-103: "Destination SFractalSize
  // only support 512", "Dst fractal format should be (BFractal: ColMajor,
  // SFractal: RowMajor)"; its whole 32-byte columns follow from the NZ
  // type rule)
  if (target == TargetArch::A2A3 &&
      (layout != IsaLayout::NZ || dst.getFractal() != 512))
    return op->emitOpError()
           << "dst of acc -> mat must be NZ with fractal=512 on a2a3, got "
           << formatLayout(dst) << " with fractal=" << dst.getFractal();
  return success();
}

/// tmov_c12, tmov_c13: mat -> bias (TMovToBt, a2a3/TMov.hpp:18-38,
/// a5/TMov.hpp:18-43).
static LogicalResult verifyBiasMove(Operation *op, TileLikeType src,
                                    TileLikeType dst,
                                    std::optional<TargetArch> target) {
  // tmov_c12
  if (!isConversion(src, dst, biasMoveTypes(target)))
    return emitNotAConversion(op, "mat -> bias", src, dst,
                              biasMoveTypes(target), target);
  // tmov_c13 (a2a3/TMov.hpp:35-38 and a5/TMov.hpp:37-43: "row must be 1",
  // "col * sizeof(Dtype) must be aligned to 64", of src's element on
  // A2/A3 and dst's on A5, and at most the 4 KiB bias table on A5)
  TileLikeType sized = target == TargetArch::A2A3 ? src : dst;
  int64_t bytes = sized.getCols() * sized.getElementBitWidth() / 8;
  bool a5 = target != TargetArch::A2A3;
  if (src.getRows() != 1 || bytes % 64 != 0 || (a5 && bytes > 4096))
    return op->emitOpError()
           << "mat -> bias needs one row of a multiple of 64 bytes"
           << (a5 ? ", at most 4096," : "") << " of " << (a5 ? "dst" : "src")
           << " elements " << describeTarget(target) << ", got "
           << formatShape(src.getShape()) << " (" << bytes << " bytes)";
  return success();
}

/// tmov_c4, tmov_c14, tmov_c15: vec -> vec. A5 converts an ND src into an
/// NZ dst of 512-byte fractals, cell by cell as the simulator copies
/// (cpu/TMov.hpp:27-31): TMovToVecNd2Nz (a5/TMov.hpp:776-782; its boxes of
/// FRACTAL_NZ_ROW rows by C0_SIZE_BYTE). Every other pair goes through a
/// copy of rows (a5 TMovToVec, :788) or of 32-byte blocks (a2a3
/// TMovToVecImpl, a2a3/TMov.hpp:79-111), which moves bytes, not cells: one
/// layout. (A5's ND -> ZN, TMovNdTo2Zn at :783-786, is not implemented: no
/// op reads a ZN vec tile on every engine, PTOAS's tinsert refusing it.)
static LogicalResult verifyVecMove(Operation *op, TileLikeType src,
                                   TileLikeType dst,
                                   std::optional<TargetArch> target) {
  if (src.getBLayout() == dst.getBLayout() &&
      src.getSLayout() == dst.getSLayout() &&
      src.getFractal() == dst.getFractal())
    return success();
  // tmov_c4
  if (target == TargetArch::A2A3 || getIsaLayout(src) != IsaLayout::ND ||
      getIsaLayout(dst) != IsaLayout::NZ || dst.getFractal() != 512)
    return op->emitOpError()
           << "src layout " << formatLayout(src)
           << " (fractal=" << src.getFractal() << ") differs from dst layout "
           << formatLayout(dst) << " (fractal=" << dst.getFractal() << "): "
           << (target == TargetArch::A2A3
                   ? "a vec -> vec move copies one layout on a2a3"
                   : "a vec -> vec move copies one layout, or converts ND "
                     "to NZ of fractal=512");
  // tmov_c14
  if (failed(checkElementTypeIn(op, "src of vec ND -> NZ", src.getElementType(),
                                repackElementTypes(), target)))
    return failure();
  // tmov_c15 (a5/TMov.hpp:517-519: TMovToVecNd2Nz puts dst's columns of
  // boxes its valid rows rounded up to 16 apart, where the tile's storage
  // puts them its rows apart)
  int64_t validRows = dst.getValidRows();
  if (ShapedType::isDynamic(validRows) ||
      llvm::alignTo(validRows, 16) != static_cast<uint64_t>(dst.getRows()))
    return op->emitOpError()
           << "vec ND -> NZ needs static dst valid rows that round up to 16 "
           << "as " << dst.getRows() << ", its rows (a5 puts its columns of "
           << "boxes the valid rows rounded up to 16 apart), got valid shape "
           << formatShape(dst.getValidShape());
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
  // modes) or move into tiles no op reads (scaling), which pto-mlir does
  // not implement (docs/status.md).
  bool toL0 = from == "mat" && (to == "left" || to == "right");
  bool accMove = from == "acc";
  bool toBias = from == "mat" && to == "bias";
  if (!toL0 && !accMove && !toBias && (from != "vec" || to != "vec"))
    return emitOpError() << "moves " << from << " -> " << to
                         << ": pto-mlir implements the vec -> vec, "
                            "mat -> left, mat -> right, mat -> bias, "
                            "acc -> vec and acc -> mat moves only";
  if (accMove || toBias) {
    if (failed(accMove ? verifyAccMove(op, to, src, dst, target)
                       : verifyBiasMove(op, src, dst, target)))
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
  } else if (failed(verifyVecMove(op, src, dst, target))) {
    return failure();
  }
  // tmov_c5 ("copies ... from src into dst over the valid region")
  return checkSameValidShape(op, "src", src, "dst", dst);
}

/// The copy is valid where its source is.
FailureOr<std::array<OpFoldResult, 2>>
TMovOp::buildResultValidShape(OpBuilder &builder, unsigned, ValueRange ins) {
  return ValidShapeOp::buildExtents(builder, getLoc(), ins[0]);
}
