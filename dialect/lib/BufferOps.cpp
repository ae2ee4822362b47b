//===- BufferOps.cpp - alloc_tile and tassign -----------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "pto/PtoDialect.h"
#include "pto/PtoMemory.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

#include "pto/PtoOpInterfaces.cpp.inc"
#define GET_OP_CLASSES
#include "pto/PtoOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Placement rules, of pto.tassign and of pto.alloc_tile's `addr`
//===----------------------------------------------------------------------===//

/// tassign_c1 and tassign_c2 for placing a tile of `type` at `addr`, which
/// the op spells as `spelling` ('@tile' or 'addr').
static LogicalResult verifyPlacement(Operation *op, TileLikeType type,
                                     int64_t addr, StringRef spelling) {
  // tassign_c1: TASSIGN places tiles on 32-byte boundaries.
  if (addr < 0 || addr % kTileAlignment != 0)
    return op->emitOpError()
           << "address 0x" << llvm::utohexstr(addr, true) << " of '" << spelling
           << "' must be a non-negative multiple of 32 bytes";
  // tassign_c2: the whole tile lies inside its location's memory.
  std::optional<TargetArch> target = lookupTargetArch(op);
  MemorySpace space = getMemorySpace(type.getLocation());
  int64_t capacity = getMemoryCapacity(target, space);
  int64_t bytes = type.getStorageBits() / 8;
  // (Subtracting: addr + bytes may not fit in int64.)
  if (bytes <= capacity && addr <= capacity - bytes)
    return success();
  InFlightDiagnostic diag =
      op->emitOpError() << "tile of " << bytes << " bytes at 0x"
                        << llvm::utohexstr(addr, true) << " does not fit in "
                        << stringifyMemorySpace(space) << " ("
                        << stringifyTileLocation(type.getLocation())
                        << " tiles), which holds " << capacity << " bytes "
                        << describeTarget(target);
  noteAssumedTarget(diag, op);
  return diag;
}

//===----------------------------------------------------------------------===//
// AllocTileOp
//===----------------------------------------------------------------------===//

std::optional<int64_t> AllocTileOp::getConstantAddr() {
  APInt addr;
  if (!getAddr() || !matchPattern(getAddr(), m_ConstantInt(&addr)))
    return std::nullopt;
  return addr.getSExtValue();
}

TAssignOp AllocTileOp::splitPlacement(RewriterBase &rewriter) {
  int64_t addr = *getConstantAddr();
  rewriter.setInsertionPoint(*this);
  auto alloc =
      AllocTileOp::create(rewriter, getLoc(), getResult().getType(),
                          /*addr=*/Value(), getValidRow(), getValidCol());
  auto assign = TAssignOp::create(rewriter, getLoc(), alloc.getResult(), addr);
  Operation *addrDef = getAddr().getDefiningOp();
  rewriter.replaceOp(*this, alloc.getResult());
  // The address is an attribute now: a constant left without a use would
  // stay in what the passes print and export.
  if (addrDef && isOpTriviallyDead(addrDef))
    rewriter.eraseOp(addrDef);
  return assign;
}

void AllocTileOp::splitPlacements(Operation *root) {
  IRRewriter rewriter(root->getContext());
  root->walk([&](AllocTileOp alloc) {
    if (alloc.getConstantAddr())
      alloc.splitPlacement(rewriter);
  });
}

namespace {
/// PTOAS's `addr` placement as our pto.tassign.
struct SplitAllocPlacement : OpRewritePattern<AllocTileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllocTileOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getConstantAddr())
      return failure();
    op.splitPlacement(rewriter);
    return success();
  }
};
} // namespace

void AllocTileOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<SplitAllocPlacement>(context);
}

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
  if (!getAddr())
    return success();
  std::optional<int64_t> addr = getConstantAddr();
  if (!addr)
    return emitOpError() << "'addr' must be a constant i64 (arith.constant): "
                            "a placement is checked when the IR is verified";
  return verifyPlacement(*this, type, *addr, "addr");
}

