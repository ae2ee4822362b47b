//===- PtoasExportForm.cpp - how PTOAS spells a placed Level 2 kernel -----===//
#include "PtoasExportForm.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoTarget.h"
#include "pto/PtoTileOpSupport.h"
#include "pto/PtoasExport.h"
#include "pto/PtoasOpNames.h"
#include "pto/PtoasSpelling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::pto;

static std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

static void spellExtent(llvm::raw_ostream &os, int64_t extent) {
  if (extent == ShapedType::kDynamic)
    os << "?";
  else
    os << extent;
}

static std::string spellView(StringRef mnemonic, ArrayRef<int64_t> shape,
                             Type element) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "!pto." << mnemonic << "<";
  for (int64_t extent : shape) {
    spellExtent(os, extent);
    os << "x";
  }
  os << printed(getPtoasElementType(element)) << ">";
  return text;
}

int64_t ptoas::spelledValidExtent(TileBufType type, unsigned dim) {
  int64_t extent = type.getValidShape()[dim];
  return extent == 0 ? ShapedType::kDynamic : extent;
}

FailureOr<std::string> ptoas::spellType(Type type, Operation *user) {
  if (isa<TileType>(type))
    return user->emitError()
           << type
           << " has no PTOAS form: PTOAS has no Level 1 tiles; convert the "
              "kernel to Level 2 with pto-to-dps first";
  // Global memory types: spelled as ours, with PTOAS's element spelling
  // (ptoas reads f8E4M3FN as another type). Written out, since our types
  // do not take PTOAS's element types.
  if (auto ptr = dyn_cast<PtrType>(type))
    return "!pto.ptr<" + printed(getPtoasElementType(ptr.getElementType())) +
           ">";
  if (auto view = dyn_cast<TensorViewType>(type))
    return spellView("tensor_view", view.getShape(), view.getElementType());
  if (auto view = dyn_cast<PartitionTensorViewType>(type))
    return spellView("partition_tensor_view", view.getShape(),
                     view.getElementType());
  auto buf = dyn_cast<TileBufType>(type);
  if (!buf)
    return printed(type);
  // PTOAS's location, blayout and slayout keywords are ours, its pad codes
  // our PadValue integers (PTOTypeDefs.cpp, TileBufType::parse).
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "!pto.tile_buf<loc=" << stringifyTileLocation(buf.getLocation())
     << ", dtype=" << printed(getPtoasElementType(buf.getElementType()))
     << ", rows=" << buf.getShape()[0] << ", cols=" << buf.getShape()[1]
     << ", v_row=";
  spellExtent(os, ptoas::spelledValidExtent(buf, 0));
  os << ", v_col=";
  spellExtent(os, ptoas::spelledValidExtent(buf, 1));
  os << ", blayout=" << stringifyBLayout(buf.getBLayout())
     << ", slayout=" << stringifySLayout(buf.getSLayout())
     << ", fractal=" << buf.getFractal()
     << ", pad=" << static_cast<uint32_t>(buf.getPad()) << ">";
  return text;
}

static StringRef opName(Operation *op) { return op->getName().getStringRef(); }

/// The start of every refusal of an op for its element type, "'pto.x' of T
/// has no PTOAS form[ on <where>]: ", which the caller ends with the reason.
static InFlightDiagnostic refuseElement(Operation *op, Type element,
                                        StringRef where = "") {
  InFlightDiagnostic diagnostic = op->emitError();
  diagnostic << "'" << opName(op) << "' of " << element << " has no PTOAS form";
  if (!where.empty())
    diagnostic << " on " << where;
  diagnostic << ": ";
  return diagnostic;
}

/// PTOAS's tile ops take no attribute of ours: its parser would keep an
/// unknown one in the attribute dictionary and ignore it, so any is refused.
static LogicalResult checkNoAttributes(Operation *op) {
  for (NamedAttribute attr : op->getAttrDictionary()) {
    if (attr.getName() == ::mlir::OpTrait::AttrSizedOperandSegments<
                              void>::getOperandSegmentSizeAttr())
      continue;
    return op->emitError() << "'" << opName(op) << "' with '"
                           << attr.getName().getValue()
                           << "' has no PTOAS form: PTOAS's "
                           << op->getName().stripDialect()
                           << " has no such attribute and would ignore it";
  }
  return success();
}

/// PTOAS's A5 textract verifier takes destinations of 8-bit integers, fp8,
/// f16, bf16 and f32 only (PTOAS lib/PTO/IR/PTO.cpp:4010-4016, :4075: "expects
/// A5 textract element type to be an fp8/f16/bf16/f32 or int8 family type"),
/// where our textract_c14 also takes i32 and f4E2M1FN: those are refused for
/// the a5 target (also the exporter's default, kPtoasDefaultTarget).
static LogicalResult checkA5ExtractElement(TExtractOp op) {
  if (lookupTargetArch(op).value_or(kPtoasDefaultTarget) != TargetArch::A5)
    return success();
  Type element = cast<TileBufType>(op.getDst().getType()).getElementType();
  if (auto integer = dyn_cast<IntegerType>(element);
      integer && integer.getWidth() == 8)
    return success();
  if (auto real = dyn_cast<FloatType>(element);
      real &&
      (real.getWidth() == 8 || real.isF16() || real.isBF16() || real.isF32()))
    return success();
  return refuseElement(op, element, "a5")
         << "PTOAS's A5 textract takes 8-bit integers, fp8, f16, bf16 and f32 "
            "only";
}

static bool isA2A3(Operation *op) {
  return lookupTargetArch(op).value_or(kPtoasDefaultTarget) == TargetArch::A2A3;
}

