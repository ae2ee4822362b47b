//===- TGatherOps.cpp - pto.tgather ---------------------------------------===//
//
// The rules of TGATHER (pto-isa 3186c381: docs/isa/TGATHER.md; the NPU code
// include/pto/npu/a2a3/TGather.hpp and a5/TGather.hpp, whose static_asserts
// and PTO_ASSERTs are cited by line) for the index and mask forms, and
// PTOAS's (a56b18c3, lib/PTO/IR/PTO.cpp, TGatherOp::verify) for its compare
// form, whose kValue is a scalar where pto-isa's TGATHER takes a tile
// (include/pto/common/pto_instr.hpp:1215-1226).
//
#include "pto/MaskPattern.h"
#include "pto/PtoDialect.h"
#include "pto/PtoRules.h"
#include "pto/PtoTarget.h"
#include "pto/TileTypeSyntax.h"

using namespace mlir;
using namespace mlir::pto;

//===----------------------------------------------------------------------===//
// Rule tables
//===----------------------------------------------------------------------===//

using EK = ElementKind;

/// tgather_c3: the index form's element types, by size (a2a3/TGather.hpp:
/// 20-22 b16/b32; a5/TGather.hpp:22-25 b8/b16/b32/b64).
static constexpr EK kIndexDataA2A3[] = {EK::I16, EK::UI16, EK::I32, EK::UI32,
                                        EK::F16, EK::BF16, EK::F32};
static constexpr EK kIndexDataA5[] = {
    EK::I8,   EK::UI8,      EK::I16,    EK::UI16,     EK::I32,
    EK::UI32, EK::I64,      EK::UI64,   EK::F16,      EK::BF16,
    EK::F32,  EK::F8E4M3FN, EK::F8E5M2, EK::F8E8M0FNU};
/// tgather_c5: the indices (a2a3/TGather.hpp:23 b32; a5/TGather.hpp:26-28
/// b16/b32).
static constexpr EK kIndicesA2A3[] = {EK::I32, EK::UI32};
static constexpr EK kIndicesA5[] = {EK::I16, EK::UI16, EK::I32, EK::UI32};
/// tgather_c10: the mask form's element types (a2a3/TGather.hpp:144 b16/b32;
/// a5/TGather.hpp:310-325, hifloat8_t not being one of pto-mlir's).
static constexpr EK kMaskA2A3[] = {EK::I16, EK::UI16, EK::I32, EK::UI32,
                                   EK::F16, EK::BF16, EK::F32};
static constexpr EK kMaskA5[] = {
    EK::I8,   EK::UI8, EK::I16,  EK::UI16, EK::I32,      EK::UI32,  EK::I64,
    EK::UI64, EK::F16, EK::BF16, EK::F32,  EK::F8E4M3FN, EK::F8E5M2};
/// tgather_c18: the compare form's src (PTOAS PTO.cpp:4780-4791; i32 on
/// a2a3 only with cmpMode eq).
static constexpr EK kCompareA2A3[] = {EK::I32, EK::F16, EK::F32};
static constexpr EK kCompareA5[] = {EK::I16, EK::I32, EK::F16, EK::F32};

/// The list of `target`; without a target, what either target allows.
static SmallVector<EK> allowedOn(ArrayRef<EK> a2a3, ArrayRef<EK> a5,
                                 std::optional<TargetArch> target) {
  if (target)
    return SmallVector<EK>(*target == TargetArch::A2A3 ? a2a3 : a5);
  SmallVector<EK> all(a2a3);
  llvm::append_range(all, a5);
  llvm::sort(all);
  all.erase(llvm::unique(all), all.end());
  return all;
}

