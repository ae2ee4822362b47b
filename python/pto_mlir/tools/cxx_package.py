"""Where pto-mlir's C++ package is installed: the headers, the static
libraries and the CMake package ``find_package(PtoMlir)`` a frontend written
in C++ builds against (docs/embedding.md). The wheel holds it below the
``pto_mlir`` package."""
import os


class CxxPackageMissing(RuntimeError):
    """This pto_mlir has no C++ package beside it (a build tree's)."""


def cmake_dir() -> str:
    """The directory of ``PtoMlirConfig.cmake``, CMake's ``PtoMlir_DIR``;
    raises CxxPackageMissing when it is absent."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(package, "lib", "cmake", "PtoMlir")
    if not os.path.isfile(os.path.join(path, "PtoMlirConfig.cmake")):
        raise CxxPackageMissing(
            f"no PtoMlirConfig.cmake in {path}: the wheel installs the C++ package; "
            "from a build tree, install it with "
            "`cmake --install BUILD --component PtoCxxPackage --prefix DIR` "
            "(then PtoMlir_DIR is DIR/lib/cmake/PtoMlir)")
    return path
