//===- PtoasMemrefOps.cpp - PTOAS's tile_buf_config attribute
//--------------===//
// `#pto.tile_buf_config<...>`, read and checked as PTOAS reads and checks
// it (PTOAS a56b18c3 lib/PTO/IR/PTOAttrs.cpp: TileBufConfigAttr::parse at
// :116-173, ::verify at :50-90). Its fields are PTOAS's integer codes, which
// are our BLayout, SLayout and PadValue values (PtoEnums.td) and PTOAS's
// keyed tile type's `compact=` (TileTypeSyntax.cpp).
#include "pto/PtoDialect.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// A field of the attribute: its key and its default (PTOAS's getDefault,
/// PTOAttrs.cpp:22-30).
struct ConfigField {
  StringLiteral key;
  int32_t defaultValue;
};
} // namespace

static constexpr ConfigField kConfigFields[] = {
    {"blayout", 0}, {"slayout", 0}, {"s_fractal_size", 512},
    {"pad", 0},     {"compact", 0},
};

Attribute TileBufConfigAttr::parse(AsmParser &parser, Type) {
  int32_t values[std::size(kConfigFields)];
  for (auto [i, field] : llvm::enumerate(kConfigFields))
    values[i] = field.defaultValue;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    do {
      SMLoc at = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return {};
      auto *field = llvm::find_if(
          kConfigFields, [&](const ConfigField &f) { return f.key == key; });
      if (field == std::end(kConfigFields)) {
        parser.emitError(at, "unknown key in tile_buf_config: ") << key;
        return {};
      }
      // PTOAS reads each value as an attribute (`1 : i32` or `1`), but
      // s_fractal_size, which it reads as an integer.
      Attribute value;
      SMLoc valueAt = parser.getCurrentLocation();
      if (parser.parseAttribute(value))
        return {};
      auto integer = dyn_cast<IntegerAttr>(value);
      if (!integer) {
        parser.emitError(valueAt, "tile_buf_config's '")
            << key << "' must be an integer, got " << value;
        return {};
      }
      values[field - std::begin(kConfigFields)] =
          static_cast<int32_t>(integer.getInt());
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  return parser.getChecked<TileBufConfigAttr>(parser.getContext(), values[0],
                                              values[1], values[2], values[3],
                                              values[4]);
}

void TileBufConfigAttr::print(AsmPrinter &printer) const {
  int32_t values[] = {getBLayout(), getSLayout(), getSFractalSize(), getPad(),
                      getCompact()};
  printer << "<";
  for (auto [i, field] : llvm::enumerate(kConfigFields))
    printer << (i ? ", " : "") << field.key << "=" << values[i];
  printer << ">";
}

LogicalResult
TileBufConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          int32_t bLayout, int32_t sLayout,
                          int32_t sFractalSize, int32_t pad, int32_t compact) {
  // tile_buf_config_c1 (PTOAttrs.cpp:70-72)
  if (sFractalSize != 16 && sFractalSize != 32 && sFractalSize != 512 &&
      sFractalSize != 1024)
    return emitError() << "tile_buf_config_c1: unsupported s_fractal_size: "
                       << sFractalSize << " (16, 32, 512 or 1024)";
  // tile_buf_config_c2 (PTOAttrs.cpp:74-76)
  if (bLayout != 0 && bLayout != 1)
    return emitError() << "tile_buf_config_c2: unsupported blayout value: "
                       << bLayout << " (0 row_major, 1 col_major)";
  // tile_buf_config_c3 (PTOAttrs.cpp:78-80)
  if (sLayout < 0 || sLayout > 2)
    return emitError() << "tile_buf_config_c3: unsupported slayout value: "
                       << sLayout << " (0 none_box, 1 row_major, 2 col_major)";
  // tile_buf_config_c4 (PTOAttrs.cpp:82-84)
  if (pad < 0 || pad > 3)
    return emitError() << "tile_buf_config_c4: unsupported pad value: " << pad
                       << " (0 null, 1 zero, 2 max, 3 min)";
  // tile_buf_config_c5 (PTOAttrs.cpp:86-88)
  if (compact < 0 || compact > 2)
    return emitError() << "tile_buf_config_c5: unsupported compact_mode "
                          "value: "
                       << compact << " (0 null, 1 normal, 2 row_plus_one)";
  return success();
}
