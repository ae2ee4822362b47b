//===- PtoRules.cpp - the verifiers' allowed-value tables -----------------===//
#include "pto/PtoRules.h"

using namespace mlir;
using namespace mlir::pto;

ArrayRef<std::optional<TargetArch>> mlir::pto::getRuleTargets() {
  static const std::optional<TargetArch> targets[] = {
      TargetArch::A2A3, TargetArch::A5, std::nullopt};
  return targets;
}

ArrayRef<RuleTable> mlir::pto::getRuleTables() {
  // The lists are static data of the verifiers; built on first use.
  static const SmallVector<RuleTable> tables = [] {
    SmallVector<RuleTable> all;
    appendFamilyRuleTables(all);
    appendArgReduceRuleTables(all);
    appendTInterleaveRuleTables(all);
    appendTSort32RuleTables(all);
    appendTInsertRuleTables(all);
    appendGlobalMemoryRuleTables(all);
    appendTMovRuleTables(all);
    appendTCvtRuleTables(all);
    appendTMatmulRuleTables(all);
    appendTMrgSortRuleTables(all);
    appendTFillPadRuleTables(all);
    appendTGatherRuleTables(all);
    appendTGenerateRuleTables(all);
    appendTSelRuleTables(all);
    appendTCmpRuleTables(all);
    return all;
  }();
  return tables;
}
