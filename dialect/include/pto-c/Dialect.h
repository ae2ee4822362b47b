//===- Dialect.h - C API of the pto dialect -----------------------*- C -*-===//
//
// The dialect layer: registration, the tile types and attributes, and the
// facts the verifiers and both engines share (rule tables, storage order,
// targets, memories, run-time failures). The passes, the host lowering and
// the translators have C APIs of their own (pto-c/Passes.h, Lowering.h,
// Translate.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTO_C_DIALECT_H
#define PTO_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Pto, pto);

MLIR_CAPI_EXPORTED bool mlirPtoTypeIsATileType(MlirType type);
MLIR_CAPI_EXPORTED bool mlirPtoTypeIsATileBufType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoTileTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoTileBufTypeGetTypeID(void);

/// Global memory types (GlobalMemoryOps.td): `!pto.ptr<T>`, and the views
/// `!pto.tensor_view<...>` and `!pto.partition_tensor_view<...>`
/// (isPartition), whose extents use mlirShapedTypeGetDynamicSize() for `?`.
MLIR_CAPI_EXPORTED bool mlirPtoTypeIsAPtrType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoPtrTypeGetTypeID(void);
/// A null type when `elementType` is not a tile element type (ptr_c1).
MLIR_CAPI_EXPORTED MlirType mlirPtoPtrTypeGet(MlirType elementType);
MLIR_CAPI_EXPORTED MlirType mlirPtoPtrTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED bool mlirPtoTypeIsATensorViewType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoTensorViewTypeGetTypeID(void);
MLIR_CAPI_EXPORTED bool mlirPtoTypeIsAPartitionTensorViewType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoPartitionTensorViewTypeGetTypeID(void);
/// Builds a view type, `layout` a GlobalLayout spelling ("nd", "dn") or
/// empty for none; on invalid parameters (view_c1 ... view_c5) returns a
/// null type and passes the reason to `onError`.
MLIR_CAPI_EXPORTED MlirType mlirPtoGlobalViewTypeGet(
    MlirContext ctx, bool isPartition, intptr_t rank, const int64_t *shape,
    MlirType elementType, MlirStringRef layout, MlirStringCallback onError,
    void *userData);
/// pto-isa's GlobalTensor rank (GlobalMemory.h, kGlobalRank).
MLIR_CAPI_EXPORTED intptr_t mlirPtoGlobalRank(void);
/// The window-to-tile mapping (GlobalMemory.h, getWindowTileDims) of the
/// layout spelled `layout` ("nd", "dn"): its row dimensions, or with `cols`
/// its column dimensions, written to `dims` (room for mlirPtoGlobalRank()
/// entries), their count returned; -1 for another spelling.
MLIR_CAPI_EXPORTED intptr_t mlirPtoWindowTileDims(MlirStringRef layout,
                                                  bool cols, unsigned *dims);
/// The view type's layout spelling, empty when it names none.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoGlobalViewTypeGetLayout(MlirType type);
MLIR_CAPI_EXPORTED intptr_t mlirPtoGlobalViewTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirPtoGlobalViewTypeGetDim(MlirType type,
                                                       intptr_t pos);
MLIR_CAPI_EXPORTED MlirType mlirPtoGlobalViewTypeGetElementType(MlirType type);

/// Parameters of a tile type; enum fields are their textual spellings
/// ("vec", "row_major", "none_box", "null", ...); valid extents use
/// mlirShapedTypeGetDynamicSize() for `?`.
typedef struct {
  MlirStringRef location;
  intptr_t rank;
  const int64_t *shape;
  MlirType elementType;
  intptr_t validRank;
  const int64_t *validShape;
  MlirStringRef bLayout;
  MlirStringRef sLayout;
  int64_t fractal;
  MlirStringRef pad;
} MlirPtoTileParams;

/// Builds `!pto.tile` (isBuffer false) or `!pto.tile_buf`. On invalid
/// parameters returns a null type and passes the reason to `onError`.
MLIR_CAPI_EXPORTED MlirType mlirPtoTileLikeTypeGet(MlirContext ctx,
                                                   bool isBuffer,
                                                   MlirPtoTileParams params,
                                                   MlirStringCallback onError,
                                                   void *userData);

/// Accessors of either tile type.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetLocation(MlirType type);
MLIR_CAPI_EXPORTED intptr_t mlirPtoTileLikeTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetDim(MlirType type, intptr_t i);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetValidDim(MlirType type,
                                                          intptr_t i);
