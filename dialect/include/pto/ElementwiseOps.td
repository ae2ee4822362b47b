//===- ElementwiseOps.td - the elementwise op families -----*- tablegen -*-===//
//
// An op of a family is one row: `def Pto_TAddOp : Pto_BinaryElementwiseOp<
// "tadd", "TADD", "Add", a2a3 types, their source, a5 types, their source>`.
// The family class derives everything else from it: the operands, traits
// and syntax (Pto_TileOp), the verifier and the valid shape of a result
// (ElementwiseOps.cpp, once per family), the rule table `<mnemonic>_c1`, and
// through FamilyOpInterface the lowering, the interpreter, the Python
// builders and `pl` (docs/architecture.md, "Adding an op to a family").
//
#ifndef PTO_ELEMENTWISEOPS_TD
#define PTO_ELEMENTWISEOPS_TD

include "mlir/IR/EnumAttr.td"
include "pto/PtoOpBase.td"

// The families: each has an operand shape, rules and a lowering of its own.
def Pto_OpFamily : I32EnumAttr<"OpFamily", "an op family", [
    I32EnumAttrCase<"BinaryElementwise", 0, "binary_elementwise">,
    I32EnumAttrCase<"UnaryElementwise", 1, "unary_elementwise">,
    I32EnumAttrCase<"TileScalar", 2, "tile_scalar">,
    I32EnumAttrCase<"RowReduce", 3, "row_reduce">,
    I32EnumAttrCase<"RowExpand", 4, "row_expand">,
    I32EnumAttrCase<"ColExpand", 5, "col_expand">,
    I32EnumAttrCase<"TernaryElementwise", 6, "ternary_elementwise">,
    I32EnumAttrCase<"Part", 7, "part">,
    I32EnumAttrCase<"ColReduce", 8, "col_reduce">,
    I32EnumAttrCase<"RowArgReduce", 9, "row_arg_reduce">,
    I32EnumAttrCase<"ColArgReduce", 10, "col_arg_reduce">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

// The scalar computation of one element, as pto-isa's CPU simulator names
// it (ElementOp, include/pto/cpu/ElementOp.h). The host lowering
// (ElementOpLowering.cpp) and the interpreter (runtime/ops/element_ops.py)
// each compute it on their own, as the simulator does.
def Pto_ElementOp : I32EnumAttr<"ElementOp", "the scalar computation of an "
                                "elementwise op", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Sub", 1, "sub">,
    I32EnumAttrCase<"Mul", 2, "mul">, I32EnumAttrCase<"Max", 3, "max">,
    I32EnumAttrCase<"Min", 4, "min">, I32EnumAttrCase<"And", 5, "and">,
    I32EnumAttrCase<"Or", 6, "or">, I32EnumAttrCase<"Abs", 7, "abs">,
    I32EnumAttrCase<"Neg", 8, "neg">, I32EnumAttrCase<"Not", 9, "not">,
    I32EnumAttrCase<"Relu", 10, "relu">, I32EnumAttrCase<"Exp", 11, "exp">,
    I32EnumAttrCase<"Log", 12, "log">, I32EnumAttrCase<"Sqrt", 13, "sqrt">,
    I32EnumAttrCase<"Rsqrt", 14, "rsqrt">,
    I32EnumAttrCase<"Recip", 15, "recip">, I32EnumAttrCase<"Div", 16, "div">,
    I32EnumAttrCase<"Expands", 17, "expands">,
    I32EnumAttrCase<"Shl", 18, "shl">, I32EnumAttrCase<"Shr", 19, "shr">,
    I32EnumAttrCase<"Expdif", 20, "expdif">, I32EnumAttrCase<"Rem", 21, "rem">,
    I32EnumAttrCase<"AddC", 22, "addc">, I32EnumAttrCase<"SubC", 23, "subc">,
    I32EnumAttrCase<"Xor", 24, "xor">, I32EnumAttrCase<"FMod", 25, "fmod">,
    I32EnumAttrCase<"SubRelu", 26, "subrelu">,
    I32EnumAttrCase<"LRelu", 27, "lrelu">,
    I32EnumAttrCase<"Prelu", 28, "prelu">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

// A C++ array of the ElementKinds named in `kinds` (ElementKind.h).
class Pto_ElementKindArray<string name, list<string> kinds> {
  string definition = "static constexpr ::mlir::pto::ElementKind " # name #
      "[] = {" # !interleave(!foreach(kind, kinds,
                                      "::mlir::pto::ElementKind::" # kind),
                             ", ") # "};";
}

