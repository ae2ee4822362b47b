//===- GlobalMemoryLowering.cpp - host lowering of global memory ----------===//
//
// A `!pto.ptr<T>` is the caller's array: a bare pointer to its first element
// and its element count (getLoweredPointerTypes). A view is that pair with
// the offset of its first element, its extents and its strides
// (getLoweredViewTypes, the LoweredView below). The view ops compute their
// descriptor in the kernel and check it by a call of their own, as the
// interpreter checks it when it makes the view (runtime/globals.py); tload
// and tstore move the window's elements in their function, mapped onto the
// tile's rows and columns as docs/semantics.md#global-memory says.
//
#include "TInsertConversion.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "pto/GlobalMemory.h"

#include <limits>

using namespace mlir;
using namespace mlir::pto;

namespace {
/// The values of a lowered view, in getLoweredViewTypes' order.
struct LoweredView {
  Value base;   // memref<1 x T>: the array's first element
  Value count;  // the array's elements
  Value offset; // of the view's first element
  SmallVector<Value, 5> extents, strides;

  static LoweredView unpack(ArrayRef<Value> values) {
    size_t rank = (values.size() - 3) / 2;
    return {values[0], values[1], values[2],
            SmallVector<Value, 5>(values.slice(3, rank)),
            SmallVector<Value, 5>(values.slice(3 + rank, rank))};
  }
  SmallVector<Value> pack() const {
    SmallVector<Value> values = {base, count, offset};
    llvm::append_range(values, extents);
    llvm::append_range(values, strides);
    return values;
  }
};

/// Checks in order, each reporting its failure, `body` under all of them.
struct Check {
  Value holds;
  Failure failure;
};
} // namespace

static void guardedAll(TileLowering &lowering, Operation *op,
                       ArrayRef<Check> checks, function_ref<void()> body) {
  if (checks.empty())
    return body();
  lowering.guarded(op, checks.front().holds, checks.front().failure, [&] {
    guardedAll(lowering, op, checks.drop_front(), body);
  });
}

static Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate predicate,
                 Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
}

/// Extents positive and, where `stated` gives one, equal to it (the
/// interpreter's check_extents, in its order).
static void appendExtentChecks(TileLowering &lowering, Location loc,
                               StringRef view, ArrayRef<Value> extents,
                               ArrayRef<int64_t> stated,
                               SmallVectorImpl<Check> &checks) {
  OpBuilder &b = lowering.getBuilder();
  for (auto [dim, extent] : llvm::enumerate(extents)) {
    std::string name = std::to_string(dim);
    checks.push_back(
        {cmp(b, loc, arith::CmpIPredicate::sgt, extent, lowering.index(0)),
         {RunTimeFailure::GlobalExtentNotPositive,
          {view.str(), name},
          {extent}}});
    if (!ShapedType::isDynamic(stated[dim]))
      checks.push_back(
          {lowering.equal(loc, extent, lowering.index(stated[dim])),
           {RunTimeFailure::GlobalExtentDiffersFromType,
            {view.str(), name},
            {extent, lowering.index(stated[dim])}}});
  }
}

namespace {
/// A sum or product of non-negative index values and whether its exact value
/// exceeds int64: the arith ops wrap, so a check of `overflows` comes before
/// any check of `value`.
struct CheckedIndex {
  Value value;
  Value overflows; // i1
};
} // namespace

/// `lhs + rhs` for non-negative `rhs` and `lhs.value` (while `lhs` does not
/// overflow): the sum of two values below 2^63 is below 2^64, so it
/// overflows int64 exactly when its sign bit is set.
static CheckedIndex checkedAdd(TileLowering &lowering, Location loc,
                               CheckedIndex lhs, Value rhs) {
  OpBuilder &b = lowering.getBuilder();
  Value sum = arith::AddIOp::create(b, loc, lhs.value, rhs);
  Value negative =
      cmp(b, loc, arith::CmpIPredicate::slt, sum, lowering.index(0));
  return {sum, arith::OrIOp::create(b, loc, lhs.overflows, negative)};
}

/// `lhs * rhs` for non-negative `rhs` and `lhs.value`: the exact product
/// fits in int64 when the high word of the 128-bit product is 0 and the
/// low word's sign bit is clear.
static CheckedIndex checkedMul(TileLowering &lowering, Location loc,
                               CheckedIndex lhs, Value rhs) {
  OpBuilder &b = lowering.getBuilder();
  auto product = arith::MulUIExtendedOp::create(b, loc, lhs.value, rhs);
  Value zero = lowering.index(0);
  Value wide = cmp(b, loc, arith::CmpIPredicate::ne, product.getHigh(), zero);
  Value negative =
      cmp(b, loc, arith::CmpIPredicate::slt, product.getLow(), zero);
  Value overflows = arith::OrIOp::create(
      b, loc, lhs.overflows, arith::OrIOp::create(b, loc, wide, negative));
  return {product.getLow(), overflows};
}

