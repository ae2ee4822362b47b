# The C++ package, for frontends that embed pto-mlir: the headers (with the
# TableGen-generated .inc files), the static libraries of each layer and
# their C APIs, and a CMake package, find_package(PtoMlir), whose imported
# targets (PtoMlir::MLIRPto, ...) bring MLIR along. All of it is the install
# component PtoCxxPackage:
#   cmake --install build --component PtoCxxPackage --prefix /opt/pto-mlir
# The wheel installs it below pto_mlir/ (pyproject.toml sets
# PTO_CXX_INSTALL_PREFIX). docs/embedding.md says how to use it.
include(CMakePackageConfigHelpers)

set(PTO_CXX_INSTALL_PREFIX "" CACHE STRING
    "Where the C++ package goes below the install prefix (empty: the prefix itself)")
if(PTO_CXX_INSTALL_PREFIX)
  set(_pto_cxx_root "${PTO_CXX_INSTALL_PREFIX}/")
else()
  set(_pto_cxx_root "")
endif()
set(_pto_cxx_cmake_dir "${_pto_cxx_root}lib/cmake/PtoMlir")

# Every library of ours (each layer, then each C API library); a new one is
# added here too.
set(PTO_CXX_LIBRARIES
  MLIRPto PtoPasses PtoLowering PtoTranslate
  PtoCAPIDialect PtoCAPIPasses PtoCAPILowering PtoCAPITranslate)
install(TARGETS ${PTO_CXX_LIBRARIES}
  EXPORT PtoMlirTargets
  ARCHIVE DESTINATION "${_pto_cxx_root}lib" COMPONENT PtoCxxPackage
  INCLUDES DESTINATION "${_pto_cxx_root}include")
# MLIR marks C API libraries for export with what an aggregate (one shared
# library of several C APIs) is built from: their object libraries, which
# the package does not install. Link the static libraries instead.
set_property(TARGET PtoCAPIDialect PtoCAPIPasses PtoCAPILowering PtoCAPITranslate
  PROPERTY EXPORT_PROPERTIES "")

# Each layer's public headers (include/pto, include/pto-c) and the dialect's
# and passes' generated declarations (build/<layer>/include/pto/*.inc), with
# the .td files, so that a frontend's ODS can include ours.
foreach(_layer dialect passes translate)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/${_layer}/include/"
    DESTINATION "${_pto_cxx_root}include" COMPONENT PtoCxxPackage
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
endforeach()
foreach(_layer dialect passes)
  install(DIRECTORY "${PROJECT_BINARY_DIR}/${_layer}/include/"
    DESTINATION "${_pto_cxx_root}include" COMPONENT PtoCxxPackage
    FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)
endforeach()

install(EXPORT PtoMlirTargets NAMESPACE PtoMlir::
  DESTINATION "${_pto_cxx_cmake_dir}" COMPONENT PtoCxxPackage)
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/PtoMlirConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/PtoMlirConfig.cmake"
  INSTALL_DESTINATION "${_pto_cxx_cmake_dir}")
# 0.x: a frontend built against 0.1 needs 0.1 (the API may change in between).
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/cmake/PtoMlirConfigVersion.cmake"
  VERSION "${PTO_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/PtoMlirConfig.cmake"
  "${PROJECT_BINARY_DIR}/cmake/PtoMlirConfigVersion.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/PtoMLIRFromPython.cmake"
  DESTINATION "${_pto_cxx_cmake_dir}" COMPONENT PtoCxxPackage)
