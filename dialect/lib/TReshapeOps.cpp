//===- TReshapeOps.cpp - pto.treshape: views and the byte copy ------------===//
#include "pto/PtoDialect.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// TReshapeOp (page: TRESHAPE)
//===----------------------------------------------------------------------===//

Value TReshapeOp::getViewSource() { return getDst() ? Value() : getSrc(); }

Value TReshapeOp::getViewDest() { return getDst() ? Value() : getResult(0); }

/// `16x16xf32 = 1024 bytes`, the storage a reshape reinterprets.
static std::string describeStorage(TileLikeType type) {
  return std::to_string(type.getRows()) + "x" + std::to_string(type.getCols()) +
         "x" + typeToString(type.getElementType()) + " = " +
         formatBytes(type.getStorageBits());
}

/// treshape_c5 and the form: one tile in, and either one result of the same
/// level (a view) or one `outs` buffer (the copy).
static LogicalResult verifyReshapeForm(TReshapeOp op) {
  bool view = !op.getDst() && op->getNumResults() == 1;
  if (!view)
    return verifyTileOpForm(op, /*numDsts=*/1);
  Type srcType = op.getSrc().getType(), dstType = op.getResult(0).getType();
  // treshape_c5
  if (isa<TileBufType>(srcType) != isa<TileBufType>(dstType))
    return op.emitOpError()
           << "view result is " << tileLevelName(dstType) << " but src is "
           << tileLevelName(srcType)
           << ": a view keeps the level (!pto.tile -> !pto.tile, "
              "!pto.tile_buf -> !pto.tile_buf); copy between buffers with "
              "ins(...) outs(...)";
  return success();
}

LogicalResult TReshapeOp::verify() {
  if (failed(verifyReshapeForm(*this)))
    return failure();
  TileLikeType src = getSrc().getType();
  TileLikeType dst = getDstType(*this, 0);
  // treshape_c1
  if (src.getLocation() != dst.getLocation())
    return emitOpError() << "dst location "
                         << stringifyTileLocation(dst.getLocation())
                         << " differs from src location "
                         << stringifyTileLocation(src.getLocation())
                         << " (treshape keeps the location)";
  // treshape_c2
  if (src.getStorageBits() != dst.getStorageBits())
    return emitOpError() << "dst holds " << describeStorage(dst)
                         << " but src holds " << describeStorage(src)
                         << " (the total bytes must be equal)";
  // treshape_c3
  if (src.isBoxed() != dst.isBoxed())
    return emitOpError() << "dst slayout=" << stringifySLayout(dst.getSLayout())
                         << " and src slayout="
                         << stringifySLayout(src.getSLayout())
                         << ": treshape cannot convert between boxed and "
                            "non-boxed (none_box) layouts";
  // treshape_c4
  Type srcElem = src.getElementType(), dstElem = dst.getElementType();
  if (isa<IntegerType>(srcElem) != isa<IntegerType>(dstElem))
    return emitOpError() << "dst element type " << typeToString(dstElem)
                         << " and src element type " << typeToString(srcElem)
                         << " mix integer and floating point, which the CPU "
                            "simulator rejects (allowed: identical types, "
                            "both integer or both floating point)";
  return success();
}
