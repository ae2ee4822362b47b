//===- PtoasBufferOps.cpp - verifiers of PTOAS's reserved buffers ---------===//
// The rules of PTOAS's verifiers (PTO.cpp at a56b18c3,
// ReserveBufferOp::verify and ImportReservedBufferOp::verify), with its
// messages; its func.func is any function here (the dialect does not
// depend on func).
#include "pto/PtoDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::pto;

/// The first reserve_buffer named `name` in `func`, or null.
static ReserveBufferOp findReserveBuffer(FunctionOpInterface func,
                                         StringRef name) {
  ReserveBufferOp found;
  func.walk([&](ReserveBufferOp reserve) {
    if (reserve.getName() != name)
      return WalkResult::advance();
    found = reserve;
    return WalkResult::interrupt();
  });
  return found;
}

/// How many ops of type OpT `func` holds.
template <typename OpT> static unsigned countOps(FunctionOpInterface func) {
  unsigned count = 0;
  func.walk([&](OpT) { ++count; });
  return count;
}

LogicalResult ReserveBufferOp::verify() {
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  // reserve_buffer_c1
  if (!func)
    return emitOpError("reserve_buffer_c1: must be nested under a func.func");
  // reserve_buffer_c2
  if (getSize() <= 0)
    return emitOpError("reserve_buffer_c2: expects 'size' to be greater "
                       "than 0, got ")
           << getSize();
  // reserve_buffer_c3: the pipes' slots are in vec or mat memory.
  AddressSpace location = getLocation();
  if (location != AddressSpace::VEC && location != AddressSpace::MAT)
    return emitOpError("reserve_buffer_c3: expects 'location' to be "
                       "#pto.address_space<vec> or #pto.address_space<mat>, "
                       "got ")
           << getLocationAttr();
  // reserve_buffer_c4
  if (!getAutoAlloc() && !getBaseAttr())
    return emitOpError("reserve_buffer_c4: expects 'base' when 'auto' is "
                       "false");
  // reserve_buffer_c5
  if (std::optional<uint32_t> base = getBase(); base && int32_t(*base) < 0)
    return emitOpError("reserve_buffer_c5: expects 'base' to be "
                       "non-negative, got ")
           << int32_t(*base);
  // reserve_buffer_c6 (it makes PTOAS's "requires 'name' to be unique
  // within the function" hold too)
  if (countOps<ReserveBufferOp>(func) > 1)
    return emitOpError("reserve_buffer_c6: expects at most one "
                       "reserve_buffer in the function");
  return success();
}

LogicalResult ImportReservedBufferOp::verify() {
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  // import_reserved_buffer_c1
  if (!func)
    return emitOpError("import_reserved_buffer_c1: must be nested under a "
                       "func.func");
  // import_reserved_buffer_c2
  if (countOps<ImportReservedBufferOp>(func) > 1)
    return emitOpError("import_reserved_buffer_c2: expects at most one "
                       "import_reserved_buffer in the function");
  return success();
}

LogicalResult
ImportReservedBufferOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto peer = symbols.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getPeerFuncAttr());
  // import_reserved_buffer_c3
  if (!peer)
    return emitOpError("import_reserved_buffer_c3: expects 'peer_func' to "
                       "reference an existing func.func, got ")
           << getPeerFuncAttr();
  // import_reserved_buffer_c4
  if (!findReserveBuffer(peer, getName()))
    return emitOpError("import_reserved_buffer_c4: expects a reserve_buffer "
                       "named \"")
           << getName() << "\" in " << getPeerFuncAttr();
  return success();
}
