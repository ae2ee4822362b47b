//===- TileLowering.cpp - what the per-op host lowerings share ------------===//
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::pto;

MemRefType mlir::pto::getErrorSlotType(MLIRContext *context) {
  return MemRefType::get({kErrorSlotWords}, IntegerType::get(context, 64));
}

Type mlir::pto::getStorageElementType(Type elementType) {
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return IntegerType::get(intType.getContext(), intType.getWidth());
  return elementType;
}

SmallVector<Value, 2> LoweredTile::indices(OpBuilder &b, Location loc, Value r,
                                           Value c) const {
  if (!box)
    return {r, c};
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Box edges are powers of two: LLVM turns these into shifts and masks.
  Value boxRows = constant(box->boxRows), boxCols = constant(box->boxCols);
  auto term = [&](Value coordinate, Value edge, bool quotient, int64_t stride) {
    Value part =
        quotient ? arith::DivUIOp::create(b, loc, coordinate, edge).getResult()
                 : arith::RemUIOp::create(b, loc, coordinate, edge).getResult();
    return arith::MulIOp::create(b, loc, part, constant(stride)).getResult();
  };
  Value offset = term(r, boxRows, true, box->boxRowStride);
  for (Value next : {term(c, boxCols, true, box->boxColStride),
                     term(r, boxRows, false, box->inRowStride),
                     term(c, boxCols, false, box->inColStride)})
    offset = arith::AddIOp::create(b, loc, offset, next);
  return {offset};
}

Value LoweredTile::load(OpBuilder &b, Location loc, Value r, Value c) const {
  return memref::LoadOp::create(b, loc, view, indices(b, loc, r, c));
}

void LoweredTile::store(OpBuilder &b, Location loc, Value value, Value r,
                        Value c) const {
  memref::StoreOp::create(b, loc, value, view, indices(b, loc, r, c));
}

int64_t LoweredTile::contiguousColumns() const {
  if (box)
    return box->inColStride == 1 ? box->boxCols : 1;
  return type.isRowMajor() ? 0 : 1;
}

int64_t LoweredTile::runRowStride() const {
  if (!box || box->boxRowStride != box->boxRows * box->inRowStride)
    return 0;
  return box->inRowStride;
}

Value LoweredTile::runStart(OpBuilder &b, Location loc, Value r,
                            Value c) const {
  // A boxed tile's flat offset; for ND, the column in the row's 2-D view.
  return box ? indices(b, loc, r, c).front() : c;
}

static SmallVector<Value, 2> runIndices(OpBuilder &b, Location loc,
                                        const LoweredTile &tile, Value r,
                                        Value start, Value i) {
  Value at = arith::AddIOp::create(b, loc, start, i);
  if (tile.box)
    return {at};
  return {r, at};
}

Value LoweredTile::loadRun(OpBuilder &b, Location loc, Value r, Value start,
                           Value i) const {
  return memref::LoadOp::create(b, loc, view,
                                runIndices(b, loc, *this, r, start, i));
}

void LoweredTile::storeRun(OpBuilder &b, Location loc, Value value, Value r,
                           Value start, Value i) const {
  memref::StoreOp::create(b, loc, value, view,
                          runIndices(b, loc, *this, r, start, i));
}

Value LoweredTile::loadRunVector(OpBuilder &b, Location loc, VectorType type,
                                 Value r, Value start) const {
  return vector::LoadOp::create(b, loc, type, view,
                                box ? SmallVector<Value, 2>{start}
                                    : SmallVector<Value, 2>{r, start});
}

void LoweredTile::storeRunVector(OpBuilder &b, Location loc, Value vector,
                                 Value r, Value start) const {
  vector::StoreOp::create(b, loc, vector, view,
                          box ? SmallVector<Value, 2>{start}
                              : SmallVector<Value, 2>{r, start});
}

MemRefType mlir::pto::getBytesType(TileBufType type) {
  return MemRefType::get({(type.getStorageBits() + 7) / 8},
                         IntegerType::get(type.getContext(), 8));
}

void mlir::pto::zeroFill(OpBuilder &builder, Location loc, Value bytes) {
  // LLVM recognizes the loop as a memset.
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 8);
  Value lb = arith::ConstantIndexOp::create(builder, loc, 0);
  Value ub = arith::ConstantIndexOp::create(
      builder, loc, cast<MemRefType>(bytes.getType()).getDimSize(0));
  Value step = arith::ConstantIndexOp::create(builder, loc, 1);
  scf::ForOp::create(builder, loc, lb, ub, step, ValueRange(),
                     [&](OpBuilder &b, Location l, Value i, ValueRange) {
                       memref::StoreOp::create(b, l, zero, bytes, i);
                       scf::YieldOp::create(b, l);
                     });
}