/// PTOAS's A2/A3 tor, txor, tands, tors and txors take 8- and 16-bit
/// integers only (PTOAS lib/PTO/IR/PTO.cpp:6305-6314, "expects A2/A3 tor
/// src0, src1, and dst element type to be i8/i16"; :8839, :3035, :6369,
/// :8897), where ours follow pto-isa 3186c381, whose a2a3 TOR (and the
/// ops made of it) also takes 32-bit integers.
static LogicalResult checkA2A3BitwiseElement(Operation *op) {
  if (!isa<TOrOp, TXorOp, TAndSOp, TOrSOp, TXorSOp>(op) || !isA2A3(op))
    return success();
  Type element = getDstType(cast<TileOpInterface>(op), 0).getElementType();
  if (element.getIntOrFloatBitWidth() <= 16)
    return success();
  return refuseElement(op, element, "a2a3")
         << "PTOAS's A2/A3 " << op->getName().stripDialect()
         << " takes 8- and 16-bit integers only";
}

/// PTOAS's tmaxs and tmins take a float scalar only (PTOAS
/// lib/PTO/Transforms/PTOViewToMemref.cpp:2932, :2988, "ins/outs are not
/// memref yet" otherwise), and its texpands a scalar of the tile's own
/// element type (lib/PTO/IR/PTO.cpp:3911, "expects scalar type == dst
/// element type": ui16 for a ui16 tile), and so its tfmods (:7071), where
/// ours takes integers and a signless scalar (tile_scalar rule c2,
/// docs/ops/tile_scalar.md); its tlrelu an f32 slope (include/PTO/IR/
/// PTOOps.td:3834), ours one of the element type.
static LogicalResult checkTileScalarForm(Operation *op) {
  auto family = dyn_cast<FamilyOpInterface>(op);
  if (!family || family.getFamily() != OpFamily::TileScalar)
    return success();
  Type element = getDstType(cast<TileOpInterface>(op), 0).getElementType();
  ElementOp elementOp = family.getElementOp();
  if ((elementOp == ElementOp::Max || elementOp == ElementOp::Min) &&
      !isa<FloatType>(element))
    return refuseElement(op, element)
           << "PTOAS's tmaxs and tmins take a float scalar only";
  if (elementOp == ElementOp::LRelu && !element.isF32())
    return refuseElement(op, element)
           << "PTOAS's tlrelu takes an f32 slope (F32:$slope), ours one of the "
              "element type";
  if (elementOp == ElementOp::FMod && element.isUnsignedInteger())
    return refuseElement(op, element)
           << "PTOAS's tfmods takes a scalar of the tile's element type, ours "
              "a signless one";
  if (elementOp == ElementOp::Expands && element.isUnsignedInteger())
    return refuseElement(op, element)
           << "PTOAS's texpands takes a scalar of the tile's element type, "
              "ours a signless one";
  return success();
}

/// PTOAS's tprelu wants its four tiles of one shape ("expects
/// src0/src1/tmp/dst to have the same shape", PTOAS lib/PTO/IR/PTO.cpp:
/// 6610-6614), and on A3 all four apart, src0 and src1 too (:6629-6634),
/// where ours compares valid shapes only (tprelu_c4) and keeps dst and tmp
/// apart but lets one value be both sources (tprelu_c5: neither is
/// written).
static LogicalResult checkPreluForm(Operation *op) {
  auto prelu = dyn_cast<TPReluOp>(op);
  if (!prelu)
    return success();
  auto dst = getDstType(cast<TileOpInterface>(op), 0);
  for (auto [name, value] :
       {std::pair<StringRef, Value>{"src0", prelu.getSrc0()},
        {"src1", prelu.getSrc1()},
        {"tmp", prelu.getTmp()}})
    if (cast<TileLikeType>(value.getType()).getShape() != dst.getShape())
      return op->emitError()
             << "'" << opName(op) << "' with " << name << " of shape "
             << formatShape(cast<TileLikeType>(value.getType()).getShape())
             << " has no PTOAS form: PTOAS's tprelu wants src0, src1, tmp "
                "and dst of one shape, here dst's "
             << formatShape(dst.getShape());
  if (isA2A3(op) && prelu.getSrc0() == prelu.getSrc1())
    return op->emitError() << "'" << opName(op)
                           << "' of one value as src0 and src1 has no PTOAS "
                              "form on a2a3: PTOAS's A3 tprelu wants its "
                              "four tiles apart";
  return success();
}

/// PTOAS's tsel and tsels take no bf16 (PTOAS lib/PTO/IR/PTO.cpp:8280,
/// :8294, :8343, :8363: "i16/i32/f16/f32" on A2/A3, and i8 on A5), where
/// ours follow pto-isa 3186c381's headers (tsel_c1, tsels_c1), which do.
static LogicalResult checkSelectElement(Operation *op) {
  if (!isa<TSelOp, TSelSOp>(op))
    return success();
  Type element = getDstType(cast<TileOpInterface>(op), 0).getElementType();
  if (!element.isBF16())
    return success();
  return refuseElement(op, element)
         << "PTOAS's " << op->getName().stripDialect() << " takes no bf16";
}

