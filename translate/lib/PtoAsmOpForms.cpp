//===- PtoAsmOpForms.cpp - how each pto op is written in PTO-AS
//------------===//
#include "PtoAsmOpForms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "pto/PtoDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pto;

std::optional<RegisteredOperationName>
mlir::pto::assembly::lookupTileOp(StringRef name, MLIRContext *context) {
  std::optional<RegisteredOperationName> op =
      RegisteredOperationName::lookup(("pto." + name).str(), context);
  if (!op || !op->hasInterface<TileOpInterface>())
    return std::nullopt;
  return op;
}

std::optional<std::string>
mlir::pto::assembly::suggestTileOp(StringRef name, MLIRContext *context) {
  // Two edits catch a typo ('tinsertt', 'tmul' for 'tmuls') without
  // suggesting an unrelated op for a name of three letters.
  constexpr unsigned kMaxEdits = 2;
  std::optional<std::string> best;
  unsigned bestEdits = kMaxEdits + 1;
  auto consider = [&](StringRef candidate) {
    unsigned edits =
        name.edit_distance(candidate, /*AllowReplacements=*/true, kMaxEdits);
    // Ties go to the first name in sorted order, so the suggestion does
    // not depend on the order of registration.
    if (edits < bestEdits ||
        (edits == bestEdits && best && candidate < *best)) {
      bestEdits = edits;
      best = candidate.str();
    }
  };
  for (RegisteredOperationName op : context->getRegisteredOperations())
    if (op.getDialectNamespace() == PtoDialect::getDialectNamespace() &&
        op.hasInterface<TileOpInterface>())
      consider(op.getStringRef().drop_front(strlen("pto.")));
  consider("tstore");
  if (bestEdits > kMaxEdits)
    return std::nullopt;
  return best;
}

bool mlir::pto::assembly::hasWindowOperand(OperationName op) {
  return op.getStringRef() == TInsertOp::getOperationName() ||
         op.getStringRef() == TExtractOp::getOperationName();
}

std::optional<assembly::WindowOperands>
mlir::pto::assembly::getWindowOperands(Operation *op) {
  auto windowOf = [](auto copy) {
    return WindowOperands{copy.getSrc(), copy.getIndexRow(), copy.getIndexCol(),
                          copy.getQuant()};
  };
  if (auto insert = dyn_cast<TInsertOp>(op))
    return windowOf(insert);
  if (auto extract = dyn_cast<TExtractOp>(op))
    return windowOf(extract);
  return std::nullopt;
}

bool mlir::pto::assembly::takesInto(OperationName op) {
  return op.getStringRef() == TInsertOp::getOperationName();
}

Type mlir::pto::assembly::defaultScalarType(OperationName op, unsigned position,
                                            MLIRContext *context) {
  if (!hasWindowOperand(op))
    return {};
  ArrayRef<StringLiteral> names =
      op.getInterface<TileOpInterface>()->getOperandGroups().ins;
  if (position >= names.size())
    return {};
  StringRef name = names[position];
  if (name == "index_row" || name == "index_col")
    return IndexType::get(context);
  if (name == "quant") // the scalar quant word
    return IntegerType::get(context, 64);
  return {};
}

unsigned mlir::pto::assembly::defaultDestinationCount(OperationName op,
                                                      unsigned numWritten) {
  StringRef name = op.getStringRef();
  if (name == TInterleaveOp::getOperationName() ||
      name == TDeinterleaveOp::getOperationName())
    return 2;
  // `tsort32 %dst, %idx, %src` (page form) or `tsort32 %dst, %src, %idx,
  // %tmp` (hardware form with scratch); without tmp, the hardware form
  // lists its one destination type: `: (S, I) -> (D)`.
  if (name == TSort32Op::getOperationName())
    return numWritten == 4 ? 1 : 2;
  return 1;
}

template <typename ToT, typename FromT> static Type convertTileLike(Type type) {
  auto from = dyn_cast<FromT>(type);
  if (!from)
    return type;
  return ToT::get(type.getContext(), from.getLocation(), from.getShape(),
                  from.getElementType(), from.getValidShape(),
                  from.getBLayout(), from.getSLayout(), from.getFractal(),
                  from.getPad());
}

Type mlir::pto::assembly::asBufferType(Type type) {
  return convertTileLike<TileBufType, TileType>(type);
}

Type mlir::pto::assembly::asTileType(Type type) {
  return convertTileLike<TileType, TileBufType>(type);
}

namespace {
/// An attribute PTO-AS spells `#key` (unit) or `#key=value` (mode).
struct AttributeForm {
  StringRef key;
  /// The accepted values; empty for a unit attribute.
  StringRef values;
  Attribute (*build)(StringRef value, MLIRContext *context);
  /// The value's spelling; empty when it is not of the form's kind.
  std::string (*print)(Attribute value);
};
} // namespace