LoweredTile TileLowering::view(Location loc, TileBufType type, Value bytes,
                               Value validRows, Value validCols) {
  int64_t rows = type.getRows(), cols = type.getCols();
  Type elementType = getStorageElementType(type.getElementType());
  Value flat = memref::ViewOp::create(
      builder, loc, MemRefType::get({rows * cols}, elementType), bytes,
      index(0), ValueRange{});
  StorageOrder order = getStorageOrder(type);
  if (order.isBoxed())
    return LoweredTile{type, bytes, flat, validRows, validCols, order};
  SmallVector<int64_t, 2> strides = type.isRowMajor()
                                        ? SmallVector<int64_t, 2>{cols, 1}
                                        : SmallVector<int64_t, 2>{1, rows};
  auto viewType =
      MemRefType::get({rows, cols}, elementType,
                      StridedLayoutAttr::get(builder.getContext(), 0, strides));
  Value typed = memref::ReinterpretCastOp::create(
      builder, loc, viewType, flat, /*offset=*/0, {rows, cols}, strides);
  return LoweredTile{type, bytes, typed, validRows, validCols, std::nullopt};
}

LoweredTile TileLowering::define(Location loc, Value tile, TileBufType type,
                                 Value bytes, ValueRange dynamicExtents) {
  SmallVector<Value, 2> extents;
  auto dynamic = dynamicExtents.begin();
  for (int64_t extent : type.getValidShape())
    extents.push_back(ShapedType::isDynamic(extent) ? *dynamic++
                                                    : index(extent));
  LoweredTile lowered = view(loc, type, bytes, extents[0], extents[1]);
  tiles[tile] = lowered;
  return lowered;
}

LoweredTile TileLowering::source(Operation *op, Value src) {
  if (!llvm::is_contained(cast<TileOpInterface>(op).getOuts(), src))
    return lookup(src);
  return snapshot(op, src);
}

LoweredTile TileLowering::snapshot(Operation *op, Value src) {
  const LoweredTile &tile = lookup(src);
  auto [it, isNew] = snapshots.try_emplace(src);
  if (isNew) {
    Location loc = op->getLoc();
    Value copy = scratchBytes(loc, tile.type);
    memref::CopyOp::create(builder, loc, tile.bytes, copy);
    it->second = view(loc, tile.type, copy, tile.validRows, tile.validCols);
  }
  return it->second;
}

Value TileLowering::scratchBytes(Location loc, TileBufType type) {
  Value bytes = memref::AllocOp::create(builder, loc, getBytesType(type),
                                        builder.getI64IntegerAttr(64));
  scratch.push_back(bytes);
  return bytes;
}

void TileLowering::releaseScratch(Location loc) {
  for (Value bytes : scratch)
    memref::DeallocOp::create(builder, loc, bytes);
  scratch.clear();
  snapshots.clear();
}

Value TileLowering::signlessScalar(Location loc, Value operand) {
  Value value = scalar(operand);
  auto type = dyn_cast<IntegerType>(value.getType());
  if (!type || type.isSignless())
    return value;
  // func-to-llvm turns the ui64 argument into an i64 one and this cast into
  // a pair that reconcile-unrealized-casts removes.
  return UnrealizedConversionCastOp::create(
             builder, loc, IntegerType::get(type.getContext(), type.getWidth()),
             value)
      .getResult(0);
}

static std::optional<int64_t> constantIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
    return c.value();
  return std::nullopt;
}

Value TileLowering::index(int64_t value) {
  Value &constant = indexConstants[value];
  if (!constant) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(entry);
    constant = arith::ConstantIndexOp::create(
        builder, entry->getParent()->getLoc(), value);
  }
  return constant;
}

std::pair<Value, Value> TileLowering::rowBounds(Location loc, Value rows) {
  if (!rowRange)
    return {index(0), rows};
  // The range covers the operand's static rows; its valid rows may be fewer.
  auto clamp = [&](Value row) -> Value {
    return arith::MinUIOp::create(builder, loc, row, rows);
  };
  return {clamp(rowRange->first), clamp(rowRange->second)};
}

