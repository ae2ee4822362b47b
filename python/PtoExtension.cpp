//===- PtoExtension.cpp - Python bindings of the pto dialect --------------===//
//
// Talks to the rest of the bindings only through the MLIR C API and capsules
// (NanobindAdaptors.h), as every out-of-tree dialect extension must.
//
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Transforms.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "pto-c/Dialect.h"
#include "pto-c/Lowering.h"
#include "pto-c/Passes.h"
#include "pto-c/Translate.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

static std::string toString(MlirStringRef s) { return {s.data, s.length}; }

/// The extents of a Python sequence of ints (`None` for a dynamic `?`
/// extent where `allowDynamic`). A bool is an int to Python, but True as an
/// extent is a mistake, not 1: it is refused, as is anything but an int.
static std::vector<int64_t> toExtents(const nb::sequence &dims,
                                      const char *what, bool allowDynamic) {
  std::vector<int64_t> out;
  for (nb::handle d : dims) {
    if (allowDynamic && d.is_none()) {
      out.push_back(mlirShapedTypeGetDynamicSize());
      continue;
    }
    int64_t extent;
    if (nb::isinstance<nb::bool_>(d) || !nb::try_cast<int64_t>(d, extent))
      throw nb::type_error((std::string(what) + " entries must be ints" +
                            (allowDynamic ? " or None" : "") + ", got " +
                            nb::cast<std::string>(nb::repr(d)))
                               .c_str());
    out.push_back(extent);
  }
  return out;
}

static nb::list validShapeOf(MlirType t) {
  nb::list out;
  for (intptr_t i = 0, e = mlirPtoTileLikeTypeGetRank(t); i < e; ++i) {
    int64_t d = mlirPtoTileLikeTypeGetValidDim(t, i);
    if (mlirShapedTypeIsDynamicSize(d))
      out.append(nb::none());
    else
      out.append(d);
  }
  return out;
}

/// Defines `get` and the accessors shared by TileType and TileBufType.
static pure_subclass defineTileLikeType(nb::module_ &m, const char *name,
                                        bool isBuffer, bool (*isA)(MlirType),
                                        MlirTypeID (*typeId)()) {
  return mlir_type_subclass(m, name, isA, typeId)
      .def_classmethod(
          "get",
          [isBuffer](const nb::object &cls, const nb::sequence &shapeSeq,
                     MlirType elementType,
                     std::optional<std::string> locationArg,
                     std::optional<nb::sequence> valid,
                     std::optional<std::string> blayoutArg,
                     std::optional<std::string> slayoutArg,
                     std::optional<int64_t> fractalArg,
                     std::optional<std::string> padArg, MlirContext ctx) {
            std::vector<int64_t> shape = toExtents(shapeSeq, "shape", false);
            // What is left out gets the dialect's default.
            std::string location =
                locationArg.value_or(toString(mlirPtoTileDefaultLocation()));
            std::string blayout =
                blayoutArg.value_or(toString(mlirPtoTileDefaultBLayout()));
            std::string slayout =
                slayoutArg.value_or(toString(mlirPtoTileDefaultSLayout()));
            int64_t fractal = fractalArg.value_or(mlirPtoTileDefaultFractal());
            std::string pad =
                padArg.value_or(toString(mlirPtoTileDefaultPad()));
            std::vector<int64_t> validShape =
                valid ? toExtents(*valid, "valid_shape", true) : shape;
            MlirPtoTileParams params{
                mlirStringRefCreate(location.data(), location.size()),
                static_cast<intptr_t>(shape.size()),
                shape.data(),
                elementType,
                static_cast<intptr_t>(validShape.size()),
                validShape.data(),
                mlirStringRefCreate(blayout.data(), blayout.size()),
                mlirStringRefCreate(slayout.data(), slayout.size()),
                fractal,
                mlirStringRefCreate(pad.data(), pad.size())};
            std::string error;
            MlirType t = mlirPtoTileLikeTypeGet(
                ctx, isBuffer, params,
                [](MlirStringRef msg, void *user) {
                  *static_cast<std::string *>(user) += toString(msg);
                },
                &error);
            if (mlirTypeIsNull(t))
              throw nb::value_error(error.c_str());
            return cls(t);
          },
          nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
          nb::kw_only(), nb::arg("location").none() = nb::none(),
          nb::arg("valid_shape").none() = nb::none(),
          nb::arg("blayout").none() = nb::none(),
          nb::arg("slayout").none() = nb::none(),
          nb::arg("fractal").none() = nb::none(),
          nb::arg("pad").none() = nb::none(),
          nb::arg("context").none() = nb::none(),
          "Builds the type; `valid_shape` entries may be None for '?'; "
          "parameters left out (None) get the dialect's defaults "
          "(TILE_DEFAULTS). Raises TypeError for an extent that is not an "
          "int (bools included), ValueError naming any other offending field.")
      .def_property_readonly("location",
                             [](MlirType t) {
                               return toString(
                                   mlirPtoTileLikeTypeGetLocation(t));
                             })
      .def_property_readonly(
          "shape",
          [](MlirType t) {
            std::vector<int64_t> s;
            for (intptr_t i = 0, e = mlirPtoTileLikeTypeGetRank(t); i < e; ++i)
              s.push_back(mlirPtoTileLikeTypeGetDim(t, i));
            return s;
          })
      .def_property_readonly(
          "rows", [](MlirType t) { return mlirPtoTileLikeTypeGetDim(t, 0); })
      .def_property_readonly(
          "cols", [](MlirType t) { return mlirPtoTileLikeTypeGetDim(t, 1); })
      .def_property_readonly("element_type", mlirPtoTileLikeTypeGetElementType)
      .def_property_readonly("valid_shape", validShapeOf,
                             "valid extents; None where dynamic ('?')")
      .def_property_readonly(
          "blayout",
          [](MlirType t) { return toString(mlirPtoTileLikeTypeGetBLayout(t)); })
      .def_property_readonly(
          "slayout",
          [](MlirType t) { return toString(mlirPtoTileLikeTypeGetSLayout(t)); })
      .def_property_readonly("fractal", mlirPtoTileLikeTypeGetFractal)
      .def_property_readonly("pad", [](MlirType t) {
        return toString(mlirPtoTileLikeTypeGetPad(t));
      });
}

