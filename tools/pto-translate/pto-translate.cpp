//===- pto-translate.cpp - the pto translation driver ---------------------===//
//
// mlir-translate with pto's translations: --import-pto-as, --export-pto-as.
//
#include "pto/PtoAs.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::pto::registerPtoAsTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "pto-mlir translation driver\n"));
}
