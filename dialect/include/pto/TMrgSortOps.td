//===- TMrgSortOps.td - tmrgsort ---------------------------*- tablegen -*-===//
#ifndef PTO_TMRGSORTOPS_TD
#define PTO_TMRGSORTOPS_TD

include "pto/PtoOpBase.td"

def Pto_TMrgSortOp : Pto_TileOp<"tmrgsort", [AttrSizedOperandSegments]> {
  let summary = "merge sorted lists of 8-byte [value, idx] records (TMRGSORT)";
  let description = [{
    Records are tsort32's hardware-form records: 8 bytes, the value first
    (f32: 2 columns [value, idx]; f16: 4 columns [value, 0, idx]). Every
    tile has one row. Two forms, told apart by their number of `ins`
    (PTOAS's spelling, include/PTO/IR/PTOOps.td:4001):

    Single list, `ins [src, blockLen]`: src's valid columns are groups of 4
    blocks of blockLen columns, each block sorted; each group is merged into
    the same columns of dst.
    ```mlir
    %dst = pto.tmrgsort %src, %len : (!pto.tile<vec, 1x256xf32>, i32) -> !pto.tile<vec, 1x256xf32>
    pto.tmrgsort ins(%src, %len : ...) outs(%dst : ...)
    ```

    Lists, `ins [src0, src1, (src2, (src3,)) tmp]`: the 2 to 4 lists merged
    into dst's valid columns; `exhausted = true` stops at the first list
    used up. tmp is the NPU's scratch.
    ```mlir
    %dst = pto.tmrgsort %a, %b, %tmp {exhausted = true} : (...) -> !pto.tile<vec, 1x256xf32>
    pto.tmrgsort ins(%a, %b, %tmp {exhausted = false} : ...) outs(%dst : ...)
    ```

    The merge (include/pto/cpu/TMrgSort.hpp): each step takes the head
    record of the first list whose head value is greater than every earlier
    list's (`>`: ties and NaN keep the earlier list), until dst is full,
    every list is used up or (exhausted) one is.

    Rules `tmrgsort_c1` .. `tmrgsort_c12`: docs/ops/tmrgsort.md.
  }];
  // `ins` as PTOAS orders it: src1 is blockLen in the single-list form, a
  // list otherwise; the last tile given is tmp (getLists, getTmp below).
  let tileIns = (ins Pto_AnyTile:$src0,
                     AnyTypeOf<[Pto_AnyTile, AnySignlessInteger]>:$src1,
                     Optional<Pto_AnyTile>:$src2, Optional<Pto_AnyTile>:$src3,
                     Optional<Pto_AnyTile>:$src4);
  // PTOAS's `exhausted` (false when not given).
  let tileAttrs = (ins OptionalAttr<BoolAttr>:$exhausted);
  // PTOAS's lists form writes its executed counts after dst in `outs`: read
  // and dropped by TMrgSortOp::parse (TMrgSortOps.cpp, tmrgsort_c13, c14).
  let useTileOpSyntax = 0;
  let tileOpDeclaration = [{
    /// `exhausted = true`: the lists form stops when a list is used up.
    bool stopsWhenExhausted() { return getExhausted().value_or(false); }
    /// The single-list form: `ins [src, blockLen]`.
    bool isSingleList() { return !::llvm::isa<::mlir::pto::TileLikeType>(getSrc1().getType()); }
    /// blockLen of the single-list form, else null.
    ::mlir::Value getBlockLen() { return isSingleList() ? getSrc1() : ::mlir::Value(); }
    /// The sorted lists: [src] or [src0, src1, (src2, (src3))].
    ::llvm::SmallVector<::mlir::Value, 4> getLists();
    /// tmp of the lists form (the last tile of `ins`), else null.
    ::mlir::Value getTmp();
  }];
  let tileOpDefinition = [{
    ::llvm::SmallVector<::mlir::Value, 4> $cppClass::getLists() {
      ::llvm::SmallVector<::mlir::Value, 4> lists{getSrc0()};
      if (isSingleList())
        return lists;
      ::mlir::Value rest[] = {getSrc1(), getSrc2(), getSrc3(), getSrc4()};
      for (::mlir::Value v : rest)
        if (v)
          lists.push_back(v);
      lists.pop_back(); // tmp
      return lists;
    }
    ::mlir::Value $cppClass::getTmp() {
      if (isSingleList())
        return {};
      ::mlir::Value last[] = {getSrc4(), getSrc3(), getSrc2()};
      for (::mlir::Value v : last)
        if (v)
          return v;
      return getSrc1();
    }
  }];
}

#endif // PTO_TMRGSORTOPS_TD