Value TileLowering::equal(Location loc, Value a, Value b) {
  auto ca = constantIndex(a), cb = constantIndex(b);
  if (a == b || (ca && cb && *ca == *cb))
    return {};
  // The same pair is compared once (e.g. `tor ins(%a, %a)`).
  Value &cmp = equalities[{a, b}];
  if (!cmp || cmp.getParentBlock() != builder.getInsertionBlock())
    cmp = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, a, b);
  return cmp;
}

Value TileLowering::isEven(Location loc, Value value) {
  if (constantIndex(value))
    return {};
  Value low = arith::AndIOp::create(builder, loc, value, index(1));
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, low,
                               index(0));
}

Value TileLowering::allOf(Location loc, ArrayRef<Value> conds) {
  Value result;
  llvm::SmallPtrSet<void *, 8> seen;
  for (Value cond : conds) {
    if (!cond || matchPattern(cond, m_One()) ||
        !seen.insert(cond.getAsOpaquePointer()).second)
      continue;
    result = result
                 ? arith::AndIOp::create(builder, loc, result, cond).getResult()
                 : cond;
  }
  return result;
}

void TileLowering::guarded(Operation *op, Value cond, const Failure &failure,
                           function_ref<void()> body) {
  if (!cond)
    return body();
  assert(failure.text.size() ==
             getRunTimeFailureInfo(failure.kind).textFields.size() &&
         failure.values.size() ==
             getRunTimeFailureInfo(failure.kind).valueFields.size() &&
         "a failure has the fields of its kind");
  FailureSite site{failure.kind, failure.text, {}};
  for (const FailureValue &value : failure.values)
    site.unsignedValues.push_back(value.isUnsigned);
  checks.push_back(std::move(site));
  int64_t offset = checks.size();
  Location loc = op->getLoc();

  OpBuilder::InsertionGuard guard(builder);
  auto ifOp = scf::IfOp::create(builder, loc, cond, /*withElseRegion=*/true);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body();
  // First failure wins: report only into an empty slot.
  builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  Type i64 = builder.getI64Type();
  Value current = memref::LoadOp::create(builder, loc, errorSlot, index(0));
  Value isFirst =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, current,
                            arith::ConstantIntOp::create(builder, loc, 0, 64));
  auto report = scf::IfOp::create(builder, loc, isFirst);
  builder.setInsertionPoint(report.thenBlock()->getTerminator());
  Value code = arith::ExtUIOp::create(
      builder, loc, i64,
      arith::AddIOp::create(
          builder, loc, codeBase,
          arith::ConstantIntOp::create(builder, loc, offset, 32)));
  memref::StoreOp::create(builder, loc, code, errorSlot, index(0));
  for (auto [i, reported] : llvm::enumerate(failure.values)) {
    Value value = reported.value;
    if (value.getType().isIndex())
      value = arith::IndexCastOp::create(builder, loc, i64, value);
    else if (value.getType().getIntOrFloatBitWidth() < 64)
      value =
          reported.isUnsigned
              ? arith::ExtUIOp::create(builder, loc, i64, value).getResult()
              : arith::ExtSIOp::create(builder, loc, i64, value).getResult();
    memref::StoreOp::create(builder, loc, value, errorSlot, index(i + 1));
  }
}

void TileLowering::guardedEveryElement(
    Operation *op, const LoweredTile &tile, Failure failure,
    function_ref<Value(OpBuilder &, Location, Value element)> fails,
    function_ref<void()> body) {
  OpBuilder &b = builder;
  Location loc = op->getLoc();
  Value none = index(-1), zero = index(0), one = index(1);
  // (row, col) of the first failing element, (-1, -1) while there is none.
  auto rows = scf::ForOp::create(
      b, loc, zero, tile.validRows, one, ValueRange{none, none},
      [&](OpBuilder &rb, Location l, Value r, ValueRange found) {
        auto cols = scf::ForOp::create(
            rb, l, zero, tile.validCols, one, found,
            [&](OpBuilder &cb, Location cl, Value c, ValueRange first) {
              Value failing = fails(cb, cl, tile.load(cb, cl, r, c));
              Value unset = arith::CmpIOp::create(
                  cb, cl, arith::CmpIPredicate::slt, first[0], zero);
              Value take = arith::AndIOp::create(cb, cl, failing, unset);
              scf::YieldOp::create(
                  cb, cl,
                  ValueRange{
                      arith::SelectOp::create(cb, cl, take, r, first[0]),
                      arith::SelectOp::create(cb, cl, take, c, first[1])});
            });
        scf::YieldOp::create(rb, l, cols.getResults());
      });
  Value row = rows.getResult(0), col = rows.getResult(1);
  Value clear =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, zero);
  failure.values = {row, col};
  guarded(op, clear, failure, body);
}

