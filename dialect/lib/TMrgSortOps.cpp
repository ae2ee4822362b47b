//===- TMrgSortOps.cpp - pto.tmrgsort -------------------------------------===//
//
// The rules of TMRGSORT (pto-isa 3186c381: docs/isa/TMRGSORT.md; the NPU
// code include/pto/npu/a2a3/TMrgSort.hpp and a5/TMrgSort.hpp, whose
// static_asserts and PTO_ASSERTs are cited by line). Where the simulator
// (include/pto/cpu/TMrgSort.hpp) would compute another result than the NPU
// code, a rule refuses the form (c9, c11, c12).
//
#include "mlir/IR/Matchers.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "pto/PtoTarget.h"
#include "pto/TileStorage.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

/// tmrgsort_c1 (both targets: a2a3/TMrgSort.hpp:183, a5/TMrgSort.hpp:189).
static constexpr ElementKind kRecordTypes[] = {ElementKind::F16,
                                               ElementKind::F32};

void mlir::pto::appendTMrgSortRuleTables(SmallVectorImpl<RuleTable> &tables) {
  RuleTable values{"tmrgsort_c1", "dst element types", {}, {}};
  for (std::optional<TargetArch> target : getRuleTargets())
    values.rows.push_back({target, {}, stringifyElementKinds(kRecordTypes)});
  tables.push_back(std::move(values));
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Level 2 as every tile op, and PTOAS's lists form, whose `outs` name the
/// executed counts after dst (`outs(%dst, %ex : D, vector<4xi16>)`, PTOAS's
/// `excuted`, include/PTO/IR/PTOOps.td:4014, lib/PTO/IR/PTO.cpp:5950-5962):
/// ptoas passes them to TMRGSORT as the MrgSortExecutedNumList it writes.
/// The value is SSA and no op reads a vector<4xi16>, so a kernel cannot
/// observe them: read, checked (tmrgsort_c13, tmrgsort_c14) and dropped
/// (docs/ops/tmrgsort.md); the PTOAS export writes a zero constant there.
ParseResult TMrgSortOp::parse(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("ins")))
    return parseTileOp(parser, result, setParsedTileOpSegments<TMrgSortOp>);
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes;
  if (parser.parseLParen() || parser.parseOperandList(ins) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      (!ins.empty() &&
       (parser.parseColon() || parser.parseTypeList(inTypes))) ||
      parser.parseRParen() || parser.parseKeyword("outs") ||
      parser.parseLParen() || parser.parseOperandList(outs) ||
      (!outs.empty() &&
       (parser.parseColon() || parser.parseTypeList(outTypes))) ||
      parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (outs.size() == 2 && outTypes.size() == 2) {
    // tmrgsort_c13: PTOAS's format1 is `outs(dst)` only (PTO.cpp:5890-5898;
    // isFormat1, PTOOps.td:4023); pto-isa's single-list TMRGSORT(dst, src,
    // blockLen) takes no MrgSortExecutedNumList.
    if (inTypes.size() == 2 && !isa<TileLikeType>(inTypes[1]))
      return parser.emitError(loc)
             << "takes the executed counts ('outs' [dst, executed]) only in "
                "the lists form (tmrgsort_c13): the single-list form counts "
                "nothing";
    // tmrgsort_c14: PTOAS's `format2 excuted must be vector<4xi16>`
    // (PTO.cpp:6016-6019): pto-isa's MrgSortExecutedNumList, four uint16_t
    // (include/pto/common/pto_instr.hpp:23-28).
    auto vector = dyn_cast<VectorType>(outTypes[1]);
    if (!vector || vector.getRank() != 1 || vector.getNumElements() != 4 ||
        vector.isScalable() || !vector.getElementType().isInteger(16))
      return parser.emitError(loc)
             << "takes the executed counts as a vector<4xi16> (the records "
                "taken from each of 4 lists, pto-isa's "
                "MrgSortExecutedNumList), got "
             << outTypes[1] << " (tmrgsort_c14)";
    SmallVector<Value, 1> executed;
    if (parser.resolveOperand(outs[1], outTypes[1], executed))
      return failure();
    outs.pop_back();
    outTypes.pop_back();
  }
  if (parser.resolveOperands(ins, inTypes, loc, result.operands) ||
      parser.resolveOperands(outs, outTypes, loc, result.operands))
    return failure();
  return setParsedTileOpSegments<TMrgSortOp>(parser, loc, result, ins.size(),
                                             outs.size(), {});
}

