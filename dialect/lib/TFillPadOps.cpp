//===- TFillPadOps.cpp - verifiers of tfillpad, _inplace, _expand ---------===//
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TFillPadOp, TFillPadInplaceOp, TFillPadExpandOp (pages: TFILLPAD,
// TFILLPAD_INPLACE, TFILLPAD_EXPAND, pto-isa docs/isa/; PTOAS
// lib/PTO/IR/PTO.cpp:4566-4631, verifyTFillPadLike)
//===----------------------------------------------------------------------===//

/// tfillpad_c1, tfillpad_inplace_c1, tfillpad_expand_c1: the element types of
/// 1, 2 or 4 bytes (TFILLPAD.md; a2a3/ TFillPad.hpp:286, a5/TFillPad.hpp:120,
/// cpu/TFillPad.hpp:83) that pto-mlir runs: the fp8 types are not implemented
/// (docs/ops/tfillpad.md). The same on every target.
static ArrayRef<ElementKind> fillPadElementKinds() {
  using K = ElementKind;
  static const ElementKind kinds[] = {K::I8,   K::UI8, K::I16,  K::UI16, K::F16,
                                      K::BF16, K::I32, K::UI32, K::F32};
  return kinds;
}

/// One table for the three ops' c1 (the same list; docs/ops/tfillpad.md).
void mlir::pto::appendTFillPadRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable &table =
      tables.emplace_back(RuleTable{"tfillpad_c1", "element types", {}, {}});
  for (std::optional<TargetArch> target : getRuleTargets())
    table.rows.push_back(
        {target, {}, stringifyElementKinds(fillPadElementKinds())});
}

/// The rules of the three ops, which differ only in c4 (tfillpad_expand_c4:
/// `expand`: dst at least as large as src, else of src's shape).
static LogicalResult verifyFillPad(TileOpInterface tileOp, Value srcValue,
                                   bool expand) {
  if (failed(verifyTileOpForm(tileOp, /*numDsts=*/1)))
    return failure();
  Operation *op = tileOp;
  auto src = cast<TileLikeType>(srcValue.getType());
  TileLikeType dst = getDstType(tileOp, 0);
  std::optional<TargetArch> target = lookupTargetArch(op);
  // tfillpad_c1, tfillpad_inplace_c1, tfillpad_expand_c1
  if (failed(checkElementTypeIn(op, "src", src.getElementType(),
                                fillPadElementKinds(), target)))
    return failure();
  // tfillpad_c2, tfillpad_inplace_c2, tfillpad_expand_c2: the headers ask only
  // sizeof(src) == sizeof(dst) (a2a3/ TFillPad.hpp:285, a5/TFillPad.hpp:119;
  // PTOAS PTO.cpp:4592), but the simulator converts a value between two types
  // of one size (cpu/TFillPad.hpp:60, SetElement of the source element) where
  // the NPU copies its bits: pto-mlir takes one element type.
  if (failed(checkSameElementType(op, "dst", dst, "src", src)))
    return failure();
  // tfillpad_c3, tfillpad_inplace_c3, tfillpad_expand_c3
  // (a2a3/TFillPad.hpp:284, a5/TFillPad.hpp:118, cpu/ TFillPad.hpp:81; PTOAS
  // PTO.cpp:4597-4600): dst's pad value fills.
  if (dst.getPad() == PadValue::Null)
    return op->emitOpError()
           << "dst pad value must be zero, max or min, got pad=null";
  // tfillpad_c4, tfillpad_inplace_c4, tfillpad_expand_c4 (tfillpad,
  // tfillpad_inplace: a2a3/TFillPad.hpp:298, a5/ TFillPad.hpp:129,139,
  // cpu/TFillPad.hpp:114,124; tfillpad_expand: a2a3/TFillPad.hpp:371,
  // a5/TFillPad.hpp:149, cpu/TFillPad.hpp:134)
  ArrayRef<int64_t> from = src.getShape(), to = dst.getShape();
  if (expand && (to[0] < from[0] || to[1] < from[1]))
    return op->emitOpError()
           << "dst shape " << formatShape(to) << " is smaller than src shape "
           << formatShape(from) << " in rows or columns";
  if (!expand && from != to)
    return op->emitOpError() << "dst shape " << formatShape(to)
                             << " differs from src shape " << formatShape(from);
  // tfillpad_c5, tfillpad_inplace_c5, tfillpad_expand_c5: the Vec overload
  // (pto_instr.hpp:1159-1161); the Mat one (an NZ tile padded with zero) is not
  // implemented.
  if (failed(checkLocation(op, "src", src, TileLocation::Vec)) ||
      failed(checkLocation(op, "dst", dst, TileLocation::Vec)))
    return failure();
  return success();
}

LogicalResult TFillPadOp::verify() {
  return verifyFillPad(*this, getSrc(), /*expand=*/false);
}

LogicalResult TFillPadInplaceOp::verify() {
  return verifyFillPad(*this, getSrc(), /*expand=*/false);
}

LogicalResult TFillPadExpandOp::verify() {
  return verifyFillPad(*this, getSrc(), /*expand=*/true);
}
