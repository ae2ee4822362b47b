//===- pto-translate.cpp - the pto translation driver ---------------------===//
//
// mlir-translate with pto's translations: --import-pto-as, --export-pto-as,
// --export-ptoas.
//
#include "pto/PtoAsm.h"
#include "pto/PtoasExport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::pto::registerPtoAsmTranslations();
  mlir::pto::registerPtoasTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "pto-mlir translation driver\n"));
}
