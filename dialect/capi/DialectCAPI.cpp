//===- DialectCAPI.cpp - C API of the pto dialect -------------------------===//
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "pto-c/Dialect.h"
#include "pto/GlobalMemory.h"
#include "pto/IRFingerprint.h"
#include "pto/PtoDialect.h"
#include "pto/PtoMemory.h"
#include "pto/PtoRules.h"
#include "pto/PtoTarget.h"
#include "pto/RunTimeFailure.h"
#include "pto/TileStorage.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Pto, pto, mlir::pto::PtoDialect)

bool mlirPtoTypeIsATileType(MlirType type) {
  return isa<TileType>(unwrap(type));
}
bool mlirPtoTypeIsATileBufType(MlirType type) {
  return isa<TileBufType>(unwrap(type));
}
MlirTypeID mlirPtoTileTypeGetTypeID(void) {
  return wrap(TileType::getTypeID());
}
MlirTypeID mlirPtoTileBufTypeGetTypeID(void) {
  return wrap(TileBufType::getTypeID());
}

static void reportError(MlirStringCallback onError, void *userData,
                        const std::string &message) {
  onError(mlirStringRefCreate(message.data(), message.size()), userData);
}

/// `build(emitError)` (a type's getChecked); when it gives a null type, the
/// type's own verifier words the reason, caught from the context and passed
/// to `onError`.
static MlirType
buildChecked(MLIRContext *context, MlirStringCallback onError, void *userData,
             function_ref<Type(function_ref<InFlightDiagnostic()>)> build) {
  std::string message;
  ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  Type type = build([&] { return mlir::emitError(UnknownLoc::get(context)); });
  if (!type)
    reportError(onError, userData, message);
  return wrap(type);
}

bool mlirPtoTypeIsAPtrType(MlirType type) { return isa<PtrType>(unwrap(type)); }
MlirTypeID mlirPtoPtrTypeGetTypeID(void) { return wrap(PtrType::getTypeID()); }
MlirType mlirPtoPtrTypeGet(MlirType elementType) {
  Type element = unwrap(elementType);
  // Silently null: the only rule is ptr_c1, which the caller words.
  return wrap(PtrType::getChecked([] { return InFlightDiagnostic(); },
                                  element.getContext(), element));
}
MlirType mlirPtoPtrTypeGetElementType(MlirType type) {
  return wrap(cast<PtrType>(unwrap(type)).getElementType());
}
bool mlirPtoTypeIsATensorViewType(MlirType type) {
  return isa<TensorViewType>(unwrap(type));
}
MlirTypeID mlirPtoTensorViewTypeGetTypeID(void) {
  return wrap(TensorViewType::getTypeID());
}
bool mlirPtoTypeIsAPartitionTensorViewType(MlirType type) {
  return isa<PartitionTensorViewType>(unwrap(type));
}
MlirTypeID mlirPtoPartitionTensorViewTypeGetTypeID(void) {
  return wrap(PartitionTensorViewType::getTypeID());
}

/// Converts one enum spelling, reporting an unknown one by field name.
template <typename EnumT>
static std::optional<EnumT>
symbolizeField(MlirStringRef text, StringRef field,
               std::optional<EnumT> (*symbolize)(StringRef),
               MlirStringCallback onError, void *userData) {
  std::optional<EnumT> value = symbolize(unwrap(text));
  if (!value)
    reportError(onError, userData,
                ("unknown " + field + " '" + unwrap(text) + "'").str());
  return value;
}