void mlir::pto::appendTGatherRuleTables(SmallVectorImpl<RuleTable> &tables) {
  struct Listed {
    StringRef rule, values;
    ArrayRef<EK> a2a3, a5;
  };
  const Listed listed[] = {
      {"tgather_c3", "dst element types (index form)", kIndexDataA2A3,
       kIndexDataA5},
      {"tgather_c5", "indices element types", kIndicesA2A3, kIndicesA5},
      {"tgather_c10", "src and dst element types (mask form)", kMaskA2A3,
       kMaskA5},
      {"tgather_c18", "src element types (compare form)", kCompareA2A3,
       kCompareA5}};
  for (const Listed &l : listed) {
    RuleTable table{l.rule, l.values, {}, {}};
    for (std::optional<TargetArch> target : getRuleTargets())
      table.rows.push_back(
          {target, {}, stringifyElementKinds(allowedOn(l.a2a3, l.a5, target))});
    tables.push_back(std::move(table));
  }
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Level 2 as PTOAS writes it: the attribute dictionary inside `ins(...)`,
/// after the operands, with a comma before it (`ins(%src, {maskPattern =
/// #pto.mask_pattern<P0101>} : T)`, PTOAS PTO.cpp:477-497) or without (as
/// every tile op of ours reads it).
ParseResult TGatherOp::parse(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("ins")))
    return parseTileOp(parser, result, setParsedTileOpSegments<TGatherOp>);
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes;
  if (parser.parseLParen())
    return failure();
  bool trailingComma = false;
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      break;
    if (failed(*parsed))
      return failure();
    ins.push_back(operand);
    trailingComma = succeeded(parser.parseOptionalComma());
    if (!trailingComma)
      break;
  }
  size_t attributes = result.attributes.getAttrs().size();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (trailingComma && result.attributes.getAttrs().size() == attributes)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected an operand or an attribute dictionary "
                            "after ',' in 'ins'");
  if (!ins.empty() && (parser.parseColon() || parser.parseTypeList(inTypes)))
    return failure();
  if (parser.parseRParen() || parser.parseKeyword("outs") ||
      parser.parseLParen() || parser.parseOperandList(outs))
    return failure();
  if (!outs.empty() && (parser.parseColon() || parser.parseTypeList(outTypes)))
    return failure();
  if (parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperands(ins, inTypes, loc, result.operands) ||
      parser.resolveOperands(outs, outTypes, loc, result.operands))
    return failure();
  return setParsedTileOpSegments<TGatherOp>(parser, loc, result, ins.size(),
                                            outs.size(), {});
}

/// The mask form at Level 2 in PTOAS's spelling; the rest as every tile op.
void TGatherOp::print(OpAsmPrinter &printer) {
  if (!isBufferLevel() || !isMaskForm()) {
    printTileOp(printer, getOperation());
    return;
  }
  Value src = getSrc();
  printer << " ins(" << src << ", {maskPattern = " << getMaskPatternAttr()
          << "} : " << src.getType() << ") outs(" << getOuts() << " : ";
  llvm::interleaveComma(getOuts().getTypes(), printer);
  printer << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"maskPattern", "operandSegmentSizes"});
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

namespace {
/// A tile operand with the name messages give it.
struct NamedTile {
  StringRef name;
  TileLikeType type;
};
} // namespace

static int64_t elementBytes(TileLikeType type) {
  return (type.getElementBitWidth() + 7) / 8;
}

/// A valid extent, or the tile's extent when it is dynamic (the most it
/// can be).
static int64_t mostValid(TileLikeType type, unsigned dim) {
  int64_t valid = type.getValidShape()[dim];
  return ShapedType::isDynamic(valid) ? type.getShape()[dim] : valid;
}

/// tgather_c1: the form, by the operands given (PTOAS PTO.cpp:4820-4835;
/// pto-isa pto_instr.hpp:1207-1213 and :1253-1260 give the index form a tmp
/// and the mask form none).
static LogicalResult verifyGatherForm(TGatherOp op) {
  Value src1 = op.getSrc1(), tmp = op.getTmp();
  bool tileSrc1 = src1 && isa<TileLikeType>(src1.getType());
  bool compare = op.isCompareForm();
  bool ok = op.isMaskForm() ? !src1 && !tmp && !compare
            : compare       ? src1 && !tileSrc1 && tmp
                            : tileSrc1 && tmp;
  // tgather_c1
  if (!ok)
    return op.emitOpError()
           << "takes 'ins' [src, indices, tmp] (index form), [src] with a "
              "maskPattern (mask form) or [src, kValue, tmp] with "
              "destinations [dst, cdst] (compare form) (tgather_c1)";
  // tgather_c1
  if (!compare && (op.getCmpModeAttr() || op.getOffsetAttr()))
    return op.emitOpError() << "takes cmpMode and offset only in the compare "
                               "form (tgather_c1)";
  return verifyTileOpForm(op, compare ? 2 : 1);
}