/// PTOAS's tcmp takes a dst of 8-bit integers only, on A5 of src0's and
/// src1's shape (PTOAS lib/PTO/IR/PTO.cpp:3139, :3177-3183, "expects dst
/// element type to be i8", "expects src0, src1, and dst to have the same
/// shape"), where ours follows pto-isa's simulator (tcmp_c1: ui32 words on
/// A5; the shapes are free); its A5 tcmps takes i8, i16, i32, f16 and f32
/// (:3225-3228, `isInteger(n)` of either signedness), where A5's headers
/// take 64-bit integers and bf16 too (tcmps_c1).
static LogicalResult checkCompareForm(Operation *op) {
  if (auto cmp = dyn_cast<TCmpOp>(op)) {
    auto dst = cast<TileBufType>(cmp.getDst().getType());
    if (dst.getElementType().getIntOrFloatBitWidth() != 8)
      return refuseElement(op, dst.getElementType())
             << "PTOAS's tcmp takes a dst of 8-bit integers only";
    auto src0 = cast<TileBufType>(cmp.getSrc0().getType());
    auto src1 = cast<TileBufType>(cmp.getSrc1().getType());
    if (!isA2A3(op) && (src0.getShape() != dst.getShape() ||
                        src1.getShape() != dst.getShape()))
      return op->emitError()
             << "'" << opName(op) << "' of shapes "
             << formatShape(src0.getShape()) << ", "
             << formatShape(src1.getShape()) << " -> "
             << formatShape(dst.getShape())
             << " has no PTOAS form on a5: PTOAS's A5 tcmp takes src0, src1 "
                "and dst of one shape";
    return success();
  }
  auto cmps = dyn_cast<TCmpSOp>(op);
  if (!cmps || isA2A3(op))
    return success();
  Type element = cast<TileBufType>(cmps.getSrc().getType()).getElementType();
  if (element.getIntOrFloatBitWidth() <= 32 && !element.isBF16())
    return success();
  return refuseElement(op, element, "a5")
         << "PTOAS's A5 tcmps takes i8, i16, i32, f16 and f32 only";
}

/// PTOAS's tcmp and tcmps take cmpMode inside `ins(...)`, after the
/// operands (include/PTO/IR/PTOOps.td:2730-2735, :2772-2777), spelled as
/// ours prints it (`#pto<cmp lt>`, PTOAttrs.td:340-352).
static ptoas::Statement formCompare(CmpModeAttr mode,
                                    ptoas::Statement statement) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << " {cmpMode = " << mode << "}";
  statement.attributes = text;
  return statement;
}

/// PTOAS's trowmax and trowmin take i16, i32, f16 and f32 only (PTOAS
/// lib/PTO/IR/PTO.cpp:7964 and :8041, A5's, "expects element type to
/// be i16/i32/f16/f32"), where A5's take i8 and ui8 too
/// (include/pto/npu/a5/TRowReduce.hpp:365, :420; row_reduce rule c1).
static LogicalResult checkRowReduceForm(Operation *op) {
  auto family = dyn_cast<FamilyOpInterface>(op);
  if (!family || family.getFamily() != OpFamily::RowReduce)
    return success();
  Type element = getDstType(cast<TileOpInterface>(op), 0).getElementType();
  if (element.getIntOrFloatBitWidth() != 8)
    return success();
  return refuseElement(op, element)
         << "PTOAS's row reductions take i16, i32, f16 and f32 only";
}

/// PTOAS's A5 tcolsum, tcolmax and tcolmin take i8, i16, i32, f16, bf16
/// and f32 (PTOAS lib/PTO/IR/PTO.cpp:3410, :3477, :3665: "expects A5 tcolsum
/// element type to be i8/i16/i32/f16/bf16/f32"; `isInteger(n)` of any
/// signedness), where A5's headers take 64-bit integers too
/// (include/pto/npu/a5/TColReduceOps.hpp:31; col_reduce rule c1).
static LogicalResult checkColReduceForm(Operation *op) {
  auto family = dyn_cast<FamilyOpInterface>(op);
  if (!family || family.getFamily() != OpFamily::ColReduce)
    return success();
  Type element = getDstType(cast<TileOpInterface>(op), 0).getElementType();
  if (element.getIntOrFloatBitWidth() != 64)
    return success();
  return refuseElement(op, element)
         << "PTOAS's column reductions take no 64-bit integers";
}

/// PTOAS's arg reductions take fewer sources than pto-isa's: trowargmax
/// and trowargmin i16, i32, f16 and f32 (`isInteger(n)` of any signedness;
/// lib/PTO/IR/PTO.cpp:7984-7987, :8061), where A5's take bf16 too;
/// tcolargmax and tcolargmin f16 and f32 only, an ND src (:3424-3426,
/// :3438-3440, verifyNDStyleVecTile), where pto-isa's take integers and a
/// DN src (col_arg_reduce rules c1, c4); and all four a tmp of src's valid
/// shape (verifyTileBufSameValidShape, :3430, :7981), which no rule of
/// pto-isa's asks.
static LogicalResult checkArgReduceForm(Operation *op) {
  auto family = dyn_cast<FamilyOpInterface>(op);
  if (!family || !isArgReduceFamily(family.getFamily()))
    return success();
  auto tileOp = cast<TileOpInterface>(op);
  auto src = cast<TileLikeType>(tileOp.getIns()[0].getType());
  auto tmp = cast<TileLikeType>(tileOp.getIns()[1].getType());
  Type element = src.getElementType();
  bool isCol = family.getFamily() == OpFamily::ColArgReduce;
  if (isCol && !element.isF16() && !element.isF32())
    return refuseElement(op, element)
           << "PTOAS's column arg reductions take f16 and f32 only";
  if (element.isBF16())
    return refuseElement(op, element)
           << "PTOAS's row arg reductions take no bf16";
  if (isCol && getIsaLayout(src) != IsaLayout::ND)
    return op->emitError()
           << "'" << opName(op) << "' of a " << formatLayout(src)
           << " src has no PTOAS form: PTOAS's column arg reductions take an "
              "ND src";
  if (tmp.getValidShape() != src.getValidShape())
    return op->emitError() << "'" << opName(op) << "' with tmp valid "
                           << formatShape(tmp.getValidShape())
                           << " has no PTOAS form: PTOAS's "
                           << "arg reductions take a tmp of src's valid shape ("
                           << formatShape(src.getValidShape()) << ")";
  return success();
}