MlirType mlirPtoGlobalViewTypeGet(MlirContext ctx, bool isPartition,
                                  intptr_t rank, const int64_t *shape,
                                  MlirType elementType, MlirStringRef layout,
                                  MlirStringCallback onError, void *userData) {
  ArrayRef<int64_t> extents(shape, rank);
  Type element = unwrap(elementType);
  MLIRContext *context = unwrap(ctx);
  std::optional<GlobalLayout> viewLayout;
  if (layout.length != 0) {
    viewLayout = symbolizeField<GlobalLayout>(
        layout, "layout", symbolizeGlobalLayout, onError, userData);
    if (!viewLayout)
      return {nullptr};
  }
  return buildChecked(context, onError, userData, [&](auto emitError) -> Type {
    if (isPartition)
      return PartitionTensorViewType::getChecked(emitError, context, extents,
                                                 element, viewLayout);
    return TensorViewType::getChecked(emitError, context, extents, element,
                                      viewLayout);
  });
}
intptr_t mlirPtoGlobalRank(void) { return kGlobalRank; }
intptr_t mlirPtoWindowTileDims(MlirStringRef layout, bool cols,
                               unsigned *dims) {
  std::optional<GlobalLayout> parsed = symbolizeGlobalLayout(unwrap(layout));
  if (!parsed || *parsed == GlobalLayout::NZ)
    return -1;
  WindowTileDims mapping = getWindowTileDims(*parsed);
  ArrayRef<unsigned> side = cols ? mapping.cols : mapping.rows;
  llvm::copy(side, dims);
  return side.size();
}
MlirStringRef mlirPtoGlobalViewTypeGetLayout(MlirType type) {
  std::optional<GlobalLayout> layout = getViewLayout(unwrap(type));
  return wrap(layout ? stringifyGlobalLayout(*layout) : StringRef());
}

/// Either view type, for their shared accessors.
static std::pair<ArrayRef<int64_t>, Type> globalView(MlirType type) {
  Type t = unwrap(type);
  if (auto partition = dyn_cast<PartitionTensorViewType>(t))
    return {partition.getShape(), partition.getElementType()};
  auto tensor = cast<TensorViewType>(t);
  return {tensor.getShape(), tensor.getElementType()};
}
intptr_t mlirPtoGlobalViewTypeGetRank(MlirType type) {
  return globalView(type).first.size();
}
int64_t mlirPtoGlobalViewTypeGetDim(MlirType type, intptr_t pos) {
  return globalView(type).first[pos];
}
MlirType mlirPtoGlobalViewTypeGetElementType(MlirType type) {
  return wrap(globalView(type).second);
}

MlirType mlirPtoTileLikeTypeGet(MlirContext ctx, bool isBuffer,
                                MlirPtoTileParams p, MlirStringCallback onError,
                                void *userData) {
  auto location = symbolizeField<TileLocation>(
      p.location, "location", symbolizeTileLocation, onError, userData);
  auto bLayout = symbolizeField<BLayout>(p.bLayout, "blayout", symbolizeBLayout,
                                         onError, userData);
  auto sLayout = symbolizeField<SLayout>(p.sLayout, "slayout", symbolizeSLayout,
                                         onError, userData);
  auto pad = symbolizeField<PadValue>(p.pad, "pad", symbolizePadValue, onError,
                                      userData);
  if (!location || !bLayout || !sLayout || !pad)
    return MlirType{nullptr};

  MLIRContext *context = unwrap(ctx);
  ArrayRef<int64_t> shape(p.shape, p.rank);
  ArrayRef<int64_t> valid(p.validShape, p.validRank);
  return buildChecked(context, onError, userData, [&](auto emitError) -> Type {
    if (isBuffer)
      return TileBufType::getChecked(emitError, context, *location, shape,
                                     unwrap(p.elementType), valid, *bLayout,
                                     *sLayout, p.fractal, *pad);
    return TileType::getChecked(emitError, context, *location, shape,
                                unwrap(p.elementType), valid, *bLayout,
                                *sLayout, p.fractal, *pad);
  });
}

static TileLikeType tileLike(MlirType type) {
  return cast<TileLikeType>(unwrap(type));
}

MlirStringRef mlirPtoTileLikeTypeGetLocation(MlirType type) {
  return wrap(stringifyTileLocation(tileLike(type).getLocation()));
}
intptr_t mlirPtoTileLikeTypeGetRank(MlirType type) {
  return tileLike(type).getShape().size();
}
int64_t mlirPtoTileLikeTypeGetDim(MlirType type, intptr_t i) {
  return tileLike(type).getShape()[i];
}
int64_t mlirPtoTileLikeTypeGetValidDim(MlirType type, intptr_t i) {
  return tileLike(type).getValidShape()[i];
}
MlirType mlirPtoTileLikeTypeGetElementType(MlirType type) {
  return wrap(tileLike(type).getElementType());
}
MlirStringRef mlirPtoTileLikeTypeGetBLayout(MlirType type) {
  return wrap(stringifyBLayout(tileLike(type).getBLayout()));
}
MlirStringRef mlirPtoTileLikeTypeGetSLayout(MlirType type) {
  return wrap(stringifySLayout(tileLike(type).getSLayout()));
}
int64_t mlirPtoTileLikeTypeGetFractal(MlirType type) {
  return tileLike(type).getFractal();
}
MlirStringRef mlirPtoTileLikeTypeGetPad(MlirType type) {
  return wrap(stringifyPadValue(tileLike(type).getPad()));
}