MLIR_CAPI_EXPORTED MlirType mlirPtoTileLikeTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetBLayout(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetSLayout(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileLikeTypeGetFractal(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileLikeTypeGetPad(MlirType type);

/// The on-chip memory a tile location lives in ("ub", "l1", "l0a", "l0b",
/// "l0c"; several locations share one), and its size in bytes on `target`
/// ("a2a3", "a5", or empty for either target). An unknown name gives an empty
/// string / -1.
MLIR_CAPI_EXPORTED MlirStringRef
mlirPtoLocationMemorySpace(MlirStringRef location);
MLIR_CAPI_EXPORTED int64_t mlirPtoLocationCapacity(MlirStringRef target,
                                                   MlirStringRef location);

/// The op mode attributes `#pto.acc_to_vec<...>` and `#pto.split<...>`;
/// their values are the enums' integers (AccToVecMode, SplitMode of
/// PtoEnums.td, which the Python enums share).
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsAAccToVecModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoAccToVecModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoAccToVecModeAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsAGlobalLayoutAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoGlobalLayoutAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoGlobalLayoutAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsASplitModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoSplitModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoSplitModeAttrGetValue(MlirAttribute attr);
/// tcvt's `#pto<round_mode ...>` and `#pto<saturation_mode ...>`.
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsARoundModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoRoundModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoRoundModeAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool
mlirPtoAttributeIsASaturationModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoSaturationModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t
mlirPtoSaturationModeAttrGetValue(MlirAttribute attr);
/// tgather's `#pto.mask_pattern<...>` and `#pto<cmp ...>`.
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsAMaskPatternAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoMaskPatternAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoMaskPatternAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool mlirPtoAttributeIsACmpModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirPtoCmpModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoCmpModeAttrGetValue(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// Rule tables (pto/PtoRules.h): the lists of values the verifiers allow
// (element types, location paths, conversion pairs), named by rule id
// ("tor_c1"). Tables, keys, rows and values are numbered from 0; the strings
// live as long as the process.
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED intptr_t mlirPtoRuleTableGetNumTables(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleTableGetRule(intptr_t table);
/// What the values are, e.g. "dst element types".
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleTableGetValuesName(intptr_t table);
/// The row keys besides the target, e.g. "path", "quant", "src".
MLIR_CAPI_EXPORTED intptr_t mlirPtoRuleTableGetNumKeys(intptr_t table);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleTableGetKeyName(intptr_t table,
                                                            intptr_t key);
MLIR_CAPI_EXPORTED intptr_t mlirPtoRuleTableGetNumRows(intptr_t table);
/// "a2a3", "a5", or an empty string for a module without a target.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleRowGetTarget(intptr_t table,
                                                         intptr_t row);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleRowGetKey(intptr_t table,
                                                      intptr_t row,
                                                      intptr_t key);
MLIR_CAPI_EXPORTED intptr_t mlirPtoRuleRowGetNumValues(intptr_t table,
                                                       intptr_t row);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRuleRowGetValue(intptr_t table,
                                                        intptr_t row,
                                                        intptr_t value);
//===----------------------------------------------------------------------===//
// Op families (pto/ElementwiseOps.h): every op of a family with its row,
// numbered from 0; the strings live as long as the process. Its element
// types are its rule table `<mnemonic>_c1`.
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED intptr_t mlirPtoFamilyOpGetNumOps(void);
/// The op's name, "pto.tadd".
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoFamilyOpGetName(intptr_t op);
/// Its family as ODS spells it, "binary_elementwise".
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoFamilyOpGetFamily(intptr_t op);
/// Its ElementOp as ODS spells it, "add".
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoFamilyOpGetElementOp(intptr_t op);
/// Its instruction's name in pto-isa, "TADD".
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoFamilyOpGetIsaName(intptr_t op);
/// Where its element types on `target` ("a2a3" or "a5") come from; empty
/// for another target name.
MLIR_CAPI_EXPORTED MlirStringRef
mlirPtoFamilyOpGetElementTypesSource(intptr_t op, MlirStringRef target);

//===----------------------------------------------------------------------===//
// Facts about tiles, targets and run-time failures (pto/TileStorage.h,
// pto/PtoMemory.h, pto/PtoTarget.h, pto/RunTimeFailure.h), for the Python
// runtime, which reads them instead of restating them.
//===----------------------------------------------------------------------===//

/// Where element (r, c) of a tile sits in its storage, in elements:
/// `(r / boxRows) * boxRowStride + (c / boxCols) * boxColStride +
/// (r % boxRows) * inRowStride + (c % boxCols) * inColStride` (ND and DN are
/// 1x1 boxes).
typedef struct {
  int64_t boxRows, boxCols;
  int64_t boxRowStride, boxColStride, inRowStride, inColStride;
} MlirPtoStorageOrder;

/// The storage order of a tile type into `*order`; false (and the reason
/// passed to `onProblem`) when the type has none.
MLIR_CAPI_EXPORTED bool
mlirPtoTileLikeTypeGetStorageOrder(MlirType type, MlirPtoStorageOrder *order,
                                   MlirStringCallback onProblem,
                                   void *userData);

/// The parameters a tile type has when its text leaves them out.
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileDefaultLocation(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileDefaultBLayout(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileDefaultSLayout(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoTileDefaultFractal(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTileDefaultPad(void);

/// TINSERT/TEXTRACT indices are 0..limit.
MLIR_CAPI_EXPORTED int64_t mlirPtoTileIndexLimit(void);
/// Every tile address and size is a multiple of this many bytes.
MLIR_CAPI_EXPORTED int64_t mlirPtoTileAlignment(void);
/// The elements TSORT32 sorts together (a row's blocks).
MLIR_CAPI_EXPORTED int64_t mlirPtoTSort32Block(void);
/// TSORT32's hardware-form record: its bytes and the byte offset of its idx.
MLIR_CAPI_EXPORTED int64_t mlirPtoTSort32RecordBytes(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoTSort32RecordIndexOffset(void);
/// TMRGSORT: the most lists it merges, the unit of the single-list form's
/// blockLen and its most groups of 4 blocks.
MLIR_CAPI_EXPORTED int64_t mlirPtoTMrgSortLists(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoTMrgSortBlockUnit(void);
MLIR_CAPI_EXPORTED int64_t mlirPtoTMrgSortMaxRepeats(void);

/// The targets ("a2a3", "a5") and the module attribute that selects one.
MLIR_CAPI_EXPORTED intptr_t mlirPtoGetNumTargets(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoGetTargetName(intptr_t i);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoTargetArchAttrName(void);
/// The spellings `pto.target_arch` accepts ("a2a3", "a5", PTOAS's "a2" and
/// "a3") and, for each, the target it names.
MLIR_CAPI_EXPORTED intptr_t mlirPtoGetNumTargetArchNames(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoGetTargetArchName(intptr_t i);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoGetTargetArchNameTarget(intptr_t i);

/// The run-time failure kinds: name, message template (`{field}`
/// placeholders), text fields and value fields (the order in which the
/// compiled code reports the values).
MLIR_CAPI_EXPORTED intptr_t mlirPtoGetNumRunTimeFailures(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRunTimeFailureGetName(intptr_t kind);
MLIR_CAPI_EXPORTED MlirStringRef mlirPtoRunTimeFailureGetFormat(intptr_t kind);
MLIR_CAPI_EXPORTED intptr_t
mlirPtoRunTimeFailureGetNumTextFields(intptr_t kind);
MLIR_CAPI_EXPORTED MlirStringRef
mlirPtoRunTimeFailureGetTextField(intptr_t kind, intptr_t i);
MLIR_CAPI_EXPORTED intptr_t
mlirPtoRunTimeFailureGetNumValueFields(intptr_t kind);
MLIR_CAPI_EXPORTED MlirStringRef
mlirPtoRunTimeFailureGetValueField(intptr_t kind, intptr_t i);
/// Where a failure happened, as both engines name it: `file:line:col` of the
/// innermost file location, passed to `callback`.
MLIR_CAPI_EXPORTED void
mlirPtoDescribeFailureLocation(MlirLocation loc, MlirStringCallback callback,
                               void *userData);
/// 64-bit words of a compiled kernel's error slot: the failed check's code
/// (0 when none failed), then its kind's values.
MLIR_CAPI_EXPORTED intptr_t mlirPtoErrorSlotWords(void);

//===----------------------------------------------------------------------===//
// Tile ops (TileOpInterface)
//===----------------------------------------------------------------------===//

/// The number of `outs` of tile op `op` (its trailing operands, the buffers
/// a Level 2 op writes); -1 when `op` is no tile op.
MLIR_CAPI_EXPORTED intptr_t mlirPtoTileOpGetNumOuts(MlirOperation op);

//===----------------------------------------------------------------------===//
// IR fingerprint (pto/IRFingerprint.h), for the runtime's plan cache
//===----------------------------------------------------------------------===//

/// A hash of the IR of `op` and everything nested in it (identities, names,
/// locations, attributes, operands, types, block structure): equal while the
/// IR is unchanged.
MLIR_CAPI_EXPORTED uint64_t mlirPtoFingerprintIR(MlirOperation op);
/// Whether the pto.tassign `op` places its tile before the tile's first
/// use (TAssignOp::placesBeforeFirstUse).
MLIR_CAPI_EXPORTED bool mlirPtoTAssignPlacesBeforeFirstUse(MlirOperation op);

//===----------------------------------------------------------------------===//
// Reading PTOAS text as ptoas --pto-arch does (pto/PtoTarget.h)
//===----------------------------------------------------------------------===//

/// Sets the target ptoas's parser reads for ("a3" or "a5"; an empty string
/// for none, the default); returns false for another name.
MLIR_CAPI_EXPORTED bool mlirPtoSetPtoasParserArch(MlirStringRef arch);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_DIALECT_H