void TMrgSortOp::print(OpAsmPrinter &printer) {
  printTileOp(printer, getOperation());
}

namespace {
/// A tile operand with the name messages give it.
struct NamedTile {
  std::string name;
  TileLikeType type;
};
} // namespace

/// The form (tmrgsort_c6): one list and blockLen without `exhausted`, or 2
/// to 4 lists and tmp (TMRGSORT.md, "Two Variants").
static LogicalResult verifyMergeForm(TMrgSortOp op) {
  if (op.isSingleList()) {
    // tmrgsort_c6
    if (op.getSrc2())
      return op.emitOpError()
             << "takes 'ins' [src, blockLen] or [src0, src1, (src2, (src3,)) "
                "tmp] (tmrgsort_c6): blockLen comes last";
    if (op.stopsWhenExhausted())
      return op.emitOpError() << "takes exhausted = true only with 2 to 4 "
                                 "lists (tmrgsort_c6); the single-list form "
                                 "never suspends";
  } else if (!op.getSrc2()) {
    // tmrgsort_c6
    return op.emitOpError()
           << "merges 2 to 4 lists and takes a tmp tile after them "
              "(tmrgsort_c6): 'ins' [src0, src1, (src2, (src3,)) tmp] or "
              "[src, blockLen]";
  }
  return verifyTileOpForm(op, 1);
}

/// tmrgsort_c7, tmrgsort_c8 of a constant blockLen: a positive multiple of
/// 64 (a2a3/TMrgSort.hpp:291), src's valid columns 1 to 255 groups of 4
/// blocks (a2a3/TMrgSort.hpp:293, :296; a5/TMrgSort.hpp:273 counts the
/// groups in a uint8_t).
static LogicalResult verifyBlockLen(TMrgSortOp op, TileLikeType src) {
  APInt value;
  if (!matchPattern(op.getBlockLen(), m_ConstantInt(&value)))
    return success();
  int64_t blockLen = value.getSExtValue();
  // tmrgsort_c7
  if (blockLen <= 0 || blockLen % kTMrgSortBlockUnit != 0)
    return op.emitOpError()
           << "blockLen " << blockLen << " must be a positive multiple of "
           << kTMrgSortBlockUnit << " (tmrgsort_c7)";
  // tmrgsort_c8
  int64_t cols = src.getValidCols(), group = blockLen * kTMrgSortLists;
  if (!ShapedType::isDynamic(cols) && (cols % group != 0 || cols / group < 1 ||
                                       cols / group > kTMrgSortMaxRepeats))
    return op.emitOpError()
           << "src valid cols " << cols << " must be 1 to "
           << kTMrgSortMaxRepeats << " groups of 4 blocks of blockLen "
           << blockLen << " (a multiple of " << group << ") (tmrgsort_c8)";
  return success();
}

/// tmrgsort_c11: a whole number of records in each valid row.
static LogicalResult verifyWholeRecords(TMrgSortOp op, const NamedTile &tile,
                                        int64_t slots) {
  int64_t cols = tile.type.getValidCols();
  if (ShapedType::isDynamic(cols) || cols % slots == 0)
    return success();
  return op.emitOpError() << tile.name << " valid cols " << cols
                          << " are not a whole number of " << slots
                          << "-column records (tmrgsort_c11)";
}

/// tmrgsort_c10, tmrgsort_c12 of the lists form.
static LogicalResult verifyListsLayout(TMrgSortOp op, ArrayRef<NamedTile> lists,
                                       TileLikeType tmp, TileLikeType dst) {
  int64_t cols = 0, validCols = 0;
  bool dynamic = false;
  for (const NamedTile &list : lists) {
    cols += list.type.getCols();
    dynamic |= ShapedType::isDynamic(list.type.getValidCols());
    validCols += list.type.getValidCols();
  }
  // tmrgsort_c10: the NPU merges into tmp first (a2a3/TMrgSort.hpp:97,
  // TMRGSORT.md "Temporary Space": tmp.Cols >= the sum of the lists' Cols).
  if (tmp.getCols() < cols)
    return op.emitOpError()
           << "tmp has " << tmp.getCols() << " cols but the " << lists.size()
           << " lists have " << cols << " (tmrgsort_c10)";
  // tmrgsort_c12: the NPU copies dst's valid columns from tmp
  // (a2a3/TMrgSort.hpp:127), where only the merged records are; the
  // simulator writes no more than the lists hold.
  int64_t dstCols = dst.getValidCols();
  if (!dynamic && !ShapedType::isDynamic(dstCols) && dstCols > validCols)
    return op.emitOpError()
           << "dst valid cols " << dstCols << " exceed the " << validCols
           << " valid cols of the lists (tmrgsort_c12)";
  return success();
}