/// tgather_c3 .. tgather_c9.
static LogicalResult verifyIndexForm(TGatherOp op, TileLikeType src,
                                     TileLikeType dst, TileLikeType indices,
                                     TileLikeType tmp,
                                     std::optional<TargetArch> target) {
  Operation *operation = op.getOperation();
  // tgather_c3
  if (failed(checkElementTypeIn(operation, "dst", dst.getElementType(),
                                allowedOn(kIndexDataA2A3, kIndexDataA5, target),
                                target)))
    return failure();
  // tgather_c4 (a2a3/TGather.hpp:24-26, a5/TGather.hpp:32-34)
  if (failed(checkSameElementType(operation, "src", src, "dst", dst)))
    return failure();
  // tgather_c5
  if (failed(checkElementTypeIn(operation, "indices", indices.getElementType(),
                                allowedOn(kIndicesA2A3, kIndicesA5, target),
                                target)))
    return failure();
  // tgather_c6 (a5/TGather.hpp:29-31)
  if (elementBytes(dst) == 8 && elementBytes(indices) != 4)
    return op.emitOpError()
           << "gathers 8-byte elements with 32-bit indices "
              "only, got indices of "
           << typeToString(indices.getElementType()) << " (tgather_c6)";
  if (target != TargetArch::A5) {
    // tgather_c7 (a2a3/TGather.hpp:27-29; A5 ignores tmp, TGATHER.md)
    if (failed(checkSameElementType(operation, "tmp", tmp, "indices", indices)))
      return failure();
    // tgather_c8 (a2a3/TGather.hpp:96-97)
    if (failed(checkSameValidShape(operation, "tmp", tmp, "indices", indices)))
      return failure();
  }
  // tgather_c9: dst[r, c] reads indices[r, c] (cpu/TGather.hpp:98-101,
  // a2a3/TGather.hpp:63, a5 alike) over dst's valid region.
  for (unsigned dim = 0; dim < 2; ++dim)
    if (mostValid(dst, dim) > mostValid(indices, dim))
      return op.emitOpError()
             << "indices valid shape " << formatShape(indices.getValidShape())
             << " does not cover dst valid shape "
             << formatShape(dst.getValidShape())
             << " (tgather_c9: dst[r, c] reads indices[r, c])";
  return success();
}

/// tgather_c10 .. tgather_c14.
static LogicalResult verifyMaskForm(TGatherOp op, TileLikeType src,
                                    TileLikeType dst,
                                    std::optional<TargetArch> target) {
  Operation *operation = op.getOperation();
  SmallVector<EK> allowed = allowedOn(kMaskA2A3, kMaskA5, target);
  for (NamedTile tile : {NamedTile{"src", src}, NamedTile{"dst", dst}}) {
    // tgather_c10
    if (failed(checkElementTypeIn(operation, tile.name,
                                  tile.type.getElementType(), allowed, target)))
      return failure();
    // tgather_c12 (a2a3/TGather.hpp:147, a5/TGather.hpp:329)
    if (failed(checkRowMajor(operation, tile.name, tile.type)))
      return failure();
  }
  // tgather_c11 (a2a3/TGather.hpp:148-149, a5/TGather.hpp:326): dst takes
  // src's bits (cpu/TGather.hpp:137).
  if (dst.getElementBitWidth() != src.getElementBitWidth())
    return op.emitOpError()
           << "dst element type " << typeToString(dst.getElementType())
           << " is not as wide as src element type "
           << typeToString(src.getElementType()) << " (tgather_c11)";
  // tgather_c13 (a2a3/TGather.hpp:151, cpu/TGather.hpp:170)
  int64_t dstValidCols = dst.getValidCols();
  if (dstValidCols != dst.getCols())
    return op.emitOpError()
           << "dst valid cols "
           << (ShapedType::isDynamic(dstValidCols)
                   ? std::string("?")
                   : std::to_string(dstValidCols))
           << " must equal its " << dst.getCols()
           << " cols: the mask form writes dst as one run (tgather_c13)";
  // tgather_c14: the kept elements, row after row, one after another from
  // dst's first (cpu/TGather.hpp:131-139), fit in dst.
  int64_t kept = mostValid(src, 0) *
                 countMaskSelected(*op.getMaskPattern(), mostValid(src, 1));
  if (kept > dst.getRows() * dst.getCols())
    return op.emitOpError()
           << "keeps up to " << kept << " elements of src, more than the "
           << dst.getRows() * dst.getCols() << " of dst (tgather_c14)";
  return success();
}

