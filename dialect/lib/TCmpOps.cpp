//===- TCmpOps.cpp - verifiers of tcmp and tcmps --------------------------===//
//
// The rules of TCMP and TCMPS (pto-isa 3186c381: docs/isa/TCMP.md,
// TCMPS.md; the simulator include/pto/cpu/TCmp.h, TCmps.hpp; the NPU code
// include/pto/npu/a2a3 and a5, T<Cmp|Cmps>.hpp, whose static_asserts and
// PTO_ASSERTs are cited by line).
//
#include "pto/ElementwiseOps.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

using EK = ElementKind;

/// tcmp_c1: the simulator's dst of uint8_t or uint32_t (cpu/TCmp.h:99-101);
/// A2/A3's page takes uint8_t; A5's page uint32_t, and its code writes the
/// bits through a uint32_t pointer at dst's row stride in bytes
/// (a5/TCmp.hpp:75, :114), so uint8_t as well (PTOAS takes i8 only).
static ArrayRef<EK> tcmpDstKinds(std::optional<TargetArch> target) {
  static const EK a2a3[] = {EK::UI8};
  static const EK other[] = {EK::UI8, EK::UI32};
  return target == TargetArch::A2A3 ? ArrayRef<EK>(a2a3) : ArrayRef<EK>(other);
}

/// tcmp_c2: with a uint8_t dst the simulator compares int32_t, half and
/// float (cpu/TCmp.h:95-97), A2/A3's list (a2a3/TCmp.hpp:119-121); with a
/// uint32_t dst (A5) the simulator's 1-, 2- and 4-byte types
/// (cpu/TCmp.h:86-93), A5's list without its 64-bit integers
/// (a5/TCmp.hpp:138-143), which the simulator refuses.
static ArrayRef<EK> tcmpSrcKinds(EK dst) {
  static const EK bytes[] = {EK::I32, EK::F16, EK::F32};
  static const EK words[] = {EK::I8,   EK::UI8, EK::I16,  EK::UI16, EK::I32,
                             EK::UI32, EK::F16, EK::BF16, EK::F32};
  return dst == EK::UI8 ? ArrayRef<EK>(bytes) : ArrayRef<EK>(words);
}

/// tcmps_c1: A2/A3's int32_t, float and half (a2a3/TCmps.hpp:155-160, whose
/// uint16_t and int16_t it compares as the bits of half, :60-66, where the
/// simulator compares the integers: not taken); A5's list
/// (a5/TCmps.hpp:231-236); without a target, A5's, which contains A2/A3's.
static ArrayRef<EK> tcmpsSrcKinds(std::optional<TargetArch> target) {
  static const EK a2a3[] = {EK::I32, EK::F16, EK::F32};
  static const EK a5[] = {EK::I8,  EK::UI8,  EK::I16, EK::UI16,
                          EK::I32, EK::UI32, EK::I64, EK::UI64,
                          EK::F16, EK::BF16, EK::F32};
  return target == TargetArch::A2A3 ? ArrayRef<EK>(a2a3) : ArrayRef<EK>(a5);
}

/// tcmps_c2: a byte of 8 compares per dst element (the simulator's stream
/// of uint8_t, cpu/TCmps.hpp:70-80; A2/A3's vcmpvs writes uint8_t,
/// a2a3/TCmps.hpp:24).
static constexpr EK kTCmpSDstKinds[] = {EK::UI8};

void mlir::pto::appendTCmpRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &dsts =
      tables.emplace_back(RuleTable{"tcmp_c1", "dst element types", {}, {}});
  RuleTable &srcs = tables.emplace_back(
      RuleTable{"tcmp_c2", "src0 and src1 element types", {"dst"}, {}});
  RuleTable &scalarSrcs =
      tables.emplace_back(RuleTable{"tcmps_c1", "src element types", {}, {}});
  RuleTable &scalarDsts =
      tables.emplace_back(RuleTable{"tcmps_c2", "dst element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets()) {
    dsts.rows.push_back(
        {target, {}, stringifyElementKinds(tcmpDstKinds(target))});
    for (EK dst : tcmpDstKinds(target))
      srcs.rows.push_back({target,
                           {stringifyElementKind(dst)},
                           stringifyElementKinds(tcmpSrcKinds(dst))});
    scalarSrcs.rows.push_back(
        {target, {}, stringifyElementKinds(tcmpsSrcKinds(target))});
    scalarDsts.rows.push_back(
        {target, {}, stringifyElementKinds(kTCmpSDstKinds)});
  }
}

/// Every tile in vec (`<op>_c4`), row-major (`<op>_c5`).
static LogicalResult
checkVecRowMajor(Operation *op,
                 ArrayRef<std::pair<StringRef, TileLikeType>> tiles) {
  for (auto [name, tile] : tiles)
    if (failed(checkLocation(op, name, tile, TileLocation::Vec)))
      return failure();
  for (auto [name, tile] : tiles)
    if (failed(checkRowMajor(op, name, tile)))
      return failure();
  return success();
}

