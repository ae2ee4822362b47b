//===- PtoExtension.cpp - Python bindings of the pto dialect --------------===//
//
// Talks to the rest of the bindings only through the MLIR C API and capsules
// (NanobindAdaptors.h), as every out-of-tree dialect extension must.
//
#include "pto-c/Pto.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Transforms.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

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
static void defineTileLikeType(nb::module_ &m, const char *name, bool isBuffer,
                               bool (*isA)(MlirType), MlirTypeID (*typeId)()) {
  mlir_type_subclass(m, name, isA, typeId)
      .def_classmethod(
          "get",
          [isBuffer](const nb::object &cls, const nb::sequence &shapeSeq,
                     MlirType elementType, const std::string &location,
                     std::optional<nb::sequence> valid,
                     const std::string &blayout, const std::string &slayout,
                     int64_t fractal, const std::string &pad,
                     MlirContext ctx) {
            std::vector<int64_t> shape = toExtents(shapeSeq, "shape", false);
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
          nb::kw_only(), nb::arg("location") = "vec",
          nb::arg("valid_shape").none() = nb::none(),
          nb::arg("blayout") = "row_major", nb::arg("slayout") = "none_box",
          nb::arg("fractal") = 512, nb::arg("pad") = "null",
          nb::arg("context").none() = nb::none(),
          "Builds the type; `valid_shape` entries may be None for '?'. "
          "Raises TypeError for an extent that is not an int (bools "
          "included), ValueError naming any other offending field.")
      .def_property_readonly("location",
                             [](MlirType t) {
                               return toString(mlirPtoTileLikeTypeGetLocation(t));
                             })
      .def_property_readonly("shape",
                             [](MlirType t) {
                               std::vector<int64_t> s;
                               for (intptr_t i = 0,
                                             e = mlirPtoTileLikeTypeGetRank(t);
                                    i < e; ++i)
                                 s.push_back(mlirPtoTileLikeTypeGetDim(t, i));
                               return s;
                             })
      .def_property_readonly("rows",
                             [](MlirType t) { return mlirPtoTileLikeTypeGetDim(t, 0); })
      .def_property_readonly("cols",
                             [](MlirType t) { return mlirPtoTileLikeTypeGetDim(t, 1); })
      .def_property_readonly("element_type", mlirPtoTileLikeTypeGetElementType)
      .def_property_readonly("valid_shape", validShapeOf,
                             "valid extents; None where dynamic ('?')")
      .def_property_readonly("blayout",
                             [](MlirType t) {
                               return toString(mlirPtoTileLikeTypeGetBLayout(t));
                             })
      .def_property_readonly("slayout",
                             [](MlirType t) {
                               return toString(mlirPtoTileLikeTypeGetSLayout(t));
                             })
      .def_property_readonly("fractal", mlirPtoTileLikeTypeGetFractal)
      .def_property_readonly("pad", [](MlirType t) {
        return toString(mlirPtoTileLikeTypeGetPad(t));
      });
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

NB_MODULE(_pto, m) {
  // Registered once at import, so PassManager.parse reaches our passes and
  // the upstream canonicalize/cse.
  mlirPtoRegisterPasses();
  mlirRegisterTransformsPasses();

  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        for (MlirDialectHandle h :
             {mlirGetDialectHandle__pto__(), mlirGetDialectHandle__func__(),
              mlirGetDialectHandle__arith__(), mlirGetDialectHandle__scf__()})
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
        if (bytes < 0)
          throw nb::value_error(
              ("unknown target '" + arch + "' (targets: a2a3, a5)").c_str());
        return bytes;
      },
      nb::arg("target").none(), nb::arg("location"),
      "Bytes of the memory `location`'s tiles live in, on `target` ('a2a3', "
      "'a5', or None for either target: the larger).");

  defineTileLikeType(m, "TileType", /*isBuffer=*/false, mlirPtoTypeIsATileType,
                     mlirPtoTileTypeGetTypeID);
  defineTileLikeType(m, "TileBufType", /*isBuffer=*/true,
                     mlirPtoTypeIsATileBufType, mlirPtoTileBufTypeGetTypeID);
}
