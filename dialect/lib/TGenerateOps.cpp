//===- TGenerateOps.cpp - verifiers of tci and ttri -----------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TCIOp (page: TCI, pto-isa docs/isa/TCI.md; PTOAS PTO.cpp:3054-3082)
//===----------------------------------------------------------------------===//

/// tci_c1: the headers' 16- and 32-bit integers (a2a3/TCI.hpp:21-23,
/// a5/Tci.hpp:30-33) that PTOAS takes: i16 and i32 (PTO.cpp:3066-3070; its
/// S must be dst's element type exactly, PTO.cpp:3072-3076, and a kernel's
/// scalars are signless), on every target.
static ArrayRef<ElementKind> tciElementKinds() {
  static const ElementKind kinds[] = {ElementKind::I16, ElementKind::I32};
  return kinds;
}

/// ttri_c1: the headers' element types per target (a2a3/TTri.hpp:93-96,
/// a5/TTri.hpp:99-104); without a target, A5's, which contains A2/A3's.
static ArrayRef<ElementKind>
ttriElementKinds(std::optional<TargetArch> target) {
  using K = ElementKind;
  static const ElementKind a2a3[] = {K::I16,  K::UI16, K::I32,
                                     K::UI32, K::F16,  K::F32};
  static const ElementKind a5[] = {K::I8,  K::UI8,  K::I16, K::UI16,
                                   K::I32, K::UI32, K::I64, K::UI64,
                                   K::F16, K::BF16, K::F32};
  if (target == TargetArch::A2A3)
    return a2a3;
  return a5;
}

void mlir::pto::appendTGenerateRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &tci =
      tables.emplace_back(RuleTable{"tci_c1", "dst element types", {}, {}});
  RuleTable &ttri =
      tables.emplace_back(RuleTable{"ttri_c1", "dst element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets()) {
    tci.rows.push_back({target, {}, stringifyElementKinds(tciElementKinds())});
    ttri.rows.push_back(
        {target, {}, stringifyElementKinds(ttriElementKinds(target))});
  }
}

LogicalResult TCIOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  TileLikeType dst = getDstType(tileOp, 0);
  Operation *op = getOperation();
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tci_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                tciElementKinds(), target)))
    return failure();
  // tci_c2 (TCI.hpp:33, a2a3/TCI.hpp:20: `T` is dst's DType; PTOAS
  // PTO.cpp:3072-3076)
  if (getS().getType() != dst.getElementType())
    return emitOpError() << "S is " << typeToString(getS().getType())
                         << ", expected dst's element type "
                         << typeToString(dst.getElementType());
  // tci_c3 (cpu/TCI.hpp:32, a2a3/TCI.hpp:24, a5/Tci.hpp:34)
  if (dst.getShape()[0] != 1)
    return emitOpError() << "dst has " << dst.getShape()[0]
                         << " rows; TCI writes a tile of 1 row";
  return success();
}

//===----------------------------------------------------------------------===//
// TTriOp (page: TTRI, pto-isa docs/isa/TTRI.md; PTOAS PTO.cpp:3084-3117)
//===----------------------------------------------------------------------===//

LogicalResult TTriOp::verify() {
  TileOpInterface tileOp = *this;
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  TileLikeType dst = getDstType(tileOp, 0);
  Operation *op = getOperation();
  std::optional<TargetArch> target = lookupTargetArch(op);
  // ttri_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(),
                                ttriElementKinds(target), target)))
    return failure();
  // ttri_c2: row-major (a2a3/TTri.hpp:99, cpu/TTRI.hpp:28)
  // and without boxes: the simulator addresses (r, c) at r * Cols + c
  // (cpu/TTRI.hpp:35, :53), which only an ND tile stores there.
  if (getIsaLayout(dst) != IsaLayout::ND)
    return emitOpError() << "dst layout must be ND (row_major, none_box), got "
                         << formatLayout(dst);
  // ttri_c3 (PTOAS PTO.cpp:3089, verifyVecTileCommon)
  if (failed(checkLocation(op, "dst", dst, TileLocation::Vec)))
    return failure();
  // ttri_c4 (a2a3/TTri.hpp:98, cpu/TTRI.hpp:27; PTOAS PTO.cpp:3096-3098)
  int32_t upperOrLower = getUpperOrLower();
  if (upperOrLower != 0 && upperOrLower != 1)
    return emitOpError() << "upperOrLower must be 0 (lower) or 1 (upper), got "
                         << upperOrLower;
  // ttri_c5: the simulator's and the NPU's `int diagonal` (cpu/TTRI.hpp:
  // 68, a5/TTri.hpp:96); PTOAS takes any integer and passes it there.
  if (!getDiagonal().getType().isInteger(32))
    return emitOpError() << "diagonal is "
                         << typeToString(getDiagonal().getType())
                         << ", expected i32 (TTRI's int diagonal)";
  return success();
}
