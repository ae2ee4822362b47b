//===- PtoasInfraOps.cpp - verifiers of PTOAS's runtime and prefetch ops
//---===//
// PTOAS's rules (lib/PTO/IR/PTO.cpp at a56b18c3), with its messages after
// the rule ids. No engine runs these ops (docs/ptoas.md).
#include "pto/PtoDialect.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult SetFFTsOp::verify() {
  // set_ffts_c1 (PTO.cpp:1560-1568)
  Type element = cast<MemRefType>(getFfts().getType()).getElementType();
  if (!element.isInteger(64) && !element.isInteger(8))
    return emitOpError("set_ffts_c1: expects element type i64 (or i8), got ")
           << element;
  return success();
}

/// get_buf's and rls_buf's rules (verifyBufSyncOp, PTO.cpp:5368-5397):
/// `<mnemonic>_c1` the buffer id, `_c2` the mode.
static LogicalResult verifyBufSync(Operation *op, StringRef mnemonic,
                                   int32_t bufId, int32_t mode) {
  if (bufId < 0 || bufId > 31)
    return op->emitOpError()
           << mnemonic << "_c1: expects 'buf_id' in range [0, 31], got "
           << bufId;
  if (mode < 0)
    return op->emitOpError()
           << mnemonic << "_c2: expects 'mode' to be non-negative, got "
           << mode;
  return success();
}

LogicalResult GetBufOp::verify() {
  // get_buf_c1, get_buf_c2
  return verifyBufSync(*this, "get_buf", getBufId(), getMode());
}

LogicalResult RlsBufOp::verify() {
  // rls_buf_c1, rls_buf_c2
  return verifyBufSync(*this, "rls_buf", getBufId(), getMode());
}

LogicalResult TPrefetchOp::verify() {
  // PTOAS's positive src extents are view_c2 of the window's type.
  TileBufType dst = getDst().getType();
  // tprefetch_c1 (PTO.cpp:1505-1508)
  if (dst.getLocation() != TileLocation::Vec &&
      dst.getLocation() != TileLocation::Mat)
    return emitOpError("tprefetch_c1: expects dst to use loc=vec or loc=mat, "
                       "got ")
           << stringifyTileLocation(dst.getLocation());
  // tprefetch_c2 (PTO.cpp:1500-1504); `?` is known at run time only.
  for (auto [i, extent] : llvm::enumerate(dst.getValidShape()))
    if (!ShapedType::isDynamic(extent) && extent <= 0)
      return emitOpError("tprefetch_c2: expects dst valid_shape[")
             << i << "] to be positive, got " << extent;
  // tprefetch_c3 (PTO.cpp:1522-1523)
  Type srcElement = getSrc().getType().getElementType();
  Type dstElement = dst.getElementType();
  unsigned srcBits = srcElement.getIntOrFloatBitWidth();
  unsigned dstBits = dstElement.getIntOrFloatBitWidth();
  if (srcBits != dstBits)
    return emitOpError("tprefetch_c3: expects src and dst element types to "
                       "have the same element size, got ")
           << srcElement << " (" << formatBytes(srcBits) << ") and "
           << dstElement << " (" << formatBytes(dstBits) << ")";
  return success();
}