/// (kind, type) per value the tile buffer becomes in a lowered kernel's
/// argument list; kinds "bytes", "valid_rows", "valid_cols".
/// `!pto.ptr<T>` and the two view types (GlobalMemoryOps.td).
static void defineGlobalTypes(nb::module_ &m) {
  mlir_type_subclass(m, "PtrType", mlirPtoTypeIsAPtrType,
                     mlirPtoPtrTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const nb::object &cls, MlirType elementType) {
            MlirType t = mlirPtoPtrTypeGet(elementType);
            if (mlirTypeIsNull(t))
              throw nb::value_error(
                  "!pto.ptr element type must be a tile element type");
            return cls(t);
          },
          nb::arg("cls"), nb::arg("element_type"),
          "Builds `!pto.ptr<element_type>` (in the element type's context).")
      .def_property_readonly("element_type", mlirPtoPtrTypeGetElementType);
  auto defineView = [&](const char *name, bool isPartition,
                        bool (*isA)(MlirType), MlirTypeID (*typeId)()) {
    mlir_type_subclass(m, name, isA, typeId)
        .def_classmethod(
            "get",
            [isPartition](const nb::object &cls, const nb::sequence &shapeSeq,
                          MlirType elementType,
                          const std::optional<std::string> &layout,
                          MlirContext ctx) {
              std::vector<int64_t> shape = toExtents(shapeSeq, "shape", true);
              std::string error;
              MlirType t = mlirPtoGlobalViewTypeGet(
                  ctx, isPartition, shape.size(), shape.data(), elementType,
                  mlirStringRefCreateFromCString(layout ? layout->c_str() : ""),
                  [](MlirStringRef msg, void *user) {
                    *static_cast<std::string *>(user) += toString(msg);
                  },
                  &error);
              if (mlirTypeIsNull(t))
                throw nb::value_error(error.c_str());
              return cls(t);
            },
            nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
            nb::kw_only(), nb::arg("layout").none() = nb::none(),
            nb::arg("context").none() = nb::none(),
            "Builds the view type; `shape` entries may be None for '?', "
            "`layout` 'nd', 'dn' or None (the view names none). Raises "
            "ValueError naming the broken rule (view_c1 ... view_c5).")
        .def_property_readonly(
            "layout",
            [](MlirType t) -> std::optional<std::string> {
              MlirStringRef layout = mlirPtoGlobalViewTypeGetLayout(t);
              if (layout.length == 0)
                return std::nullopt;
              return toString(layout);
            },
            "the layout the view names ('nd', 'dn'), None when none")
        .def_property_readonly(
            "shape",
            [](MlirType t) {
              nb::list out;
              for (intptr_t i = 0, e = mlirPtoGlobalViewTypeGetRank(t); i < e;
                   ++i) {
                int64_t d = mlirPtoGlobalViewTypeGetDim(t, i);
                if (mlirShapedTypeIsDynamicSize(d))
                  out.append(nb::none());
                else
                  out.append(d);
              }
              return out;
            },
            "extents; None where dynamic ('?')")
        .def_property_readonly("element_type",
                               mlirPtoGlobalViewTypeGetElementType);
  };
  defineView("TensorViewType", /*isPartition=*/false,
             mlirPtoTypeIsATensorViewType, mlirPtoTensorViewTypeGetTypeID);
  defineView("PartitionTensorViewType", /*isPartition=*/true,
             mlirPtoTypeIsAPartitionTensorViewType,
             mlirPtoPartitionTensorViewTypeGetTypeID);
}

