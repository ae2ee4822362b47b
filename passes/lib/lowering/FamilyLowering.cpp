//===- FamilyLowering.cpp - host lowering of the op families --------------===//
//
// The lowering of each family (ElementwiseOps.td, TileScalarOps.td,
// RowReduceOps.td, ColReduceOps.td, ArgReduceOps.td, ExpandOps.td), for
// every op of it: the loops and run-time checks are the family's, the loop
// body the op's ElementOp (ElementOpLowering.h). The elementwise families
// share one, over their ins.
//
#include "ElementOpLowering.h"
#include "TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::pto;

/// Whether `element` (the last operand of an element op) breaks what
/// `check` asks of it (`broken`), or keeps it: a divisor zero (or -0), a
/// shift count outside [0, its bits) (compared unsigned, a negative count
/// of a signed element is past the bits too).
static Value testLastOperand(OpBuilder &b, Location loc, LastOperandCheck check,
                             Value element, bool broken) {
  Type type = element.getType();
  if (check == LastOperandCheck::Nonzero && !isa<FloatType>(type))
    return arith::CmpIOp::create(
        b, loc, broken ? arith::CmpIPredicate::eq : arith::CmpIPredicate::ne,
        element, arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0)));
  if (check == LastOperandCheck::Nonzero) {
    // bf16 is compared in f32 (exact): LLVM's bf16 comparison treats a
    // subnormal as zero on a CPU without AVX512-BF16.
    if (type.isBF16()) {
      type = b.getF32Type();
      element = arith::ExtFOp::create(b, loc, type, element);
    }
    return arith::CmpFOp::create(
        b, loc, broken ? arith::CmpFPredicate::OEQ : arith::CmpFPredicate::UNE,
        element,
        arith::ConstantOp::create(b, loc,
                                  b.getFloatAttr(cast<FloatType>(type), 0.0)));
  }
  Value bits = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, type.getIntOrFloatBitWidth()));
  return arith::CmpIOp::create(
      b, loc, broken ? arith::CmpIPredicate::uge : arith::CmpIPredicate::ult,
      element, bits);
}

/// The failure of a tile's element (`scalar` false) or of a scalar that
/// breaks `check`, for the operand `name` of element type `elementType`.
static Failure lastOperandFailure(LastOperandCheck check, bool scalar,
                                  StringRef name, Type elementType) {
  if (check == LastOperandCheck::Nonzero)
    return Failure{scalar ? RunTimeFailure::ScalarDivisionByZero
                          : RunTimeFailure::DivisionByZero,
                   {name.str()},
                   {}};
  return Failure{
      scalar ? RunTimeFailure::ScalarShiftCountOutOfRange
             : RunTimeFailure::ShiftCountOutOfRange,
      {name.str(), std::to_string(elementType.getIntOrFloatBitWidth())},
      {}};
}

/// Runs `body` unless an element of `operand`'s valid region breaks `check`
/// (TileLowering::guardedEveryElement: the first such element in row-major
/// order, scanned before any element is written).
static void guardedElements(Operation *op, TileLowering &lowering,
                            LastOperandCheck check, const LoweredTile &operand,
                            StringRef name, function_ref<void()> body) {
  Type elementType = operand.type.getElementType();
  lowering.guardedEveryElement(
      op, operand,
      lastOperandFailure(check, /*scalar=*/false, name, elementType),
      [&](OpBuilder &cb, Location cl, Value element) {
        return testLastOperand(cb, cl, check, element, /*broken=*/true);
      },
      body);
}

/// Runs `body` unless the scalar `operand` breaks `check` (TDIVS_IMPL
/// asserts a divisor nonzero before computing any element).
static void guardedScalar(Operation *op, TileLowering &lowering,
                          LastOperandCheck check, Value operand,
                          Type elementType, StringRef name,
                          function_ref<void()> body) {
  OpBuilder &b = lowering.getBuilder();
  Location loc = op->getLoc();
  Value ok = testLastOperand(b, loc, check, operand, /*broken=*/false);
  lowering.guarded(
      op, ok, lastOperandFailure(check, /*scalar=*/true, name, elementType),
      body);
}

