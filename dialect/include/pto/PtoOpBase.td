//===- PtoOpBase.td - the shape shared by tile ops ---------*- tablegen -*-===//
#ifndef PTO_OPBASE_TD
#define PTO_OPBASE_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "pto/PtoInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Operands of every tile op; ops append their attributes with !con.
//  - Level 1: `%r = pto.op %a, %b : (A, B) -> R`: ins are !pto.tile values
//    (and scalars), results are new !pto.tile values, outs is empty.
//  - Level 2: `pto.op ins(%a, %b : A, B) outs(%d : D)`: ins are buffers (and
//    scalars), outs the buffers written, no results.
defvar Pto_TileOpOperands = (ins Variadic<AnyType>:$ins,
                                 Variadic<Pto_TileBufType>:$outs);

// parse/print forward to PtoTileOpSupport.h.
defvar Pto_TileOpSyntaxDefinition = [{
  ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                       ::mlir::OperationState &result) {
    return ::mlir::pto::parseTileOp(
        parser, result, ::mlir::pto::setParsedTileOpSegments<$cppClass>);
  }
  void $cppClass::print(::mlir::OpAsmPrinter &printer) {
    ::mlir::pto::printTileOp(printer, getOperation());
  }
}];

// Memory effects and speculatability forward to PtoTileOpSupport.h.
defvar Pto_TileOpEffectsDefinition = [{
  void $cppClass::getEffects(
      ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
          ::mlir::MemoryEffects::Effect>> &effects) {
    ::mlir::pto::getTileOpEffects(*this, effects);
  }
  ::mlir::Speculation::Speculatability $cppClass::getSpeculatability() {
    return getOuts().empty() ? ::mlir::Speculation::Speculatable
                             : ::mlir::Speculation::NotSpeculatable;
  }
}];

// The op writes every cell of each destination's valid region, and nothing
// else: a destination that is fully valid is wholly overwritten (so
// pto-ssa-to-dps may write it into a buffer holding a dead value).
def Pto_WritesValidRegion : NativeOpTrait<"WritesValidRegion"> {
  let cppNamespace = "::mlir::pto::OpTrait";
}

// The op writes every cell of its destination, valid or not (tload fills
// the cells outside the valid region with the pad value): pto-ssa-to-dps may
// write it into a buffer holding a dead value whatever its valid shape.
def Pto_WritesWholeTile : NativeOpTrait<"WritesWholeTile"> {
  let cppNamespace = "::mlir::pto::OpTrait";
}

class Pto_TileOp<string mnemonic, list<Trait> traits = []>
    : Pto_Op<mnemonic, !listconcat(traits, [
        AttrSizedOperandSegments,
        Pto_TileOpInterface,
        // Level 1 ops have no effects (Pure), Level 2 ops read their ins
        // and write their outs: decided per op instance.
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>])> {
  let arguments = Pto_TileOpOperands;
  let results = (outs Variadic<Pto_TileType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  // 0 for an op that defines parse/print itself (from the pieces in
  // PtoTileOpSupport.h) because it adds syntax of its own.
  bit useTileOpSyntax = 1;
  let extraClassDefinition = !strconcat(
      !if(useTileOpSyntax, Pto_TileOpSyntaxDefinition, ""),
      Pto_TileOpEffectsDefinition);
}

// A tile op with named operands: one `ins` operand `src` (a tile, or what
// the op reads it from) and, at Level 2, the buffer `dst` it writes; at
// Level 1 the tile `result` instead. The tile op syntax, without operand
// segments (parseOneInOneOutTileOp checks the counts).
class Pto_OneInOneOutTileOp<string mnemonic, Type srcType,
                            list<Trait> traits = []>
    : Pto_Op<mnemonic, !listconcat(traits, [
        Pto_TileOpInterface,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>])> {
  let arguments = (ins srcType:$src, Optional<Pto_TileBufType>:$dst);
  let results = (outs Optional<Pto_TileType>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::OperandRange getIns() { return getODSOperands(0); }
    ::mlir::OperandRange getOuts() { return getODSOperands(1); }
    ::mlir::MutableOperandRange getOutsMutable() { return getDstMutable(); }
  }];
  defvar syntax = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::pto::parseOneInOneOutTileOp(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &printer) {
      ::mlir::pto::printTileOp(printer, getOperation());
    }
  }];
  // 0 for an op whose effects are its own.
  bit useTileOpEffects = 1;
  let extraClassDefinition = !strconcat(
      syntax, !if(useTileOpEffects, Pto_TileOpEffectsDefinition, ""));
}

#endif // PTO_OPBASE_TD