static nb::list loweredArgsOf(MlirType t) {
  nb::list out;
  for (intptr_t i = 0, e = mlirPtoTileBufTypeGetNumLoweredArgs(t); i < e; ++i) {
    const char *kind = "bytes";
    switch (mlirPtoTileBufTypeGetLoweredArgKind(t, i)) {
    case MlirPtoLoweredTileBytes:
      break;
    case MlirPtoLoweredTileValidRows:
      kind = "valid_rows";
      break;
    case MlirPtoLoweredTileValidCols:
      kind = "valid_cols";
      break;
    }
    out.append(nb::make_tuple(kind, mlirPtoTileBufTypeGetLoweredArgType(t, i)));
  }
  return out;
}

static std::string memorySpaceOf(const std::string &location) {
  MlirStringRef space = mlirPtoLocationMemorySpace(
      mlirStringRefCreate(location.data(), location.size()));
  if (space.length == 0)
    throw nb::value_error(("unknown tile location '" + location +
                           "' (locations: vec, mat, acc, left, right, bias, "
                           "scaling)")
                              .c_str());
  return std::string(space.data, space.length);
}

/// An enum attribute class (`#pto.acc_to_vec<...>`, ...): `value` is the
/// member of the Python enum `enumName` that ODS generates
/// (dialects/_pto_enum_gen.py). The generated op accessors return this class
/// through the type caster its TypeID registers.
template <bool (*isA)(MlirAttribute), MlirTypeID (*typeId)(),
          int64_t (*getValue)(MlirAttribute)>
static void defineEnumAttr(nb::module_ &m, const char *name,
                           const char *enumName) {
  std::string enumClass(enumName);
  mlir_attribute_subclass(m, name, isA, typeId)
      .def_property_readonly(
          "value",
          [enumClass](MlirAttribute attr) {
            return nb::module_::import_(
                       MAKE_MLIR_PYTHON_QUALNAME("dialects._pto_enum_gen"))
                .attr(enumClass.c_str())(getValue(attr));
          },
          "The mode as the Python enum.");
}

//===----------------------------------------------------------------------===//
// Rule tables (read by pto_mlir.rules)
//===----------------------------------------------------------------------===//

static nb::tuple stringTuple(intptr_t n,
                             const std::function<MlirStringRef(intptr_t)> &at) {
  nb::list items;
  for (intptr_t i = 0; i < n; ++i)
    items.append(toString(at(i)));
  return nb::tuple(items);
}

