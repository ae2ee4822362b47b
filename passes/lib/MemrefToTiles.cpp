//===- MemrefToTiles.cpp - PTOAS's memref form read as pto-mlir's
//----------===//
//
// PTOAS's passes write its IR with buffers as memrefs (its PTOViewToMemref,
// then PlanMemory): an on-chip buffer is `memref.alloc() : memref<16x16xf16,
// #pto.address_space<vec>>` (or `pto.pointer_cast(%addr)` once placed), a
// global tensor a `memref<..., #pto.address_space<gm>>` argument, a tile's
// layout and valid shape a `pto.bind_tile` on the buffer. This pass rewrites
// that form into ours before anything verifies it (pto-opt, pto_mlir.ptoas
// and the runtime read files through it; docs/ptoas.md, "PTOAS's memref
// form"):
//
//   memref.alloc (+ its pto.bind_tile)  -> pto.alloc_tile of the tile type
//   pto.pointer_cast(%a) (+ bind_tile)  -> pto.alloc_tile addr = %a
//   a gm memref argument                -> !pto.ptr + pto.make_tensor_view of
//                                          its rows and cols + the window
//                                          (pto.partition_view) of all of it
//   memref.reinterpret_cast of one      -> pto.make_tensor_view + the window
//
// The buffers stay the buffers they were, so every other use keeps its
// value and only its type changes, in place, as pto-view-layouts moves a
// view's layout: a conversion's type converter maps types, where here a
// buffer's tile type depends on the value (the config of its bind_tile).
// Whatever this form holds beyond those constructs is refused by name at
// its location.
//
// A memref's elements are in row-major order; a tile, or a global tensor,
// of rows = the product of its leading extents and cols = its last one
// holds them in that order (a row_major tile, an ND tensor), so a rank-3
// buffer keeps its bytes, as PTOAS's PlanMemory sizes it. (PTOAS's C++
// writes a Tile of the first two extents instead, PTOToEmitC.cpp:3673-3676,
// and reads a rank-3 tensor as NZ: docs/ptoas.md.)
//
//===----------------------------------------------------------------------===//
#include "pto/PtoPasses.h"
#include "pto/TileTypeSyntax.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_PTOMEMREFTOTILES
#include "pto/PtoPasses.h.inc"
} // namespace mlir::pto

using namespace mlir;
using namespace mlir::pto;

/// The PTOAS address space of a memref type of its form, or std::nullopt.
static std::optional<AddressSpace> getAddressSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return std::nullopt;
  auto space = dyn_cast_or_null<AddressSpaceAttr>(memref.getMemorySpace());
  if (!space)
    return std::nullopt;
  return space.getValue();
}

static bool isMemrefForm(Type type) {
  return getAddressSpace(type).has_value();
}

/// The tile location of an on-chip address space (the names are the same).
static std::optional<TileLocation> getTileLocation(AddressSpace space) {
  switch (space) {
  case AddressSpace::VEC:
    return TileLocation::Vec;
  case AddressSpace::MAT:
    return TileLocation::Mat;
  case AddressSpace::LEFT:
    return TileLocation::Left;
  case AddressSpace::RIGHT:
    return TileLocation::Right;
  case AddressSpace::ACC:
    return TileLocation::Acc;
  case AddressSpace::BIAS:
    return TileLocation::Bias;
  case AddressSpace::SCALING:
    return TileLocation::Scaling;
  case AddressSpace::GM:
  case AddressSpace::Zero:
    return std::nullopt;
  }
  llvm_unreachable("an address space");
}

/// The refusal of a memref type this form does not have.
static InFlightDiagnostic refuseType(Location loc, Type type, StringRef what) {
  return emitError(loc) << type << " is not read: " << what
                        << " (PTOAS's memref form, docs/ptoas.md)";
}

/// A buffer's layout and valid shape (valid extents `?` come from
/// `validOperands`, the others are static).
struct TileBinding {
  TileBufConfigAttr config;            // null: PTOAS's default
  SmallVector<Value, 2> validOperands; // valid_row, valid_col, or none
};