//===----------------------------------------------------------------------===//
// TAssignOp: `pto.tassign %t, @tile(0x1000) [: type]`
//===----------------------------------------------------------------------===//

/// The type of the already defined SSA value `operand`, for the ISA's form of
/// tassign (pto-isa docs/isa/TASSIGN.md), which spells no type.
///
/// MLIR's OpAsmParser resolves an operand only against a type the op supplies
/// and offers no query for the type of a defined value (an op's syntax must
/// name its operand types, or they must follow from other operands or a
/// buildable type; a tile type is none of these). The one place the parser
/// hands out that type is its mismatch diagnostic: resolving against a type
/// no tile has (`none`) makes it report "use of value ... expects different
/// type than prior uses" with the probe type and the value's type as its two
/// type arguments. We catch that diagnostic (nothing is reported) and take
/// its second type argument: a structured argument, not the message text.
/// The printer always writes the type, so printed IR never takes this path.
static FailureOr<Type>
lookupDefinedOperandType(OpAsmParser &parser,
                         const OpAsmParser::UnresolvedOperand &operand) {
  MLIRContext *ctx = parser.getContext();
  Type probe = NoneType::get(ctx);
  SmallVector<Type, 2> reported;
  bool resolved;
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      for (const DiagnosticArgument &arg : diag.getArguments())
        if (arg.getKind() == DiagnosticArgument::DiagnosticArgumentKind::Type)
          reported.push_back(arg.getAsType());
      return success();
    });
    SmallVector<Value, 1> probed;
    resolved = succeeded(parser.resolveOperand(operand, probe, probed));
  }
  // A value not defined yet resolves (as a forward reference) without a
  // diagnostic; so does a value of type `none`, which is no tile either.
  if (resolved || reported.size() != 2 || reported[0] != probe)
    return parser.emitError(operand.location)
           << "cannot infer the type of '" << operand.name
           << "': define it as a tile before 'pto.tassign' or write the "
              "type after ':'";
  return reported[1];
}

/// The rest of `pto.tassign %t, %addr [attr-dict] : T, A`, after `%addr`:
/// the address is the value of the integer constant defining `%addr`.
static ParseResult parseSsaAddress(OpAsmParser &parser, OperationState &result,
                                   const OpAsmParser::UnresolvedOperand &tile,
                                   const OpAsmParser::UnresolvedOperand &addr,
                                   SMLoc addrLoc) {
  Type tileType, addrType;
  SmallVector<Value, 1> addrValue;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(tileType) || parser.parseComma() ||
      parser.parseType(addrType) ||
      parser.resolveOperand(addr, addrType, addrValue))
    return failure();
  APInt value;
  if (!addrType.isSignlessIntOrIndex() ||
      !matchPattern(addrValue.front(), m_ConstantInt(&value)))
    return parser.emitError(addrLoc)
           << "takes a constant address: '" << addr.name
           << "' must be defined by an arith.constant of a signless integer "
              "or index type before 'pto.tassign' (or write 'pto.tassign "
           << tile.name
           << ", @tile(0x1000)'), since a placement is checked "
              "when the IR is verified";
  // An address wider than the attribute's i64 (from an i128 constant) is
  // no address of any memory.
  if (value.getSignificantBits() > 64)
    return parser.emitError(addrLoc)
           << "address " << llvm::toString(value, 10, /*Signed=*/true)
           << " of '" << addr.name << "' does not fit in 64 bits";
  result.addAttribute(
      TAssignOp::getAddrAttrName(result.name),
      parser.getBuilder().getI64IntegerAttr(value.getSExtValue()));
  return parser.resolveOperand(tile, tileType, result.operands);
}

bool TAssignOp::placesBeforeFirstUse() {
  Value tile = getTile();
  auto alloc = tile.getDefiningOp<AllocTileOp>();
  Block *block = (*this)->getBlock();
  if (!alloc || alloc.getAddr() || alloc->getBlock() != block)
    return false;
  return llvm::none_of(tile.getUsers(), [&](Operation *user) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    return inBlock && inBlock != getOperation() &&
           inBlock->isBeforeInBlock(getOperation());
  });
}