static const AttributeForm kAttributeForms[] = {
    {"relu", "", nullptr, nullptr},
    {"saturate", "", nullptr, nullptr},
    {"acc_to_vec", "single_vec0, single_vec1, dual_split_m or dual_split_n",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (std::optional<AccToVecMode> mode = symbolizeAccToVecMode(value))
         return AccToVecModeAttr::get(context, *mode);
       return {};
     },
     [](Attribute value) {
       auto mode = dyn_cast<AccToVecModeAttr>(value);
       return mode ? stringifyAccToVecMode(mode.getValue()).str()
                   : std::string();
     }},
    {"split", "split2 or split4",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (std::optional<SplitMode> mode = symbolizeSplitMode(value))
         return SplitModeAttr::get(context, *mode);
       return {};
     },
     [](Attribute value) {
       auto mode = dyn_cast<SplitModeAttr>(value);
       return mode ? stringifySplitMode(mode.getValue()).str() : std::string();
     }},
    {"rmode", "NONE, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD or CAST_RINT",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (std::optional<RoundMode> mode = symbolizeRoundMode(value))
         return RoundModeAttr::get(context, *mode);
       return {};
     },
     [](Attribute value) {
       auto mode = dyn_cast<RoundModeAttr>(value);
       return mode ? stringifyRoundMode(mode.getValue()).str() : std::string();
     }},
    {"sat_mode", "ON or OFF",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (std::optional<SaturationMode> mode = symbolizeSaturationMode(value))
         return SaturationModeAttr::get(context, *mode);
       return {};
     },
     [](Attribute value) {
       auto mode = dyn_cast<SaturationModeAttr>(value);
       return mode ? stringifySaturationMode(mode.getValue()).str()
                   : std::string();
     }},
    {"cmpMode", "eq, ne, lt, le, gt or ge",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (std::optional<CmpMode> mode = symbolizeCmpMode(value))
         return CmpModeAttr::get(context, *mode);
       return {};
     },
     [](Attribute value) {
       auto mode = dyn_cast<CmpModeAttr>(value);
       return mode ? stringifyCmpMode(mode.getValue()).str() : std::string();
     }},
    {"exhausted", "true or false",
     [](StringRef value, MLIRContext *context) -> Attribute {
       if (value != "true" && value != "false")
         return {};
       return BoolAttr::get(context, value == "true");
     },
     [](Attribute value) {
       auto flag = dyn_cast<BoolAttr>(value);
       return flag ? std::string(flag.getValue() ? "true" : "false")
                   : std::string();
     }},
};

static const AttributeForm *findForm(StringRef key) {
  for (const AttributeForm &form : kAttributeForms)
    if (form.key == key)
      return &form;
  return nullptr;
}

/// The form of attribute `key` of `op`, if `op` declares it.
static const AttributeForm *findForm(OperationName op, StringRef key) {
  const AttributeForm *form = findForm(key);
  if (!form || !llvm::is_contained(op.getAttributeNames(),
                                   StringAttr::get(op.getContext(), key)))
    return nullptr;
  return form;
}

/// The attributes `op` accepts, as PTO-AS spells them.
static std::string describeAttributes(OperationName op) {
  SmallVector<std::string> spellings;
  for (const AttributeForm &form : kAttributeForms)
    if (llvm::is_contained(op.getAttributeNames(),
                           StringAttr::get(op.getContext(), form.key)))
      spellings.push_back(
          ("#" + form.key + (form.values.empty() ? "" : "=<mode>")).str());
  if (spellings.empty())
    return "it takes none";
  return "expected " + llvm::join(spellings, ", ");
}

FailureOr<Attribute>
mlir::pto::assembly::buildAttribute(OperationName op, StringRef key,
                                    std::optional<StringRef> value,
                                    MLIRContext *context, std::string &error) {
  StringRef opName = op.getStringRef().drop_front(strlen("pto."));
  const AttributeForm *form = findForm(op, key);
  if (!form) {
    error = ("unknown attribute '#" + key + "' for " + opName + " (" +
             describeAttributes(op) + ")")
                .str();
    return failure();
  }
  if (form->values.empty()) {
    if (value) {
      error = ("attribute '#" + key + "' takes no value, got '=" + *value + "'")
                  .str();
      return failure();
    }
    return Attribute(UnitAttr::get(context));
  }
  Attribute attr = value ? form->build(*value, context) : Attribute();
  if (!attr) {
    error = ("attribute '#" + key + "' needs a value: #" + key + "=<" +
             form->values + ">" +
             (value ? (", got '" + *value + "'").str() : std::string()))
                .str();
    return failure();
  }
  return attr;
}

std::optional<std::string>
mlir::pto::assembly::printAttribute(OperationName op, StringRef key,
                                    Attribute value) {
  const AttributeForm *form = findForm(op, key);
  if (!form)
    return std::nullopt;
  if (form->values.empty())
    return isa<UnitAttr>(value) ? std::optional<std::string>("#" + key.str())
                                : std::nullopt;
  std::string spelling = form->print(value);
  if (spelling.empty())
    return std::nullopt;
  return "#" + key.str() + "=" + spelling;
}