/// `dst[r, c] = op(in0, in1, ...)` over dst's valid region, a tile operand
/// read at [r, c], a scalar one the same for every element (a scratch tmp
/// not at all): every elementwise family's lowering. The verifier checked what
/// is static; the valid shapes that are dynamic are compared at run time, then
/// what the element op asks of its last operand (getLastOperandCheck) before
/// anything is written.
static LogicalResult lowerElementwise(Operation *op, TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  auto familyOp = cast<FamilyOpInterface>(op);
  ElementOp elementOp = familyOp.getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();
  ArrayRef<StringLiteral> names = tileOp.getOperandGroups().ins;
  // Each in as a tile, or as its scalar value.
  SmallVector<const LoweredTile *> ins;
  SmallVector<Value> scalars;
  SmallVector<StringRef> tileNames;
  SmallVector<const LoweredTile *> tiles;
  SmallVector<StringRef> elementNames;
  for (auto [name, in] : llvm::zip(names, tileOp.getIns())) {
    // A scratch tmp is not read (isScratchIn).
    if (isScratchIn(name))
      continue;
    elementNames.push_back(name);
    bool isTile = isa<TileLikeType>(in.getType());
    ins.push_back(isTile ? &at.tile(in) : nullptr);
    scalars.push_back(isTile ? Value() : lowering.signlessScalar(loc, in));
    if (isTile) {
      tileNames.push_back(name);
      tiles.push_back(ins.back());
    }
  }
  tileNames.push_back("dst");
  tiles.push_back(&dst);

  auto compute = [&] {
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          SmallVector<Value> operands;
          for (auto [tile, scalar] : llvm::zip_equal(ins, scalars))
            operands.push_back(tile ? tile->load(b, loc, r, c) : scalar);
          dst.store(b, loc,
                    buildElementOp(b, loc, elementOp, elementType, operands), r,
                    c);
        });
  };
  LastOperandCheck check = getLastOperandCheck(familyOp.getFamily(), elementOp);
  lowering.guardedSameValidShapes(op, tileNames, tiles, [&] {
    if (check == LastOperandCheck::None)
      return compute();
    StringRef name = elementNames.back();
    if (const LoweredTile *last = ins.back())
      return guardedElements(op, lowering, check, *last, name, compute);
    guardedScalar(op, lowering, check, scalars.back(), elementType, name,
                  compute);
  });
  return success();
}

