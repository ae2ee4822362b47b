//===- PtoasSyntax.cpp - PTOAS op spellings read as ours ------------------===//
//
// PTOAS writes vector-quant TINSERT/TEXTRACT as ops of their own,
// `pto.tinsert_fp ins(%src, %fp, %row, %col : ...) outs(%dst : ...)` (and
// the Level 1 form `%d = pto.tinsert_fp %src, %fp, %row, %col : ...`): ours
// with the quant tile `fp` second instead of last. The dialect's parse hook
// parses them with our op's parser and moves `fp` to its place, so they
// become our ops, verified and printed as ours.
//
#include "mlir/IR/OpImplementation.h"
#include "pto/PtoDialect.h"
#include "pto/PtoasOpNames.h"

using namespace mlir;
using namespace mlir::pto;

/// The `ins` operands of PTOAS's `_fp` ops: src, fp, row, col.
static constexpr int32_t kFpOpIns = 4;

static ParseResult parsePtoasFpOp(OpAsmParser &parser, OperationState &result) {
  StringRef written = result.name.getStringRef();
  const PtoasFpOpName *entry =
      llvm::find_if(kPtoasFpOpNames,
                    [&](const PtoasFpOpName &n) { return n.ptoas == written; });
  std::optional<RegisteredOperationName> ours =
      RegisteredOperationName::lookup(entry->ours, parser.getContext());
  SMLoc loc = parser.getCurrentLocation();
  if (failed(ours->getParseAssemblyFn()(parser, result)))
    return failure();
  // [ins, outs, inits...], as setParsedTileOpCounts wrote them.
  SmallVector<int32_t> counts(parsedTileOpCounts(result));
  int32_t numIns = counts[0];
  if (numIns != kFpOpIns)
    return parser.emitError(loc)
           << "takes " << kFpOpIns
           << " 'ins' operands (src, fp, index_row, index_col), got " << numIns;
  Value fp = result.operands[1];
  if (!isa<TileLikeType>(fp.getType()))
    return parser.emitError(loc)
           << "takes a tile as its fp operand (vector quant), got "
           << fp.getType() << "; a scalar quant word is '" << entry->ours
           << "''s fourth 'ins' operand";
  // [src, fp, row, col] -> [src, row, col, fp]
  std::rotate(result.operands.begin() + 1, result.operands.begin() + 2,
              result.operands.begin() + kFpOpIns);
  result.name = *ours;
  return setTileOpSegments(result, numIns, ArrayRef(counts).drop_front(2),
                           counts[1], [&] { return parser.emitError(loc); });
}

std::optional<Dialect::ParseOpHook>
PtoDialect::getParseOperationHook(StringRef opName) const {
  for (const PtoasFpOpName &entry : kPtoasFpOpNames)
    if (entry.ptoas == opName)
      return ParseOpHook(parsePtoasFpOp);
  return std::nullopt;
}