MlirStringRef mlirPtoLocationMemorySpace(MlirStringRef location) {
  std::optional<TileLocation> loc = symbolizeTileLocation(unwrap(location));
  return wrap(loc ? stringifyMemorySpace(getMemorySpace(*loc)) : StringRef());
}

int64_t mlirPtoLocationCapacity(MlirStringRef target, MlirStringRef location) {
  std::optional<TileLocation> loc = symbolizeTileLocation(unwrap(location));
  std::optional<TargetArch> arch = parseTargetArch(unwrap(target));
  if (!loc || (!arch && target.length != 0))
    return -1;
  return getMemoryCapacity(arch, getMemorySpace(*loc));
}

bool mlirPtoAttributeIsAAccToVecModeAttr(MlirAttribute attr) {
  return isa<AccToVecModeAttr>(unwrap(attr));
}
MlirTypeID mlirPtoAccToVecModeAttrGetTypeID(void) {
  return wrap(AccToVecModeAttr::getTypeID());
}
int64_t mlirPtoAccToVecModeAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<AccToVecModeAttr>(unwrap(attr)).getValue());
}
bool mlirPtoAttributeIsAGlobalLayoutAttr(MlirAttribute attr) {
  return isa<GlobalLayoutAttr>(unwrap(attr));
}
MlirTypeID mlirPtoGlobalLayoutAttrGetTypeID(void) {
  return wrap(GlobalLayoutAttr::getTypeID());
}
int64_t mlirPtoGlobalLayoutAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<GlobalLayoutAttr>(unwrap(attr)).getValue());
}

bool mlirPtoAttributeIsASplitModeAttr(MlirAttribute attr) {
  return isa<SplitModeAttr>(unwrap(attr));
}
MlirTypeID mlirPtoSplitModeAttrGetTypeID(void) {
  return wrap(SplitModeAttr::getTypeID());
}
int64_t mlirPtoSplitModeAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<SplitModeAttr>(unwrap(attr)).getValue());
}
bool mlirPtoAttributeIsARoundModeAttr(MlirAttribute attr) {
  return isa<RoundModeAttr>(unwrap(attr));
}
MlirTypeID mlirPtoRoundModeAttrGetTypeID(void) {
  return wrap(RoundModeAttr::getTypeID());
}
int64_t mlirPtoRoundModeAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<RoundModeAttr>(unwrap(attr)).getValue());
}
bool mlirPtoAttributeIsAMaskPatternAttr(MlirAttribute attr) {
  return isa<MaskPatternAttr>(unwrap(attr));
}
MlirTypeID mlirPtoMaskPatternAttrGetTypeID(void) {
  return wrap(MaskPatternAttr::getTypeID());
}
int64_t mlirPtoMaskPatternAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<MaskPatternAttr>(unwrap(attr)).getValue());
}
bool mlirPtoAttributeIsACmpModeAttr(MlirAttribute attr) {
  return isa<CmpModeAttr>(unwrap(attr));
}
MlirTypeID mlirPtoCmpModeAttrGetTypeID(void) {
  return wrap(CmpModeAttr::getTypeID());
}
int64_t mlirPtoCmpModeAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(cast<CmpModeAttr>(unwrap(attr)).getValue());
}
bool mlirPtoAttributeIsASaturationModeAttr(MlirAttribute attr) {
  return isa<SaturationModeAttr>(unwrap(attr));
}
MlirTypeID mlirPtoSaturationModeAttrGetTypeID(void) {
  return wrap(SaturationModeAttr::getTypeID());
}
int64_t mlirPtoSaturationModeAttrGetValue(MlirAttribute attr) {
  return static_cast<int64_t>(
      cast<SaturationModeAttr>(unwrap(attr)).getValue());
}

