//===- TPrintOps.cpp - verifier of tprint ---------------------------------===//
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TPrintOp (page: TPRINT, pto-isa docs/isa/TPRINT.md; PTOAS PTO.cpp,
// TPrintOp::verify)
//===----------------------------------------------------------------------===//

/// tprint_c1: the page's element types ("float, half; int8_t, int16_t,
/// int32_t; uint8_t, uint16_t, uint32_t"), as PTOAS checks them.
static bool isPrintable(Type element) {
  if (element.isF16() || element.isF32())
    return true;
  auto integer = dyn_cast<IntegerType>(element);
  return integer && !integer.isSigned() &&
         llvm::is_contained({8u, 16u, 32u}, integer.getWidth());
}

LogicalResult TPrintOp::verify() {
  Type element;
  if (auto tile = dyn_cast<TileBufType>(getSrc().getType())) {
    // tprint_c2: the form without a global scratch tensor prints a vec tile
    // (the page's TPRINT(src); acc and mat tiles take TPRINT(src, tmp),
    // which PTOAS's tprint has no operand for).
    if (tile.getLocation() != TileLocation::Vec)
      return emitOpError() << "tprint_c2: src is a "
                           << stringifyTileLocation(tile.getLocation())
                           << " tile; tprint prints a vec tile";
    element = tile.getElementType();
  } else {
    element =
        cast<PartitionTensorViewType>(getSrc().getType()).getElementType();
  }
  if (!isPrintable(element))
    return emitOpError() << "tprint_c1: src element type " << element
                         << " is not printable (f16, f32, i8, i16, i32, ui8, "
                            "ui16, ui32)";
  return success();
}