static CheckedIndex exact(TileLowering &lowering, Value value) {
  return {value, arith::ConstantIntOp::create(lowering.getBuilder(),
                                              value.getLoc(), 0, 1)};
}

/// The offset of the view's last element, `offset + sum((e - 1) * s)`, for
/// a non-negative offset, positive extents and non-negative strides.
static CheckedIndex lastElement(TileLowering &lowering, Location loc,
                                const LoweredView &view) {
  OpBuilder &b = lowering.getBuilder();
  CheckedIndex last = exact(lowering, view.offset);
  for (auto [extent, stride] : llvm::zip(view.extents, view.strides)) {
    Value steps = arith::SubIOp::create(b, loc, extent, lowering.index(1));
    CheckedIndex term =
        checkedMul(lowering, loc, exact(lowering, steps), stride);
    last = checkedAdd(lowering, loc, last, term.value);
    last.overflows =
        arith::OrIOp::create(b, loc, last.overflows, term.overflows);
  }
  return last;
}

static Value negate(OpBuilder &b, Location loc, Value condition) {
  Value one = arith::ConstantIntOp::create(b, loc, 1, 1);
  return arith::XOrIOp::create(b, loc, condition, one);
}

LogicalResult mlir::pto::lowerMakeTensorViewChecks(Operation *op,
                                                   TileLowering &lowering) {
  auto make = cast<MakeTensorViewOp>(op);
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  ArrayRef<Value> pointer = lowering.values(make.getPtr());
  LoweredView view{pointer[0], pointer[1], lowering.index(0), {}, {}};
  for (Value extent : make.getShape())
    view.extents.push_back(lowering.scalar(extent));
  for (Value stride : make.getStrides())
    view.strides.push_back(lowering.scalar(stride));
  SmallVector<Check> checks;
  appendExtentChecks(lowering, loc, "the tensor", view.extents,
                     make.getResult().getType().getShape(), checks);
  for (auto [dim, stride] : llvm::enumerate(view.strides))
    checks.push_back(
        {cmp(b, loc, arith::CmpIPredicate::sge, stride, lowering.index(0)),
         {RunTimeFailure::GlobalStrideNegative,
          {std::to_string(dim)},
          {stride}}});
  CheckedIndex last = lastElement(lowering, loc, view);
  checks.push_back({negate(b, loc, last.overflows),
                    {RunTimeFailure::GlobalIndexOverflow,
                     {"the offset of the tensor's last element"},
                     {}}});
  checks.push_back(
      {cmp(b, loc, arith::CmpIPredicate::slt, last.value, view.count),
       {RunTimeFailure::TensorExceedsArray, {}, {last.value, view.count}}});
  guardedAll(lowering, op, checks, [] {});
  return success();
}

LogicalResult mlir::pto::lowerPartitionViewChecks(Operation *op,
                                                  TileLowering &lowering) {
  auto partition = cast<PartitionViewOp>(op);
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  LoweredView tensor =
      LoweredView::unpack(lowering.values(partition.getSource()));
  SmallVector<Value, 5> offsets, sizes;
  for (Value offset : partition.getOffsets())
    offsets.push_back(lowering.scalar(offset));
  for (Value size : partition.getSizes())
    sizes.push_back(lowering.scalar(size));
  SmallVector<Check> checks;
  appendExtentChecks(lowering, loc, "the window", sizes,
                     partition.getResult().getType().getShape(), checks);
  for (auto [dim, offset, size, extent] :
       llvm::enumerate(offsets, sizes, tensor.extents)) {
    // The size is positive (checked above), so `max - size` does not wrap.
    // (Not lowering.index: int64's largest value is the empty key of its
    // constant cache.)
    Value max = arith::ConstantIndexOp::create(
        b, loc, std::numeric_limits<int64_t>::max());
    Value room = arith::SubIOp::create(b, loc, max, size);
    checks.push_back({cmp(b, loc, arith::CmpIPredicate::sle, offset, room),
                      {RunTimeFailure::GlobalIndexOverflow,
                       {"the end of dimension " + std::to_string(dim) +
                        " of the window (offset + size)"},
                       {}}});
    Value end = arith::AddIOp::create(b, loc, offset, size);
    Value inside = arith::AndIOp::create(
        b, loc,
        cmp(b, loc, arith::CmpIPredicate::sge, offset, lowering.index(0)),
        cmp(b, loc, arith::CmpIPredicate::sle, end, extent));
    checks.push_back({inside,
                      {RunTimeFailure::WindowExceedsTensor,
                       {std::to_string(dim)},
                       {offset, end, extent}}});
  }
  guardedAll(lowering, op, checks, [] {});
  return success();
}