/// PTOAS's tcolsum takes `{isBinary = ...}` inside `ins(...)` after tmp
/// (its parser, lib/PTO/IR/PTO.cpp:3518-3545), as ours prints it.
static ptoas::Statement formTColSum(TColSumOp op, ptoas::Statement statement) {
  if (std::optional<bool> isBinary = op.getIsBinary())
    statement.attributes =
        *isBinary ? " {isBinary = true}" : " {isBinary = false}";
  return statement;
}

/// PTOAS's trowexpandadd takes src0 of dst's valid shape only (PTOAS
/// lib/PTO/IR/PTO.cpp:7697, "expects src0 and dst to have the same
/// valid_shape"), where ours, as pto-isa's pages and headers, also takes an
/// expanded src0 (row_expand rules c4, c5; the other row expands of PTOAS
/// take either).
static LogicalResult checkRowExpandForm(Operation *op) {
  auto family = dyn_cast<FamilyOpInterface>(op);
  if (!family || family.getFamily() != OpFamily::RowExpand ||
      family.getElementOp() != ElementOp::Add)
    return success();
  auto tileOp = cast<TileOpInterface>(op);
  auto src0 = cast<TileLikeType>(tileOp.getIns()[0].getType());
  TileLikeType dst = getDstType(tileOp, 0);
  if (src0.getValidShape() == dst.getValidShape())
    return success();
  return op->emitError() << "'" << opName(op)
                         << "' with src0 expanded has no PTOAS form: PTOAS's "
                            "trowexpandadd takes src0 of dst's valid shape";
}

/// PTOAS's A2/A3 tinsert (without quant) is the acc -> mat path from f32 to
/// f16 or bf16 only (PTOAS lib/PTO/IR/PTO.cpp:4183-4198, "expects A2/A3
/// tinsert src to use loc=acc and dst to use loc=mat", "... element types
/// to be src=f32, dst=f16/bf16"), where our tinsert also moves vec -> vec
/// and i32 accumulators (docs/ops/tinsert.md, from pto-isa's a2a3 TINSERT).
static LogicalResult checkA2A3Insert(TInsertOp op) {
  if (!isA2A3(op) || op.getQuant())
    return success();
  auto src = cast<TileBufType>(op.getSrc().getType());
  TileLikeType dst = getDstType(cast<TileOpInterface>(op.getOperation()), 0);
  if (src.getLocation() == TileLocation::Acc &&
      dst.getLocation() == TileLocation::Mat && src.getElementType().isF32() &&
      (dst.getElementType().isF16() || dst.getElementType().isBF16()))
    return success();
  return op->emitError() << "'" << opName(op) << "' from "
                         << stringifyTileLocation(src.getLocation()) << " "
                         << src.getElementType() << " to "
                         << stringifyTileLocation(dst.getLocation()) << " "
                         << dst.getElementType()
                         << " has no PTOAS form on a2a3: PTOAS's A2/A3 "
                            "tinsert moves acc f32 to mat f16 or bf16 only";
}

/// PTOAS's A2/A3 textract (without quant) moves mat to left or right only,
/// of 8-bit integers, f16, bf16 or f32 (PTOAS lib/PTO/IR/PTO.cpp:4007-4009,
/// :4037-4045, "expects A2/A3 textract element type to be i8/f16/bf16/f32",
/// "... src to use loc=mat"), where our textract also moves acc -> mat and
/// vec -> vec on a2a3 (docs/ops/textract.md, from pto-isa's a2a3 TEXTRACT).
static LogicalResult checkA2A3Extract(TExtractOp op) {
  if (!isA2A3(op) || op.getQuant())
    return success();
  auto src = cast<TileBufType>(op.getSrc().getType());
  TileLikeType dst = getDstType(cast<TileOpInterface>(op.getOperation()), 0);
  Type element = dst.getElementType();
  bool elementOk = element.isInteger(8) || element.isF16() ||
                   element.isBF16() || element.isF32();
  if (src.getLocation() == TileLocation::Mat &&
      (dst.getLocation() == TileLocation::Left ||
       dst.getLocation() == TileLocation::Right) &&
      elementOk)
    return success();
  return op->emitError() << "'" << opName(op) << "' from "
                         << stringifyTileLocation(src.getLocation()) << " "
                         << src.getElementType() << " to "
                         << stringifyTileLocation(dst.getLocation()) << " "
                         << element
                         << " has no PTOAS form on a2a3: PTOAS's A2/A3 "
                            "textract moves mat to left or right only, of "
                            "8-bit integers, f16, bf16 or f32";
}

