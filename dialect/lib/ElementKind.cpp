//===- ElementKind.cpp - the element types rules name ---------------------===//
#include "pto/ElementKind.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

/// Signless and unsigned integers of 8 to 64 bits.
static std::optional<ElementKind> classifyInteger(IntegerType type) {
  if (type.isSigned())
    return std::nullopt;
  bool isUnsigned = type.isUnsigned();
  switch (type.getWidth()) {
  case 8:
    return isUnsigned ? ElementKind::UI8 : ElementKind::I8;
  case 16:
    return isUnsigned ? ElementKind::UI16 : ElementKind::I16;
  case 32:
    return isUnsigned ? ElementKind::UI32 : ElementKind::I32;
  case 64:
    return isUnsigned ? ElementKind::UI64 : ElementKind::I64;
  default:
    return std::nullopt;
  }
}

std::optional<ElementKind> mlir::pto::classifyElementType(Type type) {
  using Kind = std::optional<ElementKind>;
  return llvm::TypeSwitch<Type, Kind>(type)
      .Case([](IntegerType t) { return classifyInteger(t); })
      .Case([](Float16Type) { return ElementKind::F16; })
      .Case([](BFloat16Type) { return ElementKind::BF16; })
      .Case([](Float32Type) { return ElementKind::F32; })
      .Case([](Float8E4M3FNType) { return ElementKind::F8E4M3FN; })
      .Case([](Float8E5M2Type) { return ElementKind::F8E5M2; })
      .Case([](Float8E8M0FNUType) { return ElementKind::F8E8M0FNU; })
      .Case([](Float4E2M1FNType) { return ElementKind::F4E2M1FN; })
      .Default([](Type) { return Kind(); });
}

StringRef mlir::pto::stringifyElementKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::I8:
    return "i8";
  case ElementKind::UI8:
    return "ui8";
  case ElementKind::I16:
    return "i16";
  case ElementKind::UI16:
    return "ui16";
  case ElementKind::I32:
    return "i32";
  case ElementKind::UI32:
    return "ui32";
  case ElementKind::I64:
    return "i64";
  case ElementKind::UI64:
    return "ui64";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F8E4M3FN:
    return "f8E4M3FN";
  case ElementKind::F8E5M2:
    return "f8E5M2";
  case ElementKind::F8E8M0FNU:
    return "f8E8M0FNU";
  case ElementKind::F4E2M1FN:
    return "f4E2M1FN";
  }
  llvm_unreachable("covered switch");
}

SmallVector<StringRef>
mlir::pto::stringifyElementKinds(ArrayRef<ElementKind> kinds) {
  return llvm::map_to_vector(kinds, stringifyElementKind);
}