// An op of `family`: its row (mnemonic, pto-isa name, ElementOp case, the
// element types per target with where they come from), the family's
// operands, and its verifier and result valid shape (`family` names the C++
// functions, ElementwiseOps.h). `shapeTraits` say how dst's elements depend
// on the sources': Elementwise (the default) on the sources' [i, j] only, so
// pto-ssa-to-dps may write the destination in place of a source; a family
// whose elements read more (a reduction) gives none; a family with more
// than one optional operand adds AttrSizedOperandSegments. Every op writes
// every cell of dst's valid region. An in named `tmp` is the NPU's scratch
// (PTOAS's `ins(..., %tmp)`): of dst's element type and row-major (rules c2,
// c3), never read by an engine here, not an operand of the element op
// (isScratchIn, PtoTileOpSupport.h), and dst is never written in its place.
// `apartOn` names the targets (TargetArch cases) on which the op keeps its
// tiles apart: dst and tmp each in memory of their own, shared with no
// other operand (NPU code that writes dst or tmp while it still reads the
// sources: a2a3's TXOR, TANDS, ...). There pto-ssa-to-dps never writes dst
// over a source (keepsTilesApart, BufferPlan.cpp), and the row's rule
// `<mnemonic>_c5` refuses one value given twice (checkTilesApart).
class Pto_FamilyOp<string family, string mnemonic, string isaName,
                   string elementOp, list<string> a2a3Types, string a2a3Source,
                   list<string> a5Types, string a5Source, dag ins,
                   list<Trait> shapeTraits = [Elementwise],
                   list<string> apartOn = []>
    : Pto_TileOp<mnemonic, !listconcat(shapeTraits, [Pto_WritesValidRegion,
                            DeclareOpInterfaceMethods<Pto_ResultValidShapeOpInterface>,
                            Pto_FamilyOpInterface])> {
  let tileIns = ins;
  let tileOpDeclaration = [{
    static ::mlir::pto::OpFamily getFamily() {
      return ::mlir::pto::OpFamily::}] # family # [{;
    }
    static ::mlir::pto::ElementOp getElementOp() {
      return ::mlir::pto::ElementOp::}] # elementOp # [{;
    }
    static ::llvm::StringRef getIsaName() { return "}] # isaName # [{"; }
    static ::llvm::ArrayRef<::mlir::pto::ElementKind>
    getTargetElementKinds(::mlir::pto::TargetArch target) {
      }] # Pto_ElementKindArray<"a2a3", a2a3Types>.definition # [{
      }] # Pto_ElementKindArray<"a5", a5Types>.definition # [{
      if (target == ::mlir::pto::TargetArch::A2A3)
        return a2a3;
      return a5;
    }
    static bool keepsTilesApart(::mlir::pto::TargetArch target) {
      return false}] # !interleave(!foreach(arch, apartOn,
          " || target == ::mlir::pto::TargetArch::" # arch), "") # [{;
    }
    static ::llvm::StringRef
    getElementKindsSource(::mlir::pto::TargetArch target) {
      return target == ::mlir::pto::TargetArch::A2A3 ? "}] # a2a3Source #
                                                  [{" : "}] # a5Source # [{";
    }
  }];
  let tileOpDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verify}] # family # [{Op(*this);
    }
    ::mlir::FailureOr<std::array<::mlir::OpFoldResult, 2>>
    $cppClass::buildResultValidShape(::mlir::OpBuilder &builder, unsigned i,
                                     ::mlir::ValueRange ins) {
      return ::mlir::pto::build}] # family # [{ResultValidShape(
          *this, builder, i, ins);
    }
  }];
}