/// TINSERT / TEXTRACT: `ins(src, row, col)`, or with a vector-quant fp tile
/// the `_fp` op, `ins(src, fp, row, col)`.
template <typename OpT>
static FailureOr<ptoas::Statement> formWindowCopy(OpT op) {
  ptoas::Statement statement;
  statement.name = op->getName().stripDialect().str();
  statement.outs.assign(op.getOuts().begin(), op.getOuts().end());
  Value src = op.getSrc(), row = op.getIndexRow(), col = op.getIndexCol();
  statement.ins = {src, row, col};
  statement.indexOperands = {1, 2};
  Value quant = op.getQuant();
  if (quant) {
    if (!isa<TileBufType>(quant.getType()))
      return op->emitError()
             << "'" << opName(op) << "' with a scalar quant operand of type "
             << quant.getType()
             << " has no PTOAS form: PTOAS versions disagree on it (only "
                "newer ones give tinsert/textract a scalar quant operand)";
    // The `_fp` op names: the table reading them uses (PtoasOpNames.h).
    const PtoasFpOpName *fpName =
        llvm::find_if(kPtoasFpOpNames, [&](const PtoasFpOpName &n) {
          return n.ours == op->getName().getStringRef();
        });
    statement.name = StringRef(fpName->ptoas).drop_front(strlen("pto.")).str();
    statement.ins = {src, quant, row, col};
    statement.indexOperands = {2, 3};
  }
  return statement;
}

/// PTOAS's tmrgsort (include/PTO/IR/PTOOps.td:4001, its parser
/// lib/PTO/IR/PTO.cpp:5883): the single-list form as ours; the lists form
/// with `{exhausted = ...}` after the ins and the executed counts, a
/// `vector<4xi16>`, after dst: ptoas passes them to TMRGSORT as a
/// MrgSortExecutedNumList (PTOToEmitC.cpp:7512), which it writes and our
/// op does not give back (docs/ops/tmrgsort.md), so a zero constant.
/// PTOAS's verifier (lib/PTO/IR/PTO.cpp:5992, :6026) asks src and dst of
/// the single-list form for one number of columns, and dst and tmp of the
/// lists form for one shape, where ours (and pto-isa's) do not.
static FailureOr<ptoas::Statement> formTMrgSort(TMrgSortOp op,
                                                ptoas::Statement statement) {
  auto dst = cast<TileBufType>(op.getDst().getType());
  if (op.isSingleList()) {
    auto src = cast<TileBufType>(op.getSrc0().getType());
    if (src.getShape()[1] != dst.getShape()[1])
      return op->emitError()
             << "'" << opName(op) << "' with src of " << src.getShape()[1]
             << " cols and dst of " << dst.getShape()[1]
             << " has no PTOAS form: PTOAS's tmrgsort takes src and dst of "
                "one number of columns";
    return statement;
  }
  auto tmp = cast<TileBufType>(op.getTmp().getType());
  if (tmp.getShape() != dst.getShape())
    return op->emitError()
           << "'" << opName(op) << "' with dst of " << dst.getShape()[1]
           << " cols and tmp of " << tmp.getShape()[1]
           << " has no PTOAS form: PTOAS's tmrgsort takes dst and tmp of one "
              "shape";
  statement.attributes =
      op.stopsWhenExhausted() ? " {exhausted = true}" : " {exhausted = false}";
  statement.constantOuts.push_back({"vector<4xi16>", "dense<0>"});
  return statement;
}

/// PTOAS's tgather (include/PTO/IR/PTOOps.td:3732): the index form as
/// ours; the mask form with its pattern inside `ins(...)` after a comma, as
/// PTOAS's parser reads it (lib/PTO/IR/PTO.cpp:477-497). The compare form
/// ptoas writes as a TGATHER whose kValue is a scalar, which pto-isa's
/// takes as a tile (include/pto/common/pto_instr.hpp:1215-1226): refused.
/// PTOAS's element types of tgather's index and mask forms
/// (lib/PTO/IR/PTO.cpp:775-793, :4637-4646, :4700-4722): f16, f32 and 16-
/// and 32-bit integers; on A5 also 8-bit integers (index form) or bf16 and
/// 8-bit floats (mask form; A2/A3 takes any 2- or 4-byte type there, as
/// ours). pto-isa's A5 code also gathers 8-byte and other 8-bit elements.
static LogicalResult checkPtoasGatherElement(TGatherOp op, Type element) {
  bool a5 =
      lookupTargetArch(op).value_or(kPtoasDefaultTarget) == TargetArch::A5;
  unsigned width = element.getIntOrFloatBitWidth();
  bool integer = isa<IntegerType>(element);
  bool ok = element.isF16() || element.isF32() ||
            (integer && (width == 16 || width == 32));
  if (op.isMaskForm())
    ok |= !a5 || element.isBF16() || (!integer && width == 8);
  else
    ok |= a5 && integer && width == 8;
  if (ok)
    return success();
  StringRef takes = !a5 ? "f16, f32 and 16- or 32-bit integers"
                    : op.isMaskForm()
                        ? "f16, bf16, f32, 8-bit floats and 16- or 32-bit "
                          "integers"
                        : "f16, f32 and 8-, 16- or 32-bit integers";
  return op->emitError() << "'" << opName(op) << "' ("
                         << (op.isMaskForm() ? "mask" : "index") << " form) of "
                         << typeToString(element) << " has no PTOAS form on "
                         << (a5 ? "a5" : "a2a3") << ": PTOAS's takes " << takes;
}

