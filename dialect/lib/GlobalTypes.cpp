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
//   view_c3 the element type is a tile element type.
//
#include "mlir/IR/DialectImplementation.h"
#include "pto/PtoDialect.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

/// The largest rank of a global tensor (view_c1).
static constexpr int64_t kMaxGlobalRank = 5;

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType) {
  // ptr_c1
  if (!isLegalTileElementType(elementType))
    return emitError() << "!pto.ptr element type " << typeToString(elementType)
                       << " is not a tile element type";
  return success();
}

/// `<` dims `x` element type `>`, dims written `?` when dynamic.
static FailureOr<std::pair<SmallVector<int64_t>, Type>>
parseShapeAndElement(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return failure();
  return std::make_pair(std::move(shape), elementType);
}

static void printShapeAndElement(AsmPrinter &printer, ArrayRef<int64_t> shape,
                                 Type elementType) {
  printer << "<";
  for (int64_t extent : shape) {
    if (ShapedType::isDynamic(extent))
      printer << "?";
    else
      printer << extent;
    printer << "x";
  }
  printer << elementType << ">";
}

static LogicalResult
verifyGlobalView(function_ref<InFlightDiagnostic()> emitError,
                 StringRef typeName, ArrayRef<int64_t> shape,
                 Type elementType) {
  // view_c1
  if (shape.empty() || static_cast<int64_t>(shape.size()) > kMaxGlobalRank)
    return emitError() << typeName << " must have rank 1 to " << kMaxGlobalRank
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
  return success();
}

template <typename ViewT> static Type parseGlobalView(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  auto parsed = parseShapeAndElement(parser);
  if (failed(parsed))
    return {};
  return ViewT::getChecked([&] { return parser.emitError(loc); },
                           parser.getContext(),
                           ArrayRef<int64_t>(parsed->first), parsed->second);
}

Type TensorViewType::parse(AsmParser &parser) {
  return parseGlobalView<TensorViewType>(parser);
}
void TensorViewType::print(AsmPrinter &printer) const {
  printShapeAndElement(printer, getShape(), getElementType());
}
LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType) {
  return verifyGlobalView(emitError, "!pto.tensor_view", shape, elementType);
}

Type PartitionTensorViewType::parse(AsmParser &parser) {
  return parseGlobalView<PartitionTensorViewType>(parser);
}
void PartitionTensorViewType::print(AsmPrinter &printer) const {
  printShapeAndElement(printer, getShape(), getElementType());
}
LogicalResult
PartitionTensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType) {
  return verifyGlobalView(emitError, "!pto.partition_tensor_view", shape,
                          elementType);
}