/// The type a reduction accumulates in: f32 for a row sum of f16 or bf16
/// (TypeSum, include/pto/cpu/tile_offsets.hpp:25), else the element type
/// (TColSum.hpp:22's `TileDst::DType sum`, TRowProd.hpp:21's product of
/// halves, TRowMax.hpp's max).
static Type getAccumulatorType(OpFamily family, ElementOp op,
                               Type elementType) {
  if (family == OpFamily::RowReduce && op == ElementOp::Add &&
      (elementType.isF16() || elementType.isBF16()))
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// The fold's starting value: the simulator's `sum = 0` and `prod = 1`
/// (+0: a line of -0 sums to +0); max and min start from element 0 (null).
static Value buildFoldStart(OpBuilder &b, Location loc, ElementOp op,
                            Type accType) {
  if (op != ElementOp::Add && op != ElementOp::Mul)
    return {};
  int64_t value = op == ElementOp::Mul ? 1 : 0;
  Type storage = getStorageElementType(accType);
  TypedAttr attr = isa<FloatType>(storage)
                       ? TypedAttr(b.getFloatAttr(storage, value))
                       : TypedAttr(b.getIntegerAttr(storage, value));
  return arith::ConstantOp::create(b, loc, attr);
}

/// A row reduction `dst[r, 0] = fold(op, src[r, 0..cols))` or a column
/// reduction `dst[0, c] = fold(op, src[0..rows), c)`: each line (a row, a
/// column) folded in order, one element op per element in the accumulator
/// type, as TRowSum/TRowMax/TRowMin/TRowProd and TColSum/TColMax/TColMin/
/// TColProd (include/pto/cpu) do; the fold is a loop-carried value, so no
/// reordering (a sum's order is its rounding). An arg reduction (the
/// RowArgReduce and ColArgReduce families) carries the best element and its
/// index from element 0 instead, and a later element replaces them only
/// when it compares greater (Max) or less (Min), as TRowReduceIdxImpl and
/// TColReduceIdxImpl do (cpu/TReduceIdx.hpp:151, :102): ties keep the
/// first, a NaN never replaces nor is replaced. Run-time checks first: a
/// row reduction's src not empty (empty_reduction, rule c7; an arg
/// reduction's c8), then dst src's valid rows by 1 (row_reduction_shape,
/// rules c5 and c6; c6 and c7); a column reduction's dst 1 by src's valid
/// columns (col_reduction_shape, c5 and c6: the NPU headers' PTO_ASSERT
/// comes before their early return), then src not empty (c7); a column arg
/// reduction's in the other order, as CheckColArgTiles asserts them
/// (cpu/TReduceIdx.hpp:68-70).
static LogicalResult lowerReduce(Operation *op, TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  auto familyOp = cast<FamilyOpInterface>(op);
  OpFamily family = familyOp.getFamily();
  bool isArg = isArgReduceFamily(family);
  bool isRow =
      family == OpFamily::RowReduce || family == OpFamily::RowArgReduce;
  ElementOp elementOp = familyOp.getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src = at.source(tileOp.getIns()[0]);
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = src.type.getElementType();
  Type accType = getAccumulatorType(family, elementOp, elementType);
  Value zero = lowering.index(0), one = lowering.index(1);
  // A line's length: a row's valid columns, a column's valid rows.
  Value length = isRow ? src.validCols : src.validRows;

  // Lines l .. l + count - 1, folded in one loop along them: each line's
  // fold is its own chain of element ops (its order kept), and the chains
  // of several lines overlap in the CPU where one chain waits on each op.
  auto foldLines = [&](OpBuilder &fb, Location fl, Value l, int64_t count) {
    SmallVector<Value> lines;
    for (int64_t k = 0; k < count; ++k)
      lines.push_back(
          k == 0 ? l : arith::AddIOp::create(fb, fl, l, lowering.index(k)));
    auto load = [&](OpBuilder &lb, Location ll, Value line, Value k) -> Value {
      Value x = isRow ? src.load(lb, ll, line, k) : src.load(lb, ll, k, line);
      return accType == elementType ? x
                                    : arith::ExtFOp::create(lb, ll, accType, x);
    };
    // The constant start of a sum or product, else each line's element 0
    // (and, for an arg reduction, its index 0).
    Value start = buildFoldStart(fb, fl, elementOp, accType);
    Value first = start ? zero : one;
    SmallVector<Value> starts;
    for (Value line : lines) {
      starts.push_back(start ? start : load(fb, fl, line, zero));
      if (isArg)
        starts.push_back(zero);
    }
    auto foldLoop = scf::ForOp::create(
        fb, fl, first, length, one, starts,
        [&](OpBuilder &cb, Location cl, Value k, ValueRange acc) {
          SmallVector<Value> next;
          for (auto [n, line] : llvm::enumerate(lines)) {
            Value x = load(cb, cl, line, k);
            if (!isArg) {
              next.push_back(
                  buildElementOp(cb, cl, elementOp, accType, {acc[n], x}));
              continue;
            }
            Value best = acc[2 * n], index = acc[2 * n + 1];
            Value better = elementOp == ElementOp::Max
                               ? buildLessThan(cb, cl, accType, best, x)
                               : buildLessThan(cb, cl, accType, x, best);
            next.push_back(selectElement(cb, cl, better, x, best));
            next.push_back(arith::SelectOp::create(cb, cl, better, k, index));
          }
          scf::YieldOp::create(cb, cl, next);
        });
    for (auto [n, line] : llvm::enumerate(lines)) {
      Value stored = foldLoop.getResult(isArg ? 2 * n + 1 : n);
      if (isArg)
        stored = arith::IndexCastUIOp::create(
            fb, fl, getStorageElementType(dst.type.getElementType()), stored);
      else if (accType != elementType)
        stored = arith::TruncFOp::create(
            fb, fl, getStorageElementType(elementType), stored);
      if (isRow)
        dst.store(fb, fl, stored, line, zero);
      else
        dst.store(fb, fl, stored, zero, line);
    }
  };
  // kLinesAtOnce lines per trip while they last, then one at a time: 64x1024
  // f16 trowsum 50 us one row at a time, 17 us four, 11 us eight (3.6x
  // memcpy; bench/run.py, on a loaded 2-core machine). A row reduction's
  // rows may be a part of dst's (RowSplit.h); a column reduction writes one
  // row, which is not split.
  constexpr int64_t kLinesAtOnce = 8;
  auto compute = [&] {
    auto [lineBegin, lineEnd] =
        isRow ? lowering.rowBounds(loc, dst.validRows)
              : std::pair<Value, Value>{zero, src.validCols};
    Value step = lowering.index(kLinesAtOnce);
    Value blocks = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, lineEnd, lineBegin), step);
    Value blockedEnd = arith::AddIOp::create(
        b, loc, lineBegin, arith::MulIOp::create(b, loc, blocks, step));
    scf::ForOp::create(b, loc, lineBegin, blockedEnd, step, ValueRange{},
                       [&](OpBuilder &rb, Location rl, Value l, ValueRange) {
                         foldLines(rb, rl, l, kLinesAtOnce);
                         scf::YieldOp::create(rb, rl);
                       });
    scf::ForOp::create(b, loc, blockedEnd, lineEnd, one, ValueRange{},
                       [&](OpBuilder &rb, Location rl, Value l, ValueRange) {
                         foldLines(rb, rl, l, 1);
                         scf::YieldOp::create(rb, rl);
                       });
  };
  // A static extent is not zero (the verifier's c7): no check.
  auto nonzero = [&](Value extent) -> Value {
    if (getConstantIntValue(extent))
      return {};
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, extent,
                                 zero);
  };
  auto nonEmpty = [&](function_ref<void()> body) {
    lowering.guarded(
        op,
        lowering.allOf(loc, {nonzero(src.validRows), nonzero(src.validCols)}),
        Failure{RunTimeFailure::EmptyReduction,
                {"src"},
                {src.validRows, src.validCols}},
        body);
  };
  if (isRow) {
    nonEmpty([&] {
      Value shaped = lowering.allOf(
          loc, {lowering.equal(loc, dst.validRows, src.validRows),
                lowering.equal(loc, dst.validCols, one)});
      lowering.guarded(op, shaped,
                       Failure{RunTimeFailure::RowReductionShape,
                               {"dst", "src"},
                               {dst.validRows, dst.validCols, src.validRows}},
                       compute);
    });
    return success();
  }
  Value shaped =
      lowering.allOf(loc, {lowering.equal(loc, dst.validRows, one),
                           lowering.equal(loc, dst.validCols, src.validCols)});
  auto colShaped = [&](function_ref<void()> body) {
    lowering.guarded(op, shaped,
                     Failure{RunTimeFailure::ColReductionShape,
                             {"dst", "src"},
                             {dst.validRows, dst.validCols, src.validCols}},
                     body);
  };
  if (isArg)
    nonEmpty([&] { colShaped(compute); });
  else
    colShaped([&] { nonEmpty(compute); });
  return success();
}