static FailureOr<ptoas::Statement> formTGather(TGatherOp op,
                                               ptoas::Statement statement) {
  if (op.isCompareForm())
    return op->emitError()
           << "'" << opName(op)
           << "' in the compare form has no PTOAS form pto-mlir writes: "
              "ptoas passes its scalar kValue to a TGATHER that takes a tile";
  for (Value tile : {Value(op.getSrc()), Value(op.getDst())})
    if (failed(checkPtoasGatherElement(
            op, cast<TileBufType>(tile.getType()).getElementType())))
      return failure();
  // PTOAS's verifier asks the index form's dst and indices for all their
  // columns valid (PTO.cpp:4726-4739), where pto-isa's code does not.
  if (Value indices = op.getIndices()) {
    for (auto [name, value] : {std::pair<StringRef, Value>{"dst", op.getDst()},
                               {"indices", indices}}) {
      auto type = cast<TileBufType>(value.getType());
      if (type.getValidShape()[1] != type.getShape()[1])
        return op->emitError()
               << "'" << opName(op) << "' with " << name << " of "
               << type.getShape()[1] << " cols, "
               << formatShape(type.getValidShape())
               << " valid, has no PTOAS form: PTOAS's tgather takes dst and "
                  "indices with all their columns valid";
    }
  }
  if (MaskPatternAttr pattern = op.getMaskPatternAttr()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << ", {maskPattern = " << pattern << "}";
    statement.attributes = text;
  }
  return statement;
}

/// PTOAS's tcvt takes our modes, written as we print them
/// (`#pto<round_mode ROUND>`, PTOAS include/PTO/IR/PTOAttrs.td:357-383)
/// inside `ins(...)`. Without `sat_mode`, ptoas calls the TCVT without one,
/// whose simulator converts without saturation (include/pto/cpu/
/// TCvt.hpp:229), as ours does.
static FailureOr<ptoas::Statement> formTCvt(TCvtOp cvt,
                                            ptoas::Statement statement) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << " {rmode = " << cvt.getRmodeAttr();
  if (SaturationModeAttr sat = cvt.getSatModeAttr())
    os << ", sat_mode = " << sat;
  os << "}";
  statement.attributes = text;
  return statement;
}

/// PTOAS's tci and ttri take their attribute inside `ins(...)`, after the
/// scalar (include/PTO/IR/PTOOps.td:2669-2674, :2698-2703), as ours prints.
static ptoas::Statement formGenerate(Operation *op,
                                     ptoas::Statement statement) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto tci = dyn_cast<TCIOp>(op))
    os << " {descending = " << (tci.getDescending() ? "true" : "false") << "}";
  else
    os << " {upperOrLower = " << cast<TTriOp>(op).getUpperOrLower()
       << " : i32}";
  statement.attributes = text;
  return statement;
}

