//===- BufferOps.cpp - alloc_tile and tassign -----------------------------===//
#include "pto/PtoDialect.h"
#include "pto/PtoMemory.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

#include "pto/PtoOpInterfaces.cpp.inc"
#define GET_OP_CLASSES
#include "pto/PtoOps.cpp.inc"

//===----------------------------------------------------------------------===//
// AllocTileOp
//===----------------------------------------------------------------------===//

LogicalResult AllocTileOp::verify() {
  TileBufType type = getResult().getType();
  Value operands[2] = {getValidRow(), getValidCol()};
  StringRef names[2] = {"valid_row", "valid_col"};
  for (int dim = 0; dim < 2; ++dim) {
    bool dynamic = ShapedType::isDynamic(type.getValidShape()[dim]);
    if (dynamic && !operands[dim])
      return emitOpError() << "needs a '" << names[dim]
                           << "' operand: the result's valid "
                           << (dim ? "cols" : "rows") << " are '?'";
    if (!dynamic && operands[dim])
      return emitOpError() << "has a '" << names[dim]
                           << "' operand but the result's valid "
                           << (dim ? "cols" : "rows") << " are static ("
                           << type.getValidShape()[dim] << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TAssignOp: `pto.tassign %t, @tile(0x1000) [: type]`
//===----------------------------------------------------------------------===//

/// The type of an already defined SSA value named by `operand`.
///
/// MLIR's parser can only resolve an operand against a type spelled in the
/// text, and the ISA's form of tassign (pto-isa docs/isa/TASSIGN.md) spells
/// none. Resolving against a type the value cannot have makes the parser
/// report the value's real type in its "expects different type than prior
/// uses: 'X' vs 'Y'" diagnostic; we intercept that diagnostic and read Y back.
static FailureOr<Type>
lookupDefinedOperandType(OpAsmParser &parser,
                         const OpAsmParser::UnresolvedOperand &operand) {
  MLIRContext *ctx = parser.getContext();
  std::string message;
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    SmallVector<Value, 1> probe;
    (void)parser.resolveOperand(operand, NoneType::get(ctx), probe);
  }
  StringRef text(message);
  size_t vs = text.rfind("' vs '");
  if (vs == StringRef::npos || !text.ends_with("'"))
    return parser.emitError(operand.location)
           << "cannot infer the type of '" << operand.name
           << "': define it before 'pto.tassign' or write the type after ':'";
  StringRef typeText = text.drop_front(vs + 6).drop_back();
  Type type = mlir::parseType(typeText, ctx);
  if (!type)
    return parser.emitError(operand.location)
           << "cannot infer the type of '" << operand.name << "'";
  return type;
}

ParseResult TAssignOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tile;
  StringAttr space;
  SMLoc spaceLoc;
  uint64_t addr;
  if (parser.parseOperand(tile) || parser.parseComma())
    return failure();
  spaceLoc = parser.getCurrentLocation();
  if (parser.parseSymbolName(space))
    return failure();
  if (space.getValue() != "tile")
    return parser.emitError(spaceLoc)
           << "expected '@tile(<address>)', got '@" << space.getValue() << "'";
  if (parser.parseLParen() || parser.parseInteger(addr) ||
      parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getAddrAttrName(result.name),
                      parser.getBuilder().getI64IntegerAttr(addr));
  Type type;
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseType(type))
      return failure();
  } else {
    FailureOr<Type> inferred = lookupDefinedOperandType(parser, tile);
    if (failed(inferred))
      return failure();
    type = *inferred;
  }
  return parser.resolveOperand(tile, type, result.operands);
}

void TAssignOp::print(OpAsmPrinter &printer) {
  printer << " " << getTile() << ", @tile(0x"
          << llvm::utohexstr(getAddr(), /*LowerCase=*/true) << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(), {getAddrAttrName()});
}

LogicalResult TAssignOp::verify() {
  // tassign_c1: TASSIGN places tiles on 32-byte boundaries.
  int64_t addr = getAddr();
  if (addr < 0 || addr % kTileAlignment != 0)
    return emitOpError() << "address 0x" << llvm::utohexstr(addr, true)
                         << " of '@tile' must be a non-negative multiple of "
                            "32 bytes";
  // tassign_c2: the whole tile lies inside its location's memory.
  auto type = cast<TileLikeType>(getTile().getType());
  std::optional<TargetArch> target = lookupTargetArch(*this);
  MemorySpace space = getMemorySpace(type.getLocation());
  int64_t capacity = getMemoryCapacity(target, space);
  int64_t bytes = type.getStorageBits() / 8;
  if (addr + bytes > capacity)
    return emitOpError() << "tile of " << bytes << " bytes at 0x"
                         << llvm::utohexstr(addr, true) << " does not fit in "
                         << stringifyMemorySpace(space) << " ("
                         << stringifyTileLocation(type.getLocation())
                         << " tiles), which holds " << capacity << " bytes "
                         << describeTarget(target);
  return success();
}
