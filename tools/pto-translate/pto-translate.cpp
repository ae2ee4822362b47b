//===- pto-translate.cpp - the pto translation driver ---------------------===//
//
// mlir-translate with pto's translations: --import-pto-asm, --export-pto-asm,
// --export-ptoas; --pto-target for modules that declare no target.
//
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "pto/PtoAsm.h"
#include "pto/PtoTarget.h"
#include "pto/PtoasExport.h"

int main(int argc, char **argv) {
  mlir::pto::registerPtoTargetOption();
  mlir::pto::registerPtoasParserArchOption();
  mlir::pto::registerPtoAsmTranslations();
  mlir::pto::registerPtoasTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "pto-mlir translation driver\n"));
}
