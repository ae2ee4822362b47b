//===- TPrintLowering.cpp - host lowering of tprint -----------------------===//
//
// pto.tprint of a tile buffer prints its valid region as pto-isa's CPU
// simulator does (include/pto/cpu/TPrint.hpp:59-75): the header line, then
// the elements row by row in logical order, each by a call of the JIT
// process's functions (pto/TilePrintABI.h), which format them as the
// simulator's stream does. Floats go as doubles (exact, as the stream's
// conversion is), integers widened by their signedness (int8_t prints as
// a number there too: TPrint.hpp:50).
//
#include "TileLowering.h"
#include "pto/TilePrintABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::pto;

/// The function that prints an element of type `element`, and the element
/// as that function's operand.
static std::pair<StringRef, Value> printedElement(OpBuilder &b, Location loc,
                                                  Type element, Value value) {
  if (isa<FloatType>(element))
    return {kTPrintFloatSymbol,
            arith::ExtFOp::create(b, loc, b.getF64Type(), value)};
  if (cast<IntegerType>(element).isUnsigned())
    return {kTPrintUnsignedSymbol,
            arith::ExtUIOp::create(b, loc, b.getI64Type(), value)};
  return {kTPrintSignedSymbol,
          arith::ExtSIOp::create(b, loc, b.getI64Type(), value)};
}

LogicalResult mlir::pto::lowerTPrint(TPrintOp op, TileLowering &lowering) {
  LoweredOp at(op, lowering);
  const LoweredTile &src = at.tile(op.getSrc());
  auto asI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(at.b, at.loc, at.b.getI64Type(), index);
  };
  Value cols = asI64(src.validCols);
  func::CallOp::create(at.b, at.loc, kTPrintShapeSymbol, TypeRange{},
                       ValueRange{asI64(src.validRows), cols});
  Type element = src.type.getElementType();
  buildRegionLoops(
      lowering, at.loc, src.validRows, src.validCols, [&](Value r, Value c) {
        auto [symbol, value] =
            printedElement(at.b, at.loc, element, src.load(at.b, at.loc, r, c));
        func::CallOp::create(at.b, at.loc, symbol, TypeRange{},
                             ValueRange{value, asI64(c), cols});
      });
  return success();
}

void mlir::pto::declareTilePrint(ModuleOp module) {
  bool prints = module.walk([](TPrintOp) { return WalkResult::interrupt(); })
                    .wasInterrupted();
  if (!prints || module.lookupSymbol(kTPrintShapeSymbol))
    return;
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = builder.getI64Type();
  auto declare = [&](StringRef symbol, TypeRange operands) {
    func::FuncOp::create(builder, module.getLoc(), symbol,
                         builder.getFunctionType(operands, {}))
        .setPrivate();
  };
  declare(kTPrintShapeSymbol, {i64, i64});
  declare(kTPrintFloatSymbol, {builder.getF64Type(), i64, i64});
  declare(kTPrintSignedSymbol, {i64, i64, i64});
  declare(kTPrintUnsignedSymbol, {i64, i64, i64});
}
