//===- PtoOpBase.td - the shape shared by tile ops ---------*- tablegen -*-===//
#ifndef PTO_OPBASE_TD
#define PTO_OPBASE_TD

include "pto/PtoBase.td"
include "pto/PtoTypes.td"
include "pto/PtoInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The operand groups of every tile op, each a list of named, typed operands
// (ODS checks their types and numbers, and generates their accessors):
//  - Level 1: `%r = pto.op %a, %b : (A, B) -> R`: ins are !pto.tile values
//    (and scalars), results are new !pto.tile values, outs is empty.
//  - Level 2: `pto.op ins(%a, %b : A, B) outs(%d : D)`: ins are buffers (and
//    scalars), outs the buffers written, no results.
// Optional operands of a group come after its required ones and are given in
// order: `ins(%src, %idx)` of [src, Optional idx, Optional tmp] is src and
// idx. The syntax, pto-ssa-to-dps and the PTO-AS reader find each operand's
// segment by that rule (getTileOpSegmentSizes in PtoTileOpSupport.h).

// `ins` as the TileOpInterface sees it: from the first operand to the last
// of the ins group; `outs`: the trailing group (what is between the two,
// tinsert's `into`, has syntax of its own).
defvar Pto_TileOpGroupsDefinition = [{
  ::mlir::OperandRange $cppClass::getIns() {
    auto [start, length] = getODSOperandIndexAndLength(kNumInsSegments - 1);
    return getOperation()->getOperands().take_front(start + length);
  }
  ::mlir::OperandRange $cppClass::getOuts() {
    return getOperation()->getOperands().drop_front(
        getODSOperandIndexAndLength(kNumInsSegments + kNumInitSegments).first);
  }
}];

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

// An op with more than one optional operand lists AttrSizedOperandSegments
// among its traits (ODS requires it then, and rejects it otherwise).
class Pto_TileOp<string mnemonic, list<Trait> traits = []>
    : Pto_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<Pto_TileOpInterface,
                                  ["getIns", "getOuts", "getOperandGroups"]>,
        // Level 1 ops have no effects (Pure), Level 2 ops read their ins
        // and write their outs: decided per op instance.
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>])> {
  // What the op reads, in the order `ins(...)` lists it.
  dag tileIns = ?;
  // Level 1 operands after ins with syntax of their own (tinsert's `into`).
  dag tileInits = (ins);
  // What the op writes at Level 2, in the order `outs(...)` lists it; each
  // is Optional (a Level 1 op has none).
  dag tileOuts = (ins Optional<Pto_TileBufType>:$dst);
  // The op's attributes.
  dag tileAttrs = (ins);
  let arguments = !con(tileIns, tileInits, tileOuts, tileAttrs);
  let results = (outs Variadic<Pto_TileType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  // 0 for an op that defines parse/print itself (from the pieces in
  // PtoTileOpSupport.h) because it adds syntax of its own.
  bit useTileOpSyntax = 1;
  // The groups as TileOperandGroups (PtoTileOpSupport.h): the names of the
  // ins and outs, how many ins are required, how many inits there are.
  code tileOperandGroupsDefinition = [{
    const ::mlir::pto::TileOperandGroups &$cppClass::getOperandGroups() {
      static constexpr ::llvm::StringLiteral ins[] = {}] #
        !interleave(!foreach(i, !range(!size(tileIns)),
                             "\"" # !getdagname(tileIns, i) # "\""), ", ") # [{};
      static constexpr ::llvm::StringLiteral outs[] = {}] #
        !interleave(!foreach(i, !range(!size(tileOuts)),
                             "\"" # !getdagname(tileOuts, i) # "\""), ", ") # [{};
      static const ::mlir::pto::TileOperandGroups groups{ins, }] #
        !foldl(0, !range(!size(tileIns)), n, i,
               !add(n, !if(!isa<Optional>(!getdagarg<TypeConstraint>(tileIns, i)),
                           0, 1))) # [{, }] # !size(tileInits) # [{, outs};
      return groups;
    }
  }];
  // The op's own declarations (accessors beyond the generated ones) and
  // definitions ($cppClass names the op class: a family class,
  // ElementwiseOps.td, defines its verifier there once for every op).
  code tileOpDeclaration = "";
  code tileOpDefinition = "";
  let extraClassDeclaration = [{
    static constexpr unsigned kNumInsSegments = }] # !size(tileIns) # [{;
    static constexpr unsigned kNumInitSegments = }] # !size(tileInits) # [{;
  }] # tileOpDeclaration;
  let extraClassDefinition = !strconcat(
      !if(useTileOpSyntax, Pto_TileOpSyntaxDefinition, ""),
      Pto_TileOpEffectsDefinition, Pto_TileOpGroupsDefinition,
      tileOperandGroupsDefinition, tileOpDefinition);
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
    static const ::mlir::pto::TileOperandGroups &getOperandGroups() {
      static constexpr ::llvm::StringLiteral ins[] = {"src"};
      static constexpr ::llvm::StringLiteral outs[] = {"dst"};
      static const ::mlir::pto::TileOperandGroups groups{ins, 1, 0, outs};
      return groups;
    }
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