/// tgather_c15 .. tgather_c18, PTOAS's (PTO.cpp:4768-4791).
static LogicalResult verifyCompareForm(TGatherOp op, TileLikeType src,
                                       TileLikeType dst, TileLikeType cdst,
                                       std::optional<TargetArch> target) {
  Operation *operation = op.getOperation();
  // tgather_c15 (PTO.cpp:4768-4771)
  if (!dst.getElementType().isSignlessInteger(32))
    return op.emitOpError()
           << "dst element type " << typeToString(dst.getElementType())
           << " must be i32 (tgather_c15)";
  if (failed(checkSameElementType(operation, "cdst", cdst, "dst", dst)))
    return failure();
  // tgather_c16 (PTO.cpp:4772-4773)
  Type kValue = op.getSrc1().getType();
  if (kValue != src.getElementType())
    return op.emitOpError()
           << "kValue type " << typeToString(kValue)
           << " differs from src element type "
           << typeToString(src.getElementType()) << " (tgather_c16)";
  // tgather_c17 (PTO.cpp:4775-4778)
  CmpMode mode = op.getCmpMode().value_or(CmpMode::EQ);
  if (mode != CmpMode::EQ && mode != CmpMode::GT)
    return op.emitOpError() << "cmpMode " << stringifyCmpMode(mode)
                            << " is not supported: the compare form takes eq "
                               "or gt (tgather_c17)";
  // tgather_c18
  if (failed(checkElementTypeIn(operation, "src", src.getElementType(),
                                allowedOn(kCompareA2A3, kCompareA5, target),
                                target)))
    return failure();
  if (target == TargetArch::A2A3 && mode != CmpMode::EQ &&
      src.getElementType().isSignlessInteger(32))
    return op.emitOpError() << "src element type i32 takes cmpMode eq only "
                               "on a2a3 (tgather_c18)";
  return success();
}

LogicalResult TGatherOp::verify() {
  if (failed(verifyGatherForm(*this)))
    return failure();
  std::optional<TargetArch> target = lookupTargetArch(getOperation());
  auto src = cast<TileLikeType>(getSrc().getType());
  TileLikeType dst = getDstType(*this, 0);
  SmallVector<NamedTile, 5> tiles{{"src", src}, {"dst", dst}};
  if (Value indices = getIndices())
    tiles.push_back({"indices", cast<TileLikeType>(indices.getType())});
  if (Value tmp = getTmp())
    tiles.push_back({"tmp", cast<TileLikeType>(tmp.getType())});
  if (isCompareForm())
    tiles.push_back({"cdst", getDstType(*this, 1)});
  // tgather_c2: every tile in the vector buffer (a2a3/TGather.hpp:38-41
  // and :145-146 address UB; a5/TGather.hpp:327-328; PTOAS PTO.cpp:4793).
  for (const NamedTile &tile : tiles)
    if (failed(checkLocation(getOperation(), tile.name, tile.type,
                             TileLocation::Vec)))
      return failure();
  if (isMaskForm())
    return verifyMaskForm(*this, src, dst, target);
  if (isCompareForm())
    return verifyCompareForm(*this, src, dst, getDstType(*this, 1), target);
  return verifyIndexForm(*this, src, dst,
                         cast<TileLikeType>(getIndices().getType()),
                         cast<TileLikeType>(getTmp().getType()), target);
}