//===----------------------------------------------------------------------===//
// tload and tstore
//===----------------------------------------------------------------------===//

namespace {
/// A window as its transfer sees it: the array, its descriptor padded to
/// pto-isa's five dimensions (leading extents 1, strides 0) and the layout
/// mapping it onto the tile.
struct Transfer {
  Value array; // memref<? x T>: the caller's array
  LoweredView window;
  GlobalLayout layout;
  Value rows, cols; // what the window covers
  // Whether the product side (rows in ND, columns in DN) overflows int64.
  Value coverOverflows;
};
} // namespace

/// The product of the positive extents of `dims`.
static CheckedIndex multiply(TileLowering &lowering, Location loc,
                             ArrayRef<Value> extents, ArrayRef<unsigned> dims) {
  CheckedIndex product = exact(lowering, extents[dims.front()]);
  for (unsigned dim : dims.drop_front())
    product = checkedMul(lowering, loc, product, extents[dim]);
  return product;
}

static Transfer makeTransfer(TileLowering &lowering, Operation *op,
                             Value windowOperand) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  LoweredView window = LoweredView::unpack(lowering.values(windowOperand));
  size_t missing = kGlobalRank - window.extents.size();
  window.extents.insert(window.extents.begin(), missing, lowering.index(1));
  window.strides.insert(window.strides.begin(), missing, lowering.index(0));
  auto layout = op->getAttrOfType<GlobalLayoutAttr>(kWindowLayoutAttrName);
  Transfer transfer{{}, window, layout.getValue(), {}, {}, {}};
  WindowTileDims dims = getWindowTileDims(transfer.layout);
  CheckedIndex rows = multiply(lowering, loc, window.extents, dims.rows);
  CheckedIndex cols = multiply(lowering, loc, window.extents, dims.cols);
  transfer.rows = rows.value;
  transfer.cols = cols.value;
  transfer.coverOverflows =
      arith::OrIOp::create(b, loc, rows.overflows, cols.overflows);
  auto base = cast<MemRefType>(window.base.getType());
  auto arrayType =
      MemRefType::get({ShapedType::kDynamic}, base.getElementType());
  transfer.array = memref::ReinterpretCastOp::create(
      b, loc, arrayType, window.base, /*offset=*/b.getIndexAttr(0),
      /*sizes=*/ArrayRef<OpFoldResult>{window.count},
      /*strides=*/ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return transfer;
}

/// The array offset of tile cell (r, c) (pto-isa's
/// MapTileIndicesToGlobalOffset, include/pto/cpu/tile_offsets.hpp:169): r
/// walks the row dimensions of getWindowTileDims and c its column
/// dimensions, the last listed fastest.
static Value elementOffset(OpBuilder &b, Location loc, const Transfer &transfer,
                           Value r, Value c) {
  ArrayRef<Value> e = transfer.window.extents, s = transfer.window.strides;
  Value index[kGlobalRank];
  auto walk = [&](Value outer, ArrayRef<unsigned> dims) {
    for (unsigned dim : llvm::reverse(dims.drop_front())) {
      index[dim] = arith::RemUIOp::create(b, loc, outer, e[dim]);
      outer = arith::DivUIOp::create(b, loc, outer, e[dim]);
    }
    index[dims.front()] = outer;
  };
  WindowTileDims dims = getWindowTileDims(transfer.layout);
  walk(r, dims.rows);
  walk(c, dims.cols);
  Value offset = transfer.window.offset;
  for (unsigned dim = 0; dim < kGlobalRank; ++dim)
    offset = arith::AddIOp::create(
        b, loc, offset, arith::MulIOp::create(b, loc, index[dim], s[dim]));
  return offset;
}

/// Runs `body` when the window lies in its array and covers `tile`'s valid
/// region. The first holds whenever the view ops' checks passed; a kernel
/// whose view failed one goes on after it (the failure is reported), and
/// this keeps its transfers inside the array.
static void guardedTransfer(TileLowering &lowering, Operation *op,
                            const Transfer &transfer, StringRef tileName,
                            const LoweredTile &tile,
                            function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  const LoweredView &window = transfer.window;
  SmallVector<Value> inside = {
      cmp(b, loc, arith::CmpIPredicate::sge, window.offset, lowering.index(0))};
  for (auto [extent, stride] : llvm::zip(window.extents, window.strides)) {
    inside.push_back(
        cmp(b, loc, arith::CmpIPredicate::sgt, extent, lowering.index(0)));
    inside.push_back(
        cmp(b, loc, arith::CmpIPredicate::sge, stride, lowering.index(0)));
  }
  CheckedIndex last = lastElement(lowering, loc, window);
  inside.push_back(negate(b, loc, last.overflows));
  inside.push_back(
      cmp(b, loc, arith::CmpIPredicate::slt, last.value, window.count));
  bool dn = transfer.layout == GlobalLayout::DN;
  Check checks[] = {
      {lowering.allOf(loc, inside),
       {RunTimeFailure::TensorExceedsArray, {}, {last.value, window.count}}},
      {negate(b, loc, transfer.coverOverflows),
       {RunTimeFailure::GlobalIndexOverflow,
        {(dn ? "the columns" : "the rows") + std::string(" the window covers")},
        {}}},
      {lowering.allOf(loc,
                      {lowering.equal(loc, transfer.rows, tile.validRows),
                       lowering.equal(loc, transfer.cols, tile.validCols)}),
       {RunTimeFailure::WindowTileMismatch,
        {tileName.str()},
        {transfer.rows, transfer.cols, tile.validRows, tile.validCols}}}};
  guardedAll(lowering, op, checks, body);
}