// dst = src0 op src1 over dst's valid region; other elements of dst keep
// their content. Rules (`<mnemonic>_c1` ...): c1 the element types of the
// row per target, c2 one element type, c3 row-major tiles, c4 equal valid
// shapes (the pages' constraints and the NPU headers' static_asserts, the
// same for every op of the family).
class Pto_BinaryElementwiseOp<string mnemonic, string isaName,
                              string elementOp, list<string> a2a3Types,
                              string a2a3Source, list<string> a5Types,
                              string a5Source,
                              dag ins = (ins Pto_AnyTile:$src0,
                                         Pto_AnyTile:$src1),
                              list<string> apartOn = []>
    : Pto_FamilyOp<"BinaryElementwise", mnemonic, isaName, elementOp,
                   a2a3Types, a2a3Source, a5Types, a5Source, ins,
                   [Elementwise], apartOn> {
  let summary = "elementwise " # elementOp # " of two tiles (" # isaName # ")";
  let description = [{
    `dst[i, j] = }] # elementOp # [{(src0[i, j], src1[i, j])` over dst's
    valid region, as pto-isa's CPU simulator computes it (ElementOp
    `OP_}] # !toupper(elementOp) # [{`); other elements of dst keep their
    content. docs/ops/elementwise.md has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` row-major tiles, `}] #
    mnemonic # [{_c4` equal valid shapes.
  }];
}

// dst = op(src) over dst's valid region; other elements of dst keep their
// content. Rules (`<mnemonic>_c1` ...): c1 the element types of the row per
// target, c2 one element type, c3 row-major tiles, c4 equal valid shapes
// (the pages and the NPU headers' TUnaryCheck, a2a3/TUnaryOp.hpp:244 and
// a5/TUnaryOp.hpp:128, the same for every op of the family).
class Pto_UnaryElementwiseOp<string mnemonic, string isaName,
                             string elementOp, list<string> a2a3Types,
                             string a2a3Source, list<string> a5Types,
                             string a5Source,
                             dag ins = (ins Pto_AnyTile:$src),
                             list<Trait> traits = [Elementwise]>
    : Pto_FamilyOp<"UnaryElementwise", mnemonic, isaName, elementOp,
                   a2a3Types, a2a3Source, a5Types, a5Source, ins, traits> {
  let summary = "elementwise " # elementOp # " of a tile (" # isaName # ")";
  let description = [{
    `dst[i, j] = }] # elementOp # [{(src[i, j])` over dst's valid region,
    as pto-isa's CPU simulator computes it (ElementOp `OP_}] #
    !toupper(elementOp) # [{`); other elements of dst keep their content.
    docs/ops/unary_elementwise.md has the family's forms and rules.

    Rules: `}] # mnemonic # [{_c1` element types per target (A2/A3: }] #
    !tolower(!interleave(a2a3Types, " ")) # [{; A5: }] #
    !tolower(!interleave(a5Types, " ")) # [{), `}] # mnemonic #
    [{_c2` one element type, `}] # mnemonic # [{_c3` row-major tiles, `}] #
    mnemonic # [{_c4` equal valid shapes.
  }];
}

//===----------------------------------------------------------------------===//
// The rows. Element types: the page (pto-isa 3186c381 docs/isa/<ISA>.md)
// and the NPU header's static_assert; where they disagree, the header.
//===----------------------------------------------------------------------===//

