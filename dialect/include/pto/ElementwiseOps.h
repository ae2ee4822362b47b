//===- ElementwiseOps.h - what the op families define once ------*- C++ -*-===//
//
// The ops of a family (ElementwiseOps.td) share their verifier and the
// valid shape of their results: each op's generated verify() and
// buildResultValidShape() call the family's function here. getFamilyOps()
// lists every op of every family with its row, from the op classes
// themselves (no hand-written list): the rule tables, the C API and through
// it Python read it.
//
#ifndef PTO_ELEMENTWISEOPS_H
#define PTO_ELEMENTWISEOPS_H

#include "mlir/IR/OpDefinition.h"
#include "pto/ElementKind.h"
#include "pto/PtoTarget.h"
#include <array>

namespace mlir::pto {

enum class OpFamily : uint32_t;
enum class ElementOp : uint32_t;
class TileLikeType;
class TileOpInterface;

/// Whether the in `name` of a family op is the NPU's scratch tile (`tmp`,
/// PTOAS's `ins(..., %tmp)`): of dst's element type and row-major like the
/// other tiles, but not an operand of the element op, read by no engine
/// here (the simulator ignores it: ElementTileOp.h:156, TBinSOps.hpp:213,
/// TRSqrt.hpp:51) and never dst's buffer (pto-ssa-to-dps).
inline bool isScratchIn(StringRef name) { return name == "tmp"; }
/// Whether family op `op`'s scratch tmp is a mask of bytes, not a tile of
/// dst's element type (tprelu: A2/A3's TCMPS writes its comparison of src0
/// into it, a2a3/TPrelu.hpp:28, :54). Rule c2 leaves such a tmp out; the
/// row's own rules say what it is (checkPreluScratch).
bool hasMaskScratch(Operation *op);
/// The scratch tmp of family op `op`, if it has one.
std::optional<TileLikeType> getScratchType(TileOpInterface op);
/// A rule of tmp's size on A2/A3, whose NPU code computes in it (A5's
/// ignores it): at least one valid row and `minCols` valid columns, where
/// they are static (the headers' PTO_ASSERTs, checks of the NPU's that the
/// host engines, which read no tmp, do not repeat); `needs` says why.
LogicalResult checkScratchShape(Operation *op, TileLikeType tmp,
                                int64_t minCols, StringRef needs);

/// The targets on which family op `op` keeps its tiles apart (its row's
/// `apartOn`, FamilyOpInterface::keepsTilesApart): of its own target, or of
/// every target in a module without one. Empty for any other op.
/// pto-ssa-to-dps keeps them apart where this is not empty.
SmallVector<TargetArch> getTilesApartTargets(Operation *op);
/// Rule `<mnemonic>_c5` of a row that keeps its tiles apart, on its target
/// (without one: where every target does): no value is both dst (Level 2's
/// outs) or tmp and another of its operands.
LogicalResult checkTilesApart(Operation *op);
/// Rule `<mnemonic>_c6` of an op of element op Xor with a tmp (txor,
/// txors): on A2/A3, whose NPU computes in tmp over dst's valid region,
/// tmp has dst's valid shape where both are static.
LogicalResult checkXorScratch(Operation *op, TileLikeType tmp);
/// Rules `tprelu_c6`, `tprelu_c7`: on A2/A3, whose NPU writes its
/// comparison mask into tmp and reads TSEL's from the rows after dst's,
/// tmp is of ui8 and has more valid rows than dst where both are static.
LogicalResult checkPreluScratch(Operation *op, TileLikeType tmp);

/// Whether `family` is an arg reduction (ArgReduceOps.td): its rows list
/// src's element types (dst holds indices), not dst's.
bool isArgReduceFamily(OpFamily family);
/// The operand whose element types a row of `family` lists: "src" for an
/// arg reduction, else "dst" (rule `<mnemonic>_c1` and its table).
StringRef getFamilyTypedOperand(OpFamily family);
/// Rule `<mnemonic>_c1` of any family op: the element type of `tile`, the
/// family's typed operand (getFamilyTypedOperand), is one of the op's row
/// on the op's target (on either target without one).
LogicalResult checkFamilyElementType(Operation *op, TileLikeType tile);
/// Scalar operand `name` of type `type` is of the element type of `dst`
/// (the tile `refName` names: tcmps compares with its src), integers as the
/// signless integer of their width (arith's constants and kernel arguments
/// are signless); tsels and tcmps share it.
LogicalResult checkScalarOfElementType(Operation *op, StringRef name, Type type,
                                       TileLikeType dst,
                                       StringRef refName = "dst");

/// Rules `<mnemonic>_c1..c4` of an elementwise op over its ins (tiles, and
/// scalars the same for every element): c1 dst's element type in the row,
/// c2 the tiles' element type is dst's and a scalar is of it, c3 row-major
/// tiles, c4 the tiles' valid shapes are dst's. The families' verifiers.
LogicalResult verifyElementwiseRules(Operation *op);

/// Rules `<mnemonic>_c1..c4` of an op of the BinaryElementwise family
/// (ElementwiseOps.td).
LogicalResult verifyBinaryElementwiseOp(Operation *op);
/// A result is valid where src0 is (rule c4 makes the operands agree).
FailureOr<std::array<OpFoldResult, 2>>
buildBinaryElementwiseResultValidShape(Operation *op, OpBuilder &builder,
                                       unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c4` of an op of the UnaryElementwise family, as
/// the binary family's over one source.
LogicalResult verifyUnaryElementwiseOp(Operation *op);
/// A result is valid where src is (rule c4).
FailureOr<std::array<OpFoldResult, 2>>
buildUnaryElementwiseResultValidShape(Operation *op, OpBuilder &builder,
                                      unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c5` of an op of the TileScalar family
/// (TileScalarOps.td): c5 one tile and one scalar among two ins, then the
/// elementwise rules.
LogicalResult verifyTileScalarOp(Operation *op);
/// A result is valid where the tile operand is (rule c4); an op without one
/// (texpands) has no valid shape to give.
FailureOr<std::array<OpFoldResult, 2>>
buildTileScalarResultValidShape(Operation *op, OpBuilder &builder,
                                unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c5` of an op of the TernaryElementwise family
/// (TernaryElementwiseOps.td): the elementwise rules over three sources,
/// c5 one shape and layout for the four tiles.
LogicalResult verifyTernaryElementwiseOp(Operation *op);
/// A result is valid where src0 is (rule c4).
FailureOr<std::array<OpFoldResult, 2>>
buildTernaryElementwiseResultValidShape(Operation *op, OpBuilder &builder,
                                        unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c4` of an op of the Part family (PartOps.td): c1
/// the row's element types, c2 one element type, c3 row-major tiles, c4
/// one source of dst's valid shape and the other within it.
LogicalResult verifyPartOp(Operation *op);
/// A result is valid over the larger of the sources' extents.
FailureOr<std::array<OpFoldResult, 2>>
buildPartResultValidShape(Operation *op, OpBuilder &builder, unsigned result,
                          ValueRange ins);

/// Rules `<mnemonic>_c1..c7` of an op of the RowReduce family
/// (RowReduceOps.td): c1 the row's element types, c2 one element type, c3
/// src ND, c4 dst ND or DN of one column, c5 dst's valid rows are src's, c6
/// one valid column in dst, c7 a non-empty src.
LogicalResult verifyRowReduceOp(Operation *op);
/// A result is valid over src's valid rows and one column.
FailureOr<std::array<OpFoldResult, 2>>
buildRowReduceResultValidShape(Operation *op, OpBuilder &builder,
                               unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c8` of an op of the RowArgReduce family
/// (ArgReduceOps.td): c1 src's element type in the row, c2 dst i32 or
/// ui32, c3 tmp of src's element type, c4 src ND, c5 dst ND or DN of one
/// column, c6 dst's valid rows are src's, c7 one valid column, c8 a
/// non-empty src.
LogicalResult verifyRowArgReduceOp(Operation *op);
/// A result is valid over src's valid rows and one column.
FailureOr<std::array<OpFoldResult, 2>>
buildRowArgReduceResultValidShape(Operation *op, OpBuilder &builder,
                                  unsigned result, ValueRange ins);
/// Rules `<mnemonic>_c1..c8` of an op of the ColArgReduce family
/// (ArgReduceOps.td): c1..c3 as the row family's, c4 src ND or DN, c5 dst
/// ND, c6 dst's valid columns are src's, c7 one valid row, c8 a non-empty
/// src.
LogicalResult verifyColArgReduceOp(Operation *op);
/// A result is valid over one row and src's valid columns.
FailureOr<std::array<OpFoldResult, 2>>
buildColArgReduceResultValidShape(Operation *op, OpBuilder &builder,
                                  unsigned result, ValueRange ins);
/// Rules `<mnemonic>_c1..c7` of an op of the ColReduce family
/// (ColReduceOps.td): c1 the row's element types, c2 one element type, c3
/// src ND, c4 dst ND, c5 dst's valid columns are src's, c6 one valid row in
/// dst, c7 a non-empty src; with a tmp (tcolsum) c8 tmp and isBinary
/// together, c9 tmp ND, c10 a binary sum's tmp holds src's valid columns.
LogicalResult verifyColReduceOp(Operation *op);
/// A result is valid over one row and src's valid columns.
FailureOr<std::array<OpFoldResult, 2>>
buildColReduceResultValidShape(Operation *op, OpBuilder &builder,
                               unsigned result, ValueRange ins);

/// Rules `<mnemonic>_c1..c6` of an op of the RowExpand family
/// (ExpandOps.td): c1 the row's element types, c2 one element type, c3 dst
/// row-major, c4 a row-major full operand of dst's valid shape, c5 the
/// expanded operand's shape, c6 tmp only with a col_major expanded operand.
LogicalResult verifyRowExpandOp(Operation *op);
/// A result is valid where the full operand is (rowExpandFullOperand).
FailureOr<std::array<OpFoldResult, 2>>
buildRowExpandResultValidShape(Operation *op, OpBuilder &builder,
                               unsigned result, ValueRange ins);
/// The index among a row expand's ins (0 or 1) of the operand that has
/// dst's valid shape, as far as the types tell: src1 when src0 is
/// col_major, or when src0's valid columns are a 32-byte block and src1's
/// are static and not; else src0. Used where dst's valid shape is not known
/// yet (a Level 1 result of `?` extents).
unsigned rowExpandFullOperand(TileLikeType src0, TileLikeType src1);

/// Rules `<mnemonic>_c1..c5` of an op of the ColExpand family
/// (ExpandOps.td): c1 the row's element types, c2 one element type, c3
/// row-major tiles, c4 src0's valid shape is dst's, c5 src1 has dst's valid
/// columns and a valid row.
LogicalResult verifyColExpandOp(Operation *op);
/// A result is valid where src0 is (rule c4).
FailureOr<std::array<OpFoldResult, 2>>
buildColExpandResultValidShape(Operation *op, OpBuilder &builder,
                               unsigned result, ValueRange ins);

/// One op of a family: its row (ElementwiseOps.td).
struct FamilyOpInfo {
  /// The op's name, `pto.tadd`; its mnemonic names its rules (`tadd_c1`).
  StringRef name;
  OpFamily family;
  ElementOp elementOp;
  StringRef isaName;
  ArrayRef<ElementKind> (*targetElementKinds)(TargetArch);
  StringRef (*elementKindsSource)(TargetArch);

  StringRef getMnemonic() const { return name.drop_front(name.find('.') + 1); }
  /// The element types allowed on `target`; without one, what either
  /// target allows (in ElementKind order).
  SmallVector<ElementKind>
  getElementKinds(std::optional<TargetArch> target) const;
};

/// Every op of every family, in the dialect's op order.
ArrayRef<FamilyOpInfo> getFamilyOps();

} // namespace mlir::pto

#endif // PTO_ELEMENTWISEOPS_H
