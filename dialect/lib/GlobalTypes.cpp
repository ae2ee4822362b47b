//===- GlobalTypes.cpp - !pto.ptr, !pto.tensor_view, partitions -----------===//
//
// The global memory types in PTOAS's spelling (its PTOTypeDefs.td):
// `!pto.ptr<f32>`, `!pto.tensor_view<?x32xf32>`,
// `!pto.partition_tensor_view<16x32xf32>`. Their rules (docs/types.md):
//   ptr_c1  the element type is a tile element type;
//   view_c1 a view has rank 1 to 5: pto-isa's GlobalTensor has five
//           dimensions (include/pto/common/pto_tile.hpp:31, Shape<N1..N5>);
//   view_c2 static extents are positive (TLOAD.md/TSTORE.md: "all
//           GetShape(dim) values must be > 0");
//   view_c3 the element type is a tile element type;
//   view_c4 the layout, when the view names one, is nd or dn: NZ windows
//           need pto-isa's fractal mapping, which pto-mlir does not
//           implement (docs/status.md);
//   view_c5 a dn view has rank 2 or more (DN's unit-stride dimension is
//           the second-to-last, include/pto/cpu/tile_offsets.hpp:169).
//
#include "mlir/IR/DialectImplementation.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoDialect.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType) {
  // ptr_c1
  if (!isLegalTileElementType(elementType))
    return emitError() << "!pto.ptr element type " << typeToString(elementType)
                       << " is not a tile element type";
  return success();
}

namespace {
/// What the two view types write between `<` and `>`.
struct ViewSyntax {
  SmallVector<int64_t> shape;
  Type elementType;
  std::optional<GlobalLayout> layout;
};
} // namespace

/// `<` dims `x` element type [`,` layout] `>`, dims written `?` when
/// dynamic, the layout one of GlobalLayout's spellings.
static FailureOr<ViewSyntax> parseViewSyntax(AsmParser &parser) {
  ViewSyntax view;
  if (parser.parseLess() ||
      parser.parseDimensionList(view.shape, /*allowDynamic=*/true) ||
      parser.parseType(view.elementType))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    view.layout = symbolizeGlobalLayout(keyword);
    if (!view.layout)
      return parser.emitError(loc)
             << "unknown layout '" << keyword << "' (expected nd or dn)";
  }
  if (parser.parseGreater())
    return failure();
  return view;
}

static void printViewSyntax(AsmPrinter &printer, ArrayRef<int64_t> shape,
                            Type elementType,
                            std::optional<GlobalLayout> layout) {
  printer << "<";
  for (int64_t extent : shape) {
    if (ShapedType::isDynamic(extent))
      printer << "?";
    else
      printer << extent;
    printer << "x";
  }
  printer << elementType;
  if (layout)
    printer << ", " << stringifyGlobalLayout(*layout);
  printer << ">";
}

static LogicalResult
verifyGlobalView(function_ref<InFlightDiagnostic()> emitError,
                 StringRef typeName, ArrayRef<int64_t> shape, Type elementType,
                 std::optional<GlobalLayout> layout) {
  // view_c1
  if (shape.empty() || shape.size() > kGlobalRank)
    return emitError() << typeName << " must have rank 1 to " << kGlobalRank
                       << ", got rank " << shape.size();
  // view_c2
  for (auto [dim, extent] : llvm::enumerate(shape))
    if (!ShapedType::isDynamic(extent) && extent <= 0)
      return emitError() << typeName << " extent #" << dim
                         << " must be positive or ?, got " << extent;
  // view_c3
  if (!isLegalTileElementType(elementType))
    return emitError() << typeName << " element type "
                       << typeToString(elementType)
                       << " is not a tile element type";
  // view_c4
  if (layout == GlobalLayout::NZ)
    return emitError() << typeName
                       << " layout nz is not supported by pto-mlir (nd and "
                          "dn are)";
  // view_c5
  if (layout == GlobalLayout::DN && shape.size() < 2)
    return emitError() << typeName
                       << " layout dn needs rank 2 or more, got rank "
                       << shape.size();
  return success();
}

template <typename ViewT> static Type parseGlobalView(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<ViewSyntax> parsed = parseViewSyntax(parser);
  if (failed(parsed))
    return {};
  return ViewT::getChecked([&] { return parser.emitError(loc); },
                           parser.getContext(), ArrayRef(parsed->shape),
                           parsed->elementType, parsed->layout);
}

Type TensorViewType::parse(AsmParser &parser) {
  return parseGlobalView<TensorViewType>(parser);
}
void TensorViewType::print(AsmPrinter &printer) const {
  printViewSyntax(printer, getShape(), getElementType(), getLayout());
}
LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       std::optional<GlobalLayout> layout) {
  return verifyGlobalView(emitError, "!pto.tensor_view", shape, elementType,
                          layout);
}

Type PartitionTensorViewType::parse(AsmParser &parser) {
  return parseGlobalView<PartitionTensorViewType>(parser);
}
void PartitionTensorViewType::print(AsmPrinter &printer) const {
  printViewSyntax(printer, getShape(), getElementType(), getLayout());
}
LogicalResult
PartitionTensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType,
                                std::optional<GlobalLayout> layout) {
  return verifyGlobalView(emitError, "!pto.partition_tensor_view", shape,
                          elementType, layout);
}