/// The constant value of an index, or std::nullopt.
static std::optional<int64_t> getConstantIndex(Value value) {
  if (!value)
    return std::nullopt;
  if (auto op = value.getDefiningOp<arith::ConstantOp>())
    if (auto integer = dyn_cast<IntegerAttr>(op.getValue()))
      return integer.getInt();
  return std::nullopt;
}

/// The rows and columns of a memref's elements (static, rank 1 or more):
/// its last extent is the columns, the others multiply into the rows. Its
/// elements are in that row-major order (the identity layout).
static SmallVector<int64_t, 2> getRowsAndCols(MemRefType memref) {
  ArrayRef<int64_t> extents = memref.getShape();
  int64_t rows = 1;
  for (int64_t extent : extents.drop_back())
    rows *= extent;
  return {rows, extents.back()};
}

/// The tile buffer type of the on-chip memref `type` bound by `binding`
/// (the dynamic valid extents it takes appended to `validValues`), or an
/// error at `loc`.
static FailureOr<TileBufType> getTileType(Location loc, Type type,
                                          const TileBinding &binding,
                                          SmallVectorImpl<Value> &validValues) {
  auto memref = cast<MemRefType>(type);
  std::optional<TileLocation> location =
      getTileLocation(*getAddressSpace(type));
  if (!location)
    return refuseType(loc, type,
                      "an on-chip buffer is in vec, mat, left, right, acc, "
                      "bias or scaling");
  if (!memref.hasStaticShape() || memref.getRank() == 0 ||
      !memref.getLayout().isIdentity())
    return refuseType(loc, type,
                      "an on-chip buffer has a static shape of rank 1 or "
                      "more and the identity layout");
  SmallVector<int64_t, 2> shape = getRowsAndCols(memref);
  SmallVector<int64_t, 2> valid = shape;
  for (auto [i, operand] : llvm::enumerate(binding.validOperands)) {
    if (std::optional<int64_t> constant = getConstantIndex(operand)) {
      valid[i] = *constant;
      continue;
    }
    valid[i] = ShapedType::kDynamic;
    validValues.push_back(operand);
  }
  TileBufConfigAttr config = binding.config;
  int32_t bLayout = config ? config.getBLayout() : 0;
  int32_t sLayout = config ? config.getSLayout() : 0;
  int32_t fractal = config ? config.getSFractalSize() : 512;
  int32_t pad = config ? config.getPad() : 0;
  if (config && config.getCompact() != 0)
    return emitError(loc) << "compact=" << config.getCompact()
                          << describeCompactRefusal(config.getCompact());
  // The codes are checked by the attribute's verifier (tile_buf_config_c2
  // ... _c4) and are our enums' values.
  return TileBufType::getChecked(
      [&] { return emitError(loc); }, type.getContext(), *location,
      ArrayRef<int64_t>(shape), memref.getElementType(),
      ArrayRef<int64_t>(valid), static_cast<BLayout>(bLayout),
      static_cast<SLayout>(sLayout), static_cast<int64_t>(fractal),
      static_cast<PadValue>(pad));
}

/// The plain tile buffer type of an on-chip memref type (no bind_tile).
static FailureOr<TileBufType> getPlainTileType(Location loc, Type type) {
  SmallVector<Value, 2> none;
  return getTileType(loc, type, TileBinding(), none);
}

namespace {
/// The index constants of a function, made once each at its entry, before
/// the windows that use them.
class EntryConstants {
public:
  explicit EntryConstants(Block &entry)
      : builder(OpBuilder::atBlockBegin(&entry)) {}

  /// The builder of the entry's new ops (in the order they are made).
  OpBuilder &getBuilder() { return builder; }

  Value get(Location loc, int64_t value) {
    Value &constant = constants[value];
    if (!constant)
      constant = arith::ConstantIndexOp::create(builder, loc, value);
    return constant;
  }

  SmallVector<Value> get(Location loc, ArrayRef<int64_t> values) {
    return llvm::map_to_vector(values, [&](int64_t v) { return get(loc, v); });
  }