FailureOr<ptoas::Statement> ptoas::formStatement(Operation *op) {
  auto tileOp = cast<TileOpInterface>(op);
  if (isa<TInterleaveOp, TDeinterleaveOp, TSubReluOp>(op))
    return op->emitError() << "'" << opName(op)
                           << "' has no PTOAS form: PTOAS defines no "
                           << op->getName().stripDialect() << " op";
  if (!isa<TCvtOp, TMrgSortOp, TGatherOp, TCIOp, TTriOp, TColSumOp, TCmpOp,
           TCmpSOp>(op) &&
      failed(checkNoAttributes(op)))
    return failure();
  for (Type type : op->getOperandTypes())
    if (failed(spellType(type, op)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(spellType(type, op)))
      return failure();

  Statement statement;
  statement.name = op->getName().stripDialect().str();
  statement.ins.assign(tileOp.getIns().begin(), tileOp.getIns().end());
  statement.outs.assign(tileOp.getOuts().begin(), tileOp.getOuts().end());
  if (isa<TReshapeOp>(op)) {
    if (statement.outs.empty()) {
      statement.kind = Statement::Kind::View;
      return statement;
    }
    // The copy form (pto-ssa-to-dps writes it to move a value into a loop
    // carrier) copies src's whole storage. PTOAS's treshape is only a view;
    // its TMOV copies the valid region, which is the whole storage when
    // both tiles are one fully valid vec type.
    auto src = cast<TileBufType>(statement.ins[0].getType());
    if (src != statement.outs[0].getType() ||
        src.getLocation() != TileLocation::Vec ||
        src.getValidShape() != src.getShape())
      return op->emitError()
             << "'" << opName(op)
             << "' in the copy form (ins/outs) has no PTOAS form unless src "
                "and dst are one fully valid vec type (then it is PTOAS's "
                "tmov): PTOAS's treshape is a view, '%d = pto.treshape %s : "
                "A -> B'";
    statement.name = "tmov";
    return statement;
  }
  if (auto sort = dyn_cast<TSort32Op>(op); sort && sort.isPageForm())
    return op->emitError()
           << "'" << opName(op)
           << "' in the page form (outs dst, idx) has no PTOAS form: PTOAS's "
              "tsort32 reads idx and writes one destination of records, "
              "'ins(src, idx[, tmp]) outs(dst)'";
  if (failed(checkA2A3BitwiseElement(op)))
    return failure();
  if (failed(checkTileScalarForm(op)))
    return failure();
  if (failed(checkRowReduceForm(op)) || failed(checkSelectElement(op)))
    return failure();
  if (failed(checkRowExpandForm(op)))
    return failure();
  if (failed(checkColReduceForm(op)) || failed(checkArgReduceForm(op)))
    return failure();
  if (failed(checkCompareForm(op)) || failed(checkPreluForm(op)))
    return failure();
  if (auto cmp = dyn_cast<TCmpOp>(op))
    return formCompare(cmp.getCmpModeAttr(), std::move(statement));
  if (auto cmps = dyn_cast<TCmpSOp>(op))
    return formCompare(cmps.getCmpModeAttr(), std::move(statement));
  if (auto colSum = dyn_cast<TColSumOp>(op))
    return formTColSum(colSum, std::move(statement));
  if (auto cvt = dyn_cast<TCvtOp>(op))
    return formTCvt(cvt, std::move(statement));
  if (isa<TCIOp, TTriOp>(op))
    return formGenerate(op, std::move(statement));
  if (auto merge = dyn_cast<TMrgSortOp>(op))
    return formTMrgSort(merge, std::move(statement));
  if (auto gather = dyn_cast<TGatherOp>(op))
    return formTGather(gather, std::move(statement));
  if (auto insert = dyn_cast<TInsertOp>(op)) {
    if (failed(checkA2A3Insert(insert)))
      return failure();
    return formWindowCopy(insert);
  }
  if (auto extract = dyn_cast<TExtractOp>(op)) {
    if (failed(checkA5ExtractElement(extract)) ||
        failed(checkA2A3Extract(extract)))
      return failure();
    return formWindowCopy(extract);
  }
  return statement;
}

/// ptoas writes a global tensor as `GlobalTensor<T, ...>` with T from
/// f16, bf16, f32, f64 and the integer types, and `float` for any other
/// element type (PTOAS lib/PTO/Transforms/PTOToEmitC.cpp:2738-2765): the C++
/// of an fp8 tensor then does not compile (its pointer is no float*).
LogicalResult ptoas::checkTensorElement(MakeTensorViewOp view) {
  Type element = cast<PtrType>(view.getPtr().getType()).getElementType();
  if (isa<IntegerType>(element) || element.isF16() || element.isBF16() ||
      element.isF32() || element.isF64())
    return success();
  return refuseElement(view, element)
         << "ptoas writes a global tensor of it as GlobalTensor<float>, whose "
            "C++ does not compile; PTOAS's global tensors hold integers, "
            "f16, bf16 and f32";
}

namespace {
/// The layout ptoas infers for a tensor view of constant shape and strides.
struct InferredLayout {
  GlobalLayout layout;
  /// Both ND and DN fit (a row or column vector): ptoas then accepts either.
  bool ambiguous;
};
} // namespace

/// What ptoas's InferPTOLayout gives a tensor view whose shape and strides
/// are constants (PTOAS lib/PTO/Transforms/InferPTOLayout.cpp:376-409, the
/// values it reads; :152-200 inferLayout5D: right-aligned to five
/// dimensions, NZ for [.., 16, s4, s5] with 16 * s4 * bytes = 512 and
/// strides [.., s5, 1]; else :113-148, ND or DN from the last two
/// dimensions, ND when neither fits), or nothing when it infers none.
static std::optional<InferredLayout> ptoasInference(MakeTensorViewOp view) {
  auto type = cast<TensorViewType>(view.getType());
  size_t rank = type.getRank();
  Type element = type.getElementType();
  unsigned bytes =
      element.isIntOrFloat() ? element.getIntOrFloatBitWidth() / 8 : 0;
  if (rank == 0 || rank > kGlobalRank || bytes == 0)
    return std::nullopt;
  SmallVector<int64_t, kGlobalRank> shape(kGlobalRank, 1),
      strides(kGlobalRank, 1);
  size_t shift = kGlobalRank - rank;
  for (size_t i = 0; i < rank; ++i) {
    std::optional<int64_t> extent = getConstantIntValue(view.getShape()[i]);
    std::optional<int64_t> stride = getConstantIntValue(view.getStrides()[i]);
    if (!ShapedType::isDynamic(type.getShape()[i]))
      extent = type.getShape()[i];
    if (!extent || !stride)
      return std::nullopt;
    shape[shift + i] = *extent;
    strides[shift + i] = *stride;
  }
  for (size_t i = shift; i-- > 0;)
    strides[i] = shape[i + 1] * strides[i + 1];
  if (shape[2] == 16 && shape[2] * shape[3] * bytes == 512 && strides[4] == 1 &&
      strides[3] == shape[4])
    return InferredLayout{GlobalLayout::NZ, false};
  int64_t rows = shape[3], cols = shape[4];
  int64_t rowStride = strides[3], colStride = strides[4];
  bool nd = (cols == 1 || colStride == 1) &&
            (rows == 1 || (cols == 1 ? rowStride == 1 : rowStride == cols));
  bool dn = (rows == 1 || rowStride == 1) &&
            (cols == 1 || (rows == 1 ? colStride == 1 : colStride == rows));
  if (nd && dn)
    return InferredLayout{
        cols == 1 && rows != 1 ? GlobalLayout::DN : GlobalLayout::ND, true};
  return InferredLayout{dn ? GlobalLayout::DN : GlobalLayout::ND, false};
}

/// ptoas gives a tensor view without a layout the one it infers
/// (ptoasInference), where pto-mlir moves each window in its tile's layout
/// (getWindowLayout): a DN window of 3-D or more would be read as ND. So
/// the exporter always writes the layout it used; and since ptoas refuses
/// a written layout other than the one it infers (InferPTOLayout.cpp:244-252,
/// "layout mismatch", unless both ND and DN fit), such a view is refused.
FailureOr<GlobalLayout> ptoas::viewLayout(MakeTensorViewOp view) {
  std::optional<GlobalLayout> used = view.getViewLayout();
  if (!used) {
    bool conflict = false;
    for (Operation *user : view->getUsers()) {
      auto partition = dyn_cast<PartitionViewOp>(user);
      if (!partition)
        continue;
      for (Operation *mover : partition->getUsers()) {
        std::optional<TileLikeType> tile;
        if (auto load = dyn_cast<TLoadOp>(mover))
          tile = getDstType(cast<TileOpInterface>(load.getOperation()), 0);
        else if (auto store = dyn_cast<TStoreOp>(mover))
          tile = cast<TileLikeType>(store.getSrc().getType());
        if (!tile)
          continue;
        GlobalLayout layout = getWindowLayout(partition.getResult(), *tile);
        conflict |= used && *used != layout;
        used = layout;
      }
    }
    if (conflict)
      return view->emitError()
             << "'" << opName(view)
             << "' names no layout and its windows are moved both as ND (by "
                "row_major tiles) and as DN (by col_major tiles): ptoas takes "
                "one layout per tensor view; make one view with layout = nd "
                "and one with layout = dn";
  }
  GlobalLayout layout = used.value_or(GlobalLayout::ND);
  std::optional<InferredLayout> inferred = ptoasInference(view);
  if (!inferred || inferred->layout == layout ||
      (inferred->ambiguous && layout != GlobalLayout::NZ))
    return layout;
  return view->emitError()
         << "'" << opName(view) << "' has no PTOAS form: pto-mlir moves its "
         << "windows as " << stringifyGlobalLayout(layout).upper()
         << ", but ptoas infers "
         << stringifyGlobalLayout(inferred->layout).upper()
         << " from its constant shape and strides and refuses another layout "
            "(its layout inference reads DN only for row stride 1 and column "
            "stride = rows in the last two dimensions); pass the shape or "
            "the strides as arguments, or lay the tensor out so";
}

InFlightDiagnostic ptoas::emitUnplaced(AllocTileOp alloc) {
  return alloc->emitError()
         << "'" << opName(alloc)
         << "' is not placed: ptoas at level3 needs its address "
            "('alloc_tile addr = %a'); place the buffers with pto-plan-memory "
            "(pto-to-dps) or pto.tassign first, or export for level2";
}

InFlightDiagnostic ptoas::emitAssignOfNonAlloc(TAssignOp assign) {
  return assign->emitError()
         << "'" << opName(assign)
         << "' of a value not defined by pto.alloc_tile has no PTOAS form: "
            "PTOAS places a buffer only where it allocates it "
            "('alloc_tile addr = %a')";
}

InFlightDiagnostic ptoas::emitPlacedTwice(TAssignOp assign,
                                          uint64_t firstAddr) {
  return assign->emitError()
         << "'" << opName(assign) << "' places a buffer already placed at 0x"
         << llvm::utohexstr(firstAddr)
         << ": PTOAS gives each alloc_tile one address";
}

InFlightDiagnostic ptoas::emitForeignOp(Operation *op) {
  // At the op's location, without the op printed after the message: a
  // foreign op may be a whole nested module.
  return emitError(op->getLoc())
         << "'" << opName(op)
         << "' is not exported to PTOAS: the exporter writes func, arith, scf "
            "and pto ops";
}

InFlightDiagnostic ptoas::emitUnsignedIndex(Operation *user, Type type) {
  return user->emitError()
         << "a window index of type " << type
         << " has no PTOAS form: PTOAS takes index operands, and arith "
            "converts only signless integers to index";
}

// ptoas's function lowering (PTOToEmitC.cpp) gives a tile_buf parameter the
// type of a raw pointer to its memory; pto-isa's tile functions take Tile
// objects, so every call on it fails to compile, and ptoas's own TMOV
// pattern refuses it ("failed to legalize operation 'pto.tmov'").
static StringRef symbolName(Operation *func) {
  return cast<SymbolOpInterface>(func).getName();
}

InFlightDiagnostic ptoas::emitTileArgument(Operation *func, unsigned index) {
  return func->emitError()
         << "argument #" << index << " of @" << symbolName(func)
         << " is a tile buffer, which has no PTOAS form: ptoas makes a tile "
            "argument a raw pointer, which pto-isa's tile calls do not take; "
            "pass global memory (!pto.ptr) and pto.tload it into an "
            "alloc_tile";
}

InFlightDiagnostic ptoas::emitTileResult(Operation *func, unsigned index) {
  return func->emitError()
         << "result #" << index << " of @" << symbolName(func)
         << " is a tile buffer, which has no PTOAS form: PTOAS functions "
            "return no tiles; pto.tstore the tile to global memory";
}

// ptoas legalizes no function whose signature has a !pto.tensor_view or
// !pto.partition_tensor_view ("failed to legalize operation 'func.func'
// that was explicitly marked illegal", PTOAS a56b18c3): its functions take
// global memory as pointers and make the views inside.
InFlightDiagnostic ptoas::emitViewInSignature(Operation *func, StringRef what,
                                              unsigned index) {
  return func->emitError()
         << what << " #" << index << " of @" << symbolName(func)
         << " is a tensor view, which has no PTOAS form: ptoas's functions "
            "take global memory as !pto.ptr; make the view inside with "
            "pto.make_tensor_view";
}

InFlightDiagnostic ptoas::emitTileCarried(Operation *op) {
  return op->emitError()
         << "'" << opName(op)
         << "' carries a tile buffer, which has no PTOAS form: ptoas takes "
            "tiles only as operands of pto ops, not through calls, "
            "loop-carried values, selects or returns";
}

// ptoas lowers a function to an EmitC function, which returns at most one
// value (PTOToEmitC.cpp, FuncToEmitC: "EmitC cannot return multiple
// values"), and refuses an entry that returns one (PTO.cpp,
// validatePTOEntryFunctions: "PTO entry functions must return void").
InFlightDiagnostic ptoas::emitManyResults(Operation *func) {
  return func->emitError()
         << "@" << symbolName(func)
         << " returns more than one value, which has no PTOAS form: ptoas's "
            "C++ functions return at most one";
}

InFlightDiagnostic ptoas::emitEntryResult(Operation *func) {
  return func->emitError()
         << "@" << symbolName(func)
         << " is an entry (a public definition, or the module's only one) "
            "and returns a value, which has no PTOAS form: ptoas's kernels "
            "return nothing; store results to global memory";
}