/// `<what>` valid rows equal `<ref>`'s where both are static (dynamic ones
/// at run time: valid_rows_mismatch).
static LogicalResult checkSameValidRows(Operation *op, StringRef what,
                                        TileLikeType type, StringRef refName,
                                        TileLikeType ref) {
  int64_t rows = type.getValidShape()[0], refRows = ref.getValidShape()[0];
  if (ShapedType::isDynamic(rows) || ShapedType::isDynamic(refRows) ||
      rows == refRows)
    return success();
  return op->emitOpError() << what << " has " << rows << " valid rows, "
                           << refName << " " << refRows
                           << "; they must be equal";
}

/// `<op>_c7`: A2/A3 compares int32_t for equality whatever the mode
/// (a2a3/TCmp.hpp:27-30, a2a3/TCmps.hpp:53-54).
static LogicalResult checkA2A3IntegerMode(Operation *op, TileLikeType src,
                                          CmpMode mode) {
  if (lookupTargetArch(op) != TargetArch::A2A3 || mode == CmpMode::EQ ||
      !src.getElementType().isSignlessInteger(32))
    return success();
  return op->emitOpError() << "cmpMode " << stringifyCmpMode(mode)
                           << " of i32 is not supported on a2a3: its NPU "
                              "code compares i32 for eq whatever the mode";
}

//===----------------------------------------------------------------------===//
// TCmpOp (page: TCMP, pto-isa docs/isa/TCMP.md; PTOAS PTO.cpp:3119-3188)
//===----------------------------------------------------------------------===//

LogicalResult TCmpOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  Operation *op = getOperation();
  TileLikeType dst = getDstType(tileOp, 0);
  auto src0 = cast<TileLikeType>(getSrc0().getType());
  auto src1 = cast<TileLikeType>(getSrc1().getType());
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tcmp_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                tcmpDstKinds(target), target)))
    return failure();
  // tcmp_c2: the sources by dst's element type.
  EK dstKind = *classifyElementType(dst.getElementType());
  std::optional<EK> srcKind = classifyElementType(src0.getElementType());
  if (!srcKind || !llvm::is_contained(tcmpSrcKinds(dstKind), *srcKind)) {
    InFlightDiagnostic diag = emitOpError();
    diag << "src0 element type " << typeToString(src0.getElementType())
         << " is not supported with a dst of " << stringifyElementKind(dstKind)
         << " (allowed: ";
    llvm::interleaveComma(tcmpSrcKinds(dstKind), diag,
                          [&](EK kind) { diag << stringifyElementKind(kind); });
    return diag << ")";
  }
  // tcmp_c3 (cpu/TCmp.h:102, a2a3/TCmp.hpp:118, a5/TCmp.hpp:144)
  if (failed(checkSameElementType(op, "src1", src1, "src0", src0)))
    return failure();
  // tcmp_c4 (cpu/TCmp.h:103-105, a2a3/TCmp.hpp:122-125, a5/TCmp.hpp:
  // 147-149), tcmp_c5 (a5/TCmp.hpp:145-146; A2/A3 steps rows by Cols,
  // a2a3/TCmp.hpp:81-84; the simulator clears Rows * RowStride elements of
  // dst, its whole tile only when row-major, cpu/TCmp.h:66-77)
  if (failed(
          checkVecRowMajor(op, {{"src0", src0}, {"src1", src1}, {"dst", dst}})))
    return failure();
  // tcmp_c6 (cpu/TCmp.h:107-109, a2a3/TCmp.hpp:133-135)
  if (failed(checkSameValidShape(op, "src1", src1, "src0", src0)) ||
      failed(checkSameValidRows(op, "dst", dst, "src0", src0)))
    return failure();
  // tcmp_c7
  return checkA2A3IntegerMode(op, src0, getCmpMode());
}

//===----------------------------------------------------------------------===//
// TCmpSOp (page: TCMPS, pto-isa docs/isa/TCMPS.md; PTOAS PTO.cpp:3191-3245)
//===----------------------------------------------------------------------===//

LogicalResult TCmpSOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  Operation *op = getOperation();
  TileLikeType dst = getDstType(tileOp, 0);
  auto src = cast<TileLikeType>(getSrc().getType());
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tcmps_c1
  if (failed(checkElementTypeIn(op, "src", src.getElementType(),
                                tcmpsSrcKinds(target), target)))
    return failure();
  // tcmps_c2
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(), kTCmpSDstKinds,
                                target)))
    return failure();
  // tcmps_c3 (the scalar is src's DType: common/pto_instr.hpp:321,
  // a2a3/TCmps.hpp:195, a5/TCmps.hpp:255)
  if (failed(checkScalarOfElementType(op, "scalar", getScalar().getType(), src,
                                      "src")))
    return failure();
  // tcmps_c4 (a2a3/TCmps.hpp:163, :170; a5/TCmps.hpp:238, :245), tcmps_c5
  // (dst: a2a3/TCmps.hpp:162, a5/TCmps.hpp:237; src: the page, and A2/A3
  // steps its rows by Cols, a2a3/TCmps.hpp:120)
  if (failed(checkVecRowMajor(op, {{"src", src}, {"dst", dst}})))
    return failure();
  // tcmps_c6 (a2a3/TCmps.hpp:198, a5/TCmps.hpp:258)
  if (failed(checkSameValidRows(op, "dst", dst, "src", src)))
    return failure();
  // tcmps_c7
  return checkA2A3IntegerMode(op, src, getCmpMode());
}