//===----------------------------------------------------------------------===//
// Rule tables
//===----------------------------------------------------------------------===//

static const RuleTable &ruleTable(intptr_t table) {
  return getRuleTables()[table];
}
static const RuleRow &ruleRow(intptr_t table, intptr_t row) {
  return ruleTable(table).rows[row];
}

intptr_t mlirPtoRuleTableGetNumTables(void) { return getRuleTables().size(); }
MlirStringRef mlirPtoRuleTableGetRule(intptr_t table) {
  return wrap(ruleTable(table).rule);
}
MlirStringRef mlirPtoRuleTableGetValuesName(intptr_t table) {
  return wrap(ruleTable(table).values);
}
intptr_t mlirPtoRuleTableGetNumKeys(intptr_t table) {
  return ruleTable(table).keys.size();
}
MlirStringRef mlirPtoRuleTableGetKeyName(intptr_t table, intptr_t key) {
  return wrap(ruleTable(table).keys[key]);
}
intptr_t mlirPtoRuleTableGetNumRows(intptr_t table) {
  return ruleTable(table).rows.size();
}
MlirStringRef mlirPtoRuleRowGetTarget(intptr_t table, intptr_t row) {
  std::optional<TargetArch> target = ruleRow(table, row).target;
  return wrap(target ? stringifyTargetArch(*target) : StringRef());
}
MlirStringRef mlirPtoRuleRowGetKey(intptr_t table, intptr_t row, intptr_t key) {
  return wrap(ruleRow(table, row).keys[key]);
}
intptr_t mlirPtoRuleRowGetNumValues(intptr_t table, intptr_t row) {
  return ruleRow(table, row).values.size();
}
MlirStringRef mlirPtoRuleRowGetValue(intptr_t table, intptr_t row,
                                     intptr_t value) {
  return wrap(ruleRow(table, row).values[value]);
}

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//

static const FamilyOpInfo &familyOp(intptr_t op) { return getFamilyOps()[op]; }

intptr_t mlirPtoFamilyOpGetNumOps(void) { return getFamilyOps().size(); }
MlirStringRef mlirPtoFamilyOpGetName(intptr_t op) {
  return wrap(familyOp(op).name);
}
MlirStringRef mlirPtoFamilyOpGetFamily(intptr_t op) {
  return wrap(stringifyOpFamily(familyOp(op).family));
}
MlirStringRef mlirPtoFamilyOpGetElementOp(intptr_t op) {
  return wrap(stringifyElementOp(familyOp(op).elementOp));
}
MlirStringRef mlirPtoFamilyOpGetIsaName(intptr_t op) {
  return wrap(familyOp(op).isaName);
}
MlirStringRef mlirPtoFamilyOpGetElementTypesSource(intptr_t op,
                                                   MlirStringRef target) {
  std::optional<TargetArch> arch = parseTargetArch(unwrap(target));
  return wrap(arch ? familyOp(op).elementKindsSource(*arch) : StringRef());
}

//===----------------------------------------------------------------------===//
// Facts about tiles, targets and run-time failures
//===----------------------------------------------------------------------===//

bool mlirPtoTileLikeTypeGetStorageOrder(MlirType type,
                                        MlirPtoStorageOrder *order,
                                        MlirStringCallback onProblem,
                                        void *userData) {
  std::string problem = getStorageProblem(tileLike(type));
  if (!problem.empty()) {
    reportError(onProblem, userData, problem);
    return false;
  }
  StorageOrder o = getStorageOrder(tileLike(type));
  *order = {o.boxRows,      o.boxCols,     o.boxRowStride,
            o.boxColStride, o.inRowStride, o.inColStride};
  return true;
}

MlirStringRef mlirPtoTileDefaultLocation(void) {
  return wrap(stringifyTileLocation(TileParams().location));
}
MlirStringRef mlirPtoTileDefaultBLayout(void) {
  return wrap(stringifyBLayout(TileParams().bLayout));
}
MlirStringRef mlirPtoTileDefaultSLayout(void) {
  return wrap(stringifySLayout(TileParams().sLayout));
}
int64_t mlirPtoTileDefaultFractal(void) { return TileParams().fractal; }
MlirStringRef mlirPtoTileDefaultPad(void) {
  return wrap(stringifyPadValue(TileParams().pad));
}