/// [(rule, values name, key names, [(target or None, keys, values), ...])].
static nb::list ruleTables() {
  nb::list tables;
  for (intptr_t t = 0, e = mlirPtoRuleTableGetNumTables(); t < e; ++t) {
    intptr_t numKeys = mlirPtoRuleTableGetNumKeys(t);
    nb::list rows;
    for (intptr_t r = 0, n = mlirPtoRuleTableGetNumRows(t); r < n; ++r) {
      std::string target = toString(mlirPtoRuleRowGetTarget(t, r));
      rows.append(nb::make_tuple(
          target.empty() ? nb::none() : nb::cast(target),
          stringTuple(
              numKeys,
              [&](intptr_t k) { return mlirPtoRuleRowGetKey(t, r, k); }),
          stringTuple(mlirPtoRuleRowGetNumValues(t, r), [&](intptr_t v) {
            return mlirPtoRuleRowGetValue(t, r, v);
          })));
    }
    tables.append(
        nb::make_tuple(toString(mlirPtoRuleTableGetRule(t)),
                       toString(mlirPtoRuleTableGetValuesName(t)),
                       stringTuple(numKeys,
                                   [&](intptr_t k) {
                                     return mlirPtoRuleTableGetKeyName(t, k);
                                   }),
                       rows));
  }
  return tables;
}

/// [(name, family, element op, ISA name, {target: element types source})]:
/// every op of a family (pto-c/Dialect.h, "Op families").
static nb::list familyOps() {
  nb::list ops;
  for (intptr_t i = 0, e = mlirPtoFamilyOpGetNumOps(); i < e; ++i) {
    nb::dict sources;
    for (const char *target : {"a2a3", "a5"})
      sources[target] = toString(mlirPtoFamilyOpGetElementTypesSource(
          i, mlirStringRefCreateFromCString(target)));
    ops.append(nb::make_tuple(toString(mlirPtoFamilyOpGetName(i)),
                              toString(mlirPtoFamilyOpGetFamily(i)),
                              toString(mlirPtoFamilyOpGetElementOp(i)),
                              toString(mlirPtoFamilyOpGetIsaName(i)), sources));
  }
  return ops;
}

/// The facts of pto-c/Dialect.h's "Facts" block, as module attributes and
/// functions (python/pto_mlir/runtime reads them from here).
static void defineFacts(nb::module_ &m) {
  m.def(
      "storage_order",
      [](MlirType type) {
        if (!mlirPtoTypeIsATileType(type) && !mlirPtoTypeIsATileBufType(type))
          throw nb::type_error(
              "storage_order takes a !pto.tile or !pto.tile_buf type");
        MlirPtoStorageOrder order;
        std::string problem;
        if (!mlirPtoTileLikeTypeGetStorageOrder(
                type, &order,
                [](MlirStringRef msg, void *user) {
                  *static_cast<std::string *>(user) += toString(msg);
                },
                &problem))
          throw nb::value_error(problem.c_str());
        return nb::make_tuple(order.boxRows, order.boxCols, order.boxRowStride,
                              order.boxColStride, order.inRowStride,
                              order.inColStride);
      },
      nb::arg("type"),
      "(box_rows, box_cols, box_row_stride, box_col_stride, in_row_stride, "
      "in_col_stride): element (r, c) of the tile sits at (r // box_rows) * "
      "box_row_stride + (c // box_cols) * box_col_stride + (r % box_rows) * "
      "in_row_stride + (c % box_cols) * in_col_stride (in elements). Raises "
      "ValueError when the type has no storage order.");

  nb::dict defaults;
  defaults["location"] = toString(mlirPtoTileDefaultLocation());
  defaults["blayout"] = toString(mlirPtoTileDefaultBLayout());
  defaults["slayout"] = toString(mlirPtoTileDefaultSLayout());
  defaults["fractal"] = mlirPtoTileDefaultFractal();
  defaults["pad"] = toString(mlirPtoTileDefaultPad());
  m.attr("TILE_DEFAULTS") = defaults;
  m.attr("TILE_INDEX_LIMIT") = mlirPtoTileIndexLimit();
  m.attr("TILE_ALIGNMENT") = mlirPtoTileAlignment();
  m.attr("TSORT32_BLOCK") = mlirPtoTSort32Block();
  m.attr("TSORT32_RECORD_BYTES") = mlirPtoTSort32RecordBytes();
  m.attr("TSORT32_RECORD_INDEX_OFFSET") = mlirPtoTSort32RecordIndexOffset();
  m.attr("TMRGSORT_LISTS") = mlirPtoTMrgSortLists();
  m.attr("TMRGSORT_BLOCK_UNIT") = mlirPtoTMrgSortBlockUnit();
  m.attr("TMRGSORT_MAX_REPEATS") = mlirPtoTMrgSortMaxRepeats();

  nb::list targets;
  for (intptr_t i = 0, e = mlirPtoGetNumTargets(); i < e; ++i)
    targets.append(toString(mlirPtoGetTargetName(i)));
  m.attr("TARGETS") = nb::tuple(targets);
  nb::dict archNames;
  for (intptr_t i = 0, e = mlirPtoGetNumTargetArchNames(); i < e; ++i)
    archNames[nb::str(toString(mlirPtoGetTargetArchName(i)).c_str())] =
        toString(mlirPtoGetTargetArchNameTarget(i));
  m.attr("TARGET_ARCH_NAMES") = archNames;
  m.attr("TARGET_ARCH_ATTR") = toString(mlirPtoTargetArchAttrName());

  // name -> (template, text fields, value fields)
  nb::dict failures;
  for (intptr_t k = 0, e = mlirPtoGetNumRunTimeFailures(); k < e; ++k) {
    nb::list text, values;
    for (intptr_t i = 0, n = mlirPtoRunTimeFailureGetNumTextFields(k); i < n;
         ++i)
      text.append(toString(mlirPtoRunTimeFailureGetTextField(k, i)));
    for (intptr_t i = 0, n = mlirPtoRunTimeFailureGetNumValueFields(k); i < n;
         ++i)
      values.append(toString(mlirPtoRunTimeFailureGetValueField(k, i)));
    failures[toString(mlirPtoRunTimeFailureGetName(k)).c_str()] =
        nb::make_tuple(toString(mlirPtoRunTimeFailureGetFormat(k)),
                       nb::tuple(text), nb::tuple(values));
  }
  m.attr("RUN_TIME_FAILURES") = failures;
  m.def(
      "describe_failure_location",
      [](MlirLocation loc) {
        std::string text;
        mlirPtoDescribeFailureLocation(
            loc,
            [](MlirStringRef part, void *user) {
              *static_cast<std::string *>(user) += toString(part);
            },
            &text);
        return text;
      },
      nb::arg("location"),
      "Where a failure happened, as both engines name it: file:line:col of "
      "the innermost file location.");
  m.attr("ERROR_SLOT_WORDS") = mlirPtoErrorSlotWords();
}