defvar Pto_BitwiseTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32"];
defvar Pto_A2A3ArithTypes = ["I16", "I32", "F16", "F32"];
defvar Pto_A5ArithTypes = ["I8", "UI8", "I16", "UI16", "I32", "UI32", "I64",
                           "UI64", "F16", "BF16", "F32"];

def Pto_TAddOp : Pto_BinaryElementwiseOp<"tadd", "TADD", "Add",
    Pto_A2A3ArithTypes, "docs/isa/TADD.md; include/pto/npu/a2a3/TAdd.hpp:62",
    Pto_A5ArithTypes, "docs/isa/TADD.md; include/pto/npu/a5/TAdd.hpp:60">;
def Pto_TSubOp : Pto_BinaryElementwiseOp<"tsub", "TSUB", "Sub",
    Pto_A2A3ArithTypes, "docs/isa/TSUB.md; include/pto/npu/a2a3/TSub.hpp:61",
    Pto_A5ArithTypes, "docs/isa/TSUB.md; include/pto/npu/a5/TSub.hpp:59">;
def Pto_TMulOp : Pto_BinaryElementwiseOp<"tmul", "TMUL", "Mul",
    Pto_A2A3ArithTypes, "docs/isa/TMUL.md; include/pto/npu/a2a3/TMul.hpp:61",
    ["I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16", "F32"],
    "docs/isa/TMUL.md; include/pto/npu/a5/TMul.hpp:59 (no 1-byte types)">;
def Pto_TMaxOp : Pto_BinaryElementwiseOp<"tmax", "TMAX", "Max",
    Pto_A2A3ArithTypes, "docs/isa/TMAX.md; include/pto/npu/a2a3/TMax.hpp:61",
    Pto_A5ArithTypes, "docs/isa/TMAX.md; include/pto/npu/a5/TMax.hpp:59">;
def Pto_TMinOp : Pto_BinaryElementwiseOp<"tmin", "TMIN", "Min",
    Pto_A2A3ArithTypes, "docs/isa/TMIN.md; include/pto/npu/a2a3/TMin.hpp:62",
    Pto_A5ArithTypes, "docs/isa/TMIN.md; include/pto/npu/a5/TMin.hpp:59">;
def Pto_TDivOp : Pto_BinaryElementwiseOp<"tdiv", "TDIV", "Div",
    ["F16", "F32"], "docs/isa/TDIV.md; include/pto/npu/a2a3/TDiv.hpp:58",
    ["F16", "F32"],
    "docs/isa/TDIV.md; include/pto/npu/a5/TDiv.hpp:67's floats (its "
    "integers refused: the simulator's integer division by 0, and of the "
    "most negative value by -1, is undefined, include/pto/cpu/TDiv.hpp:25)">;
def Pto_TAndOp : Pto_BinaryElementwiseOp<"tand", "TAND", "And",
    Pto_BitwiseTypes,
    "docs/isa/TAND.md; include/pto/npu/a2a3/TAnd.hpp:51 (1- and 4-byte "
    "integers as 2-byte ones)",
    Pto_BitwiseTypes, "docs/isa/TAND.md; include/pto/npu/a5/TAnd.hpp:55">;
def Pto_TOrOp : Pto_BinaryElementwiseOp<"tor", "TOR", "Or",
    Pto_BitwiseTypes,
    "docs/isa/TOR.md; include/pto/npu/a2a3/TOr.hpp:40 (1- and 4-byte "
    "integers as 2-byte ones)",
    Pto_BitwiseTypes, "docs/isa/TOR.md; include/pto/npu/a5/TOr.hpp:54">;
// The simulator has no TSHL or TSHR (no TSHL_IMPL in include/pto/cpu):
// the NPU's scalar code (a2a3/TShl.hpp:32) computes `src0 << src1` as C++,
// which the host engines follow; the pto-isa engine refuses them.
def Pto_TShlOp : Pto_BinaryElementwiseOp<"tshl", "TSHL", "Shl",
    Pto_BitwiseTypes, "docs/isa/TSHL.md; include/pto/npu/a2a3/TShl.hpp:44",
    !listconcat(Pto_BitwiseTypes, ["I64", "UI64"]),
    "docs/isa/TSHL.md; include/pto/npu/a5/TShl.hpp:81">;