/// Where an expand reads its operand `tile` for dst's column `c` (of
/// `cols` valid columns): `c % tile's valid columns`, as the simulator's
/// TRowExpandOp (include/pto/cpu/TRowExpandOp.hpp:53), folded where the
/// extents are static: `c` for dst's columns, 0 for one column.
static Value expandColumn(OpBuilder &b, Location loc, const LoweredTile &tile,
                          Value cols, Value c, Value zero) {
  std::optional<int64_t> tileCols = getConstantIntValue(tile.validCols);
  if (tileCols && *tileCols == 1)
    return zero;
  if (tile.validCols == cols)
    return c;
  return arith::RemUIOp::create(b, loc, c, tile.validCols);
}

/// The row expand's shape rules at run time (c4, c5: the NPU headers'
/// PTO_ASSERTs, include/pto/npu/a2a3/TRowExpandMul.hpp:57-70, as the
/// simulator's, cpu/TRowExpandOp.hpp:74-90): one operand a row-major tile of
/// dst's valid shape; the other (src1 when src0 is such a tile) dst's rows by
/// 1 if col_major, by a 32-byte block if row_major. Null when every extent
/// is static (the verifier checked them).
static Value buildRowExpandShapeCheck(TileLowering &lowering, Location loc,
                                      const LoweredTile &src0,
                                      const LoweredTile &src1,
                                      const LoweredTile &dst, int64_t block) {
  OpBuilder &b = lowering.getBuilder();
  SmallVector<Value> extents = {src0.validRows, src0.validCols, src1.validRows,
                                src1.validCols, dst.validRows,  dst.validCols};
  if (llvm::all_of(extents, [](Value v) { return getConstantIntValue(v); }))
    return {};
  Value yes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  Value no = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  auto held = [&](Value cond) { return cond ? cond : yes; };
  auto both = [&](Value x, Value y) {
    return arith::AndIOp::create(b, loc, held(x), held(y)).getResult();
  };
  auto isFull = [&](const LoweredTile &tile) {
    return both(lowering.equal(loc, tile.validRows, dst.validRows),
                lowering.equal(loc, tile.validCols, dst.validCols));
  };
  auto isExpanded = [&](const LoweredTile &tile) {
    int64_t cols = tile.type.isRowMajor() ? block : 1;
    return both(lowering.equal(loc, tile.validRows, dst.validRows),
                lowering.equal(loc, tile.validCols, lowering.index(cols)));
  };
  Value full0 = isFull(src0), full1 = isFull(src1);
  Value fullRowMajor =
      arith::OrIOp::create(b, loc, src0.type.isRowMajor() ? full0 : no,
                           src1.type.isRowMajor() ? full1 : no);
  Value expanded = arith::SelectOp::create(b, loc, full0, isExpanded(src1),
                                           isExpanded(src0));
  return both(fullRowMajor, expanded);
}