/// The text a C API exporter gives; its errors raise ValueError.
static std::string
exportText(MlirModule module,
           const std::function<bool(MlirModule, MlirStringCallback,
                                    MlirStringCallback, void *)> &exporter) {
  struct Output {
    std::string text, error;
  } out;
  bool ok = exporter(
      module,
      [](MlirStringRef text, void *user) {
        static_cast<Output *>(user)->text += toString(text);
      },
      [](MlirStringRef msg, void *user) {
        static_cast<Output *>(user)->error += toString(msg);
      },
      &out);
  if (!ok)
    throw nb::value_error(out.error.c_str());
  return out.text;
}

/// PTO-AS import and export (read through pto_mlir.asm), PTOAS export
/// (pto_mlir.ptoas).
static void definePtoAs(nb::module_ &m) {
  m.def(
      "assembly_import",
      [](const std::string &text, const std::string &entry,
         const std::string &filename, MlirContext ctx) {
        std::string error;
        MlirModule module = mlirPtoAssemblyImport(
            ctx, mlirStringRefCreate(text.data(), text.size()),
            mlirStringRefCreate(entry.data(), entry.size()),
            mlirStringRefCreate(filename.data(), filename.size()),
            [](MlirStringRef msg, void *user) {
              *static_cast<std::string *>(user) += toString(msg);
            },
            &error);
        if (mlirModuleIsNull(module))
          throw nb::value_error(error.c_str());
        return module;
      },
      nb::arg("text"), nb::arg("entry"), nb::arg("filename"),
      nb::arg("context").none() = nb::none(),
      "PTO-AS text as a module holding one kernel `entry`.");
  m.def(
      "assembly_export",
      [](MlirModule module) {
        return exportText(module, mlirPtoAssemblyExport);
      },
      nb::arg("module"), "The one kernel of `module` as PTO-AS text.");
  m.def(
      "ptoas_export",
      [](MlirModule module, const std::string &level) {
        return exportText(module, [&](MlirModule m, MlirStringCallback onText,
                                      MlirStringCallback onError, void *user) {
          return mlirPtoPtoasExport(
              m, mlirStringRefCreate(level.data(), level.size()), onText,
              onError, user);
        });
      },
      nb::arg("module"), nb::arg("level") = "",
      "`module` (Level 2) as PTOAS text for ptoas's `level` (\"level2\", "
      "\"level3\", or \"\" for the exporter's default).");
}

