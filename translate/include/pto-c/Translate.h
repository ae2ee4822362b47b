//===- Translate.h - C API of the translators ---------------------*- C -*-===//
//
// The translate layer: PTO-AS, the assembly spelling of pto kernels
// (docs/pto-as.md), read and written; and the export to PTOAS, the other
// MLIR pto dialect and its compiler ptoas (docs/ptoas.md).
//
//===----------------------------------------------------------------------===//
#ifndef PTO_C_TRANSLATE_H
#define PTO_C_TRANSLATE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// PTO-AS, the assembly spelling
//===----------------------------------------------------------------------===//

/// Imports PTO-AS `text` (named `bufferName` in messages) as one kernel
/// `entry`. On error returns a null module and gives each error to `onError`
/// as one `name:line:col: error: message` line.
MLIR_CAPI_EXPORTED MlirModule mlirPtoAssemblyImport(
    MlirContext ctx, MlirStringRef text, MlirStringRef entry,
    MlirStringRef bufferName, MlirStringCallback onError, void *userData);
/// Gives the one kernel of `module` as PTO-AS text to `onText`; on error
/// returns false and gives the errors to `onError` as above.
MLIR_CAPI_EXPORTED bool mlirPtoAssemblyExport(MlirModule module,
                                              MlirStringCallback onText,
                                              MlirStringCallback onError,
                                              void *userData);

//===----------------------------------------------------------------------===//
// PTOAS, the other MLIR pto dialect and its compiler ptoas
//===----------------------------------------------------------------------===//

/// Gives `module` (Level 2) as the text PTOAS reads to `onText`, for ptoas's
/// `level` ("level2", "level3", or empty for the exporter's default); on
/// error returns false and gives the errors to `onError` as above.
MLIR_CAPI_EXPORTED bool mlirPtoPtoasExport(MlirModule module,
                                           MlirStringRef level,
                                           MlirStringCallback onText,
                                           MlirStringCallback onError,
                                           void *userData);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_TRANSLATE_H
