//===- PtoInterfaces.td - interfaces of the pto dialect ----*- tablegen -*-===//
// Interface generators only emit what the main file defines, so the
// interfaces live here and CMake runs the generators on this file.
#ifndef PTO_INTERFACES_TD
#define PTO_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Pto_TileLikeTypeInterface : TypeInterface<"TileLikeType"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    What `!pto.tile` (Level 1 value) and `!pto.tile_buf` (Level 2 buffer)
    share: one parameter set, so verifiers are written once for both levels.
  }];
  let methods = [
    InterfaceMethod<"on-chip location", "::mlir::pto::TileLocation", "getLocation">,
    InterfaceMethod<"static shape (rows, cols)", "::llvm::ArrayRef<int64_t>", "getShape">,
    InterfaceMethod<"element type", "::mlir::Type", "getElementType">,
    InterfaceMethod<"valid shape; ShapedType::kDynamic where `?`",
                    "::llvm::ArrayRef<int64_t>", "getValidShape">,
    InterfaceMethod<"base layout", "::mlir::pto::BLayout", "getBLayout">,
    InterfaceMethod<"secondary layout", "::mlir::pto::SLayout", "getSLayout">,
    InterfaceMethod<"fractal size in bytes", "int64_t", "getFractal">,
    InterfaceMethod<"pad value policy", "::mlir::pto::PadValue", "getPad">,
  ];
  let extraSharedClassDeclaration = [{
    int64_t getRows() const { return $_type.getShape()[0]; }
    int64_t getCols() const { return $_type.getShape()[1]; }
    int64_t getValidRows() const { return $_type.getValidShape()[0]; }
    int64_t getValidCols() const { return $_type.getValidShape()[1]; }
    bool hasStaticValidShape() const {
      return !::mlir::ShapedType::isDynamicShape($_type.getValidShape());
    }
    /// Row-major in the sense of the PTO library (TileData::isRowMajor).
    bool isRowMajor() const { return $_type.getBLayout() == ::mlir::pto::BLayout::RowMajor; }
    bool isBoxed() const { return $_type.getSLayout() != ::mlir::pto::SLayout::NoneBox; }
    /// NZ: column-major base with row-major fractal boxes.
    bool isNZ() const {
      return $_type.getBLayout() == ::mlir::pto::BLayout::ColMajor &&
             $_type.getSLayout() == ::mlir::pto::SLayout::RowMajor;
    }
    unsigned getElementBitWidth() const {
      return $_type.getElementType().getIntOrFloatBitWidth();
    }
    /// Storage bits of the whole static tile.
    int64_t getStorageBits() const {
      return $_type.getRows() * $_type.getCols() * $_type.getElementBitWidth();
    }
  }];
}

def Pto_TileOpInterface : OpInterface<"TileOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    The shape every tile op shares: `ins` (tiles and scalars it reads) and,
    at Level 2, `outs` (the tile buffers it writes: PTOAS' own
    destination-passing style, since MLIR's DestinationStyleOpInterface needs
    tensor or memref inits); at Level 1, results (new tile values) instead.
    Bufferization turns each result into the out at the same position.
    Each group is a list of named, typed operands of the op's ODS definition
    (PtoOpBase.td), with generated accessors; getIns/getOuts are their
    concatenations, for the code that handles every tile op alike.
  }];
  let methods = [
    InterfaceMethod<"operands read", "::mlir::OperandRange", "getIns">,
    InterfaceMethod<"tile buffers written (Level 2)", "::mlir::OperandRange", "getOuts">,
    StaticInterfaceMethod<"the named operand groups (ins, inits, outs) of the "
                          "op's ODS definition",
                          "const ::mlir::pto::TileOperandGroups &",
                          "getOperandGroups">,
  ];
  let extraSharedClassDeclaration = [{
    /// Level 2 (destination-passing style on !pto.tile_buf).
    bool isBufferLevel() { return !$_op.getOuts().empty(); }
  }];
}