void TileLowering::guardedSameValidShapes(Operation *op,
                                          ArrayRef<StringRef> names,
                                          ArrayRef<const LoweredTile *> tiles,
                                          function_ref<void()> body) {
  if (tiles.size() < 2)
    return body();
  const LoweredTile &ref = *tiles[0], &tile = *tiles[1];
  Location loc = op->getLoc();
  Value same = allOf(loc, {equal(loc, tile.validRows, ref.validRows),
                           equal(loc, tile.validCols, ref.validCols)});
  guarded(
      op, same,
      Failure{RunTimeFailure::ValidShapeMismatch,
              {names[1].str(), names[0].str()},
              {tile.validRows, tile.validCols, ref.validRows, ref.validCols}},
      [&] {
        SmallVector<StringRef> restNames{names[0]};
        SmallVector<const LoweredTile *> rest{tiles[0]};
        llvm::append_range(restNames, names.drop_front(2));
        llvm::append_range(rest, tiles.drop_front(2));
        guardedSameValidShapes(op, restNames, rest, body);
      });
}

void mlir::pto::buildRegionLoops(TileLowering &lowering, Location loc,
                                 Value rows, Value cols,
                                 function_ref<void(Value r, Value c)> body) {
  OpBuilder &builder = lowering.getBuilder();
  OpBuilder::InsertionGuard guard(builder);
  Value zero = lowering.index(0), one = lowering.index(1);
  auto [rowBegin, rowEnd] = lowering.rowBounds(loc, rows);
  auto rowLoop = scf::ForOp::create(builder, loc, rowBegin, rowEnd, one);
  builder.setInsertionPoint(rowLoop.getBody()->getTerminator());
  auto colLoop = scf::ForOp::create(builder, loc, zero, cols, one);
  builder.setInsertionPoint(colLoop.getBody()->getTerminator());
  body(rowLoop.getInductionVar(), colLoop.getInductionVar());
}

DictionaryAttr mlir::pto::describeOpFailure(Operation *op,
                                            const FailureSite &site) {
  std::string where;
  llvm::raw_string_ostream os(where);
  os << "'" << getFailingOpName(op) << "' op at "
     << describeFailureLocation(op->getLoc());

  Builder b(op->getContext());
  const RunTimeFailureInfo &info = getRunTimeFailureInfo(site.kind);
  SmallVector<NamedAttribute> text;
  for (auto [field, value] : llvm::zip_equal(info.textFields, site.text))
    text.push_back(b.getNamedAttr(field, b.getStringAttr(value)));
  SmallVector<Attribute> unsignedFields;
  for (auto [field, isUnsigned] :
       llvm::zip_equal(info.valueFields, site.unsignedValues))
    if (isUnsigned)
      unsignedFields.push_back(b.getStringAttr(field));
  return b.getDictionaryAttr(
      {b.getNamedAttr("kind", b.getStringAttr(info.name)),
       b.getNamedAttr("op", b.getStringAttr(where)),
       b.getNamedAttr("text", b.getDictionaryAttr(text)),
       b.getNamedAttr("unsigned", b.getArrayAttr(unsignedFields))});
}

/// The pad value of `type` as a constant of its storage type
/// (docs/semantics.md#tload; runtime/globals.py pad_value).
Value mlir::pto::padValue(OpBuilder &b, Location loc, TileBufType type) {
  Type element = type.getElementType();
  Type storage = getStorageElementType(element);
  PadValue pad = type.getPad();
  bool max = pad == PadValue::Max;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    APFloat value = APFloat::getZero(semantics);
    if (pad == PadValue::Max || pad == PadValue::Min)
      value = llvm::APFloat::semanticsHasInf(semantics)
                  ? APFloat::getInf(semantics, /*Negative=*/!max)
                  : APFloat::getLargest(semantics, /*Negative=*/!max);
    return arith::ConstantOp::create(b, loc, FloatAttr::get(storage, value));
  }
  auto integer = cast<IntegerType>(element);
  unsigned width = integer.getWidth();
  APInt value = APInt::getZero(width);
  if (pad == PadValue::Max || pad == PadValue::Min) {
    if (integer.isUnsigned())
      value = max ? APInt::getMaxValue(width) : APInt::getMinValue(width);
    else
      value = max ? APInt::getSignedMaxValue(width)
                  : APInt::getSignedMinValue(width);
  }
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(storage, value));
}