int64_t mlirPtoTileIndexLimit(void) { return kTileIndexLimit; }
int64_t mlirPtoTileAlignment(void) { return kTileAlignment; }
int64_t mlirPtoTSort32Block(void) { return kTSort32Block; }
int64_t mlirPtoTSort32RecordBytes(void) { return kTSort32RecordBytes; }
int64_t mlirPtoTSort32RecordIndexOffset(void) {
  return kTSort32RecordIndexOffset;
}
int64_t mlirPtoTMrgSortLists(void) { return kTMrgSortLists; }
int64_t mlirPtoTMrgSortBlockUnit(void) { return kTMrgSortBlockUnit; }
int64_t mlirPtoTMrgSortMaxRepeats(void) { return kTMrgSortMaxRepeats; }

intptr_t mlirPtoGetNumTargets(void) { return std::size(kTargetArchs); }
MlirStringRef mlirPtoGetTargetName(intptr_t i) {
  return wrap(stringifyTargetArch(kTargetArchs[i]));
}
MlirStringRef mlirPtoTargetArchAttrName(void) {
  return wrap(StringRef(PtoDialect::kTargetArchAttrName));
}
intptr_t mlirPtoGetNumTargetArchNames(void) {
  return getTargetArchNames().size();
}
MlirStringRef mlirPtoGetTargetArchName(intptr_t i) {
  return wrap(getTargetArchNames()[i]);
}
MlirStringRef mlirPtoGetTargetArchNameTarget(intptr_t i) {
  return wrap(stringifyTargetArch(*parseTargetArch(getTargetArchNames()[i])));
}

static const RunTimeFailureInfo &failureInfo(intptr_t kind) {
  return getRunTimeFailures()[kind];
}
intptr_t mlirPtoGetNumRunTimeFailures(void) {
  return getRunTimeFailures().size();
}
MlirStringRef mlirPtoRunTimeFailureGetName(intptr_t kind) {
  return wrap(StringRef(failureInfo(kind).name));
}
MlirStringRef mlirPtoRunTimeFailureGetFormat(intptr_t kind) {
  return wrap(StringRef(failureInfo(kind).format));
}
intptr_t mlirPtoRunTimeFailureGetNumTextFields(intptr_t kind) {
  return failureInfo(kind).textFields.size();
}
MlirStringRef mlirPtoRunTimeFailureGetTextField(intptr_t kind, intptr_t i) {
  return wrap(StringRef(failureInfo(kind).textFields[i]));
}
intptr_t mlirPtoRunTimeFailureGetNumValueFields(intptr_t kind) {
  return failureInfo(kind).valueFields.size();
}
MlirStringRef mlirPtoRunTimeFailureGetValueField(intptr_t kind, intptr_t i) {
  return wrap(StringRef(failureInfo(kind).valueFields[i]));
}
void mlirPtoDescribeFailureLocation(MlirLocation loc,
                                    MlirStringCallback callback,
                                    void *userData) {
  reportError(callback, userData, describeFailureLocation(unwrap(loc)));
}
intptr_t mlirPtoErrorSlotWords(void) { return kErrorSlotWords; }

intptr_t mlirPtoTileOpGetNumOuts(MlirOperation op) {
  auto tileOp = dyn_cast<TileOpInterface>(unwrap(op));
  return tileOp ? static_cast<intptr_t>(tileOp.getOuts().size()) : -1;
}

bool mlirPtoTAssignPlacesBeforeFirstUse(MlirOperation op) {
  return cast<TAssignOp>(unwrap(op)).placesBeforeFirstUse();
}

uint64_t mlirPtoFingerprintIR(MlirOperation op) {
  return fingerprintIR(unwrap(op));
}

bool mlirPtoSetPtoasParserArch(MlirStringRef arch) {
  StringRef name = unwrap(arch);
  if (name.empty()) {
    setPtoasParserArch(std::nullopt);
    return true;
  }
  if (name != "a3" && name != "a5")
    return false;
  setPtoasParserArch(name == "a3" ? TargetArch::A2A3 : TargetArch::A5);
  return true;
}
