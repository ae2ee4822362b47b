//===- PtoRules.h - the verifiers' allowed-value tables ---------*- C++ -*-===//
//
// Rules that admit a list of values (element types, location paths,
// conversion pairs) keep that list next to their verifier, in the op
// family's T*Ops.cpp. Each family also publishes its lists here as rule
// tables named by rule id (`tor_c1`, as in docs/ops), so the C API, the
// Python package (pto_mlir.rules) and the check of docs/ops read the
// verifier's own lists instead of copies.
//
#ifndef PTO_PTORULES_H
#define PTO_PTORULES_H

#include "pto/PtoTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace mlir::pto {

/// The values a rule allows on one target (std::nullopt: a module without
/// `pto.target_arch`) for one combination of the table's keys.
struct RuleRow {
  std::optional<TargetArch> target;
  llvm::SmallVector<llvm::StringRef> keys;
  llvm::SmallVector<llvm::StringRef> values;
};

/// One rule's list: `rule` is its id, `values` says what the values are
/// ("dst element types"), `keys` names the row keys besides the target
/// (e.g. {"path", "quant", "src"}). Rows a target does not have (a path
/// missing on a2a3) are absent.
struct RuleTable {
  llvm::StringRef rule;
  llvm::StringRef values;
  llvm::SmallVector<llvm::StringRef> keys;
  llvm::SmallVector<RuleRow> rows;
};

/// Every rule table of the dialect, op family by op family (built once).
llvm::ArrayRef<RuleTable> getRuleTables();

/// The target choices a table has rows for: a2a3, a5, no target.
llvm::ArrayRef<std::optional<TargetArch>> getRuleTargets();

/// Each op family's tables, defined beside its verifier.
/// The families' tables (`<mnemonic>_c1` of every op with
/// FamilyOpInterface), ElementwiseOps.cpp.
void appendFamilyRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
/// The arg reductions' dst index types (`<mnemonic>_c2`), ArgReduceOps.cpp.
void appendArgReduceRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTInterleaveRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTSort32RuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTMrgSortRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTGatherRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTInsertRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendGlobalMemoryRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTMovRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTCvtRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTMatmulRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTFillPadRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTGenerateRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTSelRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);
void appendTCmpRuleTables(llvm::SmallVectorImpl<RuleTable> &tables);

} // namespace mlir::pto

#endif // PTO_PTORULES_H
