//===- TMatmulOps.cpp - verifier of tmatmul, tmatmul.acc, tmatmul.bias ----===//
#include "pto/PtoDialect.h"
#include "pto/PtoMemory.h"
#include "pto/PtoRules.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// The cube unit's matmul (pages: TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, pto-isa
// docs/isa; NPU headers include/pto/npu/{a2a3,a5}/TMatmul.hpp)
//===----------------------------------------------------------------------===//

namespace {
/// An accumulator element type, and for each lhs element type the rhs
/// element types it multiplies with into it.
struct MatmulTypes {
  ElementKind dst;
  ElementKind lhs;
  SmallVector<ElementKind> rhs;
};

/// The operands of one matmul op; `accIn` and `bias` are null where the op
/// has none.
struct Matmul {
  Operation *op;
  TileLikeType lhs, rhs, dst;
  Value accIn, bias, dstValue;
  bool level2;
  std::optional<TargetArch> target;
};
} // namespace

/// tmatmul_c2: the (dst, lhs, rhs) element types of CheckStaticMad
/// (a2a3/TMatmul.hpp:88-98) and CheckMadValid (a5/TMatmul.hpp:127-143; its
/// hifloat8 pair is not an element type of pto-mlir). Without a target,
/// A5's, which contains A2/A3's.
static ArrayRef<MatmulTypes> matmulTypes(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const MatmulTypes a2a3[] = {{K::I32, K::I8, {K::I8}},
                                     {K::F32, K::F16, {K::F16}},
                                     {K::F32, K::BF16, {K::BF16}},
                                     {K::F32, K::F32, {K::F32}}};
  static const MatmulTypes a5[] = {
      {K::I32, K::I8, {K::I8}},
      {K::F32, K::F16, {K::F16}},
      {K::F32, K::BF16, {K::BF16}},
      {K::F32, K::F32, {K::F32}},
      {K::F32, K::F8E4M3FN, {K::F8E4M3FN, K::F8E5M2}},
      {K::F32, K::F8E5M2, {K::F8E4M3FN, K::F8E5M2}}};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5;
}