def Pto_TShrOp : Pto_BinaryElementwiseOp<"tshr", "TSHR", "Shr",
    Pto_BitwiseTypes, "docs/isa/TSHR.md; include/pto/npu/a2a3/TShr.hpp:44",
    !listconcat(Pto_BitwiseTypes, ["I64", "UI64"]),
    "docs/isa/TSHR.md; include/pto/npu/a5/TShr.hpp:81">;

// OP_REM (include/pto/cpu/ElementOp.h:199): the C++ remainder, fmod in
// double for floats (exact, so rounded back without change), plus the
// divisor where the signs differ and the remainder is not zero (a second
// operation of T: its rounding); the divisor asserted nonzero. tmp is the
// NPU's scratch (PTOAS's required `ins(%src0, %src1, %tmp)`,
// include/PTO/IR/PTOOps.td:4540); rule trem_c5 its A2/A3 size. Integers
// refused: the simulator's INT_MIN % -1 is undefined (ElementOp.h:204).
def Pto_TRemOp : Pto_BinaryElementwiseOp<"trem", "TREM", "Rem",
    ["F32"], "docs/isa/TREM.md; include/pto/npu/a2a3/TRem.hpp:177's float "
    "(its int32 refused: INT_MIN % -1 is undefined on the simulator)",
    ["F16", "F32"], "docs/isa/TREM.md; include/pto/npu/a5/TRem.hpp:107's "
    "floats (as a2a3)",
    (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1, Pto_AnyTile:$tmp)>;

// OP_XOR (include/pto/cpu/ElementOp.h:235): src0 ^ src1; the simulator
// ignores tmp (ElementTileOp.h:161-165). PTOAS's required `ins(%src0,
// %src1, %tmp)` (include/PTO/IR/PTOOps.td:5606). A2/A3 computes it in tmp
// and dst while it reads the sources, TOR(tmp), TAND(dst), TNOT(dst),
// TAND(dst, dst, tmp) (a2a3/TXor.hpp:51-61), and asserts "dst, src0, src1,
// tmp must in different memory" (a2a3/TXor.hpp:43-46; docs/isa/TXOR.md:60,
// :71): rule txor_c5 there, dst and tmp apart; txor_c6 tmp's valid shape
// is dst's (a2a3/TXor.hpp:39-41, docs/isa/TXOR.md:59; its :70 says "at
// least"). A5 reads no tmp (a5/TXor.hpp:75-83).
def Pto_TXorOp : Pto_BinaryElementwiseOp<"txor", "TXOR", "Xor",
    Pto_BitwiseTypes,
    "docs/isa/TXOR.md:57; include/pto/npu/a2a3/TXor.hpp:54-60 (TOR, TAND "
    "and TNOT's types: a2a3/TAnd.hpp:51, 1- and 4-byte integers as 2-byte "
    "ones)",
    Pto_BitwiseTypes, "docs/isa/TXOR.md:52; include/pto/npu/a5/TXor.hpp:54",
    (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1, Pto_AnyTile:$tmp), ["A2A3"]>;

// OP_FMOD (include/pto/cpu/ElementOp.h:307), the simulator's TFMOD
// (ElementTileOp.h:146; cpu/TFMod.hpp is not included under __CPU_SIM,
// common/pto_instr_impl.hpp:339-342): the divisor asserted nonzero; C++'s
// `%` for integers (of int for a 2-byte one: its promotion), fmod in double
// for floats (exact, so rounded back without change). i32 refused on a5:
// the simulator's INT_MIN % -1 is undefined.
def Pto_TFModOp : Pto_BinaryElementwiseOp<"tfmod", "TFMOD", "FMod",
    ["F32"], "docs/isa/TFMOD.md; include/pto/npu/a2a3/TFmod.hpp:70",
    ["I16", "UI16", "UI32", "F16", "F32"],
    "docs/isa/TFMOD.md; include/pto/npu/a5/TFMod.hpp:89 (its int32 refused: "
    "INT_MIN % -1 is undefined on the simulator)">;