/// The region of `divisor` an expand reads (its valid rows by at most dst's
/// valid columns; one row for a column expand): what the simulator's
/// OP_DIV asserts nonzero (include/pto/cpu/ElementOp.h:143), element by
/// element as it reads them.
static LoweredTile readRegion(OpBuilder &b, Location loc, OpFamily family,
                              LoweredTile divisor, Value cols) {
  if (family == OpFamily::ColExpand) {
    divisor.validRows = arith::ConstantIndexOp::create(b, loc, 1);
    return divisor;
  }
  divisor.validCols = arith::MinUIOp::create(b, loc, divisor.validCols, cols);
  return divisor;
}

/// `dst[r, c] = op(src0[r', c'], src1[r'', c''])` over dst's valid region:
/// a row expand reads each operand at [r, c % its valid columns]
/// (TRowExpandOp.hpp:53), a column expand src0 at [r, c] and src1 at [0, c]
/// (TColExpandOp.hpp:50-53). Run-time checks first: the shapes (rules c4,
/// c5: row_expand_shape; valid_shape_mismatch and col_expand_shape), then
/// a divisor's elements (division_by_zero).
static LogicalResult lowerExpand(Operation *op, TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  auto familyOp = cast<FamilyOpInterface>(op);
  OpFamily family = familyOp.getFamily();
  ElementOp elementOp = familyOp.getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src0 = at.source(tileOp.getIns()[0]);
  LoweredTile src1 = at.source(tileOp.getIns()[1]);
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();
  Value zero = lowering.index(0);
  bool isRow = family == OpFamily::RowExpand;

  auto compute = [&] {
    buildRegionLoops(
        lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
          Value x, y;
          if (isRow) {
            x = src0.load(b, loc, r,
                          expandColumn(b, loc, src0, dst.validCols, c, zero));
            y = src1.load(b, loc, r,
                          expandColumn(b, loc, src1, dst.validCols, c, zero));
          } else {
            x = src0.load(b, loc, r, c);
            y = src1.load(b, loc, zero, c);
          }
          dst.store(b, loc,
                    buildElementOp(b, loc, elementOp, elementType, {x, y}), r,
                    c);
        });
  };
  auto checked = [&] {
    if (getLastOperandCheck(family, elementOp) == LastOperandCheck::None)
      return compute();
    guardedElements(op, lowering, LastOperandCheck::Nonzero,
                    readRegion(b, loc, family, src1, dst.validCols), "src1",
                    compute);
  };
  if (isRow) {
    int64_t block = 256 / elementType.getIntOrFloatBitWidth();
    Value shaped =
        buildRowExpandShapeCheck(lowering, loc, src0, src1, dst, block);
    lowering.guarded(op, shaped,
                     Failure{RunTimeFailure::RowExpandShape,
                             {std::to_string(block)},
                             {src0.validRows, src0.validCols, src1.validRows,
                              src1.validCols, dst.validRows, dst.validCols}},
                     checked);
    return success();
  }
  lowering.guardedSameValidShapes(op, {"src0", "dst"}, {&src0, &dst}, [&] {
    Value shaped = lowering.allOf(
        loc, {lowering.equal(loc, src1.validCols, dst.validCols),
              getConstantIntValue(src1.validRows)
                  ? Value()
                  : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          src1.validRows, zero)});
    lowering.guarded(op, shaped,
                     Failure{RunTimeFailure::ColExpandShape,
                             {"src1", "dst"},
                             {src1.validRows, src1.validCols, dst.validCols}},
                     checked);
  });
  return success();
}