void mlir::pto::appendTMatmulRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table = tables.emplace_back(
      RuleTable{"tmatmul_c2", "rhs element types", {"dst", "lhs"}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    for (const MatmulTypes &types : matmulTypes(target))
      table.rows.push_back(
          {target,
           {stringifyElementKind(types.dst), stringifyElementKind(types.lhs)},
           stringifyElementKinds(types.rhs)});
}

/// tmatmul_c2, and the triples pto-mlir computes.
static LogicalResult checkElementTypes(const Matmul &m) {
  std::optional<ElementKind> dst = classifyElementType(m.dst.getElementType());
  std::optional<ElementKind> lhs = classifyElementType(m.lhs.getElementType());
  std::optional<ElementKind> rhs = classifyElementType(m.rhs.getElementType());
  ArrayRef<MatmulTypes> rows = matmulTypes(m.target);
  const MatmulTypes *row = llvm::find_if(
      rows, [&](const MatmulTypes &t) { return t.dst == dst && t.lhs == lhs; });
  if (row == rows.end() || !rhs || !llvm::is_contained(row->rhs, *rhs)) {
    InFlightDiagnostic diag = m.op->emitOpError();
    diag << "multiplies " << typeToString(m.lhs.getElementType()) << " x "
         << typeToString(m.rhs.getElementType()) << " into "
         << typeToString(m.dst.getElementType())
         << ", which is not a TMATMUL element type triple "
         << describeTarget(m.target) << " (dst, lhs x rhs: ";
    llvm::interleave(
        rows, diag,
        [&](const MatmulTypes &t) {
          diag << stringifyElementKind(t.dst) << ", "
               << stringifyElementKind(t.lhs) << " x "
               << llvm::join(stringifyElementKinds(t.rhs), "|");
        },
        "; ");
    diag << ")";
    noteAssumedTarget(diag, m.op);
    return diag;
  }
  // pto-isa's CPU simulator multiplies the four triples of A2/A3 only
  // (include/pto/cpu/TMatmul.hpp:27-34), so the fp8 ones of A5 have no
  // simulator to agree with: not implemented.
  if (*lhs == ElementKind::F8E4M3FN || *lhs == ElementKind::F8E5M2)
    return m.op->emitOpError()
           << "multiplies " << typeToString(m.lhs.getElementType()) << " x "
           << typeToString(m.rhs.getElementType())
           << ": pto-mlir implements the i8, f16, bf16 and f32 matmuls "
              "(those of pto-isa's CPU simulator) only";
  return success();
}

/// tmatmul_c4: `what` in `layout` with `fractal`.
static LogicalResult checkLayout(const Matmul &m, StringRef what,
                                 TileLikeType type, IsaLayout layout,
                                 StringRef layoutName, int64_t fractal) {
  if (getIsaLayout(type) == layout && type.getFractal() == fractal)
    return success();
  return m.op->emitOpError()
         << what << " must be " << layoutName << " with fractal=" << fractal
         << ", got " << formatLayout(type)
         << " with fractal=" << type.getFractal();
}

/// tmatmul_c5 ... c7 on the static valid extents; those that are `?` are
/// checked when the op runs (matmul_shape, on every engine).
static LogicalResult checkValidShapes(const Matmul &m) {
  auto isStatic = [](int64_t extent) { return !ShapedType::isDynamic(extent); };
  int64_t mm = m.lhs.getValidRows(), k = m.lhs.getValidCols(),
          n = m.rhs.getValidCols();
  // tmatmul_c5 (CheckDynamicMad, a2a3/TMatmul.hpp:106-114; CheckDynamicMmad,
  // a5/TMatmul.hpp:118-126: m, k and n in [1, 4095])
  constexpr int64_t kMaxExtent = 4095;
  for (auto [name, extent] :
       {std::pair<StringRef, int64_t>{"m", mm}, {"k", k}, {"n", n}})
    if (isStatic(extent) && (extent < 1 || extent > kMaxExtent))
      return m.op->emitOpError()
             << name << " = " << extent << " (lhs valid shape "
             << formatShape(m.lhs.getValidShape()) << ", rhs valid shape "
             << formatShape(m.rhs.getValidShape()) << ") is outside [1, 4095]";
  // tmatmul_c6 (TMATMUL.md: K is lhs's valid columns; the simulator reads
  // rhs[k, j] for k < K, TMatmul.hpp:62-64, so rhs has K valid rows)
  int64_t rhsRows = m.rhs.getValidRows();
  if (isStatic(rhsRows) && isStatic(k) && rhsRows != k)
    return m.op->emitOpError() << "rhs valid rows " << rhsRows
                               << " differ from lhs valid cols " << k << " (k)";
  // tmatmul_c7 (TMATMUL.md: the output elements are i < M, j < N; the bias
  // is added over dst's valid region, TMatmul.hpp:190-191)
  int64_t dstRows = m.dst.getValidRows(), dstCols = m.dst.getValidCols();
  if ((isStatic(dstRows) && isStatic(mm) && dstRows != mm) ||
      (isStatic(dstCols) && isStatic(n) && dstCols != n))
    return m.op->emitOpError()
           << "dst valid shape " << formatShape(m.dst.getValidShape())
           << " is not m x n = " << formatShape({mm, n});
  return success();
}

static LogicalResult verifyMatmul(const Matmul &m) {
  Operation *op = m.op;
  // tmatmul_c1 (TMATMUL.md "Tile locations"; a2a3/TMatmul.hpp:100-102;
  // TMATMUL_BIAS.md: TileBias::Loc == Bias)
  if (failed(checkLocation(op, "lhs", m.lhs, TileLocation::Left)) ||
      failed(checkLocation(op, "rhs", m.rhs, TileLocation::Right)) ||
      failed(checkLocation(op, "dst", m.dst, TileLocation::Acc)))
    return failure();
  if (m.accIn &&
      failed(checkLocation(op, "acc_in", cast<TileLikeType>(m.accIn.getType()),
                           TileLocation::Acc)))
    return failure();
  if (m.bias &&
      failed(checkLocation(op, "bias", cast<TileLikeType>(m.bias.getType()),
                           TileLocation::Bias)))
    return failure();
  // tmatmul_c2
  if (failed(checkElementTypes(m)))
    return failure();
  // tmatmul_c3 (TMATMUL.md: TileLeft::Rows == TileRes::Rows, TileLeft::Cols
  // == TileRight::Rows, TileRight::Cols == TileRes::Cols;
  // cpu/TMatmul.hpp:35-37)
  if (m.lhs.getRows() != m.dst.getRows() ||
      m.lhs.getCols() != m.rhs.getRows() || m.rhs.getCols() != m.dst.getCols())
    return op->emitOpError()
           << "shapes lhs " << formatShape(m.lhs.getShape()) << ", rhs "
           << formatShape(m.rhs.getShape()) << ", dst "
           << formatShape(m.dst.getShape()) << " are not M x K, K x N, M x N";
  // tmatmul_c4: lhs in the layout mat -> left writes on the target (A5:
  // NZ, a5/TMatmul.hpp:144-149; A2/A3 blayout=row_major,
  // slayout=row_major, the simulator's SFractal == RowMajor,
  // cpu/TMatmul.hpp:42-47), rhs ZN and dst NZ (both targets' simulator and
  // A5's header), with their Tile aliases' fractals (TileLeft/TileRight:
  // fractalABSize = 512, TileAcc: fractalCSize = 1024,
  // include/pto/common/pto_tile.hpp:1735-1772).
  if (failed(verifyMatToL0Dst(op, "lhs", /*toLeft=*/true, m.lhs, m.target)))
    return failure();
  if (m.lhs.getFractal() != 512)
    return op->emitOpError()
           << "lhs must have fractal=512, got fractal=" << m.lhs.getFractal();
  if (failed(checkLayout(m, "rhs", m.rhs, IsaLayout::ZN, "ZN", 512)) ||
      failed(checkLayout(m, "dst", m.dst, IsaLayout::NZ, "NZ", 1024)))
    return failure();
  // tmatmul_c5 ... tmatmul_c7
  if (failed(checkValidShapes(m)))
    return failure();
  // tmatmul_c8 (PTO_L0C_SIZE_BYTES, include/pto/common/buffer_limits.hpp:
  // 111-126: 128 KiB on A2/A3, 256 KiB on A5; the accumulator check of
  // a5/TMatmul.hpp:114-116)
  int64_t bytes = m.dst.getStorageBits() / 8;
  int64_t capacity = getMemoryCapacity(m.target, MemorySpace::L0C);
  if (bytes > capacity) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "dst takes " << bytes << " bytes, more than "
                              << "l0c holds " << describeTarget(m.target)
                              << " (" << capacity << " bytes)";
    noteAssumedTarget(diag, op);
    return diag;
  }
  if (m.accIn) {
    // tmatmul_c9 (TMATMUL_ACC_IMPL takes cOutMatrix and cInMatrix as one
    // TileRes type, a2a3/TMatmul.hpp:176)
    if (m.accIn.getType() != m.dstValue.getType())
      return op->emitOpError()
             << "acc_in type " << typeToString(m.accIn.getType())
             << " differs from dst type " << typeToString(m.dstValue.getType());
    // tmatmul_c10 (a2a3/TMatmul.hpp:184, a5/TMatmul.hpp:231: the cube unit
    // accumulates into cOutMatrix and never reads cInMatrix, where the
    // simulator reads cInMatrix, cpu/TMatmul.hpp:74: they agree when the
    // two are one buffer)
    if (m.level2 && m.accIn != m.dstValue)
      return op->emitOpError()
             << "acc_in must be dst at Level 2 (the cube unit accumulates "
                "into dst and does not read acc_in)";
  }
  if (m.bias) {
    auto bias = cast<TileLikeType>(m.bias.getType());
    // tmatmul_c11 (TMATMUL_BIAS.md: TileBias::DType == TileRes::DType;
    // a2a3/TMatmul.hpp:195)
    if (failed(checkSameElementType(op, "bias", bias, "dst", m.dst)))
      return failure();
    // tmatmul_c12 (TMATMUL_BIAS.md: TileBias::Rows == 1 and, on A5,
    // isRowMajor, a5/TMatmul.hpp:241-243; the simulator reads bias[0, j]
    // for j < dst's valid cols, cpu/TMatmul.hpp:189-190). n is static here:
    // a bias of static valid cols fixes it.
    if (ShapedType::isDynamic(m.dst.getValidCols()))
      return op->emitOpError()
             << "dst valid cols are dynamic: the bias's valid shape 1 x n "
                "needs a static n";
    if (bias.getRows() != 1 || !bias.isRowMajor() || bias.isBoxed() ||
        !bias.hasStaticValidShape() || bias.getValidRows() != 1 ||
        bias.getValidCols() != m.dst.getValidCols())
      return op->emitOpError()
             << "bias must be a 1-row ND tile of valid shape 1x"
             << m.dst.getValidCols() << " (dst's valid cols), got "
             << formatShape(bias.getShape()) << " " << formatLayout(bias)
             << " of valid shape " << formatShape(bias.getValidShape());
  }
  return success();
}

/// The matmul of `op` (any of the three), its dst the Level 1 result or
/// the Level 2 out.
template <typename OpT>
static LogicalResult verifyMatmulOp(OpT op, Value accIn, Value bias) {
  TileOpInterface tileOp = op;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  bool level2 = tileOp.isBufferLevel();
  Value dst = level2 ? tileOp.getOuts()[0] : op.getOperation()->getResult(0);
  return verifyMatmul({op, cast<TileLikeType>(op.getLhs().getType()),
                       cast<TileLikeType>(op.getRhs().getType()),
                       getDstType(tileOp, 0), accIn, bias, dst, level2,
                       lookupTargetArch(op)});
}

LogicalResult TMatmulOp::verify() {
  return verifyMatmulOp(*this, Value(), Value());
}

LogicalResult TMatmulAccOp::verify() {
  return verifyMatmulOp(*this, getAccIn(), Value());
}

LogicalResult TMatmulBiasOp::verify() {
  return verifyMatmulOp(*this, Value(), getBias());
}

/// Level 1: the result starts from acc_in (its cells outside m x n are
/// acc_in's).
Value TMatmulAccOp::getDestinationInit(unsigned i) {
  assert(i == 0 && "tmatmul.acc has one destination");
  return getAccIn();
}