// OP_SUBRELU (include/pto/cpu/ElementOp.h:120): ReLU(src0 - src1), the
// difference rounded in T, then `(d > 0) ? d : 0` (cpu/common.hpp:100: NaN
// and -0 become +0). PTOAS has no tsubrelu: our spelling is the family's,
// and the PTOAS export refuses it.
def Pto_TSubReluOp : Pto_BinaryElementwiseOp<"tsubrelu", "TSUBRELU", "SubRelu",
    ["F16", "F32"], "docs/isa/TSUBRELU.md; include/pto/npu/a2a3/TSubRelu.hpp:62",
    ["F16", "F32"], "docs/isa/TSUBRELU.md; include/pto/npu/a5/TSubRelu.hpp:66">;

// OP_PRELU (include/pto/cpu/ElementOp.h:284): `(src0 > 0) ? src0 : src0 *
// src1`, OP_LRELU's computation with a tile of slopes; the simulator
// ignores tmp (ElementTileOp.h:167-172). PTOAS's required `ins(%src0,
// %src1, %tmp)` (include/PTO/IR/PTOOps.td:4353). A2/A3 computes TMUL into
// dst, TCMPS of src0 into tmp, then TSEL of src0 and dst by tmp's mask
// (a2a3/TPrelu.hpp:50-64), so it keeps its tiles apart (tprelu_c5; "must
// not overlap", docs/isa/TPRELU.md:56, :71); its tmp is that mask, of
// bytes, not of dst's element type (tprelu_c6, a2a3/TPrelu.hpp:28) and of
// more valid rows than dst (tprelu_c7, :40-42: TSEL's mask is its rows
// after dst's). A5's one vprelu reads no tmp (a5/TPrelu.hpp:71-80).
def Pto_TPReluOp : Pto_BinaryElementwiseOp<"tprelu", "TPRELU", "Prelu",
    ["F16", "F32"], "docs/isa/TPRELU.md:51; include/pto/npu/a2a3/TPrelu.hpp:27",
    ["F16", "F32"], "docs/isa/TPRELU.md:58; include/pto/npu/a5/TPrelu.hpp:53",
    (ins Pto_AnyTile:$src0, Pto_AnyTile:$src1, Pto_AnyTile:$tmp), ["A2A3"]>;

// The unary rows: TunaryCheck's float-only default (f16 f32) unless the op
// asserts types of its own.
defvar Pto_UnaryFloatTypes = ["F16", "F32"];

def Pto_TAbsOp : Pto_UnaryElementwiseOp<"tabs", "TABS", "Abs",
    Pto_UnaryFloatTypes,
    "docs/isa/TABS.md; include/pto/npu/a2a3/TUnaryOp.hpp:265 (TunaryCheck)",
    ["I8", "I16", "I32", "F16", "F32"],
    "docs/isa/TABS.md; include/pto/npu/a5/TUnaryOp.hpp:316">;
def Pto_TNegOp : Pto_UnaryElementwiseOp<"tneg", "TNEG", "Neg",
    ["I16", "I32", "F16", "F32"],
    "docs/isa/TNEG.md; include/pto/npu/a2a3/TMulS.hpp:52 (TNEG is TMULS by "
    "-1, a2a3/TUnaryOp.hpp:451)",
    ["I16", "UI16", "I32", "UI32", "I64", "UI64", "F16", "BF16", "F32"],
    "docs/isa/TNEG.md; include/pto/npu/a5/TMulS.hpp:57 (TNEG is TMULS by "
    "-1, a5/TUnaryOp.hpp:367)">;