LogicalResult TMrgSortOp::verify() {
  if (failed(verifyMergeForm(*this)))
    return failure();
  Operation *op = getOperation();
  std::optional<TargetArch> target = lookupTargetArch(op);
  TileLikeType dst = getDstType(*this, 0);
  SmallVector<Value, 4> listValues = getLists();
  SmallVector<NamedTile, 6> lists;
  for (auto [i, list] : llvm::enumerate(listValues))
    lists.push_back(
        {isSingleList() ? std::string("src") : "src" + std::to_string(i),
         cast<TileLikeType>(list.getType())});
  SmallVector<NamedTile, 6> tiles{{"dst", dst}};
  llvm::append_range(tiles, lists);
  if (Value tmp = getTmp())
    tiles.push_back({"tmp", cast<TileLikeType>(tmp.getType())});
  // tmrgsort_c1
  if (failed(checkElementTypeIn(op, "dst", dst.getElementType(), kRecordTypes,
                                target)))
    return failure();
  for (const NamedTile &tile : ArrayRef(tiles).drop_front()) {
    // tmrgsort_c2 (a2a3/TMrgSort.hpp:186, a5/TMrgSort.hpp:182)
    if (failed(checkSameElementType(op, tile.name, tile.type, "dst", dst)))
      return failure();
  }
  for (const NamedTile &tile : tiles) {
    // tmrgsort_c3 (a2a3/TMrgSort.hpp:193, a5/TMrgSort.hpp:196)
    if (failed(checkLocation(op, tile.name, tile.type, TileLocation::Vec)))
      return failure();
    // (c5 before c4: a col_major tile has more than 1 row.)
    // tmrgsort_c5 (a2a3/TMrgSort.hpp:202, a5/TMrgSort.hpp:192)
    if (failed(checkRowMajor(op, tile.name, tile.type)))
      return failure();
    // tmrgsort_c4 (a2a3/TMrgSort.hpp:198, a5/TMrgSort.hpp:201)
    if (tile.type.getRows() != 1)
      return emitOpError() << tile.name << " has " << tile.type.getRows()
                           << " rows; every tile of tmrgsort has 1 "
                              "(tmrgsort_c4)";
  }
  // tmrgsort_c11: the simulator merges whole records and writes
  // dst.vc / slots of them (cpu/TMrgSort.hpp:245), the NPU copies dst.vc
  // elements (a2a3/TMrgSort.hpp:66-68): a part record would differ.
  int64_t slots = getTSort32RecordSlots(dst.getElementBitWidth());
  for (const NamedTile &tile : tiles)
    if (tile.name != "tmp" && failed(verifyWholeRecords(*this, tile, slots)))
      return failure();
  if (!isSingleList())
    return verifyListsLayout(*this, ArrayRef(tiles).slice(1, lists.size()),
                             cast<TileLikeType>(getTmp().getType()), dst);
  // tmrgsort_c9: the simulator merges the groups of dst's valid columns
  // (cpu/TMrgSort.hpp:306), the NPU those of src's (a2a3/TMrgSort.hpp:295).
  TileLikeType src = lists[0].type;
  int64_t srcCols = src.getValidCols(), dstCols = dst.getValidCols();
  if (!ShapedType::isDynamic(srcCols) && !ShapedType::isDynamic(dstCols) &&
      srcCols != dstCols)
    return emitOpError() << "dst valid cols " << dstCols
                         << " must equal src valid cols " << srcCols
                         << " (tmrgsort_c9)";
  return verifyBlockLen(*this, src);
}