NB_MODULE(_pto, m) {
  // Registered once at import, so PassManager.parse reaches our passes and
  // the upstream canonicalize/cse.
  mlirPtoRegisterPasses();
  mlirRegisterTransformsPasses();

  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        // memref: PTOAS's memref form parses (pto_mlir.ptoas.parse).
        for (MlirDialectHandle h :
             {mlirGetDialectHandle__pto__(), mlirGetDialectHandle__func__(),
              mlirGetDialectHandle__arith__(), mlirGetDialectHandle__scf__(),
              mlirGetDialectHandle__memref__()})
          mlirDialectHandleInsertDialect(h, registry);
      },
      nb::arg("registry"),
      "Adds pto and the upstream dialects kernels use to `registry`.");

  m.def("memory_space", &memorySpaceOf, nb::arg("location"),
        "The on-chip memory ('ub', 'l1', 'l0a', 'l0b', 'l0c') tiles of "
        "`location` live in; several locations share one.");
  m.def(
      "location_capacity",
      [](std::optional<std::string> target, const std::string &location) {
        memorySpaceOf(location); // rejects an unknown location
        std::string arch = target.value_or("");
        int64_t bytes = mlirPtoLocationCapacity(
            mlirStringRefCreate(arch.data(), arch.size()),
            mlirStringRefCreate(location.data(), location.size()));
        if (bytes < 0) {
          std::string known;
          for (intptr_t i = 0, e = mlirPtoGetNumTargets(); i < e; ++i)
            known += (i ? ", " : "") + toString(mlirPtoGetTargetName(i));
          throw nb::value_error(
              ("unknown target '" + arch + "' (targets: " + known + ")")
                  .c_str());
        }
        return bytes;
      },
      nb::arg("target").none(), nb::arg("location"),
      "Bytes of the memory `location`'s tiles live in, on `target` ('a2a3', "
      "'a5', or None for either target: the larger).");

  m.def(
      "rule_tables", &ruleTables,
      "The verifiers' rule tables: [(rule, values name, key names, rows)], "
      "each row (target or None, keys, values). Read through pto_mlir.rules.");

  m.def("family_ops", &familyOps,
        "Every op of an op family: [(name, family, element op, ISA name, "
        "{target: where its element types come from})]. Read through "
        "pto_mlir.families.");

  defineFacts(m);
  definePtoAs(m);
  m.def(
      "tile_op_outs",
      [](MlirOperation op) -> std::optional<intptr_t> {
        intptr_t numOuts = mlirPtoTileOpGetNumOuts(op);
        if (numOuts < 0)
          return std::nullopt;
        return numOuts;
      },
      nb::arg("operation"),
      "The number of `outs` of a tile op (its trailing operands: the buffers "
      "a Level 2 op writes); None for an op that is no tile op.");
  m.def("places_before_first_use", &mlirPtoTAssignPlacesBeforeFirstUse,
        nb::arg("operation"),
        "Whether a pto.tassign places its tile before the tile's first use: "
        "then the tile is the memory's bytes at the address (the dialect's "
        "TAssignOp::placesBeforeFirstUse, the JIT's test too).");
  m.def(
      "parse_unverified",
      [](const std::string &text, const std::string &sourceName,
         MlirContext ctx) -> nb::object {
        MlirModule module = mlirPtoParseModuleUnverified(
            ctx, mlirStringRefCreate(text.data(), text.size()),
            mlirStringRefCreate(sourceName.data(), sourceName.size()));
        if (mlirModuleIsNull(module))
          return nb::none();
        return nb::cast(module);
      },
      nb::arg("text"), nb::arg("source_name"),
      nb::arg("context").none() = nb::none(),
      "`text` parsed without the verifier (None when it does not parse), "
      "for pto-memref-to-tiles to run first. Through pto_mlir.ptoas.parse.");
  m.def(
      "set_ptoas_parser_arch",
      [](const std::string &arch) {
        if (!mlirPtoSetPtoasParserArch(
                mlirStringRefCreate(arch.data(), arch.size())))
          throw nb::value_error(
              ("PTOAS target '" + arch + "' is unknown (a3 or a5)").c_str());
      },
      nb::arg("arch"),
      "Reads PTOAS text as ptoas --pto-arch=`arch` does ('a3', 'a5'; '' for "
      "as written). Through pto_mlir.ptoas.parse.");
  m.attr("GLOBAL_RANK") = mlirPtoGlobalRank();
  m.def(
      "window_tile_dims",
      [](const std::string &layout) {
        auto side = [&](bool cols) {
          std::vector<unsigned> dims(mlirPtoGlobalRank());
          intptr_t count = mlirPtoWindowTileDims(
              mlirStringRefCreate(layout.data(), layout.size()), cols,
              dims.data());
          if (count < 0)
            throw nb::value_error(
                ("window_tile_dims: unknown layout '" + layout + "'").c_str());
          nb::list out;
          for (intptr_t i = 0; i < count; ++i)
            out.append(dims[i]);
          return nb::tuple(out);
        };
        return nb::make_tuple(side(false), side(true));
      },
      nb::arg("layout"),
      "(row dimensions, column dimensions) of a window padded to "
      "GLOBAL_RANK dimensions mapping onto a tile in `layout` ('nd', 'dn'), "
      "outermost first: the dialect's getWindowTileDims.");
  m.def("fingerprint_ir", &mlirPtoFingerprintIR, nb::arg("operation"),
        "A hash of the IR of `operation` and everything nested in it: equal "
        "while the IR is unchanged (the runtime re-verifies a module when it "
        "changes).");
  defineGlobalTypes(m);
  defineTileLikeType(m, "TileType", /*isBuffer=*/false, mlirPtoTypeIsATileType,
                     mlirPtoTileTypeGetTypeID);
  defineTileLikeType(m, "TileBufType", /*isBuffer=*/true,
                     mlirPtoTypeIsATileBufType, mlirPtoTileBufTypeGetTypeID)
      .def_property_readonly(
          "lowered_args", loweredArgsOf,
          "What the buffer becomes in a lowered kernel's argument list: "
          "(kind, type) pairs, ('bytes', memref<N x i8>) then ('valid_rows' "
          "or 'valid_cols', index) per dynamic valid extent.");
  defineEnumAttr<mlirPtoAttributeIsAAccToVecModeAttr,
                 mlirPtoAccToVecModeAttrGetTypeID,
                 mlirPtoAccToVecModeAttrGetValue>(m, "AccToVecModeAttr",
                                                  "AccToVecMode");
  defineEnumAttr<mlirPtoAttributeIsASplitModeAttr,
                 mlirPtoSplitModeAttrGetTypeID, mlirPtoSplitModeAttrGetValue>(
      m, "SplitModeAttr", "SplitMode");
  defineEnumAttr<mlirPtoAttributeIsAGlobalLayoutAttr,
                 mlirPtoGlobalLayoutAttrGetTypeID,
                 mlirPtoGlobalLayoutAttrGetValue>(m, "GlobalLayoutAttr",
                                                  "GlobalLayout");
  defineEnumAttr<mlirPtoAttributeIsARoundModeAttr,
                 mlirPtoRoundModeAttrGetTypeID, mlirPtoRoundModeAttrGetValue>(
      m, "RoundModeAttr", "RoundMode");
  defineEnumAttr<mlirPtoAttributeIsASaturationModeAttr,
                 mlirPtoSaturationModeAttrGetTypeID,
                 mlirPtoSaturationModeAttrGetValue>(m, "SaturationModeAttr",
                                                    "SaturationMode");
  defineEnumAttr<mlirPtoAttributeIsAMaskPatternAttr,
                 mlirPtoMaskPatternAttrGetTypeID,
                 mlirPtoMaskPatternAttrGetValue>(m, "MaskPatternAttr",
                                                 "MaskPattern");
  defineEnumAttr<mlirPtoAttributeIsACmpModeAttr, mlirPtoCmpModeAttrGetTypeID,
                 mlirPtoCmpModeAttrGetValue>(m, "CmpModeAttr", "CmpMode");
}