def Pto_TNotOp : Pto_UnaryElementwiseOp<"tnot", "TNOT", "Not",
    Pto_BitwiseTypes,
    "docs/isa/TNOT.md; include/pto/npu/a2a3/TUnaryOp.hpp:390 (1- and "
    "4-byte integers as 2-byte ones)",
    Pto_BitwiseTypes, "docs/isa/TNOT.md; include/pto/npu/a5/TUnaryOp.hpp:212">;
def Pto_TReluOp : Pto_UnaryElementwiseOp<"trelu", "TRELU", "Relu",
    ["I32", "F16", "F32"],
    "docs/isa/TRELU.md; include/pto/npu/a2a3/TUnaryOp.hpp:408",
    ["I32", "F16", "F32"],
    "docs/isa/TRELU.md; include/pto/npu/a5/TUnaryOp.hpp:247">;
def Pto_TExpOp : Pto_UnaryElementwiseOp<"texp", "TEXP", "Exp",
    Pto_UnaryFloatTypes,
    "docs/isa/TEXP.md; include/pto/npu/a2a3/TUnaryOp.hpp:265 (TunaryCheck)",
    Pto_UnaryFloatTypes,
    "docs/isa/TEXP.md; include/pto/npu/a5/TUnaryOp.hpp:149 (TUnaryCheck)">;
def Pto_TLogOp : Pto_UnaryElementwiseOp<"tlog", "TLOG", "Log",
    Pto_UnaryFloatTypes,
    "docs/isa/TLOG.md; include/pto/npu/a2a3/TUnaryOp.hpp:265 (TunaryCheck)",
    Pto_UnaryFloatTypes,
    "docs/isa/TLOG.md; include/pto/npu/a5/TUnaryOp.hpp:149 (TUnaryCheck)">;
def Pto_TSqrtOp : Pto_UnaryElementwiseOp<"tsqrt", "TSQRT", "Sqrt",
    Pto_UnaryFloatTypes,
    "docs/isa/TSQRT.md; include/pto/npu/a2a3/TUnaryOp.hpp:265 (TunaryCheck)",
    Pto_UnaryFloatTypes,
    "docs/isa/TSQRT.md; include/pto/npu/a5/TUnaryOp.hpp:149 (TUnaryCheck)">;
// The optional tmp of the page's 3-operand overload (docs/isa/TRSQRT.md:68,
// PTOAS's `ins(%src, %tmp)`): scratch the simulator ignores (TRSqrt.hpp:48).
def Pto_TRsqrtOp : Pto_UnaryElementwiseOp<"trsqrt", "TRSQRT", "Rsqrt",
    Pto_UnaryFloatTypes,
    "docs/isa/TRSQRT.md; include/pto/npu/a2a3/TUnaryOp.hpp:265 (TunaryCheck)",
    Pto_UnaryFloatTypes, "docs/isa/TRSQRT.md; include/pto/npu/a5/TRsqrt.hpp:194",
    (ins Pto_AnyTile:$src, Optional<Pto_AnyTile>:$tmp),
    [Elementwise, AttrSizedOperandSegments]>;
def Pto_TRecipOp : Pto_UnaryElementwiseOp<"trecip", "TRECIP", "Recip",
    Pto_UnaryFloatTypes,
    "docs/isa/TRECIP.md; TDIVS(dst, 1, src) (include/pto/common/"
    "pto_instr.hpp:539), a2a3/TDivS.hpp:220's floats (its integers refused: "
    "the simulator's 1 / 0 is undefined)",
    Pto_UnaryFloatTypes,
    "docs/isa/TRECIP.md; TDIVS(dst, 1, src) (include/pto/common/"
    "pto_instr.hpp:539), the floats of a5/TDivS.hpp">;

#endif // PTO_ELEMENTWISEOPS_TD