ParseResult TAssignOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tile;
  StringAttr space;
  SMLoc spaceLoc;
  uint64_t addr;
  if (parser.parseOperand(tile) || parser.parseComma())
    return failure();
  spaceLoc = parser.getCurrentLocation();
  // The pto-isa pages' SSA form, `pto.tassign %t, %addr : T, i64`: read as
  // ours when %addr is a constant (a placement is checked when the IR is
  // verified and planned, so it must be known then).
  OpAsmParser::UnresolvedOperand ssaAddr;
  if (parser.parseOptionalOperand(ssaAddr).has_value())
    return parseSsaAddress(parser, result, tile, ssaAddr, spaceLoc);
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
    FailureOr<Type> defined = lookupDefinedOperandType(parser, tile);
    if (failed(defined))
      return failure();
    type = *defined;
  }
  return parser.resolveOperand(tile, type, result.operands);
}

void TAssignOp::print(OpAsmPrinter &printer) {
  printer << " " << getTile() << ", @tile(0x"
          << llvm::utohexstr(getAddr(), /*LowerCase=*/true) << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(), {getAddrAttrName()});
  printer << " : " << getTile().getType();
}

LogicalResult TAssignOp::verify() {
  return verifyPlacement(*this, cast<TileLikeType>(getTile().getType()),
                         getAddr(), "@tile");
}

//===----------------------------------------------------------------------===//
// SetValidShapeOp: PTOAS's SetValidShapeOp::verify (lib/PTO/IR/PTO.cpp:
// 7164-7215 at a56b18c3) and pto-isa's Tile::SetValidShape
// (include/pto/common/pto_tile.hpp:1632-1637)
//===----------------------------------------------------------------------===//

/// The value of `extent` when it is an index constant, or the index_cast of
/// an integer constant (PTOAS's getConstIndexLike, PTO.cpp:7144-7162, also
/// looks through casts).
static std::optional<int64_t> getConstantExtent(Value extent) {
  if (auto cast = extent.getDefiningOp<arith::IndexCastOp>())
    extent = cast.getIn();
  APInt value;
  if (!matchPattern(extent, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

LogicalResult SetValidShapeOp::verify() {
  TileBufType type = getTile().getType();
  // set_validshape_c1 (PTO.cpp:7173-7174; pto_tile.hpp:1634, the
  // static_assert that both valid extents are DYNAMIC)
  if (!llvm::all_of(type.getValidShape(), ShapedType::isDynamic))
    return emitOpError() << "set_validshape_c1: expects the tile's valid "
                            "shape to be ?x?, got "
                         << formatShape(type.getValidShape());
  // set_validshape_c2 (PTO.cpp:7178-7181: a locally bound tile, PTOAS's
  // alloc_tile, declare_tile, bind_tile or pointer_cast, which pto-mlir
  // reads as alloc_tile)
  if (!getTile().getDefiningOp<AllocTileOp>()) {
    Operation *def = getTile().getDefiningOp();
    std::string source =
        def ? ("a result of '" + def->getName().getStringRef() + "'").str()
            : "a block argument";
    return emitOpError() << "set_validshape_c2: expects the tile to be a "
                            "'pto.alloc_tile' of this function, got "
                         << source;
  }
  // set_validshape_c3, set_validshape_c4 (PTO.cpp:7193-7212; pto_tile.hpp:
  // 1635, the PTO_ASSERT of rowMask <= Rows and colMask <= Cols, unsigned)
  Value extents[2] = {getValidRow(), getValidCol()};
  int64_t limits[2] = {type.getRows(), type.getCols()};
  for (int dim = 0; dim < 2; ++dim) {
    std::optional<int64_t> extent = getConstantExtent(extents[dim]);
    if (extent && (*extent < 0 || *extent > limits[dim]))
      return emitOpError() << (dim ? "set_validshape_c4: expects valid_col"
                                   : "set_validshape_c3: expects valid_row")
                           << " in 0.." << limits[dim] << " (the tile's "
                           << (dim ? "cols" : "rows") << "), got " << *extent;
  }
  return success();
}