  /// `values` as index values (the static ones constants of the entry).
  SmallVector<Value> get(Location loc, ArrayRef<OpFoldResult> values) {
    return llvm::map_to_vector(values, [&](OpFoldResult v) -> Value {
      if (auto value = dyn_cast<Value>(v))
        return value;
      return get(loc, cast<IntegerAttr>(cast<Attribute>(v)).getInt());
    });
  }

private:
  OpBuilder builder;
  llvm::DenseMap<int64_t, Value> constants;
};
} // namespace

/// The window of all of the tensor `ptr` points to, of extents `shape`
/// (`sizes` their values) and `strides`, at the builder's point.
static Value buildWholeWindow(OpBuilder &builder, EntryConstants &constants,
                              Location loc, Value ptr, ArrayRef<int64_t> shape,
                              ValueRange sizes, ValueRange strides,
                              GlobalLayoutAttr layout) {
  Type element = cast<PtrType>(ptr.getType()).getElementType();
  auto tensorType = TensorViewType::get(builder.getContext(), shape, element);
  Value tensor = MakeTensorViewOp::create(builder, loc, tensorType, ptr, sizes,
                                          strides, layout);
  SmallVector<int64_t> zeros(shape.size(), 0);
  auto windowType =
      PartitionTensorViewType::get(builder.getContext(), shape, element);
  return PartitionViewOp::create(builder, loc, windowType, tensor,
                                 constants.get(loc, zeros), sizes);
}