/// The element of `src` at (r, c) where r < rows and c < cols of its
/// valid region, else `zero`; the load clamped into its static shape so
/// that it never reads past the tile (the value is not used there).
static std::pair<Value, Value> loadIfValid(OpBuilder &b, Location loc,
                                           TileLowering &lowering,
                                           const LoweredTile &src, Value r,
                                           Value c) {
  ArrayRef<int64_t> shape = src.type.getShape();
  Value inside = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, r,
                            src.validRows),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c,
                            src.validCols));
  Value rr = arith::MinUIOp::create(b, loc, r, lowering.index(shape[0] - 1));
  Value cc = arith::MinUIOp::create(b, loc, c, lowering.index(shape[1] - 1));
  return {inside, src.load(b, loc, rr, cc)};
}

/// TPartInstr (include/pto/cpu/TPartOp.hpp:18) over dst's valid region:
/// op(src0, src1) where both sources are valid at (r, c), the valid one's
/// element where one is, 0 (+0 for floats) where neither is. Any valid
/// shapes run, as on the simulator (rule c4 is the NPU's, checked where
/// static).
static LogicalResult lowerPart(Operation *op, TileLowering &lowering) {
  auto tileOp = cast<TileOpInterface>(op);
  ElementOp elementOp = cast<FamilyOpInterface>(op).getElementOp();
  LoweredOp at(op, lowering);
  OpBuilder &b = at.b;
  Location loc = at.loc;
  LoweredTile src0 = at.source(tileOp.getIns()[0]);
  LoweredTile src1 = at.source(tileOp.getIns()[1]);
  const LoweredTile &dst = at.tile(tileOp.getOuts()[0]);
  Type elementType = dst.type.getElementType();
  Type storage = getStorageElementType(elementType);
  TypedAttr zeroAttr = isa<FloatType>(storage)
                           ? TypedAttr(b.getFloatAttr(storage, 0.0))
                           : TypedAttr(b.getIntegerAttr(storage, 0));
  Value zero = arith::ConstantOp::create(b, loc, zeroAttr);
  buildRegionLoops(
      lowering, loc, dst.validRows, dst.validCols, [&](Value r, Value c) {
        auto [in0, x] = loadIfValid(b, loc, lowering, src0, r, c);
        auto [in1, y] = loadIfValid(b, loc, lowering, src1, r, c);
        Value both = buildElementOp(b, loc, elementOp, elementType, {x, y});
        Value one =
            selectElement(b, loc, in0, x, selectElement(b, loc, in1, y, zero));
        Value value = selectElement(
            b, loc, arith::AndIOp::create(b, loc, in0, in1), both, one);
        dst.store(b, loc, value, r, c);
      });
  return success();
}

OpLoweringFn mlir::pto::getFamilyLowering(OpFamily family) {
  switch (family) {
  case OpFamily::BinaryElementwise:
  case OpFamily::UnaryElementwise:
  case OpFamily::TileScalar:
  case OpFamily::TernaryElementwise:
    return lowerElementwise;
  case OpFamily::RowReduce:
  case OpFamily::ColReduce:
  case OpFamily::RowArgReduce:
  case OpFamily::ColArgReduce:
    return lowerReduce;
  case OpFamily::Part:
    return lowerPart;
  case OpFamily::RowExpand:
  case OpFamily::ColExpand:
    return lowerExpand;
  }
  llvm_unreachable("every OpFamily has a lowering");
}
