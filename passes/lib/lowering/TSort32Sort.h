//===- TSort32Sort.h - one block of tsort32's host lowering -----*- C++ -*-===//
//
// docs/semantics.md, TSORT32: each row is sorted in blocks of 32 columns
// (the last block may be shorter), values descending, stably, ties by idx
// ascending. What both forms' host lowering shares (TSort32Sort.cpp): a
// block sits in one vector of 32 lanes; each lane gets an integer key that
// orders as the sort does and holds the lane number, so all keys differ
// and ties go by column (KeyLayout); a bitonic network (shuffles and vector
// max/min) sorts the keys descending; one contiguous vector store writes
// the block's values and columns or records: no scatter. The page form is
// in TSort32Lowering.cpp, the hardware (record) form in TSort32Records.cpp.
//
// "Comes before" is a strict total order: larger value first, -0.0 ties
// +0.0, NaN after every number (the interpreter's order), then smaller idx,
// then earlier column.
//
#ifndef PTO_LOWERING_TSORT32SORT_H
#define PTO_LOWERING_TSORT32SORT_H

#include "TileLowering.h"
#include "pto/TileStorage.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::pto::tsort32 {

/// The elements sorted together, and the bits of a lane number.
constexpr int64_t kBlock = kTSort32Block;
constexpr unsigned kLaneBits = llvm::ConstantLog2<kBlock>();
/// The vector registers the code is shaped for (AVX2).
constexpr int64_t kRegisterBits = 256;

/// A splat constant of `type` (a vector of kBlock lanes).
Value splat(OpBuilder &b, Location loc, VectorType type, Attribute element);

/// Splat integer constants and zeros of `type`.
Value splatInt(OpBuilder &b, Location loc, VectorType type, const APInt &value);
Value splatInt(OpBuilder &b, Location loc, VectorType type, uint64_t value);
Value zeros(OpBuilder &b, Location loc, VectorType type);

/// `lanes` zero-extended to `type`'s element width (kept if it has it).
Value widen(OpBuilder &b, Location loc, VectorType type, Value lanes);

/// `lanes` truncated to `type`'s element width (kept if it has it).
Value narrow(OpBuilder &b, Location loc, VectorType type, Value lanes);

/// The complemented lane numbers kBlock - 1 - i (i32): a larger one for an
/// earlier lane, so that equal keys above them tie by column.
Value complementedLanes(OpBuilder &b, Location loc);

/// The lane number held at bit `shift` of sorted keys (as complementedLanes
/// put it there), as i32.
Value laneAt(OpBuilder &b, Location loc, Value keys, unsigned shift);

/// The layout of a block's keys (signed integers, most significant first):
/// the value key, idBits bits of the idx (hardware form, TSort32Records.cpp),
/// the complemented lane, then (page form) the value's sign and mantissa
/// where they fit. The lane makes every key distinct and ties go by column; the
/// bits below it order nothing but, with the value key, give back the value's
/// bits (NaN payloads and the sign of zero included), so the page form's values
/// need no permutation.
struct KeyLayout {
  unsigned width;  // of the value
  unsigned low;    // sign and mantissa bits, 0 if they do not fit
  unsigned idBits; // of the idx, 0 in the page form
  VectorType type; // i32 or i64 vector
  unsigned laneShift() const { return low; }
  unsigned idShift() const { return low + kLaneBits; }
  unsigned valueShift() const { return low + kLaneBits + idBits; }
  unsigned bits() const { return valueShift() + width; }
};

/// Page form: value key, lane and the value's low bits (f16: 32 bits, i32
/// keys; f32: 61 bits, i64 keys). Hardware form: value key, idx bits and
/// lane in i32 keys for 16-bit values (11 idx bits) and in 61-bit i64 keys
/// for 32-bit ones (24 idx bits): the narrow key sorts twice as fast, and
/// sortRecords (TSort32Records.cpp) makes up for the idx bits that do not
/// fit.
KeyLayout keyLayout(OpBuilder &b, VectorType valueType, bool withIds);

/// The keys of a block of `values` and (hardware form, else null) `idBits`:
/// i32 lanes below 2^layout.idBits, the larger for the idx that comes first.
/// The keys' lanes are in an order of their own (joinWords), which the
/// sort does not depend on: the lane number is in the key.
Value blockKeys(OpBuilder &b, Location loc, const KeyLayout &layout,
                Value values, Value idBits);

/// The values of sorted keys: the magnitude from the value key (the
/// infinity's for NaN), or-ed with the mantissa and sign kept below.
Value decodeValues(OpBuilder &b, Location loc, const KeyLayout &layout,
                   Value keys, VectorType valueType);

/// Sorts `keys` (i32, or i64 of at most 61 bits) descending, returned in the
/// network's transposed layout with its `order` (TSort32Sort.cpp). An i64 key
/// is sorted as a double: plus 2^60 + 2^52 it is the bits of a positive normal
/// double, and those order as the integers do (AVX2 has vector max and min of
/// doubles, not of i64). With `keepBias`, i64 keys come back with the bias
/// added: their bits below 52 are the key's, and two keys shifted right by
/// fewer than 52 bits are equal when the keys' are (the bias is a multiple of
/// 2^52), which is all the hardware form reads of them.
Value sortKeysUnordered(OpBuilder &b, Location loc, Value keys,
                        SmallVectorImpl<int64_t> &order, bool keepBias);

/// `lanes` shuffled by `order`.
Value inOrder(OpBuilder &b, Location loc, Value lanes, ArrayRef<int64_t> order);

/// `keys` sorted descending (sortKeysUnordered, in lane order).
Value sortKeysDescending(OpBuilder &b, Location loc, Value keys);

/// Stores lane i of `values` (i < count) at column start + i of row r: one
/// masked vector store into an ND row, element by element into a boxed tile.
void storeLanes(OpBuilder &b, Location loc, const LoweredTile &tile, Value r,
                Value start, Value count, Value values);

/// A block in sorted order: output lane k is source lane lanes[k] (i32,
/// page form only), its value and (hardware form) its idx.
struct SortedBlock {
  Value lanes, values, ids;
};

/// One sorted block, as `place` receives it.
struct TileBlock {
  Value row, start, count, mask; // lanes [0, count) are columns start + i
  SortedBlock sorted;            // values and ids (hardware form) set
};

/// Sorts one block: its values, its ids (null in the page form) and its
/// lanes' mask; lanes past the count hold NaN and the largest idx.
using SortBlock =
    function_ref<SortedBlock(OpBuilder &, Location, Value, Value, Value)>;

/// Calls `place` for each block of the first `rows` rows of src's `cols`
/// columns, sorted by `sort`; `idx` (hardware form) is the idx tile, null
/// for the page form. An idx of one valid row gives every row its ids
/// (tsort32_c6, the 1 x C broadcast).
void forEachSortedBlock(TileLowering &lowering, Location loc,
                        const LoweredTile &src, const LoweredTile *idx,
                        Value rows, Value cols, SortBlock sort,
                        function_ref<void(const TileBlock &)> place);

/// The hardware (record) form of pto.tsort32 (TSort32Records.cpp).
LogicalResult lowerRecordForm(TSort32Op op, TileLowering &lowering);

} // namespace mlir::pto::tsort32

#endif // PTO_LOWERING_TSORT32SORT_H