def Pto_TileViewOpInterface : OpInterface<"TileViewOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    A tile op whose result may be a view: it shares the bytes of an operand
    instead of holding its own (`pto.treshape`'s view forms). Whether an
    instance is a view is a property of the instance, so the methods return
    null for instances that are not views (`pto.treshape`'s copy form).
    MLIR's ViewLikeOpInterface is not used: it is declared per op and its
    users assume that every instance returns a view of its source.
  }];
  let methods = [
    InterfaceMethod<"the tile or buffer whose bytes the result shares; null "
                    "when this instance is not a view",
                    "::mlir::Value", "getViewSource">,
    InterfaceMethod<"the result that shares getViewSource()'s bytes; null "
                    "when this instance is not a view",
                    "::mlir::Value", "getViewDest">,
  ];
  let extraSharedClassDeclaration = [{
    bool isView() { return static_cast<bool>($_op.getViewSource()); }
  }];
}

def Pto_DestinationInitOpInterface : OpInterface<"DestinationInitOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    A Level 1 tile op whose result starts from another tile's content instead
    of a fresh (zero) tile, and changes only part of it (`pto.tinsert ...
    into %dst`). Bufferization writes such a result into that tile's buffer
    when it may, else into a copy of it.
  }];
  let methods = [
    InterfaceMethod<"the Level 1 value result `i` starts from; null when it "
                    "starts from a fresh tile",
                    "::mlir::Value", "getDestinationInit", (ins "unsigned":$i)>,
  ];
}

def Pto_ResultValidShapeOpInterface : OpInterface<"ResultValidShapeOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    A Level 1 tile op that determines the valid shape of its results from
    what it reads (`pto.tor`: src0's). A result type with a `?` valid extent
    takes the extent from there, on every engine: the interpreter computes
    it (its ops' `result_valid`), and pto-ssa-to-dps allocates the result's
    buffer with the extents this interface builds. An op without it
    determines no `?` extent of its results.
  }];
  let methods = [
    InterfaceMethod<"the valid rows and columns of result `i` when the op "
                    "reads `ins` (getIns(), or the buffers holding them): "
                    "index attributes where static, else index values built "
                    "at `builder`'s insertion point; failure, reported at "
                    "the op, when they cannot be built",
                    "::mlir::FailureOr<std::array<::mlir::OpFoldResult, 2>>",
                    "buildResultValidShape",
                    (ins "::mlir::OpBuilder &":$builder, "unsigned":$i,
                         "::mlir::ValueRange":$ins)>,
  ];
}

def Pto_FamilyOpInterface : OpInterface<"FamilyOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    An op of an op family (ElementwiseOps.td): one row of the family's
    table, its class's template arguments. Everything but the row is the
    family's, written once: the verifier, the rule table `<mnemonic>_c1`,
    the host lowering, the interpreter's handler, the Python builder and
    `pl` function (docs/architecture.md, "Adding an op to a family").
  }];
  let methods = [
    StaticInterfaceMethod<"the family: operand shape, rules, lowering",
                          "::mlir::pto::OpFamily", "getFamily">,
    StaticInterfaceMethod<"the scalar computation of one element (pto-isa's "
                          "ElementOp, include/pto/cpu/ElementOp.h)",
                          "::mlir::pto::ElementOp", "getElementOp">,
    StaticInterfaceMethod<"the instruction's name in pto-isa (`TADD`)",
                          "::llvm::StringRef", "getIsaName">,
    StaticInterfaceMethod<"the element types the op allows on `target`",
                          "::llvm::ArrayRef<::mlir::pto::ElementKind>",
                          "getTargetElementKinds",
                          (ins "::mlir::pto::TargetArch":$target)>,
    StaticInterfaceMethod<"whether the op keeps its tiles apart on `target`: "
                          "dst and a scratch tmp each in memory of their own "
                          "(the NPU writes them while it reads the others), "
                          "so pto-ssa-to-dps never writes dst over a source",
                          "bool", "keepsTilesApart",
                          (ins "::mlir::pto::TargetArch":$target)>,
    StaticInterfaceMethod<"where the element types of `target` come from "
                          "(page and NPU header line of pto-isa 3186c381)",
                          "::llvm::StringRef", "getElementKindsSource",
                          (ins "::mlir::pto::TargetArch":$target)>,
  ];
}

#endif // PTO_INTERFACES_TD