namespace {
struct MemrefToTiles : pto::impl::PtoMemrefToTilesBase<MemrefToTiles> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failed = false;
    getOperation().walk([&](func::FuncOp func) {
      failed |= mlir::failed(convertSignature(rewriter, func));
    });
    if (failed || mlir::failed(convertBuffers(rewriter)) ||
        mlir::failed(convertCarriedTypes()))
      signalPassFailure();
  }

  /// A function's gm memref arguments become pointers, each used as the
  /// window of all of its tensor (or the tensor of a reinterpret_cast), and
  /// its on-chip memref arguments and results tile buffers.
  LogicalResult convertSignature(IRRewriter &rewriter, func::FuncOp func) {
    FunctionType type = func.getFunctionType();
    SmallVector<Type> inputs(type.getInputs());
    SmallVector<Type> results(type.getResults());
    bool changed = false;
    for (Type &input : inputs) {
      if (!isMemrefForm(input))
        continue;
      changed = true;
      FailureOr<Type> converted = convertArgumentType(func.getLoc(), input);
      if (mlir::failed(converted))
        return failure();
      input = *converted;
    }
    for (Type &result : results) {
      if (!isMemrefForm(result))
        continue;
      changed = true;
      if (getAddressSpace(result) == AddressSpace::GM)
        return refuseType(func.getLoc(), result,
                          "a function returns no global memory");
      FailureOr<TileBufType> tile = getPlainTileType(func.getLoc(), result);
      if (mlir::failed(tile))
        return failure();
      result = *tile;
    }
    if (!changed)
      return success();
    if (!func.isExternal()) {
      Block &entry = func.front();
      EntryConstants constants(entry);
      for (auto [arg, newType] : llvm::zip(entry.getArguments(), inputs)) {
        Type oldType = arg.getType();
        if (oldType == newType)
          continue;
        arg.setType(newType);
        if (getAddressSpace(oldType) == AddressSpace::GM &&
            mlir::failed(useGlobalArgument(rewriter, constants, arg, oldType)))
          return failure();
      }
    }
    func.setFunctionType(FunctionType::get(&getContext(), inputs, results));
    return success();
  }

  FailureOr<Type> convertArgumentType(Location loc, Type type) {
    if (getAddressSpace(type) != AddressSpace::GM)
      return getPlainTileType(loc, type);
    auto memref = cast<MemRefType>(type);
    if (!memref.hasStaticShape() || memref.getRank() == 0 ||
        !memref.getLayout().isIdentity())
      return refuseType(loc, type,
                        "a global argument has a static shape of rank 1 or "
                        "more and the identity layout");
    return Type(PtrType::get(type.getContext(), memref.getElementType()));
  }

  /// The uses of the gm argument `arg` (now a pointer; `type` its memref
  /// type): a reinterpret_cast becomes the window of its tensor, any other
  /// use takes the window of all of it, made at the function's entry.
  LogicalResult useGlobalArgument(IRRewriter &rewriter,
                                  EntryConstants &constants, BlockArgument arg,
                                  Type type) {
    auto memref = cast<MemRefType>(type);
    Location loc = arg.getOwner()->getParentOp()->getLoc();
    Value window;
    for (OpOperand &use : llvm::make_early_inc_range(arg.getUses())) {
      if (auto cast = dyn_cast<memref::ReinterpretCastOp>(use.getOwner())) {
        if (mlir::failed(
                convertReinterpretCast(rewriter, constants, cast, arg)))
          return failure();
        continue;
      }
      if (!window) {
        SmallVector<int64_t, 2> shape = getRowsAndCols(memref);
        // One statement each: the constants are made in this order.
        SmallVector<Value> sizes = constants.get(loc, shape);
        SmallVector<Value> strides = constants.get(loc, {shape[1], int64_t(1)});
        window = buildWholeWindow(constants.getBuilder(), constants, loc, arg,
                                  shape, sizes, strides, GlobalLayoutAttr());
      }
      use.set(window);
    }
    return success();
  }

  /// `memref.reinterpret_cast %arg to offset: [0], sizes: [...], strides:
  /// [...]` of a gm argument: the tensor of those extents and strides at
  /// the pointer, and the window of all of it.
  LogicalResult convertReinterpretCast(IRRewriter &rewriter,
                                       EntryConstants &constants,
                                       memref::ReinterpretCastOp cast,
                                       Value ptr) {
    Location loc = cast.getLoc();
    SmallVector<OpFoldResult> offsets = cast.getMixedOffsets();
    std::optional<int64_t> offset =
        offsets.size() == 1 ? getConstantIntValue(offsets[0]) : std::nullopt;
    if (!offset || *offset != 0)
      return cast.emitOpError(
          "is not read with an offset other than a constant 0: a pto-mlir "
          "tensor view starts at its pointer (docs/ptoas.md)");
    MemRefType result = cast.getType();
    auto layout = dyn_cast_or_null<GlobalLayoutAttr>(cast->getAttr("layout"));
    rewriter.setInsertionPoint(cast);
    SmallVector<Value> sizes = constants.get(loc, cast.getMixedSizes());
    SmallVector<Value> strides = constants.get(loc, cast.getMixedStrides());
    Value window = buildWholeWindow(rewriter, constants, loc, ptr,
                                    result.getShape(), sizes, strides, layout);
    rewriter.replaceOp(cast, window);
    return success();
  }

  /// memref.alloc and pto.pointer_cast become pto.alloc_tile, with the
  /// binding of the pto.bind_tile that is their only use; any other
  /// bind_tile, reinterpret_cast or memref op of this form is refused.
  LogicalResult convertBuffers(IRRewriter &rewriter) {
    SmallVector<Operation *> buffers;
    auto takesForm = [](Operation *op) {
      return llvm::any_of(op->getOperandTypes(), isMemrefForm) ||
             llvm::any_of(op->getResultTypes(), isMemrefForm);
    };
    WalkResult walked = getOperation().walk([&](Operation *op) {
      if (isa<memref::AllocOp, PointerCastOp>(op)) {
        buffers.push_back(op);
        return WalkResult::advance();
      }
      // The casts of gm arguments are converted with their function.
      if (isa_and_nonnull<memref::MemRefDialect>(op->getDialect()) &&
          takesForm(op)) {
        (void)refuseOp(op);
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walked.wasInterrupted())
      return failure();
    for (Operation *op : buffers)
      if (isMemrefForm(op->getResult(0).getType()) &&
          mlir::failed(convertBuffer(rewriter, op)))
        return failure();
    // What remains was no buffer's only use.
    walked = getOperation().walk([&](BindTileOp bind) {
      (void)refuseOp(bind);
      return WalkResult::interrupt();
    });
    return failure(walked.wasInterrupted());
  }

  /// Why `op` (of the memref dialect, or a bind_tile of a value that is not
  /// a buffer of its own) is not read.
  static LogicalResult refuseOp(Operation *op) {
    if (isa<BindTileOp>(op))
      return op->emitOpError(
          "is not read: its source must be a memref.alloc or "
          "pto.pointer_cast that nothing else uses (PTOAS's memref form, "
          "docs/ptoas.md)");
    if (isa<memref::ReinterpretCastOp>(op))
      return op->emitOpError(
          "is not read: its source must be a gm argument of the function "
          "(PTOAS's memref form, docs/ptoas.md)");
    return op->emitOpError(
        "is not read: of the memref dialect, pto-mlir reads memref.alloc and "
        "memref.reinterpret_cast of a gm argument (PTOAS's memref form, "
        "docs/ptoas.md)");
  }

  LogicalResult convertBuffer(IRRewriter &rewriter, Operation *op) {
    Location loc = op->getLoc();
    Value buffer = op->getResult(0);
    TileBinding binding;
    Value address;
    if (auto cast = dyn_cast<PointerCastOp>(op)) {
      // PTOAS's several addresses are a multi-buffered allocation
      // (PTOToEmitC's PointerCastConversion takes the first).
      if (cast.getAddrs().size() != 1)
        return cast.emitOpError("is not read with ")
               << cast.getAddrs().size()
               << " addresses: a tile buffer has one (PTOAS's memref form, "
                  "docs/ptoas.md)";
      address = cast.getAddrs()[0];
      binding.config = cast.getConfigAttr();
      if (cast.getValidRow())
        binding.validOperands = {cast.getValidRow(), cast.getValidCol()};
    }
    // The bind_tile that is the buffer's only use gives its tile type; the
    // tile is made where it is, after its valid extents.
    Operation *replaced = op;
    auto bind = buffer.hasOneUse()
                    ? dyn_cast<BindTileOp>(*buffer.getUsers().begin())
                    : BindTileOp();
    if (bind) {
      if (bind.getSource().getType() != bind.getType())
        return bind.emitOpError("is not read: it changes the buffer's type ")
               << bind.getSource().getType() << " to " << bind.getType()
               << " (PTOAS's memref form, docs/ptoas.md)";
      binding.config = bind.getConfigAttr();
      binding.validOperands.clear();
      if (bind.getValidRow())
        binding.validOperands = {bind.getValidRow(), bind.getValidCol()};
      replaced = bind;
    }
    SmallVector<Value, 2> validValues;
    FailureOr<TileBufType> type =
        getTileType(replaced->getLoc(), buffer.getType(), binding, validValues);
    if (mlir::failed(type))
      return failure();
    rewriter.setInsertionPoint(replaced);
    Value validRow, validCol;
    ArrayRef<int64_t> valid = type->getValidShape();
    unsigned next = 0;
    if (ShapedType::isDynamic(valid[0]))
      validRow = validValues[next++];
    if (ShapedType::isDynamic(valid[1]))
      validCol = validValues[next++];
    auto tile =
        AllocTileOp::create(rewriter, loc, *type, address, validRow, validCol);
    rewriter.replaceOp(replaced, tile);
    if (bind)
      rewriter.eraseOp(op);
    return success();
  }

  /// The buffers carried by other ops (scf.for iteration arguments and
  /// results, scf.if results, ...) take the plain tile type of their memref
  /// type: their ops' verifiers then check that they match what flows in.
  LogicalResult convertCarriedTypes() {
    LogicalResult result = success();
    auto convert = [&](Value value, Location loc) {
      if (!isMemrefForm(value.getType()))
        return success();
      if (getAddressSpace(value.getType()) == AddressSpace::GM)
        return LogicalResult(refuseType(
            loc, value.getType(), "global memory is a function's argument"));
      FailureOr<TileBufType> tile = getPlainTileType(loc, value.getType());
      if (mlir::failed(tile))
        return failure();
      value.setType(*tile);
      return success();
    };
    getOperation().walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (mlir::failed(convert(arg, op->getLoc()))) {
              result = failure();
              return WalkResult::interrupt();
            }
      for (Value value : op->getResults())
        if (mlir::failed(convert(value, op->getLoc()))) {
          result = failure();
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    return result;
  }
};
} // namespace
