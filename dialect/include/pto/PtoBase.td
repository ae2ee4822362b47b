//===- PtoBase.td - the pto dialect ------------------------*- tablegen -*-===//
#ifndef PTO_BASE_TD
#define PTO_BASE_TD

include "mlir/IR/OpBase.td"

def Pto_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::mlir::pto";
  let summary = "Tile programs of the PTO instruction set (Ascend NPUs)";
  let description = [{
    PTO programs move and compute whole 2-D tiles. Level 1 works on SSA tile
    values (`!pto.tile`), Level 2 on tile buffers in destination-passing style
    (`!pto.tile_buf`). The module attribute `pto.target_arch` ("a2a3" or "a5")
    selects the target whose rules the verifiers apply.
  }];
  // Own parseType (PtoTypes.cpp): it caches the tile types by their text.
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  // pto.valid_shape folds static extents to index constants, which are
  // arith.constant ops (ValidShapeOps.cpp).
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Name of the module attribute that selects the target.
    static constexpr ::llvm::StringLiteral kTargetArchAttrName = "pto.target_arch";
    /// Name of PTOAS's unit attribute that makes a function definition one
    /// of ptoas's entries, a `__global__` kernel (PTOAS include/PTO/IR/PTO.h,
    /// kPTOEntryAttrName): read as written, written by --export-ptoas.
    static constexpr ::llvm::StringLiteral kEntryAttrName = "pto.entry";
    /// Name of PTOAS's function attribute that says which core a kernel
    /// runs on, `#pto.kernel_kind<cube>` or `<vector>` (PTOAS
    /// include/PTO/IR/PTOAttrs.td, FunctionKernelKindAttr).
    static constexpr ::llvm::StringLiteral kKernelKindAttrName =
        "pto.kernel_kind";

    /// Adds the tile types (PtoTypes.cpp).
    void registerTypes();
    /// Adds the op mode attributes (PtoDialect.cpp).
    void registerAttributes();
    /// PTOAS's op spellings read as our ops (PtoasSyntax.cpp).
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;

    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;

  private:
    /// The types parsed so far by their text (mnemonic and parameters): a
    /// long kernel spells the same few tile types over and over, and the
    /// keyed spelling of PTOAS is slow to parse.
    mutable ::llvm::StringMap<::mlir::Type> parsedTypes;
    /// The entry of parsedTypes found or added last (entries stay put when
    /// the map grows): an op mostly spells one type several times in a row,
    /// and comparing with it spares hashing the text.
    mutable const ::llvm::StringMapEntry<::mlir::Type> *lastParsedType =
        nullptr;
    mutable ::std::mutex parsedTypesMutex;
  public:
  }];
}

class Pto_Op<string mnemonic, list<Trait> traits = []>
    : Op<Pto_Dialect, mnemonic, traits>;

#endif // PTO_BASE_TD