LogicalResult mlir::pto::lowerTLoad(TLoadOp load, TileLowering &lowering) {
  Operation *op = load;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(load.getDst());
  Transfer transfer = makeTransfer(lowering, op, load.getSrc());
  guardedTransfer(lowering, op, transfer, "dst", dst, [&] {
    Value pad = padValue(b, loc, dst.type);
    buildRegionLoops(lowering, loc, lowering.index(dst.type.getRows()),
                     lowering.index(dst.type.getCols()),
                     [&](Value r, Value c) { dst.store(b, loc, pad, r, c); });
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          Value offset = elementOffset(b, loc, transfer, r, c);
          Value element =
              memref::LoadOp::create(b, loc, transfer.array, offset);
          dst.store(b, loc, element, r, c);
        });
  });
  return success();
}

/// `old + value` as the simulator's AddToElement computes it (`+=` in the
/// window's type, include/pto/common/pto_tile.hpp:604-613): integers wrap;
/// f16 and bf16 in f32, rounded once to the type (the f32 sum of two of
/// them is exact enough that the double rounding never differs).
static Value addToElement(OpBuilder &b, Location loc, Value old, Value value) {
  Type type = old.getType();
  if (!isa<FloatType>(type))
    return arith::AddIOp::create(b, loc, old, value);
  if (type.isF32())
    return arith::AddFOp::create(b, loc, old, value);
  Type f32 = b.getF32Type();
  Value sum =
      arith::AddFOp::create(b, loc, arith::ExtFOp::create(b, loc, f32, old),
                            arith::ExtFOp::create(b, loc, f32, value));
  return plainCast(b, loc, sum, type);
}

LogicalResult mlir::pto::lowerTStore(TStoreOp store, TileLowering &lowering) {
  Operation *op = store;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &src = at.tile(store.getSrc());
  Transfer transfer = makeTransfer(lowering, op, store.getDst());
  Type arrayElement =
      cast<MemRefType>(transfer.array.getType()).getElementType();
  guardedTransfer(lowering, op, transfer, "src", src, [&] {
    buildRegionLoops(
        lowering, loc, src.validRows, src.validCols, [&](Value r, Value c) {
          Value offset = elementOffset(b, loc, transfer, r, c);
          Value element = src.load(b, loc, r, c);
          // The fixpipe's relu in the source type, then an acc tile's
          // f32 -> f16/bf16 (tstore_c6), as the simulator's static_cast
          // (include/pto/cpu/common.hpp:174-186).
          if (store.hasRelu())
            element = applyRelu(b, loc, element);
          if (element.getType() != arrayElement)
            element = plainCast(b, loc, element, arrayElement);
          if (store.isAtomicAdd())
            element = addToElement(
                b, loc, memref::LoadOp::create(b, loc, transfer.array, offset),
                element);
          memref::StoreOp::create(b, loc, element, transfer.array, offset);
        });
  });
  return success();
}

LogicalResult mlir::pto::lowerTMov(TMovOp mov, TileLowering &lowering) {
  Operation *op = mov;
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(mov.getDst());
  LoweredTile src = at.source(mov.getSrc());
  Type element = getStorageElementType(dst.type.getElementType());
  lowering.guardedSameValidShapes(op, {"src", "dst"}, {&src, &dst}, [&] {
    buildRegionLoops(lowering, loc, dst.validRows, dst.validCols,
                     [&](Value r, Value c) {
                       Value v = src.load(b, loc, r, c);
                       // acc -> vec/mat: f32 -> f16/bf16, rounded to
                       // nearest even; mat -> bias: f16/bf16 -> f32,
                       // exact (cpu/TMov.hpp:30's conversion).
                       if (v.getType() != element)
                         v = element.getIntOrFloatBitWidth() >
                                     v.getType().getIntOrFloatBitWidth()
                                 ? arith::ExtFOp::create(b, loc, element, v)
                                 : plainCast(b, loc, v, element);
                       dst.store(b, loc, v, r, c);
                     });
  });
  return success();
}
